"""Xì dách (Vietnamese blackjack), a banker game for phom's house, as its own package: the rules and referee
(``phom_xidach.game``), the bots, the terminal table, the review's worlds, and ``phom_xidach.spec.SPEC``,
which the entry point ``phom.games: xidach`` names. Nothing in phom names it.

>>> game = XiDachGame(XiDachRules(players=2), 0, list(range(52)))
>>> game.hands[1].codes, game.hands[0].codes
('AS 3S', '2S 4S')
"""

from __future__ import annotations

from .game import Draw, Settle, Stand, XiDachGame, XiDachRefusal, XiDachView, parse_action
from .rules import XiDachRules

__all__ = ["Draw", "Settle", "Stand", "XiDachGame", "XiDachRefusal", "XiDachRules", "XiDachView", "parse_action"]
