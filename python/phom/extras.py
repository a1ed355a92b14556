"""The optional extras of phom and the one-line error a missing one gives.

>>> str(missing_extra("rl", "phom.envs.pettingzoo (PettingZoo)"))
'phom.envs.pettingzoo (PettingZoo) needs the optional extra: pip install "phom[rl]"'
"""

from __future__ import annotations

__all__ = ["EXTRAS", "missing_extra"]

#: extra name -> what it brings
EXTRAS = {
    "rl": "PettingZoo and Gymnasium adapters (phom.envs.pettingzoo, phom.envs.gymnasium)",
    "openspiel": "the OpenSpiel game (phom.envs.openspiel)",
    "dask": "simulation on a Dask cluster (simulate(executor=client.get_executor()))",
    "web": "phom serve: the JSON API and the table in the browser (phom.web)",
    "train": "training the learned bot by self-play with PyTorch (phom.phom.training, phom train)",
    "scale": "phom serve workers over PostgreSQL and Redis (--store postgresql://…, --broker redis://…)",
}


def missing_extra(extra: str, what: str) -> ImportError:
    """The one-line error for a module whose extra is not installed."""
    return ImportError(f'{what} needs the optional extra: pip install "phom[{extra}]"')
