"""The compiled Tiến lên core against the plain-Python reference: classification, beating, legal plays
(as sets) and the fewest plays, on thousands of random hands and candidate plays (hypothesis), and the
worked examples of TIENLEN.md §8."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phom.cards import CardSet
from phom.tienlen import TienLenRules, beats, classify, count_plays, legal_plays, min_plays
from phom.tienlen import reference

DECK = list(range(52))


def masks_of(cards: list[int]) -> int:
    return sum(1 << c for c in cards)


hands = st.lists(st.sampled_from(DECK), min_size=0, max_size=13, unique=True).map(masks_of)
game_hands = st.lists(st.sampled_from(DECK), min_size=13, max_size=13, unique=True).map(masks_of)
small = st.lists(st.sampled_from(DECK), min_size=1, max_size=8, unique=True).map(masks_of)


def rank_rich(draw_cards: list[int]) -> int:
    """Cards from few ranks, so that pairs, straights and đôi thông are common."""
    return masks_of(draw_cards)


rich = st.lists(st.sampled_from([c for c in DECK if c % 13 in (2, 3, 4, 5, 6)]), min_size=1, max_size=12,
                unique=True).map(masks_of)


def test_worked_examples_of_section_8_on_the_core():
    assert beats("5S 6S 7H", "5H 6H 7D")
    assert beats("3S 3C 4D 4H 5S 5C", "2H") and not beats("3S 3C 4D 4H 5S 5C", "2S 2H")
    assert beats("8S 8C 8D 8H", "2S 2H") and beats("8S 8C 8D 8H", "4D 4H 5S 5C 6S 6C")
    assert beats("9S 9C 10D 10H JS JC QD QH", "8S 8C 8D 8H")
    assert classify("QS KS AS").kind == "straight"
    assert classify("KS AS 2S") is None and classify("JD QD KD AD 2D") is None
    assert not beats("8S 8C 8D 8H", "2H", TienLenRules(four_kind_beats_single_heo=False))
    with pytest.raises(ValueError, match="play 3♠ 5♠ is not a combination"):
        beats("3S 5S", "2S")


@settings(max_examples=3000)
@given(st.one_of(small, rich))
def test_classification_agrees(cards):
    assert classify(cards) == reference.classify(cards)


@settings(max_examples=2000)
@given(st.one_of(small, rich), st.one_of(small, rich), st.booleans())
def test_beating_agrees(play, table, four_beats):
    rules = TienLenRules(four_kind_beats_single_heo=four_beats)
    if reference.classify(play) is None or reference.classify(table) is None:
        with pytest.raises(ValueError):
            beats(play, table, rules)
    else:
        assert beats(play, table, rules) == reference.beats(play, table, rules)


@settings(max_examples=1000)
@given(st.one_of(hands, rich))
def test_legal_plays_agree_as_sets(hand):
    core = legal_plays(hand)
    assert core.dtype == np.uint64 and list(core) == sorted(set(core.tolist()))
    assert core.tolist() == reference.legal_plays(hand) and count_plays(hand) == len(core)
    if len(core):
        for table in core[:: max(1, len(core) // 4)].tolist():
            assert legal_plays(hand, table).tolist() == reference.legal_plays(hand, table)


@settings(max_examples=1500)
@given(st.one_of(game_hands, hands, rich))
def test_min_plays_agree(hand):
    assert min_plays(hand) == reference.min_plays(hand)


def test_a_sanh_rong_and_its_many_suit_choices():
    hand = CardSet.parse("3S 3C 4S 4C 5S 5C 6S 7S 8S 9S 10S JS QS")
    plays = legal_plays(hand)
    straights = [m for m in plays.tolist() if classify(int(m)).kind == "straight"]
    assert len(straights) == len([m for m in reference.legal_plays(hand) if reference.classify(m).kind == "straight"])
    assert min_plays(hand) == 2 and count_plays(hand, "3H 4H 5H") > 0
