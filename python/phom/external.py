"""Bots from outside: a program in any language plays a seat through the bot protocol, version 1.

JSON Lines over the program's stdin and stdout, UTF-8, one object a line. The engine sends
``{"type": "start", "protocol": 1, "game": "phom" | "tienlen", "seat": S, "rules": {...}}`` before each
game, ``{"type": "act", "view": {...}, "legal": ["draw", "eat 5H", ...]}`` at each decision (the seat's
view as ``GET /api/games/{id}`` gives it, never another seat's hidden cards) and
``{"type": "end", "result": {...}}`` after it; the program answers each ``act`` with
``{"action": TEXT}``, one of ``legal``. The JSON Schemas of the four messages ship in ``phom/protocol``
(``schema(name)``).

``make_bot("cmd:COMMAND")`` and ``make_tienlen_bot("cmd:COMMAND")`` give an ``ExternalBot``: COMMAND is
split like a shell line and started when the bot's first game begins, in a process group of its own,
its stderr appended to a log; it is kept for every later game and ended by ``close()`` (or at exit). A
copy of the bot (the loops copy their bots for every game) shares its programs: one program a seat it
holds at once. An answer later than ``move_seconds``, one that is not JSON ``{"action": TEXT}``, an
action not in ``legal`` or a program that exits is a fault: the program and its children are killed
and ``BotFault`` is raised with one line naming the bot, the game, the decision and what it answered.

A hosted server never starts a program: ``is_external(name)`` tells such a name.

>>> is_external("cmd:./mybot --fast"), is_external("greedy")
(True, False)
>>> external_command("cmd:node bots/first.js 'two words'")
['node', 'bots/first.js', 'two words']
>>> sorted(schema("act")["required"])
['legal', 'type', 'view']
"""

from __future__ import annotations

import atexit
import json
import os
import select
import shlex
import signal
import subprocess
import tempfile
import time
import weakref
from collections.abc import Sequence
from importlib import resources
from typing import Any

from .games import GAMES as REGISTERED
from .games import DEFAULT_GAME, game_kind
from .version import PACKAGE

__all__ = ["DEFAULT_MOVE_SECONDS", "GAMES", "MESSAGES", "PROTOCOL", "BotFault", "ExternalBot", "check_jobs",
           "external_command", "is_external", "schema"]

#: The protocol's version, sent in every ``start``.
PROTOCOL = 1
#: Seconds a program has to answer one ``act`` (``--move-seconds``).
DEFAULT_MOVE_SECONDS = 2.0
#: The games a program may play, as ``start`` names them: the registry (``phom.games.GAMES``), by name.
GAMES = REGISTERED
#: The protocol's messages, each with a schema ``phom/protocol/NAME.schema.json``.
MESSAGES = ("start", "act", "end", "answer")
#: The longest line a program may answer, in bytes.
MAX_ANSWER_BYTES = 1 << 16
#: Seconds a program is given to exit after its stdin closes, before its process group is killed.
CLOSE_GRACE_SECONDS = 1.0
_PREFIX = "cmd:"


class BotFault(RuntimeError):
    """An external bot broke the protocol; the message is one line: the bot, the game, the decision,
    what it answered and where its stderr is."""


def is_external(spec: object) -> bool:
    """True for a bot name that starts a program (``cmd:…``, any case, spaces around it): what a server
    must refuse.

    >>> is_external(" CMD:python3 bot.py"), is_external("level:3"), is_external(None)
    (True, False, False)
    """
    return isinstance(spec, str) and spec.strip().lower().startswith(_PREFIX)


def external_command(spec: str) -> list[str]:
    """The program and its arguments of a ``cmd:COMMAND`` name, split like a shell line (no shell runs).

    >>> external_command("cmd:perl examples/bots/first.pl")
    ['perl', 'examples/bots/first.pl']
    """
    if not is_external(spec):
        raise ValueError(f"bot {spec!r} is not an external bot: write cmd:COMMAND, e.g. cmd:node bot.js")
    try:
        argv = shlex.split(spec.strip()[len(_PREFIX):])
    except ValueError as exc:
        raise ValueError(f"bot {spec!r}: the command cannot be split like a shell line ({exc})") from None
    if not argv:
        raise ValueError(f"bot {spec!r} names no program: write cmd:COMMAND, e.g. cmd:node bot.js")
    return argv


def check_jobs(specs: Sequence[str], jobs: int) -> None:
    """Refuse worker processes for a table with external bots: their programs belong to this process.

    >>> check_jobs(["greedy", "cmd:node bot.js"], 1)
    >>> check_jobs(["cmd:node bot.js"], 2)
    Traceback (most recent call last):
    ...
    ValueError: --jobs 2 cannot play cmd:node bot.js: an external bot's program belongs to the process that started it; use --jobs 1
    """
    for spec in specs:
        if jobs > 1 and is_external(spec):
            raise ValueError(f"--jobs {jobs} cannot play {spec.strip()}: an external bot's program belongs to the "
                             "process that started it; use --jobs 1")


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema of one protocol message (``MESSAGES``), as shipped in the package."""
    if name not in MESSAGES:
        raise ValueError(f"no protocol message {name!r}: choose from {', '.join(MESSAGES)}")
    text = resources.files(PACKAGE).joinpath("protocol", f"{name}.schema.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


class _Broken(Exception):
    """The program did not keep the protocol; the text says how."""


_LIVE: weakref.WeakSet[_Program] = weakref.WeakSet()


class _Program:
    """One running copy of a bot's program, its pipes non-blocking and read with deadlines."""

    def __init__(self, argv: Sequence[str], label: str, log_dir: str | None) -> None:
        directory = log_dir or os.path.join(tempfile.gettempdir(), "phom-bots")
        os.makedirs(directory, exist_ok=True)
        handle, self.log_path = tempfile.mkstemp(prefix="bot-", suffix=".log", dir=directory)
        try:
            self.process = subprocess.Popen(list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=handle,
                                            start_new_session=True, bufsize=0, close_fds=True)
        except OSError as exc:
            raise ValueError(f"bot {label}: cannot start {argv[0]!r}: {exc.strerror or exc}") from None
        finally:
            os.close(handle)
        assert self.process.stdin is not None and self.process.stdout is not None
        self.stdin, self.stdout = self.process.stdin.fileno(), self.process.stdout.fileno()
        os.set_blocking(self.stdin, False)
        os.set_blocking(self.stdout, False)
        self.buffer = bytearray()
        _LIVE.add(self)

    def exit_text(self) -> str:
        try:
            code = self.process.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            return "closed its output"
        return f"exited (code {code})" if code >= 0 else f"was ended by signal {-code}"

    def send(self, message: dict[str, Any], seconds: float) -> None:
        data = (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
        deadline = time.monotonic() + seconds
        while data:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([], [self.stdin], [], left)[1]:
                raise _Broken(f"did not read its input within {seconds:g} s")
            try:
                data = data[os.write(self.stdin, data):]
            except BrokenPipeError:
                raise _Broken(self.exit_text()) from None

    def receive(self, seconds: float) -> bytes:
        deadline = time.monotonic() + seconds
        while b"\n" not in self.buffer:
            if len(self.buffer) > MAX_ANSWER_BYTES:
                raise _Broken(f"answered a line longer than {MAX_ANSWER_BYTES} bytes")
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.stdout], [], [], left)[0]:
                raise _Broken(f"gave no answer within {seconds:g} s"
                              + (f" (wrote {bytes(self.buffer[:80])!r} without an end of line)" if self.buffer else ""))
            chunk = os.read(self.stdout, 65536)
            if not chunk:
                said = f" after writing {bytes(self.buffer[:80])!r}" if self.buffer else ""
                raise _Broken(f"{self.exit_text()} before answering{said}")
            self.buffer += chunk
        line, _, rest = bytes(self.buffer).partition(b"\n")
        self.buffer = bytearray(rest)
        return line

    def kill(self) -> None:
        """End the program's whole process group now and reap it."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self.process.wait()
        self._close_pipes()

    def end(self) -> None:
        """Close its stdin, give it ``CLOSE_GRACE_SECONDS`` to exit, then end its process group."""
        try:
            os.close(self.stdin)
        except OSError:
            pass
        try:
            self.process.wait(timeout=CLOSE_GRACE_SECONDS)
        except subprocess.TimeoutExpired:
            pass
        self.kill()

    def _close_pipes(self) -> None:
        for stream in (self.process.stdin, self.process.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        _LIVE.discard(self)


@atexit.register
def _end_all() -> None:
    for program in list(_LIVE):
        program.kill()


class _Programs:
    """The programs of one bot and its copies: a free one is reused for the next game."""

    def __init__(self, argv: Sequence[str], label: str, log_dir: str | None) -> None:
        self.argv, self.label, self.log_dir = list(argv), label, log_dir
        self.free: list[_Program] = []
        self.running: list[_Program] = []

    def take(self) -> _Program:
        if self.free:
            return self.free.pop()
        program = _Program(self.argv, self.label, self.log_dir)
        self.running.append(program)
        return program

    def give_back(self, program: _Program) -> None:
        self.free.append(program)

    def drop(self, program: _Program) -> None:
        program.kill()
        for pool in (self.free, self.running):
            if program in pool:
                pool.remove(program)

    def close(self) -> None:
        for program in self.running:
            program.end()
        self.free.clear()
        self.running.clear()


def _shown(line: bytes) -> str:
    text = line.decode("utf-8", "backslashreplace")
    return repr(text if len(text) <= 120 else text[:120] + "…")


class ExternalBot:
    """A program that plays through the bot protocol (``phom.external``); ``game`` is a registered
    game's name (``"phom"``, ``"tienlen"``, …). Its programs start with its first game and end with ``close()``.

    >>> bot = ExternalBot(["python3", "-c", "pass"], "phom", move_seconds=0.5)
    >>> bot.name, bot.move_seconds
    ('cmd:python3 -c pass', 0.5)
    >>> bot.close()
    """

    def __init__(self, command: Sequence[str], game: str = DEFAULT_GAME, *, move_seconds: float = DEFAULT_MOVE_SECONDS,
                 name: str | None = None, log_dir: str | None = None) -> None:
        if game not in GAMES:
            raise ValueError(f"game {game!r} is not one of {', '.join(GAMES)}")
        if isinstance(move_seconds, bool) or not isinstance(move_seconds, (int, float)) or not 0 < move_seconds <= 3600:
            raise ValueError(f"move_seconds {move_seconds!r} must be a number of seconds above 0 (at most 3600)")
        if not command:
            raise ValueError("an external bot needs a command")
        self.command, self.game, self.move_seconds = list(command), game, float(move_seconds)
        self.name = name or _PREFIX + shlex.join(self.command)
        self._programs = _Programs(self.command, self.name, log_dir)
        self._program: _Program | None = None
        self._seat = -1
        self._number = 0
        self._decisions = 0
        self._games = 0
        self._seed: int | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> ExternalBot:
        twin = object.__new__(ExternalBot)
        twin.__dict__.update(self.__dict__)
        twin._program, twin._seat, twin._decisions = None, -1, 0
        return twin

    def __reduce__(self) -> Any:
        raise TypeError(f"bot {self.name} runs a program of this process and cannot be sent to a worker process: "
                        "play external bots with --jobs 1")

    def _fault(self, program: _Program, what: str) -> BotFault:
        self._programs.drop(program)
        self._program = None
        return BotFault(f"bot {self.name} (seat {self._seat}), game {self._number}, decision {self._decisions}: "
                        f"{what}; its stderr is in {program.log_path}")

    def reseed(self, seed: int) -> None:
        """The seed the loop gives this seat for its next game, sent in ``start`` (``"seed"``) so that a
        program that draws at random can play the same game again."""
        self._seed = int(seed)

    def game_started(self, game: Any, seat: int, number: int) -> None:
        """Take a program for ``seat`` of ``game`` (the ``number``-th game of the loop) and send it ``start``."""
        self._begin(seat, number, game.rules.to_dict())

    def _begin(self, seat: int, number: int, rules: dict[str, Any]) -> _Program:
        if self._program is not None:
            self._programs.give_back(self._program)
        program = self._programs.take()
        self._program, self._seat, self._number, self._decisions = program, seat, number, 0
        start = {"type": "start", "protocol": PROTOCOL, "game": self.game, "seat": seat, "rules": rules}
        if self._seed is not None:
            start["seed"] = self._seed
        try:
            program.send(start, self.move_seconds)
        except _Broken as exc:
            raise self._fault(program, f"at the start of the game it {exc}") from None
        return program

    def act(self, view: Any) -> Any:
        """Send ``act`` with the view and the legal action texts; the action the program answers."""
        program = self._program
        if program is None:                        # a loop without game_started: the game starts here
            self._games += 1
            program = self._begin(view.player, self._games, view.rules.to_dict())
        self._decisions += 1
        kind = game_kind(self.game)
        shown = kind.view_data(view)
        legal = [entry["text"] for entry in shown["legal_actions"]]
        try:
            program.send({"type": "act", "view": shown, "legal": legal}, self.move_seconds)
            line = program.receive(self.move_seconds)
        except _Broken as exc:
            raise self._fault(program, f"it {exc}") from None
        try:
            answer = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise self._fault(program, f"it answered {_shown(line)}, which is not a JSON object "
                                       '{"action": TEXT}') from None
        text = answer.get("action") if isinstance(answer, dict) else None
        if not isinstance(text, str):
            raise self._fault(program, f"it answered {_shown(line)}, which has no \"action\" text")
        if text not in legal:
            choices = ", ".join(legal[:6]) + (", …" if len(legal) > 6 else "")
            raise self._fault(program, f"it answered {text!r}, not one of the {len(legal)} legal actions ({choices})")
        return kind.parse_action(text)

    def game_ended(self, game: Any, seat: int) -> None:
        """Send ``end`` with the result and free the program for the next game."""
        program = self._program
        if program is None or game.result is None:
            return
        result = {**game.result.to_dict(), "winner": game.result.winner, "final_hands": [h.codes for h in game.hands]}
        try:
            program.send({"type": "end", "result": result}, self.move_seconds)
        except _Broken as exc:
            raise self._fault(program, f"at the end of the game it {exc}") from None
        self._programs.give_back(program)
        self._program = None

    def close(self) -> None:
        """End every program of this bot and its copies (stdin closed, then the process group killed)."""
        self._program = None
        self._programs.close()
