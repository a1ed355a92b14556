"""Phỏm's bots: anything with ``act(view) -> Action`` (optional ``name`` and ``reseed(seed)``). Each sees
only its own ``PlayerView``. ``phom.bots`` re-exports every name here.

- ``RandomBot`` (``random``): uniform over the legal actions.
- ``GreedyBot`` (``greedy``): one-step solver play: declares ù, eats when it lowers its points, lays
  with the solver's best lay-down and gửi, discards the card that keeps the fewest points (the safest
  on a tie).
- ``SearchBot`` (``search``): determinized Monte Carlo: samples the hidden cards consistently with its
  view and plays each candidate take or discard out to its lay-down with the batch solver.
- ``MonteCarloBot`` (``montecarlo``): determinized playouts of whole games in the compiled core, every
  seat played by GreedyBot's policy, each candidate judged by the mean net money it wins.
- ``PlannerBot`` (``planner``): GreedyBot with a price on rác (cards in no phỏm and no cạ) that fades
  over its first three discards: it keeps the cards that can still become phỏm, then plays for points.
- ``HolderBot`` (``holder``) and ``HunterBot`` (``hunter``): two styles unlike the greedy rollouts, for
  the arena's panel: one never eats and keeps every cạ, the other eats whenever it may and plays for ù.
- ``LearnedBot`` (``learned``): a value network trained by self-play (``phom.phom.training``), played with
  NumPy from weights shipped in the package.
- ``cmd:COMMAND``: a program in any language, playing through the bot protocol (``phom.external``).
- ``best`` (``best:MS``): MonteCarloBot at a table's pace, about MS milliseconds a decision on average
  (50 by default; two threads), racing its candidates over at most ``best_worlds(MS)`` worlds with the
  opponent model in its playouts, so easy decisions stop early and the budget goes to the hard discards
  (``BEST``, chosen in benchmarks/LADDER.md). Level 8. Against three ``montecarlo`` it has shown no
  difference in the money (+0.20 ± 0.39 over 200 deals, −0.15 ± 0.41 over 150; LADDER.md).

The bot-name grammar, the levels and ``best``'s budget are both games' (``phom.bot_names``,
``phom.levels``, ``phom.budget``); ``PHOM_BOTS`` is Phỏm's data for them.

>>> from phom import Game
>>> from phom.phom.bots import GreedyBot, RandomBot
>>> game = Game(seed=4)
>>> bots = [GreedyBot(), RandomBot(1), RandomBot(2), RandomBot(3)]
>>> while not game.is_over:
...     game.apply(bots[game.to_move].act(game.view(game.to_move)))
>>> sum(game.result.net)
0
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..actions import Action
from ...bot_names import BotName, BotNames, Counted, make_named_bot
from ...budget import BEST_MS, BEST_WORLDS_PER_MS, best_worlds
from ...external import DEFAULT_MOVE_SECONDS, ExternalBot
from ...levels import Recipe
from ..view import PlayerView
from .greedy import GreedyBot, greedy_action
from .learned import LearnedBot
from .montecarlo import MonteCarloBot
from .planner import PlannerBot
from .random import RandomBot
from .search import SearchBot
from .styles import HolderBot, HunterBot

__all__ = ["BEST", "BEST_MS", "BEST_WORLDS_PER_MS", "BOT_NAMES", "PHOM_BOTS", "Bot", "ExternalBot", "GreedyBot", "HolderBot", "HunterBot", "LearnedBot", "MonteCarloBot", "PlannerBot",
           "RandomBot", "SearchBot", "best_worlds", "build_phom_bot", "greedy_action", "make_bot"]


class Bot(Protocol):
    """What ``simulate``, ``Match`` players and the command line accept as a player."""

    def act(self, view: PlayerView) -> Action: ...


BOT_NAMES = ("random", "greedy", "planner", "search", "montecarlo", "holder", "hunter", "learned", "best")

#: the names Phỏm's bots answer to, their numbers' limits, and the recipes of levels 1 … 8
#: (``phom.levels`` names the levels; each is measured against the one below in LADDER.md)
PHOM_BOTS = BotNames(
    game="", plain=("random", "greedy", "planner", "holder", "hunter", "learned"),
    counted={"search": Counted("SAMPLES", 32, served=256), "montecarlo": Counted("WORLDS", 128, threads=True),
             "best": Counted("MS", BEST_MS, high=60_000, example="best:50", served=BEST_MS)},
    levels=(Recipe("random"), Recipe("holder"), Recipe("montecarlo:8", noise=1.5), Recipe("greedy"), Recipe("planner"),
            Recipe("montecarlo:32"), Recipe("montecarlo:128"), Recipe("best")))

#: ``make_bot("best")``: MonteCarloBot's options, chosen by research/headroom.py's audit on one seed
#: and measured against three ``montecarlo`` on others (benchmarks/LADDER.md).
BEST: dict[str, int | float | bool | str] = {"race": True, "round_worlds": 16, "z": 1.5, "flat": 0.1, "threads": 2,
                                             "opponents": "model"}


def make_bot(spec: str, seed: int | None = None, *, move_seconds: float = DEFAULT_MOVE_SECONDS) -> Bot:
    """A bot from its name: ``random``, ``greedy``, ``planner``, ``search`` or ``search:SAMPLES``,
    ``montecarlo`` or ``montecarlo:WORLDS`` or ``montecarlo:WORLDS:THREADS``, ``holder``, ``hunter``, ``learned``,
    ``best`` or ``best:MS``, ``level:N`` (N = 1 … 8, ``phom.levels``), or ``cmd:COMMAND`` (an ``ExternalBot``
    allowed ``move_seconds`` an answer; its program starts with its first game, ``close()`` ends it).

    >>> type(make_bot("search:4")).__name__, make_bot("search:4").samples, make_bot("montecarlo:8").worlds
    ('SearchBot', 4, 8)
    >>> make_bot("best").race, make_bot("best").worlds, make_bot("best:5").worlds
    (True, 2000, 192)
    >>> make_bot("cmd:perl examples/bots/first.pl", move_seconds=1).command
    ['perl', 'examples/bots/first.pl']
    """
    bot: Bot = make_named_bot(spec, seed, PHOM_BOTS, build_phom_bot, game="phom", move_seconds=move_seconds)
    return bot


def build_phom_bot(name: BotName, seed: int | None = None) -> Bot:
    """The Phỏm bot of a name read by ``PHOM_BOTS`` (``make_bot`` reads it first).

    >>> build_phom_bot(PHOM_BOTS.parse("montecarlo:64:2")).worlds
    64
    """
    if name.name == "best":
        assert name.count is not None
        best = MonteCarloBot(worlds=best_worlds(name.count), seed=seed, **BEST)  # type: ignore[arg-type]
        best.name = f"best:{name.count}" if name.given else "best"
        return best
    if name.name == "montecarlo":
        if name.threads is None:
            return MonteCarloBot(worlds=name.count or 128, seed=seed)
        return MonteCarloBot(worlds=name.count or 128, threads=name.threads, seed=seed)
    if name.name == "search":
        return SearchBot(samples=name.count or 32, seed=seed)
    plain: dict[str, Callable[[], Bot]] = {"random": lambda: RandomBot(seed), "greedy": GreedyBot, "planner": PlannerBot,
                                           "holder": HolderBot, "hunter": HunterBot, "learned": LearnedBot}
    return plain[name.name]()
