"""Result records of the solver, shared by the compiled core and the reference.

>>> from phom.cards import cards
>>> a = Arrangement(melds=(cards("9H 10H JH"),), deadwood=cards("2S"), points=2)
>>> a.points, str(a.melds[0])
(2, '9♥ 10♥ J♥')
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, CardSet
from ..drawing import cards_svg

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

    def _repr_svg_(self) -> str:
        """The phỏm grouped, then the cards left (notebooks show it)."""
        groups = [_faces(m) for m in self.melds] + [_faces(self.deadwood)]
        marks = [["meld"] * len(m) for m in self.melds] + [["rac"] * len(self.deadwood)]
        labels = ["phỏm"] * len(self.melds) + [f"left: {self.points} points"]
        return cards_svg(groups, labels=labels, marks=marks, title=str(self))


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

    def _repr_svg_(self) -> str:
        """The phỏm laid, the cards sent (with their table phỏm) and the discard (notebooks show it)."""
        groups = [_faces(m) for m in self.melds]
        labels = ["hạ"] * len(self.melds)
        for card, index in self.sends:
            groups.append([(card.rank, int(card.suit))])
            labels.append(f"gửi → {index}")
        if self.discard is not None:
            groups.append([(self.discard.rank, int(self.discard.suit))])
            labels.append("đánh")
        marks = [["meld"] * len(g) if i < len(self.melds) else [None] * len(g) for i, g in enumerate(groups)]
        return cards_svg(groups, labels=labels, marks=marks, title=str(self))


def _faces(cards: CardSet) -> list[tuple[int, int]]:
    return [(c.rank, int(c.suit)) for c in cards]
