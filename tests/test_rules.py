"""Rules and Stakes: checked once on construction, frozen, keyword-only; values tables cached by value."""

from __future__ import annotations

import pytest

import phom
from phom import Rules, Stakes
from phom.phom.solver import value_table

GIN = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 1}, "players"), ({"players": True}, "players"), ({"hand_size": 10}, "hand_size"),
        ({"chot_rule": "x"}, "chot_rule"), ({"eat_pay": "double"}, "eat_pay"), ({"tai_gui": 1}, "tai_gui"),
        ({"values": (1,) * 12}, "Rules.values has 12 entries"), ({"values": (1,) * 12 + (-1,)}, r"Rules.values\[12\]"),
        ({"values": (1,) * 12 + (True,)}, r"Rules.values\[12\] = True"), ({"values": "A23"}, "Rules.values"),
        ({"stakes": 3}, "stakes"),
        # past a C long: the core's fast path declines it and the check names it (once an OverflowError)
        ({"values": (2**64,) + (1,) * 12}, r"Rules.values\[0\] = 18446744073709551616 is outside"),
        ({"values": (1,) * 12 + (-2**63 - 1,)}, r"Rules.values\[12\] = -9223372036854775809 is outside"),
    ],
)
def test_rules_are_checked(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Rules(**kwargs)


def test_rules_are_frozen_and_keyword_only():
    with pytest.raises(TypeError):
        Rules(4)  # type: ignore[misc]
    with pytest.raises(AttributeError):
        Rules().players = 3  # type: ignore[misc]
    with pytest.raises(ValueError, match="Stakes.u"):
        Stakes(u=-1)
    assert Rules.from_dict(Rules(players=3, stakes=Stakes(u=7)).to_dict()) == Rules(players=3, stakes=Stakes(u=7))


def test_values_become_one_cached_table():
    rules = Rules(values=list(GIN))
    assert rules.values == GIN and isinstance(rules.values, tuple)
    assert rules.value_table is value_table(GIN) is value_table(list(GIN)) is value_table(rules.value_table)
    assert rules.value_table.per_card[12] == 10 and rules.value_table.per_card[13] == 1
    assert Rules().value_table is value_table(None)


def test_a_bool_never_hits_the_cache_of_an_equal_int_table():
    value_table([1] * 13)   # cached
    with pytest.raises(ValueError, match=r"values\[0\] = True"):
        value_table([True] + [1] * 12)
    with pytest.raises(ValueError, match=r"values\[0\] = True"):
        phom.min_points("9H", values=(True,) * 13)


def test_values_accept_a_list_a_tuple_or_a_table_with_the_same_answer():
    hand = "9H 10H JH QC KC 3D"
    table = value_table(GIN)
    assert phom.min_points(hand, values=list(GIN)) == phom.min_points(hand, values=GIN) == \
        phom.min_points(hand, values=table) == 23
