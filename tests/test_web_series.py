"""Tables that continue: POST /api/games/{id}/next once a game is over starts the next game at the same
table (same seats, tokens and bots, a fresh commitment, led by the previous nhất in Phỏm as in Tiến
lên, cóng included), the same next game for every seat and after a restart, running totals in every
view, every record verifying, 409 before the end."""

from __future__ import annotations

import pytest
from web_helpers import bearer, make_client, new_game, play_to_the_end

from phom.fairness import verify_record


@pytest.mark.parametrize("game", ["phom", "tienlen"])
def test_a_series_of_three_games(game, tmp_path):
    store = str(tmp_path / "games.sqlite3")
    client = make_client(store)
    game_id, tokens = new_game(client, game=game, humans=[0, 2], bots=["greedy", "random"])
    assert client.post(f"/api/games/{game_id}/next", headers=bearer(tokens["0"])).status_code == 409
    totals = [0, 0, 0, 0]
    commitments = set()
    for number in (1, 2, 3):
        end = play_to_the_end(client, game_id, tokens)
        assert end["series"]["number"] == number
        totals = [a + b for a, b in zip(totals, end["result"]["net"])]
        assert end["series"]["totals"] == totals
        record = client.get(f"/api/games/{game_id}/record", headers=bearer(tokens["0"])).json()
        assert verify_record(__import__("json").dumps(record)).startswith("verified")
        commitments.add(record["fairness"]["commitment"])
        winner = end["result"]["winner"]
        first = client.post(f"/api/games/{game_id}/next", headers=bearer(tokens["0"]))
        assert first.status_code == 200
        again = client.post(f"/api/games/{game_id}/next", headers=bearer(tokens["2"]))
        assert again.json() == first.json()                         # every seat gets the same next game
        restarted = make_client(store)
        assert restarted.post(f"/api/games/{game_id}/next", headers=bearer(tokens["2"])).json() == first.json()
        previous, game_id = game_id, first.json()["id"]
        view = client.get(f"/api/games/{game_id}", headers=bearer(tokens["2"])).json()   # the same tokens
        assert view["series"] == {"number": number + 1, "previous": previous, "totals": totals, "next": None}
        assert view["bots"] == {"1": "greedy", "3": "random"}
        assert view["commitment"] == first.json()["commitment"] not in commitments
        leader = view["history"][0]["player"] if view["history"] else view["to_move"]
        assert leader == winner                                   # the previous nhất leads
        old = client.get(f"/api/games/{previous}", headers=bearer(tokens["0"])).json()
        assert old["series"]["next"] == game_id


def test_with_cong_leads_a_cong_player_leads_the_next_tienlen_game():
    from phom.tienlen import TienLenRules
    from phom.tienlen.game import TienLenResult

    result = TienLenResult((1, 2, 0, 3), None, (0, 3), (), (0, 0, 0, 0))
    assert result.next_leader(TienLenRules()) == 1
    assert result.next_leader(TienLenRules(cong_leads=True)) == 0


def test_next_needs_a_seat_of_the_table():
    client = make_client()
    game_id, tokens = new_game(client, bots=["greedy"] * 3)
    play_to_the_end(client, game_id, tokens)
    assert client.post(f"/api/games/{game_id}/next").status_code == 401
    assert client.post(f"/api/games/{game_id}/next", headers=bearer("nobody")).status_code == 403
    assert client.post("/api/games/nosuchgame/next", headers=bearer(tokens["0"])).status_code == 404


def test_house_rules_chosen_at_the_table_are_shown_in_players_words():
    client = make_client()
    game_id, tokens = new_game(client, rules={"hand_size": 8, "tai_gui": False, "den_chot_eater": True})
    view = client.get(f"/api/games/{game_id}", headers=bearer(tokens["0"])).json()
    assert view["rules"]["hand_size"] == 8 and view["rules"]["tai_gui"] is False
    assert view["rules_words"][:2] == ["phỏm 8 lá", "no gửi in tái turns"]
    assert "the last chốt eater pays đền" in view["rules_words"]
    assert len(view["hand"].split()) == 9                                # the leader's 9 of phỏm 8 lá
    game_id, tokens = new_game(client, game="tienlen", rules={"chat_after_pass": False, "dem_heo": True})
    words = client.get(f"/api/games/{game_id}", headers=bearer(tokens["0"])).json()["rules_words"]
    assert "chặt after a pass" not in words and "đếm heo" in words


def test_next_games_count_as_creations_but_the_same_next_game_is_counted_once():
    from starlette.testclient import TestClient
    from web_helpers import fixed_seeds

    from phom.web.app import RateLimits, create_app
    from phom.web.hosting import GameHost
    from phom.web.store import GameStore

    client = TestClient(create_app(GameHost(GameStore(":memory:"), server_seeds=fixed_seeds()),
                                   rate_limits=RateLimits(create="2/minute")))
    game_id, tokens = new_game(client, humans=[0, 1], bots=["greedy", "greedy"])       # creation 1
    play_to_the_end(client, game_id, tokens)
    following = client.post(f"/api/games/{game_id}/next", headers=bearer(tokens["0"]))  # creation 2
    assert following.status_code == 200
    assert client.post(f"/api/games/{game_id}/next", headers=bearer(tokens["1"])).json() == following.json()
    play_to_the_end(client, following.json()["id"], tokens)
    refused = client.post(f"/api/games/{following.json()['id']}/next", headers=bearer(tokens["1"]))
    assert refused.status_code == 429 and "new games per client" in refused.json()["error"]
    assert client.post("/api/games", json={}).status_code == 429
