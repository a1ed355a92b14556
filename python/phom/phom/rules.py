"""House rules as data: ``Rules`` and ``Stakes``, frozen and keyword-only, checked on construction.

Every option of the Phỏm rules (docs/en/rules-phom.md) is a field with its default.

>>> Rules.standard().players, Rules.eight_cards().hand_size
(4, 8)
>>> Rules(players=5)
Traceback (most recent call last):
...
ValueError: Rules.players = 5: a game has 2 to 4 players
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Literal

from ..house_rules import PlaceStakes, check_int, rules_fields
from .solver import ValueTable, value_table

__all__ = ["Rules", "Stakes", "check_int"]

ChotRule = Literal["lay_turn", "victim_last"]
EatPay = Literal["flat", "progressive"]


@dataclass(frozen=True, kw_only=True)
class Stakes(PlaceStakes):
    """Money, in stakes (cược). Ranking payments go to the nhất by place: nhì ``second``, ba ``third``,
    bét ``last`` (with 3 players bét pays ``third``, with 2 ``second``); a móm player pays ``mom``.

    >>> Stakes().u_tron
    10
    """

    eat: int = 1
    chot: int = 4
    second: int = 1
    third: int = 2
    last: int = 3
    mom: int = 4
    u: int = 5
    u_tron: int = 10
    u_khan: int = 5


@dataclass(frozen=True, kw_only=True)
class Rules:
    """The rules of one game; every field is a house-rule option of the Phỏm rules (docs/en/rules-phom.md).

    >>> r = Rules(players=3, tai_gui=False)
    >>> r.stock_size, r.leader_hand_size
    (11, 10)
    """

    players: int = 4
    hand_size: int = 9
    chot_rule: ChotRule = "lay_turn"
    must_lay_all: bool = False
    tai_gui: bool = True
    u_by_gui: bool = True
    u_tron_in_tai: bool = True
    u_khan: bool = True
    eat_pay: EatPay = "flat"
    den_three: bool = True
    den_chot: bool = True
    den_chot_eater: bool = False
    values: tuple[int, ...] = tuple(range(1, 14))
    stakes: Stakes = field(default_factory=Stakes)

    def __post_init__(self) -> None:
        check_int("Rules", "players", self.players, 2, 4, "a game has 2 to 4 players")
        if self.hand_size not in (8, 9) or isinstance(self.hand_size, bool):
            raise ValueError(f"Rules.hand_size = {self.hand_size!r}: 9 (standard) or 8 (phỏm 8 lá)")
        if self.chot_rule not in ("lay_turn", "victim_last"):
            raise ValueError(f"Rules.chot_rule = {self.chot_rule!r}: 'lay_turn' or 'victim_last'")
        if self.eat_pay not in ("flat", "progressive"):
            raise ValueError(f"Rules.eat_pay = {self.eat_pay!r}: 'flat' or 'progressive'")
        for name in ("must_lay_all", "tai_gui", "u_by_gui", "u_tron_in_tai", "u_khan", "den_three",
                     "den_chot", "den_chot_eater"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"Rules.{name} = {getattr(self, name)!r}: True or False")
        object.__setattr__(self, "values", value_table(self.values, "Rules.values").ranks)
        if not isinstance(self.stakes, Stakes):
            raise ValueError(f"Rules.stakes = {self.stakes!r}: a Stakes")

    @classmethod
    def standard(cls) -> Rules:
        """Four players, nine cards (the leader ten), every default of the Phỏm rules."""
        return cls()

    @classmethod
    def eight_cards(cls) -> Rules:
        """Phỏm 8 lá: eight cards each, the leader nine."""
        return cls(hand_size=8)

    @property
    def stock_size(self) -> int:
        """The stock (nọc): exactly 4N − 1 cards."""
        return 4 * self.players - 1

    @property
    def leader_hand_size(self) -> int:
        return self.hand_size + 1

    @property
    def value_table(self) -> ValueTable:
        """The compiled table of ``values`` (cached by value: a look-up, not a rebuild).

        >>> Rules().value_table.per_card[51]
        13
        """
        return value_table(self.values)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON; ``Rules.from_dict`` reverses it."""
        data = dataclasses.asdict(self)
        data["values"] = list(self.values)
        return data

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Rules from plain data; unknown fields are an error that names them."""
        fields_ = rules_fields(cls, data, Stakes)
        if "values" in fields_ and isinstance(fields_["values"], list):
            fields_["values"] = tuple(fields_["values"])
        return cls(**fields_)
