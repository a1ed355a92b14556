"""The ``phom serve`` application: a JSON API (solve, hint, hosted games) and a table in the browser.

Every error is JSON ``{"error": "<one sentence>"}`` with its status: 400 bad input, 403 wrong token,
404 unknown game, 409 not your turn or an illegal action (with the referee's reason), 413 too large,
429 too many hosted games. Costs are bounded: request bodies, game-sized hands and tables, the number
of hosted games (idle ones expire), and the time a look-ahead hint may search.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.post("/api/solve", json={"hand": "9H 10H JH 3C 5D"}).json()["best_lay"]["points"]
3
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any

from ..extras import missing_extra
from ..actions import Action
from ..cards import CardError, CardSet, to_mask
from ..game import Game
from ..hints import hint
from ..position import view_from_position
from ..render import html, result_text
from ..report import hint_report, solve_report, view_report
from ..rules import Rules
from .hosting import Forbidden, GameHost, HostFull, NotFound, NotYourTurn

try:
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.requests import Request
    from starlette.responses import HTMLResponse, JSONResponse, Response
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles
except ImportError:
    raise missing_extra("web", "phom serve (Starlette)") from None

__all__ = ["LIMITS", "create_app"]

MAX_BODY_BYTES = 64 * 1024
MAX_HAND_CARDS = 11          # a game hand: 10, plus the card being eaten
MAX_TABLE_MELDS = 12
MAX_SEARCH_SECONDS = 0.5
#: The bounds of every request (also in the API reference).
LIMITS: dict[str, float] = {"max_body_bytes": MAX_BODY_BYTES, "max_hand_cards": MAX_HAND_CARDS,
                            "max_table_melds": MAX_TABLE_MELDS, "max_search_seconds": MAX_SEARCH_SECONDS}


class ApiError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message.splitlines()[0] if message else "error"}, status_code=status)


async def _body(request: Request) -> dict[str, Any]:
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > MAX_BODY_BYTES:
        raise ApiError(413, f"the request body is over {MAX_BODY_BYTES} bytes")
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY_BYTES:
            raise ApiError(413, f"the request body is over {MAX_BODY_BYTES} bytes")
    try:
        data = json.loads(raw or b"{}")
    except (ValueError, RecursionError):
        raise ApiError(400, "the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise ApiError(400, "the request body must be a JSON object")
    return data


def _mask(value: Any, name: str, limit: int) -> int:
    if value is None:
        return 0
    if not isinstance(value, (str, list)):
        raise ApiError(400, f"{name} must be card text like \"9H 10H\" or a list of cards")
    try:
        mask = to_mask(value, name)
    except CardError as exc:
        raise ApiError(400, str(exc)) from None
    if mask.bit_count() > limit:
        raise ApiError(400, f"{name} holds {mask.bit_count()} cards; at most {limit} are solved here")
    return mask


def _game_view(game: Game, seat: int) -> dict[str, Any]:
    view = game.view(seat)
    report = view_report(view)
    report["html"] = html(view)
    if game.result is not None:
        result = game.result
        report["result"] = {**result.to_dict(), "winner": result.winner, "text": result_text(game)}
    return report


def create_app(host: GameHost | None = None) -> Starlette:
    """The ASGI application; ``host`` holds the hosted games (a fresh bounded store by default)."""
    games = host if host is not None else GameHost()

    def endpoint(handler: Callable[[Request], Awaitable[Any]]) -> Callable[[Request], Awaitable[Response]]:
        async def run(request: Request) -> Response:
            try:
                return JSONResponse(await handler(request))
            except ApiError as exc:
                return _error(exc.status, str(exc))
            except NotFound:
                return _error(404, "no game has this id (it may have expired)")
            except Forbidden as exc:
                return _error(403, str(exc))
            except NotYourTurn as exc:
                return _error(409, str(exc))
            except HostFull as exc:
                return _error(429, str(exc))
            except (ValueError, TypeError) as exc:
                return _error(400, str(exc))
        return run

    async def solve(request: Request) -> Any:
        data = await _body(request)
        hand = _mask(data.get("hand"), "hand", MAX_HAND_CARDS)
        eaten = _mask(data.get("eaten"), "eaten", MAX_HAND_CARDS)
        table = data.get("table", [])
        if not isinstance(table, list) or len(table) > MAX_TABLE_MELDS:
            raise ApiError(400, f"table must be a list of at most {MAX_TABLE_MELDS} phỏm")
        melds = [CardSet(_mask(m, f"table[{i}]", 13)) for i, m in enumerate(table)]
        if eaten & ~hand:
            raise ApiError(400, f"eaten {CardSet(eaten & ~hand)} is not in hand")
        return solve_report(hand, eaten, melds)

    async def advise(request: Request) -> Any:
        data = await _body(request)
        search = data.pop("search", False)
        if not isinstance(search, bool):
            raise ApiError(400, "search must be true or false")
        if "game" in data:
            seat, game = games.seat_of(str(data.get("game")), str(data.get("token", "")))
            if game.to_move != seat:
                raise NotYourTurn(f"seat {seat} is not to move")
            view = game.view(seat)
        else:
            view = view_from_position(data.get("position"))
        budget = MAX_SEARCH_SECONDS
        advice = await run_in_threadpool(hint, view, search=search, budget=budget) if search else hint(view)
        return hint_report(advice)

    async def create(request: Request) -> Any:
        data = await _body(request)
        rules = Rules.from_dict(data["rules"]) if "rules" in data else None
        seed = data.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ApiError(400, "seed must be an integer")
        game_id, tokens = games.create(rules=rules, seed=seed, humans=data.get("humans"), bots=data.get("bots"))
        return {"id": game_id, "tokens": {str(seat): token for seat, token in tokens.items()}}

    async def show(request: Request) -> Any:
        seat, game = games.seat_of(request.path_params["game_id"], request.query_params.get("token", ""))
        return _game_view(game, seat)

    async def act(request: Request) -> Any:
        data = await _body(request)
        action = data.get("action")
        try:
            chosen = Action.from_id(action) if isinstance(action, int) else Action.parse(str(action))
        except ValueError as exc:
            raise ApiError(400, str(exc)) from None
        seat, game = games.act(request.path_params["game_id"], str(data.get("token", "")), chosen)
        return _game_view(game, seat)

    async def record(request: Request) -> Any:
        _, game = games.seat_of(request.path_params["game_id"], request.query_params.get("token", ""))
        if not game.is_over:
            raise NotYourTurn("the record is given once the game is over")
        return json.loads(game.to_json())

    async def reference(request: Request) -> Any:
        return openapi()

    async def page(request: Request) -> Response:
        return HTMLResponse(resources.files("phom.web").joinpath("static/index.html").read_text(encoding="utf-8"))

    static = StaticFiles(directory=str(resources.files("phom.web").joinpath("static")))
    return Starlette(routes=[
        Route("/", page),
        Route("/api/solve", endpoint(solve), methods=["POST"]),
        Route("/api/hint", endpoint(advise), methods=["POST"]),
        Route("/api/games", endpoint(create), methods=["POST"]),
        Route("/api/games/{game_id}", endpoint(show), methods=["GET"]),
        Route("/api/games/{game_id}/actions", endpoint(act), methods=["POST"]),
        Route("/api/games/{game_id}/record", endpoint(record), methods=["GET"]),
        Route("/api/openapi.json", endpoint(reference), methods=["GET"]),
        Mount("/static", static, name="static"),
    ])


def openapi() -> dict[str, Any]:
    """The API reference as an OpenAPI 3 document (served at /api/openapi.json)."""
    error = {"description": "a one-sentence reason",
             "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
    json_body: Callable[[str], dict[str, Any]] = lambda ref: {  # noqa: E731
        "required": True, "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{ref}"}}}}
    ok: Callable[[str], dict[str, Any]] = lambda what: {"description": what,  # noqa: E731
                                                        "content": {"application/json": {"schema": {"type": "object"}}}}
    token = {"name": "token", "in": "query", "required": True, "schema": {"type": "string"}}
    game_id = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}
    return {
        "openapi": "3.0.3",
        "info": {"title": "phom serve", "version": "1",
                 "description": "Phỏm solver answers, hints and hosted games. Limits: " + json.dumps(LIMITS)},
        "paths": {
            "/api/solve": {"post": {"summary": "Everything the solver says about a hand (phom solve --json)",
                                    "requestBody": json_body("Solve"),
                                    "responses": {"200": ok("the solve report"), "400": error, "413": error}}},
            "/api/hint": {"post": {"summary": "A hint for a position, or for your seat of a hosted game",
                                   "requestBody": json_body("HintRequest"),
                                   "responses": {"200": ok("action, reason, alternatives"), "400": error,
                                                 "403": error, "404": error, "409": error, "413": error}}},
            "/api/games": {"post": {"summary": "Host a game: one token per human seat, bots for the others",
                                    "requestBody": json_body("NewGame"),
                                    "responses": {"200": ok("id and tokens"), "400": error, "429": error}}},
            "/api/games/{game_id}": {"get": {"summary": "Your seat's view (never another hand)",
                                             "parameters": [game_id, token],
                                             "responses": {"200": ok("the view"), "403": error, "404": error}}},
            "/api/games/{game_id}/actions": {"post": {
                "summary": "Play an action (its text or id); the bots then move", "parameters": [game_id],
                "requestBody": json_body("Act"),
                "responses": {"200": ok("the view after"), "400": error, "403": error, "404": error,
                              "409": error}}},
            "/api/games/{game_id}/record": {"get": {"summary": "The JSON record, once the game is over",
                                                    "parameters": [game_id, token],
                                                    "responses": {"200": ok("the phom-game record"),
                                                                  "403": error, "404": error, "409": error}}},
        },
        "components": {"schemas": {
            "Error": {"type": "object", "properties": {"error": {"type": "string"}}, "required": ["error"]},
            "Cards": {"oneOf": [{"type": "string", "example": "9H 10H JH"},
                                {"type": "array", "items": {"type": "string"}}]},
            "Solve": {"type": "object", "required": ["hand"], "properties": {
                "hand": {"$ref": "#/components/schemas/Cards"}, "eaten": {"$ref": "#/components/schemas/Cards"},
                "table": {"type": "array", "items": {"$ref": "#/components/schemas/Cards"}}}},
            "HintRequest": {"type": "object", "properties": {
                "position": {"type": "object", "description": "see phom.position (player, hand, phase, seats, ...)"},
                "game": {"type": "string"}, "token": {"type": "string"}, "search": {"type": "boolean"}}},
            "NewGame": {"type": "object", "properties": {
                "rules": {"type": "object"}, "seed": {"type": "integer"},
                "humans": {"type": "array", "items": {"type": "integer"}},
                "bots": {"type": "array", "items": {"type": "string"}}}},
            "Act": {"type": "object", "required": ["token", "action"], "properties": {
                "token": {"type": "string"}, "action": {"oneOf": [{"type": "string"}, {"type": "integer"}]}}},
        }},
    }
