"""One house for two games: the machinery asks ``phom.games`` about a game, never which game it is. The
proof is a toy game ("three cards", ``tests/toy_game.py``) registered at run time, with no compiled engine
and no knowledge of the machinery: the service hosts it (its store rows, fair deals, bots, the table clock
and its stand-in, the HTTP views and moves), ``phom verify`` proves its records (bots and clock moves
replayed by the protocol alone), and a tampered record of it is refused."""

from __future__ import annotations

import copy
import json

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient  # noqa: E402
from toy_game import ToyKind  # noqa: E402
from web_helpers import bearer, fixed_seeds  # noqa: E402

from phom.fairness import FairnessError, verify_record  # noqa: E402
from phom.games import GAMES, game_kind, kind_of_record, register_game, unregister_game  # noqa: E402
from phom.web.app import create_app  # noqa: E402
from phom.web.hosting import GameHost  # noqa: E402
from phom.web.store import GameStore  # noqa: E402


@pytest.fixture
def toy():
    kind = register_game(ToyKind())
    yield kind
    unregister_game("toy")


def test_the_registry_names_its_games_and_refuses_a_second_of_a_name(toy):
    assert set(GAMES) == {"phom", "tienlen", "toy"} and game_kind("toy") is toy
    assert kind_of_record({"format": "toy-three-cards"}) is toy
    with pytest.raises(ValueError, match="registered already"):
        register_game(ToyKind())
    with pytest.raises(ValueError, match="not 'chess-game'"):
        kind_of_record({"format": "chess-game"})
    assert game_kind("phom").engine is not None and toy.engine is None      # it says it has no engine


def play(host: GameHost, game_id: str, token: str) -> dict:
    for _ in range(10):
        seat, hosted = host.seat_of(game_id, token)
        if hosted.game.is_over:
            return hosted.record()
        host.act(game_id, token, hosted.game.legal_actions()[-1])
    raise AssertionError("the toy game never ended")


def test_the_service_hosts_a_game_registered_at_run_time_and_verify_proves_it(toy, tmp_path):
    host = GameHost(GameStore(str(tmp_path / "games.sqlite3")), server_seeds=fixed_seeds(3))
    created = host.create(kind="toy", humans=[0], bots=["random"], client_seed="toy")
    record = play(host, created.id, created.tokens[0])
    assert record["format"] == "toy-three-cards" and len(record["actions"]) == 6
    line = verify_record(json.dumps(record))
    assert line.startswith("verified: the Three cards deal") and "3 bot moves reproduced" in line
    restarted = GameHost(GameStore(str(tmp_path / "games.sqlite3")))        # rebuilt from its store rows
    assert restarted.get(created.id).record() == record
    tampered = copy.deepcopy(record)
    bot_move = next(v for v, e in enumerate(record["history"]) if e["player"] == 1)
    seat_cards = [e["action"] for e in record["history"] if e["player"] == 1]
    other = next(a for a in seat_cards if a != record["actions"][bot_move])
    tampered["actions"][bot_move], tampered["history"][bot_move]["action"] = other, other
    with pytest.raises(FairnessError):
        verify_record(json.dumps(tampered))


def test_its_clock_and_stand_in_are_the_services_and_verify_replays_them(toy):
    now = [1000.0]
    host = GameHost(clock=lambda: now[0], server_seeds=fixed_seeds(5))
    created = host.create(kind="toy", humans=[0, 1], client_seed="clocked")
    assert host.get(created.id).turn_seconds == 10                       # the game's own default
    for _ in range(20):
        now[0] += 11
        host.fire_due()
    hosted = host.get(created.id)
    assert hosted.game.is_over and hosted.away == {0, 1}
    record = hosted.record()
    assert "6 clock moves reproduced" in verify_record(json.dumps(record))


def test_its_views_and_moves_go_through_http(toy):
    host = GameHost(server_seeds=fixed_seeds(9))
    client = TestClient(create_app(host))
    created = host.create(kind="toy", humans=[0], client_seed="http")
    view = client.get(f"/api/games/{created.id}", headers=bearer(created.tokens[0])).json()
    assert view["game"] == "toy" and view["clock"] is None and view["version"] in (0, 1)
    while not view["is_over"]:
        view = client.post(f"/api/games/{created.id}/actions", headers=bearer(created.tokens[0]),
                           json={"action": view["legal_actions"][0]["text"]}).json()
    assert view["result"]["net"] in ([1, -1], [-1, 1])
    hint = client.post("/api/hint", json={"game": created.id}, headers=bearer(created.tokens[0]))
    assert hint.status_code == 409                                       # the game is over: nobody is to move
