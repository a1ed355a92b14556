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
- ``session`` and ``openspiel``: what the adapters (``phom.envs``) need of Tiến lên.

``phom tienlen solve``, ``phom tienlen play`` and ``phom tienlen simulate`` are the command line.

>>> from phom.tienlen import classify, min_plays
>>> classify("QS KS AS").kind, min_plays("3S 3C 4D 4H 5S 5C")
('straight', 1)
"""

from .combos import Combo, beats, best_split, classify, count_plays, legal_plays, min_plays, toi_trang
from .game import IllegalAction, Pass, Play, TienLenGame, TienLenResult
from .match import TienLenMatch
from .rules import TienLenRules, TienLenStakes

__all__ = ["Combo", "IllegalAction", "Pass", "Play", "TienLenGame", "TienLenMatch", "TienLenResult", "TienLenRules",
           "TienLenStakes", "beats", "best_split", "classify", "count_plays", "legal_plays", "min_plays", "toi_trang"]
