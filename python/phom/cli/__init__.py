"""The ``phom`` command: solve, play, simulate, replay, bench, serve, verify, review, arena, train.

Errors are one line on stderr and a non-zero exit code, never a traceback. The subcommands with more
to them live beside this module: ``play`` (the terminal game), ``render`` (cards, colour, results),
``bench`` (core against reference), ``tienlen`` (the Tiến lên commands).

>>> main(["solve", "9H 10H JH 3C 5D", "--json"])  # doctest: +ELLIPSIS
{"hand": "3C 5D 9H 10H JH", ...
0
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import TextIO

from ..arena import duplicate
from ..matchups import ArenaReport
from ..tienlen.arena import duplicate as tienlen_duplicate
from ..tienlen.bots import make_tienlen_bot
from ..bots import make_bot
from ..cards import CardSet, to_mask
from ..external import DEFAULT_MOVE_SECONDS, BotFault, check_jobs
from ..extras import missing_extra
from ..fairness import verify_record
from ..game import Game
from ..hooks import close_bots
from ..language import LANGUAGES, pick_language
from ..render import result_text
from ..report import solve_report
from ..rules import Rules
from ..simulation import simulate
from ..solver import (
    arrange,
    best_lay,
    bound_cards,
    isolated,
    melds,
    partial_melds,
)
from ..version import __version__
from .bench import run_bench
from .bot import add_bot_parser, bot_command
from .play import play_interactive
from .review import add_review_parser, review_command
from .render import Painter
from .tienlen import play_tienlen, simulate_tienlen, solve_tienlen

__all__ = ["main"]


class CommandError(Exception):
    """A user error: printed as one line, exit code 1."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="phom", description="Phỏm (Tá lả): solver, game, bots.")
    parser.add_argument("--version", action="version", version=f"phom {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    solve = sub.add_parser("solve", help="analyse a hand: phỏm, cạ, rác, best arrangement and lay-down")
    solve.add_argument("cards", help='the hand, e.g. "9H 10H JH 3C 5D"')
    solve.add_argument("--eaten", default=None, help="the eaten cards still in hand (part of CARDS)")
    solve.add_argument("--table", nargs="+", action="extend", default=[], metavar="MELD",
                       help='phỏm already on the table, one argument each, e.g. --table "JH QH KH" "4S 4C 4H"')
    solve.add_argument("--json", action="store_true", help="print JSON")

    play = sub.add_parser("play", help="play a game against bots in the terminal")
    play.add_argument("--players", type=int, default=4)
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--bots", default=None,
                      help="comma-separated bots for the other seats: level:1 … level:8, random, greedy, "
                           "search, montecarlo (default greedy)")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0, the leader)")
    _move_seconds_argument(play)
    _lang_argument(play)

    sim = sub.add_parser("simulate", help="play many games between bots and summarise them")
    sim.add_argument("--games", type=int, default=1000)
    sim.add_argument("--bots", default="greedy,random,random,random",
                     help="comma-separated, one per seat: random, greedy, search[:SAMPLES], montecarlo[:WORLDS]; "
                          "random and greedy tables run in the compiled core")
    sim.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--rotate", action="store_true", help="play every deal once per seat rotation")
    sim.add_argument("--json", action="store_true", help="print JSON")
    _move_seconds_argument(sim)

    replay = sub.add_parser("replay", help="check a game record and print it turn by turn")
    replay.add_argument("file", help="a JSON record written by Game.to_json (- for stdin)")

    bench = sub.add_parser("bench", help="time the compiled core against the reference on this machine")
    bench.add_argument("--hands", type=int, default=200, help="hands per operation (default 200)")

    tienlen = sub.add_parser("tienlen", help="Tiến lên: solve a hand, play against bots, simulate bots")
    tl = tienlen.add_subparsers(dest="tienlen_command", required=True, metavar="TIENLEN_COMMAND")
    tl_solve = tl.add_parser("solve", help="classify cards, count the plays on a table, split a hand")
    tl_solve.add_argument("cards", help='the hand, e.g. "3S 4S 5S 9D 9H KC"')
    tl_solve.add_argument("--table", default=None, help="the play to beat, e.g. \"2H\"")
    tl_solve.add_argument("--json", action="store_true", help="print JSON")
    tl_play = tl.add_parser("play", help="play a game of Tiến lên against bots in the terminal")
    tl_play.add_argument("--players", type=int, default=4)
    tl_play.add_argument("--seed", type=int, default=None)
    tl_play.add_argument("--bots", default=None,
                         help="comma-separated bots for the other seats: level:1 … level:8, random, greedy, "
                              "search, montecarlo[:WORLDS] (default greedy)")
    tl_play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    _move_seconds_argument(tl_play)
    _lang_argument(tl_play)
    tl_sim = tl.add_parser("simulate", help="play many seat-rotated games between Tiến lên bots")
    tl_sim.add_argument("--games", type=int, default=400)
    tl_sim.add_argument("--bots", default="greedy,random,random,random",
                        help="random, greedy, search or montecarlo[:WORLDS], one per seat (tables of random and "
                             "greedy only play in the compiled core)")
    tl_sim.add_argument("--seed", type=int, default=0)
    tl_sim.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    _move_seconds_argument(tl_sim)
    _arena_arguments(tl.add_parser("arena", help="duplicate evaluation of a Tiến lên bot against a panel of styles"),
                     "montecarlo", "random,greedy,search,montecarlo")

    serve = sub.add_parser("serve", help="the JSON API and the table in the browser (pip install \"phom[web]\")")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve.add_argument("--store", default=None,
                       help="the SQLite file of hosted games (default: games.sqlite3 in the user's data "
                            "directory; :memory: keeps nothing), or a postgresql:// URL (pip install "
                            "\"phom[scale]\")")
    serve.add_argument("--broker", default=None, metavar="REDIS_URL",
                       help="a redis:// URL: workers sharing the store ring each other when a game moves "
                            "(pip install \"phom[scale]\")")
    serve.add_argument("--workers", type=int, default=1,
                       help="processes sharing the port (default 1; more need --broker)")
    serve.add_argument("--forwarded-allow-ips", default="", metavar="IPS",
                       help="comma-separated addresses of proxies whose X-Forwarded-For names the client "
                            "(default: none; every client is the address that connects)")
    serve.add_argument("--allowed-hosts", default=None, metavar="HOSTS",
                       help="comma-separated Host names the server answers (default: the --host address, "
                            "localhost, 127.0.0.1 and ::1); *.example.org matches subdomains")

    _arena_arguments(sub.add_parser("arena", help="duplicate 1-vs-3 evaluation of a bot against a panel of styles"),
                     "montecarlo:128", "random,greedy,search,montecarlo,holder,hunter")

    train = sub.add_parser("train", help="train the learned bot by self-play (pip install \"phom[train]\")")
    train.add_argument("--iterations", type=int, default=4)
    train.add_argument("--games", type=int, default=2000, help="self-play games per iteration")
    train.add_argument("--worlds", type=int, default=32, help="MonteCarloBot worlds per labelled decision")
    train.add_argument("--epochs", type=int, default=4)
    train.add_argument("--epsilon", type=float, default=0.1, help="exploration: a random candidate this often")
    train.add_argument("--eval-deals", type=int, default=150, help="duplicate deals per point of the curve")
    train.add_argument("--seed", type=int, default=1)
    train.add_argument("--jobs", type=int, default=1, help="worker processes for self-play and evaluation")
    train.add_argument("--out", default="learned.npz", help="where to write the weights (default learned.npz)")
    train.add_argument("--curve", default="learning-curve.csv", help="the learning curve as CSV")
    train.add_argument("--plot", default=None, help="the learning curve as a PNG (needs matplotlib)")

    add_review_parser(sub)

    verify = sub.add_parser("verify", help="check a hosted game's record: commitment, deal and every action")
    verify.add_argument("file", help="the JSON record from GET /api/games/{id}/record (- for stdin)")
    add_bot_parser(sub, _move_seconds_argument)
    return parser


def _arena_arguments(arena: argparse.ArgumentParser, example: str, panel: str) -> None:
    """The arguments of both games' ``arena`` commands."""
    arena.add_argument("challenger", nargs="?", help=f"the bot to evaluate, e.g. {example}")
    arena.add_argument("--panel", default=panel, help=f"comma-separated opponent styles (default: {panel})")
    arena.add_argument("--challengers", default=None, metavar="A,B,C",
                       help="instead of one challenger against the panel: a round in which each of these bots "
                            "meets copies of every other (cmd: programs included), a crosstable and ratings")
    arena.add_argument("--html", default=None, metavar="FILE", help="with --challengers: also write the round as "
                                                                     "a page")
    arena.add_argument("--deals", type=int, default=250, help="deals per seed, each played in every seat rotation")
    arena.add_argument("--seeds", default="1,2", help="comma-separated seeds, one block of deals each (default 1,2)")
    arena.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    arena.add_argument("--json", action="store_true", help="print JSON")
    _move_seconds_argument(arena)


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < seconds <= 3600:
        raise argparse.ArgumentTypeError(f"{text!r} must be above 0 and at most 3600 seconds")
    return seconds


def _move_seconds_argument(parser: argparse.ArgumentParser) -> None:
    """``--move-seconds S`` of every command that takes bots: a ``cmd:`` bot's time to answer."""
    parser.add_argument("--move-seconds", type=_seconds, default=DEFAULT_MOVE_SECONDS, metavar="S",
                        help=f"seconds a cmd:COMMAND bot has to answer a decision (default {DEFAULT_MOVE_SECONDS:g})")


def main(argv: Sequence[str] | None = None, *, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run the command line; returns the exit code."""
    out = stdout or sys.stdout
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        if args.command == "solve":
            _solve(args, out)
        elif args.command == "play":
            play_interactive(players=args.players, seed=args.seed, bots=args.bots, seat=args.seat,
                             stdin=stdin or sys.stdin, stdout=out, lang=pick_language(args.lang),
                             move_seconds=args.move_seconds)
        elif args.command == "simulate":
            _simulate(args, out)
        elif args.command == "replay":
            _replay(args, out, stdin or sys.stdin)
        elif args.command == "bench":
            run_bench(args.hands, out)
        elif args.command == "serve":
            _serve(args, out)
        elif args.command == "train":
            _train(args, out)
        elif args.command == "arena":
            _arena(args, out)
        elif args.command == "review":
            review_command(args, _read_record(args.file, stdin or sys.stdin), out,
                           progress=not args.json and sys.stderr.isatty())
        elif args.command == "verify":
            print(verify_record(_read_record(args.file, stdin or sys.stdin)), file=out)
        elif args.command == "tienlen":
            _tienlen(args, out, stdin or sys.stdin)
        elif args.command == "bot":
            return bot_command(args, out)
        return 0
    except (ValueError, CommandError, OSError, ImportError, BotFault) as exc:
        print(f"phom {args.command}: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("phom: interrupted", file=sys.stderr)
        return 130


def _lang_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="vi or en (default: Vietnamese when LANGUAGE, LC_ALL, LC_MESSAGES or LANG selects vi)")


def _solve(args: argparse.Namespace, out: TextIO) -> None:
    hand = to_mask(args.cards, "CARDS")
    eaten = to_mask(args.eaten, "--eaten") if args.eaten else 0
    if eaten & ~hand:
        raise CommandError(f"--eaten {CardSet(eaten & ~hand)} is not in CARDS")
    table = [CardSet(to_mask(m, f"--table {m!r}")) for m in args.table]
    found = solve_report(hand, eaten, table)
    arrangement = arrange(hand, eaten)
    plan = best_lay(hand, eaten, table)
    if args.json:
        print(json.dumps(found, ensure_ascii=False), file=out)
        return
    paint = Painter(stream=out)
    h = CardSet(hand)
    lines = [
        f"{paint.bold('Hand')}      {paint.cards(h)}  ({len(h)} cards, {h.points} points)",
    ]
    if eaten:
        lines.append(f"Eaten     {paint.cards(CardSet(eaten))}")
    lines += [
        f"Phỏm      {paint.melds(melds(hand))}",
        f"Cạ        {paint.melds(partial_melds(hand))}",
        f"Rác       {paint.cards(isolated(hand))}",
    ]
    if arrangement is None:
        lines.append("Best      none: the eaten cards cannot each have a phỏm of their own")
    else:
        lines.append(f"Best      {paint.melds(arrangement.melds)}; left {paint.cards(arrangement.deadwood)} "
                     f"= {arrangement.points} points")
    if plan is not None:
        sends = ", ".join(f"{paint.card(c)} → {paint.cards(table[i])}" for c, i in plan.sends) or "—"
        throw = paint.card(plan.discard) if plan.discard else "—"
        tag = " — ù!" if plan.u else (" — móm" if plan.mom else "")
        lines += [
            f"Lay down  {paint.melds(plan.melds)}",
            f"Send      {sends}",
            f"Discard   {throw}",
            f"Points    {plan.points}{tag}",
        ]
    if eaten:
        lines.append(f"Bound     {paint.cards(bound_cards(hand, eaten))}")
    lines.append(f"Ù now     {'yes' if found['can_u'] else 'no'}; ù khan {'yes' if found['u_khan'] else 'no'}")
    print("\n".join(lines), file=out)


def _tienlen(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> None:
    if args.tienlen_command == "solve":
        solve_tienlen(args.cards, args.table, args.json, out)
    elif args.tienlen_command == "simulate":
        simulate_tienlen(args.bots, args.games, args.seed, args.jobs, out, args.move_seconds)
    elif args.tienlen_command == "arena":
        _arena(args, out, "tienlen")
    else:
        play_tienlen(players=args.players, seed=args.seed, bots=args.bots, seat=args.seat, stdin=stdin, stdout=out,
                     lang=pick_language(args.lang), move_seconds=args.move_seconds)


def _serve(args: argparse.Namespace, out: TextIO) -> None:
    if not 0 < args.port < 65536:
        raise CommandError(f"--port {args.port} is not a port from 1 to 65535")
    try:
        import uvicorn
    except ImportError:
        raise missing_extra("web", "phom serve (uvicorn)") from None
    from ..web.app import create_app   # needs the web extra, so only when serving
    from ..web.backends import StoreUnavailable, open_store, shown_location
    from ..web.hosting import GameHost
    from ..web.serving import quiet_client_errors, uvicorn_options
    from ..web.store import default_store_path

    if args.workers < 1:
        raise CommandError(f"--workers {args.workers}: give at least 1")
    if args.workers > 1 and args.broker is None:
        raise CommandError("--workers needs --broker redis://…: the workers ring each other when a game moves")
    hosts = _listed(args.allowed_hosts) if args.allowed_hosts is not None else sorted(
        {args.host, "localhost", "127.0.0.1", "::1", "[::1]"} | ({f"[{args.host}]"} if ":" in args.host else set()))
    proxies = _listed(args.forwarded_allow_ips)
    path = args.store if args.store is not None else default_store_path()
    shown = shown_location(path)
    try:
        store = open_store(path, timeout=3.0)
    except StoreUnavailable as exc:
        raise CommandError(f"--store: {exc}") from None
    if args.broker is not None:
        from ..web.broker import Doorbell

        try:
            answers = Doorbell(args.broker).ping()
        except ValueError as exc:                    # not a Redis URL at all
            store.close()
            raise CommandError(f"--broker {shown_location(args.broker)}: {exc}") from None
        if not answers:
            store.close()
            raise CommandError(f"--broker {shown_location(args.broker)}: no Redis answers there")
    where = f"[{args.host}]" if ":" in args.host else args.host
    print(f"phom serve: the table is at http://{where}:{args.port}/ (Ctrl-C stops); games are kept in {shown} "
          f"({len(store.ids())} stored)" + (f"; {args.workers} workers ring each other through the broker"
                                            if args.broker else ""), file=out)
    served = uvicorn_options(host=args.host, port=args.port, proxies=proxies)
    quiet_client_errors()
    os.environ["PHOM_ALLOWED_HOSTS"] = ",".join(hosts)
    if args.broker is None:
        uvicorn.run(create_app(GameHost(store), allowed_hosts=hosts), **served)
        return
    store.close()
    os.environ["PHOM_STORE"], os.environ["PHOM_BROKER"] = path, args.broker
    uvicorn.run("phom.web.app:app_from_environment", factory=True, workers=args.workers, **served)


def _listed(text: str) -> list[str]:
    """A comma-separated option as its items (blanks dropped)."""
    return [item.strip() for item in text.split(",") if item.strip()]


def _simulate(args: argparse.Namespace, out: TextIO) -> None:
    specs = [s for s in args.bots.split(",") if s.strip()]
    if not 2 <= len(specs) <= 4:
        raise CommandError(f"--bots names {len(specs)} bots; a game seats 2 to 4")
    if args.games < 1:
        raise CommandError("--games must be at least 1")
    if args.jobs < 1:
        raise CommandError("--jobs must be at least 1")
    check_jobs(specs, args.jobs)
    bots = [make_bot(spec, seed=i, move_seconds=args.move_seconds) for i, spec in enumerate(specs)]
    rules = Rules(players=len(bots))
    progress = not args.json and sys.stderr.isatty()
    try:
        if args.jobs > 1:
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(args.jobs) as pool:
                stats = simulate(bots, args.games, rules=rules, seed=args.seed, executor=pool, rotate=args.rotate,
                                 progress=progress)
        else:
            stats = simulate(bots, args.games, rules=rules, seed=args.seed, rotate=args.rotate, progress=progress)
    finally:
        close_bots(bots)
    if args.json:
        print(json.dumps({
            "bots": specs, "games": stats.games, "win_rate": stats.win_rate, "mean_net": stats.mean_net,
            "ci95": stats.ci95, "std_net": stats.std_net, "u_rate": stats.u_rate, "mom_rate": stats.mom_rate,
            "seconds": stats.seconds}), file=out)
    else:
        print(stats.table(), file=out)


def _train(args: argparse.Namespace, out: TextIO) -> None:
    if min(args.iterations, args.games, args.worlds, args.epochs, args.jobs, args.eval_deals) < 1:
        raise CommandError("--iterations, --games, --worlds, --epochs, --eval-deals and --jobs must be at least 1")
    from ..training import train_learned, write_curve

    def report(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    options = dict(iterations=args.iterations, games=args.games, worlds=args.worlds, epochs=args.epochs,
                   epsilon=args.epsilon,
                   eval_deals=args.eval_deals, seed=args.seed, progress=report)
    if args.jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(args.jobs) as pool:
            network, curve = train_learned(executor=pool, **options)
    else:
        network, curve = train_learned(**options)
    network.save(args.out)
    write_curve(curve, args.curve, args.plot)
    last = curve[-1]
    print(f"wrote {args.out} and {args.curve}: {last.frames:,} frames, vs 3 × greedy {last.mean_net:+.3f} ± "
          f"{last.ci95:.3f}", file=out)


def _arena(args: argparse.Namespace, out: TextIO, game: str = "phom") -> None:
    """Both games' arena: the same arguments, checks and report."""
    panel = [s.strip() for s in args.panel.split(",") if s.strip()]
    try:
        seeds = [int(s) for s in args.seeds.split(",") if s.strip()]
    except ValueError:
        raise CommandError(f"--seeds {args.seeds!r} must be whole numbers separated by commas") from None
    if args.jobs < 1:
        raise CommandError("--jobs must be at least 1")
    if (args.challenger is None) == (args.challengers is None):
        raise CommandError("name one challenger, or a round of bots with --challengers A,B,C")
    if args.html is not None and args.challengers is None:
        raise CommandError("--html is written for a round: give --challengers A,B,C")
    bots = [args.challenger] if args.challengers is None else [s.strip() for s in args.challengers.split(",")
                                                                if s.strip()]
    check_jobs([*bots, *panel], args.jobs)
    factory = make_bot if game == "phom" else make_tienlen_bot
    for spec in [*bots, *panel]:
        factory(spec)                                    # an unknown name fails here, before any game (no program starts)
    progress = game == "phom" and not args.json and sys.stderr.isatty()
    if args.challengers is not None:
        _round(args, bots, seeds, game, out)
        return

    def run(executor: Executor | None) -> ArenaReport:
        if game == "phom":
            return duplicate(args.challenger, panel, deals=args.deals, seeds=seeds, executor=executor,
                             progress=progress, move_seconds=args.move_seconds)
        return tienlen_duplicate(args.challenger, panel, deals=args.deals, seeds=seeds, executor=executor,
                                 move_seconds=args.move_seconds)

    if args.jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(args.jobs) as pool:
            report = run(pool)
    else:
        report = run(None)
    print(report.to_json() if args.json else report.table(), file=out)


def _round(args: argparse.Namespace, bots: list[str], seeds: list[int], game: str, out: TextIO) -> None:
    """``phom arena --challengers``: the round's crosstable and ratings (and its page with ``--html``)."""
    from ..tournament import Crosstable, round_robin

    def run(executor: Executor | None) -> Crosstable:
        return round_robin(bots, game=game, deals=args.deals, seeds=seeds, executor=executor,
                           move_seconds=args.move_seconds)

    if args.jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(args.jobs) as pool:
            crosstable = run(pool)
    else:
        crosstable = run(None)
    if args.html is not None:
        with open(args.html, "w", encoding="utf-8") as page:
            page.write(crosstable.to_html())
    print(crosstable.to_json() if args.json else crosstable.table(), file=out)


def _read_record(path: str, stdin: TextIO) -> str:
    if path == "-":
        return stdin.read()
    if not os.path.exists(path):
        raise CommandError(f"no such file: {path}")
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def _replay(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> None:
    game = Game.from_json(_read_record(args.file, stdin))
    assert game.deal is not None   # a replayed record always has its deal
    paint = Painter(stream=out)
    print(f"{game.players} players, leader {game.leader}", file=out)
    for p, hand in enumerate(game.deal.hands):
        print(f"  seat {p}: {paint.cards(hand)}", file=out)
    last = None
    for number, (p, action) in enumerate(game.history, start=1):
        prefix = f"{number:4d}. seat {p}: " if p != last else "      " + " " * len(f"seat {p}: ")
        print(f"{prefix}{action}", file=out)
        last = p
    print(result_text(game), file=out)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
