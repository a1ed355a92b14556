"""Replays a LayPlan card by card under the rules, independently of both solvers."""

from __future__ import annotations

from collections.abc import Sequence

from phom import CardSet, is_meld
from phom.phom.reference import is_meld as reference_is_meld


def replay_points(plan, hand: int, eaten: int, table: Sequence[int], values=None, already_laid=False) -> int:
    """Play plan's melds, sends in order and discard; check each step; return the points left."""
    values = values or tuple(range(1, 14))
    rest = hand
    laid = 0
    for meld in plan.melds:
        assert is_meld(meld) and reference_is_meld(meld), f"{meld} is not a phỏm"
        assert meld.mask & ~rest == 0, f"{meld} is not in the remaining hand"
        assert (meld.mask & eaten).bit_count() <= 1, f"{meld} holds two eaten cards"
        rest &= ~meld.mask
        laid |= meld.mask
    assert eaten & ~laid == 0, "an eaten card was not laid"
    assert plan.mom == (not plan.melds and not already_laid)
    grown = list(table)
    if plan.sends:
        assert plan.melds or already_laid, "a móm lay-down sent cards"
    for card, index in plan.sends:
        assert rest >> card.index & 1, f"{card} sent but not in hand"
        assert not eaten >> card.index & 1, f"eaten {card} was sent"
        grown[index] |= card.mask
        assert reference_is_meld(CardSet(grown[index])), f"sending {card} broke table[{index}]"
        rest &= ~card.mask
    u = (bool(plan.melds) or already_laid) and rest.bit_count() <= 1
    assert plan.u == u
    if plan.discard is not None:
        assert rest >> plan.discard.index & 1
        assert values[plan.discard.rank - 1] == max(values[c.rank - 1] for c in CardSet(rest))
        rest &= ~plan.discard.mask
    return sum(values[c.rank - 1] for c in CardSet(rest))
