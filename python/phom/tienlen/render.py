"""Tiến lên for people: a view as data (``view_report``), a drawn table (``html``, with phom's card
drawings), a move in words (``move_text``) and how a game ended (``result_text``).

>>> from phom.tienlen import TienLenGame
>>> game = TienLenGame(seed=3)
>>> first = game.legal_actions()[0]
>>> game.apply(first)
>>> move_text(game.history[0][0], first).startswith(f"seat {game.history[0][0]} played")
True
>>> report = view_report(game.view(0))
>>> sorted(report)[:4], 'data-card="3S"' in html(TienLenGame(seed=3).view(TienLenGame(seed=3).to_move))
(['cong', 'finished', 'first_game', 'game'], True)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from ..cards import CardSet
from ..drawing import cards_svg
from .combos import best_split, classify
from .game import Action, Pass, TienLenGame, TienLenView
from .reference import in_order, strength

__all__ = ["PLACES", "html", "move_text", "result_text", "view_report"]

PLACES = ("nhất", "nhì", "ba", "bét")
_KINDS = {"single": "a single", "pair": "a pair", "triple": "a triple", "straight": "a straight",
          "pairs_run": "đôi thông", "four": "tứ quý"}
_TOI_TRANG = {"four_threes": "four 3s", "three_pairs_with_3S": "three pairs with 3♠", "dragon": "a dragon (sảnh rồng)",
              "six_pairs": "six pairs", "five_pairs_run": "five running pairs", "four_triples": "four triples",
              "two_fours": "two tứ quý", "four_twos": "four 2s", "one_colour": "one colour"}
_STYLE = ("<style>.phom-table{font-family:DejaVu Sans,Arial,sans-serif;font-size:13px}"
          ".phom-seat{border:1px solid #ccc;border-radius:6px;padding:4px 8px;margin:4px 0}"
          ".phom-seat.to-move{border-color:#2f6f3e;box-shadow:0 0 0 2px #cfe8d4}"
          ".phom-seat h4{margin:2px 0}.phom-part span{display:inline-block;min-width:70px;color:#555}"
          ".phom-part{display:flex;align-items:center;gap:6px;flex-wrap:wrap}"
          ".tienlen-table-play{border:1px dashed #2f6f3e;border-radius:6px;padding:4px 8px;margin:4px 0}</style>")


def _faces(cards: CardSet) -> list[tuple[int, int]]:
    return [(c.rank, int(c.suit)) for c in sorted(cards, key=strength)]


def _place_name(place: int, players: int) -> str:
    return "bét" if place == players - 1 else PLACES[place]


def action_report(action: Action) -> dict[str, Any]:
    """``{"text", "cards"}`` of a legal action (``cards`` weakest first; empty for a pass)."""
    if isinstance(action, Pass):
        return {"text": "pass", "cards": []}
    return {"text": f"play {in_order(action.cards, codes=True)}", "cards": in_order(action.cards, codes=True).split()}


def view_report(view: TienLenView) -> dict[str, Any]:
    """What one player may know, as data: never another seat's hand."""
    combo = classify(view.table.mask) if view.table else None
    return {
        "game": "tienlen", "player": view.player, "players": len(view.hand_sizes),
        "hand": in_order(view.hand, codes=True), "hand_sizes": list(view.hand_sizes),
        "table": in_order(view.table, codes=True), "table_kind": combo.kind if combo else None,
        "table_owner": view.table_owner, "passed": sorted(view.passed), "finished": list(view.finished),
        "cong": list(view.cong), "to_move": view.to_move, "leader": view.leader, "first_game": view.first_game,
        "opening_card": view.opening_card.code if view.opening_card is not None else None,
        "legal_actions": [action_report(a) for a in view.legal_actions],
        "history": [{"player": p, "action": str(a)} for p, a in view.history],
        "is_over": view.to_move is None,
    }


def move_text(player: int, action: Action) -> str:
    """One move in words, for a move log.

    >>> from phom.tienlen import Play
    >>> move_text(1, Play("5S 3C 4D")), move_text(2, Pass())
    ('seat 1 played 3♣ 4♦ 5♠', 'seat 2 passed')
    """
    if isinstance(action, Pass):
        return f"seat {player} passed"
    return f"seat {player} played {in_order(action.cards)}"


def html(view: TienLenView, *, revealed: Sequence[CardSet] | None = None) -> str:
    """The table as one seat sees it: the play to beat and who made it, each seat with its hand (yours
    face up, grouped by the fewest-plays split; the others as backs, or face up when ``revealed``), who
    passed this round, the places of those who went out, and cóng."""
    n = len(view.hand_sizes)
    seats = []
    for q in range(n):
        me = q == view.player
        status = [f"{view.hand_sizes[q]} cards"]
        if q in view.finished:
            status.append(f"out: {_place_name(view.finished.index(q), n)}")
        if q in view.cong:
            status.append("cóng")
        if q in view.passed:
            status.append("passed this round")
        if me:
            groups = [_faces(s) for s in best_split(view.hand)] if view.hand else []
            drawing = cards_svg(groups, title="your hand, by its fewest-plays split")
        elif revealed is not None:
            drawing = cards_svg([_faces(revealed[q])], title=f"hand of seat {q} at the end")
        else:
            drawing = cards_svg([], hidden=view.hand_sizes[q], title=f"{view.hand_sizes[q]} hidden cards")
        who = f"Seat {q}" + (" (you)" if me else "") + (" — to move" if view.to_move == q else "")
        css = "phom-seat to-move" if view.to_move == q else "phom-seat"
        seats.append(f'<div class="{css}" data-seat="{q}"><h4>{escape(who)}</h4>'
                     f'<div class="phom-status">{escape(", ".join(status))}</div>'
                     f'<div class="phom-part"><span>hand</span>{drawing}</div></div>')
    if view.table:
        combo = classify(view.table.mask)
        kind = _KINDS.get(combo.kind, combo.kind) if combo else "cards"
        table = (f'<div class="tienlen-table-play"><div class="phom-part"><span>to beat</span>'
                 f'{cards_svg([_faces(view.table)], title="the play to beat")}'
                 f'<span>{escape(kind)} by seat {view.table_owner}</span></div></div>')
    else:
        table = '<div class="tienlen-table-play"><div class="phom-part"><span>to beat</span>nothing: a new round</div></div>'
    if view.to_move is None:
        line = "The game is over."
    elif not view.table:
        line = f"Seat {view.to_move} leads a new round" + (
            f" (the first play must hold {view.opening_card})." if view.opening_card is not None else ".")
    else:
        line = f"Seat {view.to_move} to beat it or pass."
    head = f'<div class="phom-status">Tiến lên — {escape(line)}</div>'
    return f'<div class="phom-table tienlen">{_STYLE}{head}{table}{"".join(seats)}</div>'


def result_text(game: TienLenGame) -> str:
    """How a finished game ended, for people: the places (or the tới trắng), every payment, the net."""
    result = game.result
    if result is None:
        return f"(unfinished: seat {game.to_move} to move)"
    lines = []
    if result.toi_trang is not None:
        lines.append(f"Seat {result.winner} wins at once: tới trắng with {_TOI_TRANG.get(result.toi_trang, result.toi_trang)}.")
    else:
        for place, seat in enumerate(result.places):
            tag = " (cóng)" if seat in result.cong else ""
            lines.append(f"{_place_name(place, game.players):>5}: seat {seat}{tag}")
    reasons = {"place": "place", "cong": "cóng", "thoi": "thối", "chat": "chặt", "toi_trang": "tới trắng"}
    for payer, payee, amount, reason in result.payments:
        lines.append(f"  seat {payer} pays seat {payee} {amount} ({reasons.get(reason, reason)})")
    lines.append("Net: " + ", ".join(f"seat {p} {v:+d}" for p, v in enumerate(result.net)))
    return "\n".join(lines)
