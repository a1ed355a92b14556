"""Costs of the advice and bot layers: a hint, a greedy move, a search move, on positions of real games."""

from __future__ import annotations

import random

import pytest

from phom import Game
from phom.bots import GreedyBot, SearchBot
from phom.phom.hints import hint

POSITIONS = 60


def positions(seed: int = 5) -> list:
    """Views of the player to move, sampled along greedy games."""
    rng = random.Random(seed)
    views = []
    bot = GreedyBot()
    game_seed = 0
    while len(views) < POSITIONS:
        game = Game(seed=game_seed)
        game_seed += 1
        while not game.is_over:
            view = game.view(game.to_move)
            if rng.random() < 0.3:
                views.append(view)
            game.apply(bot.act(view))
    return views[:POSITIONS]


@pytest.fixture(scope="module")
def views():
    return positions()


def test_hint(benchmark, views):
    benchmark.group = "hint per call"
    benchmark.extra_info.update(impl="core", calls=len(views))
    advice = benchmark(lambda: [hint(v) for v in views])
    assert all(a.action in v.legal_actions for a, v in zip(advice, views))


def test_greedy_move(benchmark, views):
    benchmark.group = "GreedyBot.act per call"
    benchmark.extra_info.update(impl="core", calls=len(views))
    bot = GreedyBot()
    benchmark(lambda: [bot.act(v) for v in views])


def test_search_move(benchmark, views):
    benchmark.group = "SearchBot.act (32 worlds) per call"
    benchmark.extra_info.update(impl="core", calls=len(views))
    bot = SearchBot(samples=32, seed=1)
    moves = benchmark.pedantic(lambda: [bot.act(v) for v in views], rounds=3, iterations=1)
    assert all(m in v.legal_actions for m, v in zip(moves, views))
