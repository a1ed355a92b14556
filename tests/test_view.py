"""PlayerView: one player's knowledge, frozen when taken, never showing a hidden card."""

from __future__ import annotations

import pytest

from phom import Game, Send
from game_helpers import check_view_hides, play_out


def test_views_never_show_hidden_cards():
    for seed in range(40):
        game = Game(seed=seed)
        play_out(game, "eager", seed, each=lambda g: [check_view_hides(g, p) for p in range(g.players)])


def test_a_view_is_frozen_at_the_moment_it_was_taken():
    game = Game(seed=2)
    view = game.view(1)
    hand, rows, history = view.hand, view.rows, view.history
    for _ in range(8):
        game.apply(game.legal_actions()[0])
    assert view.hand == hand and view.rows == rows and view.history == history == ()
    later = game.view(1)
    assert later.history == tuple(game.history) and len(later.history) == 8
    with pytest.raises(AttributeError):
        view.player = 2  # type: ignore[misc]


def test_view_send_targets_are_the_referees():
    """Every Send a player may make goes to a target his view lists, in every state of many games."""
    for seed in range(30):
        def check(g: Game) -> None:
            if g.is_over:
                return
            view = g.view(g.to_move)
            targets = {(q, i) for q, i, _ in view.send_targets()}
            assert {a.target for a in view.legal_actions if isinstance(a, Send)} <= targets

        play_out(Game(seed=seed), "eager", seed, each=check)


def test_view_arguments():
    game = Game(seed=1)
    for bad in (4, -1, True, "0"):
        with pytest.raises(ValueError, match="is not a seat"):
            game.view(bad)  # type: ignore[arg-type]
    assert game.view(0).legal_actions and game.view(1).legal_actions == ()
