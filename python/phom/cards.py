"""Cards, card sets and the public 52-bit mask encoding.

Bit layout (public and stable): card ``(rank, suit)`` is bit ``suit * 13 + (rank - 1)``, with suits
``S C D H`` = 0..3 (Bích, Tép, Rô, Cơ) and ranks ``A`` = 1 .. ``K`` = 13. A hand is an ``int`` with at
most bits 0..51 set, so each suit owns a 13-bit field and a run is a block of adjacent bits in one field.

>>> hand = CardSet.parse("9H 10H JH")
>>> hand.mask == (1 << 47) | (1 << 48) | (1 << 49)
True
>>> str(hand)
'9♥ 10♥ J♥'
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Iterator
from typing import Union

from .drawing import cards_svg
from .refusals import Refusal

__all__ = [
    "DECK_MASK",
    "RANKS",
    "SUITS",
    "SUIT_FIELD",
    "Card",
    "CardError",
    "CardSet",
    "CardsLike",
    "Suit",
    "card_index",
    "card_indices",
    "cards",
    "to_card",
    "to_mask",
]

RANKS = 13
SUITS = 4
DECK_SIZE = RANKS * SUITS
#: Every card of the deck: bits 0..51.
DECK_MASK = (1 << DECK_SIZE) - 1
#: The 13-bit field of one suit, at suit 0; shift by ``suit * RANKS`` for the others.
SUIT_FIELD = (1 << RANKS) - 1

_RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANK_BY_NAME = {name: rank for rank, name in enumerate(_RANK_NAMES, start=1)}
_RANK_BY_NAME["T"] = 10
_SUIT_BY_NAME = {
    "S": 0, "♠": 0, "♤": 0,
    "C": 1, "♣": 1, "♧": 1,
    "D": 2, "♦": 2, "♢": 2,
    "H": 3, "♥": 3, "♡": 3,
}
_TOKEN = re.compile(r"^(10|[2-9TAJQK])([SCDH♠♣♦♥♤♧♢♡])$", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,]+")


def _field_indices(suit: int) -> list[tuple[int, ...]]:
    """For every 13-bit pattern of one suit's field, the card indices it holds, lowest first."""
    table: list[tuple[int, ...]] = [()]
    for rank in range(RANKS):   # doubling: the patterns with this rank are the earlier ones plus it
        table += [t + (suit * RANKS + rank,) for t in table]
    return table


_SPADES, _CLUBS, _DIAMONDS, _HEARTS = (_field_indices(s) for s in range(SUITS))


def card_indices(mask: int) -> list[int]:
    """The card indices (bits) of a mask, lowest first (one table look-up per suit).

    >>> card_indices(0b1010), card_indices(1 << 51)
    ([1, 3], [51])
    """
    return [*_SPADES[mask & SUIT_FIELD], *_CLUBS[mask >> 13 & SUIT_FIELD], *_DIAMONDS[mask >> 26 & SUIT_FIELD],
            *_HEARTS[mask >> 39 & SUIT_FIELD]]


class CardError(Refusal):
    """Bad card notation, a duplicate card, or a mask with bits above 51: ``str`` is the English
    sentence, and where a person typed the cards, ``text(lang)`` says it in his language
    (``phom.refusals``)."""

    def __init__(self, message: str, code: str = "bad_cards", **params: object) -> None:
        super().__init__(message, code, **params)


class Suit(enum.IntEnum):
    """The four suits in mask order. Suits have no value in Phỏm; the order is only the encoding.

    >>> Suit.HEARTS.symbol, Suit.HEARTS.letter
    ('♥', 'H')
    """

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3

    @property
    def letter(self) -> str:
        return "SCDH"[self]

    @property
    def symbol(self) -> str:
        return "♠♣♦♥"[self]


def card_index(rank: int, suit: int) -> int:
    """The mask bit of a card: ``suit * 13 + (rank - 1)``.

    >>> card_index(1, 0), card_index(13, 3)
    (0, 51)
    """
    if not (isinstance(rank, int) and 1 <= rank <= RANKS):
        raise CardError(f"rank {rank!r} is not an integer from 1 (A) to 13 (K)")
    if not (isinstance(suit, int) and 0 <= suit < SUITS):
        raise CardError(f"suit {suit!r} is not an integer from 0 (S) to 3 (H)")
    return int(suit) * RANKS + (int(rank) - 1)


class Card:
    """One playing card; immutable, one shared instance per card.

    >>> c = Card.parse("9h")
    >>> c.rank, c.suit, c.index, c.points
    (9, <Suit.HEARTS: 3>, 47, 9)
    >>> str(c), repr(c)
    ('9♥', "Card('9H')")
    >>> Card(10, Suit.SPADES) is Card.parse("TS") is Card("10S")
    True
    """

    __slots__ = ("_index",)
    _index: int
    _cache: list[Card] = []

    def __new__(cls, rank: int | str, suit: int | None = None) -> Card:
        if suit is None:
            if isinstance(rank, str):
                return cls.parse(rank)
            raise CardError(f"Card({rank!r}) needs card text like '9H', or a rank and a suit")
        if isinstance(rank, str):
            raise CardError(f"Card({rank!r}, {suit!r}): give card text alone, or an int rank and suit")
        return cls._cache[card_index(rank, suit)]

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card of mask bit ``index`` (0..51)."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < DECK_SIZE:
            raise CardError(f"card index {index!r} is not an integer from 0 to 51")
        return cls._cache[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card: rank ``A 2..10 T J Q K`` then suit ``S C D H`` or ``♠ ♣ ♦ ♥``."""
        if not isinstance(text, str):
            raise CardError(f"card {text!r} is not a string")
        match = _TOKEN.match(text.strip())
        if match is None:
            raise CardError(
                f"card {text!r} is not in card notation (rank A 2..10 T J Q K, then suit S C D H or ♠♣♦♥)",
                "not_card_text", token=text.strip())
        rank = _RANK_BY_NAME[match.group(1).upper()]
        suit = _SUIT_BY_NAME[match.group(2).upper()]
        return cls._cache[suit * RANKS + rank - 1]

    @property
    def index(self) -> int:
        return self._index

    @property
    def rank(self) -> int:
        return self._index % RANKS + 1

    @property
    def suit(self) -> Suit:
        return Suit(self._index // RANKS)

    @property
    def mask(self) -> int:
        return 1 << self._index

    @property
    def points(self) -> int:
        """Default points: A = 1, 2..10 face value, J = 11, Q = 12, K = 13."""
        return self.rank

    @property
    def code(self) -> str:
        """ASCII notation, e.g. ``'10H'``."""
        return _RANK_NAMES[self.rank - 1] + self.suit.letter

    def __str__(self) -> str:
        return _RANK_NAMES[self.rank - 1] + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def _repr_svg_(self) -> str:
        """The card drawn (notebooks show it)."""
        return cards_svg([[(self.rank, int(self.suit))]], title=str(self))

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return self._index

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._index < other._index

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self._index,))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")


for _i in range(DECK_SIZE):
    _card = object.__new__(Card)
    object.__setattr__(_card, "_index", _i)
    Card._cache.append(_card)
del _i, _card


CardsLike = Union["CardSet", str, int, Iterable[Card]]


def to_card(card: object, name: str = "card") -> Card:
    """One card from a ``Card``, card text (``"9H"``) or a card index (0..51, NumPy integers too); ``name``
    is for errors. An int card is an index, an int hand a mask (see ``to_mask``).

    >>> to_card("9h") is to_card(47) is Card.parse("9H")
    True
    """
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        try:
            return Card.parse(card)
        except CardError as exc:
            raise CardError(f"{name}: {exc}", exc.code, **exc.params) from None
    if _is_array(card):
        raise TypeError(f"{name} is an array of {getattr(card, 'size', 'several')} values; one card is needed here "
                        "(a Card, card text or a card index)")
    if hasattr(card, "__index__") and not isinstance(card, bool):     # an int, NumPy integer scalars too
        index: int = card.__index__()
        if not 0 <= index < DECK_SIZE:
            raise CardError(f"{name} index {index!r} is not an integer from 0 to 51")
        return Card._cache[index]
    raise CardError(f"{name} {card!r} is not a Card, card text or card index")


def _is_array(value: object) -> bool:
    """Is value a NumPy array (or array-like with dimensions), which no scalar call takes?"""
    return not isinstance(value, str) and getattr(value, "ndim", 0) != 0


def _parse_mask(text: str, name: str) -> int:
    mask = 0
    for token in _SEPARATORS.split(text.strip()):
        if not token:
            continue
        try:
            bit = Card.parse(token).mask
        except CardError as exc:
            raise CardError(f"{name} {text!r}: {exc}", "not_a_card", name=name, token=token) from None
        if mask & bit:
            raise CardError(f"{name} {text!r}: card {token!r} appears twice", "card_twice", name=name, token=token)
        mask |= bit
    return mask


def to_mask(cards: object, name: str = "cards") -> int:
    """Normalise any cards-like value to a 52-bit mask; ``name`` is used in error messages.

    Accepts a ``CardSet``, a ``Card``, a string in card notation, an ``int`` mask (also NumPy integers)
    or an iterable of ``Card`` / card strings.

    >>> to_mask("AS 2S") == 0b11
    True
    >>> to_mask(1 << 52, "hand")
    Traceback (most recent call last):
    ...
    phom.cards.CardError: hand 4503599627370496 has bits above 51 (a mask holds cards 0..51 only)
    """
    if isinstance(cards, CardSet):
        return cards._mask
    if isinstance(cards, str):
        return _parse_mask(cards, name)
    if isinstance(cards, Card):
        return 1 << cards._index
    if isinstance(cards, bool):
        raise CardError(f"{name} {cards!r} is a bool, not cards")
    if _is_array(cards):
        raise TypeError(f"{name} is an array of {getattr(cards, 'size', 'several')} values; one cards-like value is "
                        "needed here (phom.batch takes arrays of hand masks)")
    if hasattr(cards, "__index__"):
        value = cards.__index__()
        if value < 0:
            raise CardError(f"{name} {value} is a negative mask")
        if value >> DECK_SIZE:
            raise CardError(f"{name} {value} has bits above 51 (a mask holds cards 0..51 only)")
        return int(value)
    if isinstance(cards, Iterable):
        mask = 0
        for item in cards:
            if isinstance(item, Card):
                bit = 1 << item._index
            elif isinstance(item, str):
                try:
                    bit = Card.parse(item).mask
                except CardError as exc:
                    raise CardError(f"{name}: {exc}", exc.code, **exc.params) from None
            else:
                raise CardError(f"{name}: item {item!r} is not a Card or card string")
            if mask & bit:
                raise CardError(f"{name}: card {Card.from_index(bit.bit_length() - 1)!r} appears twice")
            mask |= bit
        return mask
    raise CardError(f"{name} {cards!r} is not cards (give a CardSet, card text, an int mask or Cards)")


class CardSet:
    """An immutable set of cards backed by a 52-bit mask.

    >>> hand = CardSet.parse("9H 10H JH 3C")
    >>> len(hand), Card.parse("JH") in hand, hand.points
    (4, True, 33)
    >>> str(hand - cards("3C"))
    '9♥ 10♥ J♥'
    >>> CardSet(hand.mask) == hand
    True
    """

    __slots__ = ("_mask",)
    _mask: int

    def __init__(self, cards: CardsLike = 0) -> None:
        object.__setattr__(self, "_mask", to_mask(cards, "cards"))

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Parse card notation separated by spaces or commas: ``"9H 10H JH"``, ``"9♥,T♥,J♥"``."""
        if not isinstance(text, str):
            raise CardError(f"cards {text!r} is not a string")
        return cls.from_mask(_parse_mask(text, "cards"))

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        """The set of an ``int`` mask, checking only its range: the fast constructor for code that
        already holds masks (``CardSet(x)`` also parses text and iterables).

        >>> str(CardSet.from_mask(0b111))
        'A♠ 2♠ 3♠'
        """
        if type(mask) is not int or mask >> DECK_SIZE or mask < 0:
            if isinstance(mask, bool) or not isinstance(mask, int):
                raise CardError(f"mask {mask!r} is not an int")
            if mask < 0 or mask >> DECK_SIZE:
                raise CardError(f"mask {mask} has bits outside 0..51")
            mask = int(mask)
        self = object.__new__(cls)
        object.__setattr__(self, "_mask", mask)
        return self

    @property
    def mask(self) -> int:
        return self._mask

    @property
    def points(self) -> int:
        """Sum of default card points (A = 1 .. K = 13)."""
        return sum(c.points for c in self)

    @property
    def codes(self) -> str:
        """ASCII notation, e.g. ``'9H 10H JH'``."""
        return " ".join(c.code for c in self)

    def __iter__(self) -> Iterator[Card]:
        mask = self._mask
        while mask:
            low = mask & -mask
            yield Card._cache[low.bit_length() - 1]
            mask ^= low

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __bool__(self) -> bool:
        return self._mask != 0

    def __contains__(self, card: object) -> bool:
        if isinstance(card, Card):
            return bool(self._mask >> card._index & 1)
        if isinstance(card, str):
            return bool(self._mask >> Card.parse(card)._index & 1)
        return False

    def _other(self, other: object) -> int:
        if isinstance(other, CardSet):
            return other._mask
        return to_mask(other, "cards")

    def __or__(self, other: CardsLike) -> CardSet:
        return CardSet.from_mask(self._mask | self._other(other))

    def __and__(self, other: CardsLike) -> CardSet:
        return CardSet.from_mask(self._mask & self._other(other))

    def __sub__(self, other: CardsLike) -> CardSet:
        return CardSet.from_mask(self._mask & ~self._other(other))

    def __xor__(self, other: CardsLike) -> CardSet:
        return CardSet.from_mask(self._mask ^ self._other(other))

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

    def __le__(self, other: CardsLike) -> bool:
        return self._mask & ~self._other(other) == 0

    def __ge__(self, other: CardsLike) -> bool:
        return self._other(other) & ~self._mask == 0

    def __lt__(self, other: CardsLike) -> bool:
        o = self._other(other)
        return self._mask != o and self._mask & ~o == 0

    def __gt__(self, other: CardsLike) -> bool:
        o = self._other(other)
        return self._mask != o and o & ~self._mask == 0

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self._mask == other._mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("CardSet", self._mask))

    def __str__(self) -> str:
        return " ".join(str(c) for c in self)

    def __repr__(self) -> str:
        return f"CardSet({self.codes!r})"

    def _repr_svg_(self) -> str:
        """The cards drawn in index order (notebooks show them); ``phom.phom.render.svg`` groups a hand."""
        return cards_svg([[(c.rank, int(c.suit)) for c in self]], title=str(self) or "no cards")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (CardSet, (self._mask,))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")


def cards(text: str) -> CardSet:
    """Short for ``CardSet.parse(text)``.

    >>> cards("QH KH AH")
    CardSet('AH QH KH')
    """
    return CardSet.parse(text)
