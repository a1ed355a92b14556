"""A position described as plain data (what a game server knows of one player's seat), checked and
turned into that player's ``PlayerView``, so hints can be asked for games phom does not host.

The description (JSON-ready; cards as in ``phom.cards``)::

    {"player": 0,                      # the viewer, who is to move
     "hand": "9H 10H ...",             # his hand
     "unlaid_eaten": "10H",            # optional: his eaten cards still in hand
     "phase": "take" | "play",
     "last_discard": "7C",             # optional, take phase: the previous seat's discard (last of its row)
     "stock_size": 11,
     "first_turn": false,              # optional: his very first turn (ù khan may be declared)
     "laid_this_turn": 0, "sent_this_turn": false,   # optional: what he did this turn
     "rules": {...},                   # optional: Rules.to_dict() fields
     "seats": [{"hand_size": 9, "row": "KS 2D", "eaten": "", "laid": ["5S 5C 5D"], "laid_down": true}, ...]}

>>> view = view_from_position({"player": 1, "hand": "9H 10H JH 3C 5D 8S 8C KD QD", "phase": "take",
...     "last_discard": "QS", "stock_size": 14, "seats": [{"hand_size": 9, "row": "QS"}, {"hand_size": 9},
...     {"hand_size": 9}, {"hand_size": 9}]})
>>> [str(a) for a in view.legal_actions]
['draw']
"""

from __future__ import annotations

from typing import Any

from .actions import ACTIONS
from ..cards import DECK_MASK, CardError, CardSet, card_indices, to_card, to_mask
from .referee import legal, turn_kind_of
from .rules import Rules
from .solver import is_meld_mask
from .state import SeatState, State
from .view import PlayerView

__all__ = ["view_from_position"]

_FIELDS = {"player", "hand", "unlaid_eaten", "phase", "last_discard", "stock_size", "first_turn",
           "laid_this_turn", "sent_this_turn", "rules", "seats"}
_SEAT_FIELDS = {"hand_size", "row", "eaten", "laid", "laid_down"}


def _int(data: dict[str, Any], name: str, low: int, high: int, default: int | None = None) -> int:
    value = data.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} = {value!r} must be an integer from {low} to {high}")
    return value


def _bool(data: dict[str, Any], name: str) -> bool:
    value = data.get(name, False)
    if not isinstance(value, bool):
        raise ValueError(f"{name} = {value!r} must be true or false")
    return value


def _cards(value: Any, name: str) -> int:
    if value is None:
        return 0
    if not isinstance(value, (str, list)):
        raise ValueError(f"{name} must be card text like \"9H 10H\" or a list of cards")
    try:
        return to_mask(value, name)
    except CardError as exc:
        raise ValueError(str(exc)) from None


def view_from_position(data: Any) -> PlayerView:
    """The view of ``data["player"]`` in the position ``data`` (see the module docstring); ValueError
    names the first thing that is wrong."""
    if not isinstance(data, dict):
        raise ValueError("a position must be a JSON object")
    unknown = sorted(set(data) - _FIELDS)
    if unknown:
        raise ValueError(f"unknown position fields: {', '.join(unknown)}")
    rules = Rules.from_dict(data["rules"]) if "rules" in data else Rules()
    n = rules.players
    seats_data = data.get("seats")
    if not isinstance(seats_data, list) or len(seats_data) != n:
        raise ValueError(f"seats must be a list of {n} seat objects (one per player)")
    player = _int(data, "player", 0, n - 1)
    phase = data.get("phase")
    if phase not in ("take", "play"):
        raise ValueError(f"phase = {phase!r} must be 'take' or 'play'")
    hand = _cards(data.get("hand"), "hand")
    unlaid = _cards(data.get("unlaid_eaten"), "unlaid_eaten")
    if unlaid & ~hand:
        raise ValueError(f"unlaid_eaten {CardSet(unlaid & ~hand)} is not in hand")
    seen, seats = hand, []
    for q, raw in enumerate(seats_data):
        if not isinstance(raw, dict):
            raise ValueError(f"seats[{q}] must be an object")
        extra = sorted(set(raw) - _SEAT_FIELDS)
        if extra:
            raise ValueError(f"seats[{q}]: unknown fields {', '.join(extra)}")
        size = _int(raw, "hand_size", 0, rules.leader_hand_size + 1)
        row_value = raw.get("row") or []
        row_texts = row_value.replace(",", " ").split() if isinstance(row_value, str) else row_value
        if not isinstance(row_texts, list) or len(row_texts) > 4:
            raise ValueError(f"seats[{q}].row must hold at most 4 cards, oldest first")
        row = [to_card(c, f"seats[{q}].row card").index for c in row_texts]
        laid_values = raw.get("laid") or []
        if not isinstance(laid_values, list) or len(laid_values) > 8:
            raise ValueError(f"seats[{q}].laid must be a list of at most 8 phỏm")
        laid = [_cards(m, f"seats[{q}].laid[{i}]") for i, m in enumerate(laid_values)]
        for i, meld in enumerate(laid):
            if not is_meld_mask(meld):
                raise ValueError(f"seats[{q}].laid[{i}] = {CardSet(meld)} is not a phỏm")
        eaten = _cards(raw.get("eaten"), f"seats[{q}].eaten")
        for name, mask in [(f"seats[{q}].row", sum(1 << c for c in row))] + \
                          [(f"seats[{q}].laid[{i}]", m) for i, m in enumerate(laid)]:
            if mask & seen or (name.endswith(".row") and len(row) != len(set(row))):
                raise ValueError(f"{name} repeats a card shown elsewhere")
            seen |= mask
        seat = SeatState(0)
        seat.row, seat.laid, seat.eaten = row, laid, eaten
        seat.laid_down = _bool(raw, "laid_down")
        seat.lay_order = q if seat.laid_down else -1
        seat.turns = max(1, len(row))
        seats.append((seat, size))
    me, my_size = seats[player]
    if my_size != hand.bit_count():
        raise ValueError(f"seats[{player}].hand_size is {my_size} but the hand holds {hand.bit_count()} cards")
    if me.eaten & ~(hand | sum(me.laid)) or unlaid & ~me.eaten:
        raise ValueError("the player's eaten cards must be in his hand or his laid phỏm, unlaid_eaten among them")
    stock_size = _int(data, "stock_size", 0, rules.stock_size)
    hidden = card_indices(DECK_MASK & ~seen & ~sum(s.eaten for s, _ in seats))
    for q, (seat, size) in enumerate(seats):
        if q == player:
            seat.hand, seat.unlaid_eaten = hand, unlaid
            continue
        seat.unlaid_eaten = seat.eaten & ~sum(seat.laid)
        need = size - seat.unlaid_eaten.bit_count()
        if need < 0 or len(hidden) < need:
            raise ValueError(f"seats[{q}]: hand_size {size} does not fit the cards left unseen")
        seat.hand = seat.unlaid_eaten | sum(1 << c for c in hidden[:need])   # stand-ins: hidden anyway
        hidden = hidden[need:]
    if len(hidden) < stock_size:
        raise ValueError(f"stock_size {stock_size} does not fit the cards left unseen")
    state = State([0] * n, hidden[:stock_size], player)
    state.seats = [seat for seat, _ in seats]
    state.to_move, state.phase = player, phase
    state.turn_kind = turn_kind_of(me)
    first = _bool(data, "first_turn")
    if first:
        me.turns = 0
    state.turn_actions = 0 if first or phase == "take" else 1
    state.laid_this_turn = _int(data, "laid_this_turn", 0, 8, 0)
    state.sent_this_turn = _bool(data, "sent_this_turn")
    discard = data.get("last_discard")
    if discard is not None:
        if phase != "take":
            raise ValueError("last_discard is only for the take phase")
        card = to_card(discard, "last_discard").index
        previous = state.seats[(player - 1) % n].row
        if not previous or previous[-1] != card:
            raise ValueError("last_discard must be the last card of the previous seat's row")
        state.last_discard = card
    if state.sent_this_turn or state.laid_this_turn:
        state.turn_actions = max(state.turn_actions, 1 + state.laid_this_turn)
    actions = tuple(ACTIONS[i] for i in legal(rules, state).ids)
    return PlayerView(rules, state.public(player), actions, [])
