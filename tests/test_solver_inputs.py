"""What a bot author hands the solver: NumPy integer scalars wherever an int goes, arrays refused with
a TypeError that names the ``phom.batch`` call to use, wrong types named, and one "no answer" a module."""

from __future__ import annotations

import numpy as np
import pytest

import phom
from phom import Game, batch, cards
from phom.phom import solver

HAND = cards("9H 10H JH 3C 5D").mask
MASK_SCALARS = [np.uint64, np.int64]       # a mask needs 52 bits
INDEX_SCALARS = [np.int8, np.uint8, np.int16, np.int32, np.uint32, np.int64, np.uint64]


@pytest.mark.parametrize("kind", MASK_SCALARS)
def test_numpy_integer_scalars_are_masks_and_card_indices(kind):
    hand = cards("9H 10H 3C 5D KS 2S 6C 8D QC").mask
    jack = phom.Card.parse("JH").index
    assert phom.min_points(kind(HAND)) == phom.min_points(HAND) == 8
    assert phom.arrange(kind(HAND), kind(0)) == phom.arrange(HAND)
    table = [kind(cards("JS QS KS").mask)]
    assert phom.best_lay(kind(HAND), table=table) == phom.best_lay(HAND, table=[cards("JS QS KS").mask])
    assert phom.can_eat(kind(hand), kind(jack)) and phom.can_eat(hand, jack)
    assert phom.eat_melds(hand, kind(jack)) == phom.eat_melds(hand, jack)
    values = solver.value_table(None)
    assert solver.min_points_mask(kind(HAND), kind(0), values) == 8
    assert solver.legal_discard_mask(kind(HAND), kind(0)) == solver.legal_discard_mask(HAND, 0)
    assert solver.danger(kind(0), kind(cards("2S 3S").mask)) == 1
    assert solver.meld_masks(kind(HAND)) == solver.meld_masks(HAND)


@pytest.mark.parametrize("kind", INDEX_SCALARS)
def test_numpy_integer_scalars_are_card_indices(kind):
    hand = cards("9H 10H 3C 5D KS 2S 6C 8D QC").mask
    jack = phom.Card.parse("JH").index
    assert phom.can_eat(hand, kind(jack)) and phom.eat_melds(hand, kind(jack)) == phom.eat_melds(hand, jack)
    assert solver.danger(kind(0), cards("2S 3S").mask) == 1


@pytest.mark.parametrize(
    ("call", "batch_name"),
    [
        (lambda a: phom.min_points(a), "min_points"),
        (lambda a: phom.arrange(a), "arrange"),
        (lambda a: phom.best_lay(a), "best_lay"),
        (lambda a: phom.best_lay(HAND, a), "best_lay"),
        (lambda a: phom.can_u(a), "can_u"),
        (lambda a: phom.legal_discards(a), "legal_discards"),
        (lambda a: phom.can_eat(HAND, a), "can_eat"),
        (lambda a: solver.min_points_mask(a, 0, solver.value_table(None)), "min_points"),
        (lambda a: solver.legal_discard_mask(a, 0), "legal_discards"),
    ],
)
def test_an_array_in_a_scalar_call_names_the_batch_call(call, batch_name):
    with pytest.raises(TypeError, match=rf"array of 2 values.*call phom\.batch\.{batch_name} "):
        call(np.array([HAND, HAND], dtype=np.uint64))
    assert hasattr(batch, batch_name)


@pytest.mark.parametrize("call", [phom.melds, phom.partial_melds, phom.isolated, phom.is_u_khan, phom.bound_cards,
                                  solver.meld_masks, solver.is_meld_mask])
def test_an_array_where_no_batch_call_exists_says_so(call):
    with pytest.raises(TypeError, match="phom.batch has no"):
        call(np.array([HAND, HAND], dtype=np.uint64))


def test_cards_refuse_arrays_with_a_type_error():
    with pytest.raises(TypeError, match="cards is an array of 2 values"):
        phom.CardSet(np.array([1, 2]))
    from phom.cards import to_card

    with pytest.raises(TypeError, match="card is an array of 1 values"):
        to_card(np.array([3]))
    assert to_card(np.int16(47)) is to_card("9H")


def test_hint_refuses_what_is_not_a_game_or_a_view():
    with pytest.raises(TypeError, match="game_or_view must be a Game or a PlayerView.*not NoneType"):
        phom.hint(None)
    with pytest.raises(TypeError, match="player must be a seat number"):
        phom.hint(Game(seed=1), "0")


def test_no_answer_is_none_in_scalar_calls_and_minus_one_in_arrays():
    hand, eaten = cards("7S 8S 9S 10S").mask, cards("9S 10S").mask
    assert phom.min_points(hand, eaten) is None and phom.arrange(hand, eaten) is None
    assert phom.best_lay(hand, eaten) is None
    assert phom.best_lay(cards("AS 2S 3S").mask).discard is None
    assert batch.min_points([hand], [eaten]).tolist() == [-1]
    assert batch.best_lay([hand], [eaten]).points.tolist() == [-1]
    assert batch.best_lay([cards("AS 2S 3S").mask]).discard.tolist() == [-1]
    assert batch.arrange([hand], [eaten]).points.tolist() == [-1]
    assert solver.min_points_mask(hand, eaten, solver.value_table(None)) == -1   # the mask level, as arrays
