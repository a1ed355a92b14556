"""Tiến lên: the compiled combination core against the plain-Python reference, same fixed-seed hands
(13-card deals; a lead is legal_plays with no table)."""

from __future__ import annotations

import random

import pytest

from phom import tienlen
from phom.tienlen import TienLenGame, reference
from phom.tienlen.bots import GreedyTienLenBot, SearchTienLenBot

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


def test_tienlen_random_game(benchmark):
    benchmark.group = "tienlen full games (4 players, per game: divide by games)"
    benchmark.extra_info.update(games=GAMES)
    actions = benchmark(lambda: sum(random_game(seed) for seed in range(GAMES)))
    benchmark.extra_info.update(actions=actions)


def test_tienlen_greedy_game(benchmark):
    benchmark.group = "tienlen full games (4 players, per game: divide by games)"
    benchmark.extra_info.update(games=GAMES)

    def play() -> None:
        for seed in range(GAMES):
            game = TienLenGame(seed=seed)
            bot = GreedyTienLenBot()
            while not game.is_over:
                game.apply(bot.act(game.view(game.to_move)))

    benchmark.pedantic(play, rounds=5, iterations=1)


def test_tienlen_search_decision(benchmark):
    """SearchTienLenBot.act with its defaults at the first decision of 20 fixed deals."""
    views = [TienLenGame(seed=seed).view(TienLenGame(seed=seed).to_move) for seed in range(20)]
    benchmark.group = "tienlen search bot (per decision: divide by 20)"
    bot = SearchTienLenBot(seed=1)
    benchmark.pedantic(lambda: [bot.act(v) for v in views], rounds=3, iterations=1)
