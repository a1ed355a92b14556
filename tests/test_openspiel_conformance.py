"""A third party's answer to the solver's problem: OpenSpiel's gin rummy (C++) computes the least deadwood of a
hand — the fewest points left outside sets of 3 or 4 and runs of 3 or more in one suit, faces counting 10 —,
which is ``phom.min_points`` with gin rummy's card values and no eaten card. Both compiled and reference
solvers must agree with it on every hand (OpenSpiel numbers the cards as phom's bits: suit × 13 + rank − 1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import phom
from phom import reference
from phom.benchmarking import GIN_RUMMY_VALUES, card_indices, openspiel_min_deadwood

min_deadwood = openspiel_min_deadwood()
pytestmark = pytest.mark.skipif(min_deadwood is None,
                                reason='OpenSpiel is not installed: python3 -m pip install ".[openspiel]"')

hands = st.lists(st.integers(0, 51), min_size=0, max_size=10, unique=True).map(lambda cards: sum(1 << c for c in cards))
meld_rich = st.tuples(st.integers(0, 9), st.lists(st.integers(0, 15), min_size=3, max_size=10, unique=True)).map(
    lambda t: sum(1 << ((i % 4) * 13 + t[0] + i // 4) for i in t[1]))


@given(st.one_of(hands, meld_rich))
def test_min_points_with_gin_values_is_openspiels_least_deadwood(hand):
    assert min_deadwood is not None
    expected = min_deadwood(card_indices(hand))
    assert phom.min_points(hand, values=GIN_RUMMY_VALUES) == expected


@given(st.one_of(hands, meld_rich))
def test_the_reference_agrees_with_openspiel_too(hand):
    assert min_deadwood is not None
    assert reference.min_points(hand, values=GIN_RUMMY_VALUES) == min_deadwood(card_indices(hand))


def test_a_worked_hand():
    """3♠ 4♠ 5♠ (a run), 9♣ 9♦ 9♥ (a set), K♥ Q♦ 2♣ left over: 10 + 10 + 2 = 22 in gin rummy's values."""
    hand = phom.cards("3S 4S 5S 9C 9D 9H KH QD 2C").mask
    assert phom.min_points(hand, values=GIN_RUMMY_VALUES) == 22 == min_deadwood(card_indices(hand))
