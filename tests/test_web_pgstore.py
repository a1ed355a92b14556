"""The PostgreSQL store against a real PostgreSQL server started by the tests: the same store contract
as the SQLite store (both run every test here), compare-and-set under concurrent writers, games that
outlive the host over the database, acknowledged moves that survive ``pg_ctl restart -m immediate``."""

from __future__ import annotations

import json
import threading

import pytest
from real_services import PostgresServer
from web_helpers import fixed_seeds

from phom.fairness import verify_record
from phom.web.hosting import GameHost
from phom.web.backends import StoreUnavailable, open_store
from phom.web.store import GameStore, StaleVersion, StoredGame

pytestmark = pytest.mark.stress

psycopg = pytest.importorskip("psycopg", reason='the PostgreSQL store needs the extra: pip install "phom[scale]"')


@pytest.fixture(scope="module")
def postgres():
    server = PostgresServer()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    if request.param == "sqlite":
        made = GameStore(str(tmp_path / "games.sqlite3"))
    else:
        server = request.getfixturevalue("postgres")
        with psycopg.connect(server.url, autocommit=True) as conn:         # a clean database per test
            conn.execute("DROP TABLE IF EXISTS requests, reviews, actions, seats, games, phom_schema CASCADE")
        made = open_store(server.url)
    yield made
    made.close()


def stored(game_id: str, created: float = 0.0) -> StoredGame:
    return StoredGame(game_id, "phom", {"players": 2}, 0, {"1": "greedy"}, "ab" * 32, "", "c" * 64, created)


def test_the_store_contract(store):
    store.insert(stored("g1"), {0: "digest"}, [(0, "draw")])
    assert store.append("g1", 1, [(0, "discard 9H"), (1, "draw")], now=1.0, finished=False) == 3
    with pytest.raises(StaleVersion):
        store.append("g1", 1, [(0, "discard 9H")], now=2.0, finished=False)
    with pytest.raises(StaleVersion):
        store.append("nope", 0, [(0, "draw")], now=2.0, finished=False)
    game = store.load("g1")
    assert game.actions == [(0, "draw"), (0, "discard 9H"), (1, "draw")] and game.token_hashes == {0: "digest"}
    assert game.rules == {"players": 2} and game.bots == {"1": "greedy"} and store.load("nope") is None
    # the next game of a table: the first one linked stands for every later writer
    assert store.insert_next("g1", stored("g2", 5.0), {0: "digest"}, []) == "g2"
    assert store.insert_next("g1", stored("g3", 6.0), {0: "digest"}, []) == "g2"
    assert store.load("g1").next_id == "g2" and store.load("g3") is None
    store.save_review("g1", '{"first": 1}')
    store.save_review("g1", '{"second": 2}')
    assert store.load_review("g1") == '{"first": 1}' and store.load_review("g2") is None
    assert store.ids() == ["g1", "g2"] and store.active() == 2
    assert store.append("g2", 0, [(0, "draw")], now=7.0, finished=True) == 1
    assert store.active() == 1 and store.writable()
    assert store.expire(idle_before=3.0, finished_before=8.0) == ["g2"]     # g1 was touched at 5.0
    assert store.ids() == ["g1"]
    assert store.expire(idle_before=100.0, finished_before=0.0) == ["g1"] and store.ids() == []


def test_finished_games_and_reviews_are_kept_up_to_a_cap(store):
    for i in range(5):
        store.insert(stored(f"f{i}", float(i)), {0: "digest"}, [])
        store.append(f"f{i}", 0, [(0, "draw")], now=10.0 + i, finished=True)
        store.save_review(f"f{i}", f'{{"review": {i}}}')
    store.insert(stored("live", 1.0), {0: "digest"}, [])          # unfinished games are not capped here
    gone = store.expire(idle_before=0.0, finished_before=0.0, keep_finished=3, keep_reviews=2)
    assert sorted(gone) == ["f0", "f1"] and sorted(store.ids()) == ["f2", "f3", "f4", "live"]
    assert [store.load_review(f"f{i}") for i in (2, 3, 4)] == [None, '{"review": 3}', '{"review": 4}']
    assert store.expire(idle_before=0.0, finished_before=0.0) == []      # no cap: nothing more goes


def test_unfinished_games_are_counted_by_their_creator(store):
    mine, theirs = StoredGame(**{**stored("m1").__dict__, "creator": "me"}), StoredGame(**{**stored("t1").__dict__,
                                                                                           "creator": "them"})
    store.insert(mine, {0: "digest"}, [])
    store.insert(theirs, {0: "digest"}, [])
    store.insert(StoredGame(**{**stored("m2").__dict__, "creator": "me"}), {0: "digest"}, [])
    assert (store.held("me"), store.held("them"), store.held("nobody")) == (2, 1, 0)
    store.append("m1", 0, [(0, "draw")], now=1.0, finished=True)
    assert store.held("me") == 1


def test_one_of_two_concurrent_writers_at_a_version_wins(store):
    store.insert(stored("race"), {0: "digest"}, [])
    outcomes: list[str] = []
    barrier = threading.Barrier(8)

    def write(n: int) -> None:
        barrier.wait()
        try:
            store.append("race", 0, [(0, f"discard {n}")], now=1.0, finished=False)
            outcomes.append("won")
        except StaleVersion:
            outcomes.append("stale")

    threads = [threading.Thread(target=write, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["stale"] * 7 + ["won"] and len(store.load("race").actions) == 1


def host_on(url: str, seeds: int = 0) -> GameHost:
    return GameHost(open_store(url), server_seeds=fixed_seeds(seeds))


def test_games_outlive_their_host_and_survive_an_immediate_database_restart(postgres):
    with psycopg.connect(postgres.url, autocommit=True) as conn:
        conn.execute("DROP TABLE IF EXISTS requests, reviews, actions, seats, games, phom_schema CASCADE")
    host = host_on(postgres.url)
    created = host.create(bots=["greedy", "montecarlo:8"], humans=[0, 1])
    acknowledged = []
    for step in range(40):
        game = host.get(created.id).game
        if game.is_over:
            break
        seat = game.to_move
        action = game.legal_actions()[0]
        if step in (3, 11):
            postgres.restart("immediate")               # the database crashes between two moves
        host.act(created.id, created.tokens[seat], action)
        acknowledged.append(str(action))
    # a new host (another worker, or this one after a restart) sees every acknowledged move once
    other = host_on(postgres.url, seeds=500)
    again = other.get(created.id).game
    mine = [str(a) for p, a in again.history if p in (0, 1)]
    assert mine == acknowledged
    while not again.is_over:
        seat = again.to_move
        other.act(created.id, created.tokens[seat], again.legal_actions()[-1])
        again = other.get(created.id).game
    verify_record(json.dumps(other.get(created.id).record()))   # the record verifies (raises if not)
    with psycopg.connect(postgres.url) as conn:             # tokens are kept only as digests
        dump = " ".join(str(row) for table in ("games", "seats", "actions")
                        for row in conn.execute(f"SELECT * FROM {table}").fetchall())
    assert created.id in dump and not any(token in dump for token in created.tokens.values())
    host.store.close()
    other.store.close()


def test_readyz_follows_the_database(postgres):
    from starlette.testclient import TestClient

    from phom.web.app import create_app

    store = open_store(postgres.url)
    client = TestClient(create_app(GameHost(store)))
    assert client.get("/readyz").json() == {"status": "ready"}
    store.close()
    assert client.get("/readyz").status_code == 503


def test_a_newer_schema_is_refused(postgres):
    store = open_store(postgres.url)
    store.close()
    with psycopg.connect(postgres.url, autocommit=True) as conn:
        conn.execute("INSERT INTO phom_schema (version) VALUES (99)")
    try:
        with pytest.raises(StoreUnavailable, match="schema version 99"):
            open_store(postgres.url)
    finally:
        with psycopg.connect(postgres.url, autocommit=True) as conn:
            conn.execute("DELETE FROM phom_schema WHERE version = 99")


def test_a_store_whose_connection_dies_while_it_opens_tries_again(postgres):
    # a worker that starts while the server restarts (tests/test_web_scale.py met it): here its
    # connection is killed while it waits for the schema, and opening must still succeed
    open_store(postgres.url).close()
    opened: list[object] = []
    with psycopg.connect(postgres.url) as holder:
        holder.execute("LOCK TABLE phom_schema IN ACCESS EXCLUSIVE MODE")       # the opener waits on this
        opener = threading.Thread(target=lambda: opened.append(_open_or_error(postgres.url)))
        opener.start()
        with psycopg.connect(postgres.url, autocommit=True) as admin:
            killed = 0
            for _ in range(200):
                killed = admin.execute(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                    " AND pid <> pg_backend_pid() AND datname = current_database()").fetchone()[0]
                if killed:
                    break
                threading.Event().wait(0.05)
        assert killed == 1
        holder.commit()                                                       # the lock goes
    opener.join(30)
    assert not opener.is_alive()
    store = opened[0]
    assert not isinstance(store, Exception), store
    store.insert(stored("after-a-cut"), {0: "h"}, [])
    assert store.load("after-a-cut") is not None
    store.close()


def _open_or_error(url: str) -> object:
    try:
        return open_store(url)
    except Exception as error:                                                # reported by the test
        return error


def test_a_retried_move_with_its_idempotency_key_is_applied_once(store):
    from starlette.testclient import TestClient

    from phom.web.app import create_app

    client = TestClient(create_app(GameHost(store, server_seeds=fixed_seeds())))
    created = client.post("/api/games", json={"humans": [0, 1], "bots": ["greedy", "greedy"]}).json()
    zero = {"Authorization": f"Bearer {created['tokens']['0']}"}
    view = client.get(f"/api/games/{created['id']}", headers=zero).json()
    move = {"action": view["legal_actions"][0]["text"]}
    first = client.post(f"/api/games/{created['id']}/actions", headers={**zero, "Idempotency-Key": "m-1"}, json=move)
    again = client.post(f"/api/games/{created['id']}/actions", headers={**zero, "Idempotency-Key": "m-1"}, json=move)
    assert first.status_code == again.status_code == 200
    assert again.json()["version"] == first.json()["version"] and len(again.json()["history"]) == first.json()["version"]
    assert [e for e in again.json()["history"] if e["player"] == 0] == [{"player": 0, "action": move["action"]}]
    fresh = client.post(f"/api/games/{created['id']}/actions", headers={**zero, "Idempotency-Key": "m-2"}, json=move)
    assert fresh.status_code == 409                           # a new request: the referee decides (not seat 0's turn)
    bad = client.post(f"/api/games/{created['id']}/actions", headers={**zero, "Idempotency-Key": "x" * 101}, json=move)
    assert bad.status_code == 400
    # a key opens nothing: without the seat's token the same request is refused before it is looked up
    stranger = {"Authorization": "Bearer not-a-seat", "Idempotency-Key": "m-1"}
    assert client.post(f"/api/games/{created['id']}/actions", headers=stranger, json=move).status_code == 403
    assert client.post(f"/api/games/{created['id']}/actions", headers={"Idempotency-Key": "m-1"},
                       json=move).status_code == 401


def test_a_lease_is_held_by_one_holder_until_it_runs_out(store):
    assert store.claim("review:g", "a", now=0.0, until=10.0)
    assert not store.claim("review:g", "b", now=5.0, until=15.0)          # a holds it
    assert store.claim("review:g", "a", now=6.0, until=16.0)              # a renews
    assert store.claim("review:g", "b", now=17.0, until=27.0)             # a died: b takes it over
    store.release("review:g", "a")                                          # not a's any more: no effect
    assert not store.claim("review:g", "c", now=18.0, until=28.0)
    store.release("review:g", "b")
    assert store.claim("review:g", "c", now=18.0, until=28.0)


def test_a_review_is_computed_by_one_worker_and_taken_over_when_it_dies(store):
    from concurrent.futures import ThreadPoolExecutor

    from phom.web.reviews import ReviewQueue

    host = GameHost(store, server_seeds=fixed_seeds())
    created = host.create(bots=["greedy"] * 3, humans=[0])
    while not host.get(created.id).game.is_over:
        game = host.get(created.id).game
        host.act(created.id, created.tokens[0], game.legal_actions()[0])
    record = host.get(created.id).record()
    clock = [100.0]
    dead = ReviewQueue(store, ThreadPoolExecutor(1), lease_seconds=30.0, clock=lambda: clock[0])
    dead.pool.submit = lambda *args, **kwargs: None      # type: ignore[method-assign]  # it dies before computing
    assert dead.lookup(created.id, record) is None and dead.running       # it holds the lease
    with ThreadPoolExecutor(1) as pool:
        other = ReviewQueue(store, pool, lease_seconds=30.0, clock=lambda: clock[0])
        assert other.lookup(created.id, record) is None and not other.running   # the lease is taken
        clock[0] += 31.0                                                  # the holder never came back
        assert other.lookup(created.id, record) is None and other.running
    assert other.lookup(created.id, record)["game"] == "phom"             # computed by the other one
