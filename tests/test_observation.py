"""The observation tensor: its documented layout, filled from the view only."""

from __future__ import annotations

import numpy as np
import pytest

from phom import Game
from phom.phom.observation import OBSERVATION_LAYOUT, OBSERVATION_OFFSETS, OBSERVATION_SIZE, encode
from game_helpers import play_out


def test_layout_is_consistent():
    assert OBSERVATION_SIZE == sum(size for _, size in OBSERVATION_LAYOUT) == 807
    ends = [OBSERVATION_OFFSETS[name] + size for name, size in OBSERVATION_LAYOUT]
    assert ends[-1] == OBSERVATION_SIZE and ends == sorted(ends)


def test_blocks_say_what_the_view_says():
    at = OBSERVATION_OFFSETS

    def check(game: Game) -> None:
        for p in range(game.players):
            view = game.view(p)
            vec = encode(view)
            assert vec.dtype == np.float32 and vec.shape == (OBSERVATION_SIZE,)
            assert np.array_equal(vec, game.observation(p))
            hand = np.nonzero(vec[at["hand"]:at["hand"] + 52])[0].tolist()
            assert hand == [c.index for c in view.hand]
            for k in range(game.players):
                seat = (p + k) % game.players
                row = vec[at[f"seat{k}_row"]:at[f"seat{k}_row"] + 52]
                assert np.nonzero(row)[0].tolist() == sorted(c.index for c in view.rows[seat])
                assert vec[at["seat_hand_size_div10"] + k] == pytest.approx(view.hand_sizes[seat] / 10)
            assert vec[at["stock_fraction"]] == pytest.approx(view.stock_size / game.rules.stock_size)
            if view.to_move is not None:
                assert vec[at["to_move_relative"] + (view.to_move - p) % game.players] == 1

    for seed in range(6):
        play_out(Game(seed=seed), "eager", seed, each=check)
