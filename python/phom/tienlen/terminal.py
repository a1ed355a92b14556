"""Tiến lên at the terminal (``phom.games.GameTerminal``): its help, its table (what is to beat, who passed,
the hand and its split), its moves as players name them (a lone 2 is heo), its hints and its result, for the
command line's one play loop (``phom tienlen play``) and ``phom replay``.

>>> from phom.cli.render import Painter
>>> game = TienLenGame(seed=3)
>>> TIENLEN_TERMINAL.opening_lines(game, 1, "vi"), TIENLEN_TERMINAL.opening_lines(game, 0, "en")
(['Bạn có 3♠ nên bạn đi trước; nước đầu phải có lá này.'], ['Seat 2 holds 3♠ and leads with it.'])
>>> move_label(Play("2H"), Painter(colour=False), "vi"), combination_words(CardSet.parse("7S 7C 7D"), lang="vi")
('heo 2♥', 'sám cô 7')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..cards import Card, CardSet
from ..games import CardPainter, GameTerminal
from ..language import N_, number, term, translator
from .combos import best_split, classify
from .game import Action, Pass, Play, TienLenGame
from .hints import tienlen_hint
from .reference import strength
from .render import action_text, moments, payment_lines, result_text
from .rules import TienLenRules

__all__ = ["HELP", "OPENING", "REPLAY_TITLE", "SHOWN_MOVES", "TIENLEN_TERMINAL", "TienLenTerminal",
           "combination_words", "move_label", "moves_in_order", "ranked", "result_lines"]

HELP = N_("Type a move's number, pass, or the cards to play (3S 4S 5S, K spades, pair Q, straight 3 4 5); "
          "? for a hint, ?? for a deeper hint; h for this help; q to quit.")
OPENING = N_("Tiến lên, {players} players. You are seat {seat}; bots: {bots}.")
REPLAY_TITLE = N_("Tiến lên, {players} players; seat {seat} leads")
SHOWN_MOVES = 30          # a lead can have hundreds of plays: the list shows the first ones


def ranked(cards: Iterable[Card]) -> list[Card]:
    """Cards weakest first, as a Tiến lên player holds them (3 … 2)."""
    return sorted(cards, key=strength)


def combination_words(cards: CardSet, paint: CardPainter | None = None, lang: str = "en") -> str:
    """A combination as players name it: a lone 2 is heo, three of a rank sám cô, a run sảnh from its
    lowest card to its highest (``cards`` must be one combination).

    >>> combination_words(CardSet.parse("2H"), lang="vi"), combination_words(CardSet.parse("7S 7C 7D"), lang="vi")
    ('heo 2♥', 'sám cô 7')
    >>> combination_words(CardSet.parse("3S 4S 5D"), lang="vi"), combination_words(CardSet.parse("QS QH"))
    ('sảnh 3 lá, từ 3♠ đến 5♦', 'a pair of Qs')
    """
    _ = translator(lang)
    card_text = str if paint is None else paint.card
    combo = classify(cards.mask)
    if combo is None:
        raise ValueError(f"{cards} is not one combination")
    in_order = ranked(cards)
    rank = "heo" if combo.high.rank == 2 else combo.high.code[:-1]
    if lang == "en" and rank != "heo":
        rank += "s"                                   # a pair of Qs, a triple of 7s
    if combo.kind == "single":
        return (_("heo {card}") if combo.high.rank == 2 else _("a single {card}")).format(card=card_text(combo.high))
    if combo.kind == "pair":
        return _("a pair of {rank}").format(rank=rank)
    if combo.kind == "triple":
        return _("a triple of {rank}").format(rank=rank)
    if combo.kind == "four":
        return _("tứ quý {rank}").format(rank=rank)
    if combo.kind == "pairs_run":
        return _("{pairs} đôi thông, {low} to {high}").format(
            pairs=combo.length // 2, low=in_order[0].code[:-1], high=in_order[-1].code[:-1])
    return _("a straight of {length}, {low} to {high}").format(
        length=combo.length, low=card_text(in_order[0]), high=card_text(in_order[-1]))


def moves_in_order(game: TienLenGame) -> list[Action]:
    """The legal actions as the terminal lists them: plays by size, then weakest first; pass last."""
    legal = game.legal_actions()
    plays = sorted((a for a in legal if isinstance(a, Play)),
                   key=lambda p: (len(p.cards), max(strength(c) for c in p.cards), p.cards.mask))
    return [*plays, *(a for a in legal if isinstance(a, Pass))]


def move_label(action: Action, paint: CardPainter, lang: str = "en") -> str:
    """A move as the terminal lists and logs it: its cards, a lone 2 called heo (``heo 2♥``), or Bỏ lượt."""
    if isinstance(action, Pass):
        return action_text(action, lang)
    shown = paint.cards(ranked(action.cards))
    return f"{term('heo', lang)} {shown}" if len(action.cards) == 1 and next(iter(action.cards)).rank == 2 else shown


def result_lines(game: TienLenGame, seat: int | None = None, lang: str = "en") -> list[str]:
    """The places, every payment (``phom.tienlen.render.payment_lines``, the page's words) and the money of a
    finished game, as text lines.

    >>> game = TienLenGame(seed=3)
    >>> while not game.is_over:
    ...     game.apply(game.legal_actions()[0])
    >>> result_lines(game)[-1].startswith("Net:")
    True
    """
    _ = translator(lang)
    result = game.result
    assert result is not None, "the game is not over"
    names = ["nhất", "nhì", "ba", "bét"][:len(result.places)]
    if len(result.places) < 4:
        names[-1] = "bét"

    def who(q: int) -> str:
        return (_("seat {seat} (you)") if q == seat else _("seat {seat}")).format(seat=q + 1)
    lines = []
    if result.toi_trang:
        lines.append(_("{who} wins at once: tới trắng ({hand}).").format(who=who(result.winner), hand=result.toi_trang))
    else:
        lines.append(_("Places: {list}").format(list=", ".join(
            f"{names[i]} {who(q)}" + (" (cóng)" if q in result.cong else "") for i, q in enumerate(result.places))))
    lines += ["  " + line["text"] for line in payment_lines(game, lang, seat)]
    lines.append(_("Net: {list}").format(list=", ".join(
        _("{who}: {money}").format(who=who(q), money=number(v, lang, signed=True)) for q, v in enumerate(result.net))))
    return lines


class TienLenTerminal:
    """Tiến lên's table in the terminal: what is to beat, the seats (passed, out), the hand and its best
    split, the numbered moves (the first ``SHOWN_MOVES``)."""

    command = "phom tienlen play"
    opening = OPENING
    help = HELP
    replay_title = REPLAY_TITLE

    def rules(self, players: int) -> TienLenRules:
        return TienLenRules(players=players)

    def new_game(self, rules: TienLenRules, seed: int | None) -> TienLenGame:
        return TienLenGame(rules, seed=seed)

    def opening_lines(self, game: TienLenGame, seat: int, lang: str = "en") -> list[str]:
        """Who holds the opening card and leads with it (none in a later game, or when a tới trắng ended it)."""
        if game.opening_card is None or game.is_over:
            return []
        _ = translator(lang)
        leader = game.to_move or 0
        return [(_("You hold {card} and lead with it.") if leader == seat else _("Seat {seat} holds {card} and leads with it."))
                .format(seat=leader + 1, card=game.opening_card)]

    def table_lines(self, game: TienLenGame, seat: int, paint: CardPainter, lang: str = "en") -> list[str]:
        _ = translator(lang)
        view = game.view(seat)
        lines = ["", paint.bold((_("Your turn (seat {seat})") if view.table else
                                 _("Your turn (seat {seat}): the table is empty, you lead")).format(seat=seat + 1))]
        if view.table:
            kind = combination_words(view.table, paint, lang) if classify(view.table.mask) else None
            shown = paint.cards(ranked(view.table))
            said = shown if kind is None else kind if len(view.table) == 1 else f"{kind} — {shown}"
            lines.append(_("To beat: {cards} (seat {seat})").format(cards=said, seat=view.table_owner + 1))
        for q, size in enumerate(view.hand_sizes):
            marks = [m for m, on in ((_("passed"), q in view.passed), (_("out"), q in view.finished)) if on]
            who = _("you") if q == seat else _("1 card") if size == 1 else _("{count} cards").format(count=size)
            lines.append("  " + _("Seat {seat} ({who})").format(seat=q + 1, who=who)
                         + (f": {', '.join(marks)}" if marks else ""))
        lines.append(_("Your hand: {cards}  (split: {split})").format(
            cards=paint.cards(ranked(view.hand)), split=" · ".join(paint.cards(ranked(s)) for s in best_split(view.hand))))
        moves = moves_in_order(game)
        shown = "  ".join(f"{i}) {move_label(a, paint, lang)}" for i, a in enumerate(moves[:SHOWN_MOVES], start=1))
        more = ("  " + _("… and {count} more: type the cards").format(count=len(moves) - SHOWN_MOVES)
                if len(moves) > SHOWN_MOVES else "")
        lines.append(_("Moves: {list}").format(list=shown + more))
        return lines

    def moves(self, game: TienLenGame) -> list[Any]:
        return list(moves_in_order(game))

    def move_text(self, game: TienLenGame, action: Action, paint: CardPainter, lang: str = "en") -> str:
        return move_label(action, paint, lang)

    def advice(self, game: TienLenGame, seat: int, search: bool, paint: CardPainter, lang: str = "en"
               ) -> tuple[str, str]:
        action, reason = tienlen_hint(game, seat, search=search, lang=lang)
        return move_label(action, paint, lang), reason

    def move_parts(self, action: Any) -> tuple[str, list[Card], tuple[int, int] | None] | None:
        """A play is a ``discard`` of its cards (as the parser names it), a pass a ``pass``."""
        if isinstance(action, Play):
            return "discard", list(action.cards), None
        return ("pass", [], None) if isinstance(action, Pass) else None

    def notation(self, typed: Any, codes: str) -> str | None:
        """``play 3S 4S 5S`` (cards alone are a play) or ``pass``."""
        kinds = typed.kinds if typed.kinds is not None else frozenset({"discard"})
        if len(kinds) != 1:
            return None
        return {"discard": f"play {codes}" if codes else None, "pass": "pass"}.get(next(iter(kinds)))

    def moments(self, game: TienLenGame, seat: int, lang: str = "en") -> list[dict[str, Any]]:
        return moments(game, lang, seat)

    def result_lines(self, game: TienLenGame, seat: int, lang: str = "en") -> list[str]:
        return result_lines(game, seat, lang)

    def dealt_hands(self, game: TienLenGame) -> list[list[Any]]:
        return [ranked(hand) for hand in game.deal]

    def replayed_moves(self, game: TienLenGame, lang: str = "en") -> list[str]:
        """Played again: each play, and the big moments it made follow it (a chặt: what cut what, and why)."""
        found = moments(game, lang)
        return ["".join([action_text(action, lang), *("\n      ★ " + m["text"] for m in found if m["index"] == i)])
                for i, (_p, action) in enumerate(game.history)]

    def replay_result(self, game: TienLenGame, lang: str = "en") -> str:
        return result_text(game, lang)


#: Tiến lên's terminal (``TienLenKind.terminal``)
TIENLEN_TERMINAL: GameTerminal = TienLenTerminal()
