"""The live side of ``phom serve``: a seat's WebSocket (its views pushed after every change, the table's
reactions as they come), the listeners woken from any thread after a commit, and the task that plays
passed deadlines.

>>> WS_BAD, DEADLINE_POLL_SECONDS, CLOSE_REASONS[WS_TOO_MANY_SOCKETS]
(4400, 0.1, 'too many sockets from this address')
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from ..extras import missing_extra
from ..language import LANGUAGES
from .api import LOGIN_SECONDS, MAX_FIRST_FRAME_BYTES
from .bodies import error_body
from .hosting import Forbidden, GameHost, NotFound, Unauthorized
from .limits import Workers
from .views import ViewCache, view_key

try:
    from starlette.websockets import WebSocket, WebSocketDisconnect
except ImportError:
    raise missing_extra("web", "phom serve (Starlette)") from None

__all__ = ["CLOSE_REASONS", "DEADLINE_POLL_SECONDS", "FIRE_CHUNK", "REPAIR_SECONDS", "WS_BAD", "WS_FAILED", "WS_FORBIDDEN",
           "WS_GOING_AWAY", "WS_NOT_FOUND", "WS_TOO_MANY", "WS_TOO_MANY_SOCKETS", "Subscribers", "keep_deadlines",
           "live_seat"]

log = logging.getLogger("phom.serve")

#: WebSocket close codes: a bad first message (or none in time), a token of no seat, no such game (or it
#: expired), too many messages; too many sockets from one address (4429 too: the client waits and tries
#: again); the server failed (1011) or is going away (1001: restarting; another worker answers).
WS_BAD, WS_FORBIDDEN, WS_NOT_FOUND, WS_TOO_MANY = 4400, 4403, 4404, 4429
WS_TOO_MANY_SOCKETS, WS_FAILED, WS_GOING_AWAY = 4429, 1011, 1001
#: The reason (English, for logs; a client shows its own words for the code) every close code is sent with.
CLOSE_REASONS = {WS_BAD: "send {\"token\": ...} first", WS_FORBIDDEN: "this token is not a seat of this game",
                 WS_NOT_FOUND: "no game has this id (it may have expired)",
                 WS_TOO_MANY_SOCKETS: "too many sockets from this address",
                 WS_FAILED: "the server failed; connect again", WS_GOING_AWAY: "the server is restarting; connect again"}
#: How often each process looks for passed deadlines in the store when the last look found none to play
#: (seconds): a deadline is played within this (and the time to play it) of passing, by whichever process
#: looks first.
DEADLINE_POLL_SECONDS = 0.1
#: How many passed deadlines one worker thread plays and commits together.
FIRE_CHUNK = 8
#: with workers sharing a store, how often a live seat checks the store when no doorbell rang
REPAIR_SECONDS = 2.0


class Subscribers:
    """WebSocket listeners by game id; ``changed`` may be called from any thread."""

    def __init__(self) -> None:
        self.events: dict[str, set[asyncio.Event]] = defaultdict(set)
        self.loop: asyncio.AbstractEventLoop | None = None

    def changed(self, game_id: str, version: int) -> None:
        loop = self.loop
        if loop is not None and game_id in self.events:
            loop.call_soon_threadsafe(self._wake, game_id)

    def _wake(self, game_id: str) -> None:
        for event in self.events.get(game_id, ()):
            event.set()

    def wake_all(self) -> None:
        """Every live seat checks its game against the store (after the doorbell was away)."""
        for events in list(self.events.values()):
            for event in events:
                event.set()


async def keep_deadlines(games: GameHost, workers: Workers) -> None:
    """Forever: play the deadlines that have passed, ``FIRE_CHUNK`` at a time in a worker thread (each
    chunk one commit to disk: ``GameHost.fire_all``; the chunks in threads of their own, so one table's
    slow bots hold back only its chunk) and in an order of this process's own (so that workers sharing a
    store spread over them), looking again at once while the last look played any (every
    passed deadline is drained, however many there are); when none was played, look again after
    ``DEADLINE_POLL_SECONDS``. A deadline that fails (its store away, its game broken) is logged and tried
    again at a later look; the others are played."""
    order = random.Random()
    while True:
        try:
            due = await workers.run(games.due)
        except Exception as exc:                   # the store is away: the next look tries again
            log.warning("looking for passed deadlines failed: %s", _first_line(exc))
            due = []
        if not due:
            await asyncio.sleep(DEADLINE_POLL_SECONDS)
            continue
        order.shuffle(due)
        chunks = [due[i:i + FIRE_CHUNK] for i in range(0, len(due), FIRE_CHUNK)]
        played = await asyncio.gather(*(workers.run(games.fire_all, chunk) for chunk in chunks),
                                      return_exceptions=True)
        for chunk, outcome in zip(chunks, played):
            if isinstance(outcome, BaseException) and not isinstance(outcome, asyncio.CancelledError):
                log.warning("playing the deadlines of games %s failed: %s", ", ".join(d[0] for d in chunk),
                            _first_line(outcome))
        if not any(isinstance(outcome, int) and outcome > 0 for outcome in played):
            await asyncio.sleep(DEADLINE_POLL_SECONDS)   # nothing this process could play now: others are at it


def _first_line(exc: BaseException) -> str:
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


async def live_seat(socket: WebSocket, games: GameHost, subscribers: Subscribers, views: ViewCache,
                workers: Workers, allowed: Callable[[str], bool], login_seconds: float = LOGIN_SECONDS) -> None:
    """One live seat: the first message authenticates (``{"token", "since"?, "html"?, "lang"?}``, at most
    ``MAX_FIRST_FRAME_BYTES``, within ``login_seconds``); then the seat's view is sent at once and after
    every change (without the drawn table if ``html`` is false; its words in ``lang``, en or vi). A
    reconnect with ``since`` also gets ``missed``: every move after that version."""
    await socket.accept()
    if subscribers.loop is None:
        subscribers.loop = asyncio.get_running_loop()
    key = f"{id(socket)}"
    try:
        first = await asyncio.wait_for(socket.receive(), timeout=login_seconds)
    except asyncio.TimeoutError:
        await socket.close(WS_BAD, CLOSE_REASONS[WS_BAD])
        return
    if first["type"] == "websocket.disconnect":
        return
    allowed(key)
    frame = first.get("text") or first.get("bytes") or b""
    if len(frame) > MAX_FIRST_FRAME_BYTES:
        await socket.close(WS_BAD, "the first message is too long")
        return
    message: Any = None
    try:
        message = json.loads(frame)
        if not isinstance(message, dict) or not isinstance(message.get("token"), str):
            raise ValueError
        since = message.get("since")
        if since is not None and (isinstance(since, bool) or not isinstance(since, int) or since < 0):
            raise ValueError
        drawn = message.get("html", True)
        lang = message.get("lang", "en")
        if not isinstance(drawn, bool) or lang not in LANGUAGES or set(message) - {"token", "since", "html", "lang"}:
            raise ValueError
    except (ValueError, TypeError, RecursionError):
        asked = message.get("lang") if isinstance(message, dict) else None
        await socket.send_json(error_body("the first message must be {\"token\": \"...\", \"since\": VERSION, "
                                          "\"html\": true|false, \"lang\": \"en\"|\"vi\"} (since, html and lang "
                                          "optional)", "bad_request", lang=asked if asked in LANGUAGES else "en"))
        await socket.close(WS_BAD, "the first message must be {\"token\", \"since\", \"html\", \"lang\"}")
        return
    game_id = socket.path_params["game_id"]
    try:
        seat, hosted = await workers.run(games.seat_of, game_id, message["token"])
    except NotFound:
        await socket.send_json(error_body("no game has this id (it may have expired)", "not_found", lang=lang))
        await socket.close(WS_NOT_FOUND, CLOSE_REASONS[WS_NOT_FOUND])
        return
    except (Forbidden, Unauthorized):
        await socket.send_json(error_body("this token is not a seat of this game", "forbidden", lang=lang))
        await socket.close(WS_FORBIDDEN, CLOSE_REASONS[WS_FORBIDDEN])
        return
    changed = asyncio.Event()
    subscribers.events[game_id].add(changed)

    async def send_views() -> None:
        sent: tuple[Any, ...] | None = None    # the view_key of the view sent
        announced: str | None = None           # the next game announced
        kept = await workers.run(games.reactions, game_id, 0)
        heard = max((number for number, _, _ in kept), default=0)              # only reactions from now on
        while True:
            changed.clear()                    # a change from now on wakes the wait below
            current = await workers.run(games.fresh, game_id)
            if view_key(current) != sent:
                found = views.cached(current, seat, drawn, lang)
                text, version, shown = found if found is not None else await workers.run(
                    views.text, current, seat, drawn, lang)
                if since is not None and sent is None and since < version:
                    frame = json.loads(text)
                    frame["missed"] = [{"version": v, "player": entry["player"], "action": entry["action"],
                                        "text": frame["log"][v], **({"by": entry["by"]} if "by" in entry else {})}
                                       for v, entry in enumerate(frame["history"]) if v >= since]
                    text = json.dumps(frame, ensure_ascii=False, separators=(",", ":"))
                sent = shown                   # the state the text shows, not the state now
                await socket.send_text(text)
            if current.next_id is not None and current.next_id != announced:
                announced = current.next_id    # the table's next game: the page moves there on its own
                await socket.send_text(json.dumps({"next": {"id": announced}}))
            for stamp, who, reaction in await workers.run(games.reactions, game_id, heard):
                heard = max(heard, stamp)
                await socket.send_text(json.dumps({"reaction": {"seat": who, "key": reaction}}))
            if not games.shared:
                await changed.wait()
                continue
            try:                               # other workers ring a doorbell; the store is the truth
                await asyncio.wait_for(changed.wait(), REPAIR_SECONDS)
            except asyncio.TimeoutError:
                pass

    async def receive() -> None:
        while True:
            if (await socket.receive())["type"] == "websocket.disconnect":
                return
            if not allowed(key):
                await socket.close(WS_TOO_MANY, "too many messages")
                return

    sender = asyncio.ensure_future(send_views())
    receiver = asyncio.ensure_future(receive())
    try:
        await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (sender, receiver):
            if not task.done():
                task.cancel()
        subscribers.events[game_id].discard(changed)
        if not subscribers.events[game_id]:
            subscribers.events.pop(game_id, None)
        ended: BaseException | None = None
        for task in (sender, receiver):
            try:
                await task
            except (asyncio.CancelledError, WebSocketDisconnect, OSError, RuntimeError):
                pass                           # the client went away (or the socket is closed already)
            except Exception as exc:           # the game expired, or the store failed: say so as the socket closes
                ended = ended or exc
        if ended is not None:
            code = WS_NOT_FOUND if isinstance(ended, NotFound) else WS_FAILED
            if code == WS_FAILED:
                log.warning("a live seat of game %s ended: %s", game_id, _first_line(ended))
            try:
                await socket.close(code, CLOSE_REASONS[code])
            except (RuntimeError, WebSocketDisconnect, OSError):
                pass                           # the client is gone already
