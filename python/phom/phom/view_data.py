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

__all__ = ["action_report", "hand_group_report", "page_report", "result_table", "view_report"]


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


#: The places as the result table names them (Vietnamese terms in either language).
_PLACES = ("nhất", "nhì", "ba", "bét")
_U_NAMES = {"u": "ù", "u_tron": "ù tròn", "u_khan": "ù khan"}


def page_report(view: PlayerView) -> dict[str, Any]:
    """How the page handles a Phỏm hand and turn (``page`` in the hosted view): the ranks weakest first
    for sorting (A … K), the hand's sorts (the first its default order), the verb of one chosen card
    (``discard``: also a double tap) and of several (``lay``), the group marks on the cards, and what the
    seat is ``doing`` as catalog keys (each one after the first wraps the words before it).

    >>> from phom import Game
    >>> page = page_report(Game(seed=1).view(0))
    >>> page["sorts"], page["card_verb"], page["many_verb"], page["double_tap"], page["doing"]
    (['groups', 'rank', 'suit'], 'discard', 'lay', 'discard', ['doing_play'])
    """
    your_turn = view.to_move == view.player and not view.is_over
    may_eat = any(str(a).startswith("eat ") for a in view.legal_actions)
    doing = ["doing_play" if view.phase != "take" else "doing_take" if may_eat or not your_turn else "doing_draw"]
    if view.turn_kind in ("lay", "tai"):
        doing.append(f"doing_{view.turn_kind}_turn")
    return {"ranks": list(_RANK_CODES), "sorts": ["groups", "rank", "suit"], "card_verb": "discard",
            "many_verb": "lay", "double_tap": "discard", "group_marks": True, "doing": doing}


def result_table(result: Any, seat: int) -> dict[str, Any]:
    """A finished game's result as the page's table shows it to ``seat`` (``result_table`` in the hosted
    view): the ``headline`` (a catalog key and its words), the ``columns`` (catalog keys) and one row a
    seat, each cell by its column's name (``place`` a Vietnamese term, ``points`` with its ``note``).

    >>> from phom.phom.scoring import Result
    >>> table = result_table(Result(ranking=(1, 0), points=(20, 12), mom=(False, False), u=None, u_kind=None,
    ...                             payments=((0, 1, 1, "place"),), net=(-1, 1)), 0)
    >>> table["headline"], table["rows"][1]
    ({'key': 'is_nhat', 'seat': 1}, {'seat': 1, 'place': 'nhất', 'points': 12, 'note': '', 'money': 1})
    """
    ranking, u = list(result.ranking), result.u
    rows = []
    for s in range(len(result.net)):
        if u is not None:
            place = "ù" if s == u else "—"
        elif not ranking or s not in ranking:
            place = ""
        else:
            at = ranking.index(s)
            place = "bét" if len(ranking) < 4 and at == len(ranking) - 1 else _PLACES[at]
        rows.append({"seat": s, "place": place, "points": result.points[s],
                     "note": " (móm)" if result.mom[s] and u is None else "", "money": result.net[s]})
    if u is not None:
        headline = {"key": "you_win_by" if u == seat else "wins_by", "seat": u,
                    "kind": _U_NAMES.get(str(result.u_kind), str(result.u_kind))}
    else:
        headline = {"key": "you_are_nhat" if result.winner == seat else "is_nhat", "seat": result.winner}
    return {"headline": headline, "columns": ["col_seat", "col_place", "col_points", "col_money"], "rows": rows}
