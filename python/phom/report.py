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
from .render import action_text, hand_groups
from .solver import arrange, best_lay, bound_cards, can_u, is_u_khan, isolated, melds, partial_melds
from .view import PlayerView

__all__ = ["action_report", "hand_group_report", "hint_report", "solve_report", "view_report"]


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


def action_report(action: Action, lang: str = "en") -> dict[str, Any]:
    """An action as data: its id, its ``text`` as the API takes it, and its ``label`` in ``lang``."""
    return {"id": action.id, "text": str(action), "label": action_text(action, lang)}


_GROUP_KINDS = {"phỏm": "phom", "cạ": "ca", "rác": "rac"}
_RANK_CODES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def hand_group_report(hand: CardSet, eaten: CardSet) -> list[dict[str, Any]]:
    """A hand as the solver arranges it, for xếp bài: ``[{"kind": "phom" | "ca" | "rac" | "hand",
    "cards": [codes]}]``, each phỏm first, then the cạ cards, then the rác.

    >>> [g["kind"] for g in hand_group_report(CardSet.parse("9H 10H JH 2S 3S KD"), CardSet())]
    ['phom', 'ca', 'rac']
    """
    groups, labels, _marks = hand_groups(hand, eaten)
    return [{"kind": _GROUP_KINDS.get(label, "hand"), "cards": [f"{_RANK_CODES[r - 1]}{'SCDH'[s]}" for r, s in group]}
            for group, label in zip(groups, labels)]


def hint_report(advice: Hint, lang: str = "en") -> dict[str, Any]:
    """A hint as data: the action, the reason, the alternatives (and the search's values, if any);
    labels in ``lang`` (the reasons are in the language the hint was asked in)."""
    return {
        "action": action_report(advice.action, lang),
        "reason": advice.reason,
        "alternatives": [{**action_report(a, lang), "points": points, "reason": reason}
                         for a, points, reason in advice.alternatives],
        "values": [{**action_report(a, lang), "mean_net": value} for a, value in advice.values],
        "playouts": advice.playouts,
    }


def view_report(view: PlayerView, lang: str = "en") -> dict[str, Any]:
    """What one player may know, as data: never another seat's hand or the stock order (action labels
    in ``lang``; ``hand_groups``: the hand as the solver arranges it)."""
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
        "legal_actions": [action_report(a, lang) for a in view.legal_actions],
        "hand_groups": hand_group_report(view.hand, view.unlaid_eaten),
        "history": [{"player": p, "action": str(a)} for p, a in view.history],
        "is_over": view.is_over,
    }
