"""The Game facade: construction, copies, states taken over, masks, and argument errors."""

from __future__ import annotations

import pytest

from phom import Game, Rules
from game_helpers import play_out, snapshot


def test_bad_game_arguments():
    with pytest.raises(ValueError, match="leader"):
        Game(leader=4)
    with pytest.raises(ValueError, match="is not a Rules"):
        Game(rules={"players": 2})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="deal hand 1 has"):
        Game(deal=(["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "JS", "QS", "KS"], []))
    with pytest.raises(ValueError, match="4N − 1"):
        rules = Rules(players=2)
        Game(rules, deal=(["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "AC 2C 3C 4C 5C 6C 7C 8C 9C"], ["AD"]))
    with pytest.raises(ValueError, match="a pair"):
        Game(deal=5)  # type: ignore[arg-type]


def test_clone_is_independent():
    game = Game(seed=11)
    twin = game.clone()
    game.apply(game.legal_actions()[0])
    assert twin.history == [] and len(game.history) == 1
    assert snapshot(Game(seed=11)) == snapshot(twin)


def test_seed_makes_the_deal_reproducible():
    assert Game(seed=5).deal == Game(seed=5).deal
    assert Game(seed=5).deal != Game(seed=6).deal


def test_a_game_continues_from_a_state_it_is_given():
    game = Game(seed=8)
    for _ in range(13):
        game.apply(game.legal_actions()[-1])
    other = Game.from_state(game.rules, game.state.clone(), leader=game.leader, history=game.history)
    assert other.legal_actions() == game.legal_actions() and other.history == game.history
    assert other.deal is None
    with pytest.raises(ValueError, match="no record"):
        other.to_json()
    play_out(game, "first")
    with pytest.raises(ValueError, match="over"):
        Game.from_state(game.rules, game.state, leader=0)


def test_legal_action_mask_and_state_properties_agree():
    game = Game(Rules(players=3), seed=2)

    def check(g: Game) -> None:
        assert g.legal_action_mask().nonzero()[0].tolist() == [a.id for a in g.legal_actions()]
        assert g.stock_size + g.draws == g.rules.stock_size
        assert (g.to_move is None) == g.is_over
        if g.last_discard is not None:
            assert g.phase == "take" and g.last_discard[1] == g.prev_seat(g.to_move)

    play_out(game, "eager", 2, each=check)
    assert repr(game).endswith("over>")
