"""Ranking and money at the end of a game (RULES sections 6 and 8).

>>> from phom.phom.rules import Rules
>>> r = rank_and_settle(Rules(), points=[20, 5, 9, 30], mom=[True, False, False, False],
...                     had_tai=[False] * 4, lay_order=[0, 1, 2, 3], eat_payments=[])
>>> r.ranking, r.net
((1, 2, 3, 0), (-4, 7, -1, -2))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .rules import Rules
from .state import Payment

__all__ = ["Payment", "Result", "UKind", "rank_and_settle", "settle_u"]

UKind = Literal["u", "u_tron", "u_khan"]


@dataclass(frozen=True)
class Result:
    """How a game ended. ``ranking`` is best first and empty when the game ended by ù.

    ``points`` and ``mom`` are per seat; ``payments`` holds every payment of the game, eats included;
    ``net`` is each seat's total, and sums to zero.
    """

    ranking: tuple[int, ...]
    points: tuple[int, ...]
    mom: tuple[bool, ...]
    u: int | None
    u_kind: UKind | None
    payments: tuple[Payment, ...]
    net: tuple[int, ...]

    @property
    def winner(self) -> int:
        """The ù player, or the nhất."""
        return self.u if self.u is not None else self.ranking[0]

    def to_dict(self) -> dict[str, object]:
        return {
            "ranking": list(self.ranking), "points": list(self.points), "mom": list(self.mom),
            "u": self.u, "u_kind": self.u_kind, "payments": [list(p) for p in self.payments],
            "net": list(self.net),
        }


def _net(players: int, payments: Sequence[Payment]) -> tuple[int, ...]:
    net = [0] * players
    for payer, payee, amount, _ in payments:
        net[payer] -= amount
        net[payee] += amount
    return tuple(net)


def rank_and_settle(rules: Rules, *, points: Sequence[int], mom: Sequence[bool], had_tai: Sequence[bool],
                    lay_order: Sequence[int], eat_payments: Sequence[Payment]) -> Result:
    """RULES 6 and 8.2: non-móm by points (ties: no tái first when tai_gui, then earlier lay-down),
    then móm by lay-down order; every place pays the nhất, a móm player pays ``stakes.mom``."""
    n = rules.players
    players = range(n)
    laid = sorted((p for p in players if not mom[p]),
                  key=lambda p: (points[p], had_tai[p] if rules.tai_gui else False, lay_order[p]))
    moms = sorted((p for p in players if mom[p]), key=lambda p: lay_order[p])
    ranking = tuple(laid + moms)
    by_place = rules.stakes.by_place(n)
    payments = list(eat_payments)
    first = ranking[0]
    for place, p in enumerate(ranking[1:], start=1):
        if mom[p]:
            payments.append((p, first, rules.stakes.mom, "mom"))
        elif by_place[place]:
            payments.append((p, first, by_place[place], "place"))
    return Result(ranking, tuple(points), tuple(mom), None, None, tuple(payments), _net(n, payments))


def settle_u(rules: Rules, *, winner: int, kind: UKind, points: Sequence[int], mom: Sequence[bool],
             eat_payments: Sequence[Payment], den_payer: int | None) -> Result:
    """RULES 8.3–8.4: everyone pays the ù amount, or one đền payer pays all of it."""
    n = rules.players
    amount = {"u": rules.stakes.u, "u_tron": rules.stakes.u_tron, "u_khan": rules.stakes.u_khan}[kind]
    payments = list(eat_payments)
    if den_payer is not None:
        payments.append((den_payer, winner, amount * (n - 1), "den"))
    else:
        payments.extend((p, winner, amount, kind) for p in range(n) if p != winner)
    return Result((), tuple(points), tuple(mom), winner, kind, tuple(payments), _net(n, payments))
