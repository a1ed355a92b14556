"""Reviews at the hosted table: computed once in the worker pool and kept with the game (a new
server over the same store answers at once), 202 + Retry-After while computing, 409 before the end,
429 past the bound, and POST /api/review with its fairness proof verified first."""

from __future__ import annotations

import time

from web_helpers import bearer, make_client, new_game, play_to_the_end


def wait_for_review(client, game_id, token, tries=200):
    for _ in range(tries):
        response = client.get(f"/api/games/{game_id}/review", headers=bearer(token))
        if response.status_code != 202:
            return response
        assert int(response.headers["retry-after"]) >= 1
        time.sleep(0.05)
    raise AssertionError("the review never finished")


def test_a_hosted_review_is_computed_once_and_survives_a_restart(tmp_path):
    store = str(tmp_path / "games.sqlite3")
    client = make_client(store)
    game_id, tokens = new_game(client, humans=[0, 1], bots=["greedy", "greedy"])
    early = client.get(f"/api/games/{game_id}/review", headers=bearer(tokens["0"]))
    assert early.status_code == 409
    play_to_the_end(client, game_id, tokens)
    first = client.get(f"/api/games/{game_id}/review", headers=bearer(tokens["0"]))
    assert first.status_code == 202 and first.json() == {"status": "the review is being computed"}
    done = wait_for_review(client, game_id, tokens["0"])
    assert done.status_code == 200
    data = done.json()
    record = client.get(f"/api/games/{game_id}/record", headers=bearer(tokens["0"])).json()
    assert [e["net"] for e in data["ledger"]] == record["result"]
    for entry in data["ledger"]:
        assert entry["expected"] + entry["skill"] + entry["luck"] + entry["others"] == entry["net"]
    assert "<svg" in data["html"]["en"] and "kỹ năng" in data["html"]["vi"]
    # the other seat gets the same kept review; a restarted server answers from the store at once
    assert client.get(f"/api/games/{game_id}/review", headers=bearer(tokens["1"])).json() == data
    restarted = make_client(store)
    again = restarted.get(f"/api/games/{game_id}/review", headers=bearer(tokens["1"]))
    assert again.status_code == 200 and again.json() == data
    assert restarted.get(f"/api/games/{game_id}/review").status_code == 401


def test_reviews_past_the_bound_are_refused_with_429(tmp_path):
    from starlette.testclient import TestClient
    from web_helpers import UNLIMITED, fixed_seeds

    from phom.web.app import create_app
    from phom.web.hosting import GameHost
    from phom.web.store import GameStore

    client = TestClient(create_app(GameHost(GameStore(":memory:"), server_seeds=fixed_seeds()),
                                   rate_limits=UNLIMITED, max_reviews=0))
    game_id, tokens = new_game(client, bots=["greedy"] * 3)
    play_to_the_end(client, game_id, tokens)
    assert client.get(f"/api/games/{game_id}/review", headers=bearer(tokens["0"])).status_code == 429
    record = client.get(f"/api/games/{game_id}/record", headers=bearer(tokens["0"])).json()
    assert client.post("/api/review", json={"record": record}).status_code == 429


def test_a_posted_record_is_verified_then_reviewed():
    client = make_client()
    game_id, tokens = new_game(client, game="tienlen", bots=["greedy"] * 3)
    play_to_the_end(client, game_id, tokens)
    record = client.get(f"/api/games/{game_id}/record", headers=bearer(tokens["0"])).json()
    answer = client.post("/api/review", json={"record": record, "seats": [2]})
    assert answer.status_code == 200 and answer.json()["game"] == "tienlen"
    assert [e["seat"] for e in answer.json()["ledger"]] == [2]
    record["fairness"]["server_seed"] = "f" * 64                 # a tampered proof: refused, nothing reviewed
    refused = client.post("/api/review", json={"record": record})
    assert refused.status_code == 422 and "commitment" in refused.json()["error"]
    for body, status in (({"record": {"format": "phom-game"}}, 422), ({"record": "text"}, 400), ({}, 400)):
        response = client.post("/api/review", json=body)
        assert response.status_code == status and "\n" not in response.json()["error"]
