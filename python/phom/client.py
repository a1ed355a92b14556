"""A small typed client for the public HTTP API of ``phom serve`` (extra ``web``: httpx and websockets),
for bots that sit at hosted tables (``phom bot play``) and for game servers that script tables.

Every call is one request; an answer that refuses (4xx, 5xx) raises ``ApiError`` naming the status and
the server's ``error``. Moves carry an ``Idempotency-Key`` (a fresh one per move unless given) and are
sent again with the same key when the connection fails, so a move is applied once even across a
server restart; reads are retried the same way; a server that stays unreachable for
``retry_seconds`` raises ``ServerUnreachable``. ``live()`` follows a seat over the WebSocket and
reconnects with ``since`` after a drop. Tokens travel only in headers and the socket's first message.

>>> client = PhomClient("http://127.0.0.1:8000")
>>> client.base_url, client.socket_url("abc")
('http://127.0.0.1:8000', 'ws://127.0.0.1:8000/api/games/abc/ws')
>>> client.close()

Against a running server (``phom serve``)::

    with PhomClient("http://127.0.0.1:8000") as client:
        table = client.create_game("tienlen", bots=["greedy"] * 3, client_seed="my table")
        token = table.tokens[0]
        view = client.view(table.id, token)
        while not view["is_over"]:
            if view["to_move"] == view["player"]:
                view = client.act(table.id, token, view["legal_actions"][0]["text"], version=view["version"])
            else:
                view = next(client.live(table.id, token, since=view["version"]))
        record = client.record(table.id, token)
        following = client.next_game(table.id, token)
"""

from __future__ import annotations

import contextlib
import json
import time
import uuid
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import urlsplit

from .games import DEFAULT_GAME

__all__ = ["ApiError", "CreatedGame", "NextGame", "PhomClient", "ServerUnreachable"]

#: Seconds a server may stay unreachable (refused connections, dropped sockets) before a call gives up.
DEFAULT_RETRY_SECONDS = 30.0
#: Seconds one HTTP request may take.
DEFAULT_TIMEOUT = 30.0
#: The longest pause between two attempts to reach the server again.
MAX_BACKOFF_SECONDS = 1.0
#: The largest view frame read from a WebSocket, in bytes.
MAX_VIEW_BYTES = 1 << 24
#: Seconds to wait for a review the server is still computing (it answers 202 meanwhile).
REVIEW_SECONDS = 120.0

_T = TypeVar("_T")


class ApiError(RuntimeError):
    """The server refused a request: ``status`` (the HTTP status, or the WebSocket's close code),
    ``error`` (its English reason), ``code`` and ``message`` (in the request's language) when given.

    >>> str(ApiError(409, "it is seat 2's turn, not seat 0's", what="POST /api/games/x/actions"))
    "POST /api/games/x/actions: 409 it is seat 2's turn, not seat 0's"
    """

    def __init__(self, status: int, error: str, *, code: str | None = None, message: str | None = None,
                 what: str = "") -> None:
        super().__init__(f"{what}: {status} {error}" if what else f"{status} {error}")
        self.status, self.error, self.code, self.message = status, error, code, message


class ServerUnreachable(ConnectionError):
    """The server could not be reached for ``retry_seconds``: the request, the address and the last failure."""


@dataclass(frozen=True)
class CreatedGame:
    """A hosted game just created: its ``id``, one token per human seat, the ``commitment`` to its deal."""

    id: str
    tokens: dict[int, str]
    commitment: str


@dataclass(frozen=True)
class NextGame:
    """The next game at a finished game's table (``POST /next``): its ``id`` and ``commitment``."""

    id: str
    commitment: str


def _import_httpx() -> Any:
    try:
        import httpx
    except ImportError:
        raise ImportError('phom.client needs httpx: pip install "phom[web]"') from None
    return httpx


class PhomClient:
    """The public HTTP API of one ``phom serve`` at ``base_url`` (``http://`` or ``https://``).

    ``timeout``: seconds one request may take; ``retry_seconds``: how long the server may stay
    unreachable before a call raises ``ServerUnreachable``; ``lang``: the language of the views' words.
    ``transport``: an httpx transport (tests, a fixed local address). Use it as a context manager or
    ``close()`` it.
    """

    def __init__(self, base_url: str, *, timeout: float = DEFAULT_TIMEOUT,
                 retry_seconds: float = DEFAULT_RETRY_SECONDS, lang: str = "en", transport: Any = None) -> None:
        parts = urlsplit(base_url)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
            raise ValueError(f"server address {base_url!r} must look like http://HOST:PORT (no query, no fragment)")
        for name, value in (("timeout", timeout), ("retry_seconds", retry_seconds)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 3600:
                raise ValueError(f"{name} {value!r} must be a number of seconds above 0 (at most 3600)")
        if lang not in ("en", "vi"):
            raise ValueError(f"lang {lang!r} must be en or vi")
        httpx = _import_httpx()
        self.base_url = base_url.rstrip("/")
        self.timeout, self.retry_seconds, self.lang = float(timeout), float(retry_seconds), lang
        self._http = httpx.Client(base_url=self.base_url, timeout=self.timeout, transport=transport,
                                  headers={"Accept": "application/json"})
        self._transient = (httpx.TransportError,)
        self._connect_failed = (httpx.ConnectError, httpx.ConnectTimeout)

    def __enter__(self) -> PhomClient:  # noqa: PYI034 (typing.Self needs Python 3.11; phom supports 3.10)
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the HTTP connections."""
        self._http.close()

    def socket_url(self, game_id: str) -> str:
        """The WebSocket address of a game (``ws://`` or ``wss://``)."""
        parts = urlsplit(self.base_url)
        scheme = "wss" if parts.scheme == "https" else "ws"
        return f"{scheme}://{parts.netloc}{parts.path}/api/games/{_game_path(game_id)}/ws"

    # -- requests -----------------------------------------------------------------------------

    def _retrying(self, what: str, attempt: Callable[[], _T], *, only_connect: bool = False) -> _T:
        """``attempt()`` until it gets an answer, pausing after each failed connection; the failures
        retried are refused or dropped connections (only refused ones with ``only_connect``)."""
        retried = self._connect_failed if only_connect else self._transient
        deadline, pause = time.monotonic() + self.retry_seconds, 0.05
        while True:
            try:
                return attempt()
            except retried as exc:
                if time.monotonic() + pause > deadline:
                    raise ServerUnreachable(f"{what}: {self.base_url} unreachable for {self.retry_seconds:g} s "
                                            f"({type(exc).__name__}: {exc})") from None
                time.sleep(pause)
                pause = min(MAX_BACKOFF_SECONDS, pause * 2)

    def _request(self, method: str, path: str, *, token: str | None = None, body: Any = None,
                 headers: dict[str, str] | None = None, params: dict[str, str] | None = None,
                 only_connect: bool = False, accept: Sequence[int] = (200,)) -> Any:
        sent = dict(headers or {})
        if token is not None:
            if not isinstance(token, str) or not token.strip():
                raise ValueError("a seat's token must be non-empty text")
            sent["Authorization"] = f"Bearer {token}"
        content = None
        if body is not None:
            sent["Content-Type"] = "application/json"
            content = json.dumps(body, ensure_ascii=False).encode("utf-8")
        what = f"{method} {path}"
        answer = self._retrying(what, lambda: self._http.request(method, path, content=content, headers=sent,
                                                                 params=params), only_connect=only_connect)
        if answer.status_code not in accept:
            raise _refusal(answer, what)
        if answer.status_code == 202:
            return answer
        try:
            return answer.json()
        except ValueError:
            raise ApiError(answer.status_code, f"the answer is not JSON: {answer.text[:120]!r}", what=what) from None

    def create_game(self, game: str = DEFAULT_GAME, *, rules: dict[str, Any] | None = None, humans: Sequence[int] = (0,),
                    bots: Sequence[str] | None = None, client_seed: str = "",
                    turn_seconds: int | None | str = "default") -> CreatedGame:
        """``POST /api/games``: a new table of ``game`` (any game the server hosts, ``GET /api/kinds``) with these human
        seats (a token each) and bots for the other seats (the server's default where not named);
        ``turn_seconds``: the table clock (5–600 s, None for none; the server's default if not given).
        Sent again only if the connection was refused (a request that may have arrived is never repeated)."""
        body: dict[str, Any] = {"game": game, "humans": list(humans), "client_seed": client_seed}
        if turn_seconds != "default":
            body["turn_seconds"] = turn_seconds
        if rules is not None:
            body["rules"] = rules
        if bots is not None:
            body["bots"] = list(bots)
        data = self._request("POST", "/api/games", body=body, only_connect=True)
        return CreatedGame(str(data["id"]), {int(s): str(t) for s, t in data["tokens"].items()}, str(data["commitment"]))

    def view(self, game_id: str, token: str, *, html: bool = False) -> dict[str, Any]:
        """``GET /api/games/{id}``: the seat's view (with ``version``; the drawn table only with ``html``)."""
        return dict(self._request("GET", f"/api/games/{_game_path(game_id)}", token=token,
                                  params={"html": "true" if html else "false", "lang": self.lang}))

    def act(self, game_id: str, token: str, action: str | int, *, key: str | None = None,
            html: bool = False, version: int | None = None) -> dict[str, Any]:
        """``POST /api/games/{id}/actions``: play ``action`` (its text, or a Phỏm action id) for the
        token's seat; the view after it and the bot moves it set off. ``key``: the move's
        ``Idempotency-Key`` (a fresh one by default); on a failed connection the same request is
        sent again with it, so the move is applied once. ``version``: the version of the view the
        move was chosen on (send it: if the game has moved on, the server plays nothing and answers
        409 with code ``stale``, an ``ApiError``)."""
        if isinstance(action, bool) or not isinstance(action, (str, int)):
            raise TypeError(f"action {action!r} must be an action's text or id")
        if version is not None and (isinstance(version, bool) or not isinstance(version, int) or version < 0):
            raise TypeError(f"version {version!r} must be a view's version (a whole number from 0)")
        key = key or uuid.uuid4().hex
        body: dict[str, Any] = {"action": action} if version is None else {"action": action, "version": version}
        return dict(self._request("POST", f"/api/games/{_game_path(game_id)}/actions", token=token,
                                  body=body, headers={"Idempotency-Key": key},
                                  params={"html": "true" if html else "false", "lang": self.lang}))

    def name(self, game_id: str, token: str, name: str) -> dict[str, str]:
        """``PUT /api/games/{id}/name``: the token's seat is called ``name`` at this table; every seat's name."""
        data = self._request("PUT", f"/api/games/{_game_path(game_id)}/name", token=token, body={"name": name},
                             params={"lang": self.lang})
        return {str(s): str(n) for s, n in data["names"].items()}

    def react(self, game_id: str, token: str, reaction: str) -> None:
        """``POST /api/games/{id}/react``: show one of the table's reactions (e.g. ``"nice"``) to every seat."""
        self._request("POST", f"/api/games/{_game_path(game_id)}/react", token=token, body={"reaction": reaction},
                      params={"lang": self.lang})

    def back(self, game_id: str, token: str) -> dict[str, Any]:
        """``POST /api/games/{id}/back``: the seat is present again after the stand-in played for it; the view."""
        return dict(self._request("POST", f"/api/games/{_game_path(game_id)}/back", token=token,
                                  params={"html": "false", "lang": self.lang}))

    def record(self, game_id: str, token: str) -> dict[str, Any]:
        """``GET /api/games/{id}/record``: the finished game's record (``phom verify`` checks it)."""
        return dict(self._request("GET", f"/api/games/{_game_path(game_id)}/record", token=token))

    def review(self, game_id: str, token: str, *, wait_seconds: float = REVIEW_SECONDS) -> dict[str, Any]:
        """``GET /api/games/{id}/review``: the finished game's review, asked again after each
        ``Retry-After`` while the server computes it (``ApiError`` 202 after ``wait_seconds``)."""
        path = f"/api/games/{_game_path(game_id)}/review"
        deadline = time.monotonic() + wait_seconds
        while True:
            answer = self._request("GET", path, token=token, accept=(200, 202))
            if isinstance(answer, dict):
                return answer
            pause = _retry_after(answer.headers.get("Retry-After"))
            if time.monotonic() + pause > deadline:
                raise ApiError(202, f"the review was not ready within {wait_seconds:g} s", what=f"GET {path}")
            time.sleep(pause)

    def next_game(self, game_id: str, token: str) -> NextGame:
        """``POST /api/games/{id}/next``: the next game at this finished game's table (every seat that
        asks gets the same one, so a retry after a failed connection is safe)."""
        data = self._request("POST", f"/api/games/{_game_path(game_id)}/next", token=token, body={})
        return NextGame(str(data["id"]), str(data["commitment"]))

    # -- the WebSocket ------------------------------------------------------------------------

    def live(self, game_id: str, token: str, *, since: int | None = None) -> Generator[dict[str, Any], None, None]:
        """The seat's views over the WebSocket, each newer than the one before (``version`` grows; a view
        at or below ``since`` is skipped), up to the view of the finished game, which ends it.
        After a dropped socket it connects again with ``since``: the server then sends what was
        missed. A refused login raises ``ApiError`` with the close code; an unreachable server,
        ``ServerUnreachable``."""
        try:
            from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus
            from websockets.sync.client import connect
        except ImportError:
            raise ImportError('phom.client needs websockets: pip install "phom[web]"') from None
        url, last = self.socket_url(game_id), since
        what = f"WebSocket /api/games/{game_id}/ws"
        failed_since: float | None = None
        pause = 0.05
        while True:
            failure: BaseException | None = None
            try:
                with connect(url, open_timeout=self.timeout, close_timeout=1, max_size=MAX_VIEW_BYTES) as socket:
                    first: dict[str, Any] = {"token": token, "html": False, "lang": self.lang}
                    if last is not None:
                        first["since"] = last
                    socket.send(json.dumps(first))
                    for frame in socket:
                        failed_since, pause = None, 0.05
                        data = json.loads(frame)
                        if "error" in data:
                            raise ApiError(_close_code(socket, ConnectionClosed), str(data["error"]), what=what)
                        if not isinstance(data, dict) or "version" not in data:
                            continue                # a reaction, or a message this client does not know
                        if data["is_over"] or last is None or data["version"] > last:
                            last = data["version"]
                            yield data
                            if data["is_over"]:
                                return
            except ConnectionClosed as exc:
                code = exc.rcvd.code if exc.rcvd is not None else None
                if code is not None and 4400 <= code < 4500 and code != SOCKETS_FULL:   # too many sockets: try again
                    reason = exc.rcvd.reason if exc.rcvd is not None else ""
                    raise ApiError(code, reason or _socket_refusal(code), what=what) from None
                failure = exc
            except InvalidStatus as exc:
                status = exc.response.status_code
                if status < 500:
                    raise ApiError(status, "the WebSocket handshake was refused", what=what) from None
                failure = exc
            except (OSError, InvalidHandshake, TimeoutError) as exc:
                failure = exc
            now = time.monotonic()                  # dropped, refused or closed: connect again with since
            failed_since = now if failed_since is None else failed_since
            if now - failed_since + pause > self.retry_seconds:
                raise ServerUnreachable(f"{what}: {self.base_url} unreachable for {self.retry_seconds:g} s "
                                        f"({type(failure).__name__}: {failure})" if failure else
                                        f"{what}: {self.base_url} kept closing the socket for {self.retry_seconds:g} s")
            time.sleep(pause)
            pause = min(MAX_BACKOFF_SECONDS, pause * 2)


#: The close code of a socket refused because its address holds too many: connected again after a pause.
SOCKETS_FULL = 4429


def _close_code(socket: Any, closed: type[Exception]) -> int:
    """The close code the server sends after an error frame (4400 if none comes within a second)."""
    with contextlib.suppress(closed, TimeoutError):
        socket.recv(timeout=1)
    code = getattr(socket, "close_code", None)
    return int(code) if isinstance(code, int) and 4400 <= code < 4500 else 4400


def _game_path(game_id: str) -> str:
    if not isinstance(game_id, str) or not game_id or not all(c.isalnum() or c in "-_" for c in game_id):
        raise ValueError(f"game id {game_id!r} must be letters, digits, - and _")
    return game_id


def _retry_after(value: str | None) -> float:
    try:
        return min(10.0, max(0.1, float(value or 1)))
    except ValueError:
        return 1.0


def _socket_refusal(code: int) -> str:
    return {4400: "the first message was refused", 4403: "this token is not a seat of this game",
            4404: "no game has this id (it may have expired)", 4429: "too many sockets or messages"}.get(
        code, "the WebSocket was closed by the server")


def _refusal(answer: Any, what: str) -> ApiError:
    try:
        data = answer.json()
    except ValueError:
        data = None
    if isinstance(data, dict) and isinstance(data.get("error"), str):
        return ApiError(answer.status_code, data["error"], code=data.get("code"), message=data.get("message"),
                        what=what)
    return ApiError(answer.status_code, answer.reason_phrase or "refused", what=what)
