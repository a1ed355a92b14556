"""The plain-Python specification of Tiến lên's combinations (the Tiến lên rules, §5): readable and
exhaustive, the oracle the compiled core will be tested against, never a fallback.

Cards are phom's (``phom.cards``); here a card's strength is its rank in the order
``3 4 5 6 7 8 9 10 J Q K A 2``, then its suit ``♠ < ♣ < ♦ < ♥``. Every cards argument takes any
cards-like (text, CardSet, mask, iterable of Card).

>>> classify("5S 6S 7H")
Combo(kind='straight', length=3, high=Card('7H'))
>>> beats("5S 6S 7H", "5H 6H 7D"), beats("3S 3C 4D 4H 5S 5C", "2S 2H")
(True, False)
>>> min_plays("3S 4S 5S 9D 9H KC")
3
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations, product
from typing import Literal

from ..cards import Card, CardSet, CardsLike, to_mask
from .rules import TienLenRules

__all__ = ["HEO", "Combo", "Kind", "beats", "best_split", "classify", "count_plays", "in_order", "legal_plays",
           "min_plays", "order", "strength", "strength_mask", "toi_trang"]

Kind = Literal["single", "pair", "triple", "straight", "pairs_run", "four"]
HEO = 12           # the order of rank 2 (heo)
_ACE = 11          # the order of rank A, the highest a straight or đôi thông may reach


def order(card: Card) -> int:
    """A card's rank in Tiến lên's order: 3 → 0, 4 → 1, …, K → 10, A → 11, 2 → 12.

    >>> order(Card.parse("3S")), order(Card.parse("AS")), order(Card.parse("2H"))
    (0, 11, 12)
    """
    return (card.rank - 3) % 13


def strength(card: Card) -> int:
    """Rank, then suit (♠ ♣ ♦ ♥): 3♠ is 0, 2♥ is 51.

    >>> strength(Card.parse("3S")), strength(Card.parse("2H"))
    (0, 51)
    """
    return order(card) * 4 + int(card.suit)


def in_order(cards: CardsLike, *, codes: bool = False) -> str:
    """The cards weakest first, as Tiến lên ranks them (``codes``: ``3S`` rather than ``3♠``).

    >>> in_order("2H 3S KC 3H"), in_order("2H 3S", codes=True)
    ('3♠ 3♥ K♣ 2♥', '3S 2H')
    """
    ranked = sorted(CardSet(to_mask(cards, "cards")), key=strength)
    return " ".join(c.code if codes else str(c) for c in ranked)


@dataclass(frozen=True)
class Combo:
    """A combination: its ``kind``, its ``length`` in cards, its ``high`` (strongest) card."""

    kind: Kind
    length: int
    high: Card

    @property
    def pairs(self) -> int:
        """How many pairs a đôi thông holds (0 for other kinds)."""
        return self.length // 2 if self.kind == "pairs_run" else 0

    @property
    def is_bomb(self) -> bool:
        """A bomb (hàng, §3.2): four of a kind, or a đôi thông of three pairs or more.

        >>> classify("8S 8C 8D 8H").is_bomb, classify("3S 3C 4D 4H 5S 5C").is_bomb, classify("2S 2H").is_bomb
        (True, True, False)
        """
        return self.kind == "four" or self.pairs >= 3


def _cards(cards: CardsLike, name: str) -> list[Card]:
    return list(CardSet(to_mask(cards, name)))


def classify(cards: CardsLike) -> Combo | None:
    """What combination these cards are (the Tiến lên rules), or None."""
    found = _cards(cards, "cards")
    n = len(found)
    if n == 0:
        return None
    high = max(found, key=strength)
    orders = sorted(order(c) for c in found)
    distinct = sorted(set(orders))
    if len(distinct) == 1:
        kind: dict[int, Kind] = {1: "single", 2: "pair", 3: "triple", 4: "four"}
        return Combo(kind[n], n, high) if n in kind else None
    consecutive = distinct == list(range(distinct[0], distinct[0] + len(distinct)))
    if not consecutive or distinct[-1] > _ACE:
        return None
    if n >= 3 and len(distinct) == n:
        return Combo("straight", n, high)
    if n >= 6 and n == 2 * len(distinct) and all(orders.count(o) == 2 for o in distinct):
        return Combo("pairs_run", n, high)
    return None


def _combo(cards: CardsLike, name: str) -> Combo:
    found = classify(cards)
    if found is None:
        raise ValueError(f"{name} {CardSet(to_mask(cards, name))} is not a combination")
    return found


def _chop(play: Combo, table: Combo, rules: TienLenRules) -> bool:
    """the Tiến lên rules: does the bomb ``play`` beat ``table`` out of its kind?"""
    heo_single = table.kind == "single" and order(table.high) == HEO
    heo_pair = table.kind == "pair" and order(table.high) == HEO
    if play.kind == "pairs_run" and play.pairs == 3:
        return heo_single
    if play.kind == "four":
        return (heo_single and rules.four_kind_beats_single_heo) or heo_pair or table.pairs == 3
    if play.kind == "pairs_run" and play.pairs >= 4:
        beaten = heo_single or heo_pair or table.pairs == 3 or table.kind == "four"
        return beaten or (play.pairs >= 5 and table.pairs == 4)
    return False


def beats(play: CardsLike, table: CardsLike, rules: TienLenRules | None = None) -> bool:
    """Does ``play`` beat ``table``: the same kind and length with a stronger highest card (§3.1), or a
    chặt (§3.2)? Both must be combinations (ValueError otherwise)."""
    rules = rules if rules is not None else TienLenRules()
    mine, theirs = _combo(play, "play"), _combo(table, "table")
    if mine.kind == theirs.kind and mine.length == theirs.length:
        return strength(mine.high) > strength(theirs.high)
    return _chop(mine, theirs, rules)


def _by_order(hand: list[Card]) -> dict[int, list[Card]]:
    groups: dict[int, list[Card]] = {}
    for card in hand:
        groups.setdefault(order(card), []).append(card)
    return groups


def _all_combinations(hand: list[Card]) -> Iterator[int]:
    """Every combination inside the hand, each exactly once, as masks."""
    groups = _by_order(hand)
    for cards in groups.values():
        for size in (1, 2, 3, 4):
            for chosen in combinations(cards, size):
                yield sum(c.mask for c in chosen)
    for start in range(_ACE + 1):
        for end in range(start + 2, _ACE + 1):     # straights start..end, 3 cards or more
            if any(o not in groups for o in range(start, end + 1)):
                break
            for chosen in product(*(groups[o] for o in range(start, end + 1))):
                yield sum(c.mask for c in chosen)
    for start in range(_ACE + 1):
        for end in range(start + 2, _ACE + 1):     # đôi thông start..end, 3 pairs or more
            if any(len(groups.get(o, [])) < 2 for o in range(start, end + 1)):
                break
            for pairs in product(*(list(combinations(groups[o], 2)) for o in range(start, end + 1))):
                yield sum(c.mask for pair in pairs for c in pair)


def legal_plays(hand: CardsLike, table: CardsLike | None = None, rules: TienLenRules | None = None) -> list[int]:
    """Every combination from ``hand`` that may be played on ``table`` (any, when None), each exactly
    once, as masks, ascending."""
    rules = rules if rules is not None else TienLenRules()
    cards = _cards(hand, "hand")
    found = sorted(set(_all_combinations(cards)))
    if table is None:
        return found
    return [m for m in found if beats(m, table, rules)]


def count_plays(hand: CardsLike, table: CardsLike | None = None, rules: TienLenRules | None = None) -> int:
    """``len(legal_plays(...))``."""
    return len(legal_plays(hand, table, rules))


def _singles_key(split: tuple[int, ...]) -> tuple[int, ...]:
    singles = sorted(strength(next(iter(CardSet(m)))) for m in split if m.bit_count() == 1)
    return tuple(-s for s in singles)


def strength_mask(cards: CardsLike) -> int:
    """The cards as a set of strengths (bit ``strength(card)``), so that comparing two of these
    integers compares the sets by the strongest card they do not share.

    >>> strength_mask("3S"), strength_mask("3S 3C"), strength_mask("4S")
    (1, 3, 16)
    """
    return sum(1 << strength(c) for c in _cards(cards, "cards"))


def _split_key(split: tuple[int, ...]) -> tuple[object, ...]:
    """best_split's order, smaller is better (see its docstring)."""
    from_weakest = sorted(split, key=lambda m: min(strength(c) for c in CardSet(m)))
    singles = sum(m.bit_count() == 1 for m in split)
    return len(split), singles, _singles_key(split), tuple(strength_mask(m) for m in from_weakest)


def _best(remaining: int, memo: dict[int, tuple[int, ...]]) -> tuple[int, ...]:
    """An optimal split of ``remaining`` (see best_split), by exhaustive search on its weakest card:
    every combination holding that card, then the best split of the rest (memoized per hand)."""
    if remaining == 0:
        return ()
    if remaining in memo:
        return memo[remaining]
    cards = list(CardSet(remaining))
    low = min(cards, key=strength)
    best: tuple[int, ...] | None = None
    best_key: tuple[object, ...] = ()
    for combo in set(_all_combinations(cards)):
        if not combo & low.mask:
            continue
        split = (combo, *_best(remaining & ~combo, memo))
        key = _split_key(split)
        if best is None or key < best_key:
            best, best_key = split, key
    assert best is not None
    memo[remaining] = best
    return best


def best_split(hand: CardsLike) -> tuple[CardSet, ...]:
    """One split of a dealt hand (at most 13 cards) into the fewest combinations. Ties: fewest
    singles; then the strongest singles (the split whose weakest differing single is stronger); then,
    building the split from the weakest card up, each time the combination holding that card with
    the weakest cards (the smaller ``strength_mask``). Returned weakest card first.

    >>> [str(s) for s in best_split("3S 4S 5S 9D 9H KC")]
    ['3♠ 4♠ 5♠', '9♦ 9♥', 'K♣']
    >>> [in_order(s) for s in best_split("3S 4C 5D 5H 6S 7C")]
    ['3♠ 4♣ 5♦', '5♥ 6♠ 7♣']
    """
    mask = to_mask(hand, "hand")
    if mask.bit_count() > 13:
        raise ValueError(f"hand has {mask.bit_count()} cards: best_split takes a dealt hand of at most 13")
    split = _best(mask, {})
    return tuple(sorted((CardSet(m) for m in split), key=lambda s: min(strength(c) for c in s)))


def _fewest(remaining: int, memo: dict[int, int]) -> int:
    """The fewest plays for ``remaining``: every combination holding its weakest card, then the rest."""
    if remaining == 0:
        return 0
    if remaining not in memo:
        cards = list(CardSet(remaining))
        low = min(cards, key=strength).mask
        memo[remaining] = 1 + min(_fewest(remaining & ~combo, memo)
                                  for combo in set(_all_combinations(cards)) if combo & low)
    return memo[remaining]


def min_plays(hand: CardsLike) -> int:
    """The fewest combinations that play the whole hand out (any number of cards)."""
    return _fewest(to_mask(hand, "hand"), {})


def toi_trang(hand: CardsLike, *, first_game: bool = False, rules: TienLenRules | None = None) -> str | None:
    """The instant win (tới trắng, §5) this dealt hand has, if any: in the first game of a match
    ``"four_threes"`` or ``"three_pairs_with_3S"``; in later games ``"dragon"`` (3 … A), ``"six_pairs"``,
    ``"five_pairs_run"``, ``"four_triples"``, ``"two_fours"``, ``"four_twos"`` or ``"one_colour"``
    (12 or 13 cards black or red), the first that applies in that order. Under the house rule
    ``rules.later_toi_trang_in_first_game`` the first game also counts the later games' kinds, after its own.

    >>> toi_trang("3S 3C 3D 3H 5S 6S 7S 8S 9S 10S JS QS KS", first_game=True)
    'four_threes'
    >>> heo = "2S 2C 2D 2H 3S 5C 7D 9H JS KC 4D 6H 8S"
    >>> toi_trang(heo, first_game=True), toi_trang(heo, first_game=True,
    ...                                             rules=TienLenRules(later_toi_trang_in_first_game=True))
    (None, 'four_twos')
    """
    cards = _cards(hand, "hand")
    groups = _by_order(cards)
    counts = {o: len(cs) for o, cs in groups.items()}
    if first_game:
        if counts.get(0) == 4:
            return "four_threes"
        three_spades = Card.parse("3S")
        for combo in _all_combinations(cards):
            found = classify(combo)
            if found is not None and found.kind == "pairs_run" and found.pairs == 3 and combo & three_spades.mask:
                return "three_pairs_with_3S"
        if rules is None or not rules.later_toi_trang_in_first_game:
            return None
    if all(o in counts for o in range(_ACE + 1)):
        return "dragon"
    if sum(n // 2 for n in counts.values()) >= 6:
        return "six_pairs"
    run = 0
    for o in range(_ACE + 1):
        run = run + 1 if counts.get(o, 0) >= 2 else 0
        if run >= 5:
            return "five_pairs_run"
    if sum(n >= 3 for n in counts.values()) >= 4:
        return "four_triples"
    if sum(n == 4 for n in counts.values()) >= 2:
        return "two_fours"
    if counts.get(HEO) == 4:
        return "four_twos"
    black = sum(int(c.suit) < 2 for c in cards)
    if black >= 12 or len(cards) - black >= 12:
        return "one_colour"
    return None
