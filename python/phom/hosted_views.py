"""A seat's view rebuilt from the JSON a hosted game sends (``GET /api/games/{id}``, its WebSocket), as
its game's kind rebuilds it (``GameKind.view_from_data``), so any bot can take a seat at a table it does not
host (``phom bot play``); and the small readers the games' own rebuilds share (``hosted_field``,
``hosted_history``, ``hosted_legal``). Phỏm's rebuild is ``phom.phom.hosted_view``, Tiến lên's
``phom.tienlen.hosted_view``; their old names here (``phom_view_from_api``, ``tienlen_view_from_api``) still work.

>>> from phom.games import game_kind
>>> kind = game_kind("tienlen")
>>> game = kind.deal(kind.rules(None), 0, "00" * 32, "any seed")
>>> seat = game.to_move
>>> view_from_api({**kind.view_data(game.view(seat)), "rules": kind.rules_data(game.rules)}) == game.view(seat)
True
"""

from __future__ import annotations

from typing import Any

from .games import DEFAULT_GAME, GAMES, game_kind
from .moved import forwarding

__all__ = ["hosted_field", "hosted_history", "hosted_legal", "phom_view_from_api", "tienlen_view_from_api",
           "view_from_api"]

#: the old names of the games' own rebuilds, read from where each lives now when first asked for
__getattr__ = forwarding(__name__, {"phom_view_from_api": "phom.phom.hosted_view",
                                    "tienlen_view_from_api": "phom.tienlen.hosted_view"})


def view_from_api(data: Any) -> Any:
    """The seat's view in ``data`` (a hosted game's view JSON, with its ``rules``), as its ``"game"``'s
    kind rebuilds it (``GameKind.view_from_data``; a ``PlayerView``, a ``TienLenView``, …); a view that names
    no game is the default game's."""
    if not isinstance(data, dict):
        raise TypeError("a hosted view must be a JSON object")
    game = data.get("game", DEFAULT_GAME)
    if not isinstance(game, str) or game not in GAMES:
        names = sorted(GAMES)
        raise ValueError(f"a hosted view of game {game!r}: only {', '.join(names[:-1])} and {names[-1]} are known")
    return game_kind(game).view_from_data(data)


def hosted_field(data: dict[str, Any], name: str) -> Any:
    """``data[name]``, ValueError naming a field the hosted view lacks.

    >>> hosted_field({"player": 1}, "player")
    1
    """
    if name not in data:
        raise ValueError(f"the hosted view has no {name!r}")
    return data[name]


def hosted_history(data: dict[str, Any], parse: Any) -> list[tuple[int, Any]]:
    """The view's ``history`` as ``(seat, action)`` pairs, each action read by ``parse``; ValueError naming
    the first entry that is no move.

    >>> hosted_history({"history": [{"player": 0, "action": "pass"}]}, str)
    [(0, 'pass')]
    """
    history = []
    for i, entry in enumerate(hosted_field(data, "history")):
        try:
            history.append((int(entry["player"]), parse(entry["action"])))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"the hosted view's history[{i}] = {entry!r} is not a move ({exc})") from None
    return history


def hosted_legal(data: dict[str, Any], parse: Any) -> tuple[Any, ...]:
    """The view's ``legal_actions`` (each a text or ``{"text": …}``) read by ``parse``.

    >>> hosted_legal({"legal_actions": ["draw", {"text": "pass"}]}, str)
    ('draw', 'pass')
    """
    return tuple(parse(entry["text"] if isinstance(entry, dict) else entry)
                 for entry in hosted_field(data, "legal_actions"))
