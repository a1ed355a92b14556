"""Full games through the public API: random legal play, 4 players.

Reports per-game time and, in extra_info, actions per game (so per-action cost = median / actions).
"""

from __future__ import annotations

import random

from phom import Game

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


def test_random_games(benchmark):
    benchmark.group = "game: full 4-player random game"
    benchmark.extra_info["impl"] = "core"
    benchmark.extra_info["calls"] = GAMES
    actions = benchmark(play_random_games, 1)
    benchmark.extra_info["actions_per_game"] = actions / GAMES
    assert actions > GAMES * 20
