"""Tiến lên for people: a view as data (``view_report``), a drawn table (``html``, with phom's card
drawings), a move in words (``move_text``) and how a game ended (``result_text``).

>>> from phom.tienlen import TienLenGame
>>> game = TienLenGame(seed=3)
>>> first = game.legal_actions()[0]
>>> game.apply(first)
>>> move_text(game.history[0][0], first).startswith(f"seat {game.history[0][0] + 1} played")
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
from ..language import N_, number, translator
from .combos import best_split, classify
from .game import Action, Pass, TienLenGame, TienLenView
from .reference import in_order, strength

__all__ = ["COMBO_KINDS", "PAYMENT_REASONS", "PLACES", "TOI_TRANG_KINDS", "action_report", "action_text", "combo_kind", "html", "move_text", "result_text", "view_report"]

PLACES = ("nhất", "nhì", "ba", "bét")
#: the player's words for each kind of combination, of tới trắng, and of why a seat paid (catalog texts)
COMBO_KINDS = {"single": N_("a single"), "pair": N_("a pair"), "triple": N_("a triple"), "straight": N_("a straight"),
          "pairs_run": "đôi thông", "four": "tứ quý"}
TOI_TRANG_KINDS = {"four_threes": N_("four 3s"), "three_pairs_with_3S": N_("three pairs with 3♠"),
              "dragon": N_("a dragon (sảnh rồng)"), "six_pairs": N_("six pairs"),
              "five_pairs_run": N_("five running pairs"), "four_triples": N_("four triples"),
              "two_fours": N_("two tứ quý"), "four_twos": N_("four 2s"), "one_colour": N_("one colour")}
PAYMENT_REASONS = {"place": N_("by place"), "cong": "cóng", "thoi": "thối", "chat": N_("chặt: bombed"), "toi_trang": "tới trắng"}
#: The drawn table's style sheet, scoped to Tiến lên tables: inside each drawing (``html``), or served
#: once by the page (``phom serve`` at ``/table.css``, whose policy allows no style element).
TABLE_CSS = (".phom-table.tienlen{font-family:DejaVu Sans,Arial,sans-serif;font-size:13px}"
             ".tienlen .phom-seat{border:1px solid #ccc;border-radius:6px;padding:4px 8px;margin:4px 0}"
             ".tienlen .phom-seat.to-move{border-color:#2f6f3e;box-shadow:0 0 0 2px #cfe8d4}"
             ".tienlen .phom-seat h4{margin:2px 0}.tienlen .phom-part span{display:inline-block;min-width:70px;"
             "color:#555}.tienlen .phom-part{display:flex;align-items:center;gap:6px;flex-wrap:wrap}"
             ".tienlen-table-play{border:1px dashed #2f6f3e;border-radius:6px;padding:4px 8px;margin:4px 0}")


def _faces(cards: CardSet) -> list[tuple[int, int]]:
    return [(c.rank, int(c.suit)) for c in sorted(cards, key=strength)]


def _place_name(place: int, players: int) -> str:
    return "bét" if place == players - 1 else PLACES[place]


def action_text(action: Action, lang: str = "en") -> str:
    """A legal move as a button names it.

    >>> from phom.tienlen import Play
    >>> action_text(Play("4D 3C"), "vi"), action_text(Pass(), "vi")
    ('Đánh 3♣ 4♦', 'Bỏ lượt')
    """
    _ = translator(lang)
    if isinstance(action, Pass):
        return _("pass")
    return _("play {cards}").format(cards=in_order(action.cards))


def action_report(action: Action, lang: str = "en") -> dict[str, Any]:
    """``{"text", "label", "cards"}`` of a legal action (``text`` as the API takes it, ``label`` in
    ``lang`` for a button; ``cards`` weakest first, empty for a pass)."""
    if isinstance(action, Pass):
        return {"text": "pass", "label": action_text(action, lang), "cards": []}
    codes = in_order(action.cards, codes=True)
    return {"text": f"play {codes}", "label": action_text(action, lang), "cards": codes.split()}


def view_report(view: TienLenView, lang: str = "en") -> dict[str, Any]:
    """What one player may know, as data: never another seat's hand."""
    combo = classify(view.table.mask) if view.table else None
    return {
        "game": "tienlen", "player": view.player, "players": len(view.hand_sizes),
        "hand": in_order(view.hand, codes=True), "hand_sizes": list(view.hand_sizes),
        "table": in_order(view.table, codes=True), "table_kind": combo.kind if combo else None,
        "table_owner": view.table_owner, "passed": sorted(view.passed), "finished": list(view.finished),
        "cong": list(view.cong), "to_move": view.to_move, "leader": view.leader, "first_game": view.first_game,
        "opening_card": view.opening_card.code if view.opening_card is not None else None,
        "legal_actions": [action_report(a, lang) for a in view.legal_actions],
        "hand_groups": [{"kind": combo_kind(part), "cards": in_order(part, codes=True).split()}
                        for part in best_split(view.hand)] if view.hand else [],
        "history": [{"player": p, "action": str(a)} for p, a in view.history],
        "is_over": view.to_move is None,
    }


def combo_kind(cards: CardSet) -> str:
    """The kind of a combination (``"single"``, ``"pair"``, ... as ``classify`` names it), ``"cards"`` if none."""
    combo = classify(cards.mask)
    return combo.kind if combo else "cards"


def move_text(player: int, action: Action, lang: str = "en") -> str:
    """One move in words, for a move log.

    >>> from phom.tienlen import Play
    >>> move_text(1, Play("5S 3C 4D")), move_text(2, Pass())
    ('seat 2 played 3♣ 4♦ 5♠', 'seat 3 passed')
    >>> move_text(2, Pass(), "vi")
    'ghế 3 bỏ lượt'
    """
    _ = translator(lang)
    if isinstance(action, Pass):
        return _("seat {seat} passed").format(seat=player + 1)
    return _("seat {seat} played {cards}").format(seat=player + 1, cards=in_order(action.cards))


def html(view: TienLenView, *, revealed: Sequence[CardSet] | None = None, lang: str = "en",
         styled: bool = True) -> str:
    """The table as one seat sees it, in ``lang``: the play to beat and who made it, each seat with its
    hand (yours face up, grouped by the fewest-plays split; the others as backs, or face up when
    ``revealed``), who passed this round, the places of those who went out, and cóng. The style sheet
    (``TABLE_CSS``) comes with it unless ``styled`` is false."""
    _ = translator(lang)
    n = len(view.hand_sizes)
    seats = []
    for q in range(n):
        me = q == view.player
        status = [_("{count} cards").format(count=view.hand_sizes[q])]
        if q in view.finished:
            status.append(_("out: {place}").format(place=_place_name(view.finished.index(q), n)))
        if q in view.cong:
            status.append("cóng")
        if q in view.passed:
            status.append(_("passed this round"))
        if me:
            groups = [_faces(s) for s in best_split(view.hand)] if view.hand else []
            drawing = cards_svg(groups, title=_("your hand, by its fewest-plays split"), lang=lang)
        elif revealed is not None:
            drawing = cards_svg([_faces(revealed[q])], lang=lang,
                                title=_("hand of seat {seat} at the end").format(seat=q + 1))
        else:
            drawing = cards_svg([], hidden=view.hand_sizes[q], lang=lang,
                                title=_("{count} hidden cards").format(count=view.hand_sizes[q]))
        who = (_("Seat {seat} (you)") if me else _("Seat {seat}")).format(seat=q + 1)
        who += _(" — to move") if view.to_move == q else ""
        css = "phom-seat to-move" if view.to_move == q else "phom-seat"
        hand = _("hand")
        seats.append(f'<div class="{css}" data-seat="{q}"><h4>{escape(who)}</h4>'
                     f'<div class="phom-status">{escape(", ".join(status))}</div>'
                     f'<div class="phom-part part-hand{" own-hand" if me else ""}"><span>{escape(hand)}</span>{drawing}'
                     '</div></div>')
    to_beat = _("to beat")
    if view.table:
        kind = combo_kind(view.table)
        said = _(COMBO_KINDS[kind]) if kind in COMBO_KINDS else _("cards")
        drawn = cards_svg([_faces(view.table)], title=_("the play to beat"), lang=lang)
        owner = _("{kind} by seat {seat}").format(kind=said, seat=view.table_owner + 1)
        table = (f'<div class="tienlen-table-play"><div class="phom-part"><span>{escape(to_beat)}</span>'
                 f'{drawn}<span>{escape(owner)}</span></div></div>')
    else:
        nothing = _("nothing: a new round")
        table = (f'<div class="tienlen-table-play"><div class="phom-part"><span>{escape(to_beat)}</span>'
                 f'{escape(nothing)}</div></div>')
    if view.to_move is None:
        line = _("The game is over.")
    elif not view.table:
        line = (_("Seat {seat} leads a new round (the first play must hold {card}).")
                if view.opening_card is not None else _("Seat {seat} leads a new round.")).format(
                    seat=view.to_move + 1, card=view.opening_card)
    else:
        line = _("Seat {seat} to beat it or pass.").format(seat=view.to_move + 1)
    head = f'<div class="phom-status">Tiến lên — {escape(line)}</div>'
    style = f"<style>{TABLE_CSS}</style>" if styled else ""
    return f'<div class="phom-table tienlen" lang="{lang}">{style}{head}{table}{"".join(seats)}</div>'


def result_text(game: TienLenGame, lang: str = "en") -> str:
    """How a finished game ended, for people: the places (or the tới trắng), every payment, the net."""
    _ = translator(lang)
    result = game.result
    if result is None:
        return _("(unfinished: seat {seat} to move)").format(seat=(game.to_move or 0) + 1)
    lines = []
    if result.toi_trang is not None:
        hand = _(TOI_TRANG_KINDS[result.toi_trang]) if result.toi_trang in TOI_TRANG_KINDS else result.toi_trang
        lines.append(_("Seat {seat} wins at once: tới trắng with {hand}.").format(seat=result.winner + 1, hand=hand))
    else:
        for place, seat in enumerate(result.places):
            tag = " (cóng)" if seat in result.cong else ""
            lines.append(_("{place}: seat {seat}{tag}").format(place=f"{_place_name(place, game.players):>5}",
                                                              seat=seat + 1, tag=tag))
    for payer, payee, amount, reason in result.payments:
        said = _(PAYMENT_REASONS[reason]) if reason in PAYMENT_REASONS else reason
        lines.append("  " + _("seat {payer} pays seat {payee} {amount} ({reason})").format(
            payer=payer + 1, payee=payee + 1, amount=amount, reason=said))
    lines.append(_("Net: {list}").format(list=", ".join(
        _("seat {seat} {money}").format(seat=p + 1, money=number(v, lang, signed=True)) for p, v in enumerate(result.net))))
    return "\n".join(lines)
