"""A Xì dách hand's worth: its points (an ace counts 11, 10 or 1 in two cards, 10 or 1 in three, 1 in four or
five; J, Q, K count 10), its class — xì bàn (two aces) > xì dách (an ace and a 10, J, Q or K) > ngũ linh
(five cards, at most 21) > points (the higher wins) — or quắc (over 21), and what one hand pays another.

>>> from phom.cards import CardSet
>>> worth(CardSet.parse("AS AH")), worth(CardSet.parse("AS KH")), worth(CardSet.parse("2S 3S 4S 5S 6S"))
(Worth(kind='xi_ban', points=21), Worth(kind='xi_dach', points=21), Worth(kind='ngu_linh', points=20))
>>> worth(CardSet.parse("AS 5H")), worth(CardSet.parse("AS 5H 9D")), worth(CardSet.parse("KS QH 5D"))
(Worth(kind='points', points=16), Worth(kind='points', points=15), Worth(kind='quac', points=25))
>>> player_net(worth(CardSet.parse("AS KH")), worth(CardSet.parse("10S 9H")), XiDachPays())
2
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import product

from phom.cards import Card

__all__ = ["KINDS", "NATURALS", "Worth", "XiDachPays", "card_points", "player_net", "points", "worth"]

#: the classes of a hand, strongest first (quắc is below every hand)
KINDS = ("xi_ban", "xi_dach", "ngu_linh", "points", "quac")
#: the hands that are settled at the deal, before anyone draws
NATURALS = ("xi_ban", "xi_dach")
_ORDER = {kind: len(KINDS) - i for i, kind in enumerate(KINDS)}


@dataclass(frozen=True)
class XiDachPays:
    """Stakes a winning hand takes: xì bàn, xì dách and ngũ linh pay more, every other win 1."""

    xi_ban: int = 3
    xi_dach: int = 2
    ngu_linh: int = 2

    def of(self, kind: str) -> int:
        """The stakes a hand of ``kind`` wins."""
        return {"xi_ban": self.xi_ban, "xi_dach": self.xi_dach, "ngu_linh": self.ngu_linh}.get(kind, 1)


@dataclass(frozen=True)
class Worth:
    """A hand's class (one of ``KINDS``) and its points."""

    kind: str
    points: int

    def beats(self, other: Worth) -> bool:
        """Whether this hand beats ``other`` when neither is quắc (a class first, then points)."""
        return (_ORDER[self.kind], self.points) > (_ORDER[other.kind], other.points)


def card_points(card: Card) -> int:
    """A card's points without the ace's choice: 2–10 their number, J, Q, K 10, an ace 1."""
    return min(card.rank, 10)


def points(cards: Iterable[Card]) -> int:
    """The best points of a hand: the most that are at most 21, or the fewest when every count is over.

    >>> from phom.cards import CardSet
    >>> points(CardSet.parse("AS 5H")), points(CardSet.parse("AS AD 9H")), points(CardSet.parse("AS 2D 3H 4C"))
    (16, 20, 10)
    """
    held = list(cards)
    aces = sum(1 for c in held if c.rank == 1)
    base = sum(card_points(c) for c in held if c.rank != 1)
    choices = (11, 10, 1) if len(held) <= 2 else (10, 1) if len(held) == 3 else (1,)
    totals = {base + sum(combo) for combo in product(choices, repeat=aces)}
    under = [t for t in totals if t <= 21]
    return max(under) if under else min(totals)


def worth(cards: Iterable[Card]) -> Worth:
    """The class and points of a hand."""
    held = list(cards)
    total = points(held)
    if len(held) == 2 and all(c.rank == 1 for c in held):
        return Worth("xi_ban", 21)
    if len(held) == 2 and sorted(min(c.rank, 10) for c in held) == [1, 10]:
        return Worth("xi_dach", 21)
    if total > 21:
        return Worth("quac", total)
    return Worth("ngu_linh" if len(held) >= 5 else "points", total)


def player_net(player: Worth, banker: Worth, pays: XiDachPays) -> int:
    """What the player takes from the banker (negative: pays), the winner's hand setting the stakes; both
    quắc, or equal hands, hòa (0)."""
    if player.kind == "quac":
        return 0 if banker.kind == "quac" else -pays.of(banker.kind)
    if banker.kind == "quac" or player.beats(banker):
        return pays.of(player.kind)
    return -pays.of(banker.kind) if banker.beats(player) else 0
