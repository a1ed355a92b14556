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
from .cards import Card, CardSet, CardsLike, to_mask
from .drawing import MARKS, cards_svg
from .results import Arrangement, LayPlan
from .solver import arrange, isolated

__all__ = ["hand_groups", "html", "move_text", "render_text", "result_text", "svg", "table_text"]

Face = tuple[int, int]


class _Viewlike(Protocol):
    """What html() reads of a PlayerView (so this module needs no import of phom.view)."""

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
    the cạ cards, then the rác. A hand whose eaten cards cannot be arranged is drawn as it is."""
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
        marks.append(["eaten" if c.mask & eaten_mask else "phom" for c in meld])
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
        return cards_svg(groups, labels=labels, marks=marks, title=title)
    cards = CardSet(to_mask(obj, "cards"))
    return cards_svg([_faces(cards)], title=title or str(cards) or "no cards")


_STYLE = (
    "<style>.phom-table{font-family:'DejaVu Sans',Arial,sans-serif;font-size:13px;color:#222;"
    "max-width:980px}.phom-table h4{margin:6px 0 2px;font-size:14px}.phom-seat{border:1px solid #ccc;"
    "border-radius:6px;padding:4px 8px;margin:4px 0;background:#f7faf7}.phom-seat.to-move{border-color:#2e7d32;"
    "box-shadow:0 0 0 2px #c8e6c9}.phom-part{display:inline-block;vertical-align:top;margin-right:14px}"
    ".phom-part span{display:block;color:#555;font-size:11px}.phom-status{margin:4px 0;color:#333}"
    ".phom-legend span{display:inline-block;margin-right:10px;font-size:11px}.phom-legend i{display:inline-block;"
    "width:14px;height:4px;margin-right:4px;vertical-align:middle}</style>"
)


def _part(title: str, drawing: str) -> str:
    return f'<div class="phom-part"><span>{escape(title)}</span>{drawing}</div>'


def _legend() -> str:
    keys = ("phom", "ca", "rac", "eaten")
    items = "".join(f'<span><i style="background:{MARKS[k][1]}"></i>{escape(MARKS[k][2])}</span>' for k in keys)
    return f'<div class="phom-legend">{items}</div>'


def _view_html(view: _Viewlike, extra: str = "", revealed: Sequence[CardSet] | None = None) -> str:
    seats = []
    for q in range(len(view.hand_sizes)):
        me = q == view.player
        who = f"Seat {q}" + (" (you)" if me else "") + (" — to move" if view.to_move == q else "")
        status = [f"{view.hand_sizes[q]} cards"]
        if view.laid_down[q]:
            status.append("laid down")
        parts = []
        if me:
            groups, labels, marks = hand_groups(view.hand, view.unlaid_eaten, values=None)
            parts.append(_part("hand", cards_svg(groups, labels=labels, marks=marks, title="your hand")))
        elif revealed is not None:
            parts.append(_part("hand at the end", cards_svg([_faces(revealed[q])], title=f"hand of seat {q} at the end")))
        else:
            hidden = view.hidden_sizes[q]          # his eaten cards still in hand are drawn among the eaten
            parts.append(_part("hand", cards_svg([], hidden=hidden, title=f"{hidden} hidden cards")))
        parts.append(_part("row", cards_svg([_faces(view.rows[q])], title=f"row of seat {q}")))
        if view.eaten[q]:
            parts.append(_part("eaten", cards_svg([_faces(view.eaten[q])], marks=[["eaten"] * len(view.eaten[q])],
                                                  title=f"eaten by seat {q}")))
        if view.laid[q]:
            melds = list(view.laid[q])
            parts.append(_part("laid phỏm", cards_svg([_faces(m) for m in melds], labels=[f"#{i}" for i in range(len(melds))],
                                                      marks=[["phom"] * len(m) for m in melds],
                                                      title=f"phỏm laid by seat {q}")))
        css = "phom-seat to-move" if view.to_move == q else "phom-seat"
        seats.append(f'<div class="{css}" data-seat="{q}"><h4>{escape(who)}</h4>'
                     f'<div class="phom-status">{escape(", ".join(status))}</div>{"".join(parts)}</div>')
    if view.is_over:
        line = "The game is over."
    else:
        step = "take a card" if view.phase == "take" else "play"
        kind = {"normal": "", "lay": " (lay-down turn)", "tai": " (tái turn)"}.get(view.turn_kind, "")
        line = f"Seat {view.to_move} to {step}{kind}."
        if view.last_discard is not None:
            card, by = view.last_discard
            line += f" Seat {by}'s discard {card} may be eaten."
    head = f'<div class="phom-status">Stock: {view.stock_size} — {escape(line)}</div>'
    return f'<div class="phom-table">{_STYLE}{head}{"".join(seats)}{_legend()}{extra}</div>'


def _action_text(action: Action) -> str:
    if isinstance(action, (Discard, Eat)):
        return f"{type(action).__name__.lower()} {action.card}"
    if isinstance(action, LayMeld):
        return f"lay {action.meld}"
    if isinstance(action, Send):
        return f"send {action.card} → seat {action.target[0]}, phỏm {action.target[1]}"
    return str(action)


def move_text(player: int, action: Action) -> str:
    """One move in words, for a move log.

    >>> move_text(2, Action.parse("eat 7S")), move_text(2, Action.parse("lay 7S 7C 7D"))
    ('seat 2 ate 7♠', 'seat 2 laid 7♠ 7♣ 7♦')
    """
    who = f"seat {player}"
    if isinstance(action, Eat):
        return f"{who} ate {action.card}"
    if isinstance(action, Discard):
        return f"{who} discarded {action.card}"
    if isinstance(action, LayMeld):
        return f"{who} laid {action.meld}"
    if isinstance(action, Send):
        return f"{who} sent {action.card} to seat {action.target[0]}'s phỏm #{action.target[1]}"
    return {"draw": f"{who} drew a card", "u": f"{who} declared ù", "u-khan": f"{who} declared ù khan",
            "autolay": f"{who} laid down"}.get(str(action), f"{who}: {action}")


def html(obj: Any, *, revealed: Sequence[CardSet] | None = None) -> str:
    """HTML for a PlayerView, a Game (its player to move's view; seat 0 once over) or a Hint.
    ``revealed``: every hand, drawn face up (for a finished game)."""
    if hasattr(obj, "public") and hasattr(obj, "hand_sizes"):
        return _view_html(obj, revealed=revealed)
    if hasattr(obj, "view") and hasattr(obj, "state"):
        seat = obj.to_move if obj.to_move is not None else 0
        return _view_html(obj.view(seat))
    if hasattr(obj, "alternatives") and hasattr(obj, "reason"):
        rows = "".join(f"<tr><td>{escape(_action_text(a))}</td><td>{escape(reason)}</td></tr>"
                       for a, _, reason in obj.alternatives[:8])
        cards = ""
        if isinstance(obj.action, (Discard, Eat)):
            cards = cards_svg([[(obj.action.card.rank, int(obj.action.card.suit))]], marks=[["selected"]])
        elif isinstance(obj.action, LayMeld):
            cards = cards_svg([_faces(obj.action.meld)], marks=[["phom"] * len(obj.action.meld)])
        return (f'<div class="phom-hint" style="font-family:DejaVu Sans,Arial,sans-serif;font-size:13px">'
                f"<b>{escape(_action_text(obj.action))}</b> {cards}<p>{escape(obj.reason)}</p>"
                f'<table style="border-collapse:collapse"><tr><th align="left">move</th><th align="left">why</th></tr>'
                f"{rows}</table></div>")
    raise ValueError(f"html() draws a PlayerView, a Game or a Hint, not {type(obj).__name__}")


def result_text(game: Any) -> str:
    """How a finished game ended, for people: places or the ù, every payment, the net per seat."""
    result = game.result
    if result is None:
        return f"(unfinished: seat {game.to_move} to {game.phase})"
    lines = []
    if result.u is not None:
        kind = {"u": "ù", "u_tron": "ù tròn", "u_khan": "ù khan"}[result.u_kind or "u"]
        lines.append(f"Seat {result.u} wins by {kind}.")
    else:
        places = ["nhất", "nhì", "ba", "bét"][: game.players]
        if game.players < 4:
            places[-1] = "bét"
        for place, p in zip(places, result.ranking):
            tag = " (móm)" if result.mom[p] else ""
            lines.append(f"{place:>5}: seat {p}, {result.points[p]} points{tag}")
    for payer, payee, amount, reason in result.payments:
        lines.append(f"  seat {payer} pays seat {payee} {amount} ({reason})")
    lines.append("Net: " + ", ".join(f"seat {p} {n:+d}" for p, n in enumerate(result.net)))
    return "\n".join(lines)


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
