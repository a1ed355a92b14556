"""phom serve's JSON API through the ASGI test client: every endpoint, every error path, token
isolation, the limits, the store across restarts and the live WebSocket views."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient
from web_helpers import bearer, make_client, new_game, play_to_the_end

import phom
from phom.web.app import LIMITS, RateLimits, create_app
from phom.web.hosting import GameHost
from phom.web.store import GameStore


@pytest.fixture
def client() -> TestClient:
    return make_client(max_games=5)


def test_solve_answers_as_phom_solve_json(client):
    data = client.post("/api/solve", json={"hand": "3S 3H 3D 5C 6C 7C 8C 10H 4D KS",
                                            "table": ["JH QH KH", "10S 10C 10D", "4S 4C 4H"]}).json()
    assert data["best_lay"]["u"] and data["best_lay"]["sends"] == [["10H", 0], ["4D", 2]]
    assert data["melds"] == [m.codes for m in phom.melds("3S 3H 3D 5C 6C 7C 8C 10H 4D KS")]


@pytest.mark.parametrize(("body", "status", "message"), [
    ({"hand": "9X"}, 400, "hand"),
    ({"hand": "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS"}, 400, "hand"),
    ({"hand": "9H 10H", "eaten": "JH"}, 422, "not in hand"),
    ({"hand": "9H 9H 10H"}, 422, "9H"),
    ({"hand": "9H", "table": ["AS 2S 4S"]}, 422, "not a phỏm"),
    ({"hand": "9H", "table": "AS 2S 3S"}, 400, "table"),
    ({"hand": 5}, 400, "hand"),
    ({"hand": "9H", "colour": "red"}, 400, "colour"),
    ({}, 400, "'hand' is a required property"),
])
def test_solve_errors(client, body, status, message):
    response = client.post("/api/solve", json=body)
    assert response.status_code == status and message in response.json()["error"]
    assert "\n" not in response.json()["error"]


def test_bodies_that_are_not_json_or_too_large(client):
    as_json = {"content-type": "application/json"}
    assert client.post("/api/solve", content=b"{not json", headers=as_json).status_code == 400
    assert client.post("/api/solve").json()["error"] == "the request needs a JSON body"   # no body: no empty hand
    assert client.post("/api/solve", content=b"[1, 2]", headers=as_json).json()["error"] == \
        "the request body must be a JSON object"
    big = json.dumps({"hand": "9H", "pad": "x" * (int(LIMITS["max_body_bytes"]) + 10)})
    assert client.post("/api/solve", content=big, headers=as_json).status_code == 413
    nested = b"[" * 100_000
    assert client.post("/api/solve", content=nested, headers=as_json).status_code in (400, 413)
    for other in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None):
        headers = {} if other is None else {"content-type": other}
        answer = client.post("/api/solve", content=b'{"hand": "9H"}', headers=headers)
        assert answer.status_code == 415 and "application/json" in answer.json()["error"]
    assert client.post("/api/solve", content=b'{"hand": "9H"}',
                       headers={"content-type": "application/json; charset=utf-8"}).status_code == 200


def test_a_hosted_game_from_creation_to_record(client):
    game_id, tokens = new_game(client, client_seed="x", bots=["greedy", "random", "greedy"])
    auth = bearer(tokens["0"])
    view = client.get(f"/api/games/{game_id}", headers=auth).json()
    assert view["player"] == 0 and view["to_move"] == 0 and len(view["hand"].split()) == 10
    assert "html" in view and view["legal_actions"] and view["version"] == 0 and len(view["commitment"]) == 64
    assert client.get(f"/api/games/{game_id}/record", headers=auth).status_code == 409
    moves = 0
    while not view["is_over"]:
        action = view["legal_actions"][0]
        response = client.post(f"/api/games/{game_id}/actions", headers=auth,
                               json={"action": action["text"] if moves % 2 else action["id"]})
        assert response.status_code == 200, response.text
        view = response.json()
        moves += 1
        assert view["version"] == len(view["history"]) == len(view["log"])
    assert sum(view["result"]["net"]) == 0 and view["result"]["text"] and len(view["final_hands"]) == 4
    assert view["html"].count("hand at the end") == 3 and 'class="card-back"' not in view["html"]
    record = client.get(f"/api/games/{game_id}/record", headers=auth).json()
    assert phom.Game.from_json(json.dumps(record)).result.net == tuple(view["result"]["net"])
    assert record["fairness"]["commitment"] == view["commitment"] and record["fairness"]["client_seed"] == "x"
    assert phom.fairness.verify_record(json.dumps(record)).startswith("verified")


def test_game_errors(client):
    game_id, tokens = new_game(client, humans=[0, 1], bots=["greedy", "greedy"])
    view = client.get(f"/api/games/{game_id}", headers=bearer(tokens["0"])).json()
    assert client.get("/api/games/nope", headers=bearer(tokens["0"])).status_code == 404
    assert client.get(f"/api/games/{game_id}", headers=bearer("wrong")).status_code == 403
    missing = client.get(f"/api/games/{game_id}")
    assert missing.status_code == 401 and missing.headers["www-authenticate"] == "Bearer"
    in_url = client.get(f"/api/games/{game_id}", params={"token": tokens["0"]})
    assert in_url.status_code == 400 and "never travel in URLs" in in_url.json()["error"]
    not_yours = client.post(f"/api/games/{game_id}/actions", headers=bearer(tokens["1"]), json={"action": "draw"})
    assert not_yours.status_code == 409 and "turn" in not_yours.json()["error"]
    held = view["hand"].split()
    foreign = next(c for c in ("AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS") if c not in held)
    refused = client.post(f"/api/games/{game_id}/actions", headers=bearer(tokens["0"]),
                          json={"action": f"discard {foreign}"})
    assert refused.status_code == 409 and "does not hold" in refused.json()["error"]
    after = client.get(f"/api/games/{game_id}", headers=bearer(tokens["0"])).json()
    assert after["version"] == view["version"] and after["hand"] == view["hand"]     # a refusal changes nothing
    bad = client.post(f"/api/games/{game_id}/actions", headers=bearer(tokens["0"]), json={"action": "fly"})
    assert bad.status_code == 422 and "unknown keyword" in bad.json()["error"]
    token_in_body = client.post(f"/api/games/{game_id}/actions", headers=bearer(tokens["0"]),
                                json={"token": tokens["0"], "action": "draw"})
    assert token_in_body.status_code == 400 and "token" in token_in_body.json()["error"]
    # past Phỏm's four seats: the schema's bound (400) is the most any installed game seats, the game's own 422
    for body, where in (({"humans": [5]}, "humans"), ({"bots": ["greedy"] * 4}, "bots")):
        past = client.post("/api/games", json=body)
        assert past.status_code in (400, 422) and where in past.json()["error"]
    assert client.post("/api/games", json={"bots": ["clever"] * 3}).status_code == 400
    assert client.post("/api/games", json={"bots": ["greedy"] * 3, "humans": [0, 1]}).status_code == 422
    assert client.post("/api/games", json={"rules": {"players": 9}}).status_code == 422
    assert client.post("/api/games", json={"humans": [3], "rules": {"players": 2}}).status_code == 422
    seeded = client.post("/api/games", json={"seed": 4242, "humans": [0, 1]})
    assert seeded.status_code == 400 and "client_seed" in seeded.json()["error"]


def test_a_seat_never_sees_another_seats_cards(client):
    game_id, tokens = new_game(client, humans=[0, 2], bots=["greedy", "greedy"])
    a = client.get(f"/api/games/{game_id}", headers=bearer(tokens["0"])).json()
    b = client.get(f"/api/games/{game_id}", headers=bearer(tokens["2"])).json()
    hand_b = set(b["hand"].split())
    public = set(" ".join(a["rows"] + a["eaten"] + [m for melds in a["laid"] for m in melds]).split())
    for card in hand_b - public:
        assert f'data-card="{card}"' not in a["html"]
        assert card not in json.dumps(a).replace('"', " ").split()
    assert a["hand_sizes"] == b["hand_sizes"] and set(a) == set(b)
    assert not any(key.startswith("stock") and key != "stock_size" for key in a)


def test_hosting_limits_and_expiry():
    now = [0.0]
    host = GameHost(GameStore(":memory:"), max_games=2, idle_seconds=60, keep_finished_seconds=600,
                    clock=lambda: now[0])
    client = TestClient(create_app(host, rate_limits=RateLimits(create="1000/minute")))
    first, tokens = new_game(client, bots=["random"] * 3)
    new_game(client)
    full = client.post("/api/games", json={})
    assert full.status_code == 429
    now[0] = 30.0
    play_to_the_end(client, first, tokens)         # a finished game no longer counts against the bound
    new_game(client)
    now[0] = 95.0
    new_game(client)                               # the idle ones expired
    assert len(host) == 1
    assert client.get(f"/api/games/{first}/record", headers=bearer(tokens["0"])).status_code == 200
    now[0] = 631.0
    host.expire()                                  # finished games are kept for keep_finished_seconds
    assert client.get(f"/api/games/{first}/record", headers=bearer(tokens["0"])).status_code == 404


def test_game_creation_is_rate_limited_per_client():
    client = TestClient(create_app(GameHost(), rate_limits=RateLimits(create="3/minute")))
    assert [client.post("/api/games", json={}).status_code for _ in range(4)] == [200, 200, 200, 429]


def test_hints_for_a_position_and_for_a_hosted_seat(client):
    position = {"player": 1, "hand": "9H 10H 3C 5D KS 2S 6C 8D QC", "phase": "take", "last_discard": "JH",
                "stock_size": 14, "seats": [{"hand_size": 9, "row": "JH"}, {"hand_size": 9}, {"hand_size": 9},
                                            {"hand_size": 9}]}
    advice = client.post("/api/hint", json={"position": position}).json()
    assert advice["action"]["text"] == "eat JH" and advice["reason"].startswith("Eat J♥")
    searched = client.post("/api/hint", json={"position": position, "search": True}).json()
    assert searched["playouts"] > 0 and searched["values"]
    game_id, tokens = new_game(client)
    hosted = client.post("/api/hint", json={"game": game_id}, headers=bearer(tokens["0"])).json()
    assert hosted["action"]["text"].startswith("discard")
    assert client.post("/api/hint", json={"game": game_id}, headers=bearer("x")).status_code == 403
    assert client.post("/api/hint", json={"game": game_id}).status_code == 401
    assert "exactly one of position" in client.post("/api/hint", json={}).json()["error"]


@pytest.mark.parametrize(("position", "message"), [
    ({"player": 0, "hand": "9H", "phase": "take", "stock_size": 3, "seats": []}, "seats must be a list"),
    ({"player": 7, "hand": "9H", "phase": "take", "stock_size": 3, "seats": [{"hand_size": 1}] * 4}, "player"),
    ({"player": 0, "hand": "9H", "phase": "lay", "stock_size": 3, "seats": [{"hand_size": 1}] * 4}, "phase"),
    ({"player": 0, "hand": "9H 9S", "phase": "play", "stock_size": 3, "seats": [{"hand_size": 1}] * 4}, "hand_size"),
    ({"player": 0, "hand": "9H", "phase": "play", "stock_size": 3,
      "seats": [{"hand_size": 1, "laid": ["AS 2S"]}] + [{"hand_size": 1}] * 3}, "not a phỏm"),
    ({"player": 0, "hand": "9H", "phase": "play", "stock_size": 3, "colour": 1, "seats": [{"hand_size": 1}] * 4},
     "unknown position fields"),
    ({"player": 0, "hand": "9H", "phase": "take", "last_discard": "KS", "stock_size": 3,
      "seats": [{"hand_size": 1}] * 4}, "last card of the previous seat's row"),
])
def test_bad_positions_name_the_problem(client, position, message):
    response = client.post("/api/hint", json={"position": position})
    assert response.status_code == 422 and message in response.json()["error"]


def test_the_reference_and_the_page_are_served(client):
    spec = client.get("/api/openapi.json").json()
    assert spec["openapi"].startswith("3.") and set(spec["paths"]) >= {
        "/api/solve", "/api/hint", "/api/games", "/api/games/{game_id}", "/api/games/{game_id}/actions",
        "/api/games/{game_id}/record", "/healthz", "/readyz"}
    assert client.get("/healthz").json() == {"status": "ok"} and client.get("/readyz").status_code == 200
    page = client.get("/")
    assert page.status_code == 200 and "<title data-i18n=\"page_title\">phom: bài Việt tại bàn</title>" in page.text
    assert client.get("/static/app.js").status_code == 200 and client.get("/static/style.css").status_code == 200
