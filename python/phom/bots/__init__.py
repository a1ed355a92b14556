"""Bots: anything with ``act(view) -> Action`` (optional ``name`` and ``reseed(seed)``). Each sees only
its own ``PlayerView``.

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
- ``LearnedBot`` (``learned``): a value network trained by self-play (``phom.training``), played with
  NumPy from weights shipped in the package.
- ``cmd:COMMAND``: a program in any language, playing through the bot protocol (``phom.external``).
- ``best`` (``best:MS``): the strongest Phỏm bot at a table's pace, about MS milliseconds a decision
  on average (50 by default; two threads): MonteCarloBot racing its candidates over at most
  ``best_worlds(MS)`` worlds, so easy decisions stop early and the budget goes to the hard discards
  (``BEST``, chosen in benchmarks/LADDER.md). Level 8.

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

from typing import Protocol

from ..actions import Action
from ..external import DEFAULT_MOVE_SECONDS, ExternalBot, external_command, is_external
from ..view import PlayerView
from .greedy import GreedyBot, greedy_action
from .montecarlo import MonteCarloBot
from .planner import PlannerBot
from .random import RandomBot
from .search import SearchBot
from .learned import LearnedBot
from .budget import BEST_MS, BEST_WORLDS_PER_MS, best_worlds
from .levels import level_number, level_recipe
from .styles import HolderBot, HunterBot

__all__ = ["BEST", "BEST_MS", "BEST_WORLDS_PER_MS", "BOT_NAMES", "Bot", "ExternalBot", "GreedyBot", "HolderBot", "HunterBot", "LearnedBot", "MonteCarloBot", "PlannerBot",
           "RandomBot", "SearchBot", "best_worlds", "greedy_action", "make_bot"]


class Bot(Protocol):
    """What ``simulate``, ``Match`` players and the command line accept as a player."""

    def act(self, view: PlayerView) -> Action: ...


BOT_NAMES = ("random", "greedy", "planner", "search", "montecarlo", "holder", "hunter", "learned", "best")

#: ``make_bot("best")``: MonteCarloBot's options, chosen by research/headroom.py's audit on one seed
#: and measured against three ``montecarlo`` on others (benchmarks/LADDER.md).
BEST: dict[str, int | float | bool | str] = {"race": True, "round_worlds": 16, "z": 1.5, "flat": 0.1, "threads": 2,
                                             "opponents": "model"}


def make_bot(spec: str, seed: int | None = None, *, move_seconds: float = DEFAULT_MOVE_SECONDS) -> Bot:
    """A bot from its name: ``random``, ``greedy``, ``planner``, ``search`` or ``search:SAMPLES``,
    ``montecarlo`` or ``montecarlo:WORLDS`` or ``montecarlo:WORLDS:THREADS``, ``holder``, ``hunter``, ``learned``,
    ``best`` or ``best:MS``, ``level:N`` (N = 1 … 8, ``phom.bots.levels``), or ``cmd:COMMAND`` (an ``ExternalBot``
    allowed ``move_seconds`` an answer; its program starts with its first game, ``close()`` ends it).

    >>> type(make_bot("search:4")).__name__, make_bot("search:4").samples, make_bot("montecarlo:8").worlds
    ('SearchBot', 4, 8)
    >>> make_bot("best").race, make_bot("best").worlds, make_bot("best:5").worlds
    (True, 2000, 192)
    >>> make_bot("cmd:perl examples/bots/first.pl", move_seconds=1).command
    ['perl', 'examples/bots/first.pl']
    """
    if is_external(spec):
        return ExternalBot(external_command(spec), "phom", move_seconds=move_seconds, name=spec.strip())
    level = level_number(spec)
    if level is not None:
        recipe = level_recipe("phom", level)
        bot = make_bot(recipe.spec, seed=seed)
        if recipe.noise:
            assert isinstance(bot, MonteCarloBot)
            bot.noise = recipe.noise
        return bot
    name, _, arg = spec.strip().lower().partition(":")
    if name == "random" and not arg:
        return RandomBot(seed)
    if name == "greedy" and not arg:
        return GreedyBot()
    if name == "planner" and not arg:
        return PlannerBot()
    if name == "holder" and not arg:
        return HolderBot()
    if name == "hunter" and not arg:
        return HunterBot()
    if name == "learned" and not arg:
        return LearnedBot()
    if name == "best":
        if arg and not (arg.isdigit() and 1 <= int(arg) <= 60_000):
            raise ValueError(f"bot {spec!r}: write best:MS with a whole number of milliseconds from 1 to 60000, e.g. best:50")
        bot = MonteCarloBot(worlds=best_worlds(int(arg) if arg else BEST_MS), seed=seed, **BEST)  # type: ignore[arg-type]
        bot.name = "best" if not arg else f"best:{int(arg)}"
        return bot
    if name == "montecarlo" and arg.count(":") == 1:
        worlds, _, threads = arg.partition(":")
        if not (worlds.isdigit() and threads.isdigit() and int(worlds) > 0 and int(threads) > 0):
            raise ValueError(f"bot {spec!r}: write montecarlo:WORLDS:THREADS with whole numbers, e.g. montecarlo:256:2")
        return MonteCarloBot(worlds=int(worlds), threads=int(threads), seed=seed)
    if name in ("search", "montecarlo"):
        if arg and not (arg.isdigit() and int(arg) > 0):
            raise ValueError(f"bot {spec!r}: write {name}:N with a whole number N ≥ 1, e.g. {name}:8")
        if name == "search":
            return SearchBot(samples=int(arg) if arg else 32, seed=seed)
        return MonteCarloBot(worlds=int(arg) if arg else 128, seed=seed)
    raise ValueError(f"unknown bot {spec!r}: choose from random, greedy, planner, search, montecarlo, holder, hunter, "
                     "learned, best, cmd:COMMAND (or search:SAMPLES, montecarlo:WORLDS, montecarlo:WORLDS:THREADS, best:MS, level:1 … level:8)")
