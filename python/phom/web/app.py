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
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from ..cards import CardSet
from ..extras import missing_extra
from ..fairness import FairnessError, verify_record
from ..hints import hint
from ..position import view_from_position
from ..refusals import Refusal
from ..render import TABLE_CSS
from ..report import hint_report, solve_report
from ..tienlen.hints import tienlen_hint
from ..tienlen.render import TABLE_CSS as TIENLEN_TABLE_CSS
from ..tienlen.render import action_text as tienlen_action_text
from ..language import preferred_language
from .api import BODY_SECONDS, LIMITS, LOGIN_SECONDS, MAX_SEARCH_SECONDS, VERIFY_SECONDS, openapi
from .bodies import (ApiError, bearer_token, card_mask, check_record_bots, client_address, error_answer, read_body,
                     refusal_behind, request_language, view_language, wants_html)
from .headers import SECURITY_HEADERS, SecurityHeaders
from .hosting import (DEFAULT, REACT_SECONDS, Forbidden, GameHost, GameOver, HostedGame, HostFull, KeyReused, NotFound,
                      NotYourTurn, Unauthorized, check_turn_seconds)
from .kinds import KINDS
from .limits import ClientQuotas, RateLimits, Searches, SharedLimiter, Workers
from .live import WS_TOO_MANY, Subscribers, keep_deadlines, live_seat
from .reviews import RETRY_AFTER_SECONDS, ReviewQueue
from .views import ViewCache, game_view

try:
    from limits import RateLimitItem, parse
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.middleware.trustedhost import TrustedHostMiddleware
    from starlette.requests import ClientDisconnect, Request
    from starlette.responses import HTMLResponse, JSONResponse, Response
    from starlette.routing import Mount, Route, WebSocketRoute
    from starlette.staticfiles import StaticFiles
    from starlette.websockets import WebSocket
except ImportError:
    raise missing_extra("web", "phom serve (Starlette, limits, jsonschema, fastjsonschema)") from None

__all__ = ["LIMITS", "SECURITY_HEADERS", "RateLimits", "SecurityHeaders", "create_app", "game_view", "openapi"]


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
    quotas = ClientQuotas(rates)
    limiter = SharedLimiter(None if doorbell is None else getattr(doorbell, "url", None))
    searches = Searches(max_searches)
    create_rate: RateLimitItem = parse(rates.create)
    react_rate: RateLimitItem = parse(f"1 per {int(REACT_SECONDS)} seconds")
    ws_rate: RateLimitItem = parse(rates.ws_messages)
    subscribers = Subscribers()
    views = ViewCache(clock=games.clock)
    workers = Workers(worker_threads)
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
            async with quotas.working(client_address(request.client)):
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
                return error_answer(429, str(exc), lang=request_language(request))
            except (KeyReused, FairnessError, ValueError, TypeError) as exc:
                lang = request_language(request)
                if (why := refusal_behind(exc)) is not None:
                    return error_answer(422, str(exc), code=why.code, text=why.text(lang))
                return error_answer(422, str(exc), lang=lang)
        return run

    async def body(request: Request, schema: str) -> dict[str, Any]:
        return await read_body(request, schema, body_seconds)

    async def solve(request: Request) -> Any:
        data = await body(request, "Solve")
        hand = card_mask(data["hand"], "hand")
        eaten = card_mask(data.get("eaten"), "eaten")
        melds = [CardSet(card_mask(m, f"table[{i}]")) for i, m in enumerate(data.get("table", []))]
        if eaten & ~hand:
            raise ApiError(422, f"eaten {CardSet(eaten & ~hand)} is not in hand")
        return solve_report(hand, eaten, melds)

    async def advise(request: Request) -> Any:
        data = await body(request, "HintRequest")
        search = data.get("search", False)
        lang = request.state.lang = data.get("lang", "en")
        if "game" in data:
            seat, hosted = await workers.run(games.seat_of, data["game"], bearer_token(request))
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
        client = client_address(request.client)
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
        seat, hosted = await workers.run(games.seat_of, request.path_params["game_id"], bearer_token(request))
        drawn, lang = wants_html(request), view_language(request)
        found = views.cached(hosted, seat, drawn, lang)
        if found is not None:                      # already rendered: no thread needed
            return Response(found[0], media_type="application/json")
        return await workers.run(view_response, hosted, seat, drawn, lang)

    async def act(request: Request) -> Any:
        token = bearer_token(request)
        drawn, lang = wants_html(request), view_language(request)
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
        token = bearer_token(request)
        data = await body(request, "Name")
        try:
            _, hosted = await workers.run(games.rename, request.path_params["game_id"], token, data["name"])
        except Refusal as exc:
            raise ApiError(400, str(exc), code=exc.code) from exc
        return {"names": {str(s): n for s, n in sorted(hosted.names.items())}}

    async def react(request: Request) -> Any:
        token = bearer_token(request)
        data = await body(request, "React")
        seat, hosted = await workers.run(games.seat_of, request.path_params["game_id"], token)
        if not limiter.hit(react_rate, "react", f"{hosted.id}:{seat}"):
            raise ApiError(429, f"one reaction every {REACT_SECONDS:g} s a seat",
                           code="react_too_often") from Refusal(
                "too many reactions", "react_too_often", seconds=int(REACT_SECONDS))
        await workers.run(games.react, hosted.id, token, data["reaction"])
        return {"reaction": {"seat": seat, "key": data["reaction"]}}

    async def back(request: Request) -> Any:
        token = bearer_token(request)
        drawn, lang = wants_html(request), view_language(request)

        def come_back() -> Response:
            seat, hosted = games.back(request.path_params["game_id"], token)
            return view_response(hosted, seat, drawn, lang)

        return await workers.run(come_back)

    async def record(request: Request) -> Any:
        _, hosted = await workers.run(games.seat_of, request.path_params["game_id"], bearer_token(request))
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
        client = client_address(request.client)
        admit = functools.partial(admit_next, client)
        created = await workers.run(games.next_game, request.path_params["game_id"], bearer_token(request), admit=admit,
                                    creator=client)
        return {"id": created.id, "commitment": created.commitment}

    async def game_review(request: Request) -> Any:
        _, hosted = await workers.run(games.seat_of, request.path_params["game_id"], bearer_token(request))
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
        check_record_bots(record)
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
        client = client_address(socket.client)
        if not quotas.open_socket(client):
            await socket.accept()                  # accepted only to say why: a close code the client can read
            await socket.close(WS_TOO_MANY, "too many sockets from this address")
            return
        try:
            await live_seat(socket, games, subscribers, views, workers, lambda key: limiter.hit(ws_rate, "ws", key),
                        login_seconds)
        finally:
            quotas.close_socket(client)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        subscribers.loop = asyncio.get_running_loop()
        tasks = [asyncio.ensure_future(keep_deadlines(games, workers))]
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
