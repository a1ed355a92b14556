"""Phỏm's own part of the simulation and the arena (``phom.simulation``, ``phom.arena``, over the game
protocol; ``phom.phom.phom_kind`` gives it them): its deal seeds (``game_seed``), its games whole in the
compiled core (``CORE_POLICIES``, ``play_chunk_in_core``), and the luck of a draw (``draw_luck``).

>>> from phom.phom.rules import Rules
>>> summaries = play_chunk_in_core(["greedy"] * 4, Rules(), 1, [0, 1], rotate=False)
>>> [sum(s.net) for s in summaries], sorted(summaries[0].rates)
([0, 0], ['móm', 'ù'])
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from .bots import Bot, GreedyBot, PlannerBot, RandomBot
from ..simulation import GameSummary
from .actions import Draw
from .game import Game
from .rules import Rules
from .vector import VectorGame

__all__ = ["CORE_POLICIES", "LUCK_WEIGHT", "RESHUFFLES", "core_policies", "draw_luck", "game_seed",
           "play_chunk_in_core"]

#: Greedy playouts per state, the stock under the top card reshuffled, in the value of a draw's luck.
RESHUFFLES = 8
#: The weight a draw's luck had in the arena's ``mean_cv`` while its report showed it (the regression slope
#: of the deal sums on their luck, seed 61; LADDER.md); kept for readers of ``draw_luck``.
LUCK_WEIGHT = 0.75


def game_seed(seed: int, deal: int) -> int:
    """Phỏm's seed of deal ``deal`` of the block ``seed`` (its simulation's and its arena's deals).

    >>> game_seed(1, 0), game_seed(1, 1)
    (1000003, 1007922)
    """
    return (seed * 1_000_003 + deal * 7919) % (2**63)


#: Bots whose decisions the compiled core makes itself (``phom.phom.vector.POLICIES``).
CORE_POLICIES: dict[type, str] = {RandomBot: "random", GreedyBot: "greedy", PlannerBot: "planner"}


def core_policies(bots: Sequence[Bot]) -> list[str] | None:
    """The core policy of every bot, or None when some bot's policy does not run in the core."""
    names = [CORE_POLICIES.get(type(bot)) for bot in bots]
    return None if None in names else [name for name in names if name is not None]


def play_chunk_in_core(policies: Sequence[str], rules: Rules, seed: int, indices: Sequence[int], rotate: bool
                       ) -> list[GameSummary]:
    """The Phỏm games ``indices`` of a simulation, dealt as ``phom.simulation.play_game`` deals them,
    played in the core.

    Seats are rotated as in ``play_game``; each game's random generator is seeded from (seed, index),
    so results do not depend on chunks or executors. GreedyBot's and PlannerBot's games are identical
    on both paths.
    """
    n = rules.players
    by_rotation: dict[int, list[tuple[int, int]]] = {}
    for index in indices:
        deal, rotation = (index // n, index % n) if rotate else (index, 0)
        by_rotation.setdefault(rotation, []).append((index, deal))
    found: dict[int, GameSummary] = {}
    for rotation, games in by_rotation.items():
        decks = []
        for _, deal in games:
            deck = list(range(52))
            random.Random(game_seed(seed, deal)).shuffle(deck)
            decks.append(deck)
        leaders = [0 if rotate else deal % n for _, deal in games]
        vector = VectorGame.from_decks(rules, decks, leaders, [game_seed(seed, index) for index, _ in games])
        vector.playout([policies[(s + rotation) % n] for s in range(n)])
        net, winner, u_kind, mom, actions = vector.summaries()
        seat_of = [(b - rotation) % n for b in range(n)]
        for k, (index, _) in enumerate(games):
            u = tuple(bool(u_kind[k] != 0 and winner[k] == seat_of[b]) for b in range(n))
            lost = tuple(bool(u_kind[k] == 0 and mom[k, seat_of[b]]) for b in range(n))
            found[index] = GameSummary(
                net=tuple(int(net[k, seat_of[b]]) for b in range(n)),
                won=tuple(bool(winner[k] == seat_of[b]) for b in range(n)),
                u=u, mom=lost, actions=int(actions[k]),
                rates={"ù": u, "móm": lost},
            )
    return [found[index] for index in indices]


def draw_luck(game: Game, reshuffles: int = RESHUFFLES) -> npt.NDArray[np.float64]:
    """Each seat's luck in the draw about to be made in ``game`` (a Draw must be legal): the value of
    the true state after the card on top, less its mean over every card of the stock swapped to the top
    (zeros when one card is left). A state's value is each seat's mean money over greedy playouts with
    the cards under the top one reshuffled ``reshuffles`` times (the same reshuffles for every card).

    >>> game = Game(seed=2)
    >>> while Draw() not in game.legal_actions():
    ...     game.apply(game.legal_actions()[0])
    >>> luck = draw_luck(game)
    >>> len(luck), abs(float(luck.sum())) < 1e-9
    (4, True)
    """
    stock = game.state.stock
    k = len(stock)
    if k < 2:
        return np.zeros(game.players)
    orders = np.random.default_rng(k).permuted(np.tile(np.arange(k - 1), (reshuffles, 1)), axis=1)
    worlds = []
    base = game.state.clone()
    for j in range(k):
        swapped = list(stock)
        swapped[-1], swapped[j] = swapped[j], swapped[-1]                  # card j on top (drawn next)
        for order in orders:
            state = copy.copy(base)                        # the seats shared: the core only reads them
            state.stock = [swapped[i] for i in order] + [swapped[-1]]
            worlds.append(Game.from_state(game.rules, state, leader=game.leader, history=game.history))
    played = VectorGame.from_games(worlds, seed=0)
    played.step(np.full(len(worlds), Draw().id))
    played.playout("greedy")
    value = played.net.astype(np.float64).reshape(k, reshuffles, game.players).mean(axis=1)
    return np.asarray(value[k - 1] - value.mean(axis=0), dtype=np.float64)  # j = k − 1: the card really on top
