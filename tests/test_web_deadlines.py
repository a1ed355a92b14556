"""Deadlines that survive anything, and a table of people across workers: clocked tables of both games
whose people have all gone silent play to their end by the stand-in on two real ``phom serve`` workers
over real PostgreSQL and Redis, while the workers are killed with SIGKILL with deadlines pending. Every
deadline is played exactly once (none twice, none lost: every table finishes), and every finished record
proves each clock move. A name, a reaction and a seat coming back on one worker reach the other's seats."""

from __future__ import annotations

import json
import time

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
            frame = json.loads(socket.recv(timeout=30))                    # (its first turn: 5 s + 10 s)
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
    kills = play_out(workers, tables, seconds=240, kill_every=2.0)
    result = figures(postgres.url, workers, tables)
    result.kills = kills
    (tmp_path / "deadlines.json").write_text(json.dumps(result.summary()))
    assert kills >= 2
    assert result.fired_twice == 0
    assert result.finished == result.games == result.verified     # no table was left waiting for a person
    assert result.clock_moves > 0 and len(result.lateness) > 0


def deadlines_per_game(store: str, tables) -> dict[str, int]:
    """How many deadlines (distinct ``due``) the stand-in answered in each game, from the store."""
    from silent_tables import stored_rows

    seen: dict[str, set[float]] = {t.game_id: set() for t in tables}
    for game_id, _version, due, _played in stored_rows(store, list(seen)):
        seen[game_id].add(due)
    return {game_id: len(dues) for game_id, dues in seen.items()}


def test_a_table_whose_people_are_all_away_is_played_to_its_end_at_once(cluster):
    """Each silent person's first deadline makes him away; once all are, the stand-in plays the game to its
    end in the same commit: no table has more deadlines than people (none is paced seat by seat)."""
    postgres, workers = cluster
    tables = open_tables(workers, 6, turn_seconds=5)
    play_out(workers, tables, seconds=180, kill_every=None)
    result = figures(postgres.url, workers, tables)
    assert result.finished == result.games == result.verified and result.fired_twice == 0
    people = {t.game_id: len(t.tokens) for t in tables}
    counts = deadlines_per_game(postgres.url, tables)
    assert all(counts[game_id] <= people[game_id] for game_id in counts), (counts, people)
    assert sum(counts.values()) >= len(tables)


def test_sigterm_stops_a_worker_within_10_s_and_the_other_takes_its_deadlines(cluster):
    postgres, (one, two) = cluster
    tables = open_tables([one], 4, turn_seconds=5)
    socket_url = one.url.replace("http", "ws") + f"/api/games/{tables[0].game_id}/ws"
    live = ws_client.connect(socket_url, open_timeout=5)                # a live seat holds a socket open
    live.send(json.dumps({"token": next(iter(tables[0].tokens.values())), "html": False}))
    assert "version" in json.loads(live.recv(timeout=10))
    assert one.process is not None
    one.process.terminate()                                                # SIGTERM with deadlines pending
    one.process.wait(timeout=10)                                           # the contract: within 10 s
    one.process = None
    closed = None
    try:
        while True:
            live.recv(timeout=5)
    except Exception as exc:                                               # the socket was closed for a restart
        closed = exc
    assert closed is not None
    for table in tables:
        table.url = two.url
    play_out([two], tables, seconds=180, kill_every=None)
    result = figures(postgres.url, [two], tables)
    one.start()
    assert result.finished == result.games == result.verified and result.fired_twice == 0


def test_a_worker_started_while_redis_is_down_serves_and_joins_the_doorbell(cluster):
    import redis

    postgres, (one, _) = cluster
    broker = RedisServer()
    broker.stop()                                                          # Redis is down when it starts
    late = Worker(postgres.url, broker.url, wait=False)
    try:
        late.wait_up()
        created = httpx.post(f"{late.url}/api/games", json={"humans": [0, 1]}, timeout=30)
        assert created.status_code == 200                                 # it serves from the store
        game_id, token = created.json()["id"], created.json()["tokens"]["0"]
        assert httpx.get(f"{one.url}/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"},
                         timeout=10).status_code == 200                    # the other worker shares the store
        assert httpx.get(f"{late.url}/readyz", timeout=10).status_code == 503
        broker.start()                                                     # Redis comes back
        client = redis.Redis.from_url(broker.url)
        subscribed = 0
        for _ in range(200):                                               # its doorbell subscribes again
            subscribed = dict(client.pubsub_numsub("phom:games")).get(b"phom:games", 0)
            if subscribed:
                break
            time.sleep(0.1)
        client.close()
        assert subscribed == 1
        late.wait_ready()                                                  # and it says it is ready
    finally:
        late.kill()
        broker.stop()


def test_one_idempotency_key_on_two_workers_at_once_is_one_move(cluster):
    """The same move with one key sent to both workers at the same moment: one move, both answers 200
    with the same version (the store decides: the loser finds the winner's key)."""
    import threading

    _, (one, two) = cluster
    created = httpx.post(f"{one.url}/api/games", json={"game": "tienlen", "humans": [0, 1, 2, 3]}, timeout=30).json()
    game_id, tokens = created["id"], created["tokens"]
    for round_number in range(12):
        view = httpx.get(f"{one.url}/api/games/{game_id}?html=false", headers={"Authorization": f"Bearer {tokens['0']}"},
                         timeout=10).json()
        if view["is_over"]:
            break
        seat = str(view["to_move"])
        headers = {"Authorization": f"Bearer {tokens[seat]}", "Idempotency-Key": f"both-{round_number}"}
        mine = httpx.get(f"{one.url}/api/games/{game_id}?html=false", headers=headers, timeout=10).json()
        body = {"action": mine["legal_actions"][0]["text"], "version": mine["version"]}
        start, answers = threading.Barrier(2), [None, None]

        def send(slot: int, url: str) -> None:
            start.wait()
            answers[slot] = httpx.post(f"{url}/api/games/{game_id}/actions?html=false", json=body, headers=headers,
                                       timeout=30)

        threads = [threading.Thread(target=send, args=(slot, worker.url)) for slot, worker in enumerate((one, two))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
        assert {a.json()["version"] for a in answers} == {mine["version"] + 1}
