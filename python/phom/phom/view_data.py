"""A Phỏm seat's view and its actions as JSON-ready data, what ``GET /api/games/{id}`` and the bot
protocol (``phom.external``) send: never another seat's hand or the stock order.

>>> from phom import Game
>>> report = view_report(Game(seed=1).view(0))
>>> report["hand"], report["legal_actions"][0]["text"], report["stock_size"]
('3S 6S 10S QS 7C 10C 10D QD KD JH', 'discard 3S', 15)
"""

from __future__ import annotations

from typing import Any

from .actions import Action
from ..cards import CardSet
from .render import action_text, hand_groups
from .view import PlayerView

__all__ = ["action_report", "hand_group_report", "view_report"]


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
