"""A Tiến lên seat's view rebuilt from the JSON a hosted game sends (``TienLenKind.view_from_data``,
``phom.hosted_views.view_from_api``): its JSON holds every field of the view.

>>> from phom.tienlen import TienLenGame
>>> from phom.tienlen.render import view_report
>>> game = TienLenGame(seed=2)
>>> seat = game.to_move
>>> tienlen_view_from_api({**view_report(game.view(seat)), "rules": game.rules.to_dict()}) == game.view(seat)
True
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, CardSet
from ..hosted_views import hosted_field, hosted_history, hosted_legal
from .game import TienLenView, parse_action
from .rules import TienLenRules

__all__ = ["tienlen_view_from_api"]


def tienlen_view_from_api(data: dict[str, Any]) -> TienLenView:
    """The ``TienLenView`` of a hosted Tiến lên view (its JSON holds every field of the view)."""
    opening = data.get("opening_card")
    return TienLenView(
        player=int(hosted_field(data, "player")), rules=TienLenRules.from_dict(hosted_field(data, "rules")),
        first_game=bool(hosted_field(data, "first_game")), leader=int(hosted_field(data, "leader")),
        hand=CardSet.parse(hosted_field(data, "hand")), hand_sizes=tuple(int(s) for s in hosted_field(data, "hand_sizes")),
        table=CardSet.parse(hosted_field(data, "table")), table_owner=int(hosted_field(data, "table_owner")),
        passed=frozenset(int(s) for s in hosted_field(data, "passed")),
        finished=tuple(int(s) for s in hosted_field(data, "finished")),
        to_move=None if data.get("to_move") is None else int(data["to_move"]),
        legal_actions=hosted_legal(data, parse_action), history=tuple(hosted_history(data, parse_action)),
        cong=tuple(int(s) for s in data.get("cong", ())),
        opening_card=None if opening is None else Card.parse(opening))
