"""Tiến lên's own commands (``phom tienlen``): solve a hand, simulate bots; and play a game against bots in
the terminal, which is the command line's one play loop (``phom.cli.play.play_game``) over Tiến lên's
terminal (``phom.tienlen.terminal``). Their old home, ``phom.cli.tienlen``, reads them from here.

In ``play``, type a move's number, ``pass`` (``bỏ lượt``), or the cards to play (``3S 4S 5S``, ``play 3S 4S 5S``,
``đôi Q``, ``sảnh 3 4 5``, ``K bích``: see ``phom.cli.moves``);
``?`` for a hint (the greedy choice and why), ``??`` for one that looks ahead (sampled deals played
out), ``q`` to quit.

>>> import io
>>> out = io.StringIO()
>>> play_tienlen(players=4, seed=3, bots="greedy", seat=0, stdin=io.StringIO("1\\n" * 80), stdout=out, lang="vi")
>>> "Tổng:" in out.getvalue()
True
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from ..cards import CardSet, to_mask
from ..cli.play import player_of
from ..cli.render import Painter
from ..cli.summaries import simulation_lines
from ..external import DEFAULT_MOVE_SECONDS, check_jobs
from ..hooks import close_bots
from ..language import number, pick_language, translator
from .bots import make_tienlen_bot
from .combos import best_split, classify, count_plays, min_plays, toi_trang
from .hints import describe, tienlen_hint
from .reference import in_order
from .render import TOI_TRANG_KINDS
from .rules import TienLenRules
from .simulation import simulate
from .terminal import HELP, SHOWN_MOVES, combination_words, moves_in_order, ranked, result_lines

__all__ = ["HELP", "SHOWN_MOVES", "add_commands", "combination_words", "describe", "moves_in_order", "play_tienlen",
           "result_lines", "simulate_tienlen", "solve_tienlen", "tienlen_hint"]



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
    rows = [(_("Cards"), f"{paint.cards(ranked(CardSet(hand)))}  ({what})"),
            (_("Plays"), ((_("{count} that beat {cards}") if found["plays"] else _("none beats {cards}")).format(
                count=plays, cards=combination_words(CardSet(beaten), paint, lang)) if beaten is not None
                else _("{count} (to lead)").format(count=plays))),
            (_("Split"), (_("{groups}  (one play)") if len(split) == 1 else _("{groups}  ({count} plays, the fewest)")).format(
                groups=" · ".join(paint.cards(ranked(s)) for s in split), count=len(split)))]
    if dealt:
        def said(name: object) -> str:
            return _("no") if name is None else _(TOI_TRANG_KINDS[str(name)]) if name in TOI_TRANG_KINDS else str(name)
        now, first = said(found["toi_trang"]), said(found["toi_trang_first_game"])
        rows.append(("Tới trắng", now if now == first else _("a table's first game: {first}; later games: {now}").format(
            first=first, now=now)))
    width = max(9, *(len(label) for label, _text in rows)) + 1
    print("\n".join((paint.bold(label) if i == 0 else label) + " " * (width - len(label)) + text
                    for i, (label, text) in enumerate(rows)), file=out)


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


#: ``phom tienlen play``: one game of Tiến lên against bots in the terminal (``phom.cli.play.player_of``)
play_tienlen = player_of("tienlen")


def add_commands(sub: Any, parts: Any) -> None:
    """``phom tienlen``: its group of commands (solve, play, simulate, arena) under the command line's
    ``sub`` parsers, built with the command line's ``parts`` (``phom.cli.CommandParts``)."""
    _ = parts.tr
    tienlen = parts.command(sub, "tienlen", _("Tiến lên: solve a hand, play against bots, simulate bots"))
    tl = tienlen.add_subparsers(dest="tienlen_command", required=True, metavar=_("TIENLEN_COMMAND"),
                                title=_("commands"))
    tl_solve = parts.command(tl, "solve", _("classify cards, count the plays on a table, split a hand"))
    tl_solve.add_argument("cards", metavar="CARDS", help=_("the hand, e.g. {example}").format(example='"3S 4S 5S 9D 9H KC"'))
    tl_solve.add_argument("--table", default=None, metavar="CARDS",
                          help=_("the cards to beat, e.g. {example}").format(example='"2H"'))
    tl_solve.add_argument("--json", action="store_true", help=_("print JSON"))
    parts.language(tl_solve)
    tl_solve.set_defaults(run=lambda args, out, stdin, lang: solve_tienlen(args.cards, args.table, args.json, out,
                                                                         pick_language(args.lang)))
    tl_play = parts.command(tl, "play", _("play a game of Tiến lên against bots in the terminal"))
    tl_play.add_argument("--players", type=int, default=4, help=_("players at the table, 2 to 4 (default 4)"))
    parts.playing(tl_play, parts.bot_names("tienlen"), _("your seat, 1 to 4 (default 1)"))
    tl_play.set_defaults(run=parts.run_play, game="tienlen")
    tl_sim = parts.command(tl, "simulate", _("play many seat-rotated games between Tiến lên bots"))
    tl_sim.add_argument("--games", type=int, default=400, help=_("games to play (default {default})").format(default=400))
    tl_sim.add_argument("--bots", default="greedy,random,random,random",
                        help=_("comma-separated, one per seat: {names}; tables of {fast} run in the compiled core").format(
                            names=_("{random}, {greedy}, {search}, {montecarlo} ({montecarlo}:64 plays 64 trial games)").format(
                                **parts.bot_words), fast="random, greedy"))
    tl_sim.add_argument("--seed", type=int, default=0, help=_("the first shuffle code (default 0)"))
    tl_sim.add_argument("--jobs", type=int, default=1, help=_("worker processes (default 1)"))
    parts.move_seconds(tl_sim)
    parts.language(tl_sim)
    tl_sim.set_defaults(run=lambda args, out, stdin, lang: simulate_tienlen(
        args.bots, args.games, args.seed, args.jobs, out, args.move_seconds, pick_language(args.lang)))
    tl_arena = parts.command(tl, "arena", _("duplicate evaluation of a Tiến lên bot against a panel of styles"))
    parts.arena(tl_arena, "montecarlo", "random,greedy,search,montecarlo")
    tl_arena.set_defaults(run=parts.run_arena, game="tienlen")
