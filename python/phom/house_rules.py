"""What the house rules of both games share: the check that names a bad field, and the places' stakes.

Each game's rules (``phom.phom.rules``, ``phom.tienlen.rules``) are frozen, keyword-only dataclasses of
integers and switches; a bad value is refused on construction with a message naming the owner and the
field. Both games pay the nhất by place (nhì, ba, bét), which ``PlaceStakes`` holds once.

>>> check_int("Rules", "players", 5, 2, 4, "a game has 2 to 4 players")
Traceback (most recent call last):
...
ValueError: Rules.players = 5: a game has 2 to 4 players
"""

from __future__ import annotations

import dataclasses
from typing import Any

__all__ = ["PlaceStakes", "check_int", "rules_fields"]


def check_int(owner: str, name: str, value: object, low: int, high: int, why: str) -> None:
    """Refuse a field that is not an integer from low to high, naming it.

    >>> check_int("Stakes", "mom", 4, 0, 10**9, "a stake is an integer ≥ 0")
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{owner}.{name} = {value!r}: {why}")


def rules_fields(rules_type: type, data: object, stakes_type: type) -> dict[str, Any]:
    """The fields of a game's rules (the dataclass ``rules_type``) from plain data, its ``stakes`` made a
    ``stakes_type``: ValueError naming an unknown field (each rules type's ``from_dict``).

    >>> from phom import Rules, Stakes
    >>> rules_fields(Rules, {"players": 3, "stakes": {"mom": 2}}, Stakes)["stakes"].mom
    2
    >>> rules_fields(Rules, {"colour": 1}, Stakes)
    Traceback (most recent call last):
    ...
    ValueError: unknown rules fields: colour
    """
    if not isinstance(data, dict):
        raise ValueError(f"rules must be an object of fields, got {type(data).__name__}")
    unknown = sorted(set(data) - {f.name for f in dataclasses.fields(rules_type)})
    if unknown:
        raise ValueError(f"unknown rules fields: {', '.join(map(str, unknown))}")
    fields = dict(data)
    if "stakes" in fields:
        stakes = fields["stakes"]
        if not isinstance(stakes, dict):
            raise ValueError("rules.stakes must be an object of stakes")
        bad = sorted(set(stakes) - {f.name for f in dataclasses.fields(stakes_type)})
        if bad:
            raise ValueError(f"unknown stakes fields: {', '.join(map(str, bad))}")
        fields["stakes"] = stakes_type(**stakes)
    return fields


class PlaceStakes:
    """The stakes both games share, for a frozen dataclass of stakes to inherit: every field an integer
    ≥ 0, checked on construction, and the places' payments to the nhất (nhì ``second``, ba ``third``, bét
    ``last``; with 3 players bét pays ``third``, with 2 ``second``).

    >>> from phom import Stakes
    >>> Stakes().by_place(3)
    (0, 1, 2)
    """

    second: int
    third: int
    last: int

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            check_int(type(self).__name__, f.name, getattr(self, f.name), 0, 10**9, "a stake is an integer ≥ 0")

    def by_place(self, players: int) -> tuple[int, ...]:
        """What each place pays the nhất (index 0 is the nhất)."""
        return (0, self.second, self.third, self.last)[:players]
