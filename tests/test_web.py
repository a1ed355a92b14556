"""phom serve's JSON API through the ASGI test client: every endpoint, every error path, token
isolation and the limits."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

import phom
from phom.web.app import LIMITS, create_app
from phom.web.hosting import GameHost


@pytest.fixture
def client() -> TestClient:
    return TestClient(create_app(GameHost(max_games=5)))


def new_game(client: TestClient, **body) -> tuple[str, dict[str, str]]:
    response = client.post("/api/games", json=body)
    assert response.status_code == 200, response.text
    data = response.json()
    return data["id"], data["tokens"]


def test_solve_answers_as_phom_solve_json(client):
    data = client.post("/api/solve", json={"hand": "3S 3H 3D 5C 6C 7C 8C 10H 4D KS",
                                            "table": ["JH QH KH", "10S 10C 10D", "4S 4C 4H"]}).json()
    assert data["best_lay"]["u"] and data["best_lay"]["sends"] == [["10H", 0], ["4D", 2]]
    assert data["melds"] == [m.codes for m in phom.melds("3S 3H 3D 5C 6C 7C 8C 10H 4D KS")]


@pytest.mark.parametrize(("body", "status", "message"), [
    ({"hand": "9X"}, 400, "card notation"),
    ({"hand": "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS"}, 400, "at most 11"),
    ({"hand": "9H 10H", "eaten": "JH"}, 400, "not in hand"),
    ({"hand": "9H", "table": ["AS 2S"]}, 400, "not a phỏm"),
    ({"hand": "9H", "table": "AS 2S 3S"}, 400, "table must be a list"),
    ({"hand": 5}, 400, "card text"),
])
def test_solve_errors(client, body, status, message):
    response = client.post("/api/solve", json=body)
    assert response.status_code == status and message in response.json()["error"]
    assert "\n" not in response.json()["error"]


def test_bodies_that_are_not_json_or_too_large(client):
    assert client.post("/api/solve", content=b"{not json").status_code == 400
    assert client.post("/api/solve", content=b"[1, 2]").json()["error"] == "the request body must be a JSON object"
    big = json.dumps({"hand": "9H", "pad": "x" * (int(LIMITS["max_body_bytes"]) + 10)})
    assert client.post("/api/solve", content=big).status_code == 413
    nested = b"[" * 100_000
    assert client.post("/api/solve", content=nested).status_code in (400, 413)


def test_a_hosted_game_from_creation_to_record(client):
    game_id, tokens = new_game(client, seed=3, bots=["greedy", "random", "greedy"])
    token = tokens["0"]
    view = client.get(f"/api/games/{game_id}", params={"token": token}).json()
    assert view["player"] == 0 and view["to_move"] == 0 and len(view["hand"].split()) == 10
    assert "html" in view and view["legal_actions"]
    assert client.get(f"/api/games/{game_id}/record", params={"token": token}).status_code == 409
    moves = 0
    while not view["is_over"]:
        action = view["legal_actions"][0]
        response = client.post(f"/api/games/{game_id}/actions",
                               json={"token": token, "action": action["text"] if moves % 2 else action["id"]})
        assert response.status_code == 200, response.text
        view = response.json()
        moves += 1
    assert sum(view["result"]["net"]) == 0 and view["result"]["text"]
    record = client.get(f"/api/games/{game_id}/record", params={"token": token}).json()
    assert phom.Game.from_json(json.dumps(record)).result.net == tuple(view["result"]["net"])


def test_game_errors(client):
    game_id, tokens = new_game(client, humans=[0, 1], bots=["greedy", "greedy"], seed=2)
    view = client.get(f"/api/games/{game_id}", params={"token": tokens["0"]}).json()
    assert client.get("/api/games/nope", params={"token": tokens["0"]}).status_code == 404
    assert client.get(f"/api/games/{game_id}", params={"token": "wrong"}).status_code == 403
    not_yours = client.post(f"/api/games/{game_id}/actions", json={"token": tokens["1"], "action": "draw"})
    assert not_yours.status_code == 409 and "turn" in not_yours.json()["error"]
    held = view["hand"].split()
    foreign = next(c for c in ("AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS") if c not in held)
    refused = client.post(f"/api/games/{game_id}/actions", json={"token": tokens["0"], "action": f"discard {foreign}"})
    assert refused.status_code == 409 and "does not hold" in refused.json()["error"]
    bad = client.post(f"/api/games/{game_id}/actions", json={"token": tokens["0"], "action": "fly"})
    assert bad.status_code == 400 and "unknown keyword" in bad.json()["error"]
    assert client.post("/api/games", json={"humans": [5]}).status_code == 400
    assert client.post("/api/games", json={"bots": ["clever"] * 3}).status_code == 400
    assert client.post("/api/games", json={"rules": {"players": 9}}).status_code == 400


def test_a_seat_never_sees_another_seats_cards(client):
    game_id, tokens = new_game(client, humans=[0, 2], bots=["greedy", "greedy"], seed=5)
    a = client.get(f"/api/games/{game_id}", params={"token": tokens["0"]}).json()
    b = client.get(f"/api/games/{game_id}", params={"token": tokens["2"]}).json()
    hand_b = set(b["hand"].split())
    public = set(" ".join(a["rows"] + a["eaten"] + [m for melds in a["laid"] for m in melds]).split())
    for card in hand_b - public:
        assert f'data-card="{card}"' not in a["html"]
        assert card not in json.dumps(a).replace('"', " ").split()
    assert a["hand_sizes"] == b["hand_sizes"] and set(a) == set(b)
    assert not any(key.startswith("stock") and key != "stock_size" for key in a)


def test_hosting_limits_and_expiry():
    now = [0.0]
    host = GameHost(max_games=2, idle_seconds=60, clock=lambda: now[0])
    client = TestClient(create_app(host))
    new_game(client)
    new_game(client)
    full = client.post("/api/games", json={})
    assert full.status_code == 429
    now[0] = 61.0
    new_game(client)                 # the idle ones expired
    assert len(host) == 1


def test_hints_for_a_position_and_for_a_hosted_seat(client):
    position = {"player": 1, "hand": "9H 10H 3C 5D KS 2S 6C 8D QC", "phase": "take", "last_discard": "JH",
                "stock_size": 14, "seats": [{"hand_size": 9, "row": "JH"}, {"hand_size": 9}, {"hand_size": 9},
                                            {"hand_size": 9}]}
    advice = client.post("/api/hint", json={"position": position}).json()
    assert advice["action"]["text"] == "eat JH" and advice["reason"].startswith("Eat J♥")
    searched = client.post("/api/hint", json={"position": position, "search": True}).json()
    assert searched["playouts"] > 0 and searched["values"]
    game_id, tokens = new_game(client, seed=12)
    hosted = client.post("/api/hint", json={"game": game_id, "token": tokens["0"]}).json()
    assert hosted["action"]["text"].startswith("discard")
    assert client.post("/api/hint", json={"game": game_id, "token": "x"}).status_code == 403


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
    assert response.status_code == 400 and message in response.json()["error"]


def test_the_reference_and_the_page_are_served(client):
    spec = client.get("/api/openapi.json").json()
    assert spec["openapi"].startswith("3.") and set(spec["paths"]) >= {
        "/api/solve", "/api/hint", "/api/games", "/api/games/{game_id}", "/api/games/{game_id}/actions",
        "/api/games/{game_id}/record"}
    page = client.get("/")
    assert page.status_code == 200 and "<title>phom" in page.text
    assert client.get("/static/app.js").status_code == 200 and client.get("/static/style.css").status_code == 200
