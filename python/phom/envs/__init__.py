"""Adapters for the tools reinforcement-learning users reach for first; each is an optional extra.

- ``phom.envs.pettingzoo``: a PettingZoo AEC environment (``pip install "phom[rl]"``).
- ``phom.envs.gymnasium``: ``phom/Phom-v0``, one learning seat against bots, and a vector environment on
  the compiled engine (``pip install "phom[rl]"``).
- ``phom.envs.openspiel``: ``python_phom`` for ``pyspiel.load_game`` (``pip install "phom[openspiel]"``).

``import phom`` never imports these; a missing extra is a one-line ImportError naming the install.
"""

from __future__ import annotations

__all__ = ["missing_extra"]


def missing_extra(extra: str, what: str) -> ImportError:
    """The one-line error for an adapter whose extra is not installed.

    >>> str(missing_extra("rl", "phom.envs.pettingzoo (PettingZoo)"))
    'phom.envs.pettingzoo (PettingZoo) needs the optional extra: pip install "phom[rl]"'
    """
    return ImportError(f'{what} needs the optional extra: pip install "phom[{extra}]"')
