"""The review at its defaults: a whole 4-seat game of each kind (every seat, every decision), on
fixed-seed games of greedy and random bots. Per game: the median; the interval widths are in
benchmarks/LADDER.md (``review_ladder.py``). Run with ``--benchmark-enable``; in the test run they
execute once, as tests, and check the ledger."""

from __future__ import annotations

import pytest

from phom import Game
from phom.bots import GreedyBot, RandomBot
from phom.review import review
from phom.phom.review_replay import expected_net
from phom.tienlen.review_replay import expected_tienlen_net
from phom.tienlen import TienLenGame
from phom.tienlen.bots import GreedyTienLenBot, RandomTienLenBot


def phom_game(seed: int) -> Game:
    game = Game(seed=seed)
    bots = [GreedyBot(), RandomBot(seed), GreedyBot(), RandomBot(seed + 1)]
    while not game.is_over:
        game.apply(bots[game.to_move].act(game.view(game.to_move)))
    return game


def tienlen_game(seed: int) -> TienLenGame:
    game = TienLenGame(seed=seed)
    bots = [GreedyTienLenBot(), RandomTienLenBot(seed), GreedyTienLenBot(), RandomTienLenBot(seed + 1)]
    while not game.is_over:
        game.apply(bots[game.to_move].act(game.view(game.to_move)))
    return game


@pytest.mark.parametrize("kind", ["phom", "tienlen"])
def test_a_whole_review(benchmark, kind):
    game = phom_game(17) if kind == "phom" else tienlen_game(17)
    # the expected values before the deal are measured once per rules and cached: not part of a game's cost
    expected_net(game.rules) if kind == "phom" else expected_tienlen_net(game.rules, game.first_game)
    benchmark.group = "review: a whole 4-seat game at the defaults"
    result = benchmark.pedantic(lambda: review(game), rounds=3, iterations=1)
    benchmark.extra_info.update(kind=kind, decisions=len(result.decisions), playouts=result.playouts)
    for entry in result.ledger:
        assert entry.expected + entry.skill + entry.luck + entry.others == entry.net
