"""Xì dách's bots: ``random``; ``threshold:N``, which draws under N points and stands from N (the banker
too: it stands, settling everyone, from N); ``greedy``, the threshold bot at 17 (the stand-in of a seat whose
time ran out); ``montecarlo:N``, which plays every legal move in N worlds that agree with what it sees
(``phom_xidach.worlds``), the rest of each game played by the greedy bot, and takes the move that won most.
Eight levels (``level:1`` … ``level:8``) are recipes of these; ``cmd:COMMAND`` is a program (phom's bot protocol).

>>> from phom_xidach.kind import shuffled_deck
>>> from phom_xidach.game import XiDachGame
>>> from phom_xidach.rules import XiDachRules
>>> game = XiDachGame(XiDachRules(players=3), 0, shuffled_deck("00" * 32, "bots"))
>>> bots = [make_xidach_bot(name, seed=1) for name in ("level:8", "random", "threshold:18")]
>>> while not game.is_over:
...     game.apply(bots[game.to_move].act(game.view(game.to_move)))
>>> sum(game.result.net)
0
>>> make_xidach_bot("wizard")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: unknown Xì dách bot 'wizard': choose from random, greedy, threshold, montecarlo, cmd:COMMAND, ...)
"""

from __future__ import annotations

import random
import time
from typing import Any

from phom.bot_names import BotName, BotNames, Counted, make_named_bot
from phom.external import DEFAULT_MOVE_SECONDS
from phom.levels import Recipe

from .game import Draw, Stand, XiDachAction, XiDachView
from .hands import worth
from .worlds import sample_world

__all__ = ["FEWEST_WORLDS", "GREEDY_STAND", "XIDACH_BOTS", "MonteCarloXiDachBot", "RandomXiDachBot", "ThresholdXiDachBot",
           "make_xidach_bot"]

#: where the greedy bot stands
GREEDY_STAND = 17
#: the fewest worlds a time-bounded judgement weighs
FEWEST_WORLDS = 8

#: the names Xì dách's bots answer to, and its levels (measured pair by pair in the README: past level 3 no step is shown)
XIDACH_BOTS = BotNames(
    game="Xì dách ", plain=("random", "greedy"),
    counted={"threshold": Counted("POINTS", GREEDY_STAND, high=21, example="threshold:18"),
             "montecarlo": Counted("WORLDS", 64, high=512, example="montecarlo:128")},
    levels=(Recipe("random"), Recipe("threshold:20"), Recipe("threshold:16"), Recipe("greedy"),
            Recipe("montecarlo:16"), Recipe("montecarlo:32"), Recipe("montecarlo:64"), Recipe("montecarlo:128")))


class RandomXiDachBot:
    """Any legal move, at random (from its seed)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def act(self, view: XiDachView) -> XiDachAction:
        return self.rng.choice(view.legal_actions)


class ThresholdXiDachBot:
    """Draws under ``stand_at`` points, stands from it (when the rules let it)."""

    def __init__(self, stand_at: int = GREEDY_STAND) -> None:
        self.stand_at = stand_at
        self.name = "greedy" if stand_at == GREEDY_STAND else f"threshold:{stand_at}"

    def act(self, view: XiDachView) -> XiDachAction:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        wants = Draw() if worth(view.hand).points < self.stand_at else Stand()
        return wants if wants in legal else legal[0]


class MonteCarloXiDachBot:
    """Each legal move tried in ``worlds`` worlds that agree with its view (the same worlds for every move),
    the game played on by the greedy bot; the move with the most money on average (the first on a tie)."""

    def __init__(self, worlds: int = 64, seed: int | None = None) -> None:
        self.worlds = worlds
        self.name = f"montecarlo:{worlds}"
        self.rng = random.Random(seed)

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def values(self, view: XiDachView, deadline: float | None = None) -> list[tuple[XiDachAction, float, int]]:
        """Each legal move, its mean money for the seat and the worlds it was weighed on; with a ``deadline``
        (``time.monotonic()`` seconds), no world is begun after it (but at least ``FEWEST_WORLDS`` are)."""
        legal = view.legal_actions
        totals = [0.0] * len(legal)
        played = 0
        playout = ThresholdXiDachBot()
        for tried in range(self.worlds):
            if deadline is not None and tried >= FEWEST_WORLDS and time.monotonic() > deadline:
                break
            world = sample_world(view, self.rng)
            if world is None:
                continue
            played += 1
            for i, action in enumerate(legal):
                game = world.clone()
                game.apply(action)
                for _step in range(64):
                    if game.is_over:
                        break
                    assert game.to_move is not None
                    game.apply(playout.act(game.view(game.to_move)))
                result = game.result
                assert result is not None, "a playout ends within 64 moves"
                totals[i] += result.net[view.player]
        return [(a, t / played if played else 0.0, played) for a, t in zip(legal, totals)]

    def act(self, view: XiDachView) -> XiDachAction:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        values = self.values(view)
        return max(values, key=lambda v: v[1])[0]


def build_xidach_bot(name: BotName, seed: int | None) -> Any:
    """The bot of a name read by ``XIDACH_BOTS``."""
    if name.name == "random":
        return RandomXiDachBot(seed)
    if name.name == "greedy":
        return ThresholdXiDachBot()
    if name.name == "threshold":
        return ThresholdXiDachBot(name.count or GREEDY_STAND)
    return MonteCarloXiDachBot(name.count or 64, seed)


def make_xidach_bot(spec: str, seed: int | None = None, *, move_seconds: float = DEFAULT_MOVE_SECONDS) -> Any:
    """A bot by name (``XIDACH_BOTS``), seeded with ``seed``; ``cmd:COMMAND`` a program allowed ``move_seconds``
    an answer; ValueError naming a name it does not know."""
    return make_named_bot(spec, seed, XIDACH_BOTS, build_xidach_bot, game="xidach", move_seconds=move_seconds)
