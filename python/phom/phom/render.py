"""Cards, hands and tables drawn for people: SVG for cards and hands, HTML for views, games and hints.

``svg(cards)`` draws any cards-like, an ``Arrangement`` or a ``LayPlan``; ``svg(hand, hand=True)``
groups a hand as the solver arranges it, phỏm first, then its cạ and rác marked. ``html(obj)`` draws a
``PlayerView``, a ``Game`` (as its player to move sees it) or a ``Hint``: every seat's row, eaten
cards and laid phỏm, and only the viewer's hand. Notebooks call these through ``_repr_svg_`` and
``_repr_html_``; a web page can embed the same strings.

>>> from phom import Game, cards
>>> "phỏm" in svg(cards("9H 10H JH 2S 3S KD"), hand=True)
True
>>> page = html(Game(seed=1).view(0))
>>> page.count('class="card"') >= 10 and "Seat 2" in page and "Stock: 15" in page
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any, Protocol

from .actions import Action, Discard, Eat, LayMeld, Send
from ..cards import Card, CardSet, CardsLike, to_mask
from ..drawing import MARKS, cards_svg
from ..language import N_, capital, number, term, translator
from ..table_words import SEAT_PLACES, Names, payment_line, seat_place, seat_words, who_words
from .referee import turn_kind_of
from .results import Arrangement, LayPlan
from .solver import arrange, isolated

__all__ = ["PAID_BECAUSE", "PAYMENT_REASONS", "PLACE_NAMES", "SEAT_PLACES", "action_text", "hand_groups", "html", "mom_warning",
           "moments", "move_text", "payment_line", "payment_lines", "render_text", "result_text", "seat_place", "svg",
           "table_text", "who_words"]

Face = tuple[int, int]


class _Viewlike(Protocol):
    """What html() reads of a PlayerView (so this module needs no import of phom.phom.view)."""

    player: int
    hand: CardSet
    unlaid_eaten: CardSet
    hand_sizes: tuple[int, ...]
    hidden_sizes: tuple[int, ...]
    eaten: tuple[CardSet, ...]
    rows: tuple[tuple[Card, ...], ...]
    laid: tuple[tuple[CardSet, ...], ...]
    laid_down: tuple[bool, ...]
    stock_size: int
    to_move: int | None
    phase: str
    turn_kind: str
    last_discard: tuple[Card, int] | None
    legal_actions: tuple[Action, ...]
    is_over: bool


def _faces(cards: CardSet | Sequence[Card]) -> list[Face]:
    return [(c.rank, int(c.suit)) for c in cards]


def hand_groups(hand: CardsLike, eaten: CardsLike | None = None, *, values: Sequence[int] | None = None
                ) -> tuple[list[list[Face]], list[str], list[list[str | None]]]:
    """(groups, labels, marks) of a hand as the solver arranges it: each phỏm (eaten cards marked), then
    the cạ cards, then the rác. A hand whose eaten cards cannot be arranged is drawn as it is (labels
    ``"phỏm"``, ``"cạ"``, ``"rác"``, ``"hand"``: the players' words in both languages but the last)."""
    mask = to_mask(hand, "hand")
    eaten_mask = to_mask(eaten, "eaten") if eaten is not None else 0
    found = arrange(mask, eaten_mask, values=values)
    if found is None:
        plain: list[str | None] = ["eaten" if c.mask & eaten_mask else None for c in CardSet(mask)]
        return [_faces(CardSet(mask))], ["hand"], [plain]
    groups: list[list[Face]] = []
    labels: list[str] = []
    marks: list[list[str | None]] = []
    for meld in found.melds:
        groups.append(_faces(meld))
        labels.append("phỏm")
        marks.append(["eaten" if c.mask & eaten_mask else "meld" for c in meld])
    rac = isolated(found.deadwood)
    ca = found.deadwood - rac
    for part, label, mark in ((ca, "cạ", "ca"), (rac, "rác", "rac")):
        if part:
            groups.append(_faces(part))
            labels.append(label)
            marks.append([mark for _ in part])
    return groups, labels, marks


def svg(obj: CardsLike | Arrangement | LayPlan, *, hand: bool = False, eaten: CardsLike | None = None,
        title: str | None = None) -> str:
    """An SVG drawing: cards in index order, or with ``hand=True`` grouped as the solver arranges them
    (``eaten``: the eaten cards still in that hand); an Arrangement or a LayPlan as it would be laid.

    >>> svg("AS 2S 3S").count('class="card"')
    3
    """
    if isinstance(obj, (Arrangement, LayPlan)):
        return obj._repr_svg_()
    if hand:
        groups, labels, marks = hand_groups(obj, eaten)
        labels = [N_("hand") if label == "hand" else label for label in labels]
        return cards_svg(groups, labels=labels, marks=marks, title=title)
    cards = CardSet(to_mask(obj, "cards"))
    return cards_svg([_faces(cards)], title=title or str(cards) or "no cards")


#: The drawn table's style sheet: inside each drawing (``html``), or served once by the page
#: (``phom serve`` at ``/table.css``, whose policy allows no style element).
TABLE_CSS = (
    ".phom-table{font-family:'DejaVu Sans',Arial,sans-serif;font-size:13px;color:#222;"
    "max-width:980px}.phom-table h4{margin:6px 0 2px;font-size:14px}.phom-seat{border:1px solid #ccc;"
    "border-radius:6px;padding:4px 8px;margin:4px 0;background:#f7faf7}.phom-seat.to-move{border-color:#2e7d32;"
    "box-shadow:0 0 0 2px #c8e6c9}.phom-part{display:inline-block;vertical-align:top;margin-right:14px}"
    ".phom-part span{display:block;color:#555;font-size:11px}.phom-status{margin:4px 0;color:#333}"
    ".phom-legend span{display:inline-block;margin-right:10px;font-size:11px}.phom-legend i{display:inline-block;"
    "width:14px;height:4px;margin-right:4px;vertical-align:middle}"
)


def _part(title: str, drawing: str, css: str = "phom-part") -> str:
    return f'<div class="{css}"><span>{escape(title)}</span>{drawing}</div>'


def _legend(lang: str) -> str:
    _ = translator(lang)
    keys = ("meld", "ca", "rac", "eaten")
    items = "".join(f'<span><i style="background:{MARKS[k][1]}"></i>{escape(_(MARKS[k][2]))}</span>' for k in keys)
    return f'<div class="phom-legend">{items}</div>'


def _view_html(view: _Viewlike, extra: str = "", revealed: Sequence[CardSet] | None = None,
               lang: str = "en", styled: bool = True) -> str:
    _ = translator(lang)
    seats = []
    for q in range(len(view.hand_sizes)):
        me = q == view.player
        who = (_("Seat {seat} (you)") if me else _("Seat {seat}")).format(seat=q + 1)
        who += _(" — to move") if view.to_move == q else ""
        count = view.hand_sizes[q]
        status = [_("1 card") if count == 1 else _("{count} cards").format(count=count)]
        if view.laid_down[q]:               # laid nothing in his lay-down turn: móm, as the table says it
            status.append(_("laid down") if view.laid[q] else term("mom", lang))
        parts = []
        if (revealed is not None and not revealed[q]) or (me and not view.hand):
            pass                        # no cards left (an ù): nothing to draw, no "no cards" box
        elif me:
            groups, labels, marks = hand_groups(view.hand, view.unlaid_eaten, values=None)
            labels = [_("hand") if label == "hand" else label for label in labels]
            parts.append(_part(_("hand"), cards_svg(groups, labels=labels, marks=marks, title=_("your hand"),
                                                    lang=lang), css="phom-part part-hand own-hand"))
        elif revealed is not None:
            parts.append(_part(_("hand at the end"), cards_svg([_faces(revealed[q])], lang=lang,
                                                               title=_("hand of seat {seat} at the end").format(seat=q + 1)),
                               css="phom-part part-hand part-revealed"))
        else:
            hidden = view.hidden_sizes[q]          # his eaten cards still in hand are drawn among the eaten
            parts.append(_part(_("hand"), cards_svg([], hidden=hidden, lang=lang,
                                                    title=_("{count} hidden cards").format(count=hidden)),
                               css="phom-part part-hand"))
        if view.rows[q]:
            parts.append(_part(_("row"), cards_svg([_faces(view.rows[q])], lang=lang,
                                                   title=_("row of seat {seat}").format(seat=q + 1)),
                               css="phom-part part-row"))
        laid_cards = CardSet(sum(m.mask for m in view.laid[q]))
        still_eaten = view.eaten[q] - laid_cards      # an eaten card laid in a phỏm is drawn there, marked
        if still_eaten:
            parts.append(_part(_("eaten"), cards_svg([_faces(still_eaten)], marks=[["eaten"] * len(still_eaten)],
                                                     lang=lang, title=_("eaten by seat {seat}").format(seat=q + 1)),
                               css="phom-part part-eaten"))
        if view.laid[q]:
            melds = list(view.laid[q])
            parts.append(_part(_("laid phỏm"), cards_svg([_faces(m) for m in melds],
                                                         labels=[f"phỏm {i + 1}" for i in range(len(melds))],
                                                         marks=[["eaten" if c.mask & view.eaten[q].mask else "meld"
                                                                 for c in m] for m in melds], lang=lang,
                                                         title=_("phỏm laid by seat {seat}").format(seat=q + 1)),
                               css="phom-part part-laid"))
        css = "phom-seat to-move" if view.to_move == q else "phom-seat"
        seats.append(f'<div class="{css}" data-seat="{q}"><h4>{escape(who)}</h4>'
                     f'<div class="phom-status">{escape(", ".join(status))}</div>{"".join(parts)}</div>')
    if view.is_over:
        line = _("The game is over.")
    else:                           # the seat to move said from the viewer's place: you, nhà dưới, nhà trên …
        players, mover = len(view.hand_sizes), view.to_move or 0
        if mover == view.player:
            steps = {("take", "normal"): _("Your turn: take a card."),
                     ("take", "lay"): _("Your turn: take a card (lay-down turn)."),
                     ("take", "tai"): _("Your turn: take a card (tái turn)."),
                     ("play", "lay"): _("Your turn: play (lay-down turn)."),
                     ("play", "tai"): _("Your turn: play (tái turn).")}
            if view.phase == "take" and not any(isinstance(a, Eat) for a in view.legal_actions):
                steps[("take", view.turn_kind)] = _("Your turn: draw a card.")     # nothing he may eat: only Bốc
            line = steps.get((view.phase, view.turn_kind), _("Your turn: play."))
        else:
            steps = {("take", "normal"): _("{who} to take a card."),
                     ("take", "lay"): _("{who} to take a card (lay-down turn)."),
                     ("take", "tai"): _("{who} to take a card (tái turn)."),
                     ("play", "lay"): _("{who} to play (lay-down turn)."),
                     ("play", "tai"): _("{who} to play (tái turn).")}
            line = capital(steps.get((view.phase, view.turn_kind), _("{who} to play.")).format(
                who=who_words(mover, view.player, players, lang)))
        if view.last_discard is not None and any(isinstance(a, Eat) for a in view.legal_actions):
            card, by = view.last_discard            # said only to the seat that may eat it, when it may
            line += " " + _("The discard {card} of {who} may be eaten.").format(
                who=who_words(by, view.player, players, lang), card=card)
    stock = _("Stock: {count}").format(count=view.stock_size)
    head = f'<div class="phom-status">{escape(stock)} — {escape(line)}</div>'
    style = f"<style>{TABLE_CSS}</style>" if styled else ""
    return f'<div class="phom-table" lang="{lang}">{style}{head}{"".join(seats)}{_legend(lang)}{extra}</div>'


def action_text(action: Action, lang: str = "en") -> str:
    """A legal move as a button or a hint names it.

    >>> action_text(Action.parse("discard QS"), "vi"), action_text(Action.parse("draw"), "vi")
    ('Đánh Q♠', 'Bốc')
    >>> action_text(Action.parse("autolay"), "vi"), action_text(Action.parse("autolay"))
    ('Hạ phỏm', 'lay down automatically')
    """
    _ = translator(lang)
    if isinstance(action, Discard):
        return _("discard {card}").format(card=action.card)
    if isinstance(action, Eat):
        return _("eat {card}").format(card=action.card)
    if isinstance(action, LayMeld):
        return _("lay {cards}").format(cards=action.meld)
    if isinstance(action, Send):
        return _("send {card} to seat {seat}, phỏm {meld}").format(card=action.card, seat=action.target[0] + 1,
                                                                   meld=action.target[1] + 1)
    words = {"draw": _("draw"), "u": _("ù"), "u-khan": _("ù khan"), "autolay": _("lay down automatically")}
    return words.get(str(action), str(action))


def move_text(player: int, action: Action, lang: str = "en", names: Names | None = None) -> str:
    """One move in words, a sentence for a move log: the seat by its person's name where it has one
    (``names``, by seat from 0), else ghế N.

    >>> move_text(2, Action.parse("eat 7S")), move_text(2, Action.parse("lay 7S 7C 7D"))
    ('Seat 3 ate 7♠', 'Seat 3 laid 7♠ 7♣ 7♦')
    >>> move_text(2, Action.parse("eat 7S"), "vi"), move_text(2, Action.parse("eat 7S"), "vi", {2: "Lan"})
    ('Ghế 3 ăn 7♠', 'Lan ăn 7♠')
    >>> move_text(0, Action.parse("send 8H 2:0"), "vi")
    'Ghế 1 gửi 8♥ vào phỏm 1 của ghế 3'
    """
    _ = translator(lang)
    who = seat_words(player, lang, names=names)
    if isinstance(action, Eat):
        said = _("{who} ate {card}").format(who=who, card=action.card)
    elif isinstance(action, Discard):
        said = _("{who} discarded {card}").format(who=who, card=action.card)
    elif isinstance(action, LayMeld):
        said = _("{who} laid {cards}").format(who=who, cards=action.meld)
    elif isinstance(action, Send):
        said = _("{who} sent {card} to phỏm {meld} of {target}").format(
            who=who, card=action.card, target=seat_words(action.target[0], lang, names=names), meld=action.target[1] + 1)
    else:
        words = {"draw": _("{who} drew a card"), "u": _("{who} declared ù"), "u-khan": _("{who} declared ù khan"),
                 "autolay": _("{who} laid down")}
        said = words.get(str(action), "{who}: " + str(action)).format(who=who)
    return capital(said)


def html(obj: Any, *, revealed: Sequence[CardSet] | None = None, lang: str = "en", styled: bool = True) -> str:
    """HTML for a PlayerView, a Game (its player to move's view; seat 0 once over) or a Hint, in ``lang``
    (``"en"`` or ``"vi"``). ``revealed``: every hand, drawn face up (for a finished game). A view's table
    carries its style sheet (``TABLE_CSS``) unless ``styled`` is false (a page that links it instead)."""
    _ = translator(lang)
    if hasattr(obj, "public") and hasattr(obj, "hand_sizes"):
        return _view_html(obj, revealed=revealed, lang=lang, styled=styled)
    if hasattr(obj, "view") and hasattr(obj, "state"):
        seat = obj.to_move if obj.to_move is not None else 0
        return _view_html(obj.view(seat), lang=lang)
    if hasattr(obj, "alternatives") and hasattr(obj, "reason"):
        rows = "".join(f"<tr><td>{escape(action_text(a, lang))}</td><td>{escape(reason)}</td></tr>"
                       for a, _value, reason in obj.alternatives[:8])
        cards = ""
        if isinstance(obj.action, (Discard, Eat)):
            cards = cards_svg([[(obj.action.card.rank, int(obj.action.card.suit))]], marks=[["selected"]], lang=lang)
        elif isinstance(obj.action, LayMeld):
            cards = cards_svg([_faces(obj.action.meld)], marks=[["meld"] * len(obj.action.meld)], lang=lang)
        move, why = _("move"), _("why")
        return (f'<div class="phom-hint" lang="{lang}" style="font-family:DejaVu Sans,Arial,sans-serif;font-size:13px">'
                f"<b>{escape(action_text(obj.action, lang))}</b> {cards}<p>{escape(obj.reason)}</p>"
                f'<table style="border-collapse:collapse"><tr><th align="left">{escape(move)}</th>'
                f'<th align="left">{escape(why)}</th></tr>{rows}</table></div>')
    raise ValueError(f"html() draws a PlayerView, a Game or a Hint, not {type(obj).__name__}")


#: the reasons of payments (phom.phom.scoring), as people read them
#: in the payer's voice: he pays because his discard was eaten (bị ăn), his chốt was eaten, he is móm …
PAYMENT_REASONS = {"place": N_("by place"), "mom": "móm", "eat": N_("discard eaten"), "den": "đền", "u": "ù",
                   "u_tron": "ù tròn", "u_khan": "ù khan", "chot": N_("chốt eaten")}


def result_text(game: Any, lang: str = "en", seat: int | None = None) -> str:
    """How a finished game ended, for people: places or the ù, every payment, the net per seat; the
    person's own ``seat`` (from 0) marked "(you)"."""
    _ = translator(lang)

    def who(p: int) -> str:
        return (_("seat {seat} (you)") if p == seat else _("seat {seat}")).format(seat=p + 1)
    result = game.result
    if result is None:
        return _("(unfinished: seat {seat} to {phase})").format(seat=game.to_move + 1, phase=game.phase)
    lines = []
    if result.u is not None:
        kind = {"u": "ù", "u_tron": "ù tròn", "u_khan": "ù khan"}[result.u_kind or "u"]
        lines.append(_("Seat {seat} wins by {kind}.").format(seat=result.u + 1, kind=kind))
    else:
        places = ["nhất", "nhì", "ba", "bét"][: game.players]
        if game.players < 4:
            places[-1] = "bét"
        for place, p in zip(places, result.ranking):
            tag = " (móm)" if result.mom[p] else ""
            lines.append(_("{place}: {who}, {points} points{tag}").format(
                place=f"{capital(place):>5}", who=who(p), points=number(result.points[p], lang), tag=tag))
    lines += ["  " + line["text"] for line in payment_lines(game, lang, seat)]
    lines.append(_("Net: {list}").format(list=", ".join(
        _("{who}: {money}").format(who=who(p), money=number(n, lang, signed=True)) for p, n in enumerate(result.net))))
    return "\n".join(lines)


#: why a seat paid, with what the game knows of it ({card}: the card eaten; {place}: where he came)
PAID_BECAUSE = {"place": N_("came {place}"), "mom": N_("móm: laid no phỏm"), "eat": N_("{card} eaten"),
                "chot": N_("chốt {card} eaten"), "den": N_("đền for the whole table"), "u": "ù",
                "u_tron": "ù tròn", "u_khan": "ù khan"}
PLACE_NAMES = ("nhất", "nhì", "ba", "bét")


def payment_lines(game: Any, lang: str = "en", viewer: int | None = None, names: Names | None = None
                  ) -> list[dict[str, Any]]:
    """Every payment of a Phỏm game so far (all of them once it is over), in order:
    ``{"payer", "payee", "amount", "reason", "text"}``, the text as ``phom play`` prints it and the page
    shows it: who pays whom how much, and why in the player's words (which card was eaten, which place);
    told to the ``viewer`` (from 0), his seat is "you"; a seat with a name (``names``) is called by it.

    >>> from phom import Game
    >>> from phom.bots import make_bot
    >>> game, bot = Game(seed=22), make_bot("greedy")
    >>> while not game.is_over:
    ...     game.apply(bot.act(game.view(game.to_move)))
    >>> for line in payment_lines(game):
    ...     print(line["text"])
    Seat 1 pays seat 2: 1 stake (Q♣ eaten)
    Seat 2 pays seat 3: 4 stakes (chốt 9♦ eaten)
    Seat 2 pays seat 3: 15 stakes (đền for the whole table)
    """
    _ = translator(lang)
    payments = list(game.payments)
    eats = [action.card for _p, action in game.history if isinstance(action, Eat)]
    result = game.result
    lines = []
    for k, (payer, payee, amount, reason) in enumerate(payments):
        if reason in ("eat", "chot"):
            card = eats[k] if k < len(eats) else ""
            because = _(PAID_BECAUSE[reason]).format(card=card)
        elif reason == "place" and result is not None and payer in result.ranking:
            place = result.ranking.index(payer)
            name = "bét" if place == len(result.ranking) - 1 else PLACE_NAMES[place]
            because = _(PAID_BECAUSE["place"]).format(place=name)
        elif reason in ("u", "u_tron", "u_khan"):
            because = str(PAID_BECAUSE[reason])                # the term itself, in both languages
        else:
            because = _(PAID_BECAUSE[reason]) if reason in PAID_BECAUSE else reason
        lines.append({"payer": payer, "payee": payee, "amount": amount, "reason": reason,
                      "text": payment_line(payer, payee, amount, because, lang, viewer, names)})
    return lines


def mom_warning(game: Any, seat: int) -> bool:
    """Whether ``seat``, to take now, should be told móm is near: he has laid nothing, his next turn is his
    lay-down turn (the referee's ``turn_kind_of`` of his seat once this turn's discard is in his row) and
    his hand holds no phỏm yet (the solver's ``arrange``). Hidden cards decide it: told to him alone.

    >>> from phom import Game
    >>> game = Game(seed=1)
    >>> mom_warning(game, 0)
    False
    """
    state = game.state
    if game.is_over or game.to_move != seat or game.phase != "take" or state.turn_kind != "normal":
        return False
    mine = state.seats[seat]
    after = mine.clone()
    after.row = [*mine.row, -1]                          # this turn's discard, still to come
    if mine.laid or turn_kind_of(after) != "lay":
        return False
    found = arrange(mine.hand, mine.unlaid_eaten)
    return found is None or not found.melds


def moments(game: Any, lang: str = "en", viewer: int | None = None, names: Names | None = None) -> list[dict[str, Any]]:
    """The big moments of a Phỏm game so far, in order, for the table to announce and the move log to
    name, each a sentence that says what happened in the table's words: ``{"index", "seat", "kind",
    "text"}`` with ``index`` the move (in ``history``) that made it and ``kind`` one of ``an_chot``,
    ``chuyen`` (an eat moved a card between rows: chuyển bài), ``gui`` (every card sent, also inside a
    lay-down: which card onto whose phỏm), ``u``, ``u_tron``, ``u_khan``, ``mom``, ``den``, and, told
    to the ``viewer`` alone, ``mom_warning`` (``mom_warning``: the turn before his lay-down turn, no phỏm
    in hand). The game is replayed from its deal to see what each move did. Told to one person, the
    ``viewer`` (his seat, from 0), his own seat is "you" (bạn); a seat with a name (``names``) is called
    by it; every other is ghế N.

    >>> from phom import Game
    >>> from phom.bots import make_bot
    >>> game, bot = Game(seed=22), make_bot("greedy")
    >>> while not game.is_over:
    ...     game.apply(bot.act(game.view(game.to_move)))
    >>> for moment in moments(game):
    ...     print(moment["index"], moment["kind"], moment["text"])
    28 an_chot Seat 3 eats the chốt 9♦ of seat 2!
    29 u Seat 3 wins by ù!
    29 den Seat 2 pays đền for the whole table to seat 3.
    >>> [m["text"] for m in moments(game, "vi", viewer=1, names={2: "Lan"})]
    ['Lan ăn chốt 9♦ của bạn!', 'Lan ù!', 'Bạn đền làng cho Lan.']
    """
    _ = translator(lang)
    found: list[dict[str, Any]] = []

    def who(seat: int) -> str:
        return seat_words(seat, lang, viewer, names)

    def said(text: str, mine: str, seat: int, **named: Any) -> str:      # the others in ``named`` already in words
        return capital(_(mine if seat == viewer else text).format(who=who(seat), **named))

    def row_of(seat: int) -> str:
        return _("your row") if seat == viewer else _("the row of {who}").format(who=who(seat))
    if game.deal is not None:                       # the same kind of game, dealt the same cards (phom.phom.game
        replay = type(game)(game.rules, leader=game.leader,  # draws itself with this module: no import here)
                            deal=(game.deal.hands, game.deal.stock))
        for i, (p, action) in enumerate(game.history):
            paid, laid = len(replay.payments), [[m.mask for m in melds] for melds in replay.laid]
            rows = [list(row) for row in replay.rows]
            replay.apply(action)
            for payer, _payee, _amount, reason in replay.payments[paid:]:
                if reason == "chot" and isinstance(action, Eat):
                    text = (capital(_("{who} eats your chốt {card}!").format(who=who(p), card=action.card))
                            if payer == viewer else
                            said(N_("{who} eats the chốt {card} of {victim}!"), N_("You eat the chốt {card} of {victim}!"),
                                 seat=p, card=action.card, victim=who(payer)))
                    found.append({"index": i, "seat": p, "kind": "an_chot", "text": text})
            eaten_from = [payer for payer, _payee, _amount, reason in replay.payments[paid:] if reason in ("eat", "chot")]
            now = replay.rows
            for taker in eaten_from:                   # chuyển bài: a row card moved to the row that lost the eaten card
                for giver, row in enumerate(rows):
                    if giver != taker and row and len(now[giver]) == len(row) - 1 and now[taker] and now[taker][-1] == row[-1]:
                        found.append({"index": i, "seat": giver, "kind": "chuyen", "text": _(
                            "Chuyển bài: {card} moves from {giver_row} to {taker_row}, which lost {eaten} to the eat, "
                            "so the turns still come round in order.").format(
                                card=row[-1], giver_row=row_of(giver), taker_row=row_of(taker), eaten=action.card)})
            for q, melds in enumerate(replay.laid):
                for j, meld in enumerate(melds[:len(laid[q])] if q != p else ()):
                    if meld.mask & ~laid[q][j]:
                        card, onto = CardSet(meld.mask & ~laid[q][j]), CardSet(laid[q][j])
                        text = (capital(_("{who} sends {card} to your phỏm {meld}.").format(who=who(p), card=card, meld=onto))
                                if q == viewer else
                                said(N_("{who} sends {card} to the phỏm {meld} of {target}."),
                                     N_("You send {card} to the phỏm {meld} of {target}."),
                                     seat=p, card=card, meld=onto, target=who(q)))
                        found.append({"index": i, "seat": p, "kind": "gui", "text": text})
            if viewer is not None and mom_warning(replay, viewer):
                eat = next((a.card for a in replay.legal_actions() if isinstance(a, Eat)), None)
                found.append({"index": i, "seat": viewer, "kind": "mom_warning", "text": _(MOM_WARNING) + (
                    "" if eat is None else " " + _("Eating {card} makes one.").format(card=eat))})
    result = game.result
    if result is None:
        return found
    last = len(game.history) - 1
    if result.u is not None:
        kind = result.u_kind or "u"
        found.append({"index": last, "seat": result.u, "kind": kind, "text": said(
            N_("{who} wins by {kind}!"), N_("You win by {kind}!"), seat=result.u,
            kind={"u": "ù", "u_tron": "ù tròn", "u_khan": "ù khan"}[kind])})
    for payer, payee, _amount, reason in result.payments:
        if reason == "mom":
            found.append({"index": last, "seat": payer, "kind": "mom", "text": said(
                N_("{who} is móm: laid no phỏm."), N_("You are móm: you laid no phỏm."), seat=payer)})
        elif reason == "den":
            text = (capital(_("{who} pays đền for the whole table to you.").format(who=who(payer))) if payee == viewer
                    else said(N_("{who} pays đền for the whole table to {winner}."),
                              N_("You pay đền for the whole table to {winner}."), seat=payer, winner=who(payee)))
            found.append({"index": last, "seat": payer, "kind": "den", "text": text})
    return found


#: what ``moments`` tells a player the turn before móm can happen (``mom_warning``)
MOM_WARNING = N_("Watch out for móm: you hold no phỏm yet and your next turn is your lay-down turn. Lay no phỏm "
                 "then and you are móm.")


def table_text(game: Any) -> str:
    """The whole table as plain text, every hand shown (for a spectator or a log, not for a player).

    >>> from phom import Game
    >>> print(table_text(Game(seed=1)).splitlines()[0])
    Stock 15; seat 0 to play (normal turn)
    """
    if game.is_over:
        head = f"Stock {game.stock_size}; the game is over"
    else:
        head = f"Stock {game.stock_size}; seat {game.to_move} to {game.phase} ({game.turn_kind} turn)"
    lines = [head]
    for q in range(game.players):
        def cards(seq: Any) -> str:
            return " ".join(str(c) for c in seq) or "—"
        laid = " | ".join(str(m) for m in game.laid[q]) or "—"
        lines.append(f"  seat {q}: hand {cards(game.hands[q])}; row {cards(game.rows[q])}; "
                     f"eaten {cards(game.eaten[q])}; phỏm {laid}")
    if game.is_over:
        lines.append(result_text(game))
    return "\n".join(lines)


def render_text(game: Any, mode: str | None) -> str | None:
    """The render of an environment: ``table_text`` returned for ``"ansi"``, printed for ``"human"``,
    nothing without a mode."""
    if mode is None:
        return None
    text = table_text(game)
    if mode == "ansi":
        return text
    print(text)
    return None
