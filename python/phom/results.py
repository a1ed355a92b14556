"""Result records of the solver, shared by the compiled core and the reference.

>>> from phom.cards import cards
>>> a = Arrangement(melds=(cards("9H 10H JH"),), deadwood=cards("2S"), points=2)
>>> a.points, str(a.melds[0])
(2, '9♥ 10♥ J♥')
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, CardSet

__all__ = ["Arrangement", "LayPlan"]


@dataclass(frozen=True)
class Arrangement:
    """A partition of a hand into disjoint phỏm and deadwood that obeys the eat condition.

    ``melds`` are sorted by mask (ascending); ``points`` is the value of ``deadwood``.
    """

    melds: tuple[CardSet, ...]
    deadwood: CardSet
    points: int

    def __str__(self) -> str:
        laid = " | ".join(str(m) for m in self.melds) or "no phỏm"
        return f"{laid}; left {self.deadwood or '—'} ({self.points} points)"


@dataclass(frozen=True)
class LayPlan:
    """A lay-down (hạ), the cards sent onto table phỏm (gửi) in order, and the discard.

    ``sends`` holds ``(card, table_index)`` pairs in the order they must be sent, so chains work.
    ``points`` is what stays in hand after the discard (if any). ``u`` is true when at most one card
    was left before the discard; ``mom`` when no phỏm is laid.
    """

    melds: tuple[CardSet, ...]
    sends: tuple[tuple[Card, int], ...]
    discard: Card | None
    points: int
    u: bool
    mom: bool

    def __str__(self) -> str:
        parts = [" | ".join(str(m) for m in self.melds) or "no phỏm (móm)"]
        if self.sends:
            parts.append("send " + ", ".join(f"{card}→table[{i}]" for card, i in self.sends))
        if self.discard is not None:
            parts.append(f"discard {self.discard}")
        parts.append(f"{self.points} points" + (" — ù" if self.u else ""))
        return "; ".join(parts)
