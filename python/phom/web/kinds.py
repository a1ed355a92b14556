"""The games ``phom serve`` hosts: the registry's (``phom.games``), by name. The host, the store and the
application are written once, over ``GameKind``; a stored game names its kind. The names here keep
working for code written before the registry.

>>> kind = KINDS["tienlen"]
>>> game = kind.deal(kind.rules({"players": 3}), 0, "00" * 32, "alice")
>>> game.players, kind.parse_action("play 3S 3C"), kind.default_bot
(3, Play(cards=CardSet('3S 3C')), 'greedy')
"""

from __future__ import annotations

from collections.abc import Mapping

from ..games import GAMES, GameKind
from ..phom.phom_kind import PhomKind
from ..tienlen.kind import TienLenKind

__all__ = ["KINDS", "GameKind", "PhomKind", "TienLenKind"]

#: The hosted games by name: the registry itself (a game registered at run time is hosted too).
KINDS: Mapping[str, GameKind] = GAMES
