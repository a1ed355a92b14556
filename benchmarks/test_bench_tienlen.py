"""Tiến lên: the compiled combination core against the plain-Python reference, same fixed-seed hands
(13-card deals; a lead is legal_plays with no table)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from phom import tienlen
from phom.tienlen import TienLenGame, reference
from phom.tienlen.bots import GreedyTienLenBot, MonteCarloTienLenBot, SearchTienLenBot
from phom.tienlen.vector import TienLenVectorGame

CALLS = 1000
REFERENCE_CALLS = 30


def deals(count: int, seed: int = 2026) -> list[int]:
    rng = random.Random(seed)
    return [sum(1 << c for c in rng.sample(range(52), 13)) for _ in range(count)]


@pytest.mark.parametrize("impl", ["core", "reference"])
@pytest.mark.parametrize("name", ["min_plays", "legal_plays", "best_split", "toi_trang"])
def test_tienlen(benchmark, impl, name):
    hands = deals(CALLS if impl == "core" else REFERENCE_CALLS)
    benchmark.group = f"tienlen {name} (13 cards)"
    benchmark.extra_info.update(impl=impl, calls=len(hands))
    func = getattr(tienlen if impl == "core" else reference, name)
    if impl == "core":
        results = benchmark(lambda: [func(h) for h in hands])
        expected = [getattr(reference, name)(h) for h in hands[:REFERENCE_CALLS]]
        got = [r.tolist() if hasattr(r, "tolist") else r for r in results[:REFERENCE_CALLS]]
        assert got == expected
    else:
        benchmark.pedantic(lambda: [func(h) for h in hands], rounds=3, iterations=1)


def random_game(seed: int) -> int:
    """A full 4-player game through the referee, each action drawn from legal_actions()."""
    rng = random.Random(seed)
    game = TienLenGame(seed=seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return len(game.history)


GAMES = 50
CORE_GAMES = 4000


@pytest.mark.parametrize("impl", ["core", "reference"])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_tienlen_games(benchmark, impl, policy):
    """Whole 4-player games: TienLenVectorGame.playout in the core against the Python referee with the
    same policy (uniform over the legal actions, or GreedyTienLenBot). Divide by extra_info games."""
    benchmark.group = f"tienlen {policy} games (4 players; per game: divide by games)"
    if impl == "core":
        def run() -> int:
            v = TienLenVectorGame(CORE_GAMES, seed=1)
            v.playout(policy, seed=2)
            return int(v.done.sum())
        benchmark.extra_info.update(impl=impl, games=CORE_GAMES, calls=CORE_GAMES)
        assert benchmark.pedantic(run, rounds=5, iterations=1) == CORE_GAMES
        return
    benchmark.extra_info.update(impl=impl, games=GAMES, calls=GAMES)

    def play() -> int:
        bot = GreedyTienLenBot()
        for seed in range(GAMES):
            if policy == "random":
                random_game(seed)
                continue
            game = TienLenGame(seed=seed)
            while not game.is_over:
                game.apply(bot.act(game.view(game.to_move)))
        return GAMES

    benchmark.pedantic(play, rounds=3, iterations=1)


def test_tienlen_legal_and_step(benchmark):
    """legal(i) for every unfinished game of 1,024, a uniform choice in NumPy, then one step: per
    game-step, divide by extra_info steps."""
    benchmark.group = "tienlen legal + step (1,024 games)"
    rng = np.random.default_rng(3)

    def run() -> int:
        v = TienLenVectorGame(1024, seed=4)
        steps = 0
        while not v.done.all():
            done = v.done
            plays = np.zeros(1024, dtype=np.uint64)
            for i in np.flatnonzero(~done).tolist():
                legal = v.legal(i)
                plays[i] = legal[rng.integers(len(legal))]
                steps += 1
            v.step(plays)
        return steps

    steps = benchmark.pedantic(run, rounds=3, iterations=1)
    benchmark.extra_info.update(steps=steps)


@pytest.mark.parametrize("bot", ["search", "montecarlo"])
def test_tienlen_bot_decision(benchmark, bot):
    """The searching bots with their defaults at the first decision of 20 fixed deals (per decision:
    divide by 20)."""
    views = [TienLenGame(seed=seed).view(TienLenGame(seed=seed).to_move) for seed in range(20)]
    benchmark.group = "tienlen bot decision (20 first leads)"
    player = SearchTienLenBot(seed=1) if bot == "search" else MonteCarloTienLenBot(seed=1)
    benchmark.extra_info.update(decisions=len(views))
    benchmark.pedantic(lambda: [player.act(v) for v in views], rounds=3, iterations=1)
