"""What a request of ``phom serve`` brings, checked before any work: its JSON body against the API
document's schema (size, type, arrival time), its query parameters and token, the bots of a posted
record; and how a refusal is answered (``{"error", "code", "message"}`` in the request's language).

>>> check_body("Solve", {"hand": "9H 10H JH"})
{'hand': '9H 10H JH'}
"""

from __future__ import annotations

import asyncio
import functools
import json
import re
from typing import Any

from ..cards import CardError, to_mask
from ..extras import missing_extra
from ..games import DEFAULT_GAME, game_spec, game_specs, kind_of_record
from ..language import LANGUAGES, N_, preferred_language, translator
from ..refusals import Refusal
from .api import BODY_SECONDS, BOT_PATTERN, MAX_BODY_BYTES, REQUEST_SCHEMAS, bot_forms, bot_pattern, json_schema, request_schemas
from .hosting import Unauthorized, name_refusal, turn_seconds_refusal

try:
    import fastjsonschema
    import jsonschema
    from starlette.requests import Request
    from starlette.responses import JSONResponse
except ImportError:
    raise missing_extra("web", "phom serve (Starlette, jsonschema, fastjsonschema)") from None

__all__ = ["FIELD_REFUSALS", "MESSAGES", "STATUS_CODES", "ApiError", "bearer_token", "card_mask",
           "check_body", "check_bot_name", "check_record_bots", "check_seats", "checks", "most_seats", "registered", "client_address", "error_answer", "is_json", "read_body",
           "refusal_behind", "request_language", "view_language", "wants_html"]


class ApiError(Exception):
    """A refused request: its status, the English sentence (``error``) and a ``code`` (by default the
    status's); the answer adds the ``message`` in the request's language."""

    def __init__(self, status: int, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code or STATUS_CODES.get(status, "bad_request")


#: the code of an error by its status, when nothing names it more closely
STATUS_CODES = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found", 408: "too_slow",
                 409: "not_now", 413: "too_large", 415: "not_json", 422: "refused", 429: "too_many"}
#: what a person reads for each code (the referee's refusals have their own: phom.refusals)
MESSAGES = {"bad_request": N_("The request is not one this table understands."),
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


def request_language(request: Request) -> str:
    """The language of an error's ``message``: ``lang`` in the query or (kept by the handler) the body,
    else the ``Accept-Language`` header."""
    for lang in (request.query_params.get("lang"), getattr(request.state, "lang", None)):
        if lang in LANGUAGES:
            return str(lang)
    return preferred_language(request.headers.get("accept-language"))


# fastjsonschema compiles each schema to Python (a few µs a body); jsonschema explains a refusal
FAST_CHECKS = {name: fastjsonschema.compile(json_schema(schema)) for name, schema in REQUEST_SCHEMAS.items()}
EXPLAINING_CHECKS = {name: jsonschema.Draft7Validator(json_schema(schema)) for name, schema in REQUEST_SCHEMAS.items()}


@functools.lru_cache(maxsize=8)
def checks(games: tuple[tuple[str, int], ...]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The compiled and the explaining checks of every request body for the registered ``games`` (each
    name with its most seats): the import's for the games registered then, made again for a registry that
    has changed since (a game registered at run time)."""
    if games == REGISTERED_AT_IMPORT:
        return FAST_CHECKS, EXPLAINING_CHECKS
    schemas = request_schemas()
    return ({name: fastjsonschema.compile(json_schema(schema)) for name, schema in schemas.items()},
            {name: jsonschema.Draft7Validator(json_schema(schema)) for name, schema in schemas.items()})


def registered() -> tuple[tuple[str, int], ...]:
    """The registered games as the request checks depend on them: each name with its most seats."""
    return tuple((spec.name, spec.seats[1]) for spec in game_specs())


#: The games the import's checks were made for.
REGISTERED_AT_IMPORT = registered()


def most_seats() -> int:
    """The most seats any registered game plays (the bounds of a body's seat lists)."""
    return max(spec.seats[1] for spec in game_specs())


def error_answer(status: int, message: str, headers: dict[str, str] | None = None, *, code: str | None = None,
           text: str | None = None, lang: str = "en") -> JSONResponse:
    """``{"error": english, "code": ..., "message": in lang}``: ``text`` the person's sentence (else the code's)."""
    body = error_body(message, code or STATUS_CODES.get(status, "bad_request"), text=text, lang=lang)
    return JSONResponse(body, status_code=status, headers=headers)


def error_body(message: str, code: str, *, text: str | None = None, lang: str = "en") -> dict[str, str]:
    """An error as the API and the live socket send it: the English line for logs (``error``), its
    ``code``, and the person's sentence in ``lang`` (``message``: ``text``, else the code's).

    >>> error_body("no game has this id", "not_found", lang="vi")["message"]
    'Không có bàn này (có thể bàn đã hết hạn).'
    """
    line = message.splitlines()[0] if message else "error"
    # no text can break the answer's encoding: a lone surrogate that reached a message is escaped
    line = line.encode("utf-8", "backslashreplace").decode("utf-8")
    said = text if text is not None else translator(lang)(MESSAGES.get(code, MESSAGES["bad_request"]))
    said = said.encode("utf-8", "backslashreplace").decode("utf-8")
    return {"error": line, "code": code, "message": said}


def refusal_behind(exc: BaseException) -> Refusal | None:
    """The referee's refusal behind an error (hosting re-raises it as NotYourTurn), if any."""
    for cause in (exc, exc.__cause__, exc.__context__):
        if isinstance(cause, Refusal):
            return cause
    return None


def client_address(address: Any) -> str:
    """The client's address (proxy headers count only from ``--forwarded-allow-ips``: the server sets it)."""
    return str(address.host) if address is not None else "unknown"


def is_json(content_type: str | None) -> bool:
    media = (content_type or "").split(";", 1)[0].strip().lower()
    return media == "application/json" or (media.startswith("application/") and media.endswith("+json"))


#: The refusal of a bad value of a field a player sets (the page shows its words)
FIELD_REFUSALS = {"turn_seconds": turn_seconds_refusal(), "name": name_refusal(),
                   "reaction": Refusal("that reaction is not one of the table's", "bad_reaction")}


def check_body(schema: str, data: Any) -> dict[str, Any]:
    """The body if the schema accepts it; ApiError(400) naming the first problem otherwise."""
    if schema == "NewGame" and isinstance(data, dict) and "seed" in data:
        raise ApiError(400, "seed is not accepted: deals come from the server's secret seed; "
                            "give client_seed (any text) to mix in your own")
    fast, explaining = checks(registered())
    try:
        fast[schema](data)
        checked: dict[str, Any] = data
    except fastjsonschema.JsonSchemaException as exc:
        fallback = str(exc)
    else:
        if schema == "NewGame":
            check_seats(checked)
        return checked
    error = jsonschema.exceptions.best_match(explaining[schema].iter_errors(data))
    if error is None:
        raise ApiError(400, fallback)
    field = error.absolute_path[0] if error.absolute_path else None
    if field in FIELD_REFUSALS:                   # a player's setting: refused in his words
        why = FIELD_REFUSALS[str(field)]
        raise ApiError(400, f"{field}: {str(why)}", code=why.code) from why
    if error is not None and schema == "HintRequest" and error.validator == "oneOf" and not error.absolute_path:
        raise ApiError(400, "give exactly one of position (a seat's view as data) or game (with its seat's token)")
    where = "/".join(str(p) for p in error.absolute_path) or "the body"
    message = error.message if len(error.message) <= 200 else error.message[:200] + "…"
    raise ApiError(400, f"{where}: {message}")


def check_seats(data: dict[str, Any]) -> None:
    """A new table's seats within its game's (``GameSpec.seats``; the schema bounds them by the most any
    registered game seats, so a body past this game's range passed the schema): ApiError(422) naming the first
    seat or bot past the game's most.

    >>> check_seats({"humans": [0, 3]})
    >>> check_seats({"game": "tienlen", "humans": [4]})
    Traceback (most recent call last):
    ...
    phom.web.bodies.ApiError: humans/0: seat 4 is not a seat of Tiến lên (2 to 4 seats, counted from 0)
    """
    spec = game_spec(data.get("game", DEFAULT_GAME))
    most = spec.seats[1]
    for i, seat in enumerate(data.get("humans", ())):
        if seat >= most:
            raise ApiError(422, f"humans/{i}: seat {seat} is not a seat of {spec.title()} ({spec.seats[0]} to {most} "
                                "seats, counted from 0)")
    if len(data.get("bots", ())) > most - 1:
        raise ApiError(422, f"bots: {len(data['bots'])} bots, but {spec.title()} seats at most {most}")
    for i, name in enumerate(data.get("bots", ())):     # the schema's pattern is every game's: 422 for another's
        check_bot_name(spec.name, name, f"bots/{i}", status=422)


def check_bot_name(game: str, name: Any, where: str, *, status: int = 400) -> None:
    """A hosted bot's name is one ``game`` plays, within the strength a server plays (``bot_pattern``, read
    from the game's own names: no bot is built): ApiError(``status``) naming it, where it is and the names it
    may be (422 where the request's schema took it: a name of every game's pattern that this game does not play).

    >>> check_bot_name("tienlen", "montecarlo:512", "bots/0")
    >>> check_bot_name("tienlen", "planner", "bots/1")
    Traceback (most recent call last):
    ...
    phom.web.bodies.ApiError: bots/1: 'planner' is not a bot this server plays in Tiến lên: random, greedy, search, montecarlo[:WORLDS] (WORLDS 1 to 1024), level:1 … level:8
    """
    if not isinstance(name, str) or not re.match(bot_pattern(game), name):
        spec = game_spec(game)
        raise ApiError(status, f"{where}: {ascii(name)[:80]} is not a bot this server plays in {spec.title()}: "
                            f"{bot_forms(game)}")


async def read_body(request: Request, schema: str, seconds: float = BODY_SECONDS) -> dict[str, Any]:
    """The request's JSON body checked against ``schema``: 415 unless sent as JSON (a simple form or
    ``text/plain`` post from another site never reaches a route), 413 over the size
    limit, 408 if it has not arrived within ``seconds``, 400 if it is no JSON object or holds a lone
    surrogate (which is no text)."""
    content_type = request.headers.get("content-type")
    if content_type is not None and not is_json(content_type):
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
    return check_body(schema, data)


def check_record_bots(record: dict[str, Any]) -> None:
    """A posted record's bots are bounded as at ``POST /api/games`` for the record's game (its ``format``;
    every game's names for a record of no registered game): ApiError(400) naming the first that is not."""
    try:
        game: str | None = kind_of_record(record).name
    except ValueError:
        game = None
    bots, most = record.get("bots", {}), (most_seats() if game is None else game_spec(game).seats[1]) - 1
    if not isinstance(bots, dict) or len(bots) > most:
        raise ApiError(400, f"record/bots must map at most {most} seats to bot names")
    for seat, name in bots.items():
        where = f"record/bots/{ascii(seat)[1:-1]}"
        if game is not None:
            check_bot_name(game, name, where)
        elif not isinstance(name, str) or not re.match(BOT_PATTERN, name):
            raise ApiError(400, f"{where}: {ascii(name)[:80]} is not a bot this server plays (the names and "
                                "strengths of POST /api/games)")


def card_mask(value: Any, name: str) -> int:
    if value is None:
        return 0
    try:
        return to_mask(value, name)
    except CardError as exc:
        raise ApiError(422, str(exc)) from None


def wants_html(request: Request) -> bool:
    """The ``html`` query parameter: false leaves the drawn table out of a view (for clients that draw
    their own)."""
    value = request.query_params.get("html", "true")
    if value not in ("true", "false"):
        raise ApiError(400, "html must be true or false")
    return value == "true"


def view_language(request: Request) -> str:
    """The ``lang`` query parameter: the language of a view's words (en by default)."""
    value = request.query_params.get("lang", "en")
    if value not in LANGUAGES:
        raise ApiError(400, "lang must be en or vi")
    return value


def bearer_token(request: Request) -> str:
    if "token" in request.query_params:
        raise ApiError(400, "tokens never travel in URLs: send Authorization: Bearer <token>")
    header = request.headers.get("authorization")
    if header is None:
        raise Unauthorized("send the seat's token as Authorization: Bearer <token>")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("the Authorization header must be: Bearer <token>")
    return token.strip()
