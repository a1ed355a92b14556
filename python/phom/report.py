"""Plain-data answers for tools and services: the ``phom solve --json`` report of a hand, and hints and
views as JSON-ready dictionaries (``phom serve`` answers with these).

>>> from phom import cards
>>> report = solve_report(cards("9H 10H JH 3C 5D").mask)
>>> report["melds"], report["best_lay"]["points"]
(['9H 10H JH'], 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import Action
from .cards import CardSet
from .hints import Hint
from .solver import arrange, best_lay, bound_cards, can_u, is_u_khan, isolated, melds, partial_melds
from .view import PlayerView

__all__ = ["hint_report", "solve_report", "view_report"]


def solve_report(hand: int, eaten: int = 0, table: Sequence[CardSet] = ()) -> dict[str, Any]:
    """Everything the solver says about a hand (``eaten``: its eaten cards; ``table``: phỏm on the table)."""
    arrangement = arrange(hand, eaten)
    plan = best_lay(hand, eaten, table)
    return {
        "hand": CardSet(hand).codes,
        "eaten": CardSet(eaten).codes,
        "points": CardSet(hand).points,
        "melds": [m.codes for m in melds(hand)],
        "partial_melds": [p.codes for p in partial_melds(hand)],
        "isolated": isolated(hand).codes,
        "arrangement": None if arrangement is None else {
            "melds": [m.codes for m in arrangement.melds], "deadwood": arrangement.deadwood.codes,
            "points": arrangement.points},
        "best_lay": None if plan is None else {
            "melds": [m.codes for m in plan.melds], "sends": [[c.code, i] for c, i in plan.sends],
            "discard": plan.discard.code if plan.discard else None, "points": plan.points, "u": plan.u,
            "mom": plan.mom},
        "bound": bound_cards(hand, eaten).codes,
        "can_u": can_u(hand, eaten),
        "u_khan": is_u_khan(hand),
    }


def action_report(action: Action) -> dict[str, Any]:
    return {"id": action.id, "text": str(action)}


def hint_report(advice: Hint) -> dict[str, Any]:
    """A hint as data: the action, the reason, the alternatives (and the search's values, if any)."""
    return {
        "action": action_report(advice.action),
        "reason": advice.reason,
        "alternatives": [{**action_report(a), "points": points, "reason": reason}
                         for a, points, reason in advice.alternatives],
        "values": [{**action_report(a), "mean_net": value} for a, value in advice.values],
        "playouts": advice.playouts,
    }


def view_report(view: PlayerView) -> dict[str, Any]:
    """What one player may know, as data: never another seat's hand or the stock order."""
    last = view.last_discard
    return {
        "player": view.player,
        "players": len(view.hand_sizes),
        "hand": view.hand.codes,
        "unlaid_eaten": view.unlaid_eaten.codes,
        "hand_sizes": list(view.hand_sizes),
        "rows": [" ".join(c.code for c in row) for row in view.rows],
        "eaten": [e.codes for e in view.eaten],
        "laid": [[m.codes for m in melds_] for melds_ in view.laid],
        "laid_down": list(view.laid_down),
        "stock_size": view.stock_size,
        "to_move": view.to_move,
        "phase": view.phase,
        "turn_kind": view.turn_kind,
        "last_discard": None if last is None else {"card": last[0].code, "by": last[1]},
        "legal_actions": [action_report(a) for a in view.legal_actions],
        "history": [{"player": p, "action": str(a)} for p, a in view.history],
        "is_over": view.is_over,
    }
