"""Tiến lên (miền Nam), on phom's cards (rules: docs/en/rules-tienlen.md).

- ``rules``: ``TienLenRules`` and ``TienLenStakes``, every house option with its default, checked on
  construction;
- ``combos``: the compiled core: ``classify``, ``beats`` (the full chặt table), ``legal_plays`` (every
  suit choice, as a NumPy array of masks), ``count_plays``, ``min_plays``, ``best_split``, ``toi_trang``;
- ``reference``: the plain, exhaustive Python specification the core is tested against;
- ``game``: ``TienLenGame``, the referee (rounds, passes that lock, chặt after a pass, hưởng sái,
  places, tới trắng, cóng, thối, chặt chains and every payment), ``Play``, ``Pass``, ``IllegalAction``;
  ``match``: ``TienLenMatch``, games in a row led by the previous nhất;
- ``worlds``: deals consistent with a player's view; ``bots``: random, greedy and search;
  ``simulation``: seat-rotated games;
- ``session`` and ``openspiel``: what the adapters (``phom.envs``) need of Tiến lên;
- ``position``: ``Position``, one line of text for a decision (docs/en/position.md).

Each public name is loaded from its module when first read (PEP 562), so ``import phom.tienlen`` costs
little.

``phom tienlen solve``, ``phom tienlen play`` and ``phom tienlen simulate`` are the command line.

>>> from phom.tienlen import classify, min_plays
>>> classify("QS KS AS").kind, min_plays("3S 3C 4D 4H 5S 5C")
('straight', 1)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .combos import Combo, beats, best_split, classify, count_plays, legal_plays, min_plays, toi_trang
    from .game import IllegalAction, Pass, Play, TienLenGame, TienLenResult
    from .match import TienLenMatch
    from .rules import TienLenRules, TienLenStakes
    from .position import Position, PositionError

#: where each public name lives: the module it is read from on first use
_HOMES: dict[str, str] = {
    "Combo": "phom.tienlen.combos",
    "beats": "phom.tienlen.combos",
    "best_split": "phom.tienlen.combos",
    "classify": "phom.tienlen.combos",
    "count_plays": "phom.tienlen.combos",
    "legal_plays": "phom.tienlen.combos",
    "min_plays": "phom.tienlen.combos",
    "toi_trang": "phom.tienlen.combos",
    "IllegalAction": "phom.tienlen.game",
    "Pass": "phom.tienlen.game",
    "Play": "phom.tienlen.game",
    "TienLenGame": "phom.tienlen.game",
    "TienLenResult": "phom.tienlen.game",
    "TienLenMatch": "phom.tienlen.match",
    "TienLenRules": "phom.tienlen.rules",
    "TienLenStakes": "phom.tienlen.rules",
    "Position": "phom.tienlen.position",
    "PositionError": "phom.tienlen.position",
}


def __getattr__(name: str) -> Any:
    """A public name read for the first time: imported from its home and kept (PEP 562)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


__all__ = ["Combo", "IllegalAction", "Pass", "Play", "Position", "PositionError", "TienLenGame", "TienLenMatch",
           "TienLenResult", "TienLenRules", "TienLenStakes", "beats", "best_split", "classify", "count_plays",
           "legal_plays", "min_plays", "toi_trang"]
