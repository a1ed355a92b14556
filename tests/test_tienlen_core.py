"""The compiled Tiến lên core against the plain-Python reference: classification, beating, legal plays
(as sets) and the fewest plays, on thousands of random hands and candidate plays (hypothesis), and the
worked examples of TIENLEN.md §8."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phom.cards import CardSet
from phom.tienlen import TienLenRules, beats, best_split, classify, count_plays, legal_plays, min_plays, toi_trang
from phom.tienlen import reference

pytestmark = pytest.mark.computational

DECK = list(range(52))


def examples(count: int) -> int:
    """``count`` under the default profile, scaled with PHOM_EXAMPLES / the thorough profile."""
    return max(1, count * settings.default.max_examples // 2000)


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


@settings(max_examples=examples(3000))
@given(st.one_of(small, rich))
def test_classification_agrees(cards):
    assert classify(cards) == reference.classify(cards)


@settings(max_examples=examples(2000))
@given(st.one_of(small, rich), st.one_of(small, rich), st.booleans())
def test_beating_agrees(play, table, four_beats):
    rules = TienLenRules(four_kind_beats_single_heo=four_beats)
    if reference.classify(play) is None or reference.classify(table) is None:
        with pytest.raises(ValueError):
            beats(play, table, rules)
    else:
        assert beats(play, table, rules) == reference.beats(play, table, rules)


@settings(max_examples=examples(1000))
@given(st.one_of(hands, rich))
def test_legal_plays_agree_as_sets(hand):
    core = legal_plays(hand)
    assert core.dtype == np.uint64 and list(core) == sorted(set(core.tolist()))
    assert core.tolist() == reference.legal_plays(hand) and count_plays(hand) == len(core)
    if len(core):
        for table in core[:: max(1, len(core) // 4)].tolist():
            assert legal_plays(hand, table).tolist() == reference.legal_plays(hand, table)


@settings(max_examples=examples(1500))
@given(st.one_of(game_hands, hands, rich))
def test_min_plays_agree(hand):
    assert min_plays(hand) == reference.min_plays(hand)


def test_a_sanh_rong_and_its_many_suit_choices():
    hand = CardSet.parse("3S 3C 4S 4C 5S 5C 6S 7S 8S 9S 10S JS QS")
    plays = legal_plays(hand)
    straights = [m for m in plays.tolist() if classify(int(m)).kind == "straight"]
    assert len(straights) == len([m for m in reference.legal_plays(hand) if reference.classify(m).kind == "straight"])
    assert min_plays(hand) == 2 and count_plays(hand, "3H 4H 5H") > 0


@settings(max_examples=examples(1500))
@given(st.one_of(game_hands, hands, rich))
def test_best_split_agrees_and_is_a_split(hand):
    split = best_split(hand)
    assert [s.mask for s in split] == [s.mask for s in reference.best_split(hand)]
    assert sum(s.mask for s in split) == hand and len(split) == min_plays(hand)
    assert all(classify(s) is not None for s in split)


def test_best_split_tie_breaks():
    # two straights rather than a long one and a single; the weakest card's play is the smallest
    assert [str(s) for s in best_split("3S 4C 5D 5H 6S 7C")] == [str(CardSet.parse("3S 4C 5D")),
                                                                  str(CardSet.parse("5H 6S 7C"))]
    # two plays either way: two straights (no single) rather than a đôi thông and a single
    assert [classify(s).kind for s in best_split("3S 3C 4S 4C 5S 5C 6S")] == ["straight", "straight"]
    # fewest plays first: a đôi thông and a single rather than three plays without a single
    assert [classify(s).kind for s in best_split("3S 3C 4S 4C 5S 5C 9S")] == ["pairs_run", "single"]
    # the single left over is the strongest suit of its rank
    assert CardSet.parse("9H") in best_split("9S 9H 10S JS")
    with pytest.raises(ValueError, match="14 cards: best_split takes a dealt hand of at most 13"):
        best_split("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S 3H")


def toi_trang_prone(draw):
    """Hands that often are tới trắng: many pairs, long runs of ranks, one colour, many threes."""
    kind = draw(st.sampled_from(["pairs", "ranks", "colour", "threes", "heo"]))
    if kind == "heo":                                # tứ quý heo: a later game's kind
        cards = [1, 14, 27, 40]
    elif kind == "pairs":
        ranks = draw(st.lists(st.integers(0, 12), min_size=5, max_size=7, unique=True))
        cards = [r + 13 * s for r in ranks for s in draw(st.permutations(range(4)))[:2]]
    elif kind == "ranks":
        cards = [r + 13 * draw(st.integers(0, 3)) for r in range(13) if draw(st.integers(0, 12))]
    elif kind == "colour":
        cards = draw(st.lists(st.integers(0, 25), min_size=11, max_size=13, unique=True))
    else:
        cards = draw(st.lists(st.sampled_from([2, 15, 28, 41, 3, 16, 29, 42, 4, 17, 30, 43]), min_size=4,
                              max_size=12, unique=True))
    extra = draw(st.lists(st.sampled_from(DECK), max_size=13, unique=True))
    chosen = list(dict.fromkeys(cards + extra))[:13]
    return masks_of(chosen)


@settings(max_examples=examples(3000))
@given(st.one_of(st.composite(toi_trang_prone)(), game_hands), st.booleans(), st.booleans())
def test_toi_trang_agrees(hand, first_game, later_in_first):
    """The core and the specification agree, with and without the house rule that the first game also
    counts the later games' kinds."""
    rules = TienLenRules(later_toi_trang_in_first_game=later_in_first)
    assert toi_trang(hand, first_game=first_game, rules=rules) == reference.toi_trang(hand, first_game=first_game,
                                                                                     rules=rules)
    assert toi_trang(hand, first_game=first_game) == reference.toi_trang(hand, first_game=first_game)


def test_the_house_rule_counts_later_kinds_in_the_first_game_after_its_own():
    house = TienLenRules(later_toi_trang_in_first_game=True)
    heo = "2S 2C 2D 2H 3S 5C 7D 9H JS KC 4D 6H 8S"
    assert toi_trang(heo, first_game=True) is None                                  # the default: as the rules say
    assert toi_trang(heo, first_game=True, rules=house) == "four_twos"
    assert toi_trang(heo, rules=house) == toi_trang(heo) == "four_twos"             # later games: unchanged
    # the first game's own kinds come first: four 3s with a dragon's ranks is still four_threes
    both = "3S 3C 3D 3H 4S 5S 6S 7S 8S 9S 10S JS QS"
    assert toi_trang(both, first_game=True, rules=house) == "four_threes"
    assert toi_trang("3S 4C 5D 6H 7S 8C 9D 10H JS QC KD AH 2S", first_game=True, rules=house) == "dragon"
    with pytest.raises(ValueError, match="rules"):
        toi_trang(heo, first_game=True, rules="house")  # type: ignore[arg-type]


def test_toi_trang_examples_on_the_core():
    assert toi_trang("3S 3C 3D 3H 5S 6S 7S 8S 9S 10S JS QS KS", first_game=True) == "four_threes"
    assert toi_trang("3S 3C 3D 3H 5S 6S 7S 8S 9S 10S JS QS KS") is None
    assert toi_trang("3S 3C 4D 4H 5S 5C 9S JD QH KC AS 2D 7H", first_game=True) == "three_pairs_with_3S"
    assert toi_trang("3S 4C 5D 6H 7S 8C 9D 10H JS QC KD AH 2S") == "dragon"
    with pytest.raises(ValueError, match="first_game"):
        toi_trang("3S", first_game=1)  # type: ignore[arg-type]
