"""Xì dách in words and as data: a hand's worth (``18 điểm``, ``xì dách``, ``quắc``), the moves as the log
says them, each settlement as a big moment and a payment, the result, and a seat's view as the API sends it.

>>> from phom.cards import CardSet
>>> hand_words(CardSet.parse("AS KH"), "vi"), hand_words(CardSet.parse("9S 5H"), "vi", least=16)
('xì dách', '14 điểm, non')
>>> move_text(2, Settle(1), "vi"), move_text(0, Draw(), "en")
('Ghế 3: xét ghế 2', 'Seat 1: rút')
"""

from __future__ import annotations

import html as markup
from typing import Any

from phom.cards import Card, CardSet
from phom.drawing import cards_svg
from phom.language import number

from .game import Draw, Settle, Stand, XiDachAction, XiDachGame, XiDachView
from .hands import Worth, worth
from .words import say, seat_name

__all__ = ["action_label", "action_report", "hand_words", "html", "moments", "move_text", "payment_lines",
           "result_lines", "result_table", "signed", "stakes", "view_report", "worth_words"]


def stakes(count: int, lang: str = "en") -> str:
    """``1 cược``, ``2 cược`` / ``1 stake``, ``2 stakes``."""
    return say("1 stake", lang) if count == 1 else say("{count} stakes", lang).format(count=count)


def signed(value: float, lang: str = "en") -> str:
    """Money in stakes, signed, two decimals, as people write it in ``lang`` (``+0,25 cược``)."""
    return f"{number(value, lang, 2, signed=True)} {say('{count} stakes', lang).format(count='').strip()}"


def worth_words(value: Worth, lang: str = "en", least: int | None = None) -> str:
    """A hand's worth as players say it; ``least``: the points under which it is non (marked so)."""
    if value.kind == "points":
        said = say("{points} points", lang).format(points=value.points)
        return said + (", " + say("non", lang) if least is not None and value.points < least else "")
    if value.kind == "quac":
        return f"{say('quắc', lang)}, {say('{points} points', lang).format(points=value.points)}"
    if value.kind == "ngu_linh":
        return f"{say('ngũ linh', lang)}, {say('{points} points', lang).format(points=value.points)}"
    return say("xì bàn" if value.kind == "xi_ban" else "xì dách", lang)


def hand_words(cards: CardSet, lang: str = "en", least: int | None = None) -> str:
    """The worth of ``cards`` in words (``worth_words``)."""
    return worth_words(worth(cards), lang, least)


def action_label(action: XiDachAction, lang: str = "en") -> str:
    """A move as the table lists it: ``rút``, ``dằn``, ``xét ghế 3``."""
    if isinstance(action, Draw):
        return say("rút", lang)
    if isinstance(action, Stand):
        return say("dằn", lang)
    return say("xét {seat}", lang).format(seat=say("seat {seat}", lang).format(seat=action.seat + 1))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def move_text(player: int, action: XiDachAction, lang: str = "en") -> str:
    """One move as the log says it (``Ghế 2: rút``)."""
    return _capital(say("{who}: {move}", lang).format(
        who=seat_name(player, lang), move=action_label(action, lang)))


def action_report(action: XiDachAction, lang: str = "en") -> dict[str, Any]:
    """A legal move as the API sends it: no id, its text and its label."""
    return {"id": None, "text": str(action), "label": action_label(action, lang)}


def _outcome(game: XiDachGame, seat: int, lang: str, viewer: int | None) -> str:
    net = game.settled[seat]
    player = seat_name(seat, lang, viewer=viewer, banker=game.banker)
    banker = seat_name(game.banker, lang, viewer=viewer, banker=game.banker)
    if net == 0:
        return say("{who} and {whom}: hòa", lang).format(who=player, whom=banker)
    payer, payee = (game.banker, seat) if net > 0 else (seat, game.banker)
    if payer == viewer:
        return say("you pay {whom}: {money}", lang).format(
            whom=seat_name(payee, lang, viewer=viewer, banker=game.banker), money=stakes(abs(net), lang))
    return say("{who} pays {whom}: {money}", lang).format(who=seat_name(payer, lang, viewer=viewer, banker=game.banker),
                                                          whom=seat_name(payee, lang, viewer=viewer, banker=game.banker),
                                                          money=stakes(abs(net), lang))


def moments(game: XiDachGame, lang: str = "en", viewer: int | None = None) -> list[dict[str, Any]]:
    """Each settlement so far, as the seats are told it: both hands shown and who pays whom
    (``{index, seat, kind, text}``, ``index`` the number of moves played when it happened)."""
    said = []
    for index, seat, banker_hand in game.settlements:
        cards = game.hands[seat]
        text = say("{who}: {hand} ({cards})", lang).format(
            who=_capital(seat_name(seat, lang, viewer=viewer, banker=game.banker)), hand=hand_words(cards, lang),
            cards=" ".join(str(c) for c in sorted(cards)))
        text += "; " + say("{who}: {hand} ({cards})", lang).format(
            who=seat_name(game.banker, lang, viewer=viewer, banker=game.banker), hand=hand_words(banker_hand, lang),
            cards=" ".join(str(c) for c in sorted(banker_hand)))
        said.append({"index": index, "seat": seat, "kind": worth(cards).kind,
                     "text": text + "; " + _outcome(game, seat, lang, viewer)})
    return said


def payment_lines(game: XiDachGame, lang: str = "en", viewer: int | None = None) -> list[dict[str, Any]]:
    """Every payment so far, in the order the banker settled: ``{payer, payee, amount, reason, text}``
    (``reason`` the winning hand's kind; a hòa pays nothing and is no payment)."""
    lines = []
    for _index, seat, banker_hand in game.settlements:
        net = game.settled[seat]
        if net == 0:
            continue
        payer, payee = (game.banker, seat) if net > 0 else (seat, game.banker)
        winning = banker_hand if payee == game.banker else game.hands[seat]
        lines.append({"payer": payer, "payee": payee, "amount": abs(net), "reason": worth(winning).kind,
                      "text": _capital(_outcome(game, seat, lang, viewer))})
    return lines


def result_lines(game: XiDachGame, seat: int | None = None, lang: str = "en") -> list[str]:
    """The finished game as the terminal ends it: every settlement, then each seat's money."""
    result = game.result
    assert result is not None, "the game is not over"
    lines = [m["text"] for m in moments(game, lang, seat)]
    lines.append(say("Net: {list}", lang).format(list=", ".join(
        say("{who}: {money}", lang).format(who=seat_name(q, lang, viewer=seat, banker=game.banker),
                                           money=f"{v:+d}".replace("-", "\u2212"))
        for q, v in enumerate(result.net))))
    return lines


def result_table(game: XiDachGame, seat: int, lang: str = "en") -> dict[str, Any]:
    """The finished game as the page's result table shows it to ``seat``: a headline (the seat's own money,
    a sentence in ``lang``), and one row a seat — its points with its hand's class (and the bank) beside them,
    its money.

    >>> from phom_xidach.kind import XiDachKind
    >>> kind = XiDachKind()
    >>> game = kind.deal(kind.rules({"players": 2}), 0, "00" * 32, "table")
    >>> while not game.is_over: game.apply(game.legal_actions()[-1])
    >>> table = result_table(game, 1, "vi")
    >>> table["columns"], len(table["rows"]), table["headline"]["key"].startswith("Bạn")
    (['col_seat', 'col_points', 'col_money'], 2, True)
    """
    result = game.result
    assert result is not None, "the game is not over"
    mine = result.net[seat]
    headline = (say("You take {money}.", lang) if mine > 0 else say("You pay {money}.", lang) if mine < 0
                else say("You break even (hòa).", lang)).format(money=stakes(abs(mine), lang))
    rows = []
    for q, value in enumerate(result.worths):
        note = "" if value.kind == "points" else " · " + worth_words(value, lang).split(",")[0]
        rows.append({"seat": q, "points": value.points, "money": result.net[q],
                     "note": note + (say(" · the banker", lang) if q == game.banker else "")})
    # the page says a headline by its catalog key: a plug-in's own sentence, already in ``lang``, is its key
    return {"headline": {"key": headline}, "columns": ["col_seat", "col_points", "col_money"], "rows": rows}


def view_report(view: XiDachView, lang: str = "en") -> dict[str, Any]:
    """What one seat may know, as data: its hand and worth, every seat's count of cards, the hands shown
    at settlements and what each settled player took, the legal moves and the moves so far."""
    least = view.rules.banker_min if view.player == view.banker else view.rules.player_min
    return {
        "game": "xidach", "player": view.player, "players": view.rules.players, "banker": view.banker,
        "leader": view.banker, "hand": view.hand.codes, "hand_value": worth_words(view.worth, lang, least),
        "hand_sizes": list(view.hand_sizes), "to_move": view.to_move, "is_over": view.to_move is None,
        "shown": {str(q): cards.codes for q, cards in sorted(view.shown.items())},
        "settled": {str(q): net for q, net in sorted(view.settled.items())},
        "legal_actions": [action_report(a, lang) for a in view.legal_actions],
        "history": [{"player": p, "action": str(a)} for p, a in view.history],
        "rules": view.rules.to_dict(),
    }


def ranked(cards: CardSet) -> list[Card]:
    """A hand as the table shows it: ace first, then by rank."""
    return sorted(cards)


def html(game: XiDachGame, seat: int, lang: str = "en") -> str:
    """The table as ``seat`` sees it, drawn as the page draws every game's (``phom-table``, a ``phom-seat`` a
    seat, the cards by ``phom.drawing.cards_svg``): each seat with its cards (face down where hidden), its
    worth where shown and what it took once settled; every word escaped.

    >>> from phom_xidach.kind import XiDachKind
    >>> kind = XiDachKind()
    >>> drawn = html(kind.deal(kind.rules(None), 0, "00" * 32, "x"), 1, "vi")
    >>> drawn.startswith('<div class="phom-table xidach" lang="vi">'), drawn.count('class="phom-seat')
    (True, 4)
    """
    shown = game.shown()
    seats = []
    for q in range(game.players):
        cards = game.hands[q] if q == seat or q in shown else None
        status = [say("the banker", lang)] if q == game.banker else []      # the page names seats by place
        status.append(say("{count} cards in hand", lang).format(count=len(game.hands[q])))
        if cards is not None:
            status.append(hand_words(cards, lang))
        if q in game.settled:
            status.append(say("settled: {money}", lang).format(money=number(game.settled[q], lang, signed=True)))
        if cards is not None:
            drawing = cards_svg([[(c.rank, int(c.suit)) for c in ranked(cards)]], lang=lang)
        else:
            drawing = cards_svg([], hidden=len(game.hands[q]), lang=lang)
        who = _capital(seat_name(q, lang, viewer=seat, banker=game.banker))
        css = "phom-seat to-move" if q == game.to_move else "phom-seat"
        own = " own-hand" if q == seat else ""
        seats.append(f'<div class="{css}" data-seat="{q}"><h4>{markup.escape(who)}</h4>'
                     f'<div class="phom-status">{markup.escape(", ".join(status))}</div>'
                     f'<div class="phom-part part-hand{own}">{drawing}</div></div>')
    if game.to_move is None:
        line = say("The game is over.", lang)
    elif game.to_move == seat:
        line = say("Your turn (seat {seat})", lang).format(seat=seat + 1)
    else:
        line = say("{who} to move", lang).format(who=seat_name(game.to_move, lang, viewer=seat, banker=game.banker))
    head = f'<div class="phom-status">{markup.escape(say("Xì dách", lang) + " — " + _capital(line))}</div>'
    return f'<div class="phom-table xidach" lang="{lang}">{head}{"".join(seats)}</div>'
