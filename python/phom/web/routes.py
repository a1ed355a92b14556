"""The handlers of ``phom serve``'s routes, over one host of games: ``Routes`` holds what they share (the
limits, the view cache, the worker threads, the review queue, the live seats) and turns every error into
its JSON answer (``endpoint``); ``phom.web.app.create_app`` maps the paths to them.

>>> from phom.web.hosting import GameHost
>>> routes = Routes(GameHost())
>>> routes.rates.create, routes.searches.limit
('30/minute', 2)
"""

from __future__ import annotations

import asyncio
import functools
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from ..cards import CardSet
from ..extras import missing_extra
from ..fairness import FairnessError, verify_record
from ..games import DEFAULT_GAME, GAMES, game_kind
from ..language import preferred_language
from ..refusals import Refusal
from .api import BODY_SECONDS, LOGIN_SECONDS, MAX_SEARCH_SECONDS, VERIFY_SECONDS, openapi
from .kinds import kinds_data
from .bodies import (ApiError, bearer_token, card_mask, check_record_bots, client_address, error_answer, read_body,
                     refusal_behind, request_language, view_language, wants_html)
from .hosting import (DEFAULT, REACT_SECONDS, Forbidden, GameHost, GameOver, HostedGame, HostFull, KeyReused, NotFound,
                      NotYourTurn, Unauthorized, check_turn_seconds)
from .limits import ClientQuotas, RateLimits, Searches, SharedLimiter, Workers, address_group
from .live import CLOSE_REASONS, WS_TOO_MANY_SOCKETS, Subscribers, keep_deadlines, live_seat
from .reviews import RETRY_AFTER_SECONDS, ReviewQueue
from .views import ViewCache

try:
    from limits import RateLimitItem, parse
    from starlette.applications import Starlette
    from starlette.requests import ClientDisconnect, Request
    from starlette.responses import HTMLResponse, JSONResponse, Response
    from starlette.websockets import WebSocket
except ImportError:
    raise missing_extra("web", "phom serve (Starlette, limits)") from None

__all__ = ["DEADLINE_THREADS", "STOP_SECONDS", "Routes", "client_of", "exit_by"]

#: The threads that play passed deadlines (apart from those that answer requests).
DEADLINE_THREADS = 4
#: Once the server has stopped taking requests (SIGTERM), the process ends within this many seconds
#: whatever still runs; every acknowledged move is in the store already, and other workers take its deadlines.
STOP_SECONDS = 4.0


def client_of(connection: Request | WebSocket) -> str:
    """The client a request or a socket is counted as (``phom.web.limits.address_group``: an IPv6 /64)."""
    return address_group(client_address(connection.client))


def exit_by(seconds: float) -> None:
    """End this process ``seconds`` from now unless it has ended by then (a daemon timer: a clean exit
    that comes first is not held up by it)."""
    import os
    import threading

    timer = threading.Timer(seconds, os._exit, args=(0,))
    timer.daemon = True
    timer.start()


def _default_game_part(name: str) -> Callable[..., Any]:
    """An optional member of the default game's kind that an endpoint of its own calls (``/api/solve``:
    ``solve``; ``/api/hint`` with a ``position``: ``hint_of_data``); 404 where the game has none."""
    part: Callable[..., Any] | None = getattr(game_kind(DEFAULT_GAME), name, None)
    if part is None:
        raise ApiError(404, f"the default game ({DEFAULT_GAME}) has no {name}")
    return part


class Routes:
    """The route handlers of one application over ``host`` (the arguments are ``create_app``'s; with
    ``stop_seconds``, the process ends that long after the server stopped taking requests, as
    ``phom serve`` wants on SIGTERM)."""

    def __init__(self, host: GameHost | None = None, *, rate_limits: RateLimits | None = None,
                 worker_threads: int = 8, max_reviews: int = 2, doorbell: Any = None,
                 body_seconds: float = BODY_SECONDS, login_seconds: float = LOGIN_SECONDS,
                 verify_seconds: float = VERIFY_SECONDS, max_searches: int = 2,
                 stop_seconds: float | None = None) -> None:
        self.doorbell = doorbell
        self.stop_seconds = stop_seconds
        self.body_seconds, self.login_seconds, self.verify_seconds = body_seconds, login_seconds, verify_seconds
        self.games = host if host is not None else GameHost()
        self.rates = rate_limits if rate_limits is not None else RateLimits()
        self.quotas = ClientQuotas(self.rates)
        self.limiter = SharedLimiter(None if self.doorbell is None else getattr(self.doorbell, "url", None))
        self.searches = Searches(max_searches)
        self.create_rate: RateLimitItem = parse(self.rates.create)
        self.react_rate: RateLimitItem = parse(self.rates.reactions)
        self.seating_rate: RateLimitItem = parse(self.rates.seating)
        self.ws_rate: RateLimitItem = parse(self.rates.ws_messages)
        self.subscribers = Subscribers()
        self.views = ViewCache(clock=self.games.clock)
        self.workers = Workers(worker_threads)
        self.deadline_workers = Workers(DEADLINE_THREADS)   # the stand-in's moves never queue behind requests
        self.reviews = ReviewQueue(self.games.store, self.workers.pool, limit=max_reviews)
        self.games.listeners.append(self.subscribers.changed)
        if self.doorbell is not None:                       # other workers hear of every commit (phom.web.broker)
            self.games.listeners.append(self.doorbell.ring)


    def view_response(self, hosted: HostedGame, seat: int, drawn: bool, lang: str) -> Response:
        return Response(self.views.text(hosted, seat, drawn, lang)[0], media_type="application/json")

    def endpoint(self, handler: Callable[[Request], Awaitable[Any]], *, work: bool = False
                 ) -> Callable[[Request], Awaitable[Response]]:
        """The route's errors as JSON answers; with ``work``, the request waits its client's turn
        (``RateLimits.busy``) before it is worked on."""
        async def answer(request: Request) -> Any:
            if not work:
                return await handler(request)
            async with self.quotas.working(client_of(request)):
                return await handler(request)

        async def run(request: Request) -> Response:
            try:
                answered = await answer(request)
                return answered if isinstance(answered, Response) else JSONResponse(answered)
            except ClientDisconnect:
                return Response(status_code=400)          # nobody is left to read it
            except ApiError as exc:
                if (why := refusal_behind(exc)) is not None:
                    return error_answer(exc.status, str(exc), code=why.code, text=why.text(request_language(request)))
                return error_answer(exc.status, str(exc), code=exc.code, lang=request_language(request))
            except NotFound:
                return error_answer(404, "no game has this id (it may have expired)", lang=request_language(request))
            except Unauthorized as exc:
                return error_answer(401, str(exc), {"WWW-Authenticate": "Bearer"}, lang=request_language(request))
            except Forbidden as exc:
                return error_answer(403, str(exc), lang=request_language(request))
            except NotYourTurn as exc:
                lang = request_language(request)
                if (why := refusal_behind(exc)) is not None:
                    return error_answer(409, str(exc), code=why.code, text=why.text(lang))
                code = "game_over" if str(exc) == "the game is over" else "not_your_turn" if "turn" in str(exc) else None
                return error_answer(409, str(exc), code=code, lang=lang)
            except HostFull as exc:
                return error_answer(429, str(exc), {"Retry-After": str(exc.retry_after)},
                                    lang=request_language(request))
            except (KeyReused, FairnessError, ValueError, TypeError) as exc:
                lang = request_language(request)
                if (why := refusal_behind(exc)) is not None:
                    return error_answer(422, str(exc), code=why.code, text=why.text(lang))
                return error_answer(422, str(exc), lang=lang)
        return run

    async def body(self, request: Request, schema: str) -> dict[str, Any]:
        return await read_body(request, schema, self.body_seconds)

    async def solve(self, request: Request) -> Any:
        data = await self.body(request, "Solve")
        hand = card_mask(data["hand"], "hand")
        eaten = card_mask(data.get("eaten"), "eaten")
        melds = [CardSet(card_mask(m, f"table[{i}]")) for i, m in enumerate(data.get("table", []))]
        if eaten & ~hand:
            raise ApiError(422, f"eaten {CardSet(eaten & ~hand)} is not in hand")
        return _default_game_part("solve")(hand, eaten, melds)      # the solver is the default game's (the schema's)

    async def advise(self, request: Request) -> Any:
        data = await self.body(request, "HintRequest")
        search = data.get("search", False)
        lang = request.state.lang = data.get("lang", "en")
        if "game" in data:
            seat, hosted = await self.workers.run(self.games.seat_of, data["game"], bearer_token(request))
            if hosted.game.to_move != seat:
                raise NotYourTurn(f"seat {seat} is not to move")
            kind, game = hosted.kind, hosted.game.clone()
            if not search:
                return await self.workers.run(functools.partial(kind.hint, game, seat, search=False, lang=lang))
            async with self.searches.slot():
                return await self.workers.run(functools.partial(kind.hint, game, seat, search=True, lang=lang,
                                                                seconds=MAX_SEARCH_SECONDS))
        hint_of_data = _default_game_part("hint_of_data")    # a posted position is the default game's (the schema's)
        if not search:
            return await self.workers.run(functools.partial(hint_of_data, data["position"], search=False, lang=lang))
        async with self.searches.slot():
            return await self.workers.run(functools.partial(hint_of_data, data["position"], search=True, lang=lang,
                                                            seconds=MAX_SEARCH_SECONDS))

    async def create(self, request: Request) -> Any:
        data = await self.body(request, "NewGame")
        client = client_of(request)
        await self.workers.run(self.check_games, client)
        self.admit_creation(client)
        kind = game_kind(data.get("game", DEFAULT_GAME))
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
        created = await self.workers.run(self.games.create, rules=rules, humans=humans, bots=bots,
                                    client_seed=data.get("client_seed", ""), kind=kind.name, creator=client,
                                    turn_seconds=turn_seconds)
        return {"id": created.id, "tokens": {str(seat): token for seat, token in created.tokens.items()},
                "commitment": created.commitment}

    async def show(self, request: Request) -> Any:
        seat, hosted = await self.workers.run(self.games.seat_of, request.path_params["game_id"], bearer_token(request))
        drawn, lang = wants_html(request), view_language(request)
        found = self.views.cached(hosted, seat, drawn, lang)
        if found is not None:                      # already rendered: no thread needed
            return Response(found[0], media_type="application/json")
        return await self.workers.run(self.view_response, hosted, seat, drawn, lang)

    async def act(self, request: Request) -> Any:
        token = bearer_token(request)
        drawn, lang = wants_html(request), view_language(request)
        data = await self.body(request, "Act")
        action = data["action"]
        kind = self.games.get(request.path_params["game_id"]).kind
        try:
            chosen = kind.action_of_id(action) if isinstance(action, int) else kind.parse_action(action)
        except ValueError as exc:
            raise ApiError(422, str(exc)) from exc

        key = request.headers.get("idempotency-key")
        if key is not None and not (0 < len(key) <= 100 and key.isascii() and key.isprintable()):
            raise ApiError(400, "Idempotency-Key must be 1 to 100 printable ASCII characters")
        seen = data.get("version")                  # the version the move was chosen on: 409 stale if not current

        def play() -> Response:
            seat, hosted = self.games.act(request.path_params["game_id"], token, chosen, key, seen=seen)
            return self.view_response(hosted, seat, drawn, lang)

        return await self.workers.run(play)

    async def name(self, request: Request) -> Any:
        token = bearer_token(request)
        data = await self.body(request, "Name")
        await self.admit_seating(request, token)
        try:
            _, hosted = await self.workers.run(self.games.rename, request.path_params["game_id"], token, data["name"])
        except Refusal as exc:
            raise ApiError(400, str(exc), code=exc.code) from exc
        return {"names": {str(s): n for s, n in sorted(hosted.names.items())}}

    async def react(self, request: Request) -> Any:
        token = bearer_token(request)
        data = await self.body(request, "React")
        seat, hosted = await self.workers.run(self.games.seat_of, request.path_params["game_id"], token)
        if not self.limiter.hit(self.react_rate, "react", f"{hosted.id}:{seat}"):
            raise ApiError(429, f"one reaction every {REACT_SECONDS:g} s a seat",
                           code="react_too_often") from Refusal(
                "too many reactions", "react_too_often", seconds=int(REACT_SECONDS))
        await self.workers.run(self.games.react, hosted.id, token, data["reaction"])
        return {"reaction": {"seat": seat, "key": data["reaction"]}}

    async def back(self, request: Request) -> Any:
        token = bearer_token(request)
        drawn, lang = wants_html(request), view_language(request)

        await self.admit_seating(request, token)

        def come_back() -> Response:
            seat, hosted = self.games.back(request.path_params["game_id"], token)
            return self.view_response(hosted, seat, drawn, lang)

        return await self.workers.run(come_back)

    async def admit_seating(self, request: Request, token: str) -> None:
        """HostFull (429) when the token's seat changed its name or came back too often (``RateLimits.seating``)."""
        seat, hosted = await self.workers.run(self.games.seat_of, request.path_params["game_id"], token)
        if not self.limiter.hit(self.seating_rate, "seating", f"{hosted.id}:{seat}"):
            raise HostFull(f"at most {self.rates.seating} names or comebacks a seat; try again later")

    async def record(self, request: Request) -> Any:
        _, hosted = await self.workers.run(self.games.seat_of, request.path_params["game_id"], bearer_token(request))
        if not hosted.game.is_over:
            raise GameOver("the record is given once the game is over")
        return hosted.record()

    def admit_creation(self, client: str) -> None:
        if not self.limiter.hit(self.create_rate, "create", client):
            raise HostFull(f"at most {self.rates.create} new games per client; try again later",
                           retry_after=self.limiter.retry_after(self.create_rate, "create", client))

    def check_games(self, client: str) -> None:
        held = self.games.held(client)
        if held >= self.rates.live_games:
            raise HostFull(f"this address holds {held} unfinished games, the most it may; finish or leave one first")

    def admit_next(self, client: str) -> None:
        self.check_games(client)
        self.admit_creation(client)

    async def next_game(self, request: Request) -> Any:
        # a creation when it deals the next game (the other seats asking for the same one are not counted),
        # and one more unfinished game of the address that deals it
        client = client_of(request)
        admit = functools.partial(self.admit_next, client)
        created = await self.workers.run(self.games.next_game, request.path_params["game_id"], bearer_token(request), admit=admit,
                                    creator=client)
        return {"id": created.id, "commitment": created.commitment}

    async def game_review(self, request: Request) -> Any:
        _, hosted = await self.workers.run(self.games.seat_of, request.path_params["game_id"], bearer_token(request))
        if not hosted.game.is_over:
            raise GameOver("the review is given once the game is over")
        kept = self.reviews.lookup(hosted.id, hosted.record())
        if kept is None:
            return JSONResponse({"status": "the review is being computed"}, status_code=202,
                                headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
        return kept

    async def review_record(self, request: Request) -> Any:
        data = await self.body(request, "ReviewRequest")
        record = data["record"]
        check_record_bots(record)
        verify = None
        if "fairness" in record:                   # verified first, counted and timed with the review
            verify = functools.partial(verify_record, json.dumps(record, ensure_ascii=False), seconds=self.verify_seconds)
        return await asyncio.wrap_future(self.reviews.run_now(record, data.get("seats"), before=verify))

    async def health(self, request: Request) -> Response:
        return JSONResponse({"status": "ok"})

    async def ready(self, request: Request) -> Response:
        writable = await self.workers.run(self.games.store.writable)
        if writable and self.doorbell is not None and not await self.workers.run(self.doorbell.ping):
            return JSONResponse({"status": "the broker does not answer"}, status_code=503)
        return JSONResponse({"status": "ready" if writable else "the store cannot be written"},
                            status_code=200 if writable else 503)

    async def reference(self, request: Request) -> Any:
        return openapi()

    async def kinds(self, request: Request) -> Any:
        return kinds_data()

    async def table_style(self, request: Request) -> Response:
        style = "".join(str(getattr(kind, "table_css", "")) for kind in GAMES.values())  # every game's table
        return Response(style, media_type="text/css",
                        headers={"Cache-Control": "public, max-age=3600"})

    async def favicon(self, request: Request) -> Response:
        # browsers ask for /favicon.ico whatever the page links: the same drawing, as SVG
        icon = resources.files("phom.web").joinpath("static/favicon.svg").read_bytes()
        return Response(icon, media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"})

    async def page(self, request: Request) -> Response:
        # the page starts in the browser's language (the script then follows a remembered choice)
        text = resources.files("phom.web").joinpath("static/index.html").read_text(encoding="utf-8")
        lang = preferred_language(request.headers.get("accept-language"))
        return HTMLResponse(text.replace('<html lang="vi">', f'<html lang="{lang}">', 1),
                            headers={"Vary": "Accept-Language"})

    async def live(self, socket: WebSocket) -> None:
        client = client_of(socket)
        if not self.quotas.open_socket(client):
            await socket.accept()                  # accepted only to say why: a close code the client can read
            await socket.close(WS_TOO_MANY_SOCKETS, CLOSE_REASONS[WS_TOO_MANY_SOCKETS])
            return
        try:
            await live_seat(socket, self.games, self.subscribers, self.views, self.workers, lambda key: self.limiter.hit(self.ws_rate, "ws", key),
                        self.login_seconds)
        finally:
            self.quotas.close_socket(client)

    @asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        self.subscribers.loop = asyncio.get_running_loop()
        tasks = [asyncio.ensure_future(keep_deadlines(self.games, self.deadline_workers))]
        if self.doorbell is not None:
            tasks.append(asyncio.ensure_future(self.doorbell.listen(self.subscribers.changed, self.subscribers.wake_all)))
        yield
        for task in tasks:
            task.cancel()
        await asyncio.wait(tasks, timeout=1.0)
        if self.stop_seconds is not None:          # a served process: whatever still runs (a thread in a slow
            exit_by(self.stop_seconds)             # store), the process ends; its queued work is dropped
            for pool in (self.workers.pool, self.deadline_workers.pool):
                pool.shutdown(wait=False, cancel_futures=True)
        # an app that is not a served process (a test's client) may start again: its threads stay
