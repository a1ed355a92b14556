"""Live tables: the WebSocket sends a seat its view at once and after every change, a reconnect with
``since`` gets the moves it missed, bad first messages and strangers are turned away, message limits;
and isolation: no body or frame sent to a seat names a card that seat cannot see."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import UNLIMITED, bearer, fixed_seeds, make_client, named_cards, new_game, walk_checking_leaks

from phom import Game
from phom.cards import CardSet
from phom.web.app import RateLimits, create_app
from phom.web.hosting import GameHost


def test_every_human_sees_every_move_live():
    client = make_client()
    game_id, tokens = new_game(client, humans=[0, 1], bots=["greedy", "greedy"])
    with client.websocket_connect(f"/api/games/{game_id}/ws") as zero, \
            client.websocket_connect(f"/api/games/{game_id}/ws") as one:
        zero.send_json({"token": tokens["0"]})
        one.send_json({"token": tokens["1"]})
        assert zero.receive_json()["version"] == one.receive_json()["version"] == 0
        for _ in range(6):
            mover = client.get(f"/api/games/{game_id}", headers=bearer(tokens["0"])).json()["to_move"]
            view = client.get(f"/api/games/{game_id}", headers=bearer(tokens[str(mover)])).json()
            acted = client.post(f"/api/games/{game_id}/actions", headers=bearer(tokens[str(mover)]),
                                json={"action": view["legal_actions"][0]["id"]}).json()
            a, b = zero.receive_json(), one.receive_json()
            assert a["version"] == b["version"] == acted["version"]
            assert a["player"] == 0 and b["player"] == 1 and a["log"] == b["log"] == acted["log"]
            for sent in (a, b, acted):                        # now_ms: when each was sent, never cached
                assert sent["clock"] is None or sent["clock"].pop("now_ms") > 0
            assert (a if mover == 0 else b) == acted           # the same JSON as the HTTP answer


def test_a_reconnect_with_since_gets_the_missed_moves():
    client = make_client()
    game_id, tokens = new_game(client)
    view = client.get(f"/api/games/{game_id}", headers=bearer(tokens["0"])).json()
    for _ in range(3):
        view = client.post(f"/api/games/{game_id}/actions", headers=bearer(tokens["0"]),
                           json={"action": view["legal_actions"][0]["id"]}).json()
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        ws.send_json({"token": tokens["0"], "since": 2})
        frame = ws.receive_json()
    assert frame["version"] == view["version"]
    assert [m["version"] for m in frame["missed"]] == list(range(2, view["version"]))
    assert [m["text"] for m in frame["missed"]] == view["log"][2:]


@pytest.mark.parametrize(("first", "code"), [("hello", 4400), (json.dumps({"token": 5}), 4400),
                                             (json.dumps({"token": "t", "since": -1}), 4400),
                                             (json.dumps({"token": "not a seat"}), 4403)])
def test_a_bad_first_message_or_a_stranger_is_turned_away(first, code):
    client = make_client()
    game_id, _ = new_game(client)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        ws.send_text(first)
        assert "error" in ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == code
    with client.websocket_connect("/api/games/nope/ws") as ws:
        ws.send_json({"token": "x"})
        ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4404


@pytest.mark.parametrize(("first", "code", "said"), [
    ({"token": "x", "lang": "vi"}, "not_found", "Không có bàn này (có thể bàn đã hết hạn)."),
    ({"token": 5, "lang": "vi"}, "bad_request", "Bàn không hiểu yêu cầu này."),
    ({"token": "x"}, "not_found", "There is no such table (it may have expired).")])
def test_a_turned_away_socket_is_told_why_in_its_language(first, code, said):
    """The socket's refusals are the API's errors: the English line for logs, a code, and the person's
    sentence in the language the first message asked for."""
    with make_client().websocket_connect("/api/games/nope/ws") as ws:
        ws.send_json(first)
        frame = ws.receive_json()
    assert frame["code"] == code and frame["message"] == said and frame["error"].isascii()


def test_websocket_messages_are_limited():
    client = TestClient(create_app(GameHost(server_seeds=fixed_seeds()),
                                   rate_limits=RateLimits(ws_messages="5/minute")))
    game_id, tokens = new_game(client)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        ws.send_json({"token": tokens["0"]})
        ws.receive_json()
        for _ in range(5):
            ws.send_text("ping")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4429


# ------------------------------------------------------------------------------------------------
# Isolation

def hidden_from(game: Game, seat: int) -> set[str]:
    """The cards ``seat`` cannot see: the stock, the cards set aside, and the other hands less the eaten
    cards still in them. Once the game is over, every hand is shown."""
    hidden = {c.code for c in game.deal.stock[len(game.deal.stock) - game.stock_size:]} | set(
        game.deal.set_aside.codes.split())
    if game.is_over:
        return hidden
    for q, hand in enumerate(game.hands):
        if q != seat:
            hidden |= set(CardSet(hand.mask & ~game.unlaid_eaten[q].mask).codes.split())
    return hidden


def leaks(text: str, game: Game, seat: int) -> set[str]:
    return named_cards(text) & hidden_from(game, seat)


def test_the_leak_detector_finds_a_planted_leak():
    game = Game(seed=1)
    other = game.hands[1].codes.split()[0]
    clean = json.dumps({"hand": game.hands[0].codes})
    assert not leaks(clean, game, 0)
    planted = json.loads(clean)
    planted["debug"] = f"seat 1 holds {other}"
    assert leaks(json.dumps(planted), game, 0) == {other}
    svg = f'<g class="card" data-card="{other}">'
    assert leaks(svg, game, 0) == {other}
    symbol = other[:-1] + {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}[other[-1]]
    assert leaks(f"<text>{symbol}</text>", game, 0) == {other}


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True))
def test_no_body_or_frame_names_a_card_its_seat_cannot_see(seed, humans):
    host = GameHost(server_seeds=fixed_seeds(seed))
    client = TestClient(create_app(host, rate_limits=UNLIMITED))
    walk_checking_leaks(host, client, {"humans": sorted(humans), "bots": ["random"] * (4 - len(humans))}, seed,
                        leaks, "id")
