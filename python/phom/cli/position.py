"""``phom hint POSITION`` and ``phom solve --position POSITION``: the advice and the solver's answer for a
position written in the notation (docs/en/position.md), in either game: a line of 13 fields is Phỏm's, of
9 fields Tiến lên's.

>>> import io
>>> out = io.StringIO()
>>> hint_position("1tN 8S3C8C5DQDKD9H10HJH 9/9/9/9 QS/-/-/- -/-/-/- -/-/-/- - 1/0/0/0 14 0 - 1 std", out,
...               json_out=True, lang="en", search=False)
>>> print(out.getvalue()[:40])
{"game": "phom", "position": "1tN 8S3C8C
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from ..cards import CardSet
from ..notation import PositionError
from ..phom.position import Position as PhomPosition
from ..tienlen.position import Position as TienLenPosition

__all__ = ["hint_position", "read_position", "solver_input"]


def read_position(text: str) -> PhomPosition | TienLenPosition:
    """The position ``text`` writes, Phỏm's (13 fields) or Tiến lên's (9); PositionError otherwise.

    >>> type(read_position("2 3H4C4H8S8C10S10DJHKSKCAH2C2D 13/12/13/13 3S@1 - - F1 std 1:3S")).__module__
    'phom.tienlen.position'
    """
    fields = len(text.split()) if isinstance(text, str) else 0
    if fields == 9:
        return TienLenPosition.parse(text)
    if fields == 13:
        return PhomPosition.parse(text)
    raise PositionError("text", f"{fields} fields: a Phỏm position has 13 and a Tiến lên position 9, separated "
                                "by spaces (docs/en/position.md)")


def solver_input(text: str) -> tuple[int, int, list[CardSet]]:
    """What ``phom solve --position`` solves: the player's hand, his eaten cards still in it and the phỏm
    he may send to (in a normal turn, those of his coming lay-down turn)."""
    position = read_position(text)
    if not isinstance(position, PhomPosition):
        raise PositionError("text", "phom solve takes a Phỏm position; for Tiến lên write "
                                    "phom tienlen solve CARDS --table CARDS")
    view = position.view()
    targets = view.send_targets("lay" if view.turn_kind == "normal" else None)
    return view.hand.mask, view.unlaid_eaten.mask, [meld for _q, _i, meld in targets]


def hint_position(text: str, out: TextIO, *, json_out: bool, lang: str, search: bool) -> None:
    """``phom hint POSITION``: the recommended move and why, in ``lang`` (JSON: the game, the position,
    the move and the reason)."""
    position = read_position(text)
    if isinstance(position, PhomPosition):
        from ..phom.hints import hint

        advice = hint(position.view(), search=search, lang=lang)
        move, reason = str(advice.action), advice.reason
        game = "phom"
    else:
        from ..tienlen.hints import describe, tienlen_hint

        view = position.view()
        if not view.legal_actions:
            raise PositionError("turn", f"seat {position.player} has no move here")
        action, reason = tienlen_hint(position.game(), position.player, search=search, lang=lang)
        move, game = str(action), "tienlen"
        reason = f"{describe(action, lang)}: {reason}"
    if json_out:
        data: dict[str, Any] = {"game": game, "position": str(position), "move": move, "reason": reason}
        print(json.dumps(data, ensure_ascii=False), file=out)
        return
    print(reason, file=out)           # it starts with the move, in the player's words
