"""A seat's view rebuilt from the JSON a hosted game sends (``GET /api/games/{id}``, its WebSocket): the
``PlayerView`` or ``TienLenView`` a bot of this package plays from, so any bot can take a seat at a
table it does not host (``phom bot play``).

A Tiến lên view is its JSON, field for field. A Phỏm view's state holds a few facts the JSON leaves to
the history (the lead of chuyển bài, the eat payments, who laid down first, the discards each seat has
made, what the seat to move did this turn): the history is replayed through the referee on stand-in
cards, then the public cards are put back from the JSON and every public fact, the legal actions
included, is checked against it, so a view that does not add up is refused (``ValueError`` naming the
first difference). One fact is not in the JSON: how many phỏm an ``autolay`` laid this turn and
whether it also sent cards; the rebuilt state counts it as one phỏm laid. The rules read only that
the turn is under way (the turn ends with the discard that follows), which the check confirms.

>>> from phom import Game
>>> from phom.phom.view_data import view_report
>>> game = Game(seed=4)
>>> for _ in range(6):
...     game.apply(game.legal_actions()[0])
>>> data = {**view_report(game.view(game.to_move)), "rules": game.rules.to_dict()}
>>> view = view_from_api(data)
>>> view.public == game.state.public(game.to_move), view.legal_actions == tuple(game.legal_actions())
(True, True)
"""

from __future__ import annotations

from typing import Any

from .phom.actions import Action, AutoLay, Send
from .cards import DECK_MASK, Card, CardSet, to_mask
from .games import GAMES, game_kind
from .phom.referee import apply, legal
from .phom.rules import Rules
from .phom.state import PublicState, State
from .tienlen.game import TienLenView, parse_action
from .tienlen.rules import TienLenRules
from .phom.view import PlayerView

__all__ = ["phom_view_from_api", "tienlen_view_from_api", "view_from_api"]


def view_from_api(data: Any) -> Any:
    """The seat's view in ``data`` (a hosted game's view JSON, with its ``rules``), as its ``"game"``'s
    kind rebuilds it (``GameKind.view_from_data``; a ``PlayerView``, a ``TienLenView``, …)."""
    if not isinstance(data, dict):
        raise TypeError("a hosted view must be a JSON object")
    game = data.get("game", "phom")
    if not isinstance(game, str) or game not in GAMES:
        names = sorted(GAMES)
        raise ValueError(f"a hosted view of game {game!r}: only {', '.join(names[:-1])} and {names[-1]} are known")
    return game_kind(game).view_from_data(data)


def _field(data: dict[str, Any], name: str) -> Any:
    if name not in data:
        raise ValueError(f"the hosted view has no {name!r}")
    return data[name]


def _history(data: dict[str, Any], parse: Any) -> list[tuple[int, Any]]:
    history = []
    for i, entry in enumerate(_field(data, "history")):
        try:
            history.append((int(entry["player"]), parse(entry["action"])))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"the hosted view's history[{i}] = {entry!r} is not a move ({exc})") from None
    return history


def _legal(data: dict[str, Any], parse: Any) -> tuple[Any, ...]:
    return tuple(parse(entry["text"] if isinstance(entry, dict) else entry) for entry in _field(data, "legal_actions"))


def tienlen_view_from_api(data: dict[str, Any]) -> TienLenView:
    """The ``TienLenView`` of a hosted Tiến lên view (its JSON holds every field of the view).

    >>> from phom.tienlen import TienLenGame
    >>> from phom.tienlen.render import view_report
    >>> game = TienLenGame(seed=2)
    >>> seat = game.to_move
    >>> view_from_api({**view_report(game.view(seat)), "rules": game.rules.to_dict()}) == game.view(seat)
    True
    """
    opening = data.get("opening_card")
    return TienLenView(
        player=int(_field(data, "player")), rules=TienLenRules.from_dict(_field(data, "rules")),
        first_game=bool(_field(data, "first_game")), leader=int(_field(data, "leader")),
        hand=CardSet.parse(_field(data, "hand")), hand_sizes=tuple(int(s) for s in _field(data, "hand_sizes")),
        table=CardSet.parse(_field(data, "table")), table_owner=int(_field(data, "table_owner")),
        passed=frozenset(int(s) for s in _field(data, "passed")),
        finished=tuple(int(s) for s in _field(data, "finished")),
        to_move=None if data.get("to_move") is None else int(data["to_move"]),
        legal_actions=_legal(data, parse_action), history=tuple(_history(data, parse_action)),
        cong=tuple(int(s) for s in data.get("cong", ())),
        opening_card=None if opening is None else Card.parse(opening))


def phom_view_from_api(data: dict[str, Any]) -> PlayerView:
    """The ``PlayerView`` of a hosted Phỏm view: the history replayed on stand-in cards, the public cards
    from the JSON, every public fact checked (see the module docstring)."""
    rules = Rules.from_dict(_field(data, "rules"))
    n, viewer = rules.players, int(_field(data, "player"))
    if not 0 <= viewer < n:
        raise ValueError(f"the hosted view's player {viewer} is not a seat of {n}")
    history = _history(data, Action.parse)
    final_laid = [[to_mask(m, f"laid[{q}]") for m in melds] for q, melds in enumerate(_field(data, "laid"))]
    stock_size = int(_field(data, "stock_size"))
    draws = sum(1 for _, a in history if str(a) == "draw")
    leader = history[0][0] if history else int(_field(data, "to_move"))
    state = State([DECK_MASK] * n, [0] * (stock_size + draws), leader)      # stand-ins: every hand is the deck
    for k, (player, action) in enumerate(history):
        if state.phase == "over" or state.to_move != player:
            raise ValueError(f"the hosted view's history does not replay: move {k} is seat {player}'s "
                             f"({action}) but seat {state.to_move} is to move")
        if isinstance(action, AutoLay):                 # its phỏm and gửi are on the table, not in the move
            state.turn_actions += 1
            state.laid_this_turn += 1
            continue
        if isinstance(action, Send):
            owner, index = action.target
            laid = state.seats[owner].laid
            laid.extend([0] * (index + 1 - len(laid)))
        if apply(rules, state, action) is not None:
            raise ValueError(f"the hosted view's game ended at move {k} ({action}); a finished game needs no view")
    hand, unlaid = to_mask(_field(data, "hand"), "hand"), to_mask(_field(data, "unlaid_eaten"), "unlaid_eaten")
    for q, seat in enumerate(state.seats):
        seat.laid = final_laid[q]
        seat.hand = hand if q == viewer else 0
        seat.unlaid_eaten = unlaid if q == viewer else seat.eaten & ~sum(seat.laid)
    state.stock = []
    public = PublicState(viewer, state, tuple(int(s) for s in _field(data, "hand_sizes")), stock_size)
    view = PlayerView(rules, public, _legal(data, Action.parse), history)
    _check(view, data)
    return view


def _check(view: PlayerView, data: dict[str, Any]) -> None:
    """ValueError unless the rebuilt view shows every public fact as the JSON does."""
    last = view.last_discard
    shown = {"rows": [" ".join(c.code for c in row) for row in view.rows],
             "eaten": [e.codes for e in view.eaten], "laid_down": list(view.laid_down),
             "to_move": view.to_move, "phase": view.phase, "turn_kind": view.turn_kind,
             "last_discard": None if last is None else {"card": last[0].code, "by": last[1]}}
    for name, value in shown.items():
        if data.get(name) != value:
            raise ValueError(f"the hosted view's {name} is {data.get(name)!r}, but its history gives {value!r}")
    if view.to_move == view.player:                     # the rules read the rebuilt state as the server's did
        state = view.public.state.clone()
        state.stock = [0] * view.stock_size
        rebuilt = legal(view.rules, state).ids
        if rebuilt != tuple(sorted(a.id for a in view.legal_actions)):
            raise ValueError("the hosted view's legal actions ("
                             + ", ".join(str(a) for a in view.legal_actions) + ") are not those its history gives")
