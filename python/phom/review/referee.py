"""The review's replay of a game with no compiled engine (``GameKind.engine is None``): its Python
referee plays the worlds, and the review's note names it (never a silent fallback).

Every action of a seat is a decision among its legal actions, the game's default bot's choice first
(the playouts' own); a forced one is not valued (the protocol tells of nothing the seat learns
between its turns: the deal is its only luck). Worlds are the game's ``sample_world`` of the seat's
view; a plan is played in each world, then every seat plays the game's default bot (``make_bot``) to
the end. The seat's money before the deal is measured over ``EXPECTED_DEALS`` fair deals of the same
rules and leader (fixed seeds) played so, and the label thresholds are
``phom.review.calibration.FRACTIONS`` of that money's spread, as the built-in games' were measured.
The game before its first action is its record read back with no ``actions`` (every game's record
lists its moves so).

>>> from phom.games import game_kind
>>> kind = game_kind("tienlen")
>>> game = kind.deal(kind.rules({"players": 2}), 0, "00" * 32, "doc")
>>> bot = kind.make_bot("greedy")
>>> while not game.is_over:
...     game.apply(bot.act(game.view(game.to_move)))
>>> replay = RefereeReplay(kind, game, deals=8)
>>> replay.name, replay.players, replay.turns(0)[0].seat, len(replay.thresholds)
('tienlen', 2, 0, 3)
"""

from __future__ import annotations

import json
import random
import statistics
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..games import GameKind
from ..racing import quantize, stage_seed
from .calibration import FRACTIONS
from .model import Turn

__all__ = ["ATTEMPTS", "EXPECTED_DEALS", "RefereeReplay"]

#: Fair deals the seat's money before the deal (and the money's spread) is measured over.
EXPECTED_DEALS = 256
#: Deals of the hidden cards tried for one world before none is taken to agree with the seat's view.
ATTEMPTS = 50


class RefereeReplay:
    """A finished game of ``kind`` replayed by its Python referee, the game before every action kept;
    ``deals``: the fair deals that measure the money before the deal."""

    #: a forced action is not valued (see the module docstring)
    value_forced = False

    def __init__(self, kind: GameKind, game: Any, *, deals: int = EXPECTED_DEALS) -> None:
        if not game.is_over or game.result is None:
            raise ValueError("the game is not over: only finished games are reviewed")
        self.kind, self.name = kind, kind.name
        self.rules = game.rules
        self.net = tuple(int(x) for x in game.result.net)
        self.players = len(self.net)
        self.history = list(game.history)
        self.leader, self.first_game = kind.start_of(game)
        data = json.loads(game.to_json())
        replay = kind.from_record(json.dumps({**data, "actions": []}, ensure_ascii=False))
        self.states: list[Any] = []
        for _, action in self.history:
            self.states.append(replay.clone())
            replay.apply(action)
        self.moves = tuple(f"{p}: {a}" for p, a in self.history)
        measuring: Any = kind                              # a key of the cache, as it is
        self._expected, spread = _measured(measuring, self.rules, self.players, self.leader, self.first_game, deals)
        self.thresholds = tuple(quantize(f * spread) for f in FRACTIONS)

    def turns(self, seat: int) -> list[Turn]:
        """Each action of ``seat``: a decision among its legal actions (the default bot's first)."""
        out = []
        for i, (player, action) in enumerate(self.history):
            if player != seat:
                continue
            state = self.states[i]
            bot = self.kind.make_bot(self.kind.default_bot)
            if hasattr(bot, "reseed"):                   # a default bot that draws draws the same every time
                bot.reseed(stage_seed(i, seat))
            policy = bot.act(state.view(seat))
            ranked = list(dict.fromkeys([policy, *state.legal_actions(), action]))
            candidates = tuple((str(a), (a,)) for a in ranked)
            out.append(Turn(seat, i, i + 1, candidates, ranked.index(action), False, "play", 0))
        return out

    def sample(self, seat: int, index: int, count: int, seed: int) -> list[Any]:
        """``count`` games agreeing with what ``seat`` saw before action ``index`` (``sample_world``)."""
        rng = random.Random(seed)
        view = self.states[index].view(seat)
        worlds = []
        for _ in range(count):
            world = None
            for _attempt in range(ATTEMPTS):
                world = self.kind.sample_world(view, rng)
                if world is not None:
                    break
            if world is None:
                raise ValueError(f"no deal of the hidden cards agrees with what seat {seat} saw before action {index}")
            worlds.append(world)
        return worlds

    def truth(self, index: int) -> list[Any]:
        """The real game before action ``index``, as one world."""
        return [self.states[index].clone()]

    def values(self, worlds: Sequence[Any], seat: int, plans: Sequence[tuple[Any, ...]], seed: int
               ) -> npt.NDArray[np.float64]:
        """The seat's money in every world (rows) after each plan (columns), the default bots playing on."""
        out = np.zeros((len(worlds), len(plans)), dtype=np.float64)
        for w, world in enumerate(worlds):
            for k, plan in enumerate(plans):
                game = world.clone()
                for action in plan:
                    game.apply(action)
                out[w, k] = _played_out(self.kind, game, self.players, stage_seed(seed, w))[seat]
        return out

    def expected(self, seat: int) -> float:
        """The seat's mean money over the measured deals (the same rules, the same leader)."""
        return self._expected[seat]

    def position(self, seat: int, index: int) -> dict[str, Any]:
        """What the seat saw before action ``index``: its hand (where its view has one) and the moves so far."""
        hand = getattr(self.states[index].view(seat), "hand", None)
        return {"hand": getattr(hand, "codes", None), "moves": [str(a) for _, a in self.history[:index]]}


def _played_out(kind: GameKind, game: Any, players: int, seed: int) -> tuple[int, ...]:
    """Every seat's money once the default bots have played ``game`` to its end."""
    bots = []
    for seat in range(players):
        bot = kind.make_bot(kind.default_bot)
        if hasattr(bot, "reseed"):
            bot.reseed(stage_seed(seed, seat))
        bots.append(bot)
    while not game.is_over:
        game.apply(bots[game.to_move].act(game.view(game.to_move)))
    return tuple(int(x) for x in game.result.net)


@lru_cache(maxsize=32)
def _measured(kind: Any, rules: Any, players: int, leader: int, first_game: bool, deals: int
              ) -> tuple[tuple[float, ...], float]:
    """Each seat's mean money and seat 0's standard deviation over ``deals`` fair deals played out
    (``kind``: the ``GameKind``, a key of the cache as it is)."""
    nets = [_played_out(kind, kind.deal(rules, leader, "00" * 32, f"expected {d}", first_game=first_game), players,
                        stage_seed(20261201, d)) for d in range(deals)]
    means = tuple(statistics.fmean(net[s] for net in nets) for s in range(players))
    return means, statistics.pstdev(net[0] for net in nets)
