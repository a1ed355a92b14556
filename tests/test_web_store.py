"""The store: games survive a restart with the same id, tokens, history and bots; a batch of actions is
all or nothing; the store's own bounds."""

from __future__ import annotations

import sqlite3

import pytest
from web_helpers import bearer, fixed_seeds, make_client, new_game, play_to_the_end, steady

from phom.web.hosting import GameHost
from phom.web.store import GameStore, StaleVersion, StoredGame


def test_games_survive_a_restart(tmp_path):
    path = str(tmp_path / "games.sqlite3")
    client = make_client(path)
    games = [new_game(client, bots=bots, humans=humans) for bots, humans in [
        (["greedy", "random", "montecarlo:8"], [0]), (["search:4", "greedy"], [1, 2]), ([], [0, 1, 2, 3])]]
    views = {}
    for n, (game_id, tokens) in enumerate(games):
        for _ in range(n + 2):                              # a few moves into each game
            seat = next(s for s, t in tokens.items()
                        if client.get(f"/api/games/{game_id}", headers=bearer(t)).json()["legal_actions"])
            view = client.get(f"/api/games/{game_id}", headers=bearer(tokens[seat])).json()
            client.post(f"/api/games/{game_id}/actions", headers=bearer(tokens[seat]),
                        json={"action": view["legal_actions"][-1]["id"]})
        views[game_id] = {s: client.get(f"/api/games/{game_id}", headers=bearer(t)).json() for s, t in tokens.items()}
    restarted = make_client(path, seeds=1000)               # a new process: nothing in memory
    for game_id, tokens in games:
        for seat, token in tokens.items():
            assert steady(restarted.get(f"/api/games/{game_id}", headers=bearer(token)).json()) == steady(
                views[game_id][seat])
    # the bots play on exactly as they would have without the restart
    original = make_client(path + ".copy", seeds=0)
    game_id, tokens = new_game(original, bots=["montecarlo:8", "search:4", "random"])
    final = play_to_the_end(original, game_id, tokens)
    again = make_client(path + ".copy", seeds=50)
    assert again.get(f"/api/games/{game_id}", headers=bearer(tokens["0"])).json() == final
    replayed = make_client(path + ".fresh", seeds=0)
    game_id2, tokens2 = new_game(replayed, bots=["montecarlo:8", "search:4", "random"])
    half = 0
    view = replayed.get(f"/api/games/{game_id2}", headers=bearer(tokens2["0"])).json()
    while not view["is_over"]:
        if half == 3:                                       # restart in the middle of the game
            replayed = make_client(path + ".fresh", seeds=99)
        view = replayed.post(f"/api/games/{game_id2}/actions", headers=bearer(tokens2["0"]),
                             json={"action": view["legal_actions"][0]["id"]}).json()
        half += 1
    assert view["history"] == final["history"] and view["result"] == final["result"]


def test_tokens_are_stored_only_as_digests(tmp_path):
    path = str(tmp_path / "games.sqlite3")
    client = make_client(path)
    game_id, tokens = new_game(client, humans=[0, 1])
    dump = "\n".join(sqlite3.connect(path).iterdump())
    assert game_id in dump and not any(token in dump for token in tokens.values())


def test_a_batch_is_all_or_nothing_and_guarded_by_its_version():
    store = GameStore(":memory:")
    store.insert(StoredGame("g", "phom", {}, 0, {}, "00" * 32, "", "c", 0.0), {0: "h"}, [(0, "draw")])
    assert store.append("g", 1, [(0, "discard 9H"), (1, "draw")], now=1.0, finished=False) == 3
    with pytest.raises(StaleVersion):
        store.append("g", 1, [(0, "discard 9H")], now=2.0, finished=False)
    assert [text for _, text in store.load("g").actions] == ["draw", "discard 9H", "draw"]


def test_a_failed_commit_changes_nothing(monkeypatch):
    host = GameHost(GameStore(":memory:"), server_seeds=fixed_seeds())
    created = host.create(bots=["greedy"] * 3)
    seat, hosted = host.seat_of(created.id, created.tokens[0])
    before = hosted.game.to_json()

    def broken(*args, **kwargs):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(host.store, "append", broken)
    with pytest.raises(sqlite3.OperationalError):
        host.act(created.id, created.tokens[0], hosted.game.legal_actions()[0])
    assert hosted.game.to_json() == before
    monkeypatch.undo()
    assert host.store.load(created.id).actions == []


def test_readyz_says_when_the_store_cannot_be_written():
    from starlette.testclient import TestClient

    from phom.web.app import create_app

    host = GameHost(GameStore(":memory:"))
    client = TestClient(create_app(host))
    assert client.get("/readyz").json() == {"status": "ready"}
    host.store.close()
    assert client.get("/readyz").status_code == 503 and client.get("/healthz").status_code == 200
