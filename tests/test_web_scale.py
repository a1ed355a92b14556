"""Past one process: ``phom serve`` workers over one PostgreSQL and one Redis, all real and started by the
test. Clients play through random workers while workers are killed with SIGKILL, Redis is restarted and
PostgreSQL is restarted with ``pg_ctl restart -m immediate`` and a TCP proxy between one worker and
PostgreSQL drops every connection; afterwards a history check: every
acknowledged move is stored exactly once at its version, no stored move is one nobody asked for, every
finished game's record verifies, and a live seat on one worker saw the moves made on the others."""

from __future__ import annotations

import json
import random
import threading
import time

import pytest
from real_services import CuttingProxy, PostgresServer, RedisServer, Worker

from phom.fairness import verify_record

pytestmark = pytest.mark.stress

httpx = pytest.importorskip("httpx")
psycopg = pytest.importorskip("psycopg", reason='the PostgreSQL store needs the extra: pip install "phom[scale]"')
pytest.importorskip("redis", reason='the broker needs the extra: pip install "phom[scale]"')


@pytest.fixture(scope="module")
def cluster():
    postgres, redis_server = PostgresServer(), RedisServer()
    # worker 0 reaches PostgreSQL through a proxy the test cuts; worker 1 directly
    proxy = CuttingProxy(postgres.port)
    through = postgres.url.replace(f":{postgres.port}/", f":{proxy.port}/")
    limit = ("--tables-per-address", "20")             # an address's unfinished tables, counted across workers
    workers = [Worker(through, redis_server.url, *limit), Worker(postgres.url, redis_server.url, *limit)]
    yield postgres, redis_server, workers, proxy
    for worker in workers:
        worker.kill()
    proxy.close()
    redis_server.stop()
    postgres.stop()


class Client:
    """One person playing one game through whichever worker answers, noting what was acknowledged and
    what got no answer (indeterminate)."""

    def __init__(self, workers, game_id: str, token: str, rng: random.Random, pick: int = 0) -> None:
        self.workers, self.game_id, self.rng, self.pick = workers, game_id, rng, pick
        self.headers = {"Authorization": f"Bearer {token}"}
        self.acknowledged: list[tuple[int, str]] = []
        self.indeterminate: list[tuple[int, str]] = []
        self.over = False

    def worker(self) -> str:
        return self.rng.choice([w.url for w in self.workers])

    def step(self) -> None:
        try:
            view = httpx.get(f"{self.worker()}/api/games/{self.game_id}?html=false", headers=self.headers,
                             timeout=5).json()
        except (httpx.HTTPError, ValueError):
            return
        if view.get("is_over"):
            self.over = True
            return
        if view.get("to_move") != 0:
            return
        action = view["legal_actions"][self.pick]["text"]
        try:
            answer = httpx.post(f"{self.worker()}/api/games/{self.game_id}/actions?html=false", headers=self.headers,
                                json={"action": action}, timeout=5)
        except httpx.HTTPError:
            self.indeterminate.append((view["version"], action))
            return
        if answer.status_code == 200:
            self.acknowledged.append((view["version"], action))
        elif answer.status_code >= 500:
            self.indeterminate.append((view["version"], action))


def test_no_acknowledged_move_is_lost_or_doubled_when_any_part_dies(cluster):
    postgres, redis_server, workers, proxy = cluster
    rng = random.Random(7)
    clients = []
    for n in range(6):
        created = httpx.post(f"{workers[n % 2].url}/api/games", json={"bots": ["greedy"] * 3}, timeout=10).json()
        clients.append(Client(workers, created["id"], created["tokens"]["0"], random.Random(n)))
        if n % 2:      # the same seat open in a second tab, choosing differently: two writers race
            clients.append(Client(workers, created["id"], created["tokens"]["0"], random.Random(100 + n), pick=-1))
    watched = clients[0]
    seen: list[int] = []
    reconnects: list[float] = []                           # seconds from a lost live seat to its next frame
    stop = threading.Event()

    def watch() -> None:
        # a live seat on worker 1: it must hear of moves made through worker 0 (doorbell or repair)
        import websockets.sync.client as ws_client

        lost_at, attempt = None, 1
        while not stop.is_set():
            try:
                # worker 1 first; after a failure the other one, as a page behind a load balancer would
                url = workers[attempt % 2].url.replace("http", "ws") + f"/api/games/{watched.game_id}/ws"
                with ws_client.connect(url, open_timeout=2) as socket:
                    first = {"token": watched.headers["Authorization"].split()[1], "html": False}
                    if seen:
                        first["since"] = seen[-1]
                    socket.send(json.dumps(first))
                    while not stop.is_set():
                        try:
                            frame = json.loads(socket.recv(timeout=0.5))
                        except TimeoutError:
                            continue
                        if lost_at is not None:
                            reconnects.append(time.perf_counter() - lost_at)
                            lost_at = None
                        seen.append(frame["version"])
            except Exception:                              # the worker was killed: reconnect
                if lost_at is None:
                    lost_at = time.perf_counter()
                attempt += 1
                time.sleep(0.05)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    deadline = time.time() + 120

    def play(client: Client) -> None:
        while not client.over and time.time() < deadline:
            client.step()
            time.sleep(client.rng.uniform(0.3, 0.6))      # a person thinks

    players = [threading.Thread(target=play, args=(client,)) for client in clients]
    for thread in players:
        thread.start()
    # the faults, at random moments while the clients play (their requests are cut in flight)
    faults = ["kill", "cut", "kill", "redis", "cut", "kill", "postgres", "kill", "cut"]
    kills = 0
    for fault in faults:
        time.sleep(rng.uniform(0.1, 0.3))
        if fault == "cut":
            proxy.cut()                                    # worker 0's database connections dropped
        elif fault == "kill":
            victim = workers[kills % 2]                    # each worker twice: the live seat's included
            kills += 1
            victim.kill()                                  # SIGKILL: no goodbye
            victim.start(wait=False)                       # back when it is back; the clients go on
        elif fault == "redis":
            redis_server.restart()
        else:
            postgres.restart("immediate")
    still_playing = sum(thread.is_alive() for thread in players)
    for worker in workers:
        worker.wait_ready()
    for thread in players:
        thread.join()
    stop.set()
    watcher.join(timeout=5)
    assert still_playing > 0, "the games ended before the faults did: the test saw no fault in play"
    assert all(c.over for c in clients), "some game did not finish within two minutes"

    lost = doubled = phantom = 0
    indeterminate_kept = indeterminate_dropped = 0
    games: dict[str, list[Client]] = {}
    for client in clients:
        games.setdefault(client.game_id, []).append(client)
    with psycopg.connect(postgres.url) as conn:
        for game_id, tabs in games.items():
            rows = conn.execute("SELECT version, seat, action FROM actions WHERE game_id = %s ORDER BY version",
                                (game_id,)).fetchall()
            stored = {version: (seat, action) for version, seat, action in rows}
            assert sorted(stored) == list(range(len(rows)))            # the moves log has no hole
            acknowledged = [move for tab in tabs for move in tab.acknowledged]
            indeterminate = {move for tab in tabs for move in tab.indeterminate} - set(acknowledged)
            lost += sum(stored.get(version) != (0, action) for version, action in acknowledged)
            versions = [version for version, _ in acknowledged]
            doubled += len(versions) - len(set(versions))              # two answers of 200 for one version
            asked = set(acknowledged) | indeterminate
            phantom += sum((v, a) not in asked for v, (seat, a) in stored.items() if seat == 0)
            for version, action in indeterminate:                      # no answer: applied or not, once
                if stored.get(version) == (0, action):
                    indeterminate_kept += 1
                else:
                    indeterminate_dropped += 1
    assert (lost, doubled, phantom) == (0, 0, 0)
    for client in clients:
        record = httpx.get(f"{workers[0].url}/api/games/{client.game_id}/record", headers=client.headers,
                           timeout=10).json()
        verify_record(json.dumps(record))
    final = httpx.get(f"{workers[1].url}/api/games/{watched.game_id}", headers=watched.headers, timeout=10).json()
    assert seen and seen[-1] == final["version"] and seen == sorted(seen)
    print(f"\nhistory check: {sum(len(c.acknowledged) for c in clients)} acknowledged, lost {lost}, doubled "
          f"{doubled}, phantom {phantom}; indeterminate {indeterminate_kept} kept, {indeterminate_dropped} not "
          f"applied; the live seat saw {len(seen)} frames up to version {seen[-1]}; {proxy.cuts} proxy cuts; "
          f"reconnects {sorted(round(r * 1000) for r in reconnects)} ms")


def test_readyz_answers_for_the_store_and_the_broker(cluster):
    postgres, redis_server, workers, proxy = cluster
    assert httpx.get(workers[0].url + "/readyz", timeout=5).status_code == 200
    redis_server.stop()
    try:
        answer = httpx.get(workers[0].url + "/readyz", timeout=10)
        assert answer.status_code == 503 and "broker" in answer.json()["status"]
    finally:
        redis_server.start()
    assert httpx.get(workers[0].url + "/readyz", timeout=5).status_code == 200


def test_more_than_one_worker_needs_a_broker(capsys):
    from phom.cli import main

    assert main(["serve", "--workers", "2", "--store", ":memory:"]) == 1
    assert "--workers needs --broker redis://" in capsys.readouterr().err


def test_sigterm_closes_live_seats_with_the_code_that_says_reconnect():
    """SIGTERM: requests in flight finish and each WebSocket is closed with 1012 (service restart),
    which the page answers by reconnecting to whichever worker answers."""
    import signal
    import subprocess
    import sys
    import urllib.request

    import websockets.sync.client as ws_client
    from real_services import free_port

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([sys.executable, "-m", "phom", "serve", "--host", "127.0.0.1", "--port", str(port),
                               "--store", ":memory:"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(url + "/readyz", timeout=1)
                break
            except OSError:
                time.sleep(0.05)
        created = httpx.post(url + "/api/games", json={}, timeout=10).json()
        with ws_client.connect(url.replace("http", "ws") + f"/api/games/{created['id']}/ws") as socket:
            socket.send(json.dumps({"token": created["tokens"]["0"], "html": False}))
            assert json.loads(socket.recv(timeout=10))["version"] == 0
            server.send_signal(signal.SIGTERM)
            with pytest.raises(Exception) as closed:
                socket.recv(timeout=10)
        assert getattr(closed.value, "rcvd", None) is not None and closed.value.rcvd.code == 1012
        assert server.wait(timeout=20) in (0, -signal.SIGTERM)
    finally:
        if server.poll() is None:
            server.kill()


def test_an_addresss_unfinished_games_are_counted_across_the_workers(cluster):
    """One address creating games through both workers in turn: its unfinished games stop at 20 in all
    (counted in PostgreSQL), not at 20 a worker."""
    postgres, redis_server, workers, proxy = cluster
    made, refused = 0, []
    with httpx.Client(timeout=30, transport=httpx.HTTPTransport(local_address="127.0.0.77")) as client:
        for i in range(26):
            answer = client.post(workers[i % 2].url + "/api/games", json={})
            made += answer.status_code == 200
            if answer.status_code != 200:
                refused.append((answer.status_code, answer.json()["error"]))
    assert made == 20 and all(status == 429 and "unfinished games" in error for status, error in refused)


def test_creations_are_counted_in_the_broker_for_every_worker(cluster):
    """Two applications sharing a Redis count one address's creations together (3 a minute in all);
    with Redis away, each counts in its own memory rather than failing."""
    from starlette.testclient import TestClient

    from phom.web.app import RateLimits, create_app
    from phom.web.broker import Doorbell
    from phom.web.hosting import GameHost

    postgres, redis_server, workers, proxy = cluster
    limits = RateLimits(create="3/minute")
    apps = [TestClient(create_app(GameHost(), rate_limits=limits, doorbell=Doorbell(redis_server.url)))
            for _ in range(2)]
    statuses = [apps[i % 2].post("/api/games", json={}).status_code for i in range(6)]
    assert statuses == [200, 200, 200, 429, 429, 429]
    redis_server.stop()
    try:
        assert apps[0].post("/api/games", json={}).status_code == 200        # its own memory: 1 of 3
    finally:
        redis_server.start()
