"""The ``phom`` command: solve, play, simulate, replay, bench, serve, verify, review, arena, train, games.

Errors are one line on stderr and a non-zero exit code, never a traceback. The subcommands with more
to them live beside this module: ``play`` (the terminal game, one loop for every game), ``render`` (cards,
colour, results), ``bench`` (core against reference), ``tienlen`` (the Tiến lên commands). Each command's
parser names what runs it (``run``) and, for ``play``, ``simulate``, ``replay`` and ``arena``, its game
(``game``: ``--game NAME``, any registered game, ``phom.games``; ``phom games`` lists them).

>>> main(["solve", "9H 10H JH 3C 5D", "--json"])  # doctest: +ELLIPSIS
{"hand": "3C 5D 9H 10H JH", ...
0
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import json
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any, TextIO, TypeVar

from ..arena import duplicate
from ..matchups import ArenaReport
from ..levels import LEVELS, level_of
from ..cards import CardSet, to_mask
from ..clock import MAX_TURN_SECONDS, MIN_TURN_SECONDS
from ..external import DEFAULT_MOVE_SECONDS, BotFault, check_jobs
from ..extras import missing_extra
from ..fairness import verify_report
from ..games import DEFAULT_GAME, GAMES, GameKind, broken_games, game_kind, game_spec, game_specs, kind_of_record, own_words
from ..hooks import close_bots
from ..language import LANGUAGES, N_, capital, display_width, number, pick_language, translator, wrap
from ..notation import PositionError
from ..refusals import Refusal
from ..simulation import simulate
from ..version import PACKAGE, __version__
from .bot import add_bot_parser, bot_command, seconds_argument
from .play import play_game, terminal_of
from .position import hint_position
from ..moved import forwarding
from .review import add_review_parser, review_command
from .summaries import simulation_lines
from .render import Painter, terminal_width

__all__ = ["METAVARS", "CommandParts", "SentenceHelp", "argparse_speaks", "bot_names", "command_language", "main", "solve_lines", "speak_metavars"]
#: Phỏm's ``phom solve`` report, in Phỏm's own commands (``phom.phom.commands``) now
__getattr__ = forwarding(__name__, {"solve_lines": "phom.phom.commands"})


#: the bots' names as they are typed, the same in every language (the catalog's texts hold them as placeholders)
BOT_WORDS = {"random": "random", "greedy": "greedy", "search": "search", "montecarlo": "montecarlo"}


class CommandError(Exception):
    """A user error: printed as one line, exit code 1."""


def bot_names(lang: str = "en", game: str = DEFAULT_GAME) -> str:
    """The bots a command line takes (``--bots``), each name as the command takes it beside what it is in
    the players' words, with the level it plays at.

    >>> print(bot_names("vi"))  # doctest: +NORMALIZE_WHITESPACE
    cấp 1 đến 8 (gõ số của cấp: 3 cho mọi ghế, hoặc 2,5,8 mỗi ghế một cấp; từ Cấp 1 · Mới chơi đến Cấp 8 · Cao thủ),
    random (máy đánh bừa, Cấp 1 · Mới chơi), greedy (máy chọn nước lợi nhất trước mắt, Cấp 4 · Khá), search (máy tính
    trước vài nước, Cấp 5 · Giỏi), montecarlo (máy đánh thử nhiều ván chia rồi mới chọn), hoặc chương trình của bạn
    (gõ cmd: rồi lệnh chạy nó)
    """
    _ = translator(lang)

    def level(name: str) -> str:
        number = level_of(game, name)
        return "" if number is None else ", " + _("Level {number} · {name}").format(
            number=number, name=LEVELS[number - 1].name(lang))

    first, last = (_("Level {number} · {name}").format(number=n, name=LEVELS[n - 1].name(lang)) for n in (1, 8))
    return _("levels 1 to 8 (type the level's number: 3 for every seat, or 2,5,8 one a seat; from {first} to "
             "{last}), {random} (plays at random{random_level}), {greedy} (takes the best move in sight{greedy_level}), "
             "{search} (looks a few moves ahead{search_level}), {montecarlo} (plays out many sampled deals, then "
             "chooses{montecarlo_level}), or your own program (type {cmd} and the command that runs it)"
             ).format(cmd="cmd:", first=first, last=last, random="random", greedy="greedy",
                      search="search", montecarlo="montecarlo", random_level=level("random"),
                      greedy_level=level("greedy"), search_level=level("search"),
                      montecarlo_level=level("montecarlo"))


def _parser(lang: str = "en") -> argparse.ArgumentParser:
    """The whole command line, its help in ``lang`` (``phom --help``, ``phom solve --help``, …)."""
    _ = translator(lang)

    parser = argparse.ArgumentParser(prog=PACKAGE, description=_("Phỏm (Tá lả): solver, game, bots."),
                                     formatter_class=SentenceHelp)
    parser.add_argument("--version", action=PlainVersion, version=f"phom {__version__}",
                        help=_("show the version and exit"))
    sub = parser.add_subparsers(dest="command", required=True, metavar=_("COMMAND"), title=_("commands"))

    def command(into: Any, name: str, text: str, **kwargs: Any) -> argparse.ArgumentParser:
        made: argparse.ArgumentParser = into.add_parser(name, help=text, description=kwargs.pop("description", text),
                                                        formatter_class=SentenceHelp, **kwargs)
        return made

    bots = bot_names(lang, DEFAULT_GAME)
    parts = CommandParts(command, lang)
    for spec in game_specs():                          # a game's own commands (phom solve, phom tienlen …), where it has some
        own = getattr(spec.kind, "commands", None)
        if own is not None:
            own(sub, parts)

    hint_parser = command(sub, "hint", _("the best move in a position, with the reason"))
    hint_parser.add_argument("position", metavar="POSITION",
                             help=_("one line: the position of either game, as docs/en/position.md writes it"))
    hint_parser.add_argument("--search", action="store_true", help=_("look further ahead (slower)"))
    hint_parser.add_argument("--json", action="store_true", help=_("print JSON"))
    _lang_argument(hint_parser, _)
    hint_parser.set_defaults(run=lambda args, out, stdin, lang: hint_position(
        args.position, out, json_out=args.json, lang=pick_language(args.lang), search=args.search))

    play = command(sub, "play", _("play a game against bots in the terminal"))
    _game_argument(play, _)
    _players_argument(play, _)
    _play_arguments(play, bots, _("your seat, 1 to {most} (default 1, the leader)").format(most=_most_seats()), _)

    sim = command(sub, "simulate", _("play many games between bots and summarise them"))
    _game_argument(sim, _)
    sim.add_argument("--games", type=int, default=1000, help=_("games to play (default {default})").format(default=number(1000, lang)))
    sim.add_argument("--bots", default=None,
                     help=_("comma-separated, one per seat: {names}; tables of {fast} run in the compiled core").format(
                         names=_("{random}, {greedy}, {search} ({search}:8 tries 8 samples), {montecarlo} ({montecarlo}:64 plays 64 "
                                 "trial games)").format(**BOT_WORDS), fast="random, greedy"))
    sim.add_argument("--jobs", type=int, default=1, help=_("worker processes (default 1)"))
    sim.add_argument("--seed", type=int, default=0, help=_("the first shuffle code (default 0)"))
    sim.add_argument("--rotate", action="store_true", help=_("play every deal once per seat rotation"))
    sim.add_argument("--json", action="store_true", help=_("print JSON"))
    _move_seconds_argument(sim, _)
    _lang_argument(sim, _)
    sim.set_defaults(run=lambda args, out, stdin, lang: _simulate(args, out))

    replay = command(sub, "replay", _("check a game record (Phỏm or Tiến lên) and print it turn by turn"))
    replay.add_argument("file", metavar="FILE",
                        help=_("the game's record: the file {save} wrote (or - to read it from the input)").format(
                            save="--save"))
    _lang_argument(replay, _)
    replay.set_defaults(run=_replay, game=DEFAULT_GAME)    # the game of a record that names no format of a game

    serve = command(sub, "serve", _("the JSON API and the table in the browser ({install})").format(
        install='pip install "phom[web]"'))
    serve.add_argument("--host", default="127.0.0.1",
                       help=_("address to listen on (default {default})").format(default="127.0.0.1"))
    serve.add_argument("--port", type=int, default=8000, help=_("port (default {default})").format(default=8000))
    serve.add_argument("--store", default=None,
                       help=_("the SQLite file of hosted games (default: {file} in the user's data directory; "
                              "{memory} keeps nothing), or a {url} URL ({install})").format(
                           file="games.sqlite3", memory=":memory:", url="postgresql://",
                           install='pip install "phom[scale]"'))
    serve.add_argument("--broker", default=None, metavar="REDIS_URL",
                       help=_("a {url} URL: workers sharing the store ring each other when a game moves "
                              "({install})").format(url="redis://", install='pip install "phom[scale]"'))
    serve.add_argument("--workers", type=int, default=1,
                       help=_("processes sharing the port (default 1; more need {option})").format(option="--broker"))
    serve.add_argument("--forwarded-allow-ips", default="", metavar="IPS",
                       help=_("comma-separated addresses of proxies whose {header} names the client "
                              "(default: none; every client is the address that connects)").format(
                           header="X-Forwarded-For"))
    serve.add_argument("--allowed-hosts", default=None, metavar="HOSTS",
                       help=_("comma-separated Host names the server answers (default: the {option} address, "
                              "localhost, 127.0.0.1 and ::1); {pattern} matches subdomains").format(
                           option="--host", pattern="*.example.org"))
    serve.add_argument("--tables-per-address", type=int, default=100, metavar="N",
                       help=_("unfinished tables the clients at one address (an IPv6 /64) may have created "
                              "(default {default}: the players behind one carrier-grade NAT)").format(default=100))
    serve.add_argument("--sockets-per-address", type=int, default=200, metavar="N",
                       help=_("live sockets one address (an IPv6 /64) may hold in each process "
                              "(default {default})").format(default=200))
    serve.set_defaults(run=lambda args, out, stdin, lang: _serve(args, out))

    arena = command(sub, "arena", _("duplicate 1-vs-3 evaluation of a bot against a panel of styles"))
    _game_argument(arena, _)
    _arena_arguments(arena, "montecarlo:128", "random,greedy,search,montecarlo,holder,hunter", _)
    arena.set_defaults(run=lambda args, out, stdin, lang: _arena(args, out))

    games = command(sub, "games", _("list the games: name, title, seats, levels and what each lacks"))
    _lang_argument(games, _)
    games.set_defaults(run=lambda args, out, stdin, lang: print("\n".join(games_lines(pick_language(args.lang))),
                                                                 file=out))

    add_review_parser(sub, lambda name, text: command(sub, name, text), _)
    sub.choices["review"].set_defaults(run=lambda args, out, stdin, lang: review_command(
        args, _read_record(args.file, stdin, lang), out, progress=not args.json and sys.stderr.isatty()))

    verify = command(sub, "verify", _("check a hosted game's record: commitment, deal and every action"))
    verify.add_argument("file", metavar="FILE",
                        help=_("the game's record, downloaded from the table's page (or - to read it from the input)"))
    _lang_argument(verify, _)
    verify.set_defaults(run=lambda args, out, stdin, lang: print(
        verify_report(_read_record(args.file, stdin, lang)).text(lang), file=out))
    add_bot_parser(sub, lambda parser: _move_seconds_argument(parser, _),
                   lambda into, name, text, **kw: command(into, name, text, **kw), _)
    sub.choices["bot"].set_defaults(run=lambda args, out, stdin, lang: bot_command(args, out))
    speak_metavars(parser, _)
    return parser


#: the placeholders of the help (argparse's metavars: an option's value, a positional argument), in
#: the catalog so the help shows them in the reader's language; argparse names the others by their dest
METAVARS = (N_("GAMES"), N_("BOTS"), N_("JOBS"), N_("SEED"), N_("SEEDS"), N_("FILE"), N_("CARDS"), N_("MELD"),
            N_("WORLDS"), N_("DELTA"), N_("SEAT"), N_("SEATS"), N_("PLAYERS"), N_("PANEL"), N_("DEALS"),
            N_("WORKERS"), N_("STORE"), N_("REDIS_URL"), N_("PORT"), N_("HOST"), N_("HOSTS"), N_("IPS"),
            N_("PLOT"), N_("OUT"), N_("CURVE"), N_("ITERATIONS"), N_("HANDS"), N_("EVAL_DEALS"), N_("EPSILON"),
            N_("EPOCHS"), N_("S"), N_("N"), N_("SPEC"), N_("URL"), N_("GAME_ID"), N_("CHALLENGER"), N_("SAMPLES"),
            N_("POSITION"))


def speak_metavars(parser: argparse.ArgumentParser, _: Callable[[str], str]) -> None:
    """Every placeholder of ``parser``'s help (``--seed SEED``, ``FILE``), its subcommands' included, in
    the reader's language: the metavar given, else the name argparse would show (the dest in capitals).

    >>> p = argparse.ArgumentParser(prog="x")
    >>> _ = p.add_argument("--seed", type=int)
    >>> speak_metavars(p, translator("vi"))
    >>> p.format_usage()
    'usage: x [-h] [--seed MÃ_XÁO_BÀI]\\n'
    """
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                speak_metavars(sub, _)
        elif action.nargs == 0 or action.choices is not None:
            continue                                  # a flag, or a choice shown as its values ({en,vi})
        elif isinstance(action.metavar, str):
            action.metavar = _(action.metavar)
        elif action.metavar is None:
            action.metavar = _(action.dest.upper())


#: argparse's own words that stand at the start of a line of the help (its errors stay as they are said)
HEADINGS = ("usage: ", "options", "positional arguments", "optional arguments", "show this help message and exit")



class PlainVersion(argparse.Action):
    """``--version``: the program's name and version as they are spelt (``phom 0.1.0``), not a sentence of the
    help (whose first letter the help's formatter raises)."""

    def __init__(self, option_strings: Sequence[str], version: str, dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0, help=help)
        self.version = version

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        print(self.version, file=sys.stdout)
        parser.exit()

class SentenceHelp(argparse.HelpFormatter):
    """The help's texts as sentences: each option's help and each description starts with a capital
    letter, in both languages (the catalog's texts stay as they are written, to be put in a sentence).

    >>> p = argparse.ArgumentParser(prog="x", description="plays a game", formatter_class=SentenceHelp)
    >>> _ = p.add_argument("--seed", help="the shuffle code")
    >>> [line.strip() for line in p.format_help().splitlines() if "code" in line or "game" in line]
    ['Plays a game', '--seed SEED  The shuffle code']
    """

    def _expand_help(self, action: argparse.Action) -> str:
        return capital(super()._expand_help(action))

    def _format_text(self, text: str) -> str:
        return super()._format_text(capital(text))

    def start_section(self, heading: str | None) -> None:
        super().start_section(capital(heading) if heading else heading)          # Các lệnh: / Commands:


@contextlib.contextmanager
def argparse_speaks(lang: str) -> Iterator[None]:
    """argparse's own words ("usage:", "options", "show this help message and exit", its errors) in
    ``lang`` while the block runs: argparse asks ``gettext`` for them through its module's ``_`` and
    ``ngettext``; the block lends it phom's catalog, which holds them, and gives the old ones back.

    >>> with argparse_speaks("vi"):
    ...     argparse.ArgumentParser(prog="x").format_usage()
    'Cách dùng: x [-h]\\n'
    """
    catalog = translator(lang)

    def tr(message: str | None) -> str | None:          # its headings start with a capital: "Usage:", "Options"
        if not message:
            return message                                # argparse asks for None too
        said = catalog(message)
        return capital(said) if message in HEADINGS else said

    words = vars(argparse)                                    # the module's names: its _ and ngettext
    said = words["_"], words["ngettext"]
    words["_"], words["ngettext"] = tr, lambda one, many, n: catalog(one if n == 1 else many)
    try:
        yield
    finally:
        words["_"], words["ngettext"] = said


def command_language(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> str:
    """The language a command line speaks, chosen before its parser is built: its ``--lang`` when it
    names one, else the environment's (``pick_language``).

    >>> command_language(["solve", "--lang", "vi", "--help"]), command_language(["solve"], {"LANG": "vi_VN"})
    ('vi', 'vi')
    """
    for i, arg in enumerate(argv):
        value = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else arg.partition("=")[2] \
            if arg.startswith("--lang=") else None
        if value in LANGUAGES:
            return str(value)
    return pick_language(None, environ)


class CommandParts:
    """What a game's own commands (``GameKind.commands``: ``phom tienlen …``) build their parsers with, so
    they take their arguments as every command does: ``command(into, name, help)`` makes a subparser,
    ``tr`` says a text in the reader's language, and the shared arguments and runners follow.

    >>> parts = CommandParts(lambda into, name, text, **kw: into.add_parser(name, help=text), "en")
    >>> parts.bot_names("tienlen") == bot_names("en", "tienlen")
    True
    """

    def __init__(self, command: Callable[..., argparse.ArgumentParser], lang: str) -> None:
        self.command = command
        self.lang = lang
        self.tr = translator(lang)
        #: what ``--bots`` help names each bot style by
        self.bot_words = BOT_WORDS
        #: ``phom play``'s and ``phom arena``'s runners: each plays the game its parser's ``game`` names
        self.run_play = _play
        self.run_arena = lambda args, out, stdin, lang: _arena(args, out)
        #: ``run(pool)`` on a pool of ``jobs`` worker processes, or ``run(None)`` for one job (``--jobs``)
        self.with_jobs = _with_jobs

    def bot_names(self, game: str) -> str:
        """The bots a command of ``game`` takes, in the reader's language (``bot_names``)."""
        return bot_names(self.lang, game)

    def language(self, parser: argparse.ArgumentParser) -> None:
        """``--lang``."""
        _lang_argument(parser, self.tr)

    def move_seconds(self, parser: argparse.ArgumentParser) -> None:
        """``--move-seconds S``."""
        _move_seconds_argument(parser, self.tr)

    def playing(self, parser: argparse.ArgumentParser, bots: str, seat_help: str) -> None:
        """What ``phom play`` takes beside its game and seats (``--seed``, ``--bots``, ``--seat``, the clock, …)."""
        _play_arguments(parser, bots, seat_help, self.tr)

    def arena(self, parser: argparse.ArgumentParser, example: str, panel: str) -> None:
        """What ``phom arena`` takes (the challenger, ``--panel``, ``--deals``, …)."""
        _arena_arguments(parser, example, panel, self.tr)


def _play_arguments(play: argparse.ArgumentParser, bots: str, seat_help: str, _: Callable[[str], str]) -> None:
    """What every command that plays a game in the terminal takes beside its game and its seats: the
    shuffle, the bots, the person's seat, the clock, the record, a program bot's time and the language."""
    play.add_argument("--seed", type=int, default=None, help=_("the shuffle code: the same code deals the same cards"))
    play.add_argument("--bots", default=None,
                      help=_("comma-separated bots for the other seats: {names} (default {default})").format(
                          names=bots, default="greedy"))
    play.add_argument("--seat", type=int, default=1, help=seat_help)
    _turn_seconds_argument(play, _)
    _save_argument(play, _)
    _move_seconds_argument(play, _)
    _lang_argument(play, _)
    play.set_defaults(run=_play)


def _game_argument(parser: argparse.ArgumentParser, _: Callable[[str], str]) -> None:
    """``--game NAME`` of every command that plays: any registered game (``phom games``), the default game by default."""
    parser.add_argument("--game", choices=list(GAMES), default=DEFAULT_GAME,
                        help=_("the game (default {default}; {command} lists them)").format(
                            default=DEFAULT_GAME, command="phom games"))


def _most_seats() -> int:
    """The most seats any registered game plays."""
    return max(spec.seats[1] for spec in game_specs())


def _players_argument(parser: argparse.ArgumentParser, _: Callable[[str], str]) -> None:
    """``--players N`` of ``play``: within the game's seats (``GameSpec.seats``), its usual table by default."""
    parser.add_argument("--players", type=int, default=None,
                        help=_("players at the table, {low} to {high} as the game seats them (default: its usual "
                               "table, {default} in {title})").format(
                            low=min(spec.seats[0] for spec in game_specs()), high=_most_seats(),
                            default=game_spec(DEFAULT_GAME).default_seats, title=game_spec(DEFAULT_GAME).title(lang_of(_))))


def lang_of(_: Callable[[str], str]) -> str:
    """The language a translator speaks (``vi`` when it translates a known text).

    >>> lang_of(translator("vi")), lang_of(str)
    ('vi', 'en')
    """
    return "vi" if _("Seat {seat}") != "Seat {seat}" else "en"


def players_of(game: str, players: int | None, lang: str = "en") -> int:
    """The seats a command plays ``game`` with: ``players`` if the game seats that many (else a ValueError
    naming its range), its usual table when None.

    >>> players_of("tienlen", None), players_of("phom", 2)
    (4, 2)
    >>> players_of("phom", 7)
    Traceback (most recent call last):
    ...
    ValueError: --players 7: Phỏm seats 2 to 4
    """
    spec = game_spec(game)
    if players is None:
        return spec.default_seats
    low, high = spec.seats
    if not low <= players <= high:
        _ = translator(lang)
        raise ValueError(_("--players {players}: {title} seats {low} to {high}").format(
            players=players, title=spec.title(lang), low=low, high=high))
    return players


def games_lines(lang: str = "en") -> list[str]:
    """``phom games``: each registered game in one line (name, title, seats, levels, what it lacks), then
    each plug-in that did not load, in one line.

    >>> games_lines()[1]
    'tienlen: Tiến lên, 2 to 4 seats (usually 4), 8 levels'
    """
    _ = translator(lang)
    lines = []
    for spec in game_specs():
        line = _("{name}: {title}, {low} to {high} seats (usually {default}), {levels} levels").format(
            name=spec.name, title=spec.title(lang), low=spec.seats[0], high=spec.seats[1], default=spec.default_seats,
            levels=len(spec.levels))
        missing = spec.missing(lang)
        lines.append(line + ("; " + missing.partition(": ")[2] if missing else ""))
    lines += list(broken_games().values())
    return lines


def _arena_arguments(arena: argparse.ArgumentParser, example: str, panel: str, _: Callable[[str], str]) -> None:
    """The arguments of both games' ``arena`` commands."""
    arena.add_argument("challenger", nargs="?", help=_("the bot to evaluate, e.g. {example}").format(example=example))
    arena.add_argument("--panel", default=panel,
                       help=_("comma-separated opponent styles (default: {panel})").format(panel=panel))
    arena.add_argument("--challengers", default=None, metavar="A,B,C",
                       help=_("instead of one challenger against the panel: a round in which each of these bots "
                              "meets copies of every other ({cmd} programs included), a crosstable and ratings"
                              ).format(cmd="cmd:"))
    arena.add_argument("--html", default=None, metavar="FILE",
                       help=_("with {option}: also write the round as a page").format(option="--challengers"))
    arena.add_argument("--deals", type=int, default=None,
                       help=_("deals per seed, each played in every seat rotation (default 250; with {sprt}: the "
                              "most deals, default 10000)").format(sprt="--sprt"))
    arena.add_argument("--seeds", default="1,2",
                       help=_("comma-separated seeds, one block of deals each (default {default})").format(default="1,2"))
    arena.add_argument("--jobs", type=int, default=1, help=_("worker processes (default 1)"))
    arena.add_argument("--json", action="store_true", help=_("print JSON"))
    arena.add_argument("--sprt", type=float, default=None, metavar="DELTA",
                       help=_("play deals of the first seed until a sequential test (alpha = beta = 0.05) decides "
                              "whether the challenger is stronger than the panel by DELTA stakes a game"))
    _move_seconds_argument(arena, _)


def _move_seconds_argument(parser: argparse.ArgumentParser, _: Callable[[str], str] = str) -> None:
    """``--move-seconds S`` of every command that takes bots: a ``cmd:`` bot's time to answer."""
    parser.add_argument("--move-seconds", type=seconds_argument, default=DEFAULT_MOVE_SECONDS, metavar="S",
                        help=_("seconds a bot that is your own program has to answer a decision (default {default})"
                               ).format(default=f"{DEFAULT_MOVE_SECONDS:g}"))


def _turn_seconds_argument(parser: argparse.ArgumentParser, _: Callable[[str], str]) -> None:
    """``--turn-seconds S`` of both games' ``play``: the person's clock, as at a hosted table (none by default)."""
    parser.add_argument("--turn-seconds", type=turn_seconds_argument, default=None, metavar="S",
                        help=_("seconds you have for each turn, {low} to {high}; when they run out the stand-in "
                               "plays for you until you type again (default: no clock)").format(
                            low=MIN_TURN_SECONDS, high=MAX_TURN_SECONDS))


def turn_seconds_argument(text: str) -> int:
    """``--turn-seconds``: a whole number of seconds in the table clock's bounds.

    >>> turn_seconds_argument("20")
    20
    """
    try:
        seconds = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of seconds") from None
    if not MIN_TURN_SECONDS <= seconds <= MAX_TURN_SECONDS:
        raise argparse.ArgumentTypeError(f"{text!r} must be from {MIN_TURN_SECONDS} to {MAX_TURN_SECONDS} seconds")
    return seconds


def _save_argument(parser: argparse.ArgumentParser, _: Callable[[str], str]) -> None:
    """``--save FILE`` of both games' ``play``: the finished game's record, for ``phom review`` and ``phom replay``."""
    parser.add_argument("--save", default=None, metavar="FILE",
                        help=_("write the finished game's record to FILE (for {review} and {replay})").format(
                            review="phom review", replay="phom replay"))


def main(argv: Sequence[str] | None = None, *, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run the command line; returns the exit code."""
    out = stdout or sys.stdout
    argv = sys.argv[1:] if argv is None else list(argv)
    lang = command_language(argv)
    try:
        with argparse_speaks(lang):
            parser = _parser(lang)
            args, unknown = parser.parse_known_args(argv)
            if unknown:
                parser.error(unknown_arguments(unknown, _options(parser), lang))
            needs = getattr(args, "one_of", None)       # a command that needs one of its arguments (phom solve:
            if needs is not None:                       # CARDS unless --position)
                command_parser, *names = needs
                if all(getattr(args, name) is None for name in names):
                    first = next(a for a in command_parser._actions if a.dest == names[0])
                    command_parser.error(vars(argparse)["_"]("the following arguments are required: %s") % first.metavar)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        run: Callable[[argparse.Namespace, TextIO, TextIO, str], int | None] = args.run   # set by its parser
        return run(args, out, stdin or sys.stdin, lang) or 0
    except BrokenPipeError:                # the reader stopped reading (phom replay … | head): nothing to say
        if out is sys.stdout:
            with contextlib.suppress(OSError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except (ValueError, CommandError, OSError, ImportError, BotFault) as exc:
        _ = translator(lang)
        # typed cards: the person's sentence, where the refusal names what is wrong
        # a refusal in the person's words; another error's sentence from the catalog where it has one
        said = exc.text(lang) if isinstance(exc, Refusal) and exc.code != "bad_cards" or isinstance(exc, PositionError) \
            else _(str(exc))
        print(_("phom {command}: error: {message}").format(command=args.command, message=said), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("phom: interrupted", file=sys.stderr)
        return 130


def _options(parser: argparse.ArgumentParser) -> list[str]:
    """Every option string of the command line, its subcommands' included."""
    found: list[str] = []
    for action in parser._actions:
        found += [o for o in action.option_strings if o.startswith("--")]
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                found += _options(sub)
    return sorted(set(found))


def unknown_arguments(unknown: Sequence[str], options: Sequence[str], lang: str = "en") -> str:
    """argparse's error for arguments it does not know, with the option meant when one is close.

    >>> unknown_arguments(["--sead", "3"], ["--seat", "--seed", "--save"])
    'unrecognized arguments: --sead 3 (did you mean --seed?)'
    """
    _ = translator(lang)
    said = _("unrecognized arguments: %s") % " ".join(unknown)
    for word in unknown:
        if word.startswith("--"):
            close = difflib.get_close_matches(word.partition("=")[0], options, n=1, cutoff=0.6)
            if close:
                return said + " " + _("(did you mean {option}?)").format(option=close[0])
    return said


def _lang_argument(parser: argparse.ArgumentParser, _: Callable[[str], str] = str) -> None:
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help=_("language: vi (Vietnamese) or en (English); by default the one this computer is set to"))


def _play(args: argparse.Namespace, out: TextIO, stdin: TextIO, lang: str) -> None:
    """``phom play`` and ``phom tienlen play``: the one play loop, over the game its parser names."""
    players = players_of(args.game, args.players, pick_language(args.lang))
    play_game(game_kind(args.game), players=players, seed=args.seed, bots=args.bots, seat=args.seat - 1,
              stdin=stdin, stdout=out, lang=pick_language(args.lang), move_seconds=args.move_seconds, save=args.save,
              turn_seconds=args.turn_seconds)


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
    for option, value in (("--tables-per-address", args.tables_per_address),
                          ("--sockets-per-address", args.sockets_per_address)):
        if not 1 <= value <= 1_000_000:
            raise CommandError(f"{option} {value}: give a number from 1 to 1000000")
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
        if not answers:                              # serve from the store; join the doorbell when Redis answers
            print(f"phom serve: --broker {shown_location(args.broker)}: no Redis answers there yet; serving from "
                  "the store and joining when it answers", file=sys.stderr)
    try:
        _check_port(args.host, args.port)
    except OSError as exc:
        store.close()
        raise CommandError(f"--port {args.port}: cannot listen on {args.host}:{args.port} "
                           f"({exc.strerror or exc}); is another server there?") from None
    where = f"[{args.host}]" if ":" in args.host else args.host
    print(f"phom serve: the table is at http://{where}:{args.port}/ (Ctrl-C stops); games are kept in {shown} "
          f"({len(store.ids())} stored)" + (f"; {args.workers} workers ring each other through the broker"
                                            if args.broker else ""), file=out)
    served = uvicorn_options(host=args.host, port=args.port, proxies=proxies)
    quiet_client_errors()
    os.environ["PHOM_ALLOWED_HOSTS"] = ",".join(hosts)
    os.environ["PHOM_TABLES_PER_ADDRESS"] = str(args.tables_per_address)
    os.environ["PHOM_SOCKETS_PER_ADDRESS"] = str(args.sockets_per_address)
    if args.broker is None:
        from ..web.app import limits_from_environment
        from ..web.routes import STOP_SECONDS

        uvicorn.run(create_app(GameHost(store), allowed_hosts=hosts, rate_limits=limits_from_environment(),
                               stop_seconds=STOP_SECONDS), **served)
        return
    store.close()
    os.environ["PHOM_STORE"], os.environ["PHOM_BROKER"] = path, args.broker
    uvicorn.run("phom.web.app:app_from_environment", factory=True, workers=args.workers, **served)


def _check_port(host: str, port: int) -> None:
    """OSError when ``host:port`` cannot be listened on (a server is there already): checked before the
    table's address is announced, as the server will bind it (address reuse on, as uvicorn does)."""
    import socket

    family, kind, proto, _name, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind(address)


def _listed(text: str) -> list[str]:
    """A comma-separated option as its items (blanks dropped)."""
    return [item.strip() for item in text.split(",") if item.strip()]


def _simulate(args: argparse.Namespace, out: TextIO) -> None:
    """``phom simulate [--game NAME]``: the game's bots by name, its rules for as many seats as bots."""
    lang = pick_language(args.lang)
    _ = translator(lang)
    spec, kind = game_spec(args.game), game_kind(args.game)
    bots_given = args.bots if args.bots is not None else ",".join(["greedy"] + ["random"] * (spec.default_seats - 1))
    specs = [s for s in bots_given.split(",") if s.strip()]
    low, high = spec.seats
    if not low <= len(specs) <= high:
        raise CommandError(_("--bots names {count} bots; {title} seats {low} to {high}").format(
            count=len(specs), title=spec.title(lang), low=low, high=high))
    if args.games < 1:
        raise CommandError(_("--games must be at least 1"))
    if args.jobs < 1:
        raise CommandError(_("--jobs must be at least 1"))
    check_jobs(specs, args.jobs)
    bots = [kind.seeded_bot(name, i, move_seconds=args.move_seconds) for i, name in enumerate(specs)]
    rules = kind.rules({**kind.rules_data(kind.rules(None)), "players": len(bots)})
    progress = not args.json and sys.stderr.isatty()
    try:
        stats = _with_jobs(args.jobs, lambda pool: simulate(bots, args.games, rules=rules, seed=args.seed,
                                                            executor=pool, rotate=args.rotate, progress=progress,
                                                            game=kind))
    finally:
        close_bots(bots)
    if args.json:
        print(json.dumps({
            "bots": specs, "games": stats.games, "win_rate": stats.win_rate, "mean_net": stats.mean_net,
            "ci95": stats.ci95, "std_net": stats.std_net,
            **{figure.mean: stats.figures[figure.mean] for figure in spec.figures if figure.compare},
            "seconds": stats.seconds}), file=out)
    else:
        print("\n".join(simulation_lines(stats, specs, lang, args.game)), file=out)


def _arena(args: argparse.Namespace, out: TextIO) -> None:
    """Both games' arena (the game its parser names): the same arguments, checks and report."""
    game = args.game
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
    if args.sprt is not None and (args.challengers is not None or not 0 < args.sprt < 1000):
        raise CommandError(f"--sprt {args.sprt:g} takes one challenger and a number of stakes a game above 0")
    if args.deals is not None and args.deals < (1 if args.sprt is None else 16):
        raise CommandError(f"--deals {args.deals} must be at least {1 if args.sprt is None else 16}")
    if args.sprt is None and args.deals is None:
        args.deals = 250
    bots = [args.challenger] if args.challengers is None else [s.strip() for s in args.challengers.split(",")
                                                                if s.strip()]
    check_jobs([*bots, *panel], args.jobs)
    kind = game_kind(game)
    for spec in [*bots, *panel]:
        kind.make_bot(spec)                              # an unknown name fails here, before any game (no program starts)
    progress = not args.json and sys.stderr.isatty()
    if args.challengers is not None:
        _round(args, bots, seeds, game, out)
        return

    if args.sprt is not None:                    # one deal at a time, until the test decides
        from ..arena import sequential

        report = sequential(args.challenger, panel, args.sprt, seed=seeds[0] if seeds else 1, game=kind,
                            max_deals=10_000 if args.deals is None else args.deals, move_seconds=args.move_seconds)
        print(report.to_json() if args.json else report.table(), file=out)
        return

    def run(executor: Executor | None) -> ArenaReport:
        return duplicate(args.challenger, panel, deals=args.deals, seeds=seeds, executor=executor, game=kind,
                         progress=progress, move_seconds=args.move_seconds)

    report = _with_jobs(args.jobs, run)
    print(report.to_json() if args.json else report.table(), file=out)


def _round(args: argparse.Namespace, bots: list[str], seeds: list[int], game: str, out: TextIO) -> None:
    """``phom arena --challengers``: the round's crosstable and ratings (and its page with ``--html``)."""
    from ..tournament import Crosstable, round_robin

    def run(executor: Executor | None) -> Crosstable:
        return round_robin(bots, game=game, deals=args.deals, seeds=seeds, executor=executor,
                           move_seconds=args.move_seconds)

    crosstable = _with_jobs(args.jobs, run)
    if args.html is not None:
        with open(args.html, "w", encoding="utf-8") as page:
            page.write(crosstable.to_html())
    print(crosstable.to_json() if args.json else crosstable.table(), file=out)


_T = TypeVar("_T")


def _with_jobs(jobs: int, run: Callable[[Executor | None], _T]) -> _T:
    """``run`` on a pool of ``jobs`` worker processes, or in this process (``None``) for one job."""
    if jobs <= 1:
        return run(None)
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(jobs) as pool:
        return run(pool)


def _read_record(path: str, stdin: TextIO, lang: str = "en") -> str:
    if path == "-":
        return stdin.read()
    if not os.path.exists(path):
        raise CommandError(translator(lang)("no such file: {file}").format(file=path))
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def _replay(args: argparse.Namespace, out: TextIO, stdin: TextIO, lang: str) -> None:
    """``phom replay``: a record of any game with a terminal table (its ``format`` names the game; one that
    names none is read as the parser's game), checked move by move and printed turn by turn."""
    lang = pick_language(args.lang)
    text = _read_record(args.file, stdin, lang)
    _ = translator(lang)
    paint = Painter(stream=out)
    kind = _record_kind(text, game_kind(args.game))
    terminal = terminal_of(kind)
    game = kind.from_record(text)
    hands, said = terminal.dealt_hands(game), terminal.replayed_moves(game, lang)
    print(own_words(terminal, lang)(terminal.replay_title).format(players=game.rules.players, seat=game.leader + 1), file=out)
    for p, hand in enumerate(hands):
        print("  " + _("Seat {seat}: {cards}").format(seat=p + 1, cards=paint.cards(hand)), file=out)
    for move, ((p, _action), words) in enumerate(zip(game.history, said), start=1):  # numbered as phom review numbers moves
        print(f"{move:4d}. " + _("Seat {seat}: {cards}").format(seat=p + 1, cards=words), file=out)
    print(terminal.replay_result(game, lang), file=out)


def _record_kind(text: str, default: GameKind) -> GameKind:
    """The registered game whose ``format`` a JSON record names; ``default`` when it names none of theirs
    (that game's reading of it then says what is wrong)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return default
    try:
        return kind_of_record(data)
    except ValueError:
        return default


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
