"""What both games' position notations share (``phom.Position``, ``phom.tienlen.Position``; the manual's
page docs/en/position.md): the error that names a field (its ``str`` in English for logs, ``text(lang)``
in the player's words), cards written without spaces, the rules preset with its changes, and the seats of
a field split by ``/``.

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
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .cards import Card
from .language import N_, translator

__all__ = ["FIELD_FRAME", "LINE_FRAME", "SEAT_PARAMS", "SEAT_NOTE", "PositionError", "Words", "all_of", "cards_text", "either", "parse_card_list", "parse_rules", "position_fields", "rules_of",
           "rules_text", "seat_fields"]

_CARD = re.compile(r"(10|[2-9TAJQK])([SCDH])", re.IGNORECASE)
#: how the rules refuse a value (``phom.house_rules.check_int``): the owner, the field, the value and why
_RULES_CHECK = re.compile(r"(?P<owner>\w+)\.(?P<setting>\w+) = (?P<value>.+): (?P<why>[^:]+)")


#: the parameters of a message that name a seat: a player's sentence counts them from 1 (the line from 0)
SEAT_PARAMS = ("seat", "leader", "previous")

#: the frame of a player's sentence: the field, then what is wrong with it (the whole line: no field)
FIELD_FRAME = N_("position field {field!r}: {message}")
LINE_FRAME = N_("position line: {message}")
#: said after a player's sentence that names a seat, since the line writes seats from 0
SEAT_NOTE = N_("(seats counted from 1; the line writes seat 1 as 0)")


class Words:
    """A text a person reads inside a PositionError's message (choices joined by "or", a rule's reason):
    ``template``, an English text of the catalog, with its ``params``, translated with the message.

    >>> choices = either(["std", "8la"])
    >>> str(choices), choices.text("vi")
    ('std or 8la', 'std hoặc 8la')
    """

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params

    def text(self, lang: str = "en") -> str:
        """The text in ``lang`` (seats counted from 1)."""
        return _said(self.template, self.params, translator(lang), True)

    def __str__(self) -> str:
        return _said(self.template, self.params, str, False)


def _names_a_seat(params: dict[str, object]) -> bool:
    return any(name in SEAT_PARAMS and isinstance(value, int) and not isinstance(value, bool)
               or isinstance(value, Words) and _names_a_seat(value.params) for name, value in params.items())


def _said(template: str, params: dict[str, object], translate: Callable[[str], str], from_one: bool) -> str:
    """``template`` translated, its parameters put in (``Words`` translated too, seats counted from 1
    where ``from_one``); a template without parameters is said as it is."""
    if not params:
        return translate(template)
    shown: dict[str, object] = {}
    for name, value in params.items():
        if isinstance(value, Words):
            value = _said(value.template, value.params, translate, from_one)
        elif from_one and name in SEAT_PARAMS and isinstance(value, int) and not isinstance(value, bool):
            value += 1
        shown[name] = value
    return translate(template).format(**shown)


def either(choices: Sequence[str]) -> str | Words:
    """The choices as a person says them: ``a``, ``a or b``, ``a, b or c`` (in his language)."""
    if len(choices) <= 1:
        return "".join(choices)
    if len(choices) == 2:
        return Words(N_("{first} or {second}"), first=choices[0], second=choices[1])
    return Words(N_("{first}, {rest}"), first=choices[0], rest=either(choices[1:]))


def all_of(items: Sequence[str | Words]) -> str | Words:
    """The items as a person lists them: ``a``, ``a and b``, ``a, b and c`` (in his language)."""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return Words(N_("{first} and {second}"), first=items[0], second=items[1])
    return Words(N_("{first}, {rest}"), first=items[0], rest=all_of(items[1:]))


class PositionError(ValueError):
    """Position text that cannot be read: ``field`` names the part that is wrong (``"rows"``, ``"hand"``
    …), the message says what is wrong with it. ``template`` is the English message (a text of the
    catalog, ``N_``) with ``{name}`` places for ``params``; ``str`` is the English for logs and bot
    authors, seats as the line writes them (from 0), and ``text(lang)`` the player's sentence in his
    language, seats counted from 1 as everywhere a player reads.

    >>> error = PositionError("rows", N_("seat {seat}'s row holds {count} cards; a row holds at most 4"),
    ...                       seat=1, count=5)
    >>> str(error)
    "position field 'rows': seat 1's row holds 5 cards; a row holds at most 4"
    >>> error.text("vi")
    'Thế bài sai ở ô rows: bài đã đánh của ghế 2 có 5 lá, mà mỗi ghế đánh ra nhiều nhất 4 lá (ghế đếm từ 1; dòng thế bài viết ghế 1 là 0)'
    """

    def __init__(self, field: str, template: str, **params: object) -> None:
        super().__init__(f"position field {field!r}: {_said(template, params, str, False)}")
        self.field = field
        self.template = template
        self.params = params

    def text(self, lang: str = "en") -> str:
        """What is wrong, in the player's words in ``lang``."""
        _ = translator(lang)
        message = _said(self.template, self.params, _, True)
        if _names_a_seat(self.params):
            message += " " + _(SEAT_NOTE)
        if self.field == "text":
            return _(LINE_FRAME).format(message=message)
        return _(FIELD_FRAME).format(field=self.field, message=message)


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
            raise PositionError(field, N_("{token!r} is not a card (write cards like 9H10HJH)"),
                                token=bad.group(0) if bad else text[at:])
        index = Card.parse(found.group(0)).index
        if index in out:
            raise PositionError(field, N_("{card} is written twice"), card=Card.from_index(index).code)
        out.append(index)
        at = found.end()
    return out


def seat_fields(text: str, field: str, players: int) -> list[str]:
    """``text`` split by ``/`` into one part per seat, seat 0 first; PositionError unless ``players``."""
    parts = text.split("/")
    if len(parts) != players:
        raise PositionError(field, N_("{part!r} has {count} seats; write {players}, seat 0 first, separated by '/'"),
                            part=text, count=len(parts), players=players)
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
        raise PositionError("text", N_("a position is a line of text, not {kind}"), kind=type(text).__name__)
    fields = text.split()
    if len(fields) != len(names):
        raise PositionError("text", N_("{count} fields; a {game} position has {expected}, separated by spaces: "
                                       "{names}"), count=len(fields), game=game, expected=len(names),
                            names=" ".join(names))
    found = dict(zip(names, fields))
    players = len(found["sizes"].split("/"))
    if not 2 <= players <= 4:
        raise PositionError("sizes", N_("{part!r}: one hand size per seat, 2 to 4 seats"), part=found["sizes"])
    return found, players


def rules_of(rules_type: Any, text: str, presets: Mapping[str, Mapping[str, Any]], players: int) -> Any:
    """The rules (``rules_type.from_dict``) that the rules field ``text`` writes for ``players`` seats:
    PositionError naming the field ``rules`` where they are not understood or not allowed."""
    try:
        return rules_type.from_dict({**parse_rules(text, presets), "players": players})
    except PositionError:
        raise
    except (TypeError, ValueError) as exc:
        said = _RULES_CHECK.fullmatch(str(exc))
        if said is None:
            raise PositionError("rules", N_("{problem}"), problem=Words(str(exc))) from None
        raise PositionError("rules", N_("{owner}.{setting} = {value}: {why}"), owner=said["owner"],
                            setting=said["setting"], value=said["value"], why=Words(said["why"])) from None


def parse_rules(text: str, presets: Mapping[str, Mapping[str, Any]], field: str = "rules") -> dict[str, Any]:
    """The rules' plain data (``to_dict`` form) that ``rules_text`` wrote: a preset of ``presets`` and
    its changes; PositionError naming ``field`` and the change that is not understood."""
    name, *changes = text.split(",")
    if name not in presets:
        raise PositionError(field, N_("{name!r} is not a rules preset: write {presets}, then ',field=value' for "
                                      "each change"), name=name, presets=either(list(presets)))
    data: dict[str, Any] = {k: (dict(v) if k == "stakes" else v) for k, v in presets[name].items()}
    for change in changes:
        key, eq, raw = change.partition("=")
        owner, dot, sub = key.partition(".")
        target, slot = (data["stakes"], sub) if owner == "stakes" and dot else (data, key)
        if not eq or slot not in target or slot in ("stakes", "players"):
            raise PositionError(field, N_("{change!r}: write field=value with a field of the rules ({settings}) "
                                          "or stakes.field=value"), change=change,
                                settings=", ".join(k for k in data if k not in ("stakes", "players")))
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
            takes = N_("{change!r}: {setting} takes true or false") if isinstance(old, bool) else \
                N_("{change!r}: {setting} takes a whole number") if isinstance(old, int) else \
                N_("{change!r}: {setting} takes whole numbers joined by dots")
            raise PositionError(field, takes, change=change, setting=slot) from None
        target[slot] = value
    return data
