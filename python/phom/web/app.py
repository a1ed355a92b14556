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

from importlib import resources
from typing import Any

from ..extras import missing_extra
from .api import BODY_SECONDS, LIMITS, LOGIN_SECONDS, VERIFY_SECONDS, openapi
from .headers import SECURITY_HEADERS, SecurityHeaders
from .hosting import GameHost
from .limits import RateLimits
from .routes import STOP_SECONDS, Routes
from .views import game_view

try:
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.middleware.trustedhost import TrustedHostMiddleware
    from starlette.routing import Mount, Route, WebSocketRoute
    from starlette.staticfiles import StaticFiles
except ImportError:
    raise missing_extra("web", "phom serve (Starlette, limits, jsonschema, fastjsonschema)") from None

__all__ = ["LIMITS", "SECURITY_HEADERS", "RateLimits", "SecurityHeaders", "create_app", "game_view", "openapi"]


def create_app(host: GameHost | None = None, *, rate_limits: RateLimits | None = None,
               worker_threads: int = 8, max_reviews: int = 2, doorbell: Any = None,
               allowed_hosts: list[str] | None = None, body_seconds: float = BODY_SECONDS,
               login_seconds: float = LOGIN_SECONDS, verify_seconds: float = VERIFY_SECONDS,
               max_searches: int = 2, stop_seconds: float | None = None) -> Starlette:
    """The ASGI application; ``host`` holds the hosted games (a fresh in-memory store by default).
    ``worker_threads`` bounds the threads that run moves, bots, views and hints: a few more than the
    cores, since the compiled core releases the GIL but the rest is Python (many more threads only
    queue for the GIL and the store). ``max_reviews`` bounds the reviews computed at a time, a posted
    record's verification included (a review asked for beyond it gets 429), ``max_searches`` the
    look-ahead hints (likewise). With a ``doorbell``, the rate limits are counted in its Redis, so they
    hold across the workers. ``allowed_hosts``: the
    ``Host`` names answered (``phom serve --allowed-hosts``; None answers any, for tests). A body must
    arrive within ``body_seconds``, a WebSocket's login within ``login_seconds``; a posted record's bots
    are replayed for at most ``verify_seconds``. ``stop_seconds`` (``phom serve``): once the server stops
    taking requests (SIGTERM), the process ends within that many seconds whatever still runs."""
    routes = Routes(host, rate_limits=rate_limits, worker_threads=worker_threads, max_reviews=max_reviews,
                    doorbell=doorbell, body_seconds=body_seconds, login_seconds=login_seconds,
                    verify_seconds=verify_seconds, max_searches=max_searches, stop_seconds=stop_seconds)
    static = StaticFiles(directory=str(resources.files("phom.web").joinpath("static")))
    app = Starlette(routes=[
        Route("/", routes.page),
        Route("/healthz", routes.health, methods=["GET"]),
        Route("/readyz", routes.ready, methods=["GET"]),
        Route("/api/solve", routes.endpoint(routes.solve), methods=["POST"]),
        Route("/api/hint", routes.endpoint(routes.advise, work=True), methods=["POST"]),
        Route("/api/games", routes.endpoint(routes.create, work=True), methods=["POST"]),
        Route("/api/games/{game_id}", routes.endpoint(routes.show), methods=["GET"]),
        Route("/api/games/{game_id}/actions", routes.endpoint(routes.act, work=True), methods=["POST"]),
        Route("/api/games/{game_id}/record", routes.endpoint(routes.record), methods=["GET"]),
        Route("/api/games/{game_id}/review", routes.endpoint(routes.game_review), methods=["GET"]),
        Route("/api/games/{game_id}/next", routes.endpoint(routes.next_game, work=True), methods=["POST"]),
        Route("/api/games/{game_id}/name", routes.endpoint(routes.name, work=True), methods=["PUT"]),
        Route("/api/games/{game_id}/react", routes.endpoint(routes.react, work=True), methods=["POST"]),
        Route("/api/games/{game_id}/back", routes.endpoint(routes.back, work=True), methods=["POST"]),
        Route("/api/review", routes.endpoint(routes.review_record), methods=["POST"]),
        WebSocketRoute("/api/games/{game_id}/ws", routes.live),
        Route("/api/openapi.json", routes.endpoint(routes.reference), methods=["GET"]),
        Route("/api/kinds", routes.endpoint(routes.kinds), methods=["GET"]),
        Route("/table.css", routes.table_style, methods=["GET"]),
        Route("/favicon.ico", routes.favicon, methods=["GET"]),
        Mount("/static", static, name="static"),
    ], lifespan=routes.lifespan, middleware=[Middleware(SecurityHeaders)] + (
        [] if allowed_hosts is None else [Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts)]))
    return app


def app_from_environment() -> Starlette:
    """The application of one ``phom serve --workers N`` process, configured by the environment the
    command sets: ``PHOM_STORE`` (an SQLite path or a ``postgresql://`` URL), ``PHOM_BROKER`` (a
    ``redis://`` URL; the workers then share the store and ring each other's doorbell) and
    ``PHOM_ALLOWED_HOSTS`` (comma-separated; unset answers any ``Host``), ``PHOM_TABLES_PER_ADDRESS`` and
    ``PHOM_SOCKETS_PER_ADDRESS`` (``RateLimits.live_games`` and ``sockets``; unset: the defaults)."""
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
                      allowed_hosts=None if hosts is None else hosts.split(","), rate_limits=limits_from_environment(),
                      stop_seconds=STOP_SECONDS)


def limits_from_environment() -> RateLimits:
    """The per-address limits ``phom serve`` set in the environment (``PHOM_TABLES_PER_ADDRESS``,
    ``PHOM_SOCKETS_PER_ADDRESS``), the defaults for those unset.

    >>> limits_from_environment().sockets
    200
    """
    import os

    defaults = RateLimits()
    return RateLimits(live_games=int(os.environ.get("PHOM_TABLES_PER_ADDRESS", defaults.live_games)),
                      sockets=int(os.environ.get("PHOM_SOCKETS_PER_ADDRESS", defaults.sockets)))
