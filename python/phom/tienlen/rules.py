"""House rules of Tiến lên as data: ``TienLenRules`` and ``TienLenStakes``, frozen and keyword-only,
checked on construction; every option of the Tiến lên rules (docs/en/rules-tienlen.md) with its default.

>>> TienLenRules().players, TienLenRules().pass_locks_round, TienLenStakes().toi_trang
(4, True, 6)
>>> TienLenRules(players=5)
Traceback (most recent call last):
...
ValueError: TienLenRules.players = 5: a game has 2 to 4 players
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from ..house_rules import PlaceStakes, check_int, rules_fields

__all__ = ["TienLenRules", "TienLenStakes"]


@dataclass(frozen=True, kw_only=True)
class TienLenStakes(PlaceStakes):
    """Money in stakes (the Tiến lên rules): places pay the nhất (nhì ``second``, ba ``third``, bét ``last``;
    with 3 players bét pays ``third``, with 2 ``second``); ``toi_trang`` from everyone to an instant
    winner; ``cong`` from a cóng player; and the value of each heo or hàng in a chặt chain or a thối."""

    second: int = 1
    third: int = 2
    last: int = 3
    toi_trang: int = 6
    cong: int = 6
    black_heo: int = 1
    red_heo: int = 2
    three_pairs: int = 3
    four_kind: int = 4
    four_pairs: int = 6


@dataclass(frozen=True, kw_only=True)
class TienLenRules:
    """The rules of one game (docs/en/rules-tienlen.md), every house option a field with its default.

    ``four_kind_beats_single_heo`` (§3.2), ``cong_leads`` (§4.2), ``pass_locks_round`` and
    ``chat_after_pass`` (§4.3), ``end_at_first_out`` (§4.5), ``dem_heo`` (§7.2), and
    ``later_toi_trang_in_first_game`` (§5, a house rule: *ván đầu cũng tính tới trắng như các ván sau*, the first
    game also counts the later games' tới trắng hands, e.g. tứ quý heo; default False, as the rules say).

    >>> TienLenRules(later_toi_trang_in_first_game=True).to_dict()["later_toi_trang_in_first_game"]
    True
    """

    players: int = 4
    four_kind_beats_single_heo: bool = True
    cong_leads: bool = False
    pass_locks_round: bool = True
    chat_after_pass: bool = True
    end_at_first_out: bool = False
    dem_heo: bool = False
    later_toi_trang_in_first_game: bool = False
    stakes: TienLenStakes = field(default_factory=TienLenStakes)

    def __post_init__(self) -> None:
        check_int("TienLenRules", "players", self.players, 2, 4, "a game has 2 to 4 players")
        for name in ("four_kind_beats_single_heo", "cong_leads", "pass_locks_round", "chat_after_pass",
                     "end_at_first_out", "dem_heo", "later_toi_trang_in_first_game"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"TienLenRules.{name} = {getattr(self, name)!r}: True or False")
        if not isinstance(self.stakes, TienLenStakes):
            raise ValueError(f"TienLenRules.stakes = {self.stakes!r}: a TienLenStakes")

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (stakes nested); ``from_dict`` reads it back.

        >>> TienLenRules.from_dict(TienLenRules(players=3).to_dict()) == TienLenRules(players=3)
        True
        """
        data: dict[str, Any] = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "stakes"}
        data["stakes"] = dataclasses.asdict(self.stakes)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> TienLenRules:
        """Rules from ``to_dict``'s data (any field may be left out); ValueError names an unknown one."""
        return cls(**rules_fields(cls, data, TienLenStakes))
