"""The rules of a Xì dách table: its seats (2 to 6, one of them the banker), the points under which a player
and the banker are non and must draw, and what xì bàn, xì dách and ngũ linh pay.

>>> XiDachRules.from_dict({"players": 5}).to_dict()
{'players': 5, 'player_min': 16, 'banker_min': 15, 'xi_ban_pays': 3, 'xi_dach_pays': 2, 'ngu_linh_pays': 2}
>>> XiDachRules(players=7)
Traceback (most recent call last):
...
ValueError: players: Xì dách seats 2 to 6, not 7
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from .hands import XiDachPays

__all__ = ["MOST_SEATS", "FEWEST_SEATS", "XiDachRules"]

FEWEST_SEATS, MOST_SEATS = 2, 6


@dataclass(frozen=True)
class XiDachRules:
    """``players`` seats; a player under ``player_min`` points, the banker under ``banker_min``, must draw;
    the stakes a xì bàn, a xì dách and a ngũ linh win."""

    players: int = 4
    player_min: int = 16
    banker_min: int = 15
    xi_ban_pays: int = 3
    xi_dach_pays: int = 2
    ngu_linh_pays: int = 2

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{f.name}: a whole number, not {value!r}")
        if not FEWEST_SEATS <= self.players <= MOST_SEATS:
            raise ValueError(f"players: Xì dách seats {FEWEST_SEATS} to {MOST_SEATS}, not {self.players}")
        for name in ("player_min", "banker_min"):
            if not 2 <= getattr(self, name) <= 21:
                raise ValueError(f"{name}: points from 2 to 21, not {getattr(self, name)}")
        for name in ("xi_ban_pays", "xi_dach_pays", "ngu_linh_pays"):
            if not 1 <= getattr(self, name) <= 10:
                raise ValueError(f"{name}: stakes from 1 to 10, not {getattr(self, name)}")

    @property
    def pays(self) -> XiDachPays:
        """What the special hands win."""
        return XiDachPays(self.xi_ban_pays, self.xi_dach_pays, self.ngu_linh_pays)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> XiDachRules:
        """The rules from their data; ValueError naming a field that is not one."""
        if not isinstance(data, dict):
            raise ValueError(f"Xì dách rules are an object, not {data!r}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"Xì dách rules have no field {unknown[0]!r}: the fields are {', '.join(sorted(known))}")
        return cls(**data)
