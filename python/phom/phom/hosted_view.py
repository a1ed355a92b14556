"""A Phỏm seat's view rebuilt from the JSON a hosted game sends (``PhomKind.view_from_data``,
``phom.hosted_views.view_from_api``): the ``PlayerView`` a bot plays from. A Phỏm view's state holds a
few facts the JSON leaves to the history (the lead of chuyển bài, the eat payments, who laid down first, the discards each seat has
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
>>> view = phom_view_from_api(data)
>>> view.public == game.state.public(game.to_move), view.legal_actions == tuple(game.legal_actions())
(True, True)
"""

from __future__ import annotations

from typing import Any

from ..cards import DECK_MASK, to_mask
from ..hosted_views import hosted_field, hosted_history, hosted_legal
from .actions import Action, AutoLay, Send
from .referee import apply, legal
from .rules import Rules
from .state import PublicState, State
from .view import PlayerView

__all__ = ["phom_view_from_api"]


def phom_view_from_api(data: dict[str, Any]) -> PlayerView:
    """The ``PlayerView`` of a hosted Phỏm view: the history replayed on stand-in cards, the public cards
    from the JSON, every public fact checked (see the module docstring)."""
    rules = Rules.from_dict(hosted_field(data, "rules"))
    n, viewer = rules.players, int(hosted_field(data, "player"))
    if not 0 <= viewer < n:
        raise ValueError(f"the hosted view's player {viewer} is not a seat of {n}")
    history = hosted_history(data, Action.parse)
    final_laid = [[to_mask(m, f"laid[{q}]") for m in melds] for q, melds in enumerate(hosted_field(data, "laid"))]
    stock_size = int(hosted_field(data, "stock_size"))
    draws = sum(1 for _, a in history if str(a) == "draw")
    leader = history[0][0] if history else int(hosted_field(data, "to_move"))
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
    hand, unlaid = to_mask(hosted_field(data, "hand"), "hand"), to_mask(hosted_field(data, "unlaid_eaten"), "unlaid_eaten")
    for q, seat in enumerate(state.seats):
        seat.laid = final_laid[q]
        seat.hand = hand if q == viewer else 0
        seat.unlaid_eaten = unlaid if q == viewer else seat.eaten & ~sum(seat.laid)
    state.stock = []
    public = PublicState(viewer, state, tuple(int(s) for s in hosted_field(data, "hand_sizes")), stock_size)
    view = PlayerView(rules, public, hosted_legal(data, Action.parse), history)
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
