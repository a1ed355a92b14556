"""The API document of ``phom serve``: the OpenAPI 3 description served at ``/api/openapi.json``, and the
request schemas the server validates every body against (one source for both, so the document says
exactly what the server accepts).

Statuses: 400 a body or header the schemas refuse; 401 no token; 403 a token of no seat of this game;
404 no such game; 408 a body that did not arrive in time; 409 not your turn, the game is over, an
illegal move (the referee's reason) or a record asked for before the end; 413 a body over the limit;
415 a body that is not ``application/json``; 422 a well-formed request the game refuses (cards
repeated, an eaten card not in the hand, a table phỏm that is no phỏm, rules out of range, a record
that does not verify, an ``Idempotency-Key`` reused for another move); 429 too many requests, hosted
games or sockets.

>>> sorted(openapi()["paths"])[:3]
['/api/games', '/api/games/{game_id}', '/api/games/{game_id}/actions']
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..games import game_spec, game_specs

__all__ = ["BODY_SECONDS", "BOT_PATTERN", "CARD", "LIMITS", "LOGIN_SECONDS", "MAX_BODY_BYTES", "MAX_FIRST_FRAME_BYTES",
           "MAX_BOT_COUNT", "MAX_HAND_CARDS", "MAX_SEARCH_SECONDS", "MAX_TABLE_MELDS", "REACTION_KEYS", "REQUEST_SCHEMAS",
           "VERIFY_SECONDS", "bot_forms", "bot_pattern", "json_schema", "openapi", "request_schemas"]

MAX_BODY_BYTES = 64 * 1024
MAX_HAND_CARDS = 11          # a game hand: 10, plus the card being eaten
MAX_TABLE_MELDS = 12
MAX_SEARCH_SECONDS = 0.5
#: A request body must arrive within this many seconds (408 otherwise).
BODY_SECONDS = 30.0
#: A WebSocket's first frame (the login) is at most this long, and must arrive within LOGIN_SECONDS.
MAX_FIRST_FRAME_BYTES = 64 * 1024
LOGIN_SECONDS = 5.0
#: How long a posted record's fairness proof may replay its bots (then 422).
VERIFY_SECONDS = 20.0
#: The bounds of every request (also in the API document).
LIMITS: dict[str, float] = {"max_body_bytes": MAX_BODY_BYTES, "max_hand_cards": MAX_HAND_CARDS,
                            "max_table_melds": MAX_TABLE_MELDS, "max_search_seconds": MAX_SEARCH_SECONDS,
                            "body_seconds": BODY_SECONDS, "max_first_frame_bytes": MAX_FIRST_FRAME_BYTES,
                            "login_seconds": LOGIN_SECONDS, "verify_seconds": VERIFY_SECONDS}

#: One card: rank (2–10, T, J, Q, K, A) and suit (S C D H, or ♠ ♣ ♦ ♥), either case.
CARD = "(?:10|[2-9TtJjQqKkAa])[SCDHscdh♠♣♦♥]"
#: The most a hosted bot's number (worlds, samples …) may be in any game, whatever the game allows: with
#: each game's own ``served`` bounds (``phom.bot_names.Counted``), the bound of a hosted bot's cost.
MAX_BOT_COUNT = 1024


def bot_pattern(game: str | None = None) -> str:
    """The bot names a server plays (programs never: no ``cmd:``, no ``py:``) with their bounded strength, as
    the game's ``bot_names`` reads them (``BotNames.served_names``): of ``game``, or of every registered game
    (the API document's pattern: their union, which ``check_seats`` narrows to the table's game).

    >>> import re
    >>> [bool(re.match(bot_pattern("phom"), n)) for n in ("search:256", "search:257", "best", "montecarlo:1024")]
    [True, False, True, True]
    >>> bool(re.match(bot_pattern("tienlen"), "montecarlo:2000")), bool(re.match(bot_pattern(), "cmd:x"))
    (False, False)
    """
    specs = [game_spec(game)] if game is not None else game_specs()
    names = dict.fromkeys(_served(spec)[0] for spec in specs)
    return "^(?:" + "|".join(names) + ")$"


def bot_forms(game: str) -> str:
    """The names ``bot_pattern(game)`` takes, as a refusal lists them.

    >>> bot_forms("tienlen")
    'random, greedy, search, montecarlo[:WORLDS] (WORLDS 1 to 1024), level:1 … level:8'
    """
    return _served(game_spec(game))[1]


def _served(spec: Any) -> tuple[str, str]:
    """A game's served names (a regular expression to anchor) and their forms in words: its ``bot_names``'
    (``BotNames``), or, for a game without one, its default bot and its levels' bots by their exact names."""
    names: Any = getattr(spec.kind, "bot_names", None)
    if callable(getattr(names, "served_names", None)) and callable(getattr(names, "served_forms", None)):
        return str(names.served_names(MAX_BOT_COUNT)), str(names.served_forms(MAX_BOT_COUNT))
    plain = list(dict.fromkeys([spec.kind.default_bot, *spec.levels]))
    return "(?:" + "|".join(re.escape(name) for name in plain) + ")", ", ".join(plain)


#: The bot names every game registered at import plays (``bot_pattern()``): the API document's pattern.
BOT_PATTERN = bot_pattern()
GAME_ID = "^[A-Za-z0-9_-]{1,32}$"
#: Characters that draw nothing (``phom.web.names.INVISIBLE``), never in a name.
NAME_INVISIBLE = "\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\uffa0\ufe00-\ufe0f"
#: What the schema says of a name: some text that is not all spaces and holds nothing invisible; the server
#: (``phom.web.names.check_name``) then counts its letters as a person does (grapheme clusters, any script)
#: and refuses the rest in the player's words.
NAME_PATTERN = f"^(?! *$)(?!.*[{NAME_INVISIBLE}])"
#: The longest name text looked at (code points: 20 letters of any script with their marks fit).
NAME_TEXT = 160
#: The reactions a seat may send (``phom.web.hosting.REACTIONS`` is this tuple).
REACTION_KEYS = ("nice", "hurry", "laugh", "sad", "thanks", "oops")


def _cards(low: int, high: int, what: str) -> dict[str, Any]:
    text = {"type": "string", "pattern": f"^{CARD}(?: {CARD}){{{low - 1},{high - 1}}}$",
            "description": f"{what}: {low}–{high} cards separated by single spaces, e.g. \"9H 10H JH\""}
    listed = {"type": "array", "items": {"type": "string", "pattern": f"^{CARD}$"}, "minItems": low,
              "maxItems": high, "uniqueItems": True, "description": f"{what}: a list of {low}–{high} cards"}
    return {"oneOf": [text, listed]}


def _error(text: str) -> dict[str, Any]:
    return {"description": text,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}


def _ok(text: str, schema: str) -> dict[str, Any]:
    return {"description": text, "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{schema}"}}}}


def _body(schema: str) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{schema}"}}}}


_GAME_ID_PARAMETER = {"name": "game_id", "in": "path", "required": True,
                      "schema": {"type": "string", "pattern": GAME_ID}}
_SECURED: list[dict[str, list[str]]] = [{"seatToken": []}]
_HTML_PARAMETER = {"name": "html", "in": "query", "required": False,
                   "description": "false leaves the drawn table (html) out of the view",
                   "schema": {"type": "string", "enum": ["true", "false"]}}
_LANG_PARAMETER = {"name": "lang", "in": "query", "required": False,
                   "description": "the language of the view's words (the drawn table, the log, the action labels): "
                                  "en (default) or vi",
                   "schema": {"type": "string", "enum": ["en", "vi"]}}
_IDEMPOTENCY_PARAMETER = {"name": "Idempotency-Key", "in": "header", "required": False,
                          "description": "a client's id of this move (per seat): a retry with the same key is applied "
                                         "once, and answered with the game as it stands",
                          "schema": {"type": "string", "minLength": 1, "maxLength": 100}}
_BAD = _error("the body or a header is not what this document describes")
_NO_TOKEN = _error("no token: send Authorization: Bearer <token>")
_NOT_A_SEAT = _error("the token is no seat of this game")
_NO_GAME = _error("no game has this id (it may have expired)")
_TOO_LARGE = _error("the body is over the size limit")
_REFUSED = _error("well-formed, but the game refuses it (the reason is given)")
_BUSY = _error("too many requests, or too many hosted games; try again later")
_SLOW = _error("the body did not arrive within the time limit")
_NOT_JSON = _error("the body is not sent as Content-Type: application/json")
#: What a seat's request with a body may be refused with, whatever it asks.
_SEAT_BODY_ERRORS = {"400": _BAD, "401": _NO_TOKEN, "403": _NOT_A_SEAT, "404": _NO_GAME, "408": _SLOW,
                     "413": _TOO_LARGE, "415": _NOT_JSON}


def request_schemas() -> dict[str, dict[str, Any]]:
    """The request bodies, as JSON Schema (the API document's components, and what the server checks), made
    from the registry as it stands: the games ``POST /api/games`` takes and the seats their ranges allow.

    >>> request_schemas()["NewGame"]["properties"]["game"]["enum"][:2]
    ['phom', 'tienlen']
    """
    specs = game_specs()
    names = [spec.name for spec in specs]
    most = max(spec.seats[1] for spec in specs)
    games = ", ".join(f"{spec.name} ({spec.title()}, {spec.seats[0]}–{spec.seats[1]} seats)" for spec in specs)
    return {
        "Solve": {"type": "object", "additionalProperties": False, "required": ["hand"], "properties": {
            "hand": _cards(1, MAX_HAND_CARDS, "the hand"),
            "eaten": _cards(1, 3, "the eaten cards still in the hand"),
            "table": {"type": "array", "maxItems": MAX_TABLE_MELDS, "items": _cards(3, 13, "a phỏm on the table"),
                      "description": "the phỏm already on the table"}}},
        "HintRequest": {"type": "object", "additionalProperties": False, "properties": {
            "position": {"type": "object", "description": "a seat's view as data (see phom.phom.position): player, hand, "
                                                           "phase, stock_size, seats, ..."},
            "game": {"type": "string", "pattern": GAME_ID, "description": "a hosted game: the seat of the bearer token"},
            "search": {"type": "boolean", "description": "rank by look-ahead playouts (at most "
                                                         f"{MAX_SEARCH_SECONDS} s)"},
            "lang": {"type": "string", "enum": ["en", "vi"], "description": "the language of the reason (default en)"}},
            "oneOf": [{"required": ["position"]}, {"required": ["game"]}]},
        "NewGame": {"type": "object", "additionalProperties": False, "properties": {
            "game": {"type": "string", "enum": names,
                     "description": f"the game to host (GET /api/kinds lists them): {games}; {names[0]} by default"},
            "rules": {"type": "object", "description": "that game's rules fields (its rules' to_dict: "
                                                       "phom.Rules.to_dict, phom.tienlen.TienLenRules.to_dict, …); "
                                                       "players within the game's seats"},
            "humans": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": most - 1},
                       "minItems": 1, "maxItems": most, "uniqueItems": True,
                       "description": "the human seats (default [0])"},
            "bots": {"type": "array", "items": {"type": "string", "pattern": bot_pattern()}, "maxItems": most - 1,
                     "description": "bots for the other seats in seat order (the names and strengths its game "
                                    "plays; this pattern is every game's, a name another game's answers 400); "
                                    "missing ones are the game's default bot"},
            "client_seed": {"type": "string", "maxLength": 200,
                            "description": "any text; the deal is a function of the server seed and this"},
            "turn_seconds": {"type": "integer", "nullable": True, "minimum": 5, "maximum": 600,
                             "description": "the table clock: seconds a human seat has "
                             "for a turn, 5–600, or null for none (default: 30 in Phỏm, 20 in Tiến lên with two or "
                             "more human seats, none with one); a seat whose time runs out is played by the stand-in "
                             "(greedy) and is away until it moves or comes back"}}},
        "Name": {"type": "object", "additionalProperties": False, "required": ["name"], "properties": {
            "name": {"type": "string", "minLength": 1, "maxLength": NAME_TEXT, "pattern": NAME_PATTERN,
                     "description": "1–20 letters as a person counts them (grapheme clusters of any script, with their "
                                    "marks, at most 3 on one letter), digits, spaces and ._-; NFC-normalised and "
                                    "trimmed, runs of spaces made one; refused (400, code name_taken or "
                                    "name_reserved) if it reads (Unicode TR39 skeleton) as another seat's name at "
                                    "the table or as a word the table uses for a seat (Máy, Bạn, Cấp N, Bot, You, "
                                    "Level N, …)"}}},
        "React": {"type": "object", "additionalProperties": False, "required": ["reaction"], "properties": {
            "reaction": {"type": "string", "enum": list(REACTION_KEYS),
                         "description": "one of the table's reactions; every socket at the table receives "
                                        "{\"reaction\": {\"seat\", \"key\"}}"}}},
        "ReviewRequest": {"type": "object", "additionalProperties": False, "required": ["record"], "properties": {
            "record": {"type": "object", "description": "a finished game's JSON record (phom-game or phom-tienlen; a "
                                                         "hosted record's fairness proof is verified first)"},
            "seats": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": most - 1},
                      "minItems": 1, "maxItems": most, "uniqueItems": True,
                      "description": "the seats to review (default all)"}}},
        "Act": {"type": "object", "additionalProperties": False, "required": ["action"], "properties": {
            "action": {"oneOf": [
                {"type": "string", "minLength": 1, "maxLength": 64, "pattern": r"[^\s\x1c-\x1f\x85\ufeff]",
                 "description": "the action's text: draw, eat 7H, lay 5H 6H 7H, send 8H 2:0, discard KS, u, u-khan, "
                                "autolay (Phỏm); play 3S 4S 5S, pass (Tiến lên)"},
                {"type": "integer", "minimum": 0, "maximum": 2100, "description": "the action's id (Phỏm only)"}]},
        "version": {"type": "integer", "minimum": 0, "maximum": 100000,
                    "description": "the version of the view the move was chosen on; if the game is at another, "
                                   "409 with code \"stale\" and nothing is played (send it always: a late tap never "
                                   "lands on a later turn)"}}},
    }


#: The request bodies as of the import (``request_schemas``: as the registry stands).
REQUEST_SCHEMAS: dict[str, dict[str, Any]] = request_schemas()

_RESPONSE_SCHEMAS: dict[str, dict[str, Any]] = {
    "Kinds": {"type": "array", "items": {
        "type": "object", "required": ["name", "titles", "seats", "default_seats", "levels", "lacks"],
        "properties": {"name": {"type": "string", "description": "what POST /api/games takes as game"},
                       "titles": {"type": "object", "additionalProperties": {"type": "string"},
                                  "description": "the game's name for people, by language"},
                       "seats": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2,
                                 "description": "the fewest and the most seats"},
                       "default_seats": {"type": "integer"},
                       "levels": {"type": "array", "items": {"type": "string"},
                                  "description": "the bot of each level, weakest first (level:N)"},
                       "lacks": {"type": "array", "items": {"type": "string"},
                                 "description": "the optional parts it has not: engine, lookahead, terminal, session"},
                       "verbs": {"type": "object", "description": "the move words, by language and move kind"},
                       "figures": {"type": "array", "items": {"type": "object"},
                                   "description": "the result figures its simulations report"},
                       "house_rules": {"type": "array", "items": {
                           "type": "object", "required": ["name", "field", "on", "off", "checked", "words"],
                           "properties": {"name": {"type": "string"}, "field": {"type": "string"},
                                          "on": {}, "off": {}, "checked": {"type": "boolean"},
                                          "words": {"type": "object", "additionalProperties": {"type": "string"}}}},
                                       "description": "the house rules the setup form offers as switches: the "
                                                      "rules field each sets, on and off, as the defaults have it"}}}},
    "Error": {"type": "object", "required": ["error", "code", "message"],
              "properties": {"error": {"type": "string", "description": "one English sentence, for logs"},
                             "code": {"type": "string", "description": "what was refused, e.g. not_a_phom, take_first"},
                             "message": {"type": "string", "description": "the sentence a person reads, in the "
                                         "request's language (lang in the query or body, else Accept-Language)"}}},
    "SolveReport": {"type": "object", "required": ["hand", "melds", "best_lay", "can_u"]},
    "Hint": {"type": "object", "required": ["action", "reason", "alternatives"], "properties": {
        "action": {"type": "object", "required": ["id", "text"]}, "reason": {"type": "string"}}},
    "Created": {"type": "object", "required": ["id", "tokens", "commitment"], "properties": {
        "id": {"type": "string", "pattern": GAME_ID},
        "tokens": {"type": "object", "additionalProperties": {"type": "string"},
                   "description": "one secret token per human seat, by seat number"},
        "commitment": {"type": "string", "pattern": "^[0-9a-f]{64}$",
                       "description": "SHA-256 hex digest of the server seed's 64 hex characters"}}},
    "View": {"type": "object", "required": ["player", "version", "hand", "legal_actions", "is_over", "commitment",
                                            "log", "series"],
             "properties": {"version": {"type": "integer", "minimum": 0}, "player": {"type": "integer"},
                            "log": {"type": "array", "items": {"type": "string"},
                                    "description": "each move in the player's words, parallel to history"},
                            "history": {"type": "array", "items": {
                                "type": "object", "required": ["player", "action"],
                                "properties": {"player": {"type": "integer"}, "action": {"type": "string"},
                                               "by": {"type": "string", "enum": ["clock"],
                                                      "description": "the stand-in played it (the seat's clock "
                                                                     "ran out), not the person"}}}},
                            "next_id": {"type": "string", "nullable": True,
                                        "description": "the table's next game, once one is dealt (the seat's "
                                                       "token works there; every socket also receives "
                                                       "{\"next\": {\"id\"}})"},
                            "clock": {"type": "object", "nullable": True, "required": ["seat", "deadline_ms", "now_ms"],
                                      "description": "while a human seat is to act under the table clock: the "
                                                     "seat, its deadline and the time the view was sent (epoch ms)"},
                            "away": {"type": "array", "items": {"type": "integer"},
                                     "description": "the human seats the stand-in plays until they come back"},
                            "names": {"type": "object", "additionalProperties": {"type": "string"},
                                      "description": "the names the seats chose, by seat"},
                            "turn_seconds": {"type": "integer", "nullable": True},
                            "bot_levels": {"type": "object", "additionalProperties": {"type": "integer", "nullable": True},
                                           "description": "by bot seat: the level that plays like the bot "
                                                          "(phom.levels.level_of), null for none"},
                            "title": {"type": "string", "description": "the game's name as players write it "
                                      "(Phỏm, Tiến lên)"},
                            "page": {"type": "object", "description": "how a page handles the game's hand and "
                                     "turn, as the game says: its ranks weakest first (for sorting), its sorts "
                                     "(the first the hand's default order), the verb of one chosen card and of "
                                     "several, the verb of a double tap (or null), whether the cards carry their "
                                     "group's mark, what the seat is doing (catalog keys, each later one wrapping "
                                     "the words before) and the table's features (classes)",
                                     "required": ["ranks", "sorts", "card_verb", "many_verb", "double_tap",
                                                  "group_marks", "doing"],
                                     "properties": {
                                         "ranks": {"type": "array", "items": {"type": "string"}},
                                         "sorts": {"type": "array", "items": {"type": "string"}},
                                         "card_verb": {"type": "string"}, "many_verb": {"type": "string"},
                                         "double_tap": {"type": "string", "nullable": True},
                                         "group_marks": {"type": "boolean"},
                                         "doing": {"type": "array", "items": {"type": "string"}},
                                         "features": {"type": "array", "items": {"type": "string"}}}},
                            "result_table": {"type": "object", "description": "at the end: the result as the "
                                             "table shows it to the seat: a headline (a catalog key and its words), "
                                             "the columns (catalog keys) and one row a seat, each cell by its "
                                             "column's name: every game's seat and money, and its own (place, points and note …)",
                                             "required": ["headline", "columns", "rows"],
                                             "properties": {
                                                 "headline": {"type": "object", "required": ["key"]},
                                                 "columns": {"type": "array", "items": {"type": "string"}},
                                                 "rows": {"type": "array", "items": {
                                                     "type": "object", "required": ["seat", "money"]}}}},
                            "moments": {"type": "array", "description": "the big moments so far (ù, móm, đền, ăn chốt, "
                                        "gửi, chặt, tới trắng, cóng), each {index, seat, kind, text}: the move that "
                                        "made it (-1 before any move) and its words in the view's language",
                                        "items": {"type": "object", "required": ["index", "seat", "kind", "text"]}},
                            "payments": {"type": "array", "description": "at the end: every payment, each {payer, "
                                         "payee, amount, reason, text}, the text as phom play prints it: told to the viewer, "
                                         "his own seat is 'you' ('bạn')",
                                         "items": {"type": "object",
                                                   "required": ["payer", "payee", "amount", "reason", "text"]}}}},
    "Record": {"type": "object", "required": ["format", "rules", "actions", "fairness"], "properties": {
        "fairness": {"type": "object", "required": ["server_seed", "client_seed", "commitment"]}}},
    "Health": {"type": "object", "required": ["status"], "properties": {"status": {"type": "string"}}},
    "Review": {"type": "object", "required": ["format", "game", "decisions", "ledger", "error_rate", "rating"],
               "description": "phom.review.Review.to_dict(), with the review drawn as html"},
    "NextGame": {"type": "object", "required": ["id", "commitment"], "properties": {
        "id": {"type": "string", "pattern": GAME_ID},
        "commitment": {"type": "string", "pattern": "^[0-9a-f]{64}$"}}},
    "Pending": {"type": "object", "required": ["status"], "properties": {"status": {"type": "string"}}},
    "Names": {"type": "object", "required": ["names"], "properties": {
        "names": {"type": "object", "additionalProperties": {"type": "string"}}}},
    "Reacted": {"type": "object", "required": ["reaction"], "properties": {
        "reaction": {"type": "object", "required": ["seat", "key"]}}},
}


def json_schema(schema: Any) -> Any:
    """A schema of the API document as JSON Schema (draft 7) for the validators: OpenAPI 3.0's
    ``"nullable": true`` becomes ``null`` among the types.

    >>> json_schema({"type": "integer", "nullable": True})
    {'type': ['integer', 'null']}
    """
    if isinstance(schema, list):
        return [json_schema(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    converted = {key: json_schema(value) for key, value in schema.items() if key != "nullable"}
    if schema.get("nullable") and isinstance(schema.get("type"), str):
        converted["type"] = [schema["type"], "null"]
    return converted


def openapi() -> dict[str, Any]:
    """The API document as an OpenAPI 3 object (served at /api/openapi.json)."""
    view_link = {"operationId": "showGame", "parameters": {
        "game_id": "$response.body#/id", "header.Authorization": "Bearer {$response.body#/tokens/0}"}}
    act_link = {"operationId": "act", "parameters": {
        "game_id": "$response.body#/id", "header.Authorization": "Bearer {$response.body#/tokens/0}"}}
    record_link = {"operationId": "record", "parameters": {
        "game_id": "$response.body#/id", "header.Authorization": "Bearer {$response.body#/tokens/0}"}}
    description = ("Phỏm solver answers, hints and hosted games of Phỏm and Tiến lên that survive restarts, with "
                   "provably fair deals. "
                   "Live views: WebSocket /api/games/{game_id}/ws, first message {\"token\", \"since\"?, \"html\"?, \"lang\"?}; "
                   "a socket turned away gets one Error frame first. "
                   "Limits: " + json.dumps(LIMITS))
    return {
        "openapi": "3.0.3",
        "info": {"title": "phom serve", "version": "2", "description": description},
        "paths": {
            "/api/solve": {"post": {
                "operationId": "solve", "summary": "Everything the solver says about a hand (phom solve --json)",
                "requestBody": _body("Solve"),
                "responses": {"200": _ok("the solve report", "SolveReport"), "400": _BAD, "408": _SLOW, "413": _TOO_LARGE, "415": _NOT_JSON,
                              "422": _REFUSED}}},
            "/api/hint": {"post": {
                "operationId": "hint", "summary": "A hint for a position, or for your seat of a hosted game",
                "requestBody": _body("HintRequest"),
                "security": [{}, {"seatToken": []}],
                "responses": {"200": _ok("action, reason, alternatives", "Hint"), "400": _BAD, "401": _NO_TOKEN,
                              "403": _NOT_A_SEAT, "404": _NO_GAME, "409": _error("not your turn"),
                              "408": _SLOW, "413": _TOO_LARGE, "415": _NOT_JSON, "422": _REFUSED}}},
            "/api/games": {"post": {
                "operationId": "createGame",
                "summary": "Host a game: one token per human seat, bots for the others, the deal's commitment",
                "requestBody": _body("NewGame"),
                "responses": {"200": {**_ok("id, tokens and commitment", "Created"),
                                      "links": {"view": view_link, "act": act_link, "record": record_link}},
                              "400": _BAD, "408": _SLOW, "413": _TOO_LARGE, "415": _NOT_JSON, "422": _REFUSED, "429": _BUSY}}},
            "/api/games/{game_id}": {"get": {
                "operationId": "showGame", "summary": "Your seat's view with its version (never another hand)",
                "parameters": [_GAME_ID_PARAMETER, _HTML_PARAMETER, _LANG_PARAMETER], "security": _SECURED,
                "responses": {"200": _ok("the view", "View"), "400": _BAD, "401": _NO_TOKEN, "403": _NOT_A_SEAT,
                              "404": _NO_GAME}}},
            "/api/games/{game_id}/actions": {"post": {
                "operationId": "act", "summary": "Play an action (its text or id); the bots then move",
                "parameters": [_GAME_ID_PARAMETER, _HTML_PARAMETER, _LANG_PARAMETER, _IDEMPOTENCY_PARAMETER],
                "security": _SECURED, "requestBody": _body("Act"),
                "responses": {"200": _ok("the view after", "View"), "400": _BAD, "401": _NO_TOKEN,
                              "403": _NOT_A_SEAT, "404": _NO_GAME,
                              "409": _error("not your turn, the game is over, the referee refuses the move, or the "
                                            "move was chosen on another version (code \"stale\")"),
                              "408": _SLOW, "413": _TOO_LARGE, "415": _NOT_JSON, "422": _REFUSED}}},
            "/api/games/{game_id}/record": {"get": {
                "operationId": "record", "summary": "The JSON record with its fairness proof, once the game is over",
                "parameters": [_GAME_ID_PARAMETER], "security": _SECURED,
                "responses": {"200": _ok("the phom-game record (phom verify checks it)", "Record"), "400": _BAD,
                              "401": _NO_TOKEN, "403": _NOT_A_SEAT, "404": _NO_GAME,
                              "409": _error("the game is not over")}}},
            "/api/games/{game_id}/review": {"get": {
                "operationId": "review", "summary": "The game's review once it is over: computed once, kept with "
                                                    "the game",
                "parameters": [_GAME_ID_PARAMETER], "security": _SECURED,
                "responses": {"200": _ok("the review", "Review"),
                              "202": {**_ok("the review is being computed: ask again after Retry-After seconds",
                                            "Pending"),
                                      "headers": {"Retry-After": {"schema": {"type": "integer"}}}},
                              "400": _BAD, "401": _NO_TOKEN, "403": _NOT_A_SEAT, "404": _NO_GAME,
                              "409": _error("the game is not over"), "429": _BUSY}}},
            "/api/games/{game_id}/next": {"post": {
                "operationId": "nextGame",
                "summary": "The next game at this table once this one is over: the same seats, tokens and bots, "
                           "a fresh commitment, led by this game's nhất; every seat gets the same next game",
                "parameters": [_GAME_ID_PARAMETER], "security": _SECURED,
                "responses": {"200": _ok("the next game's id and commitment", "NextGame"), "400": _BAD,
                              "401": _NO_TOKEN, "403": _NOT_A_SEAT, "404": _NO_GAME,
                              "409": _error("the game is not over"), "429": _BUSY}}},
            "/api/games/{game_id}/name": {"put": {
                "operationId": "nameSeat", "summary": "Your seat's name at this table and its next games (text, never "
                                                     "markup; not part of the record)",
                "parameters": [_GAME_ID_PARAMETER, _LANG_PARAMETER], "security": _SECURED,
                "requestBody": _body("Name"),
                "responses": {"200": _ok("the seats' names", "Names"), **_SEAT_BODY_ERRORS,
                              "409": _error("the game moved on")}}},
            "/api/games/{game_id}/react": {"post": {
                "operationId": "react", "summary": "Show a reaction to the table (one of a fixed set; at most one "
                                                  "every 2 s a seat; not part of the record)",
                "parameters": [_GAME_ID_PARAMETER, _LANG_PARAMETER], "security": _SECURED,
                "requestBody": _body("React"),
                "responses": {"200": _ok("the reaction sent", "Reacted"), **_SEAT_BODY_ERRORS, "429": _BUSY}}},
            "/api/games/{game_id}/back": {"post": {
                "operationId": "comeBack", "summary": "Your seat is present again after the stand-in played for it "
                                                     "(its clock starts afresh if it is its turn)",
                "parameters": [_GAME_ID_PARAMETER, _HTML_PARAMETER, _LANG_PARAMETER], "security": _SECURED,
                "responses": {"200": _ok("the view", "View"), "400": _BAD, "401": _NO_TOKEN, "403": _NOT_A_SEAT,
                              "404": _NO_GAME, "409": _error("the game moved on")}}},
            "/api/review": {"post": {
                "operationId": "reviewRecord", "summary": "Review a finished game's record from elsewhere",
                "requestBody": _body("ReviewRequest"),
                "responses": {"200": _ok("the review", "Review"), "400": _BAD, "408": _SLOW, "413": _TOO_LARGE, "415": _NOT_JSON,
                              "422": _REFUSED, "429": _BUSY}}},
            "/api/kinds": {"get": {
                "operationId": "kinds", "summary": "The games this server hosts (its registry): each one's name, titles, "
                                                   "seats [fewest, most], default seats, levels and what it lacks",
                "responses": {"200": _ok("the games, the default first", "Kinds")}}},
            "/healthz": {"get": {"operationId": "health", "summary": "The process answers",
                                 "responses": {"200": _ok("ok", "Health")}}},
            "/readyz": {"get": {"operationId": "ready", "summary": "The store is writable",
                                "responses": {"200": _ok("ready", "Health"),
                                              "503": _ok("the store cannot be written", "Health")}}},
        },
        "components": {
            "schemas": {**request_schemas(), **_RESPONSE_SCHEMAS},
            "securitySchemes": {"seatToken": {"type": "http", "scheme": "bearer",
                                              "description": "the seat's token from POST /api/games"}},
        },
    }

