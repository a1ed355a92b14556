"""``phom bot play URL GAME_ID --bot SPEC [--series N]``: any bot (ours, ``level:N``, ``cmd:…``) plays
the seat whose token is in ``PHOM_TOKEN`` at a hosted table, through the public API (``phom.client``).

The seat's views come over the WebSocket (reconnecting with ``since`` after a drop or a restarted
server); each is rebuilt into the view the bot plays from (``phom.hosted_views``); each move is posted
once under its own ``Idempotency-Key`` and sent again with that key after a failed connection, so it
is never doubled or lost. After each game ``POST /next`` leads on to the next one of the series (every
seat that asks gets the same game). One line a game; a refusal, an unreachable server or a bot fault
is one line and exit 1.

>>> parse_series("3"), token_from({"PHOM_TOKEN": " abc "})
(3, 'abc')
>>> token_from({})
Traceback (most recent call last):
...
ValueError: PHOM_TOKEN is not set: put the seat's token in the environment (never on the command line)
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TextIO

from ..client import DEFAULT_RETRY_SECONDS, ApiError, PhomClient, ServerUnreachable
from ..external import DEFAULT_MOVE_SECONDS, BotFault, ExternalBot, external_command, is_external
from ..games import GAMES, game_kind
from ..hooks import announce_end, close_bots
from ..hosted_views import view_from_api

__all__ = ["SeatResult", "add_bot_parser", "bot_command", "parse_series", "play_seat", "token_from"]

#: The environment variable that holds the seat's token.
TOKEN_VARIABLE = "PHOM_TOKEN"
#: The longest series ``--series`` accepts.
MAX_SERIES = 10_000
#: Refused moves in a row (409: the game moved meanwhile) before the seat gives up.
MAX_STALE_MOVES = 5


def parse_series(text: str) -> int:
    """``--series N``: the number of games to play, from 1 to ``MAX_SERIES``."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of games") from None
    if not 1 <= number <= MAX_SERIES:
        raise argparse.ArgumentTypeError(f"{text!r} must be from 1 to {MAX_SERIES}")
    return number


def seconds_argument(text: str) -> float:
    """An option's number of seconds (``--move-seconds``, ``--retry-seconds``): above 0, at most an hour.

    >>> seconds_argument("2.5")
    2.5
    """
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < seconds <= 3600:
        raise argparse.ArgumentTypeError(f"{text!r} must be above 0 and at most 3600 seconds")
    return seconds


def token_from(environment: Mapping[str, str]) -> str:
    """The seat's token from ``PHOM_TOKEN`` (ValueError when it is missing or empty)."""
    token = environment.get(TOKEN_VARIABLE, "").strip()
    if not token:
        raise ValueError(f"{TOKEN_VARIABLE} is not set: put the seat's token in the environment "
                         "(never on the command line)")
    return token


def add_bot_parser(sub: Any, move_seconds_argument: Callable[[argparse.ArgumentParser], None],
                   command: Callable[..., argparse.ArgumentParser] | None = None,
                   _: Callable[[str], str] = str) -> None:
    """The ``bot`` command and its ``play`` subcommand (``command(into, name, help, description=…)`` makes
    a subparser; ``_`` gives the help texts in the reader's language)."""
    def make(into: Any, name: str, text: str, **kwargs: Any) -> argparse.ArgumentParser:
        if command is not None:
            return command(into, name, text, **kwargs)
        return into.add_parser(name, help=text, **kwargs)   # type: ignore[no-any-return]

    bot = make(sub, "bot", _("a bot takes a seat at a hosted table ({serve}) through the public API").format(
        serve="phom serve"))
    commands = bot.add_subparsers(dest="bot_command", required=True, metavar=_("BOT_COMMAND"), title=_("commands"))
    play = make(commands, "play", _("play the seat whose token is in {variable} to the end").format(variable="PHOM_TOKEN"),
                description=_("Play the seat whose token is in the environment variable {variable} (never on the "
                              "command line) at a hosted table, to the end of the game or of the series.").format(
                    variable="PHOM_TOKEN"))
    play.add_argument("url", help=_("the server, e.g. {example}").format(example="http://127.0.0.1:8000"))
    play.add_argument("game_id", help=_("the game's id (from {path})").format(path="POST /api/games"))
    play.add_argument("--game", choices=list(GAMES), default=None,
                      help=_("the game the table must be playing (default: the table's own)"))
    play.add_argument("--bot", required=True, metavar="SPEC",
                      help=_("the bot: {names} (as {command} takes)").format(
                          names=_("levels 1 to 8, your own program, …"), command="phom play"))
    play.add_argument("--series", type=parse_series, default=1, metavar="N",
                      help=_("games to play: this one, then the next ones at the table (default 1)"))
    play.add_argument("--moves", default=None, metavar="FILE",
                      help=_("append each move sent as a JSON line: {fields}").format(
                          fields="game, version, action, Idempotency-Key"))
    play.add_argument("--retry-seconds", type=seconds_argument, default=DEFAULT_RETRY_SECONDS, metavar="S",
                      help=_("how long the server may stay unreachable (a restart) before the seat gives up "
                             "(default {default})").format(default=f"{DEFAULT_RETRY_SECONDS:g}"))
    move_seconds_argument(play)


@dataclass(frozen=True)
class SeatResult:
    """One finished game of the seat: the game's ``id``, its ``game`` kind, the ``seat``, the seat's
    ``net`` money, its ``moves`` sent, the series ``totals`` so far, and the finished ``view``."""

    id: str
    game: str
    seat: int
    net: int
    moves: int
    total: int
    view: dict[str, Any]
    #: the seat's moves the table's stand-in played when its clock ran out (``"by": "clock"``)
    clock_moves: int = 0


def _newer(known: dict[str, Any], other: dict[str, Any]) -> dict[str, Any]:
    return other if other["version"] > known["version"] or (other["is_over"] and not known["is_over"]) else known


def play_seat(client: PhomClient, game_id: str, token: str, bot: Any, *,
              on_move: Callable[[dict[str, Any]], None] | None = None) -> SeatResult:
    """Play the token's seat of ``game_id`` with ``bot`` (``act(view) -> action``) to the end of the game.
    ``on_move`` is told each move as it is sent (``{"game", "version", "action", "key"}``).

    The bot's program (a ``cmd:`` bot) hears of the game's end with the finished game, rebuilt from
    the record."""
    view = client.view(game_id, token)
    seat, moves, stale = int(view["player"]), 0, 0
    feed = client.live(game_id, token, since=view["version"])
    try:
        while not view["is_over"]:
            if view["to_move"] != seat or not view["legal_actions"]:
                view = _newer(view, next(feed))
                continue
            rebuilt = view_from_api(view)
            chosen = bot.act(rebuilt)
            legal = [entry["text"] for entry in view["legal_actions"]]
            action = next((text for text, option in zip(legal, rebuilt.legal_actions) if option == chosen), None)
            if action is None:
                raise BotFault(f"bot {getattr(bot, 'name', type(bot).__name__)} (seat {seat}), game {game_id}, "
                               f"version {view['version']}: chose {chosen}, not one of {', '.join(legal[:6])}")
            move = {"game": game_id, "version": view["version"], "action": action, "key": uuid.uuid4().hex}
            if on_move is not None:
                on_move(move)
            try:
                view = _newer(view, client.act(game_id, token, action, key=move["key"], version=view["version"]))
                moves, stale = moves + 1, 0
            except ApiError as exc:
                if exc.status != 409 or stale >= MAX_STALE_MOVES:
                    raise
                stale += 1                      # the game moved meanwhile (409 stale): read it again, decide again
                view = _newer(view, client.view(game_id, token))
    finally:
        feed.close()
    record = client.record(game_id, token)
    finished = game_kind(view["game"]).from_record(json.dumps(record))
    announce_end({seat: bot}, finished)
    result = view["result"]
    totals = view.get("series", {}).get("totals") or result["net"]
    clock_moves = sum(1 for entry in record.get("history", []) if entry.get("by") == "clock" and entry["player"] == seat)
    return SeatResult(game_id, view["game"], seat, int(result["net"][seat]), moves, int(totals[seat]), view,
                      clock_moves)


def _bot_for(game: str, spec: str, move_seconds: float) -> Any:
    """The bot ``spec`` of ``game`` (its kind's ``make_bot``); a program (``cmd:…``) plays through the
    bot protocol, allowed ``move_seconds`` an answer."""
    if is_external(spec):
        return ExternalBot(external_command(spec), game_kind(game).name, move_seconds=move_seconds, name=spec.strip())
    return game_kind(game).make_bot(f"level:{spec.strip()}" if spec.strip().isdigit() else spec)   # 3 is level:3


def bot_command(args: argparse.Namespace, out: TextIO, environment: Mapping[str, str] | None = None) -> int:
    """Run ``phom bot play``; the exit code (0 when every game of the series was played to its end)."""
    try:
        token = token_from(os.environ if environment is None else environment)
        with PhomClient(args.url, retry_seconds=getattr(args, "retry_seconds", DEFAULT_RETRY_SECONDS)) as client:
            return _play_series(client, args, token, out)
    except (ApiError, ServerUnreachable, BotFault, ValueError, TypeError, OSError) as exc:
        print(f"phom bot play: error: {exc}", file=sys.stderr)
        return 1


def _play_series(client: PhomClient, args: argparse.Namespace, token: str, out: TextIO) -> int:
    game_id = args.game_id
    first = client.view(game_id, token)
    wanted = getattr(args, "game", None)
    if wanted is not None and first["game"] != wanted:
        raise ValueError(f"--game {wanted}: table {game_id} plays {first['game']}")
    bot = _bot_for(first["game"], args.bot, getattr(args, "move_seconds", DEFAULT_MOVE_SECONDS))
    log = open(args.moves, "a", encoding="utf-8") if args.moves else None   # noqa: SIM115 (closed below)

    def note(move: dict[str, Any]) -> None:
        if log is not None:
            log.write(json.dumps(move) + "\n")
            log.flush()

    try:
        for number in range(1, args.series + 1):
            done = play_seat(client, game_id, token, bot, on_move=note)
            late = f" ({done.clock_moves} played by the clock: the bot was too slow)" if done.clock_moves else ""
            print(f"game {number}/{args.series} {done.id} ({done.game}): seat {done.seat} {done.net:+d} after "
                  f"{done.moves} moves{late}; series {done.total:+d}", file=out, flush=True)
            if number < args.series:
                game_id = client.next_game(game_id, token).id
    finally:
        close_bots([bot])
        if log is not None:
            log.close()
    return 0
