"""Invariants of the compiled solver that hold for every hand."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import phom
from replay import replay_points
from strategies import eaten_for, hands, situations

pytestmark = pytest.mark.computational


@given(situations())
def test_discards_bound_and_eaten_partition_the_hand(situation):
    hand, eaten, _ = situation
    legal = phom.legal_discards(hand, eaten).mask
    bound = phom.bound_cards(hand, eaten).mask
    assert legal | bound | eaten == hand
    assert legal & bound == 0 and legal & eaten == 0 and bound & eaten == 0


@given(situations())
def test_discarding_a_legal_card_keeps_the_eat_condition(situation):
    hand, eaten, _ = situation
    for card in phom.legal_discards(hand, eaten):
        assert phom.min_points(hand & ~card.mask, eaten) is not None
    for card in phom.bound_cards(hand, eaten):
        assert phom.min_points(hand & ~card.mask, eaten) is None


@given(hands(size=9), st.integers(0, 51))
def test_can_eat_iff_eat_melds(hand, card):
    if hand >> card & 1:
        return
    melds = phom.eat_melds(hand, card)
    assert phom.can_eat(hand, card) == bool(melds)
    for meld in melds:
        assert phom.Card.from_index(card) in meld and phom.is_meld(meld)


@given(situations(with_table=True), st.booleans())
def test_best_lay_replays_to_its_points(situation, discard):
    hand, eaten, table = situation
    plan = phom.best_lay(hand, eaten, table, discard=discard)
    if plan is None:
        assert phom.min_points(hand, eaten) is None
        return
    assert replay_points(plan, hand, eaten, table) == plan.points
    if not discard:
        assert plan.discard is None
    elif plan.discard is None:
        assert plan.points == 0 and plan.u  # everything was laid or sent


@given(situations())
def test_arrange_equals_best_lay_without_table_or_discard(situation):
    hand, eaten, _ = situation
    arrangement = phom.arrange(hand, eaten)
    plan = phom.best_lay(hand, eaten, (), discard=False)
    if arrangement is None:
        assert plan is None
        return
    assert plan.points == arrangement.points
    assert plan.melds == arrangement.melds
    assert phom.min_points(hand, eaten) == arrangement.points


@given(situations(with_table=True))
def test_a_table_never_costs_points(situation):
    hand, eaten, table = situation
    plan = phom.best_lay(hand, eaten, table, discard=False)
    alone = phom.best_lay(hand, eaten, (), discard=False)
    assert (plan is None) == (alone is None)
    if plan is not None:
        assert plan.points <= alone.points


@given(situations())
def test_arrangement_is_a_valid_partition(situation):
    hand, eaten, _ = situation
    a = phom.arrange(hand, eaten)
    if a is None:
        return
    laid = 0
    for meld in a.melds:
        assert phom.is_meld(meld)
        assert meld.mask & laid == 0
        assert (meld.mask & eaten).bit_count() == 1 or not meld.mask & eaten
        laid |= meld.mask
    assert laid | a.deadwood.mask == hand and laid & a.deadwood.mask == 0
    assert eaten & ~laid == 0
    assert a.points == a.deadwood.points


@given(st.data())
def test_third_eat_completes_u_and_fourth_is_impossible(data):
    hand = data.draw(hands(size=9))
    eaten = data.draw(eaten_for(hand))
    card = data.draw(st.integers(0, 51).filter(lambda c: not hand >> c & 1))
    if eaten.bit_count() == 2 and phom.can_eat(hand, card, eaten):
        assert phom.can_u(hand | 1 << card, eaten | 1 << card)
    if eaten.bit_count() == 3:
        assert not phom.can_eat(hand, card, eaten)


@given(hands())
def test_can_u_matches_min_points_with_unit_values(hand):
    assert phom.can_u(hand) == (phom.min_points(hand, values=[1] * 13) <= 1)


@given(st.integers(12, 20).flatmap(lambda n: hands(size=n)), st.booleans())
def test_large_hands_agree_across_kernels(hand, with_eaten):
    """Hands beyond game size: run-table path, branch and bound, and the exhaustive packer agree."""
    eaten = 0
    if with_eaten and phom.melds(hand):
        eaten = phom.melds(hand)[0].mask & -phom.melds(hand)[0].mask
    a = phom.arrange(hand, eaten)
    assert phom.min_points(hand, eaten) == a.points
    assert phom.can_u(hand, eaten) == (phom.min_points(hand, eaten, values=[1] * 13) <= 1)
    assert phom.best_lay(hand, eaten, (), discard=False).points == a.points
