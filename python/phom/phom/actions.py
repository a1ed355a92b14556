"""Actions: small, frozen, interned records with a text form and a fixed integer id.

Integer id layout (stable; ``NUM_ACTIONS`` = 2101 ids):

==========  =====================================================================
ids         action
==========  =====================================================================
0           ``Draw()``
1           ``DeclareU()``
2           ``DeclareUKhan()``
3           ``AutoLay()``
4..55       ``Eat(card)``: 4 + card index
56..107     ``Discard(card)``: 56 + card index
108..1771   ``Send(card, (player, meld))``: 108 + (card index × 4 + player) × 8 + meld,
            player 0..3, meld 0..7 (the index into that player's laid phỏm)
1772..2100  ``LayMeld(meld)``: 1772 + the meld's position among the 329 phỏm of the deck
            sorted by mask (``MELDS``)
==========  =====================================================================

>>> a = Action.parse("send 8H 2:0")
>>> a, a.id, Action.from_id(a.id) is a
(Send(Card('8H'), (2, 0)), 1596, True)
>>> str(LayMeld("5H 6H 7H")), Discard("KH").id
('lay 5H 6H 7H', 107)
"""

from __future__ import annotations

from typing import ClassVar

from ..cards import DECK_MASK, Card, CardSet, card_indices, to_card, to_mask
from ..refusals import Refusal
from .solver import is_meld, melds

__all__ = [
    "ACTIONS",
    "AUTO_LAY_ID",
    "DECLARE_U_ID",
    "DECLARE_U_KHAN_ID",
    "DRAW_ID",
    "MAX_PLAYERS",
    "MELDS",
    "MELDS_PER_PLAYER",
    "NUM_ACTIONS",
    "Action",
    "AutoLay",
    "DeclareU",
    "DeclareUKhan",
    "Discard",
    "Draw",
    "Eat",
    "LayMeld",
    "Send",
    "discard_id",
    "discard_ids",
    "eat_id",
    "lay_id",
    "send_id",
    "send_ids",
]

MAX_PLAYERS = 4
#: Send ids address at most this many laid phỏm per player (a player lays at most 5 in a game).
MELDS_PER_PLAYER = 8
#: Every phỏm of the deck, sorted by mask: LayMeld ids index this tuple.
MELDS: tuple[CardSet, ...] = tuple(melds(DECK_MASK))
_MELD_POSITION = {m.mask: i for i, m in enumerate(MELDS)}

DRAW_ID, DECLARE_U_ID, DECLARE_U_KHAN_ID, AUTO_LAY_ID = 0, 1, 2, 3
EAT_BASE = 4
DISCARD_BASE = EAT_BASE + 52
SEND_BASE = DISCARD_BASE + 52
LAY_BASE = SEND_BASE + 52 * MAX_PLAYERS * MELDS_PER_PLAYER
NUM_ACTIONS = LAY_BASE + len(MELDS)

_BY_ID: dict[int, Action] = {}


def eat_id(card_index: int) -> int:
    """The id of ``Eat(card)``.

    >>> eat_id(0) == Eat("AS").id
    True
    """
    return EAT_BASE + card_index


def discard_id(card_index: int) -> int:
    """The id of ``Discard(card)``.

    >>> discard_id(51) == Discard("KH").id
    True
    """
    return DISCARD_BASE + card_index


def discard_ids(mask: int) -> list[int]:
    """The ids of ``Discard(card)`` for every card of ``mask``, ascending.

    >>> discard_ids(0b101)
    [56, 58]
    """
    return [DISCARD_BASE + c for c in card_indices(mask)]


def send_ids(mask: int, player: int, meld_index: int) -> list[int]:
    """The ids of ``Send(card, (player, meld_index))`` for every card of ``mask``, ascending."""
    base = SEND_BASE + player * MELDS_PER_PLAYER + meld_index
    return [base + c * MAX_PLAYERS * MELDS_PER_PLAYER for c in card_indices(mask)]


def send_id(card_index: int, player: int, meld_index: int) -> int:
    """The id of ``Send(card, (player, meld_index))`` (see the layout above).

    >>> send_id(Card.parse("8H").index, 2, 0)
    1596
    """
    return SEND_BASE + (card_index * MAX_PLAYERS + player) * MELDS_PER_PLAYER + meld_index


def lay_id(meld: int) -> int:
    """The id of ``LayMeld(meld)`` for a phỏm mask; KeyError if the mask is not a phỏm.

    >>> lay_id(CardSet.parse("5H 6H 7H").mask) == LayMeld("5H 6H 7H").id
    True
    """
    return LAY_BASE + _MELD_POSITION[meld]


class Action:
    """Base class. Actions are interned: equal actions are the same object, compared by ``id``."""

    __slots__ = ("id",)
    id: int
    keyword: ClassVar[str] = ""

    def _intern(self, action_id: int) -> Action:
        existing = _BY_ID.get(action_id)
        if existing is not None:
            return existing
        object.__setattr__(self, "id", action_id)
        _BY_ID[action_id] = self
        return self

    @staticmethod
    def from_id(action_id: int) -> Action:
        """The action with this integer id (0 .. NUM_ACTIONS − 1)."""
        if type(action_id) is int and 0 <= action_id < NUM_ACTIONS:
            return ACTIONS[action_id]
        if isinstance(action_id, bool) or not isinstance(action_id, int) or not 0 <= action_id < NUM_ACTIONS:
            raise ValueError(f"action id {action_id!r} is not an integer from 0 to {NUM_ACTIONS - 1}")
        return ACTIONS[int(action_id)]

    @staticmethod
    def _build(action_id: int) -> Action:
        if action_id < EAT_BASE:
            return (Draw, DeclareU, DeclareUKhan, AutoLay)[action_id]()
        if action_id < DISCARD_BASE:
            return Eat(action_id - EAT_BASE)
        if action_id < SEND_BASE:
            return Discard(action_id - DISCARD_BASE)
        if action_id < LAY_BASE:
            offset = action_id - SEND_BASE
            card_player, meld = divmod(offset, MELDS_PER_PLAYER)
            card, player = divmod(card_player, MAX_PLAYERS)
            return Send(card, (player, meld))
        return LayMeld(MELDS[action_id - LAY_BASE])

    @staticmethod
    def parse(text: str) -> Action:
        """Parse the text form: ``draw``, ``eat 7H``, ``lay 5H 6H 7H``, ``send 8H 2:0``, ``discard KS``,
        ``u``, ``u-khan``, ``autolay``."""
        if not isinstance(text, str):
            raise ValueError(f"action {text!r} is not text")
        words = text.strip().split(None, 1)
        if not words:
            raise ValueError("action text is empty")
        keyword = words[0].lower()
        rest = words[1] if len(words) > 1 else ""
        simple = {"draw": Draw, "u": DeclareU, "u-khan": DeclareUKhan, "autolay": AutoLay}
        try:
            if keyword in simple:
                if rest:
                    raise ValueError(f"'{keyword}' takes nothing after it")
                return simple[keyword]()
            if keyword == "eat":
                return Eat(rest)
            if keyword == "discard":
                return Discard(rest)
            if keyword == "lay":
                return LayMeld(rest)
            if keyword == "send":
                parts = rest.split()
                if len(parts) != 2 or ":" not in parts[1]:
                    raise ValueError("write 'send CARD PLAYER:MELD', e.g. 'send 8H 2:0'")
                player, meld = parts[1].split(":", 1)
                return Send(parts[0], (int(player), int(meld)))
        except Refusal as exc:                # a card typed wrong stays a CardError: not understood, not refused
            raise type(exc)(f"action {text!r}: {exc}", exc.code, **exc.params) from None
        except ValueError as exc:
            raise ValueError(f"action {text!r}: {exc}") from None
        raise ValueError(
            f"action {text!r}: unknown keyword {keyword!r} (draw, eat, lay, send, discard, u, u-khan, autolay)")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __hash__(self) -> int:
        return self.id

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Action) and other.id == self.id)

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Action.from_id, (self.id,))


class Draw(Action):
    """Draw (bốc) the top card of the stock."""

    __slots__ = ()

    def __new__(cls) -> Draw:
        return object.__new__(cls)._intern(DRAW_ID)  # type: ignore[return-value]

    def __str__(self) -> str:
        return "draw"

    def __repr__(self) -> str:
        return "Draw()"


class DeclareU(Action):
    """Declare ù: lay every card in phỏm but at most one, which is discarded."""

    __slots__ = ()

    def __new__(cls) -> DeclareU:
        return object.__new__(cls)._intern(DECLARE_U_ID)  # type: ignore[return-value]

    def __str__(self) -> str:
        return "u"

    def __repr__(self) -> str:
        return "DeclareU()"


class DeclareUKhan(Action):
    """Declare ù khan: a dealt hand with no cạ and no phỏm, at the start of the first turn."""

    __slots__ = ()

    def __new__(cls) -> DeclareUKhan:
        return object.__new__(cls)._intern(DECLARE_U_KHAN_ID)  # type: ignore[return-value]

    def __str__(self) -> str:
        return "u-khan"

    def __repr__(self) -> str:
        return "DeclareUKhan()"


class AutoLay(Action):
    """Play the solver's best lay-down and gửi in one step (the discard stays with the player)."""

    __slots__ = ()

    def __new__(cls) -> AutoLay:
        return object.__new__(cls)._intern(AUTO_LAY_ID)  # type: ignore[return-value]

    def __str__(self) -> str:
        return "autolay"

    def __repr__(self) -> str:
        return "AutoLay()"


class _CardAction(Action):
    __slots__ = ("card",)
    card: Card
    base: ClassVar[int]

    def __new__(cls, card: Card | str | int | None = None) -> _CardAction:
        if card is None:              # said with the class asked for, not this shared base
            raise TypeError(f"{cls.__name__}() takes the card, e.g. {cls.__name__}('7H')")
        c = to_card(card, cls.keyword)
        self = object.__new__(cls)
        object.__setattr__(self, "card", c)
        return self._intern(cls.base + c.index)  # type: ignore[return-value]

    def __str__(self) -> str:
        return f"{self.keyword} {self.card.code}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.card!r})"


class Eat(_CardAction):
    """Eat (ăn) the previous player's latest discard."""

    __slots__ = ()
    keyword = "eat"
    base = EAT_BASE


class Discard(_CardAction):
    """Discard (đánh) a card from hand; it ends the turn."""

    __slots__ = ()
    keyword = "discard"
    base = DISCARD_BASE


class LayMeld(Action):
    """Lay (hạ) one phỏm from hand."""

    __slots__ = ("meld",)
    meld: CardSet
    keyword = "lay"

    def __new__(cls, meld: CardSet | str | int) -> LayMeld:
        mask = to_mask(meld, "meld")
        position = _MELD_POSITION.get(mask)
        if position is None or not is_meld(mask):
            raise Refusal(f"meld {CardSet(mask)} is not a phỏm", "not_a_phom", cards=str(CardSet(mask)))
        self = object.__new__(cls)
        object.__setattr__(self, "meld", MELDS[position])
        return self._intern(LAY_BASE + position)  # type: ignore[return-value]

    def __str__(self) -> str:
        return f"lay {self.meld.codes}"

    def __repr__(self) -> str:
        return f"LayMeld({self.meld.codes!r})"


class Send(Action):
    """Send (gửi) a card onto a phỏm on the table: ``target = (player, index into his laid phỏm)``."""

    __slots__ = ("card", "target")
    card: Card
    target: tuple[int, int]
    keyword = "send"

    def __new__(cls, card: Card | str | int, target: tuple[int, int]) -> Send:
        c = to_card(card, "send")
        try:
            player, meld = target
        except (TypeError, ValueError):
            raise ValueError(f"send target {target!r} is not a (player, meld index) pair") from None
        for name, value, limit in (("player", player, MAX_PLAYERS), ("meld index", meld, MELDS_PER_PLAYER)):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < limit:
                raise ValueError(f"send target {name} {value!r} is not an integer from 0 to {limit - 1}")
        self = object.__new__(cls)
        object.__setattr__(self, "card", c)
        object.__setattr__(self, "target", (player, meld))
        return self._intern(send_id(c.index, player, meld))  # type: ignore[return-value]

    def __str__(self) -> str:
        return f"send {self.card.code} {self.target[0]}:{self.target[1]}"

    def __repr__(self) -> str:
        return f"Send({self.card!r}, {self.target!r})"


#: Every action, by id (``ACTIONS[i].id == i``).
ACTIONS: tuple[Action, ...] = tuple(Action._build(i) for i in range(NUM_ACTIONS))
