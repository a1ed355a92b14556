from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phom import Card, CardError, CardSet, Suit, cards


def test_mask_encoding_is_suit_major():
    assert Card.parse("AS").index == 0
    assert Card.parse("KS").index == 12
    assert Card.parse("AC").index == 13
    assert Card.parse("KH").index == 51
    assert Card.parse("9H").index == 3 * 13 + 8


@pytest.mark.parametrize("text", ["9H", "9h", "9♥", "9♡"])
def test_notation_variants(text):
    assert Card.parse(text) is Card(9, Suit.HEARTS)


def test_ten_spellings():
    assert Card.parse("10H") is Card.parse("TH") is Card.parse("t♥")


def test_str_and_repr():
    c = Card.parse("10D")
    assert str(c) == "10♦"
    assert repr(c) == "Card('10D')"
    assert eval(repr(c)) is c


def test_card_fields():
    q = Card.parse("QC")
    assert (q.rank, q.suit, q.points, q.code) == (12, Suit.CLUBS, 12, "QC")


def test_cardset_parse_separators():
    assert cards("9H,10H JH") == cards("9♥ T♥,  J♥")
    assert cards("") == CardSet()


def test_cardset_operations():
    a = cards("9H 10H JH")
    b = cards("JH QH")
    assert a | b == cards("9H 10H JH QH")
    assert a & b == cards("JH")
    assert a - b == cards("9H 10H")
    assert a ^ b == cards("9H 10H QH")
    assert cards("9H") <= a and not b <= a
    assert Card.parse("JH") in a and "QH" in b
    assert len(a) == 3 and a.points == 30
    assert [c.code for c in a] == ["9H", "10H", "JH"]
    assert str(a) == "9♥ 10♥ J♥"
    assert eval(repr(a)) == a


def test_cardset_is_immutable_and_hashable():
    a = cards("AS")
    with pytest.raises(AttributeError):
        a._mask = 3  # type: ignore[misc]
    assert {a, cards("AS")} == {a}
    assert pickle.loads(pickle.dumps(a)) == a
    assert pickle.loads(pickle.dumps(Card.parse("AS"))) is Card.parse("AS")


def test_cardset_accepts_every_cards_like():
    expected = cards("AS 2S")
    assert CardSet(0b11) == expected
    assert CardSet([Card.parse("AS"), Card.parse("2S")]) == expected
    assert CardSet(["AS", "2S"]) == expected
    assert CardSet(expected) == expected


@pytest.mark.parametrize(
    ("text", "fragment"),
    [("9X", "'9X'"), ("1H", "'1H'"), ("9H 9H", "appears twice"), ("QH QK", "'QK'"), ("11S", "'11S'")],
)
def test_bad_notation_names_the_input(text, fragment):
    with pytest.raises(CardError, match=fragment):
        cards(text)


@pytest.mark.parametrize("mask", [1 << 52, -1, 1 << 63])
def test_bad_masks(mask):
    with pytest.raises(CardError, match="hand"):
        from phom.cards import to_mask

        to_mask(mask, "hand")


def test_card_error_is_value_error():
    assert issubclass(CardError, ValueError)
    with pytest.raises(ValueError):
        CardSet([Card.parse("AS"), Card.parse("AS")])


@given(st.integers(0, (1 << 52) - 1))
def test_round_trips(mask):
    s = CardSet(mask)
    assert CardSet.parse(s.codes) == s
    assert CardSet.parse(str(s)) == s
    assert CardSet(list(s)) == s
    assert len(s) == bin(mask).count("1")
