"""Helpers for the service tests: a client on a fresh host, games created and played through the API."""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient

from phom.web.app import RateLimits, create_app
from phom.web.hosting import GameHost
from phom.web.store import GameStore

UNLIMITED = RateLimits(create="100000/second", ws_messages="100000/second", reactions="100000/second",
                       seating="100000/second", live_games=100_000)


def fixed_seeds(start: int = 0):
    """Server seeds 000…0, 000…1, …: reproducible deals for tests (a real host draws them with secrets)."""
    counter = itertools.count(start)
    return lambda: f"{next(counter):064x}"


def make_client(store: str = ":memory:", *, max_games: int = 50, seeds: int | None = 0, **host: Any) -> TestClient:
    kwargs: dict[str, Any] = dict(host)
    if seeds is not None:
        kwargs["server_seeds"] = fixed_seeds(seeds)
    return TestClient(create_app(GameHost(GameStore(store), max_games=max_games, **kwargs), rate_limits=UNLIMITED))


def steady(view: dict[str, Any]) -> dict[str, Any]:
    """A view without the moment it was sent (``clock.now_ms``), to compare views sent at different times."""
    clock = view.get("clock")
    return {**view, "clock": None if clock is None else {k: v for k, v in clock.items() if k != "now_ms"}}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_game(client: TestClient, **body: Any) -> tuple[str, dict[str, str]]:
    response = client.post("/api/games", json=body)
    assert response.status_code == 200, response.text
    data = response.json()
    return data["id"], data["tokens"]


def play_to_the_end(client: TestClient, game_id: str, tokens: dict[str, str], pick: int = 0) -> dict[str, Any]:
    """Every human seat plays its ``pick``-th legal action (modulo) until the game is over."""
    views = {s: client.get(f"/api/games/{game_id}", headers=bearer(t)).json() for s, t in tokens.items()}
    view = next(iter(views.values()))
    while not view["is_over"]:
        seat = str(view["to_move"])
        mine = client.get(f"/api/games/{game_id}", headers=bearer(tokens[seat])).json()
        actions = mine["legal_actions"]
        response = client.post(f"/api/games/{game_id}/actions", headers=bearer(tokens[seat]),
                               json={"action": actions[pick % len(actions)]["text"]})
        assert response.status_code == 200, response.text
        view = response.json()
    return view


CARD_TEXT = re.compile(r"(?<![0-9A-Za-z])(10|[2-9AJQK])([SCDH♠♣♦♥])(?![0-9A-Za-z])")
SUITS = {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}


def named_cards(text: str) -> set[str]:
    """Every card a text names, in code or symbol form (JSON, HTML and SVG included)."""
    return {rank + SUITS.get(suit, suit) for rank, suit in CARD_TEXT.findall(text)}


def walk_checking_leaks(host: Any, client: TestClient, body: dict[str, Any], seed: int,
                        leaks: Callable[[str, Any, int], set[str]], action_field: str) -> None:
    """Create a game from ``body``, put every human seat on a WebSocket and play random legal actions
    (their ``action_field``) to the end, asserting that no frame, view, hint or answer sent to a seat
    names a card ``leaks`` says that seat cannot see."""
    created = client.post("/api/games", json=body).json()
    game_id, tokens = created["id"], created["tokens"]
    rng = random.Random(seed)
    sockets = {}
    with client:
        for seat, token in tokens.items():
            sockets[seat] = client.websocket_connect(f"/api/games/{game_id}/ws").__enter__()
            sockets[seat].send_json({"token": token})
        try:
            while True:
                game = host.get(game_id).game
                for seat, ws in sockets.items():
                    assert not leaks(ws.receive_text(), game, int(seat)), f"frame to seat {seat}"
                    text = client.get(f"/api/games/{game_id}", headers=bearer(tokens[seat])).text
                    assert not leaks(text, game, int(seat)), f"body to seat {seat}"
                if game.is_over:
                    break
                seat = str(game.to_move)
                hint = client.post("/api/hint", json={"game": game_id}, headers=bearer(tokens[seat])).text
                assert not leaks(hint, game, int(seat))
                view = json.loads(client.get(f"/api/games/{game_id}", headers=bearer(tokens[seat])).text)
                choice = rng.choice(view["legal_actions"])
                answer = client.post(f"/api/games/{game_id}/actions", headers=bearer(tokens[seat]),
                                     json={"action": choice[action_field]})
                assert answer.status_code == 200
                assert not leaks(answer.text, host.get(game_id).game, int(seat))
        finally:
            for ws in sockets.values():
                ws.__exit__(None, None, None)
