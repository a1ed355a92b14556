"""Full 4-player games through the public API: RandomBots acting on their views, and a bare loop over
``legal_actions()``. Per-game time in the summary; actions per game in extra_info.
"""

from __future__ import annotations

import random

import pytest

from phom import Game
from phom.bots import RandomBot

GAMES = 50


def play_random_games(seed: int) -> int:
    """Play GAMES random games; return the number of actions applied."""
    rng = random.Random(seed)
    actions = 0
    for i in range(GAMES):
        game = Game(seed=seed * 1000 + i)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            actions += 1
    return actions


def play_random_bot_games(seed: int) -> int:
    """GAMES games of four RandomBots, each acting on its own view; return the number of actions."""
    actions = 0
    for i in range(GAMES):
        game = Game(seed=seed * 1000 + i)
        bots = [RandomBot(seed * 1000 + i * 4 + p) for p in range(4)]
        while not game.is_over:
            p = game.to_move
            game.apply(bots[p].act(game.view(p)))
            actions += 1
    return actions


@pytest.mark.parametrize(("group", "play"), [
    ("game: full 4-player random game", play_random_games),
    ("game: 4 RandomBots on their views", play_random_bot_games),
], ids=["legal_actions loop", "RandomBots on views"])
def test_games(benchmark, group, play):
    benchmark.group = group
    benchmark.extra_info["impl"] = "core"
    benchmark.extra_info["calls"] = GAMES
    actions = benchmark(play, 1)
    benchmark.extra_info["actions_per_game"] = actions / GAMES
    assert actions > GAMES * 20
