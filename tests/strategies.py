"""Hypothesis strategies for hands, eaten cards, table phỏm and value tables (all as int masks)."""

from __future__ import annotations

from hypothesis import strategies as st

import phom

DECK = range(52)
JQK_TEN = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


def mask_of(indices: list[int]) -> int:
    return sum(1 << i for i in indices)


@st.composite
def tables(draw: st.DrawFn, max_melds: int = 5) -> list[int]:
    """0..max_melds disjoint phỏm (sets of 3/4, runs of 3..6), as masks."""
    count = draw(st.integers(0, max_melds))
    table: list[int] = []
    used = 0
    for _ in range(count * 3):
        if len(table) == count:
            break
        if draw(st.booleans()):
            rank = draw(st.integers(0, 12))
            suits = draw(st.lists(st.integers(0, 3), min_size=3, max_size=4, unique=True))
            meld = mask_of([s * 13 + rank for s in suits])
        else:
            suit = draw(st.integers(0, 3))
            length = draw(st.integers(3, 6))
            low = draw(st.integers(0, 13 - length))
            meld = mask_of([suit * 13 + r for r in range(low, low + length)])
        if meld & used == 0:
            table.append(meld)
            used |= meld
    return table


@st.composite
def hands(draw: st.DrawFn, size: int | None = None, avoid: int = 0) -> int:
    """A hand of 10 or 11 cards (or ``size``): uniform, or meld-rich (cards of 3 to 5 adjacent ranks)."""
    n = size if size is not None else draw(st.sampled_from([10, 11]))
    pool = [i for i in DECK if not avoid >> i & 1]
    if draw(st.booleans()):
        width = draw(st.integers(3, 5))
        low = draw(st.integers(0, 13 - width))
        rich = [i for i in pool if low <= i % 13 < low + width]
        if len(rich) >= n:
            pool = rich
    return mask_of(draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n, unique=True)))


@st.composite
def eaten_for(draw: st.DrawFn, hand: int, legal: bool = True) -> int:
    """1..3 eaten cards inside hand. legal: each in its own phỏm of a disjoint packing (holdable)."""
    if not legal:
        cards = [c.index for c in phom.CardSet(hand)]
        return mask_of(draw(st.lists(st.sampled_from(cards), min_size=1, max_size=3, unique=True)))
    free = hand
    eaten = 0
    for _ in range(draw(st.integers(1, 3))):
        options = [m.mask for m in phom.melds(free)]
        if not options:
            break
        meld = draw(st.sampled_from(options))
        eaten |= 1 << draw(st.sampled_from([c.index for c in phom.CardSet(meld)]))
        free &= ~meld
    return eaten


values_tables = st.one_of(
    st.none(),
    st.just(JQK_TEN),
    st.lists(st.integers(0, 30), min_size=13, max_size=13).map(tuple),
)


@st.composite
def situations(draw: st.DrawFn, with_table: bool = False) -> tuple[int, int, list[int]]:
    """(hand, eaten, table): eaten is 0, a legal eaten set, or (rarely) any cards of the hand."""
    table = draw(tables()) if with_table else []
    avoid = sum(table)
    hand = draw(hands(avoid=avoid))
    kind = draw(st.sampled_from(["none", "legal", "legal", "any"]))
    eaten = 0 if kind == "none" else draw(eaten_for(hand, legal=kind == "legal"))
    return hand, eaten, table
