"""Tiến lên (miền Nam), the second game of the source documents, on phom's cards (rules: TIENLEN.md).

This package grows in steps. Here now:

- ``rules``: ``TienLenRules`` and ``TienLenStakes``, every house option with its default, checked on
  construction;
- ``combos``: the compiled combination core: ``classify``, ``beats`` (the full chặt table),
  ``legal_plays`` (every suit choice, as a NumPy array of masks), ``count_plays`` and ``min_plays``;
- ``reference``: the plain, exhaustive Python specification they are tested against, with
  ``best_split`` and ``toi_trang``;
- ``game``: ``TienLenGame``, the referee (rounds, passes that lock, chặt after a pass, hưởng sái,
  places, tới trắng, cóng, thối, chặt chains and every payment), ``Play`` and ``Pass``.

- ``bots``: ``RandomTienLenBot`` and ``GreedyTienLenBot``; ``simulation``: seat-rotated games.

``phom tienlen solve`` and ``phom tienlen simulate`` are the command line. A search bot and
``phom tienlen play`` come next.

>>> from phom.tienlen import classify, min_plays
>>> classify("QS KS AS").kind, min_plays("3S 3C 4D 4H 5S 5C")
('straight', 1)
"""

from .combos import Combo, beats, best_split, classify, count_plays, legal_plays, min_plays, toi_trang
from .game import IllegalPlay, Pass, Play, TienLenGame, TienLenResult
from .rules import TienLenRules, TienLenStakes

__all__ = ["Combo", "IllegalPlay", "Pass", "Play", "TienLenGame", "TienLenResult", "TienLenRules", "TienLenStakes",
           "beats", "best_split", "classify", "count_plays", "legal_plays", "min_plays", "toi_trang"]
