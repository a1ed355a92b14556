"""Actions: the fixed id layout, text forms, interning, and the id helpers (the layout's only copy)."""

from __future__ import annotations

import pickle

import pytest

from phom import Action, AutoLay, DeclareU, DeclareUKhan, Discard, Draw, Eat, LayMeld, Send
from phom.phom.actions import MELDS, NUM_ACTIONS, discard_id, eat_id, lay_id, send_id


def test_every_id_round_trips_through_its_action_and_text():
    assert NUM_ACTIONS == 2101 and len(MELDS) == 329
    for action_id in range(NUM_ACTIONS):
        action = Action.from_id(action_id)
        assert action.id == action_id
        assert Action.parse(str(action)) is action
        assert pickle.loads(pickle.dumps(action)) is action


def test_helpers_compute_the_documented_ids():
    assert [Draw().id, DeclareU().id, DeclareUKhan().id, AutoLay().id] == [0, 1, 2, 3]
    assert eat_id(0) == Eat("AS").id == 4 and discard_id(51) == Discard("KH").id == 107
    assert send_id(47, 2, 0) == Send("9H", (2, 0)).id
    assert send_id(51, 3, 7) == 1771 and lay_id(MELDS[0].mask) == 1772 and lay_id(MELDS[-1].mask) == 2100
    with pytest.raises(KeyError):
        lay_id(0b11)


@pytest.mark.parametrize(
    ("text", "message"),
    [("", "empty"), ("fly KS", "unknown keyword"), ("send 8H", "send CARD PLAYER:MELD"), ("draw 3", "nothing"),
     ("lay 5H 6H", "not a phỏm"), ("send 8H 4:0", "player 4"), ("send 8H 0:8", "meld index 8"),
     ("eat 1X", "card notation")],
)
def test_bad_action_text(text, message):
    with pytest.raises(ValueError, match=message):
        Action.parse(text)


def test_bad_ids_and_immutability():
    for bad in (-1, NUM_ACTIONS, True, 2.0):
        with pytest.raises(ValueError, match="action id"):
            Action.from_id(bad)  # type: ignore[arg-type]
    with pytest.raises(AttributeError):
        Draw().id = 5  # type: ignore[misc]
    assert LayMeld("5H 6H 7H") is LayMeld("7H 6H 5H") and Eat("9H") != Discard("9H")
