"""Determinization (phom.worlds): sampled worlds agree with the view on everything the viewer knows."""

from __future__ import annotations

import random

import pytest

import phom
from phom import Game
from phom.bots import GreedyBot
from phom.worlds import sample_world
from game_helpers import play_out


def test_sampled_worlds_agree_with_the_view():
    rng = random.Random(3)
    bot = GreedyBot()

    def choose(_, game):
        p = game.to_move
        view = game.view(p)
        world = sample_world(view, rng)
        assert world.hands[p] == game.hands[p]
        assert world.rows == game.rows and world.laid == game.laid and world.stock_size == game.stock_size
        assert world.unlaid_eaten == game.unlaid_eaten and world.eaten == game.eaten
        assert [a.id for a in world.legal_actions()] == [a.id for a in game.legal_actions()]
        for q in range(4):
            assert len(world.hands[q]) == len(game.hands[q])
            assert phom.min_points(world.hands[q], world.unlaid_eaten[q]) is not None
        hidden = world.hands[p].mask | view.unseen.mask | sum(e.mask for e in world.unlaid_eaten)
        assert all(h.mask & ~hidden == 0 for h in world.hands)
        with pytest.raises(ValueError, match="no record"):
            world.to_json()
        return bot.act(view)

    for seed in range(40):
        play_out(Game(seed=seed), choose)


def test_a_world_plays_on_to_the_end():
    game = Game(seed=5)
    for _ in range(30):
        game.apply(game.legal_actions()[0])
    world = sample_world(game.view(game.to_move), random.Random(1))
    play_out(world, "uniform", 1)
    assert sum(world.result.net) == 0
