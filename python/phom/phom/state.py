"""The state of one game as plain data: masks, ints and lists, no rules (those live in ``phom.phom.referee``).

``State`` holds what changes during a game; ``SeatState`` one player's part of it. Every field is a
fact of the Phỏm rules, and nothing is stored that another field already says (the number of eats is the
size of ``eaten``, the draws are what the stock lost, móm is an empty ``laid``). The compiled engine
mirrors these two classes field for field. ``PublicState`` is what one player may see of a State.

Cards are card indices and masks (``phom.cards`` documents the bit layout); ``-1`` marks "none".

>>> from phom import Game
>>> state = Game(seed=1).state
>>> state.to_move, state.phase, state.turn_kind, len(state.stock), state.seats[0].hand.bit_count()
(0, 'play', 'normal', 15, 10)
>>> copy = state.clone(); copy.seats[0].row.append(5); state.seats[0].row
[]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from ..cards import Card, CardSet, CardsLike, to_mask

__all__ = ["Deal", "Payment", "Phase", "PublicState", "SeatState", "State", "TurnKind"]

#: take: the player must draw or eat; play: he lays, sends, declares or discards; over: the game ended
Phase = Literal["take", "play", "over"]
#: normal turn; lay-down turn (hạ: the row holds 3 at its start); tái turn (laid down, row below 4)
TurnKind = Literal["normal", "lay", "tai"]
#: (payer, payee, amount, reason); reasons: "eat", "chot", "place", "mom", "u", "u_tron", "u_khan", "den".
Payment = tuple[int, int, int, str]


@dataclass(frozen=True)
class Deal:
    """The cards of a game: each seat's hand, the stock in draw order, and the cards set aside."""

    hands: tuple[CardSet, ...]
    stock: tuple[Card, ...]
    set_aside: CardSet


class SeatState:
    """One player's part of the state.

    ``hand``: cards held (mask). ``eaten``: every card he ate this game (public). ``unlaid_eaten``:
    the eaten cards still in his hand, each of which must be laid in its own phỏm. ``row``: his
    discard row, oldest first (card indices). ``laid``: his phỏm on the table (masks, grown by gửi).
    ``laid_down``: he has played his lay-down turn. ``lay_order``: 0 for the first to lay down, then
    1, 2, … (−1 before). ``had_tai``: he has played a tái turn. ``turns``: discards he has made.
    """

    __slots__ = ("hand", "eaten", "unlaid_eaten", "row", "laid", "laid_down", "lay_order", "had_tai",
                 "turns")

    def __init__(self, hand: int) -> None:
        self.hand = hand
        self.eaten = 0
        self.unlaid_eaten = 0
        self.row: list[int] = []
        self.laid: list[int] = []
        self.laid_down = False
        self.lay_order = -1
        self.had_tai = False
        self.turns = 0

    def clone(self) -> SeatState:
        """An independent copy."""
        other = SeatState.__new__(SeatState)
        other.hand = self.hand
        other.eaten = self.eaten
        other.unlaid_eaten = self.unlaid_eaten
        other.row = self.row.copy()
        other.laid = self.laid.copy()
        other.laid_down = self.laid_down
        other.lay_order = self.lay_order
        other.had_tai = self.had_tai
        other.turns = self.turns
        return other

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SeatState) and all(
            getattr(self, name) == getattr(other, name) for name in SeatState.__slots__)

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in SeatState.__slots__)
        return f"SeatState({fields})"


class State:
    """Everything that changes during a game.

    ``seats``: one SeatState per player. ``stock``: the cards left to draw, the next one last (so a
    draw is ``stock.pop()``). ``lead``: L of chuyển bài, the player due to lay down first (RULES 5.1).
    ``to_move`` (−1 once over), ``phase``, ``turn_kind``. ``last_discard``: the card the player to
    move may eat, made by the previous player (−1: none). ``payments``: the eat payments so far.
    ``last_chot_eater``: who ate the latest chốt (−1: nobody). The rest describe the current turn:
    ``turn_actions`` (actions so far), ``laid_this_turn`` (phỏm laid), ``sent_this_turn`` (any gửi),
    ``ate_chot_from`` (the victim of a chốt eaten this turn, −1: none).
    """

    __slots__ = ("seats", "stock", "lead", "to_move", "phase", "turn_kind", "last_discard", "payments",
                 "last_chot_eater", "turn_actions", "laid_this_turn", "sent_this_turn", "ate_chot_from")

    def __init__(self, hands: Sequence[int], stock: Sequence[int], leader: int) -> None:
        """A fresh state: ``hands`` as masks, ``stock`` in draw order, ``leader`` to move (play phase)."""
        self.seats = [SeatState(h) for h in hands]
        self.stock = list(reversed(stock))
        self.lead = leader
        self.to_move = leader
        self.phase: Phase = "play"
        self.turn_kind: TurnKind = "normal"
        self.last_discard = -1
        self.payments: list[Payment] = []
        self.last_chot_eater = -1
        self.turn_actions = 0
        self.laid_this_turn = 0
        self.sent_this_turn = False
        self.ate_chot_from = -1

    @property
    def players(self) -> int:
        return len(self.seats)

    def clone(self, *, with_stock: bool = True) -> State:
        """An independent copy (seats, stock and payments copied; the stock left empty without ``with_stock``)."""
        other = State.__new__(State)
        other.seats = [seat.clone() for seat in self.seats]
        other.stock = self.stock.copy() if with_stock else []
        other.lead = self.lead
        other.to_move = self.to_move
        other.phase = self.phase
        other.turn_kind = self.turn_kind
        other.last_discard = self.last_discard
        other.payments = self.payments.copy()
        other.last_chot_eater = self.last_chot_eater
        other.turn_actions = self.turn_actions
        other.laid_this_turn = self.laid_this_turn
        other.sent_this_turn = self.sent_this_turn
        other.ate_chot_from = self.ate_chot_from
        return other

    def public(self, viewer: int) -> PublicState:
        """What ``viewer`` may see: this state with the other hands and the stock emptied, and their sizes."""
        hidden = self.clone(with_stock=False)
        seats = hidden.seats
        sizes = tuple([seat.hand.bit_count() for seat in seats])
        mine = seats[viewer].hand
        for seat in seats:
            seat.hand = 0
        seats[viewer].hand = mine
        return PublicState(viewer, hidden, sizes, len(self.stock))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and all(
            getattr(self, name) == getattr(other, name) for name in State.__slots__)

    def __repr__(self) -> str:
        return (f"<State: player {self.to_move} to {self.phase} ({self.turn_kind} turn), "
                f"stock {len(self.stock)}>")


class PublicState(NamedTuple):
    """One player's share of a State: ``state`` with the other hands and the stock emptied, with the
    sizes of those hidden parts. ``with_hidden`` puts chosen hidden cards back (determinization).

    >>> from phom import Game
    >>> public = Game(seed=1).state.public(2)
    >>> public.hand_sizes, public.stock_size, public.state.seats[0].hand
    ((10, 9, 9, 9), 15, 0)
    """

    viewer: int
    state: State
    hand_sizes: tuple[int, ...]
    stock_size: int

    @property
    def visible(self) -> int:
        """The mask of every card the viewer can see: his hand, the rows, the laid phỏm, eaten cards."""
        seen = self.state.seats[self.viewer].hand
        for seat in self.state.seats:
            seen |= seat.eaten | sum(seat.laid) | sum(1 << c for c in seat.row)
        return seen

    def with_hidden(self, hands: Sequence[CardsLike], stock: Sequence[Card | int]) -> State:
        """A full State agreeing with this one, holding ``hands`` (one per seat; the viewer's must be
        his own) and ``stock`` in draw order. Sizes and overlaps are checked; the rest of consistency
        (e.g. that eaten cards can be laid) is the caller's choice of cards."""
        n = len(self.hand_sizes)
        if isinstance(hands, (str, int, CardSet)) or len(hands) != n:
            raise ValueError(f"hands must hold one cards-like per seat ({n} seats)")
        masks = [to_mask(h, f"hands[{p}]") for p, h in enumerate(hands)]
        if masks[self.viewer] != self.state.seats[self.viewer].hand:
            raise ValueError("hands[viewer] must be the viewer's own hand")
        for p, mask in enumerate(masks):
            if mask.bit_count() != self.hand_sizes[p]:
                raise ValueError(f"hands[{p}] has {mask.bit_count()} cards; the view shows {self.hand_sizes[p]}")
        cards = [c.index if isinstance(c, Card) else Card.from_index(c).index for c in stock]
        if len(cards) != self.stock_size:
            raise ValueError(f"stock has {len(cards)} cards; the view shows {self.stock_size}")
        for p, (seat, mask) in enumerate(zip(self.state.seats, masks)):
            if seat.unlaid_eaten & ~mask:
                raise ValueError(f"hands[{p}] lacks the eaten cards {CardSet(seat.unlaid_eaten & ~mask)}")
        held_eaten = sum(seat.unlaid_eaten for seat in self.state.seats)   # visible, yet in hands
        seen = self.visible & ~self.state.seats[self.viewer].hand & ~held_eaten
        for name, mask in [(f"hands[{p}]", m) for p, m in enumerate(masks)] + \
                          [(f"stock[{i}]", 1 << c) for i, c in enumerate(cards)]:
            if mask & seen:
                raise ValueError(f"{name} repeats {CardSet(mask & seen)}")
            seen |= mask
        full = self.state.clone()
        for seat, mask in zip(full.seats, masks):
            seat.hand = mask
        full.stock = list(reversed(cards))
        return full
