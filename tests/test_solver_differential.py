"""The compiled core against the reference, function by function, on random situations."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import phom
from phom import reference
from replay import replay_points
from strategies import eaten_for, hands, situations, values_tables

pytestmark = pytest.mark.computational


@given(hands())
def test_structure_functions(hand):
    assert phom.melds(hand) == reference.melds(hand)
    assert phom.partial_melds(hand) == reference.partial_melds(hand)
    assert phom.isolated(hand) == reference.isolated(hand)
    assert phom.is_u_khan(hand) == reference.is_u_khan(hand)


@given(hands(size=9))
def test_u_khan_on_dealt_hands(hand):
    assert phom.is_u_khan(hand) == reference.is_u_khan(hand)


@given(situations(), values_tables)
def test_arrange_and_min_points(situation, values):
    hand, eaten, _ = situation
    expected = reference.arrange(hand, eaten, values=values)
    assert phom.arrange(hand, eaten, values=values) == expected
    assert phom.min_points(hand, eaten, values=values) == (None if expected is None else expected.points)


@given(situations())
def test_can_u(situation):
    hand, eaten, _ = situation
    assert phom.can_u(hand, eaten) == reference.can_u(hand, eaten)


@given(situations())
def test_legal_and_bound(situation):
    hand, eaten, _ = situation
    assert phom.legal_discards(hand, eaten) == reference.legal_discards(hand, eaten)
    assert phom.bound_cards(hand, eaten) == reference.bound_cards(hand, eaten)


@st.composite
def eat_situations(draw):
    hand = draw(hands(size=draw(st.sampled_from([9, 10]))))
    eaten = draw(st.sampled_from([0, 0, draw(eaten_for(hand))]))
    outside = [i for i in range(52) if not hand >> i & 1]
    near = [i for i in outside if any(hand >> j & 1 for j in (i - 1, i + 1, i - 2, i + 2, i - 13, i + 13) if 0 <= j < 52)]
    card = draw(st.sampled_from(near or outside))
    return hand, card, eaten


@given(eat_situations())
def test_can_eat_and_eat_melds(situation):
    hand, card, eaten = situation
    assert phom.can_eat(hand, card, eaten) == reference.can_eat(hand, card, eaten)
    assert phom.eat_melds(hand, card, eaten) == reference.eat_melds(hand, card, eaten)


@given(situations(with_table=True), st.booleans(), values_tables, st.booleans())
def test_best_lay(situation, discard, values, already_laid):
    hand, eaten, table = situation
    got = phom.best_lay(hand, eaten, table, discard=discard, values=values, already_laid=already_laid)
    expected = reference.best_lay(hand, eaten, table, discard=discard, values=values, already_laid=already_laid)
    if expected is None:
        assert got is None
        return
    assert (got.melds, got.discard, got.points, got.u, got.mom) == (
        expected.melds, expected.discard, expected.points, expected.u, expected.mom)
    assert replay_points(got, hand, eaten, table, values, already_laid) == got.points
    assert replay_points(expected, hand, eaten, table, values, already_laid) == expected.points
