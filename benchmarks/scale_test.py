"""Moves a second at 1, 2 and 4 ``phom serve`` workers over PostgreSQL and Redis, beside one SQLite
process; the time a move made through one worker takes to reach a live seat on another; and the time
a live seat whose worker was killed takes to get its view from the other worker.

    python3 benchmarks/scale_test.py --seconds 15 --clients 16

Each client plays tables of four people (every seat in turn) as fast as the answers come, through the
one port the workers share (``phom serve --workers N``): a GET of the seat's view, then its move. Everything (PostgreSQL, Redis, the workers and
the load generator) shares this machine: with two cores the load generator alone takes about one, so
the ratios show the price of the shared store, not how far more machines would go.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
import time
import urllib.request

import httpx

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from real_services import PostgresServer, RedisServer, Worker, free_port  # noqa: E402


def serve(store: str, broker: str | None, workers: int) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [sys.executable, "-m", "phom", "serve", "--host", "127.0.0.1", "--port", str(port), "--store", store]
    if broker:
        command += ["--broker", broker, "--workers", str(workers)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(400):
        try:
            with urllib.request.urlopen(url + "/readyz", timeout=1):
                return process, url
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("the server did not start")


def load(url: str, clients: int, seconds: float) -> tuple[float, list[float]]:
    """Moves a second and the latencies (ms) of ``clients`` threads playing for ``seconds``."""
    latencies: list[float] = []
    lock = threading.Lock()
    stop = time.perf_counter() + seconds

    def client() -> None:
        # tables of four people (game creation is rate limited per client address: 30 a minute), the
        # thread playing whichever seat is to move; each move is a GET of that seat's view and the POST
        with httpx.Client(timeout=30) as http:
            while time.perf_counter() < stop:
                answer = http.post(url + "/api/games", json={"humans": [0, 1, 2, 3], "bots": []})
                if answer.status_code == 429:
                    time.sleep(1.0)
                    continue
                created = answer.json()
                seats = {int(s): {"Authorization": f"Bearer {t}"} for s, t in created["tokens"].items()}
                view = http.get(f"{url}/api/games/{created['id']}?html=false", headers=seats[0]).json()
                while not view["is_over"] and time.perf_counter() < stop:
                    headers = seats[view["to_move"]]
                    view = http.get(f"{url}/api/games/{created['id']}?html=false", headers=headers).json()
                    began = time.perf_counter()
                    answer = http.post(f"{url}/api/games/{created['id']}/actions?html=false", headers=headers,
                                       json={"action": view["legal_actions"][0]["text"]})
                    took = (time.perf_counter() - began) * 1000
                    if answer.status_code != 200:
                        continue
                    view = answer.json()
                    with lock:
                        latencies.append(took)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return len(latencies) / (time.perf_counter() - began), latencies


def push_latency(postgres: PostgresServer, redis_server: RedisServer, moves: int) -> list[float]:
    """Milliseconds from a move's answer on worker A to its frame on a live seat of worker B."""
    import websockets.sync.client as ws_client

    a, b = Worker(postgres.url, redis_server.url), Worker(postgres.url, redis_server.url)
    took: list[float] = []
    try:
        with httpx.Client(timeout=30) as http:
            while len(took) < moves:
                created = http.post(a.url + "/api/games", json={"bots": ["greedy"] * 3}).json()
                token = created["tokens"]["0"]
                headers = {"Authorization": f"Bearer {token}"}
                with ws_client.connect(b.url.replace("http", "ws") + f"/api/games/{created['id']}/ws") as socket:
                    socket.send(json.dumps({"token": token, "html": False}))
                    view = json.loads(socket.recv(timeout=10))
                    while not view["is_over"] and len(took) < moves:
                        answer = http.post(f"{a.url}/api/games/{created['id']}/actions?html=false", headers=headers,
                                           json={"action": view["legal_actions"][0]["text"]}).json()
                        acked = time.perf_counter()
                        while True:
                            view = json.loads(socket.recv(timeout=10))
                            if view["version"] >= answer["version"]:
                                break
                        took.append((time.perf_counter() - acked) * 1000)
    finally:
        a.kill()
        b.kill()
    return took


def reconnect_latency(postgres: PostgresServer, redis_server: RedisServer, rounds: int) -> list[float]:
    """Milliseconds from the SIGKILL of a live seat's worker to the seat's next view from the other
    worker (the client reconnects at once, with ``since``)."""
    import websockets.sync.client as ws_client

    workers = [Worker(postgres.url, redis_server.url), Worker(postgres.url, redis_server.url)]
    took: list[float] = []
    try:
        created = httpx.post(workers[0].url + "/api/games", json={"bots": ["greedy"] * 3}, timeout=30).json()
        first = {"token": created["tokens"]["0"], "html": False, "since": 0}
        for n in range(rounds):
            live, other = workers[n % 2], workers[(n + 1) % 2]
            with ws_client.connect(live.url.replace("http", "ws") + f"/api/games/{created['id']}/ws") as socket:
                socket.send(json.dumps(first))
                socket.recv(timeout=10)
                killed = time.perf_counter()
                live.kill()
            while True:
                try:
                    with ws_client.connect(other.url.replace("http", "ws") + f"/api/games/{created['id']}/ws",
                                           open_timeout=2) as socket:
                        socket.send(json.dumps(first))
                        socket.recv(timeout=10)
                        took.append((time.perf_counter() - killed) * 1000)
                        break
                except OSError:
                    time.sleep(0.01)
            live.start()
    finally:
        for worker in workers:
            worker.kill()
    return took


def quantile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q * 100) - 1] if len(values) > 1 else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--push-moves", type=int, default=200)
    parser.add_argument("--reconnects", type=int, default=20)
    args = parser.parse_args()
    postgres, redis_server = PostgresServer(), RedisServer()
    rows = []
    try:
        setups = [("SQLite, one process", f"{postgres.dir}/games.sqlite3", None, 1)]
        setups += [(f"PostgreSQL + Redis, {n} worker{'s' if n > 1 else ''}", postgres.url, redis_server.url, n)
                   for n in (1, 2, 4)]
        for name, store, broker, workers in setups:
            process, url = serve(store, broker, workers)
            try:
                rate, latencies = load(url, args.clients, args.seconds)
            finally:
                process.terminate()
                process.wait(timeout=30)
            rows.append(f"| {name} | {rate:.0f} | {quantile(latencies, 0.5):.1f} | {quantile(latencies, 0.99):.1f} |")
            print(rows[-1], flush=True)
        pushes = push_latency(postgres, redis_server, args.push_moves)
        reconnects = reconnect_latency(postgres, redis_server, args.reconnects)
    finally:
        redis_server.stop()
        postgres.stop()
    print("\n| setup | moves/s | p50 ms | p99 ms |\n|---|---|---|---|\n" + "\n".join(rows))
    print(f"\ncross-worker push, {len(pushes)} moves: p50 {quantile(pushes, 0.5):.1f} ms, "
          f"p99 {quantile(pushes, 0.99):.1f} ms")
    print(f"reconnect after a SIGKILL of the seat's worker, {len(reconnects)} times: p50 "
          f"{quantile(reconnects, 0.5):.1f} ms, p99 {quantile(reconnects, 0.99):.1f} ms")


if __name__ == "__main__":
    main()
