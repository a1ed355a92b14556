"""Helpers for the service tests: a client on a fresh host, games created and played through the API."""

from __future__ import annotations

import itertools
from typing import Any

from starlette.testclient import TestClient

from phom.web.app import RateLimits, create_app
from phom.web.hosting import GameHost
from phom.web.store import GameStore

UNLIMITED = RateLimits(create="100000/second", ws_messages="100000/second")


def fixed_seeds(start: int = 0):
    """Server seeds 000…0, 000…1, …: reproducible deals for tests (a real host draws them with secrets)."""
    counter = itertools.count(start)
    return lambda: f"{next(counter):064x}"


def make_client(store: str = ":memory:", *, max_games: int = 50, seeds: int | None = 0, **host: Any) -> TestClient:
    kwargs: dict[str, Any] = dict(host)
    if seeds is not None:
        kwargs["server_seeds"] = fixed_seeds(seeds)
    return TestClient(create_app(GameHost(GameStore(store), max_games=max_games, **kwargs), rate_limits=UNLIMITED))


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
