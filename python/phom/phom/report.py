"""Plain-data answers for tools and services: the ``phom solve --json`` report of a hand, and hints and
views as JSON-ready dictionaries (``phom serve`` answers with these; a seat's view and its actions are
made in ``phom.phom.view_data``, which the bot protocol uses too).

>>> from phom import cards
>>> report = solve_report(cards("9H 10H JH 3C 5D").mask)
>>> report["melds"], report["best_lay"]["points"]
(['9H 10H JH'], 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import CardSet
from .hints import Hint
from .solver import arrange, best_lay, bound_cards, can_u, is_u_khan, isolated, melds, partial_melds
from .view_data import action_report, hand_group_report, view_report

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


def hint_report(advice: Hint, lang: str = "en") -> dict[str, Any]:
    """A hint as data: the action, the reason, the alternatives (and the search's values, if any), the
    moves as good as each other (``equal``: empty when one is ahead beyond the noise);
    labels in ``lang`` (the reasons are in the language the hint was asked in)."""
    return {
        "action": action_report(advice.action, lang),
        "reason": advice.reason,
        "alternatives": [{**action_report(a, lang), "points": points, "reason": reason}
                         for a, points, reason in advice.alternatives],
        "values": [{**action_report(a, lang), "mean_net": value} for a, value in advice.values],
        "playouts": advice.playouts,
        "worlds": advice.worlds,
        "equal": [action_report(a, lang) for a in advice.equal],
    }
