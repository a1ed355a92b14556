"""Phỏm's own commands on the command line: ``phom solve`` (what a hand holds and what to lay down, from
cards or from a position), ``phom bench`` (the compiled solver against its plain-Python reference) and
``phom train`` (the learned bot by self-play), built under the command line's
subparsers with its ``phom.cli.CommandParts`` (``GameKind.commands``). Their old names in ``phom.cli``
(``solve_lines``), ``phom.cli.position`` (``solver_input``) and ``phom.cli.bench`` (``run_bench``) still import.

>>> from phom.cli import main
>>> main(["solve", "9H 10H JH 3C 5D", "--json"])  # doctest: +ELLIPSIS
{"hand": "3C 5D 9H 10H JH", ...}
0
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from ..cards import CardSet, to_mask
from ..cli import CommandError, CommandParts
from ..cli.render import Painter, terminal_width
from ..language import N_, display_width, number, pick_language, translator, wrap
from ..notation import PositionError
from .position import Position
from .report import solve_report
from .solver import melds as solver_melds

__all__ = ["MOST_BENCH_HANDS", "add_commands", "run_bench", "solve_lines", "solver_input"]

#: the most hands ``phom bench`` times an operation on (the plain-Python reference takes about 1 ms a hand)
MOST_BENCH_HANDS = 10_000


def add_commands(sub: Any, parts: CommandParts) -> None:
    """``phom solve`` and ``phom train`` under the command line's ``sub`` parsers."""
    _ = parts.tr
    solve = parts.command(sub, "solve", _("analyse a hand: phỏm, cạ, rác, best arrangement and lay-down"))
    solve.add_argument("cards", metavar="CARDS", nargs="?", default=None,
                       help=_("the hand, e.g. {example}").format(example='"9H 10H JH 3C 5D"'))
    solve.add_argument("--position", default=None, metavar="POSITION",
                       help=_("a Phỏm position instead of CARDS: its hand, eaten cards and the phỏm it may send to"))
    solve.add_argument("--eaten", default=None, metavar="CARDS", help=_("the eaten cards still in hand (part of CARDS)"))
    solve.add_argument("--table", nargs="+", action="extend", default=[], metavar="MELD",
                       help=_("phỏm already on the table, one argument each, e.g. {example}").format(
                           example='--table "JH QH KH" "4S 4C 4H"'))
    solve.add_argument("--json", action="store_true", help=_("print JSON"))
    parts.language(solve)
    solve.set_defaults(run=lambda args, out, stdin, lang: _solve(args, out), one_of=(solve, "cards", "position"))


    bench = parts.command(sub, "bench", _("time the compiled core against the reference on this machine"))
    bench.add_argument("--hands", type=int, default=200, help=_("hands per operation (default 200)"))
    parts.language(bench)
    bench.set_defaults(run=lambda args, out, stdin, lang: run_bench(args.hands, out, pick_language(args.lang)))

    train = parts.command(sub, "train", _("train the learned bot by self-play ({install})").format(
        install='pip install "phom[train]"'))
    train.add_argument("--iterations", type=int, default=4, help=_("rounds of self-play and training (default 4)"))
    train.add_argument("--games", type=int, default=2000, help=_("self-play games per iteration"))
    train.add_argument("--worlds", type=int, default=32, help=_("MonteCarloBot worlds per labelled decision"))
    train.add_argument("--epochs", type=int, default=4, help=_("passes over the labelled decisions (default 4)"))
    train.add_argument("--epsilon", type=float, default=0.1, help=_("exploration: a random candidate this often"))
    train.add_argument("--eval-deals", type=int, default=150, help=_("duplicate deals per point of the curve"))
    train.add_argument("--seed", type=int, default=1, help=_("the first shuffle code (default 1)"))
    train.add_argument("--jobs", type=int, default=1, help=_("worker processes for self-play and evaluation"))
    train.add_argument("--out", default="learned.npz",
                       help=_("where to write the weights (default {default})").format(default="learned.npz"))
    train.add_argument("--curve", default="learning-curve.csv", help=_("the learning curve as CSV"))
    train.add_argument("--plot", default=None, help=_("the learning curve as a PNG (needs matplotlib)"))
    train.set_defaults(run=lambda args, out, stdin, lang: _train(args, out, parts.with_jobs))


def run_bench(count: int, out: TextIO, lang: str = "en") -> None:
    """``phom bench``: per-call times of the compiled core and the plain-Python reference on the same
    fixed-seed hands, and their ratio, in the table ``pytest benchmarks`` prints (``phom.phom.benchmarking``)."""
    if not 1 <= count <= MOST_BENCH_HANDS:
        raise CommandError(translator(lang)("--hands must be a whole number from 1 to {most} (the reference takes "
                                            "about 1 ms a hand)").format(most=number(MOST_BENCH_HANDS, lang)))
    from .benchmarking import print_measurement

    print_measurement(count, out)


def solver_input(text: str) -> tuple[int, int, list[CardSet]]:
    """What ``phom solve --position`` solves: the player's hand, his eaten cards still in it and the phỏm
    he may send to (in a normal turn, those of his coming lay-down turn).

    >>> hand, eaten, table = solver_input("1tN 8S3C8C5DQDKD9H10HJH 9/9/9/9 QS/-/-/- -/-/-/- -/-/-/- - 1/0/0/0 15 0 - 1 std")
    >>> len(CardSet(hand)), eaten, table
    (9, 0, [])
    """
    if isinstance(text, str) and len(text.split()) != len(Position.FIELDS):
        raise PositionError("text", N_("phom solve takes a Phỏm position ({count} fields); for Tiến lên write "
                                       "phom tienlen solve CARDS --table CARDS"), count=len(Position.FIELDS))
    view = Position.parse(text).view()
    targets = view.send_targets("lay" if view.turn_kind == "normal" else None)
    return view.hand.mask, view.unlaid_eaten.mask, [meld for _q, _i, meld in targets]


def _solve(args: argparse.Namespace, out: TextIO) -> None:
    """``phom solve``: what a hand holds and what to lay down, in the reader's language."""
    _ = translator(pick_language(args.lang))
    if args.position is not None:
        if args.cards is not None or args.eaten or args.table:
            raise CommandError(_("--position says the hand, the eaten cards and the table: give no CARDS, "
                                 "--eaten or --table with it"))
        hand, eaten, table = solver_input(args.position)
        found = solve_report(hand, eaten, table)
        if args.json:
            print(json.dumps(found, ensure_ascii=False), file=out)
        else:
            print("\n".join(solve_lines(found, table, Painter(stream=out), _, terminal_width(out))), file=out)
        return
    hand = to_mask(args.cards or "", _("CARDS"))
    if not hand:
        raise CommandError(_("CARDS is empty: give the cards in your hand, e.g. {example}").format(
            example='phom solve "9H 10H JH 3C 5D"'))
    eaten = to_mask(args.eaten, "--eaten") if args.eaten else 0
    if eaten & ~hand:
        raise CommandError(_("--eaten {cards} is not in CARDS").format(cards=CardSet(eaten & ~hand)))
    table = [CardSet(to_mask(m, f"--table {m!r}")) for m in args.table]
    _check_table(table, hand, _)
    found = solve_report(hand, eaten, table)
    if args.json:
        print(json.dumps(found, ensure_ascii=False), file=out)
        return
    print("\n".join(solve_lines(found, table, Painter(stream=out), _, terminal_width(out))), file=out)


def _check_table(table: Sequence[CardSet], hand: int, _: Callable[[str], str]) -> None:
    """``--table``'s phỏm, each a phỏm of its own, none sharing a card with the hand or another: else a
    CommandError in the player's words."""
    seen = 0
    for meld in table:
        if not any(m.mask == meld.mask for m in solver_melds(meld.mask)):
            raise CommandError(_("--table {cards}: that is not a phỏm (three or more cards of one rank, or three "
                                 "or more in a row of one suit)").format(cards=meld))
        for other, said in ((hand, _("--table {cards}: {card} is in your hand too")),
                            (seen, _("--table {cards}: {card} is in another phỏm on the table too"))):
            if meld.mask & other:
                raise CommandError(said.format(cards=meld, card=CardSet(meld.mask & other)))
        seen |= meld.mask


def solve_lines(found: dict[str, Any], table: Sequence[CardSet], paint: Painter,
                _: Callable[[str], str] = str, columns: int | None = None) -> list[str]:
    """``phom solve``'s report (``solve_report``'s data) as lines, the words through ``_`` (a translator);
    a line longer than ``columns`` goes on under its text, broken between words.

    >>> from phom.cards import to_mask
    >>> lines = solve_lines(solve_report(to_mask("9H 10H JH 3C 5D")), [], Painter(colour=False))
    >>> lines[0], lines[-1]
    ('Hand      3♣ 5♦ 9♥ 10♥ J♥  (5 cards, 38 points)', 'Ù now     no; ù khan no')
    """
    def cards(codes: str) -> str:
        return paint.cards(CardSet.parse(codes)) if codes else "—"

    def melds(codes: list[str]) -> str:
        return " · ".join(cards(m) for m in codes) or "—"

    def counted(count: int, one: str, many: str) -> str:
        return _(one) if count == 1 else _(many).format(count=count)

    def points(count: int) -> str:
        return counted(count, "1 point", "{count} points")

    yes, no = _("yes"), _("no")
    rows: list[tuple[str, str]] = [(_("Hand"), _("{cards}  ({count}, {points})").format(
        cards=cards(found["hand"]), count=counted(len(found["hand"].split()), "1 card", "{count} cards"),
        points=points(found["points"])))]
    if found["eaten"]:
        rows.append((_("Eaten"), cards(found["eaten"])))
    rows += [("Phỏm", melds(found["melds"])), ("Cạ", melds(found["partial_melds"])), ("Rác", cards(found["isolated"]))]
    arrangement, plan = found["arrangement"], found["best_lay"]
    if arrangement is None:
        rows.append((_("Best"), _("none: the eaten cards cannot each have a phỏm of their own")))
    else:
        rows.append((_("Best"), _("{melds}; left {cards} = {points}").format(
            melds=melds(arrangement["melds"]), cards=cards(" ".join(arrangement["deadwood"].split())),
            points=points(arrangement["points"]))))
    if plan is not None:
        sends = ", ".join(_("{card} onto {meld}").format(card=cards(c), meld=paint.cards(table[i]))
                          for c, i in plan["sends"]) or "—"
        tag = " — " + _("ù!") if plan["u"] else (" — móm" if plan["mom"] else "")
        rows += [(_("Lay down"), melds(plan["melds"])), (_("Send"), sends),
                 (_("Discard"), cards(plan["discard"] or "")), (_("Points"), f"{plan['points']}{tag}")]
    if found["eaten"]:
        rows.append((_("Bound"), cards(found["bound"])))
    rows.append((_("Ù now"), _("{u}; ù khan {khan}").format(u=yes if found["can_u"] else no,
                                                          khan=yes if found["u_khan"] else no)))
    width = max(9, *(display_width(label) for label, _text in rows)) + 1
    lines = []
    for i, (label, text) in enumerate(rows):
        shown = text if columns is None else wrap(text, max(20, columns - width), "").replace("\n", "\n" + " " * width)
        lines += ((paint.bold(label) if i == 0 else label) + " " * (width - display_width(label)) + shown).split("\n")
    return lines


def _train(args: argparse.Namespace, out: TextIO, with_jobs: Callable[..., Any]) -> None:
    if min(args.iterations, args.games, args.worlds, args.epochs, args.jobs, args.eval_deals) < 1:
        raise CommandError("--iterations, --games, --worlds, --epochs, --eval-deals and --jobs must be at least 1")
    from .training import train_learned, write_curve

    def report(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    options = dict(iterations=args.iterations, games=args.games, worlds=args.worlds, epochs=args.epochs,
                   epsilon=args.epsilon,
                   eval_deals=args.eval_deals, seed=args.seed, progress=report)
    network, curve = with_jobs(args.jobs, lambda pool: train_learned(executor=pool, **options))
    network.save(args.out)
    write_curve(curve, args.curve, args.plot)
    last = curve[-1]
    print(f"wrote {args.out} and {args.curve}: {last.frames:,} frames, vs 3 × greedy {last.mean_net:+.3f} ± "
          f"{last.ci95:.3f}", file=out)
