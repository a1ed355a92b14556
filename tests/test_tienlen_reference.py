"""Tiến lên's plain-Python specification: the worked examples of TIENLEN.md §8 and properties of
combinations, beating, legal plays, the fewest-plays split and tới trắng on random hands."""

from __future__ import annotations

import random

import pytest

from phom.cards import Card, CardSet
from phom.tienlen.reference import (
    beats, best_split, classify, count_plays, legal_plays, min_plays, order, strength, toi_trang)
from phom.tienlen.rules import TienLenRules, TienLenStakes

pytestmark = pytest.mark.computational


def test_worked_examples_of_section_8():
    assert beats("5S 6S 7H", "5H 6H 7D")                                   # 7♥ > 7♦
    assert beats("3S 3C 4D 4H 5S 5C", "2H") and not beats("3S 3C 4D 4H 5S 5C", "2S 2H")
    four = "8S 8C 8D 8H"
    assert beats(four, "2S 2H") and beats(four, "4D 4H 5S 5C 6S 6C")
    assert beats("9S 9C 10D 10H JS JC QD QH", four)
    assert classify("QS KS AS").kind == "straight"
    assert classify("KS AS 2S") is None and classify("JD QD KD AD 2D") is None
    hand = "3S 3C 3D 3H 5S 6S 7S 8S 9S 10S JS QS KS"
    assert toi_trang(hand, first_game=True) == "four_threes"
    assert toi_trang(hand) is None


def test_order_and_strength():
    assert [order(Card.parse(c)) for c in ("3S", "10H", "KD", "AS", "2C")] == [0, 7, 10, 11, 12]
    deck = sorted(CardSet((1 << 52) - 1), key=strength)
    assert str(deck[0]) == "3♠" and str(deck[-1]) == "2♥" and len({strength(c) for c in deck}) == 52


@pytest.mark.parametrize(("cards", "kind", "length", "high"), [
    ("9H", "single", 1, "9H"), ("9H 9S", "pair", 2, "9H"), ("KD KS KC", "triple", 3, "KD"),
    ("7S 7C 7D 7H", "four", 4, "7H"), ("10S 10C JS JC QD QH KS KC AS AC", "pairs_run", 10, "AC"),
    ("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH", "straight", 12, "AH"),
])
def test_classify(cards, kind, length, high):
    found = classify(cards)
    assert found is not None and (found.kind, found.length, found.high) == (kind, length, Card.parse(high))


@pytest.mark.parametrize("cards", ["2S 3S 4S", "AS 2S 3S", "3S 3C 4S 4C", "3S 3C 4S 4C 5S", "9S 9C 9D 10S",
                                   "3S 4S 6S", "2S 2C 3S 3C 4S 4C", ""])
def test_not_combinations(cards):
    assert classify(cards) is None


def test_chat_table_and_its_option():
    heo = "2H"
    three = "3S 3C 4D 4H 5S 5C"
    four_pairs = "6S 6C 7D 7H 8S 8C 9S 9C"
    five_pairs = "6S 6C 7D 7H 8S 8C 9S 9C 10S 10C"
    assert beats("8S 8C 8D 8H", heo)
    assert not beats("8S 8C 8D 8H", heo, TienLenRules(four_kind_beats_single_heo=False))
    assert beats(four_pairs, "2S 2C 2D 2H") and not beats("8S 8C 8D 8H", "2S 2C 2D 2H")   # tứ quý heo
    assert beats(five_pairs, "3S 3C 4D 4H 5S 5C 6D 6H") and not beats(four_pairs, "2S 2C 2D")  # no bomb beats 3 heo
    assert beats("4S 4C 5D 5H 6S 6C", three) and not beats(three, "4S 4C 5D 5H 6S 6C")
    assert not beats(three, "2S 2H") and not beats("3S", "2S") and beats("2H", "2S")
    with pytest.raises(ValueError, match="not a combination"):
        beats("3S 5S", "2S")


def random_hands(count: int, size: int = 13, seed: int = 7) -> list[int]:
    rng = random.Random(seed)
    return [sum(1 << c for c in rng.sample(range(52), size)) for _ in range(count)]


def test_legal_plays_are_every_combination_once_and_beat_the_table():
    for hand in random_hands(40, 9):
        plays = legal_plays(hand)
        assert plays == sorted(set(plays)) and all(m & ~hand == 0 and classify(m) for m in plays)
        # every subset of the hand that is a combination is listed
        cards = list(CardSet(hand))
        subsets = {sum(c.mask for c in s) for k in range(1, 5) for s in __import__("itertools").combinations(cards, k)}
        assert {m for m in subsets if classify(m)} == {m for m in plays if m.bit_count() <= 4}
        for table in plays[:: max(1, len(plays) // 6)]:
            answers = legal_plays(hand, table)
            assert all(beats(m, table) for m in answers) and count_plays(hand, table) == len(answers)


def test_fewest_plays_split_the_whole_hand():
    for hand in random_hands(30, 10, seed=3):
        split = best_split(hand)
        assert sum(s.mask for s in split) == hand and len(split) == min_plays(hand)
        assert all(classify(s) is not None for s in split)
        assert min_plays(hand) <= sum(1 for _ in CardSet(hand))
    assert min_plays("3S 4C 5D 6H 7S 8C 9D 10H JS QC KD AH 2S") == 2          # sảnh rồng and a heo
    assert min_plays("3S 3C 4S 4C 5S 5C") == 1


def test_toi_trang_kinds():
    assert toi_trang("3S 3C 4D 4H 5S 5C 9S JD QH KC AS 2D 7H", first_game=True) == "three_pairs_with_3S"
    assert toi_trang("3C 3D 4D 4H 5S 5C 9S JD QH KC AS 2D 7H", first_game=True) is None
    assert toi_trang("3S 4C 5D 6H 7S 8C 9D 10H JS QC KD AH 2S") == "dragon"
    assert toi_trang("3S 3C 5D 5H 7S 7C 9D 9H JS JC KD KH 2S") == "six_pairs"
    assert toi_trang("3S 3C 4D 4H 5S 5C 6D 6H 7S 7C 9D JH 2S") == "five_pairs_run"
    assert toi_trang("3S 3C 3D 5S 5C 5D 7S 7C 7D 9S 9C 9D KH") == "four_triples"
    assert toi_trang("3S 3C 3D 3H 9S 9C 9D 9H 4S 6C 8D JH KS") == "two_fours"
    assert toi_trang("2S 2C 2D 2H 4S 5C 7D 8H 10S JC KD AH 9S") == "four_twos"
    assert toi_trang("3S 4S 5S 6S 7S 8S 9S 10S JS QS 3C 4C 2H") == "one_colour"
    assert toi_trang("3S 4C 6D 7H 8S 10C JD QH KS AC 2D 2H 9C") is None
    # the house rule: the first game also counts the later games' kinds (tứ quý heo here), after its own
    house = TienLenRules(later_toi_trang_in_first_game=True)
    assert toi_trang("2S 2C 2D 2H 4S 5C 7D 8H 10S JC KD AH 9S", first_game=True) is None
    assert toi_trang("2S 2C 2D 2H 4S 5C 7D 8H 10S JC KD AH 9S", first_game=True, rules=house) == "four_twos"
    assert toi_trang("3S 3C 4D 4H 5S 5C 6D 6H 7S 7C 9D JH 2S", first_game=True, rules=house) == "three_pairs_with_3S"


def test_rules_and_stakes_are_checked():
    with pytest.raises(ValueError, match="players"):
        TienLenRules(players=1)
    with pytest.raises(ValueError, match="dem_heo"):
        TienLenRules(dem_heo=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="later_toi_trang_in_first_game"):
        TienLenRules(later_toi_trang_in_first_game="yes")  # type: ignore[arg-type]
    house = TienLenRules(players=3, later_toi_trang_in_first_game=True)
    assert TienLenRules.from_dict(house.to_dict()) == house and house.to_dict()["later_toi_trang_in_first_game"]
    assert TienLenRules.from_dict({"later_toi_trang_in_first_game": True}) == TienLenRules(
        later_toi_trang_in_first_game=True)
    assert not TienLenRules().later_toi_trang_in_first_game
    with pytest.raises(ValueError, match="TienLenStakes.cong"):
        TienLenStakes(cong=-1)
    assert TienLenStakes().by_place(3) == (0, 1, 2)
