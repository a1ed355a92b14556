"""The rules of a Xì dách table: its seats (2 to 6, one of them the banker), the points under which a player
and the banker are non and must draw, and what xì bàn, xì dách and ngũ linh pay.

>>> XiDachRules.from_dict({"players": 5}).to_dict()
{'players': 5, 'player_min': 16, 'banker_min': 15, 'xi_ban_pays': 3, 'xi_dach_pays': 2, 'ngu_linh_pays': 2}
>>> XiDachRules(players=7)
Traceback (most recent call last):
...
phom_xidach.rules.XiDachRulesError: players: Xì dách seats 2 to 6, not 7
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from phom.refusals import Refusal

from .hands import XiDachPays
from .words import say

__all__ = ["MOST_SEATS", "FEWEST_SEATS", "XiDachRules", "XiDachRulesError"]

FEWEST_SEATS, MOST_SEATS = 2, 6


class XiDachRulesError(Refusal):
    """Rules that are not a Xì dách table's: ``str`` the English naming the field, ``text(lang)`` the
    player's sentence (a ``ValueError``: the service answers it 422 in the player's words).

    >>> XiDachRulesError("players: 7", "Xì dách seats {low} to {high}, not {value}.", low=2, high=6, value=7).text("vi")
    'Xì dách chơi từ 2 đến 6 người, không phải 7.'
    """

    def __init__(self, message: str, sentence: str, **params: Any) -> None:
        super().__init__(message, "xidach_rules", **params)
        self.sentence = sentence

    def text(self, lang: str = "en") -> str:
        return say(self.sentence, lang).format(**self.params)


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
                raise XiDachRulesError(f"{f.name}: a whole number, not {value!r}", "{field}: a whole number, not {value}.",
                                       field=f.name, value=repr(value))
        if not FEWEST_SEATS <= self.players <= MOST_SEATS:
            raise XiDachRulesError(f"players: Xì dách seats {FEWEST_SEATS} to {MOST_SEATS}, not {self.players}",
                                   "Xì dách seats {low} to {high}, not {value}.", low=FEWEST_SEATS, high=MOST_SEATS,
                                   value=self.players)
        for name in ("player_min", "banker_min"):
            if not 2 <= getattr(self, name) <= 21:
                raise XiDachRulesError(f"{name}: points from 2 to 21, not {getattr(self, name)}",
                                       "{field}: points from {low} to {high}, not {value}.", field=name, low=2, high=21,
                                       value=getattr(self, name))
        for name in ("xi_ban_pays", "xi_dach_pays", "ngu_linh_pays"):
            if not 1 <= getattr(self, name) <= 10:
                raise XiDachRulesError(f"{name}: stakes from 1 to 10, not {getattr(self, name)}",
                                       "{field}: stakes from {low} to {high}, not {value}.", field=name, low=1, high=10,
                                       value=getattr(self, name))

    @property
    def pays(self) -> XiDachPays:
        """What the special hands win."""
        return XiDachPays(self.xi_ban_pays, self.xi_dach_pays, self.ngu_linh_pays)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> XiDachRules:
        """The rules from their data; ValueError naming a field that is not one."""
        known = {f.name for f in fields(cls)}
        if not isinstance(data, dict):
            raise XiDachRulesError(f"Xì dách rules are an object, not {data!r}",
                                   "Xì dách rules are an object with the fields {fields}.", fields=", ".join(sorted(known)))
        unknown = sorted(set(data) - known)
        if unknown:
            raise XiDachRulesError(f"Xì dách rules have no field {unknown[0]!r}: the fields are {', '.join(sorted(known))}",
                                   "Xì dách rules have no field {field}: the fields are {fields}.", field=unknown[0],
                                   fields=", ".join(sorted(known)))
        return cls(**data)
