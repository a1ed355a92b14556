"""The reference solver: the same functions as the compiled core, in plain, obviously correct Python.

It follows the rules literally and searches exhaustively, so it is slow (milliseconds per hand). It is the
oracle the tests compare the core with and the baseline of the benchmarks; it is never used as a fallback.
It shares only the card types and result records with the core.

>>> from phom import reference
>>> reference.min_points("9H 10H JH 3C 5D")
8
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations
from numbers import Integral

from ..cards import Card, CardSet, CardsLike, to_card, to_mask
from .results import Arrangement, LayPlan
from .solver import ValueTable, value_table

__all__ = [
    "arrange",
    "best_lay",
    "bound_cards",
    "can_eat",
    "can_u",
    "eat_melds",
    "is_meld",
    "is_u_khan",
    "isolated",
    "legal_discards",
    "melds",
    "min_points",
    "partial_melds",
]

DEFAULT_VALUES = tuple(range(1, 14))

Packing = tuple[frozenset[Card], ...]


def _cards(value: object, name: str) -> frozenset[Card]:
    return frozenset(CardSet(to_mask(value, name)))


def _hand_and_eaten(hand: CardsLike, eaten: CardsLike | None) -> tuple[frozenset[Card], frozenset[Card]]:
    h = _cards(hand, "hand")
    e = frozenset() if eaten is None else _cards(eaten, "eaten")
    if not e <= h:
        hint = ""
        if isinstance(eaten, Integral) and not isinstance(eaten, bool) and 0 <= eaten < 52:   # as the core says it
            card = Card.from_index(int(eaten))
            hint = f"; an int is a mask of cards, not a card's index: for {card} write '{card.code}'"
        raise ValueError(f"eaten cards {CardSet(e - h)} are not in hand (hand must contain every eaten card){hint}")
    return h, e


def _values(values: Sequence[int] | ValueTable | None) -> tuple[int, ...]:
    """The checked values: the one check of the package (``phom.phom.solver.value_table``); the search
    below stays plain Python."""
    return DEFAULT_VALUES if values is None else value_table(values).ranks


def _set(cards: Iterable[Card]) -> CardSet:
    return CardSet(list(cards))


def _points(cards: Iterable[Card], values: Sequence[int]) -> int:
    return sum(values[c.rank - 1] for c in cards)


# ---------------------------------------------------------------------------------------------------
# Phỏm and cạ, straight from RULES section 1


def _is_meld(cards: frozenset[Card]) -> bool:
    if len(cards) < 3:
        return False
    ranks = sorted(c.rank for c in cards)
    suits = {c.suit for c in cards}
    if len(set(ranks)) == 1:
        return len(cards) in (3, 4)
    if len(suits) != 1:
        return False
    return all(b == a + 1 for a, b in zip(ranks, ranks[1:]))


def _is_partial(a: Card, b: Card) -> bool:
    if a.rank == b.rank:
        return True
    return a.suit == b.suit and abs(a.rank - b.rank) in (1, 2)


def is_meld(cards: CardsLike) -> bool:
    """Is this exactly one phỏm?"""
    return _is_meld(_cards(cards, "cards"))


def _all_melds(hand: frozenset[Card]) -> list[frozenset[Card]]:
    found: list[frozenset[Card]] = []
    for rank in range(1, 14):
        same = [c for c in hand if c.rank == rank]
        for size in (3, 4):
            found.extend(frozenset(combo) for combo in combinations(same, size))
    for suit in range(4):
        for low in range(1, 14):
            for high in range(low + 2, 14):
                run = frozenset(Card(r, suit) for r in range(low, high + 1))
                if run <= hand:
                    found.append(run)
    return found


def _sorted_sets(groups: Iterable[frozenset[Card]]) -> list[CardSet]:
    return sorted((_set(g) for g in groups), key=lambda s: s.mask)


def melds(hand: CardsLike) -> list[CardSet]:
    """Every phỏm inside hand, sorted by mask."""
    return _sorted_sets(_all_melds(_cards(hand, "hand")))


def partial_melds(hand: CardsLike) -> list[CardSet]:
    """Every cạ inside hand, sorted by mask."""
    h = _cards(hand, "hand")
    return _sorted_sets(frozenset(p) for p in combinations(h, 2) if _is_partial(*p))


def isolated(hand: CardsLike) -> CardSet:
    """Cards of hand in no phỏm and no cạ."""
    h = _cards(hand, "hand")
    used: set[Card] = set()
    for meld in _all_melds(h):
        used |= meld
    for a, b in combinations(h, 2):
        if _is_partial(a, b):
            used |= {a, b}
    return _set(h - used)


def is_u_khan(hand: CardsLike) -> bool:
    """No cạ and no phỏm."""
    h = _cards(hand, "hand")
    return not _all_melds(h) and not any(_is_partial(a, b) for a, b in combinations(h, 2))


# ---------------------------------------------------------------------------------------------------
# Packings: every choice of pairwise disjoint phỏm


def _packings(hand: frozenset[Card]) -> list[Packing]:
    all_melds = _all_melds(hand)
    result: list[Packing] = []

    def extend(start: int, used: frozenset[Card], chosen: Packing) -> None:
        result.append(chosen)
        for i in range(start, len(all_melds)):
            if not all_melds[i] & used:
                extend(i + 1, used | all_melds[i], (*chosen, all_melds[i]))

    extend(0, frozenset(), ())
    return result


def _obeys_eat_rule(packing: Packing, eaten: frozenset[Card]) -> bool:
    """RULES 4.1: every eaten card in one of the phỏm, and no phỏm holding two eaten cards."""
    laid = frozenset().union(*packing)
    return eaten <= laid and all(len(meld & eaten) <= 1 for meld in packing)


def _valid_packings(hand: frozenset[Card], eaten: frozenset[Card]) -> list[Packing]:
    return [p for p in _packings(hand) if _obeys_eat_rule(p, eaten)]


def _mask(cards: Iterable[Card]) -> int:
    return sum(1 << c.index for c in cards)


def _tie_key(points: int, left: frozenset[Card], packing: Packing) -> tuple[int, int, int, tuple[int, ...]]:
    """The documented tie-break: points, cards left, mask of the cards left, sorted phỏm masks."""
    return (points, len(left), _mask(left), tuple(sorted(_mask(m) for m in packing)))


def arrange(hand: CardsLike, eaten: CardsLike | None = None, *, values: Sequence[int] | ValueTable | None = None
            ) -> Arrangement | None:
    """A minimum-points arrangement under the eat condition, or None."""
    h, e = _hand_and_eaten(hand, eaten)
    v = _values(values)
    best = None
    for packing in _valid_packings(h, e):
        left = h - frozenset().union(*packing)
        key = _tie_key(_points(left, v), left, packing)
        if best is None or key < best[0]:
            best = (key, packing, left)
    if best is None:
        return None
    key, packing, left = best
    return Arrangement(
        melds=tuple(sorted((_set(m) for m in packing), key=lambda s: s.mask)),
        deadwood=_set(left),
        points=key[0],
    )


def min_points(hand: CardsLike, eaten: CardsLike | None = None, *, values: Sequence[int] | ValueTable | None = None
               ) -> int | None:
    """The fewest points of a valid arrangement, or None."""
    result = arrange(hand, eaten, values=values)
    return None if result is None else result.points


def can_u(hand: CardsLike, eaten: CardsLike | None = None) -> bool:
    """Every card in phỏm but at most one, under the eat condition."""
    h, e = _hand_and_eaten(hand, eaten)
    return any(len(h - frozenset().union(*p)) <= 1 for p in _valid_packings(h, e))


# ---------------------------------------------------------------------------------------------------
# Eating and bound cards


def _eat_inputs(hand: CardsLike, card: Card | str | int, eaten: CardsLike | None
                ) -> tuple[frozenset[Card], frozenset[Card], Card]:
    h, e = _hand_and_eaten(hand, eaten)
    x = to_card(card)
    if x in h:
        raise ValueError(f"card {x} is already in hand")
    return h | {x}, e | {x}, x


def can_eat(hand: CardsLike, card: Card | str | int, eaten: CardsLike | None = None) -> bool:
    """May card be eaten? (some packing of hand + card keeps every eaten card in its own phỏm)"""
    h, e, _ = _eat_inputs(hand, card, eaten)
    return bool(_valid_packings(h, e))


def eat_melds(hand: CardsLike, card: Card | str | int, eaten: CardsLike | None = None) -> list[CardSet]:
    """The phỏm that card can sit in, in some valid packing after eating it; sorted by mask."""
    h, e, x = _eat_inputs(hand, card, eaten)
    found = {meld for p in _valid_packings(h, e) for meld in p if x in meld}
    return _sorted_sets(found)


def legal_discards(hand: CardsLike, eaten: CardsLike | None = None) -> CardSet:
    """Cards whose discard keeps the eat condition for the cards kept (eaten cards never)."""
    h, e = _hand_and_eaten(hand, eaten)
    return _set(c for c in h - e if _valid_packings(h - {c}, e))


def bound_cards(hand: CardsLike, eaten: CardsLike | None = None) -> CardSet:
    """Cards that are not eaten and not discardable."""
    h, e = _hand_and_eaten(hand, eaten)
    return _set(c for c in h - e if not _valid_packings(h - {c}, e))


# ---------------------------------------------------------------------------------------------------
# Lay-down and gửi: try every packing, then every order of sends


def _send_outcomes(rest: frozenset[Card], table: tuple[frozenset[Card], ...]) -> set[frozenset[Card]]:
    """Every set of cards that can still be in hand after some sequence of valid sends."""

    @lru_cache(maxsize=None)
    def explore(rest: frozenset[Card], table: tuple[frozenset[Card], ...]) -> frozenset[frozenset[Card]]:
        outcomes = {rest}
        for card in rest:
            for i, meld in enumerate(table):
                if _is_meld(meld | {card}):
                    grown = (*table[:i], meld | {card}, *table[i + 1:])
                    outcomes |= explore(rest - {card}, grown)
        return frozenset(outcomes)

    return set(explore(rest, table))


def best_lay(hand: CardsLike, eaten: CardsLike | None = None, table: Sequence[CardsLike] = (), *,
             discard: bool = True, values: Sequence[int] | ValueTable | None = None, already_laid: bool = False
             ) -> LayPlan | None:
    """The lay-down + gửi (+ discard of the highest-valued card left) leaving the fewest points.

    Sending needs a phỏm of one's own on the table: laid now, or earlier (``already_laid``)."""
    h, e = _hand_and_eaten(hand, eaten)
    v = _values(values)
    if isinstance(table, (str, int, CardSet)):
        raise ValueError("table must be a sequence of phỏm (one cards-like per phỏm), not one card set")
    tmelds = tuple(_cards(m, f"table[{i}]") for i, m in enumerate(table))
    on_table: set[Card] = set()
    for i, meld in enumerate(tmelds):
        if not _is_meld(meld) or meld & h or meld & on_table:
            raise ValueError(f"table[{i}] = {_set(meld)} is not a phỏm apart from the hand and other phỏm")
        on_table |= meld

    def thrown(left: frozenset[Card]) -> Card | None:
        if not discard or not left:
            return None
        return max(left, key=lambda c: (v[c.rank - 1], c.index))

    best = None
    for packing in _valid_packings(h, e):
        rest = h - frozenset().union(*packing)
        outcomes = _send_outcomes(rest, tmelds) if packing or already_laid else {rest}
        for left in outcomes:
            out = thrown(left)
            points = _points(left, v) - (v[out.rank - 1] if out else 0)
            key = _tie_key(points, left, packing)
            if best is None or key < best[0]:
                best = (key, packing, left, out)
    if best is None:
        return None
    key, packing, left, out = best
    sent = h - frozenset().union(*packing) - left
    return LayPlan(
        melds=tuple(sorted((_set(m) for m in packing), key=lambda s: s.mask)),
        sends=_some_send_order(sent, tmelds),
        discard=out,
        points=key[0],
        u=(bool(packing) or already_laid) and len(left) <= 1,
        mom=not packing and not already_laid,
    )


def _some_send_order(sent: frozenset[Card], table: tuple[frozenset[Card], ...]) -> tuple[tuple[Card, int], ...]:
    """Any order in which every card of sent can be played onto the table (depth-first search)."""

    def search(todo: frozenset[Card], table: tuple[frozenset[Card], ...]) -> list[tuple[Card, int]] | None:
        if not todo:
            return []
        for card in sorted(todo):
            for i, meld in enumerate(table):
                if _is_meld(meld | {card}):
                    rest = search(todo - {card}, (*table[:i], meld | {card}, *table[i + 1:]))
                    if rest is not None:
                        return [(card, i), *rest]
        return None

    order = search(sent, table)
    assert order is not None, "the chosen sends must be playable"
    return tuple(order)
