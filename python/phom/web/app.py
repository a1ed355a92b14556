"""The ``phom serve`` application: a JSON API (solve, hint, hosted games), live tables over WebSockets
and a table in the browser.

Every error is JSON ``{"error": "<one English sentence>", "code": "...", "message": "<in the request's
language>"}`` with its status (see ``phom.web.api``). Every body
is checked against the API document's schema before anything else reads it. Costs are bounded before
any work: body size, type and arrival time, game-sized hands and tables, bot strengths (at
``/api/games`` and inside a posted record alike), hosted games (idle ones expire), game creation (``next``
included), live games and WebSockets per client address (``limits``), a WebSocket's first frame and
login time, the time a look-ahead hint may search and a posted record's verification (counted with the
reviews). Bots and hints run in worker threads (the compiled core releases the GIL), so the event loop
stays free. Every answer carries the headers a browser needs to trust the page (``SECURITY_HEADERS``),
and a ``Host`` outside ``allowed_hosts`` is refused.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.post("/api/solve", json={"hand": "9H 10H JH 3C 5D"}).json()["best_lay"]["points"]
3
"""

from __future__ import annotations

import asyncio
import functools
import logging
import json
import re
import threading
import time
from collections import OrderedDict, defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ..cards import CardError, CardSet, to_mask
from ..extras import missing_extra
from ..fairness import FairnessError, verify_record
from ..hints import hint
from ..language import LANGUAGES, N_, preferred_language, translator
from ..refusals import Refusal
from ..position import view_from_position
from ..render import TABLE_CSS
from ..report import hint_report, solve_report
from ..tienlen.hints import tienlen_hint
from ..tienlen.render import TABLE_CSS as TIENLEN_TABLE_CSS
from ..tienlen.render import action_text as tienlen_action_text
from .api import (BODY_SECONDS, BOT_PATTERN, LIMITS, LOGIN_SECONDS, MAX_BODY_BYTES, MAX_FIRST_FRAME_BYTES,
                  MAX_SEARCH_SECONDS, REQUEST_SCHEMAS, VERIFY_SECONDS, json_schema, openapi)
from .hosting import (DEFAULT, REACT_SECONDS, Forbidden, GameHost, GameOver, HostedGame, HostFull, KeyReused, NotFound,
                      NotYourTurn, Unauthorized, check_turn_seconds, name_refusal, turn_seconds_refusal)
from .kinds import KINDS
from .reviews import RETRY_AFTER_SECONDS, ReviewQueue

try:
    import fastjsonschema
    import jsonschema
    from limits import RateLimitItem, parse
    from limits.storage import MemoryStorage, storage_from_string
    from limits.strategies import MovingWindowRateLimiter
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.middleware.trustedhost import TrustedHostMiddleware
    from starlette.requests import ClientDisconnect, Request
    from starlette.responses import HTMLResponse, JSONResponse, Response
    from starlette.routing import Mount, Route, WebSocketRoute
    from starlette.staticfiles import StaticFiles
    from starlette.websockets import WebSocket, WebSocketDisconnect
except ImportError:
    raise missing_extra("web", "phom serve (Starlette, limits, jsonschema, fastjsonschema)") from None

__all__ = ["LIMITS", "SECURITY_HEADERS", "RateLimits", "SecurityHeaders", "create_app", "game_view", "openapi"]

_log = logging.getLogger("phom.serve")

#: WebSocket close codes: a bad first message, a token of no seat, no such game, too many messages.
WS_BAD, WS_FORBIDDEN, WS_NOT_FOUND, WS_TOO_MANY = 4400, 4403, 4404, 4429
#: How often each process looks for passed deadlines in the store (seconds): a deadline is played within
#: this (and the time to play it) of passing, by whichever process looks first.
DEADLINE_POLL_SECONDS = 0.25


class _SharedLimiter:
    """``limits``' moving-window limiter over a storage the workers share (Redis, with ``--broker``), or
    this process's memory; while the shared storage does not answer, this process's memory counts (a
    limit is never a reason for a 5xx)."""

    def __init__(self, shared: str | None) -> None:
        self.local = MovingWindowRateLimiter(MemoryStorage())
        self.shared = None if shared is None else MovingWindowRateLimiter(storage_from_string(shared))

    def hit(self, item: RateLimitItem, *keys: str) -> bool:
        if self.shared is not None:
            try:
                return bool(self.shared.hit(item, *keys))
            except Exception:                      # the broker is away: count here until it is back
                pass
        return bool(self.local.hit(item, *keys))


class _Searches:
    """The look-ahead hints being computed, at most ``limit`` at a time (HostFull beyond)."""

    def __init__(self, limit: int) -> None:
        self.limit, self.running = limit, 0

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        if self.running >= self.limit:
            raise HostFull(f"{self.limit} look-ahead hints are being computed; try again later or ask without search")
        self.running += 1
        try:
            yield
        finally:
            self.running -= 1


class _Workers:
    """The worker threads that run moves, bots, views and hints off the event loop."""

    def __init__(self, threads: int) -> None:
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="phom-worker")

    async def run(self, func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.pool, functools.partial(func, *args, **kwargs))


@dataclass(frozen=True)
class RateLimits:
    """Per-client limits: game creation per client address (``next`` included) and messages a
    WebSocket client may send (its first message included), in ``limits`` notation (counted in Redis
    across the workers when they share a broker); the unfinished games a client address created that may
    be live at once (``next`` games included; counted in the store, so across the workers), the WebSockets it
    may hold open, and how many of its requests that need a worker (moves, hints, creations) are worked
    on at once (``busy``; the others wait, so one address never holds more than that many workers).
    Moves are never refused for their number, so a legal move in normal play is never refused."""

    create: str = "30/minute"
    ws_messages: str = "20/second"
    live_games: int = 20
    sockets: int = 32
    #: requests of one address worked on at once (moves, hints, creations; the rest wait their turn)
    busy: int = 4


#: The headers of every answer: no script but the page's own files, no framing, no sniffing, no referrer.
SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; "
                               "style-src-attr 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
                               "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


class SecurityHeaders:
    """ASGI middleware: ``SECURITY_HEADERS`` on every HTTP answer."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.raw = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in SECURITY_HEADERS.items()]

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *self.raw]}
            await send(message)

        await self.app(scope, receive, with_headers)


class _ClientQuotas:
    """What each client address holds in this process: its open WebSockets and the requests of it being
    worked on (its unfinished games are counted in the store: ``GameHost.held``)."""

    def __init__(self, limits: RateLimits) -> None:
        self.limits = limits
        self.sockets: dict[str, int] = defaultdict(int)
        self.lock = threading.Lock()
        self.turns: dict[str, tuple[asyncio.Semaphore, int]] = {}

    @asynccontextmanager
    async def working(self, client: str) -> AsyncIterator[None]:
        """Wait until fewer than ``busy`` requests of ``client`` are being worked on, and count this one
        (on the event loop: waiting takes no worker)."""
        turn, users = self.turns.get(client, (asyncio.Semaphore(self.limits.busy), 0))
        self.turns[client] = (turn, users + 1)
        try:
            async with turn:
                yield
        finally:
            turn, users = self.turns[client]
            if users == 1:
                del self.turns[client]
            else:
                self.turns[client] = (turn, users - 1)

    def open_socket(self, client: str) -> bool:
        """Count a new socket of ``client``; False (not counted) when it holds ``sockets`` already."""
        with self.lock:
            if self.sockets[client] >= self.limits.sockets:
                return False
            self.sockets[client] += 1
            return True

    def close_socket(self, client: str) -> None:
        with self.lock:
            self.sockets[client] -= 1
            if self.sockets[client] <= 0:
                del self.sockets[client]


class ApiError(Exception):
    """A refused request: its status, the English sentence (``error``) and a ``code`` (by default the
    status's); the answer adds the ``message`` in the request's language."""

    def __init__(self, status: int, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code or _STATUS_CODES.get(status, "bad_request")


#: the code of an error by its status, when nothing names it more closely
_STATUS_CODES = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found", 408: "too_slow",
                 409: "not_now", 413: "too_large", 415: "not_json", 422: "refused", 429: "too_many"}
#: what a person reads for each code (the referee's refusals have their own: phom.refusals)
_MESSAGES = {"bad_request": N_("The request is not one this table understands."),
             "unauthorized": N_("This seat needs its key: open the table from its invite link."),
             "forbidden": N_("That is not allowed for this seat."),
             "not_found": N_("There is no such table (it may have expired)."),
             "too_slow": N_("The request came too slowly; try again."),
             "not_now": N_("Not now: it is not your turn, or the table changed; wait a moment."),
             "not_your_turn": N_("It is not your turn."),
             "game_over": N_("The game is over."),
             "too_large": N_("The request is too large."),
             "not_json": N_("The request is not one this table understands."),
             "refused": N_("That is not allowed now."),
             "too_many": N_("Too many tables or requests from your address; try again later.")}


def _request_language(request: Request) -> str:
    """The language of an error's ``message``: ``lang`` in the query or (kept by the handler) the body,
    else the ``Accept-Language`` header."""
    for lang in (request.query_params.get("lang"), getattr(request.state, "lang", None)):
        if lang in LANGUAGES:
            return str(lang)
    return preferred_language(request.headers.get("accept-language"))


# fastjsonschema compiles each schema to Python (a few µs a body); jsonschema explains a refusal
_FAST = {name: fastjsonschema.compile(json_schema(schema)) for name, schema in REQUEST_SCHEMAS.items()}
_VALIDATORS = {name: jsonschema.Draft7Validator(json_schema(schema)) for name, schema in REQUEST_SCHEMAS.items()}


def _error(status: int, message: str, headers: dict[str, str] | None = None, *, code: str | None = None,
           text: str | None = None, lang: str = "en") -> JSONResponse:
    """``{"error": english, "code": ..., "message": in lang}``: ``text`` the person's sentence (else the code's)."""
    line = message.splitlines()[0] if message else "error"
    # no text can break the answer's encoding: a lone surrogate that reached a message is escaped
    line = line.encode("utf-8", "backslashreplace").decode("utf-8")
    code = code or _STATUS_CODES.get(status, "bad_request")
    said = text if text is not None else translator(lang)(_MESSAGES.get(code, _MESSAGES["bad_request"]))
    said = said.encode("utf-8", "backslashreplace").decode("utf-8")
    return JSONResponse({"error": line, "code": code, "message": said}, status_code=status, headers=headers)


def _refused(exc: BaseException) -> Refusal | None:
    """The referee's refusal behind an error (hosting re-raises it as NotYourTurn), if any."""
    for cause in (exc, exc.__cause__, exc.__context__):
        if isinstance(cause, Refusal):
            return cause
    return None


def _client(address: Any) -> str:
    """The client's address (proxy headers count only from ``--forwarded-allow-ips``: the server sets it)."""
    return str(address.host) if address is not None else "unknown"


def _is_json(content_type: str | None) -> bool:
    media = (content_type or "").split(";", 1)[0].strip().lower()
    return media == "application/json" or (media.startswith("application/") and media.endswith("+json"))


#: The refusal of a bad value of a field a player sets (the page shows its words)
_FIELD_REFUSALS = {"turn_seconds": turn_seconds_refusal(), "name": name_refusal(),
                   "reaction": Refusal("that reaction is not one of the table's", "bad_reaction")}


def _check(schema: str, data: Any) -> dict[str, Any]:
    """The body if the schema accepts it; ApiError(400) naming the first problem otherwise."""
    if schema == "NewGame" and isinstance(data, dict) and "seed" in data:
        raise ApiError(400, "seed is not accepted: deals come from the server's secret seed; "
                            "give client_seed (any text) to mix in your own")
    try:
        _FAST[schema](data)
        checked: dict[str, Any] = data
        return checked
    except fastjsonschema.JsonSchemaException as exc:
        fallback = str(exc)
    error = jsonschema.exceptions.best_match(_VALIDATORS[schema].iter_errors(data))
    if error is None:
        raise ApiError(400, fallback)
    field = error.absolute_path[0] if error.absolute_path else None
    if field in _FIELD_REFUSALS:                   # a player's setting: refused in his words
        why = _FIELD_REFUSALS[str(field)]
        raise ApiError(400, f"{field}: {str(why)}", code=why.code) from why
    if error is not None and schema == "HintRequest" and error.validator == "oneOf" and not error.absolute_path:
        raise ApiError(400, "give exactly one of position (a seat's view as data) or game (with its seat's token)")
    where = "/".join(str(p) for p in error.absolute_path) or "the body"
    message = error.message if len(error.message) <= 200 else error.message[:200] + "…"
    raise ApiError(400, f"{where}: {message}")


async def _body(request: Request, schema: str, seconds: float = BODY_SECONDS) -> dict[str, Any]:
    """The request's JSON body checked against ``schema``: 415 unless sent as JSON (a simple form or
    ``text/plain`` post from another site never reaches a route), 413 over the size
    limit, 408 if it has not arrived within ``seconds``, 400 if it is no JSON object or holds a lone
    surrogate (which is no text)."""
    content_type = request.headers.get("content-type")
    if content_type is not None and not _is_json(content_type):
        raise ApiError(415, "send the body as Content-Type: application/json")
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > MAX_BODY_BYTES:
        raise ApiError(413, f"the request body is over {MAX_BODY_BYTES} bytes")

    async def read() -> bytes:
        raw = b""
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_BODY_BYTES:
                raise ApiError(413, f"the request body is over {MAX_BODY_BYTES} bytes")
        return raw

    try:
        raw = await asyncio.wait_for(read(), seconds)
    except asyncio.TimeoutError:
        raise ApiError(408, f"the request body did not arrive within {seconds:g} s") from None
    if not raw.strip():
        raise ApiError(400, "the request needs a JSON body")
    if content_type is None:
        raise ApiError(415, "send the body as Content-Type: application/json")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ApiError(400, "the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise ApiError(400, "the request body must be a JSON object")
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise ApiError(400, "the request body holds a lone surrogate (such as \\ud800), which is no text") from None
    except RecursionError:
        raise ApiError(400, "the request body is nested too deeply") from None
    return _check(schema, data)


_BOT_NAME = re.compile(BOT_PATTERN)


def _record_bots(record: dict[str, Any]) -> None:
    """A posted record's bots are bounded as at ``POST /api/games``: ApiError(400) naming the first
    that is not."""
    bots = record.get("bots", {})
    if not isinstance(bots, dict) or len(bots) > 3:
        raise ApiError(400, "record/bots must map at most 3 seats to bot names")
    for seat, name in bots.items():
        if not isinstance(name, str) or not _BOT_NAME.match(name):
            raise ApiError(400, f"record/bots/{ascii(seat)[1:-1]}: {ascii(name)[:80]} is not a bot this server "
                                "plays (the names and strengths of POST /api/games)")


#: with workers sharing a store, how often a live seat checks the store when no doorbell rang
REPAIR_SECONDS = 2.0

def _mask(value: Any, name: str) -> int:
    if value is None:
        return 0
    try:
        return to_mask(value, name)
    except CardError as exc:
        raise ApiError(422, str(exc)) from None


def _drawn(request: Request) -> bool:
    """The ``html`` query parameter: false leaves the drawn table out of a view (for clients that draw
    their own)."""
    value = request.query_params.get("html", "true")
    if value not in ("true", "false"):
        raise ApiError(400, "html must be true or false")
    return value == "true"


def _lang(request: Request) -> str:
    """The ``lang`` query parameter: the language of a view's words (en by default)."""
    value = request.query_params.get("lang", "en")
    if value not in LANGUAGES:
        raise ApiError(400, "lang must be en or vi")
    return value


def _bearer(request: Request) -> str:
    if "token" in request.query_params:
        raise ApiError(400, "tokens never travel in URLs: send Authorization: Bearer <token>")
    header = request.headers.get("authorization")
    if header is None:
        raise Unauthorized("send the seat's token as Authorization: Bearer <token>")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("the Authorization header must be: Bearer <token>")
    return token.strip()


def game_view(hosted: HostedGame, seat: int, game: Any = None, *, drawn: bool = True, lang: str = "en"
              ) -> dict[str, Any]:
    """One seat's view of a hosted game (``game``: a given state of it, by default the current one) as
    the API sends it: the game's view report (``phom.web.kinds``), its version, the move log, the seats'
    people and bots, the commitment, the table drawn as ``html`` (unless ``drawn`` is false), and at
    the end the result and every hand face up; the words in ``lang``."""
    game = game if game is not None else hosted.game
    report = hosted.kind.report(game, seat, drawn=drawn, lang=lang)
    report["lang"] = lang
    report["version"] = len(game.history)
    report["log"] = [hosted.kind.move_text(p, a, lang) for p, a in game.history]
    report["humans"] = hosted.humans
    report["bots"] = {str(s): name for s, name in sorted(hosted.bot_names.items())}
    report["commitment"] = hosted.fairness.commitment
    report["client_seed"] = hosted.fairness.client_seed
    report["series"] = hosted.series_view()
    report["rules"] = hosted.kind.rules_data(game.rules)
    report["rules_words"] = hosted.kind.rules_words(game.rules, lang)
    report["turn_seconds"] = hosted.turn_seconds
    report["away"] = sorted(hosted.away)
    report["names"] = {str(s): name for s, name in sorted(hosted.names.items())}
    for version in hosted.standins:
        if version < len(report.get("history", ())):
            report["history"][version]["by"] = "clock"
    report["clock"] = hosted.clock_view(time.time()) if game is hosted.game else None
    return report


def with_clock(text: str, hosted: HostedGame, version: int, now: float) -> str:
    """A view's JSON text at ``version`` (rendered without its clock) with the ``clock`` as it stands at
    ``now`` (none if the game has moved on since): a cached view never freezes the clock's ``now_ms``."""
    clock = hosted.clock_view(now) if hosted.version == version else None
    return text[:-1] + ',"clock":' + json.dumps(clock, separators=(",", ":")) + "}"


def view_key(hosted: HostedGame) -> tuple[Any, ...]:
    """What a seat's view depends on besides the seat, its html and language: the version, the next game,
    the seats away, their names and the deadline (a reaction changes none of them)."""
    return (hosted.version, hosted.next_id, tuple(sorted(hosted.away)), tuple(sorted(hosted.names.items())),
            hosted.deadline)


class _ViewCache:
    """The JSON text of recent views (without their clock) by game id, seat, ``view_key``, html and
    language: the answer to a move and the push to the same seat are rendered once."""

    def __init__(self, size: int = 4096, clock: Callable[[], float] = time.time) -> None:
        self.size = size
        self.clock = clock
        self.texts: OrderedDict[tuple[Any, ...], str] = OrderedDict()
        self.lock = threading.Lock()

    def cached(self, hosted: HostedGame, seat: int, drawn: bool = True, lang: str = "en") -> tuple[str, int] | None:
        """The view's JSON text and version if already rendered (cheap: no thread needed)."""
        key = (hosted.id, seat, view_key(hosted), drawn, lang)
        with self.lock:
            text = self.texts.get(key)
        return None if text is None else (with_clock(text, hosted, key[2][0], self.clock()), key[2][0])

    def text(self, hosted: HostedGame, seat: int, drawn: bool = True, lang: str = "en") -> tuple[str, int]:
        """The view's JSON text and its version."""
        with hosted.lock:                          # one consistent state (moves replace the game whole)
            game, key = hosted.game, (hosted.id, seat, view_key(hosted), drawn, lang)
            with self.lock:
                cached = self.texts.get(key)
            if cached is None:
                data = game_view(hosted, seat, game, drawn=drawn, lang=lang)
                del data["clock"]
                cached = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
                with self.lock:
                    self.texts[key] = cached
                    while len(self.texts) > self.size:
                        self.texts.popitem(last=False)
        return with_clock(cached, hosted, len(game.history), self.clock()), len(game.history)


class _Subscribers:
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


def create_app(host: GameHost | None = None, *, rate_limits: RateLimits | None = None,
               worker_threads: int = 8, max_reviews: int = 2, doorbell: Any = None,
               allowed_hosts: list[str] | None = None, body_seconds: float = BODY_SECONDS,
               login_seconds: float = LOGIN_SECONDS, verify_seconds: float = VERIFY_SECONDS,
               max_searches: int = 2) -> Starlette:
    """The ASGI application; ``host`` holds the hosted games (a fresh in-memory store by default).
    ``worker_threads`` bounds the threads that run moves, bots, views and hints: a few more than the
    cores, since the compiled core releases the GIL but the rest is Python (many more threads only
    queue for the GIL and the store). ``max_reviews`` bounds the reviews computed at a time, a posted
    record's verification included (a review asked for beyond it gets 429), ``max_searches`` the
    look-ahead hints (likewise). With a ``doorbell``, the rate limits are counted in its Redis, so they
    hold across the workers. ``allowed_hosts``: the
    ``Host`` names answered (``phom serve --allowed-hosts``; None answers any, for tests). A body must
    arrive within ``body_seconds``, a WebSocket's login within ``login_seconds``; a posted record's bots
    are replayed for at most ``verify_seconds``."""
    games = host if host is not None else GameHost()
    rates = rate_limits if rate_limits is not None else RateLimits()
    quotas = _ClientQuotas(rates)
    limiter = _SharedLimiter(None if doorbell is None else getattr(doorbell, "url", None))
    searches = _Searches(max_searches)
    create_rate: RateLimitItem = parse(rates.create)
    react_rate: RateLimitItem = parse(f"1 per {int(REACT_SECONDS)} seconds")
    ws_rate: RateLimitItem = parse(rates.ws_messages)
    subscribers = _Subscribers()
    views = _ViewCache(clock=games.clock)
    workers = _Workers(worker_threads)
    reviews = ReviewQueue(games.store, workers.pool, limit=max_reviews)
    games.listeners.append(subscribers.changed)
    if doorbell is not None:                       # other workers hear of every commit (phom.web.broker)
        games.listeners.append(doorbell.ring)

    def view_response(hosted: HostedGame, seat: int, drawn: bool, lang: str) -> Response:
        return Response(views.text(hosted, seat, drawn, lang)[0], media_type="application/json")

    def endpoint(handler: Callable[[Request], Awaitable[Any]], *, work: bool = False
                 ) -> Callable[[Request], Awaitable[Response]]:
        """The route's errors as JSON answers; with ``work``, the request waits its client's turn
        (``RateLimits.busy``) before it is worked on."""
        async def answer(request: Request) -> Any:
            if not work:
                return await handler(request)
            async with quotas.working(_client(request.client)):
                return await handler(request)

        async def run(request: Request) -> Response:
            try:
                answered = await answer(request)
                return answered if isinstance(answered, Response) else JSONResponse(answered)
            except ClientDisconnect:
                return Response(status_code=400)          # nobody is left to read it
            except ApiError as exc:
                if (why := _refused(exc)) is not None:
                    return _error(exc.status, str(exc), code=why.code, text=why.text(_request_language(request)))
                return _error(exc.status, str(exc), code=exc.code, lang=_request_language(request))
            except NotFound:
                return _error(404, "no game has this id (it may have expired)", lang=_request_language(request))
            except Unauthorized as exc:
                return _error(401, str(exc), {"WWW-Authenticate": "Bearer"}, lang=_request_language(request))
            except Forbidden as exc:
                return _error(403, str(exc), lang=_request_language(request))
            except NotYourTurn as exc:
                lang = _request_language(request)
                if (why := _refused(exc)) is not None:
                    return _error(409, str(exc), code=why.code, text=why.text(lang))
                code = "game_over" if str(exc) == "the game is over" else "not_your_turn" if "turn" in str(exc) else None
                return _error(409, str(exc), code=code, lang=lang)
            except HostFull as exc:
                return _error(429, str(exc), lang=_request_language(request))
            except (KeyReused, FairnessError, ValueError, TypeError) as exc:
                lang = _request_language(request)
                if (why := _refused(exc)) is not None:
                    return _error(422, str(exc), code=why.code, text=why.text(lang))
                return _error(422, str(exc), lang=lang)
        return run

    async def body(request: Request, schema: str) -> dict[str, Any]:
        return await _body(request, schema, body_seconds)

    async def solve(request: Request) -> Any:
        data = await body(request, "Solve")
        hand = _mask(data["hand"], "hand")
        eaten = _mask(data.get("eaten"), "eaten")
        melds = [CardSet(_mask(m, f"table[{i}]")) for i, m in enumerate(data.get("table", []))]
        if eaten & ~hand:
            raise ApiError(422, f"eaten {CardSet(eaten & ~hand)} is not in hand")
        return solve_report(hand, eaten, melds)

    async def advise(request: Request) -> Any:
        data = await body(request, "HintRequest")
        search = data.get("search", False)
        lang = request.state.lang = data.get("lang", "en")
        if "game" in data:
            seat, hosted = await workers.run(games.seat_of, data["game"], _bearer(request))
            if hosted.game.to_move != seat:
                raise NotYourTurn(f"seat {seat} is not to move")
            if hosted.kind.name == "tienlen":
                if search:
                    async with searches.slot():
                        action, reason = await workers.run(tienlen_hint, hosted.game.clone(), seat, search=True,
                                                           lang=lang)
                else:
                    action, reason = await workers.run(tienlen_hint, hosted.game.clone(), seat, lang=lang)
                return {"action": {"id": None, "text": str(action), "label": tienlen_action_text(action, lang)},
                        "reason": reason, "alternatives": []}
            view = hosted.game.view(seat)
        else:
            view = view_from_position(data["position"])
        if not search:
            return hint_report(await workers.run(hint, view, lang=lang), lang)
        async with searches.slot():
            advice = await workers.run(hint, view, search=True, budget=MAX_SEARCH_SECONDS, lang=lang)
        return hint_report(advice, lang)

    async def create(request: Request) -> Any:
        data = await body(request, "NewGame")
        client = _client(request.client)
        await workers.run(check_games, client)
        admit_creation(client)
        kind = KINDS[data.get("game", "phom")]
        rules = kind.rules(data.get("rules"))
        humans = data.get("humans", [0])
        bots = list(data.get("bots", []))
        others = rules.players - len(humans)
        if len(bots) > others:
            raise ValueError(f"bots names {len(bots)} bots for the {others} seats without a human")
        bots += [kind.default_bot] * (others - len(bots))
        turn_seconds = data.get("turn_seconds", DEFAULT)
        if turn_seconds != DEFAULT:
            try:
                check_turn_seconds(turn_seconds)
            except Refusal as exc:
                raise ApiError(400, str(exc), code=exc.code) from exc
        created = await workers.run(games.create, rules=rules, humans=humans, bots=bots,
                                    client_seed=data.get("client_seed", ""), kind=kind.name, creator=client,
                                    turn_seconds=turn_seconds)
        return {"id": created.id, "tokens": {str(seat): token for seat, token in created.tokens.items()},
                "commitment": created.commitment}

    async def show(request: Request) -> Any:
        seat, hosted = await workers.run(games.seat_of, request.path_params["game_id"], _bearer(request))
        drawn, lang = _drawn(request), _lang(request)
        found = views.cached(hosted, seat, drawn, lang)
        if found is not None:                      # already rendered: no thread needed
            return Response(found[0], media_type="application/json")
        return await workers.run(view_response, hosted, seat, drawn, lang)

    async def act(request: Request) -> Any:
        token = _bearer(request)
        drawn, lang = _drawn(request), _lang(request)
        data = await body(request, "Act")
        action = data["action"]
        kind = games.get(request.path_params["game_id"]).kind
        try:
            chosen = kind.action_of_id(action) if isinstance(action, int) else kind.parse_action(action)
        except ValueError as exc:
            raise ApiError(422, str(exc)) from exc

        key = request.headers.get("idempotency-key")
        if key is not None and not (0 < len(key) <= 100 and key.isascii() and key.isprintable()):
            raise ApiError(400, "Idempotency-Key must be 1 to 100 printable ASCII characters")

        def play() -> Response:
            seat, hosted = games.act(request.path_params["game_id"], token, chosen, key)
            return view_response(hosted, seat, drawn, lang)

        return await workers.run(play)

    async def name(request: Request) -> Any:
        token = _bearer(request)
        data = await body(request, "Name")
        try:
            _, hosted = await workers.run(games.rename, request.path_params["game_id"], token, data["name"])
        except Refusal as exc:
            raise ApiError(400, str(exc), code=exc.code) from exc
        return {"names": {str(s): n for s, n in sorted(hosted.names.items())}}

    async def react(request: Request) -> Any:
        token = _bearer(request)
        data = await body(request, "React")
        seat, hosted = await workers.run(games.seat_of, request.path_params["game_id"], token)
        if not limiter.hit(react_rate, "react", f"{hosted.id}:{seat}"):
            raise ApiError(429, f"one reaction every {REACT_SECONDS:g} s a seat",
                           code="react_too_often") from Refusal(
                "too many reactions", "react_too_often", seconds=int(REACT_SECONDS))
        await workers.run(games.react, hosted.id, token, data["reaction"])
        return {"reaction": {"seat": seat, "key": data["reaction"]}}

    async def back(request: Request) -> Any:
        token = _bearer(request)
        drawn, lang = _drawn(request), _lang(request)

        def come_back() -> Response:
            seat, hosted = games.back(request.path_params["game_id"], token)
            return view_response(hosted, seat, drawn, lang)

        return await workers.run(come_back)

    async def record(request: Request) -> Any:
        _, hosted = await workers.run(games.seat_of, request.path_params["game_id"], _bearer(request))
        if not hosted.game.is_over:
            raise GameOver("the record is given once the game is over")
        return hosted.record()

    def admit_creation(client: str) -> None:
        if not limiter.hit(create_rate, "create", client):
            raise HostFull(f"at most {rates.create} new games per client; try again later")

    def check_games(client: str) -> None:
        held = games.held(client)
        if held >= rates.live_games:
            raise HostFull(f"this address holds {held} unfinished games, the most it may; finish or leave one first")

    def admit_next(client: str) -> None:
        check_games(client)
        admit_creation(client)

    async def next_game(request: Request) -> Any:
        # a creation when it deals the next game (the other seats asking for the same one are not counted),
        # and one more unfinished game of the address that deals it
        client = _client(request.client)
        admit = functools.partial(admit_next, client)
        created = await workers.run(games.next_game, request.path_params["game_id"], _bearer(request), admit=admit,
                                    creator=client)
        return {"id": created.id, "commitment": created.commitment}

    async def game_review(request: Request) -> Any:
        _, hosted = await workers.run(games.seat_of, request.path_params["game_id"], _bearer(request))
        if not hosted.game.is_over:
            raise GameOver("the review is given once the game is over")
        kept = reviews.lookup(hosted.id, hosted.record())
        if kept is None:
            return JSONResponse({"status": "the review is being computed"}, status_code=202,
                                headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
        return kept

    async def review_record(request: Request) -> Any:
        data = await body(request, "ReviewRequest")
        record = data["record"]
        _record_bots(record)
        verify = None
        if "fairness" in record:                   # verified first, counted and timed with the review
            verify = functools.partial(verify_record, json.dumps(record, ensure_ascii=False), seconds=verify_seconds)
        return await asyncio.wrap_future(reviews.run_now(record, data.get("seats"), before=verify))

    async def health(request: Request) -> Response:
        return JSONResponse({"status": "ok"})

    async def ready(request: Request) -> Response:
        writable = await workers.run(games.store.writable)
        if writable and doorbell is not None and not await workers.run(doorbell.ping):
            return JSONResponse({"status": "the broker does not answer"}, status_code=503)
        return JSONResponse({"status": "ready" if writable else "the store cannot be written"},
                            status_code=200 if writable else 503)

    async def reference(request: Request) -> Any:
        return openapi()

    async def table_style(request: Request) -> Response:
        return Response(TABLE_CSS + TIENLEN_TABLE_CSS, media_type="text/css",
                        headers={"Cache-Control": "public, max-age=3600"})

    async def page(request: Request) -> Response:
        # the page starts in the browser's language (the script then follows a remembered choice)
        text = resources.files("phom.web").joinpath("static/index.html").read_text(encoding="utf-8")
        lang = preferred_language(request.headers.get("accept-language"))
        return HTMLResponse(text.replace('<html lang="vi">', f'<html lang="{lang}">', 1),
                            headers={"Vary": "Accept-Language"})

    async def live(socket: WebSocket) -> None:
        client = _client(socket.client)
        if not quotas.open_socket(client):
            await socket.accept()                  # accepted only to say why: a close code the client can read
            await socket.close(WS_TOO_MANY, "too many sockets from this address")
            return
        try:
            await _live(socket, games, subscribers, views, workers, lambda key: limiter.hit(ws_rate, "ws", key),
                        login_seconds)
        finally:
            quotas.close_socket(client)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        subscribers.loop = asyncio.get_running_loop()
        tasks = [asyncio.ensure_future(_keep_deadlines(games, workers))]
        if doorbell is not None:
            tasks.append(asyncio.ensure_future(doorbell.listen(subscribers.changed, subscribers.wake_all)))
        yield
        for task in tasks:
            task.cancel()
            try:
                await task
            except asyncio.CancelledError:
                pass

    static = StaticFiles(directory=str(resources.files("phom.web").joinpath("static")))
    app = Starlette(routes=[
        Route("/", page),
        Route("/healthz", health, methods=["GET"]),
        Route("/readyz", ready, methods=["GET"]),
        Route("/api/solve", endpoint(solve), methods=["POST"]),
        Route("/api/hint", endpoint(advise, work=True), methods=["POST"]),
        Route("/api/games", endpoint(create, work=True), methods=["POST"]),
        Route("/api/games/{game_id}", endpoint(show), methods=["GET"]),
        Route("/api/games/{game_id}/actions", endpoint(act, work=True), methods=["POST"]),
        Route("/api/games/{game_id}/record", endpoint(record), methods=["GET"]),
        Route("/api/games/{game_id}/review", endpoint(game_review), methods=["GET"]),
        Route("/api/games/{game_id}/next", endpoint(next_game, work=True), methods=["POST"]),
        Route("/api/games/{game_id}/name", endpoint(name, work=True), methods=["PUT"]),
        Route("/api/games/{game_id}/react", endpoint(react, work=True), methods=["POST"]),
        Route("/api/games/{game_id}/back", endpoint(back, work=True), methods=["POST"]),
        Route("/api/review", endpoint(review_record), methods=["POST"]),
        WebSocketRoute("/api/games/{game_id}/ws", live),
        Route("/api/openapi.json", endpoint(reference), methods=["GET"]),
        Route("/table.css", table_style, methods=["GET"]),
        Mount("/static", static, name="static"),
    ], lifespan=lifespan, middleware=[Middleware(SecurityHeaders)] + (
        [] if allowed_hosts is None else [Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts)]))
    return app


async def _keep_deadlines(games: GameHost, workers: _Workers) -> None:
    """Forever: play the deadlines that have passed (``GameHost.fire_due``) every ``DEADLINE_POLL_SECONDS``;
    a store that fails is tried again at the next look (another process may play them meanwhile)."""
    while True:
        await asyncio.sleep(DEADLINE_POLL_SECONDS)
        try:
            await workers.run(games.fire_due)
        except asyncio.CancelledError:
            raise
        except Exception as exc:                   # the store is away: the next look tries again
            _log.warning("playing passed deadlines failed: %s", str(exc).splitlines()[0] if str(exc) else exc)


async def _live(socket: WebSocket, games: GameHost, subscribers: _Subscribers, views: _ViewCache,
                workers: _Workers, allowed: Callable[[str], bool], login_seconds: float = LOGIN_SECONDS) -> None:
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
        await socket.close(WS_BAD, "send {\"token\": ...} first")
        return
    if first["type"] == "websocket.disconnect":
        return
    allowed(key)
    frame = first.get("text") or first.get("bytes") or b""
    if len(frame) > MAX_FIRST_FRAME_BYTES:
        await socket.close(WS_BAD, "the first message is too long")
        return
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
        await socket.send_json({"error": "the first message must be {\"token\": \"...\", \"since\": VERSION, "
                                         "\"html\": true|false, \"lang\": \"en\"|\"vi\"} (since, html and lang "
                                         "optional)"})
        await socket.close(WS_BAD)
        return
    game_id = socket.path_params["game_id"]
    try:
        seat, hosted = await workers.run(games.seat_of, game_id, message["token"])
    except NotFound:
        await socket.send_json({"error": "no game has this id (it may have expired)"})
        await socket.close(WS_NOT_FOUND)
        return
    except (Forbidden, Unauthorized):
        await socket.send_json({"error": "this token is not a seat of this game"})
        await socket.close(WS_FORBIDDEN)
        return
    changed = asyncio.Event()
    subscribers.events[game_id].add(changed)

    async def send_views() -> None:
        sent: tuple[Any, ...] | None = None    # the view_key of the view sent
        heard = (await workers.run(games.store.marks, game_id) or (0, 0))[1]   # only reactions from now on
        while True:
            changed.clear()                    # a change from now on wakes the wait below
            current = await workers.run(games.fresh, game_id)
            if view_key(current) != sent:
                found = views.cached(current, seat, drawn, lang)
                text, version = found if found is not None else await workers.run(views.text, current, seat,
                                                                                  drawn, lang)
                if since is not None and sent is None and since < version:
                    frame = json.loads(text)
                    frame["missed"] = [{"version": v, "player": entry["player"], "action": entry["action"],
                                        "text": frame["log"][v]}
                                       for v, entry in enumerate(frame["history"]) if v >= since]
                    text = json.dumps(frame, ensure_ascii=False, separators=(",", ":"))
                sent = view_key(current)
                await socket.send_text(text)
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
            task.cancel()
        subscribers.events[game_id].discard(changed)
        if not subscribers.events[game_id]:
            subscribers.events.pop(game_id, None)
        for task in (sender, receiver):
            try:
                await task
            except (asyncio.CancelledError, WebSocketDisconnect, RuntimeError, NotFound):
                pass


def app_from_environment() -> Starlette:
    """The application of one ``phom serve --workers N`` process, configured by the environment the
    command sets: ``PHOM_STORE`` (an SQLite path or a ``postgresql://`` URL), ``PHOM_BROKER`` (a
    ``redis://`` URL; the workers then share the store and ring each other's doorbell) and
    ``PHOM_ALLOWED_HOSTS`` (comma-separated; unset answers any ``Host``)."""
    import os

    from .backends import open_store

    store = open_store(os.environ["PHOM_STORE"])
    broker = os.environ.get("PHOM_BROKER")
    doorbell = None
    if broker:
        from .broker import Doorbell

        doorbell = Doorbell(broker)
    from .serving import quiet_client_errors

    quiet_client_errors()                          # in each worker process, as phom serve does in its own
    hosts = os.environ.get("PHOM_ALLOWED_HOSTS")
    return create_app(GameHost(store, shared=doorbell is not None), doorbell=doorbell,
                      allowed_hosts=None if hosts is None else hosts.split(","))
