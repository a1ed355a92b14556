"""Deadlines that survive anything, and a table of people across workers: clocked tables of both games
whose people have all gone silent play to their end by the stand-in on two real ``phom serve`` workers
over real PostgreSQL and Redis, while the workers are killed with SIGKILL with deadlines pending. Every
deadline is played exactly once (none twice, none lost: every table finishes), and every finished record
proves each clock move. A name, a reaction and a seat coming back on one worker reach the other's seats."""

from __future__ import annotations

import json

import pytest
from real_services import PostgresServer, RedisServer, Worker

pytestmark = pytest.mark.stress

httpx = pytest.importorskip("httpx")
pytest.importorskip("psycopg", reason='the PostgreSQL store needs the extra: pip install "phom[scale]"')
pytest.importorskip("redis", reason='the broker needs the extra: pip install "phom[scale]"')
ws_client = pytest.importorskip("websockets.sync.client")

from silent_tables import figures, open_tables, play_out  # noqa: E402


@pytest.fixture(scope="module")
def cluster():
    postgres, redis_server = PostgresServer(), RedisServer()
    workers = [Worker(postgres.url, redis_server.url), Worker(postgres.url, redis_server.url)]
    yield postgres, workers
    for worker in workers:
        worker.kill()
    redis_server.stop()
    postgres.stop()


def test_names_reactions_and_coming_back_reach_the_seats_on_every_worker(cluster):
    _, (one, two) = cluster
    created = httpx.post(f"{one.url}/api/games", json={"humans": [0, 1], "turn_seconds": 5}, timeout=30).json()
    game_id, tokens = created["id"], created["tokens"]
    url = two.url.replace("http", "ws") + f"/api/games/{game_id}/ws"
    with ws_client.connect(url, open_timeout=5) as socket:                 # seat 1 watches on worker two
        socket.send(json.dumps({"token": tokens["1"], "html": False}))
        assert "version" in json.loads(socket.recv(timeout=10))
        assert httpx.put(f"{one.url}/api/games/{game_id}/name", json={"name": "Tuấn"},
                         headers={"Authorization": f"Bearer {tokens['0']}"}, timeout=10).status_code == 200
        assert httpx.post(f"{one.url}/api/games/{game_id}/react", json={"reaction": "hurry"},
                          headers={"Authorization": f"Bearer {tokens['0']}"}, timeout=10).status_code == 200
        heard, named, away = None, False, False
        for _ in range(60):                                                # the silent seat is played for too
            frame = json.loads(socket.recv(timeout=10))
            if "reaction" in frame:
                heard = frame["reaction"]
            else:
                named = named or frame["names"] == {"0": "Tuấn"}
                away = away or bool(frame["away"])
            if heard and named and away:
                break
        assert heard == {"seat": 0, "key": "hurry"} and named and away
    mover = httpx.get(f"{two.url}/api/games/{game_id}", headers={"Authorization": f"Bearer {tokens['0']}"},
                      timeout=10).json()["away"][0]
    back = httpx.post(f"{two.url}/api/games/{game_id}/back", headers={"Authorization": f"Bearer {tokens[str(mover)]}"},
                      timeout=10).json()
    assert mover not in back["away"]
    seen = httpx.get(f"{one.url}/api/games/{game_id}", headers={"Authorization": f"Bearer {tokens['0']}"},
                     timeout=10).json()
    assert mover not in seen["away"] or seen["version"] > back["version"]


def test_silent_tables_play_to_the_end_once_across_sigkills(cluster, tmp_path):
    postgres, workers = cluster
    tables = open_tables(workers, 4, turn_seconds=5)
    kills = play_out(workers, tables, seconds=240, kill_every=4.0)
    result = figures(postgres.url, workers, tables)
    result.kills = kills
    (tmp_path / "deadlines.json").write_text(json.dumps(result.summary()))
    assert kills >= 2
    assert result.fired_twice == 0
    assert result.finished == result.games == result.verified     # no table was left waiting for a person
    assert result.clock_moves > 0 and len(result.lateness) > 0
