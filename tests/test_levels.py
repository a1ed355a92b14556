"""Bot levels 1–8 for both games: the recipes, the names, bad levels refused, and a short smoke that
level 8 is ahead of level 1 in a duplicate match (the adjacent matches are in LADDER.md)."""

from __future__ import annotations

import pytest

from phom.arena import duplicate
from phom.bots import MonteCarloBot, make_bot
from phom.bots.levels import LEVELS, level_recipe
from phom.tienlen.arena import duplicate as tienlen_duplicate
from phom.tienlen.bots import MonteCarloTienLenBot, make_tienlen_bot

pytestmark = pytest.mark.computational


def test_every_level_builds_its_recipe():
    assert [level.number for level in LEVELS] == list(range(1, 9))
    assert LEVELS[0].name("vi") == "Mới chơi" and LEVELS[-1].name("vi") == "Cao thủ"
    for level in LEVELS:
        for game, factory in (("phom", make_bot), ("tienlen", make_tienlen_bot)):
            bot = factory(f"level:{level.number}")
            recipe = level_recipe(game, level.number)
            assert getattr(bot, "noise", 0.0) == recipe.noise
    assert make_bot("level:8").name == "best" and make_bot("level:8").threads == 2
    assert isinstance(make_tienlen_bot("level:2"), MonteCarloTienLenBot) and make_tienlen_bot("level:2").noise > 0


@pytest.mark.parametrize("name", ["level:0", "level:9", "level:", "level:x"])
def test_a_bad_level_is_refused(name):
    for factory in (make_bot, make_tienlen_bot):
        with pytest.raises(ValueError, match="level:N with N from 1"):
            factory(name)


def test_noise_is_repeatable_from_the_seed():
    from phom import Game

    game = Game(seed=6)
    view = game.view(0)
    picks = [MonteCarloBot(worlds=8, seed=3, noise=5.0).act(view) for _ in range(2)]
    assert picks[0] == picks[1]
    with pytest.raises(ValueError, match="noise"):
        MonteCarloBot(noise=-1)


def test_level_8_is_ahead_of_level_1_in_both_games():
    phom_row = duplicate("level:8", ["level:1"], deals=6, seeds=(6,)).rows[0]
    assert phom_row.mean_net - phom_row.ci95 > 0 and phom_row.mean_net > 2     # +5.7 ± 4.1 (best, 2026-12)
    tienlen_row = tienlen_duplicate("level:8", ["level:1"], deals=6, seeds=(5,)).rows[0]
    assert tienlen_row.verdict == "ahead" and tienlen_row.mean_net > 1
