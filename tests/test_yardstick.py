"""The yardstick of both arenas: bots seeded from what they have seen (a mirror match nets exactly 0
on every deal); the luck of a draw is mean zero, but ``mean_cv`` left the report (it narrowed the
interval only 1.32× on fresh deals) and is the plain mean."""

from __future__ import annotations

import numpy as np
import pytest
from phom import Game
from phom.phom.actions import Draw
from phom.arena import draw_luck, duplicate
from phom.matchups import decision_seed
from phom.tienlen.arena import duplicate as tienlen_duplicate

pytestmark = pytest.mark.computational


@pytest.mark.parametrize("bot", ["montecarlo:16", "level:4", "random"])
def test_a_phom_bot_against_copies_of_itself_nets_zero_on_every_deal(bot):
    row = duplicate(bot, [bot], deals=3, seeds=(5,)).rows[0]
    assert row.deals_tied == row.deals == 3 and row.mean_net == 0 and row.ci95 == 0


@pytest.mark.parametrize("bot", ["montecarlo:16", "random"])
def test_a_tienlen_bot_against_copies_of_itself_nets_zero_on_every_deal(bot):
    row = tienlen_duplicate(bot, [bot], deals=3, seeds=(5,)).rows[0]
    assert row.deals_tied == row.deals == 3 and row.mean_net == 0


def test_the_decision_seed_follows_what_the_seat_has_seen():
    game = Game(seed=4)
    before = decision_seed(1, 0, game.view(1))
    game.apply(game.legal_actions()[0])
    assert decision_seed(1, 0, game.view(1)) != before != decision_seed(1, 0, game.view(2))
    assert decision_seed(1, 0, Game(seed=4).view(1)) == before


def test_the_luck_of_a_draw_has_mean_zero_over_shuffles_of_the_stock():
    game = Game(seed=8)
    while game.stock_size > 6 or Draw() not in game.legal_actions():
        game.apply(game.legal_actions()[0])
    rng = np.random.default_rng(0)
    lucks = []
    for _ in range(160):                      # the stock as a shuffled deck leaves it: any order
        world = game.clone()
        rng.shuffle(world.state.stock)
        lucks.append(draw_luck(world))
    lucks = np.array(lucks)
    spread = lucks.std(axis=0, ddof=1) / np.sqrt(len(lucks))
    assert spread.max() > 0 and np.all(np.abs(lucks.mean(axis=0)) <= 4 * spread + 1e-12)


def test_mean_cv_left_the_report_and_is_the_plain_mean():
    report = duplicate("greedy", ["random"], deals=6, seeds=(7,))
    row = report.rows[0]
    assert (row.mean_cv, row.ci95_cv) == (row.mean_net, row.ci95) and "cv" not in report.table()
    tl = tienlen_duplicate("greedy", ["random"], deals=4, seeds=(7,)).rows[0]
    assert (tl.mean_cv, tl.ci95_cv) == (tl.mean_net, tl.ci95)       # no chance event after the deal
