"""Hints: the greedy choice, a reason that states the solver's numbers, every alternative ranked."""

from __future__ import annotations

import pytest

import phom
from phom import Game, Rules, Send
from phom.hints import hint
from game_helpers import play_out


def test_hint_agrees_with_the_solver():
    hands = ["9S 10S 2H 4H 6H 8H QH KH 3D JD", "7S 8S 2C 5D KD 4C 6D QC AH", "AS 3S 5S 7C 9C JC 2D 4D 6C",
             "JS QS KS 3C 5C 8C 10C 7D 9D"]
    used = sum(phom.cards(h).mask for h in hands)
    stock = [phom.Card.from_index(c) for c in range(52) if not used >> c & 1][:15]
    game = Game(deal=(hands, stock))
    game.apply(phom.Discard("9S"))
    advice = hint(game)
    assert advice.action == phom.Eat("9S")
    after = phom.cards(hands[1]) | phom.cards("9S")
    best = min(phom.min_points(after - c, phom.cards("9S")) for c in phom.legal_discards(after, "9S"))
    assert advice.reason == f"Eat 9♠: it completes 7♠ 8♠ 9♠ and leaves {best} points after your discard."
    assert {a for a, _, _ in advice.alternatives} == set(game.legal_actions())
    game.apply(phom.Eat("9S"))
    advice = hint(game.view(1))
    assert advice.action == phom.Discard("KD")
    points = phom.min_points(after - phom.cards("KD"), "9S")
    assert f"stays at {points} points" in advice.reason
    scores = [s for _, s, _ in advice.alternatives[1:]]
    assert scores == sorted(scores) and advice.alternatives[0][1] <= min(scores)


def test_hint_errors():
    game = Game(seed=1)
    with pytest.raises(ValueError, match="not to move"):
        hint(game, 2)
    with pytest.raises(ValueError, match="belongs to player 1"):
        hint(game.view(1), 0)



@pytest.mark.parametrize("rules", [Rules(), Rules(tai_gui=False)])
def test_hints_cover_every_legal_action_in_every_kind_of_turn(rules):
    kinds = set()

    def check(game: Game) -> None:
        if game.is_over:
            return
        advice = hint(game)
        assert advice.action in game.legal_actions()
        assert {a for a, _, _ in advice.alternatives} == set(game.legal_actions())
        assert advice.reason.endswith(".")
        kinds.add(game.turn_kind)
        for action, _, reason in advice.alternatives:
            if isinstance(action, Send):
                assert "onto" in reason

    for seed in range(8):
        play_out(Game(rules, seed=seed), "eager", seed, each=check)
    assert kinds == {"normal", "lay", "tai"}


def test_a_search_hint_ranks_the_choices_by_the_money_they_win():
    game = Game(seed=12)
    advice = hint(game, search=True, budget=0.01, seed=3)
    assert advice.action in game.legal_actions() and advice.playouts >= 64 * 2
    values = [v for _, v in advice.values]
    assert values == sorted(values, reverse=True) and advice.action == advice.values[0][0]
    assert [a for a, _, _ in advice.alternatives][: len(values)] == [a for a, _ in advice.values]
    assert advice.reason.startswith(f"Discard {advice.action.card}: it wins ")
    assert f"over {advice.playouts:,} playouts" in advice.reason
    with pytest.raises(ValueError, match="budget"):
        hint(game, search=True, budget=0)


def test_a_search_hint_says_when_there_is_nothing_to_search():
    for seed in range(50):
        game = Game(seed=seed)
        game.apply(game.legal_actions()[0])
        view = game.view(game.to_move)
        if [type(a).__name__ for a in view.legal_actions] == ["Draw"]:
            advice = hint(view, search=True, budget=0.01)
            assert "no choice here worth a search" in advice.reason and advice.values == ()
            return
    raise AssertionError("no position with a forced draw in 50 games")


def test_an_eat_that_leaves_nothing_to_discard_gets_a_hint():
    """Found by the load test: in a tái turn, eating the card that makes a phỏm of the whole hand."""
    from phom.position import view_from_position

    view = view_from_position({
        "player": 1, "hand": "5H 6H", "phase": "take", "last_discard": "7H", "stock_size": 5,
        "seats": [{"hand_size": 4, "row": "KS QS JD 7H", "laid": ["2C 3C 4C"], "laid_down": True},
                  {"hand_size": 2, "row": "AS 2S 9D", "laid": ["8S 8C 8D", "10C JC QC"], "laid_down": True},
                  {"hand_size": 9, "row": "4S"}, {"hand_size": 9, "row": "5S"}]})
    assert view.turn_kind == "tai" and "eat 7H" in [str(a) for a in view.legal_actions]
    advice = hint(view)
    eat = next(reason for a, _, reason in advice.alternatives if str(a) == "eat 7H")
    assert eat == "Eat 7♥ (ăn chốt): it completes 5♥ 6♥ 7♥, which you lay with the rest of your hand."
