"""Old import paths of names that moved to their game's folder: a module's ``__getattr__`` (PEP 562) that
finds a moved name in its new home when it is first asked for, so ``from phom.simulation import game_seed``
keeps working without the shared module importing a game's modules (which import it).

>>> lookup = forwarding("phom.simulation", {"game_seed": "phom.phom.simulation"})
>>> import phom.phom.simulation
>>> lookup("game_seed") is phom.phom.simulation.game_seed
True
>>> lookup("colour")
Traceback (most recent call last):
...
AttributeError: module 'phom.simulation' has no attribute 'colour'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["forwarding"]


def forwarding(module: str, moved: Mapping[str, str]) -> Callable[[str], Any]:
    """A ``__getattr__`` for ``module``: each name of ``moved`` read from the module named beside it (its
    new home), any other name an AttributeError as Python words it."""
    homes = dict(moved)

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        return getattr(importlib.import_module(home), name)

    return __getattr__
