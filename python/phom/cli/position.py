"""``phom hint POSITION``: the advice for a position written in its game's notation (docs/en/position.md),
in any registered game that writes positions (``GameKind.position``, ``GameKind.position_hint``): the
number of fields tells the games apart (Phỏm's line has 13, Tiến lên's 9).

>>> import io
>>> out = io.StringIO()
>>> hint_position("1tN 8S3C8C5DQDKD9H10HJH 9/9/9/9 QS/-/-/- -/-/-/- -/-/-/- - 1/0/0/0 15 0 - 1 std", out,
...               json_out=True, lang="en", search=False)
>>> print(out.getvalue()[:40])
{"game": "phom", "position": "1tN 8S3C8C
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from ..games import GameSpec, game_specs
from ..moved import forwarding
from ..language import N_
from ..notation import PositionError, Words, all_of

__all__ = ["hint_position", "position_game", "read_position", "solver_input"]

#: ``phom solve --position``'s input, in Phỏm's own commands now
__getattr__ = forwarding(__name__, {"solver_input": "phom.phom.commands"})


def _writers() -> list[tuple[GameSpec, Any]]:
    """Every registered game that writes positions, with the class of its positions."""
    return [(spec, spec.kind.position) for spec in game_specs() if getattr(spec.kind, "position", None) is not None]


def position_game(text: str) -> tuple[GameSpec, Any]:
    """The game whose position ``text`` writes (by its count of fields) and the position, parsed;
    PositionError otherwise.

    >>> spec, position = position_game("2 3H4C4H8S8C10S10DJHKSKCAH2C2D 13/12/13/13 3S@1 - - F1 std 1:3S")
    >>> spec.name, type(position).__module__
    ('tienlen', 'phom.tienlen.position')
    """
    fields = len(text.split()) if isinstance(text, str) else 0
    writers = _writers()
    for spec, position in writers:
        if len(position.FIELDS) == fields:
            return spec, position.parse(text)
    counts = [Words(N_("a {game} position has {count}") if i == 0 else N_("a {game} position {count}"),
                    game=spec.title("en"), count=len(position.FIELDS)) for i, (spec, position) in enumerate(writers)]
    raise PositionError("text", N_("{count} fields: {games}, separated by spaces (docs/en/position.md)"),
                        count=fields, games=all_of(counts))


def read_position(text: str) -> Any:
    """The position ``text`` writes, in whichever game writes it (``position_game``); PositionError otherwise.

    >>> type(read_position("2 3H4C4H8S8C10S10DJHKSKCAH2C2D 13/12/13/13 3S@1 - - F1 std 1:3S")).__module__
    'phom.tienlen.position'
    """
    return position_game(text)[1]


def hint_position(text: str, out: TextIO, *, json_out: bool, lang: str, search: bool) -> None:
    """``phom hint POSITION``: the recommended move and why, in ``lang`` (JSON: the game, the position,
    the move and the reason)."""
    spec, position = position_game(text)
    move, reason = spec.kind.position_hint(position, search=search, lang=lang)
    if json_out:
        data: dict[str, Any] = {"game": spec.name, "position": str(position), "move": move, "reason": reason}
        print(json.dumps(data, ensure_ascii=False), file=out)
        return
    print(reason, file=out)           # it starts with the move, in the player's words
