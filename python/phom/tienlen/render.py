"""Tiến lên for people: a view as data (``view_report``), a drawn table (``html``, with phom's card
drawings), a move in words (``move_text``) and how a game ended (``result_text``).

>>> from phom.tienlen import TienLenGame
>>> game = TienLenGame(seed=3)
>>> first = game.legal_actions()[0]
>>> game.apply(first)
>>> move_text(game.history[0][0], first).startswith(f"Seat {game.history[0][0] + 1} played")
True
>>> report = view_report(game.view(0))
>>> sorted(report)[:4], 'data-card="3S"' in html(TienLenGame(seed=3).view(TienLenGame(seed=3).to_move))
(['cong', 'finished', 'first_game', 'game'], True)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from ..cards import Card, CardSet, CardsLike, to_mask
from ..drawing import cards_svg
from ..language import N_, capital, number, term, translator
from ..table_words import SEAT_PLACES, Names, payment_line, seat_place, seat_words, who_words
from .combos import best_split, classify
from .game import Action, Pass, TienLenGame, TienLenView
from .reference import HEO, in_order, order, strength

__all__ = ["COMBO_KINDS", "PAID_BECAUSE", "PAYMENT_REASONS", "PLACES", "SEAT_PLACES", "TOI_TRANG_KINDS", "action_report", "action_text",
           "bomb_kind", "bomb_words", "combo_kind", "counted_left", "html", "kind_words", "moments", "move_text", "seat_place", "payment_lines", "play_words",
           "page_report", "result_table", "result_text", "view_report"]

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
    return _("play {cards}").format(cards=play_words(action.cards, lang))


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


def kind_words(cards: CardSet, lang: str = "en") -> str:
    """The kind of a combination as players name it: a lone 2 is heo, never "a single".

    >>> kind_words(CardSet("2H"), "vi"), kind_words(CardSet("9H"), "vi"), kind_words(CardSet("9H 9S"), "en")
    ('heo', 'một lá lẻ', 'a pair')
    """
    kind = combo_kind(cards)
    if kind == "single" and any(c.rank == 2 for c in cards):
        return term("heo", lang)
    return translator(lang)(COMBO_KINDS[kind]) if kind in COMBO_KINDS else translator(lang)("cards")


def play_words(cards: CardsLike, lang: str = "en") -> str:
    """A play's cards as players say them: weakest first, a lone 2 called heo.

    >>> play_words("5S 3C 4D"), play_words("2H", "vi")
    ('3♣ 4♦ 5♠', 'heo 2♥')
    """
    held = CardSet(cards)
    shown = in_order(held)
    return f"{term('heo', lang)} {shown}" if len(held) == 1 and next(iter(held)).rank == 2 else shown


def move_text(player: int, action: Action, lang: str = "en", names: Names | None = None) -> str:
    """One move in words, a sentence for a move log: the seat by its person's name where it has one
    (``names``, by seat from 0), else ghế N.

    >>> from phom.tienlen import Play
    >>> move_text(1, Play("5S 3C 4D")), move_text(2, Pass())
    ('Seat 2 played 3♣ 4♦ 5♠', 'Seat 3 passed')
    >>> move_text(2, Pass(), "vi"), move_text(2, Play("2H"), "vi", {2: "Lan"})
    ('Ghế 3 bỏ lượt', 'Lan đánh heo 2♥')
    """
    _ = translator(lang)
    who = seat_words(player, lang, names=names)
    if isinstance(action, Pass):
        return capital(_("{who} passed").format(who=who))
    return capital(_("{who} played {cards}").format(who=who, cards=play_words(action.cards, lang)))


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
        if revealed is not None and not revealed[q]:
            drawing = ""                # out of cards at the end: nothing to draw, the status says the place
        elif me:
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
        part = (f'<div class="phom-part part-hand{" own-hand" if me else ""}"><span>{escape(hand)}</span>{drawing}</div>'
                if drawing else "")
        seats.append(f'<div class="{css}" data-seat="{q}"><h4>{escape(who)}</h4>'
                     f'<div class="phom-status">{escape(", ".join(status))}</div>{part}</div>')
    to_beat = _("to beat")
    if view.table:
        said = kind_words(view.table, lang)
        drawn = cards_svg([_faces(view.table)], title=_("the play to beat"), lang=lang)
        owner = _("{kind} by {owner}").format(kind=said, owner=_(SEAT_PLACES[seat_place(view.table_owner, view.player, n)]))
        table = (f'<div class="tienlen-table-play table-play"><div class="phom-part"><span>{escape(to_beat)}</span>'
                 f'{drawn}<span>{escape(owner)}</span></div></div>')
    else:
        nothing = term("empty_table", lang)
        table = (f'<div class="tienlen-table-play table-play"><div class="phom-part"><span>{escape(to_beat)}</span>'
                 f'{escape(nothing)}</div></div>')
    mine = view.to_move == view.player         # the seat to move said from the viewer's place
    who = who_words(view.to_move, view.player, n, lang) if view.to_move is not None else ""
    if view.to_move is None:
        line = _("The game is over.")
    elif not view.table:
        if mine:
            line = (_("The table is empty: you lead (the first play must hold {card}).")
                    if view.opening_card is not None else _("The table is empty: you lead.")).format(card=view.opening_card)
        else:
            line = (_("The table is empty: {who} leads (the first play must hold {card}).")
                    if view.opening_card is not None else _("The table is empty: {who} leads.")).format(
                        who=who, card=view.opening_card)
    else:
        line = _("Your turn: beat it or pass.") if mine else capital(_("{who} to beat it or pass.").format(who=who))
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
            lines.append(_("{place}: seat {seat}{tag}").format(place=f"{capital(_place_name(place, game.players)):>5}",
                                                              seat=seat + 1, tag=tag))
    lines += ["  " + line["text"] for line in payment_lines(game, lang)]
    lines.append(_("Net: {list}").format(list=", ".join(
        _("seat {seat}: {money}").format(seat=p + 1, money=number(v, lang, signed=True)) for p, v in enumerate(result.net))))
    return "\n".join(lines)


#: why a seat paid, with what the game knows of it ({place}: where he came; {cards}: what he was left
#: holding; {hand}: the tới trắng hand)
PAID_BECAUSE = {"place": N_("came {place}"), "cong": N_("cóng: played no card"), "thoi": N_("thối: {cards} left in hand"),
                "chat": N_("chặt: bombed"), "toi_trang": N_("tới trắng: {hand}")}


def counted_left(hand: CardsLike) -> CardSet:
    """The cards of a hand that ``thoi`` charges for: its heo, its tứ quý and its runs of three or
    more pairs (the đôi thông).

    >>> in_order(counted_left("2S 2H 7S 7C 7D 7H 3S 4S 4C 5S 5C 6D 6H 9S"))
    '4♠ 4♣ 5♠ 5♣ 6♦ 6♥ 7♠ 7♣ 7♦ 7♥ 2♠ 2♥'
    """
    cards = list(CardSet(to_mask(hand, "hand")))
    by_order: list[list[Card]] = [[] for _ in range(13)]
    for card in cards:
        by_order[order(card)].append(card)
    kept = [c for c in by_order[HEO]] + [c for o in range(HEO) if len(by_order[o]) == 4 for c in by_order[o]]
    run: list[int] = []
    for o in range(HEO + 1):
        if o < HEO and 2 <= len(by_order[o]) < 4:
            run.append(o)
            continue
        if len(run) >= 3:
            kept += [c for r in run for c in by_order[r]]
        run = []
    return CardSet(kept)


def payment_lines(game: TienLenGame, lang: str = "en", viewer: int | None = None, names: Names | None = None
                  ) -> list[dict[str, Any]]:
    """Every payment of a Tiến lên game so far (all once it is over), in order: ``{"payer", "payee",
    "amount", "reason", "text"}``, the text as ``phom tienlen play`` prints it and the page shows it;
    told to the ``viewer`` (from 0), his seat is "you"; a seat with a name (``names``) is called by it.

    >>> from phom.tienlen import TienLenGame
    >>> from phom.tienlen.bots import make_tienlen_bot
    >>> game, bot = TienLenGame(seed=34), make_tienlen_bot("greedy")
    >>> while not game.is_over:
    ...     game.apply(bot.act(game.view(game.to_move)))
    >>> for line in payment_lines(game, "vi"):
    ...     print(line["text"])
    Ghế 1 trả ghế 2: 2 cược (bị chặt)
    Ghế 3 trả ghế 2: 1 cược (về nhì)
    Ghế 4 trả ghế 2: 2 cược (về ba)
    Ghế 1 trả ghế 2: 3 cược (về bét)
    Ghế 1 trả ghế 2: 3 cược (thối 3♣ 3♦ 4♦ 4♥ 5♦ 5♥ còn trên tay)
    """
    _ = translator(lang)
    result = game.result
    lines = []
    for payer, payee, amount, reason in (result.payments if result is not None else game.payments):
        if reason == "place" and result is not None:
            because = _(PAID_BECAUSE["place"]).format(place=_place_name(result.places.index(payer), game.players))
        elif reason == "thoi":
            because = _(PAID_BECAUSE["thoi"]).format(cards=in_order(counted_left(game.hands[payer])))
        elif reason == "toi_trang" and result is not None and result.toi_trang is not None:
            kind = result.toi_trang
            because = _(PAID_BECAUSE["toi_trang"]).format(hand=_(TOI_TRANG_KINDS[kind]) if kind in TOI_TRANG_KINDS else kind)
        else:
            because = _(PAID_BECAUSE[reason]) if reason in PAID_BECAUSE else reason
        lines.append({"payer": payer, "payee": payee, "amount": amount, "reason": reason,
                      "text": payment_line(payer, payee, amount, because, lang, viewer, names)})
    return lines


def bomb_words(cards: CardSet, lang: str = "en") -> str:
    """What a chặt cut or cut with, as players name it: heo, a pair of heo, tứ quý, đôi thông.

    >>> bomb_words(CardSet("2H"), "vi"), bomb_words(CardSet("3S 3C 4D 4H 5S 5C"), "vi")
    ('heo 2♥', '3 đôi thông 3♠ 3♣ 4♦ 4♥ 5♠ 5♣')
    """
    _ = translator(lang)
    combo = classify(cards.mask)
    said = in_order(cards)
    if combo is None:
        return said
    if combo.kind == "single":
        return f"heo {said}"
    if combo.kind == "pair":
        return _("a pair of heo {cards}").format(cards=said)
    if combo.kind == "four":
        return f"tứ quý {said}"
    return _("{count} đôi thông {cards}").format(count=combo.pairs, cards=said)


def _heo_or_bomb(mask: int) -> bool:
    combo = classify(mask)
    return combo is not None and (combo.is_bomb or (combo.kind in ("single", "pair") and order(combo.high) == HEO))


def bomb_kind(cards: CardSet, lang: str = "en") -> str:
    """What a chặt cut or cut with, by its kind alone, for the short why (``tứ quý chặt heo``): heo, đôi
    heo, tứ quý, N đôi thông.

    >>> bomb_kind(CardSet("2H"), "vi"), bomb_kind(CardSet("2H 2S"), "en"), bomb_kind(CardSet("3S 3C 4D 4H 5S 5C"), "en")
    ('heo', 'đôi heo', '3 đôi thông')
    """
    combo = classify(cards.mask)
    if combo is None:
        return in_order(cards)
    if combo.kind == "single":
        return term("heo", lang)
    if combo.kind == "pair":
        return "đôi heo"                              # the terms stay Vietnamese in English too
    if combo.kind == "four":
        return "tứ quý"
    return f"{combo.pairs} đôi thông"


def moments(game: TienLenGame, lang: str = "en", viewer: int | None = None, names: Names | None = None
            ) -> list[dict[str, Any]]:
    """The big moments of a Tiến lên game so far, in order, for the table to announce and the move log
    to name, each a sentence: ``{"index", "seat", "kind", "text"}``, ``index`` the move (in ``history``)
    that made it (-1 for a tới trắng, before any move), ``kind`` one of ``chat`` (what cut what, with
    what, and the short why: ``tứ quý chặt heo``), ``cong``, ``toi_trang``. The game is replayed from
    its deal to see the table each play met. Told to one person, the ``viewer`` (his seat, from 0), his
    own seat is "you" (bạn); a seat with a name (``names``) is called by it; every other is ghế N.

    >>> from phom.tienlen import TienLenGame
    >>> from phom.tienlen.bots import make_tienlen_bot
    >>> game, bot = TienLenGame(seed=34), make_tienlen_bot("greedy")
    >>> while not game.is_over:
    ...     game.apply(bot.act(game.view(game.to_move)))
    >>> [(m["index"], m["kind"], m["text"]) for m in moments(game, "vi")]
    [(21, 'chat', 'Ghế 2 chặt heo 2♥ của ghế 1 bằng tứ quý 6♠ 6♣ 6♦ 6♥ (tứ quý chặt được heo)!')]
    >>> [m["text"] for m in moments(game, "vi", viewer=0, names={1: "Lan"})]
    ['Lan chặt heo 2♥ của bạn bằng tứ quý 6♠ 6♣ 6♦ 6♥ (tứ quý chặt được heo)!']
    >>> [m["text"] for m in moments(game, "en", viewer=1)]
    ['You cut heo 2♥ of seat 1 with tứ quý 6♠ 6♣ 6♦ 6♥ (tứ quý cuts heo)!']
    """
    _ = translator(lang)
    found: list[dict[str, Any]] = []
    replay = TienLenGame(game.rules, deal=game.deal, first_game=game.first_game, leader=game.leader)
    for i, (p, action) in enumerate(game.history):
        table, owner, cong = replay.table, replay.table_owner, len(replay.cong)
        replay.apply(action)
        if isinstance(action, Pass):
            continue
        combo = classify(action.cards.mask)
        if table and combo is not None and combo.is_bomb and _heo_or_bomb(table):
            what, bomb = bomb_words(CardSet(table), lang), bomb_words(action.cards, lang)
            why = _("{bomb} cuts {what}").format(bomb=bomb_kind(action.cards, lang), what=bomb_kind(CardSet(table), lang))
            said = (_("You cut {what} of {victim} with {bomb} ({why})!") if p == viewer else
                    _("{who} cuts your {what} with {bomb} ({why})!") if owner == viewer else
                    _("{who} cuts {what} of {victim} with {bomb} ({why})!"))
            found.append({"index": i, "seat": p, "kind": "chat", "text": capital(said.format(
                who=seat_words(p, lang, viewer, names), what=what, victim=seat_words(owner, lang, viewer, names),
                bomb=bomb, why=why))})
        found += [{"index": i, "seat": q, "kind": "cong", "text": capital((
                      _("You are cóng: you played no card.") if q == viewer else _("{who} is cóng: played no card.")).format(
                          who=seat_words(q, lang, viewer, names)))}
                  for q in replay.cong[cong:]]
    result = game.result
    if result is not None and result.toi_trang is not None:
        kind = result.toi_trang
        said = (_("You win at once: tới trắng with {hand}.") if result.winner == viewer
                else _("{who} wins at once: tới trắng with {hand}."))
        found.append({"index": len(game.history) - 1, "seat": result.winner, "kind": "toi_trang", "text": capital(said.format(
            who=seat_words(result.winner, lang, viewer, names),
            hand=_(TOI_TRANG_KINDS[kind]) if kind in TOI_TRANG_KINDS else kind))})
    return found


#: The ranks weakest first, as Tiến lên ranks them (3 … K, A, 2): the page sorts a hand by them.
RANKS_IN_ORDER = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")


def page_report(view: TienLenView) -> dict[str, Any]:
    """How the page handles a Tiến lên hand and turn (``page`` in the hosted view): the ranks weakest first
    for sorting (3 … 2), the hand's sorts (the first its default order: the best split), the verb of the
    chosen cards, one or several (``play``; no double tap), no group marks on the cards, what the seat is
    ``doing`` as catalog keys, and the features the page's table has (its own seat folds away on a phone).

    >>> page = page_report(TienLenGame(seed=1).view(0))
    >>> page["sorts"], page["card_verb"], page["many_verb"], page["double_tap"], page["ranks"][-2:]
    (['combos', 'rank'], 'play', 'play', None, ['A', '2'])
    """
    return {"ranks": list(RANKS_IN_ORDER), "sorts": ["combos", "rank"], "card_verb": "play", "many_verb": "play",
            "double_tap": None, "group_marks": False, "doing": ["doing_beat" if view.table else "doing_lead"],
            "features": ["fold-own-seat"]}


def result_table(result: Any, seat: int) -> dict[str, Any]:
    """A finished game's result as the page's table shows it to ``seat`` (``result_table`` in the hosted
    view): the ``headline`` (a catalog key and its words), the ``columns`` (catalog keys) and one row a
    place, best first, each cell by its column's name (``place`` a Vietnamese term, cóng marked).

    >>> game = TienLenGame(seed=1)
    >>> from phom.tienlen.bots import make_tienlen_bot
    >>> bot = make_tienlen_bot("greedy")
    >>> while not game.is_over: game.apply(bot.act(game.view(game.to_move)))
    >>> table = result_table(game.result, 0)
    >>> table["columns"], [row["place"] for row in table["rows"]][0], table["headline"]["key"] in ("is_nhat", "you_are_nhat")
    (['col_seat', 'col_place', 'col_money'], 'nhất', True)
    """
    places, n = list(result.places), len(result.net)
    rows = []
    for i, s in enumerate(places):
        place = "—" if result.toi_trang and i > 0 else PLACES[3] if i == n - 1 else PLACES[i]
        rows.append({"seat": s, "place": place + (" (cóng)" if s in result.cong else ""), "money": result.net[s]})
    mine = result.winner == seat
    key = ("you_toi_trang" if mine else "toi_trang") if result.toi_trang else ("you_are_nhat" if mine else "is_nhat")
    return {"headline": {"key": key, "seat": result.winner}, "columns": ["col_seat", "col_place", "col_money"],
            "rows": rows}
