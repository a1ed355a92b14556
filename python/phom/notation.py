"""What both games' position notations share (``phom.Position``, ``phom.tienlen.Position``; the manual's
page docs/en/position.md): the error that names a field, cards written without spaces, the rules preset
with its changes, and the seats of a field split by ``/``.

Cards are the project's codes run together, oldest or lowest first as the field says (``9H10HJH``; ``T``
for 10 and lower case are read too, and written back as ``10`` and upper case); ``-`` is no card.

>>> cards_text([46, 47, 48]), parse_card_list("9h10hJH", "hand")
('8H9H10H', [47, 48, 49])
>>> rules_text({"players": 4, "tai_gui": False, "stakes": {"eat": 2}}, {"players": 4, "tai_gui": True,
...     "stakes": {"eat": 1}})
'std,tai_gui=false,stakes.eat=2'
>>> parse_card_list("9H9X", "hand")
Traceback (most recent call last):
...
phom.notation.PositionError: position field 'hand': '9X' is not a card (write cards like 9H10HJH)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .cards import Card

__all__ = ["PositionError", "cards_text", "parse_card_list", "parse_rules", "position_fields", "rules_of",
           "rules_text", "seat_fields"]

_CARD = re.compile(r"(10|[2-9TAJQK])([SCDH])", re.IGNORECASE)


class PositionError(ValueError):
    """Position text that cannot be read: ``field`` names the part that is wrong (``"rows"``, ``"hand"``
    …), the message says what is wrong with it."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"position field {field!r}: {message}")
        self.field = field


def cards_text(indices: Sequence[int]) -> str:
    """Card indices written in the notation, in the order given; ``-`` for none."""
    return "".join(Card.from_index(i).code for i in indices) or "-"


def parse_card_list(text: str, field: str) -> list[int]:
    """The card indices of ``text`` (``-``: none) in the order written; PositionError naming ``field``
    for anything that is not a card or a card written twice."""
    if text == "-":
        return []
    out: list[int] = []
    at = 0
    while at < len(text):
        found = _CARD.match(text, at)
        if found is None:
            bad = re.match(r".{1,3}?(?=[SCDHscdh]|$)[SCDHscdh]?", text[at:])
            raise PositionError(field, f"{bad.group(0) if bad else text[at:]!r} is not a card "
                                       "(write cards like 9H10HJH)")
        index = Card.parse(found.group(0)).index
        if index in out:
            raise PositionError(field, f"{Card.from_index(index).code} is written twice")
        out.append(index)
        at = found.end()
    return out


def seat_fields(text: str, field: str, players: int) -> list[str]:
    """``text`` split by ``/`` into one part per seat, seat 0 first; PositionError unless ``players``."""
    parts = text.split("/")
    if len(parts) != players:
        raise PositionError(field, f"{text!r} has {len(parts)} seats; write {players}, seat 0 first, "
                                   "separated by '/'")
    return parts


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ".".join(str(v) for v in value)
    return str(value)


def rules_text(rules: Mapping[str, Any], preset: Mapping[str, Any], name: str = "std") -> str:
    """The rules as the preset's ``name`` and, after commas, each field that differs from the preset
    (``field=value``; stakes as ``stakes.field=value``; ``players`` is left out: the seats say it)."""
    changes = []
    for key, value in rules.items():
        if key == "players":
            continue
        if key == "stakes":
            changes += [f"stakes.{k}={_value_text(v)}" for k, v in value.items() if preset["stakes"][k] != v]
        elif preset[key] != value and _value_text(preset[key]) != _value_text(value):
            changes.append(f"{key}={_value_text(value)}")
    return ",".join([name, *changes])


def position_fields(text: Any, names: Sequence[str], game: str) -> tuple[dict[str, str], int]:
    """A position line's fields by name (``names`` in order, separated by spaces) and its seat count (one hand
    size per seat in the field ``sizes``, 2 to 4): PositionError naming what is wrong.

    >>> position_fields("0 3/2", ["turn", "sizes"], "Phỏm")
    ({'turn': '0', 'sizes': '3/2'}, 2)
    >>> position_fields("0", ["turn", "sizes"], "Phỏm")
    Traceback (most recent call last):
    ...
    phom.notation.PositionError: position field 'text': 1 fields; a Phỏm position has 2, separated by spaces: turn sizes
    """
    if not isinstance(text, str):
        raise PositionError("text", f"a position is a line of text, not {type(text).__name__}")
    fields = text.split()
    if len(fields) != len(names):
        raise PositionError("text", f"{len(fields)} fields; a {game} position has {len(names)}, "
                                    f"separated by spaces: {' '.join(names)}")
    found = dict(zip(names, fields))
    players = len(found["sizes"].split("/"))
    if not 2 <= players <= 4:
        raise PositionError("sizes", f"{found['sizes']!r}: one hand size per seat, 2 to 4 seats")
    return found, players


def rules_of(rules_type: Any, text: str, presets: Mapping[str, Mapping[str, Any]], players: int) -> Any:
    """The rules (``rules_type.from_dict``) that the rules field ``text`` writes for ``players`` seats:
    PositionError naming the field ``rules`` where they are not understood or not allowed."""
    try:
        return rules_type.from_dict({**parse_rules(text, presets), "players": players})
    except PositionError:
        raise
    except (TypeError, ValueError) as exc:
        raise PositionError("rules", str(exc)) from None


def parse_rules(text: str, presets: Mapping[str, Mapping[str, Any]], field: str = "rules") -> dict[str, Any]:
    """The rules' plain data (``to_dict`` form) that ``rules_text`` wrote: a preset of ``presets`` and
    its changes; PositionError naming ``field`` and the change that is not understood."""
    name, *changes = text.split(",")
    if name not in presets:
        raise PositionError(field, f"{name!r} is not a rules preset: write {' or '.join(presets)}, then "
                                   "',field=value' for each change")
    data: dict[str, Any] = {k: (dict(v) if k == "stakes" else v) for k, v in presets[name].items()}
    for change in changes:
        key, eq, raw = change.partition("=")
        owner, dot, sub = key.partition(".")
        target, slot = (data["stakes"], sub) if owner == "stakes" and dot else (data, key)
        if not eq or slot not in target or slot in ("stakes", "players"):
            raise PositionError(field, f"{change!r}: write field=value with a field of the rules "
                                       f"({', '.join(k for k in data if k not in ('stakes', 'players'))}) "
                                       "or stakes.field=value")
        old = target[slot]
        try:
            if isinstance(old, bool):
                if raw not in ("true", "false"):
                    raise ValueError
                value: Any = raw == "true"
            elif isinstance(old, int):
                value = int(raw)
            elif isinstance(old, (list, tuple)):
                value = [int(v) for v in raw.split(".")]
            else:
                value = raw
        except ValueError:
            raise PositionError(field, f"{change!r}: {slot} takes "
                                       f"{'true or false' if isinstance(old, bool) else 'a whole number' if isinstance(old, int) else 'whole numbers joined by dots'}"
                                ) from None
        target[slot] = value
    return data
