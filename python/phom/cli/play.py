"""``phom play`` and ``phom tienlen play``: a full game against bots in the terminal, driven by lines of
input, one loop for every game (``play_game``): what is the game's own (its table, help, moves' labels,
hints, result) it asks of the game's ``terminal()`` (``phom.games.GameTerminal``).

Type a move as the list or a hint says it (``Đánh K♠``, ``Hạ phỏm``, ``draw``, ``eat 7H``, ``lay 5H 6H 7H``,
``send 8H to seat 2 phỏm 1``, ``K bích``; see ``phom.cli.moves``) or its number from the list, ``?`` for
a hint, ``??`` for a hint that looks ahead (half a second of whole-game playouts), ``q`` to quit.
Seats and laid phỏm are numbered from 1, as the player reads them.

>>> import io
>>> from phom.cli.play import play_interactive
>>> out = io.StringIO()
>>> play_interactive(players=2, seed=1, bots="greedy", seat=1, stdin=io.StringIO("1\\n" * 60), stdout=out)
>>> "Net:" in out.getvalue()
True
>>> out = io.StringIO()
>>> play_interactive(players=2, seed=1, bots="greedy", seat=1, stdin=io.StringIO("1\\n" * 60), stdout=out, lang="vi")
>>> "Lượt của bạn" in out.getvalue() and "Tổng:" in out.getvalue()
True
"""

from __future__ import annotations

import json
import queue
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TextIO

from ..levels import LEVELS, level_number, level_of
from ..cards import CardError
from ..external import DEFAULT_MOVE_SECONDS
from ..clock import PACE_SECONDS, STANDIN
from ..games import DEFAULT_GAME, GameKind, GameTerminal, game_kind, own_words
from ..hooks import announce_end, announce_start, close_bots
from ..language import translator
from ..moved import forwarding
from ..refusals import IllegalAction, Refusal
from .moves import CountedFromOne, fold, matching, spelled
from .render import Painter, terminal_width, wrap

__all__ = ["HELP", "Console", "QuitGame", "Table", "TimeRanOut", "TurnClock", "advice_line", "bot_label",
           "bot_seats", "clocked_record", "play_game", "play_interactive", "play_until_over", "player_of", "read_move",
           "said_move", "save_record", "seat_bots", "terminal_of"]


#: Phỏm's terminal words, read from its folder (``phom.phom.terminal``) by their old names here
__getattr__ = forwarding(__name__, {"HELP": "phom.phom.terminal", "said_move": "phom.phom.terminal"})

#: what the terminal shows when it waits for a move
PROMPT = "> "


class QuitGame(Exception):
    """The person typed q."""


class TimeRanOut(Exception):
    """The person's turn had a clock, and it ran out before a move was typed."""


class Console:
    """Lines out, lines in (with a prompt); ``tr`` gives a text in the person's language. With a
    ``deadline`` (``time.monotonic()`` seconds), ``read`` waits for a line only until then (TimeRanOut)."""

    def __init__(self, stdin: TextIO, stdout: TextIO, lang: str = "en", width: int | None = None) -> None:
        self.stdin, self.stdout, self.lang = stdin, stdout, lang
        self.tr = translator(lang)
        self.width = width or terminal_width(stdout)
        self.deadline: float | None = None
        self._lines: queue.Queue[str | None] | None = None     # lines read ahead by a thread (clocked)
        self._after_prompt = False       # the prompt "> " is on the line and no echoed Enter ended it (a pipe)

    def say(self, text: str = "") -> None:
        """A line (or lines) for the person, broken between words to fit the terminal's width (after a
        prompt that input from a pipe left on the line, the first line fits beside it)."""
        if self.width is not None:
            room = PROMPT if self._after_prompt else ""
            text = wrap(room + text, self.width)[len(room):]
        self._after_prompt = False
        print(text, file=self.stdout)

    def cards(self, count: int) -> str:
        """``1 card``, ``9 cards`` (a seat's hand) in the person's language."""
        return self.tr("1 card") if count == 1 else self.tr("{count} cards").format(count=count)

    def read(self) -> str:
        print(PROMPT, end="", file=self.stdout, flush=True)
        self._after_prompt = not (hasattr(self.stdin, "isatty") and self.stdin.isatty())
        if self._lines is None:
            line = self.stdin.readline()
            if not line:
                raise ValueError(self.tr("input ended before the game did"))
            return line.strip()
        wait = None if self.deadline is None else max(0.0, self.deadline - time.monotonic())
        try:
            said = self._lines.get(timeout=wait)
        except queue.Empty:
            print(file=self.stdout, flush=True)
            self._after_prompt = False
            raise TimeRanOut from None
        if said is None:
            raise ValueError(self.tr("input ended before the game did"))
        return said.strip()

    def clocked(self) -> None:
        """Read the input's lines in a thread of their own from now on, so that a turn's clock can wait
        for one (on any system, from a terminal, a pipe or a file)."""
        lines: queue.Queue[str | None] = queue.Queue()

        def reading() -> None:
            while True:
                line = self.stdin.readline()
                lines.put(line or None)
                if not line:
                    return

        self._lines = lines
        threading.Thread(target=reading, name="phom-input", daemon=True).start()

    def typed(self, seconds: float = 0.0) -> bool:
        """Whether the person has typed something not yet read, waiting up to ``seconds`` for it (an away
        seat's turn is paced so, as at a hosted table: time to type, and to follow the game)."""
        deadline = time.monotonic() + seconds
        while self._lines is not None and self._lines.empty() and time.monotonic() < deadline:
            time.sleep(0.05)
        return self._lines is not None and not self._lines.empty()


def bot_seats(bots: str | None, players: int, seat: int, lang: str = "en") -> dict[int, str]:
    """Which bot (by name) plays each seat but the person's: ``--bots`` names one per other seat, or
    one for all (default greedy); a level may be written as its number alone (``3`` is ``level:3``).

    >>> bot_seats("random", 3, 1), bot_seats("greedy,search", 3, 0), bot_seats("2, 8", 3, 0)
    ({0: 'random', 2: 'random'}, {1: 'greedy', 2: 'search'}, {1: 'level:2', 2: 'level:8'})
    >>> bot_seats("9", 2, 0, "vi")
    Traceback (most recent call last):
    ...
    ValueError: --bots 9: chỉ có cấp 1 đến 8
    """
    if not 0 <= seat < players:                 # the person counts seats from 1
        raise ValueError(translator(lang)("--seat {seat} is not a seat from 1 to {players}").format(
            seat=seat + 1, players=players))
    specs = [f"level:{s.strip()}" if s.strip().isdigit() else s for s in (bots or "greedy").split(",") if s.strip()]
    for spec in specs:                          # a level typed as its number: said back as the number typed
        if spec.startswith("level:") and spec[6:].isdigit() and not 1 <= int(spec[6:]) <= len(LEVELS):
            _ = translator(lang)
            raise ValueError(_("--bots {level}: the levels are 1 to {most}").format(level=spec[6:], most=len(LEVELS)))
    if len(specs) == 1:
        specs = specs * (players - 1)
    if len(specs) != players - 1:
        raise ValueError(translator(lang)("--bots names {named} bots; {players} players need {needed} (or one for all)"
                                          ).format(named=len(specs), players=players, needed=players - 1))
    return dict(zip((p for p in range(players) if p != seat), specs))


def bot_label(spec: str, bot: Any, lang: str = "en", game: str = DEFAULT_GAME) -> str:
    """How the terminal names a seat's bot: a level by its number and name, a style by the level that
    plays like it (in Vietnamese, where a player says the level, not the style), any other bot by its name.

    >>> from phom.bots import make_bot
    >>> bot_label("level:8", None, "vi"), bot_label("greedy", make_bot("greedy"), "vi"), bot_label("greedy", None)
    ('Cấp 8 · Cao thủ', 'Cấp 4 · Khá', 'greedy (Level 4 · Intermediate)')
    """
    number = level_number(spec)
    named = str(getattr(bot, "name", spec))
    _ = translator(lang)
    if number is None:
        number = level_of(game, spec.strip().lower())
        if number is None:
            return named
        if lang != "vi":
            return _("{bot} ({level})").format(bot=named, level=bot_label(f"level:{number}", None, lang))
    return _("Level {number} · {name}").format(number=number, name=LEVELS[number - 1].name(lang))


class Table(Protocol):
    """What the terminal loop needs of a game (Phỏm's ``Game``, ``TienLenGame``)."""

    @property
    def is_over(self) -> bool: ...
    @property
    def to_move(self) -> int | None: ...
    def view(self, player: int) -> Any: ...
    def apply(self, action: Any) -> None: ...


@dataclass
class TurnClock:
    """The terminal's clock: ``seconds`` a turn; when they run out, ``standin`` (the service's stand-in,
    ``phom.clock.STANDIN``) plays the person's turn, and the next ones at once until the person types
    again. ``played``: the versions of the moves it made (the record's ``history`` marks them)."""

    seconds: int
    standin: Any
    away: bool = False
    played: set[int] = field(default_factory=set)


def play_until_over(game: Table, seat: int, seated: Mapping[int, Any], human_turn: Callable[[], None],
                    console: Console, describe: Callable[[Any], str], clock: TurnClock | None = None,
                    moments: Callable[[], list[dict[str, Any]]] | None = None) -> bool:
    """Bots (``act(view)``) move and say their moves; at the person's seat ``human_turn`` runs (with a
    ``clock``, until the turn's time runs out: the stand-in plays the rest); after every move, the big
    ``moments`` it made (a gửi, an ăn chốt, a chặt, ù …, the game's own words) are said too. False when
    the person quit."""
    say, _ = console.say, console.tr
    announce_start(seated, game, 1)
    last: int | None = None
    told = 0

    def tell_moments() -> None:
        nonlocal told
        if moments is not None:
            found = moments()
            for moment in found[told:]:
                say("  ★ " + moment["text"])
            told = len(found)

    try:
        while True:
            tell_moments()
            if game.is_over:
                break
            p = game.to_move
            assert p is not None
            if p != seat:
                action = seated[p].act(game.view(p))
                game.apply(action)
                say("  " + _("Seat {seat}: {move}").format(seat=p + 1, move=describe(action)))
                last = p
                continue
            if clock is not None and clock.away and console.typed(PACE_SECONDS if last != seat else 0.0):
                clock.away = False
                say(_("You are back: your turns are yours again."))
                last = None
            if clock is not None and clock.away:
                clock.played.add(len(getattr(game, "history", ())))
                action = clock.standin.act(game.view(p))
                game.apply(action)
                say("  " + _("You (the stand-in played it): {move}").format(move=describe(action)))
                last = p
                continue
            if clock is not None and last != seat:
                console.deadline = time.monotonic() + clock.seconds
                say(_("Your turn ({seconds} seconds).").format(seconds=clock.seconds))
            try:
                human_turn()
            except TimeRanOut:
                clock_ = clock
                assert clock_ is not None
                clock_.away = True
                say(_("Time is up: the stand-in plays your turn, and the next ones until you type something."))
            last = p
    except QuitGame:
        say(_("You left the game."))
        return False
    finally:
        console.deadline = None
    announce_end(seated, game)
    return True


def clocked_record(record: str, history: Sequence[tuple[int, Any]], clock: TurnClock | None) -> str:
    """A finished game's record with the clock's ``turn_seconds`` and a ``history`` (each action's seat,
    ``"by": "clock"`` where the stand-in played it), as the service's records have; without a clock, as it was.

    >>> clocked_record('{"actions": ["draw"]}', [(0, "draw")], TurnClock(30, None, played={0}))
    '{"actions": ["draw"], "turn_seconds": 30, "history": [{"player": 0, "action": "draw", "by": "clock"}]}'
    """
    if clock is None:
        return record
    data = json.loads(record)
    data["turn_seconds"] = clock.seconds
    data["history"] = [{"player": p, "action": str(a), **({"by": "clock"} if v in clock.played else {})}
                       for v, (p, a) in enumerate(history)]
    return json.dumps(data, ensure_ascii=False)


def seat_bots(specs: Mapping[int, str], make: Callable[..., Any], seed: int | None, move_seconds: float, lang: str,
              command: str) -> dict[int, Any]:
    """The bot of each seat by its name (``make``, seeded by the seat); a name no bot answers to is said in
    the person's words, pointing at the command's help, and no bot is left running."""
    seated: dict[int, Any] = {}
    for p, spec in specs.items():
        try:
            seated[p] = make(spec, seed=(seed or 0) + p, move_seconds=move_seconds)
        except ValueError:
            close_bots(seated.values())
            raise ValueError(translator(lang)("no bot is called “{name}”: the names are in “{command} --help”, "
                                              "under --bots").format(name=spec.strip(), command=command)) from None
    return seated


def terminal_of(kind: GameKind) -> GameTerminal:
    """The game's terminal; a ValueError (one line) when the game has no table there.

    >>> terminal_of(game_kind("phom")).command
    'phom play'
    """
    terminal = kind.terminal()
    if terminal is None:
        raise ValueError(f"{kind.title} has no terminal table: it is played through the API and the page")
    return terminal


def play_game(kind: GameKind, *, players: int, seed: int | None, bots: str | None, seat: int, stdin: TextIO,
              stdout: TextIO, lang: str = "en", move_seconds: float = DEFAULT_MOVE_SECONDS, save: str | None = None,
              turn_seconds: int | None = None) -> None:
    """Play one game of ``kind``: the person at ``seat`` types moves, bots play the other seats (``cmd:``
    ones allowed ``move_seconds`` an answer, ended with the game); the words in ``lang`` (``"en"`` or
    ``"vi"``); the finished game's record written to ``save`` (what ``phom review`` and ``phom replay``
    read). ``turn_seconds``: the person's clock (none by default), as at a hosted table (``TurnClock``)."""
    terminal = terminal_of(kind)
    rules = terminal.rules(players)
    specs = bot_seats(bots, players, seat, lang)

    def make(spec: str, seed: int | None, move_seconds: float) -> Any:
        return kind.seeded_bot(spec, seed, move_seconds=move_seconds)

    seated = seat_bots(specs, make, seed, move_seconds, lang, terminal.command)
    clock = None if turn_seconds is None else TurnClock(turn_seconds, kind.make_bot(STANDIN))
    try:
        _play_game(kind, terminal, rules, seed, seat, specs, seated, stdin, stdout, lang, save, clock)
    finally:
        close_bots(seated.values())


class GamePlayer(Protocol):
    """``play_game`` for one game: what ``player_of`` gives."""

    def __call__(self, *, players: int, seed: int | None, bots: str | None, seat: int, stdin: TextIO,
                 stdout: TextIO, lang: str = "en", move_seconds: float = DEFAULT_MOVE_SECONDS,
                 save: str | None = None, turn_seconds: int | None = None) -> None: ...


def player_of(game: str) -> GamePlayer:
    """``play_game`` for the registered game called ``game`` (read when it is called): the person at
    ``seat`` types moves, bots play the other seats (``cmd:`` ones allowed ``move_seconds`` an answer, ended
    with the game); the words in ``lang``; the finished game's record written to ``save``; ``turn_seconds``:
    the person's clock (none by default).

    >>> import io
    >>> out = io.StringIO()
    >>> player_of("tienlen")(players=4, seed=3, bots="greedy", seat=0, stdin=io.StringIO("1\\n" * 80), stdout=out)
    >>> "Net:" in out.getvalue()
    True
    """
    def play(*, players: int, seed: int | None, bots: str | None, seat: int, stdin: TextIO, stdout: TextIO,
             lang: str = "en", move_seconds: float = DEFAULT_MOVE_SECONDS, save: str | None = None,
             turn_seconds: int | None = None) -> None:
        play_game(game_kind(game), players=players, seed=seed, bots=bots, seat=seat, stdin=stdin, stdout=stdout,
                  lang=lang, move_seconds=move_seconds, save=save, turn_seconds=turn_seconds)

    play.__doc__ = f"One game of {game} against bots in the terminal (``phom.cli.play.player_of``)."
    return play


#: ``phom play``: one game of the default game, Phỏm (``play_game``)
play_interactive = player_of(DEFAULT_GAME)


def _play_game(kind: GameKind, terminal: GameTerminal, rules: Any, seed: int | None, seat: int, specs: dict[int, str],
               seated: dict[int, Any], stdin: TextIO, stdout: TextIO, lang: str, save: str | None,
               clock: TurnClock | None) -> None:
    players = rules.players
    others = list(seated)
    game = terminal.new_game(rules, seed)
    paint = Painter(stream=stdout)

    console = Console(stdin, stdout, lang)
    if clock is not None:
        console.clocked()
    say, _ = console.say, console.tr
    own = own_words(terminal, lang)             # the game's texts, in its own words where it has them

    say(own(terminal.opening).format(
        players=players, seat=seat + 1,
        bots=", ".join(_("seat {seat} {bot}").format(seat=p + 1, bot=bot_label(specs[p], seated[p], lang, kind.name))
                       for p in others)))
    say(own(terminal.help))
    for line in terminal.opening_lines(game, seat, lang):
        say(line)

    def describe(action: Any) -> str:
        return terminal.move_text(game, action, paint, lang)

    def advise(search: bool) -> str:
        return advice_line(*terminal.advice(game, seat, search, paint, lang))

    def turn() -> None:
        for line in terminal.table_lines(game, seat, paint, lang):
            say(line)
        read_move(console, own(terminal.help), terminal.moves(game), kind.parse_action, game.apply, advise, describe,
                  game=kind.name)

    if play_until_over(game, seat, seated, turn, console, describe=describe, clock=clock,
                       moments=lambda: terminal.moments(game, seat, lang)):
        for line in terminal.result_lines(game, seat, lang):
            say(line)
        save_record(clocked_record(game.to_json(), game.history, clock), save, console, seat)
    elif save is not None:
        say(_("The game did not finish: no record written."))


def save_record(record: str, path: str | None, console: Console, seat: int | None = None) -> None:
    """Write a finished game's ``record`` to ``path`` (nothing when None) and tell the person how to read it
    (the review told which ``seat`` was theirs, so it calls that seat "you")."""
    if path is None:
        return
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(record + "\n")
    _ = console.tr
    console.say(_("Record written to {file}:\n  {review}   weighs every move\n  {replay}   shows the game again").format(
        file=path, review=f"phom review {path}" + ("" if seat is None else f" --you {seat + 1}"),
        replay=f"phom replay {path}"))


def advice_line(label: str, reason: str) -> str:
    """A hint's line: the move, then why, the move said once when the reason starts with it.

    >>> advice_line("Đánh K♥", "Đánh K♥: nhà dưới có thể ăn lá này."), advice_line("J♠", "ít lượt nhất")
    ('Đánh K♥: nhà dưới có thể ăn lá này.', 'J♠ — ít lượt nhất')
    """
    return reason if fold(reason).startswith(fold(label)) else f"{label} — {reason}"


def read_move(console: Console, help_text: str, legal: Sequence[Any], parse: Callable[[str], Any],
              apply: Callable[[Any], None], advise: Callable[[bool], str], describe: Callable[[Any], str],
              game: str = DEFAULT_GAME) -> None:
    """Read lines until one move is applied: a number from the ``legal`` list, or what the player
    types (``phom.cli.moves``: every label the game prints, cards as players say them); a phrase that
    fits several moves lists them to choose by number. ``?`` / ``??`` print ``advise(look_ahead)``,
    ``h`` the help, ``q`` quits (QuitGame). A move not on offer but typed exactly goes through ``parse``
    (the game's notation) to the referee, whose reason is printed before asking again."""
    say, _ = console.say, console.tr
    choices: Sequence[Any] = legal          # what a number picks: the list, or the moves a phrase fitted
    while True:
        text = console.read()
        if not text:
            continue
        if text.lower() in ("q", "quit", "exit"):
            raise QuitGame
        if text.lower() in ("h", "help"):
            say(help_text)
            continue
        if text in ("?", "??"):
            say(_("Hint: {advice}").format(advice=advise(text == "??")))
            continue
        try:
            if text.rstrip(").").isdigit():        # 3, or 3) as the list prints it
                number = int(text.rstrip(")."))
                if not 1 <= number <= len(choices):
                    say(_("Not a move: there is only move 1, type 1.") if len(choices) == 1
                        else _("Not a move: choose 1 to {count}.").format(count=len(choices)))
                    continue
                action = choices[number - 1]
            else:
                choices = legal
                fitting = matching(text, legal)
                if len(fitting) > 1:
                    choices = fitting
                    say(_("“{text}” fits {count} moves: {list}. Which one? Type its number.").format(
                        text=text, count=len(fitting),
                        list="  ".join(f"{i}) {describe(a)}" for i, a in enumerate(fitting, start=1))))
                    continue
                if fitting:
                    action = fitting[0]
                else:
                    exact = spelled(text, game)
                    if exact is None:
                        say(_("No move on offer fits “{text}”: type a move from the list, its number, or h "
                              "for help.").format(text=text))
                        continue
                    action = parse(exact)
            apply(action)
        except IllegalAction as exc:
            say(_("Not allowed: {reason}").format(reason=exc.text(console.lang)))
            continue
        except CardError as exc:               # a card typed wrong: not understood, said in the player's words
            say(_("Not understood: {reason}").format(reason=exc.text(console.lang) if exc.code != "bad_cards"
                                                    else exc))
            continue
        except Refusal as exc:
            say(_("Not allowed: {reason}").format(reason=exc.text(console.lang)))
            continue
        except CountedFromOne:
            say(_("Seats and phỏm are counted from 1, as the table shows them: {example}.").format(
                example=_("send 8H to seat 2 phỏm 1")))
            continue
        except ValueError as exc:              # the parser's reason is English: a vi player is told what to type
            say(_("Not understood: {reason}").format(reason=exc) if console.lang == "en" else
                _("Not understood: “{text}”. Type a move from the list, its number, or h for help.").format(text=text))
            continue
        say("  " + _("You: {move}").format(move=describe(action)))
        return
