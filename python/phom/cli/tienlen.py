"""``phom tienlen``: solve a hand, play a game against bots in the terminal, simulate bots.

In ``play``, type a move's number, ``pass`` (``bỏ lượt``), or the cards to play (``3S 4S 5S``, ``play 3S 4S 5S``,
``đôi Q``, ``sảnh 3 4 5``, ``K bích``: see ``phom.cli.moves``);
``?`` for a hint (the greedy choice and why), ``??`` for one that looks ahead (sampled deals played
out), ``q`` to quit.

>>> import io
>>> out = io.StringIO()
>>> play_tienlen(players=4, seed=3, bots="greedy", seat=0, stdin=io.StringIO("1\\n" * 80), stdout=out)
>>> "Net:" in out.getvalue()
True
>>> out = io.StringIO()
>>> play_tienlen(players=4, seed=3, bots="greedy", seat=0, stdin=io.StringIO("1\\n" * 80), stdout=out, lang="vi")
>>> "Tổng:" in out.getvalue()
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TextIO

from ..cards import Card, CardSet, to_mask
from ..clock import STANDIN
from ..external import DEFAULT_MOVE_SECONDS, check_jobs
from ..hooks import close_bots
from ..language import N_, number, term, translator
from ..tienlen import TienLenGame, TienLenRules, best_split, classify, count_plays, min_plays, toi_trang
from ..tienlen.bots import TienLenBot, make_tienlen_bot
from ..tienlen.hints import describe, tienlen_hint
from ..tienlen.game import Action, Pass, Play, parse_action
from ..tienlen.reference import in_order, strength
from ..tienlen.render import TOI_TRANG_KINDS, action_text, moments, payment_lines
from ..tienlen.simulation import simulate
from .play import (Console, TurnClock, advice_line, bot_label, bot_seats, clocked_record, play_until_over, read_move,
                   save_record, seat_bots)
from .render import Painter
from .summaries import simulation_lines

__all__ = ["combination_words", "describe", "moves_in_order", "play_tienlen", "result_lines", "simulate_tienlen", "solve_tienlen",
           "tienlen_hint"]

HELP = N_("Type a move's number, pass, or the cards to play (3S 4S 5S, K spades, pair Q, straight 3 4 5); "
          "? for a hint, ?? for a deeper hint; h for this help; q to quit.")
SHOWN_MOVES = 30          # a lead can have hundreds of plays: the list shows the first ones
def _ranked(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=strength)


def solve_tienlen(cards: str, table: str | None, as_json: bool, out: TextIO, lang: str = "en") -> None:
    """``phom tienlen solve``: the combination, the plays (on a table), the best split, tới trắng; the
    words in ``lang``."""
    _ = translator(lang)
    hand = to_mask(cards, _("CARDS"))
    if hand.bit_count() > 13:
        raise ValueError(_("{cards} holds {count} cards; a Tiến lên hand has at most 13").format(
            cards=_("CARDS"), count=hand.bit_count()))
    beaten = to_mask(table, "--table") if table else None
    if beaten is not None and classify(beaten) is None:
        raise ValueError(_("--table {cards} is not a combination: a single, a pair, a triple, a straight or a "
                           "bomb").format(cards=in_order(CardSet(beaten))))
    combo = classify(hand)
    split = best_split(hand)
    dealt = hand.bit_count() == 13
    found = {
        "cards": in_order(hand, codes=True),
        "combination": None if combo is None else {"kind": combo.kind, "length": combo.length,
                                                   "high": combo.high.code},
        "plays": count_plays(hand, beaten), "table": None if beaten is None else in_order(beaten, codes=True),
        "min_plays": min_plays(hand), "best_split": [in_order(s, codes=True) for s in split],
        "toi_trang": toi_trang(hand) if dealt else None,
        "toi_trang_first_game": toi_trang(hand, first_game=True) if dealt else None,
    }
    if as_json:
        print(json.dumps(found, ensure_ascii=False), file=out)
        return
    paint = Painter(stream=out)
    what = _("no single combination") if combo is None else combination_words(CardSet(hand), paint, lang)
    plays = number(count_plays(hand, beaten), lang)
    rows = [(_("Cards"), f"{paint.cards(_ranked(CardSet(hand)))}  ({what})"),
            (_("Plays"), ((_("{count} that beat {cards}") if found["plays"] else _("none beats {cards}")).format(
                count=plays, cards=combination_words(CardSet(beaten), paint, lang)) if beaten is not None
                else _("{count} (to lead)").format(count=plays))),
            (_("Split"), (_("{groups}  (one play)") if len(split) == 1 else _("{groups}  ({count} plays, the fewest)")).format(
                groups=" · ".join(paint.cards(_ranked(s)) for s in split), count=len(split)))]
    if dealt:
        def said(name: object) -> str:
            return _("no") if name is None else _(TOI_TRANG_KINDS[str(name)]) if name in TOI_TRANG_KINDS else str(name)
        rows.append(("Tới trắng", _("{now} (first game: {first})").format(
            now=said(found["toi_trang"]), first=said(found["toi_trang_first_game"]))))
    width = max(9, *(len(label) for label, _text in rows)) + 1
    print("\n".join((paint.bold(label) if i == 0 else label) + " " * (width - len(label)) + text
                    for i, (label, text) in enumerate(rows)), file=out)


def combination_words(cards: CardSet, paint: Painter | None = None, lang: str = "en") -> str:
    """A combination as players name it: a lone 2 is heo, three of a rank sám cô, a run sảnh from its
    lowest card to its highest (``cards`` must be one combination).

    >>> combination_words(CardSet.parse("2H"), lang="vi"), combination_words(CardSet.parse("7S 7C 7D"), lang="vi")
    ('heo 2♥', 'sám cô 7')
    >>> combination_words(CardSet.parse("3S 4S 5D"), lang="vi"), combination_words(CardSet.parse("QS QH"))
    ('sảnh 3 lá, từ 3♠ đến 5♦', 'a pair of Qs')
    """
    _ = translator(lang)
    paint = paint or Painter(colour=False)
    combo = classify(cards.mask)
    if combo is None:
        raise ValueError(f"{cards} is not one combination")
    ranked = _ranked(cards)
    rank = "heo" if combo.high.rank == 2 else combo.high.code[:-1]
    if lang == "en" and rank != "heo":
        rank += "s"                                   # a pair of Qs, a triple of 7s
    if combo.kind == "single":
        return (_("heo {card}") if combo.high.rank == 2 else _("a single {card}")).format(card=paint.card(combo.high))
    if combo.kind == "pair":
        return _("a pair of {rank}").format(rank=rank)
    if combo.kind == "triple":
        return _("a triple of {rank}").format(rank=rank)
    if combo.kind == "four":
        return _("tứ quý {rank}").format(rank=rank)
    if combo.kind == "pairs_run":
        return _("{pairs} đôi thông, {low} to {high}").format(
            pairs=combo.length // 2, low=ranked[0].code[:-1], high=ranked[-1].code[:-1])
    return _("a straight of {length}, {low} to {high}").format(
        length=combo.length, low=paint.card(ranked[0]), high=paint.card(ranked[-1]))


def simulate_tienlen(bots: str, games: int, seed: int, jobs: int, out: TextIO,
                     move_seconds: float = DEFAULT_MOVE_SECONDS, lang: str = "en") -> None:
    """``phom tienlen simulate``: seat-rotated games between bots, one line per bot (``cmd:`` bots
    allowed ``move_seconds`` an answer, with ``jobs`` 1 only); the words in ``lang``."""
    _ = translator(lang)
    specs = [s for s in bots.split(",") if s.strip()]
    if not 2 <= len(specs) <= 4:
        raise ValueError(_("--bots names {count} bots; a game seats 2 to 4").format(count=len(specs)))
    if games < 1:
        raise ValueError(_("--games must be at least 1"))
    check_jobs(specs, jobs)
    seated = [make_tienlen_bot(spec, seed=i, move_seconds=move_seconds) for i, spec in enumerate(specs)]
    try:
        stats = simulate(seated, games, rules=TienLenRules(players=len(seated)), seed=seed, jobs=jobs)
    finally:
        close_bots(seated)
    print("\n".join(simulation_lines(stats, specs, lang, "tienlen")), file=out)


def moves_in_order(game: TienLenGame) -> list[Action]:
    """The legal actions as the terminal lists them: plays by size, then weakest first; pass last."""
    legal = game.legal_actions()
    plays = sorted((a for a in legal if isinstance(a, Play)),
                   key=lambda p: (len(p.cards), max(strength(c) for c in p.cards), p.cards.mask))
    return [*plays, *(a for a in legal if isinstance(a, Pass))]


def _show(game: TienLenGame, seat: int, paint: Painter, console: Console) -> None:
    say, _ = console.say, console.tr
    view = game.view(seat)
    say("")
    say(paint.bold((_("Your turn (seat {seat})") if view.table else
                    _("Your turn (seat {seat}): the table is empty, you lead")).format(seat=seat + 1)))
    if view.table:
        kind = combination_words(view.table, paint, console.lang) if classify(view.table.mask) else None
        shown = paint.cards(_ranked(view.table))
        said = shown if kind is None else kind if len(view.table) == 1 else f"{kind} — {shown}"
        say(_("To beat: {cards} (seat {seat})").format(cards=said, seat=view.table_owner + 1))
    for q, size in enumerate(view.hand_sizes):
        marks = [m for m, on in ((_("passed"), q in view.passed), (_("out"), q in view.finished)) if on]
        who = _("you") if q == seat else console.cards(size)
        say("  " + _("seat {seat} ({who})").format(seat=q + 1, who=who) + (f": {', '.join(marks)}" if marks else ""))
    say(_("Your hand: {cards}  (split: {split})").format(
        cards=paint.cards(_ranked(view.hand)), split=" · ".join(paint.cards(_ranked(s)) for s in best_split(view.hand))))
    moves = moves_in_order(game)
    shown = "  ".join(f"{i}) {_action_text(a, paint, console.lang)}" for i, a in enumerate(moves[:SHOWN_MOVES], start=1))
    more = ("  " + _("… and {count} more: type the cards").format(count=len(moves) - SHOWN_MOVES)
            if len(moves) > SHOWN_MOVES else "")
    say(_("Moves: {list}").format(list=shown + more))


def _action_text(action: Action, paint: Painter, lang: str = "en") -> str:
    """A move as the terminal lists and logs it: its cards, a lone 2 called heo (``heo 2♥``), or Bỏ lượt."""
    if isinstance(action, Pass):
        return action_text(action, lang)
    shown = paint.cards(_ranked(action.cards))
    return f"{term('heo', lang)} {shown}" if len(action.cards) == 1 and next(iter(action.cards)).rank == 2 else shown


def _advice(game: TienLenGame, seat: int, search: bool, paint: Painter, lang: str) -> str:
    action, reason = tienlen_hint(game, seat, search=search, lang=lang)
    return advice_line(_action_text(action, paint, lang), reason)


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


def play_tienlen(*, players: int, seed: int | None, bots: str | None, seat: int, stdin: TextIO,
                 stdout: TextIO, lang: str = "en", move_seconds: float = DEFAULT_MOVE_SECONDS,
                 save: str | None = None, turn_seconds: int | None = None) -> None:
    """Play one game of Tiến lên: the person at ``seat`` types moves, bots play the other seats
    (``cmd:`` ones allowed ``move_seconds`` an answer, ended with the game); the words in ``lang``;
    the finished game's record written to ``save``; ``turn_seconds``: the person's clock (none by default)."""
    rules = TienLenRules(players=players)
    specs = bot_seats(bots, players, seat, lang)
    seated: dict[int, TienLenBot] = seat_bots(specs, make_tienlen_bot, seed, move_seconds, lang, "phom tienlen play")
    clock = None if turn_seconds is None else TurnClock(turn_seconds, make_tienlen_bot(STANDIN))
    try:
        _play_game(rules, seed, seat, specs, seated, stdin, stdout, lang, save, clock)
    finally:
        close_bots(seated.values())


def _play_game(rules: TienLenRules, seed: int | None, seat: int, specs: dict[int, str],
               seated: dict[int, TienLenBot], stdin: TextIO, stdout: TextIO, lang: str, save: str | None,
               clock: TurnClock | None) -> None:
    players = rules.players
    others = list(seated)
    game = TienLenGame(rules, seed=seed)
    paint = Painter(stream=stdout)
    console = Console(stdin, stdout, lang)
    if clock is not None:
        console.clocked()
    say, _ = console.say, console.tr
    say(_("Tiến lên, {players} players. You are seat {seat}; bots: {bots}.").format(
        players=players, seat=seat + 1,
        bots=", ".join(_("seat {seat} {bot}").format(seat=p + 1, bot=bot_label(specs[p], seated[p], lang, "tienlen")) for p in others)))
    say(_(HELP))
    if game.opening_card is not None and not game.is_over:
        leader = game.to_move or 0
        say((_("You hold {card} and lead with it.") if leader == seat else _("Seat {seat} holds {card} and leads with it."))
            .format(seat=leader + 1, card=game.opening_card))

    def describe_move(action: Action) -> str:
        return _action_text(action, paint, lang)

    def turn() -> None:
        _show(game, seat, paint, console)
        read_move(console, _(HELP), moves_in_order(game), parse_action, game.apply,
                  lambda search: _advice(game, seat, search, paint, lang), describe_move, game="tienlen")

    if play_until_over(game, seat, seated, turn, console, describe=describe_move, clock=clock,
                       moments=lambda: moments(game, lang, seat)):
        assert game.result is not None
        say("\n".join(result_lines(game, seat, lang)))
        save_record(clocked_record(game.to_json(), game.history, clock), save, console, seat)
    elif save is not None:
        say(_("The game did not finish: no record written."))
