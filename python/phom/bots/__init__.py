"""Shim: ``phom.bots``, the public face of Phỏm's bots (``phom.phom.bots``), re-exporting its names.

Phỏm's bots live in its folder (``phom.phom.bots``: ``RandomBot``, ``GreedyBot``, ``SearchBot``,
``MonteCarloBot``, ``PlannerBot``, ``HolderBot``, ``HunterBot``, ``LearnedBot``, ``make_bot``), Tiến
lên's in ``phom.tienlen.bots``; what both games' bots use sits apart from both: the bot-name grammar
(``phom.bot_names``), the levels (``phom.levels``) and ``best``'s budget (``phom.budget``). The
submodules here (``phom.bots.greedy``, ``phom.bots.levels``, …) are shims of their old paths.

>>> from phom import Game
>>> from phom.bots import GreedyBot, RandomBot
>>> game = Game(seed=4)
>>> bots = [GreedyBot(), RandomBot(1), RandomBot(2), RandomBot(3)]
>>> while not game.is_over:
...     game.apply(bots[game.to_move].act(game.view(game.to_move)))
>>> sum(game.result.net)
0
"""

from __future__ import annotations

from ..phom.bots import (
    BEST, BEST_MS, BEST_WORLDS_PER_MS, BOT_NAMES, PHOM_BOTS, Bot, ExternalBot, GreedyBot, HolderBot, HunterBot,
    LearnedBot, MonteCarloBot, PlannerBot, RandomBot, SearchBot, best_worlds, build_phom_bot, greedy_action, make_bot,
)
from . import budget, greedy, learned, levels, montecarlo, names, planner, random, search, styles  # noqa: F401  (as before)
from ..bot_names import BotName, BotNames, Counted, make_named_bot  # noqa: F401  (read here before the move)
from ..levels import Recipe  # noqa: F401  (read here before the move)

__all__ = ["BEST", "BEST_MS", "BEST_WORLDS_PER_MS", "BOT_NAMES", "PHOM_BOTS", "Bot", "ExternalBot", "GreedyBot", "HolderBot", "HunterBot", "LearnedBot", "MonteCarloBot", "PlannerBot",
           "RandomBot", "SearchBot", "best_worlds", "build_phom_bot", "greedy_action", "make_bot"]
