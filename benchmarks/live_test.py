"""Live tables under load, and the cost of a solve while Monte Carlo bots think (figures for the README).

    python3 benchmarks/live_test.py live --games 1000 --seconds 30 --think 2.0
    python3 benchmarks/live_test.py solve --busy 4 --seconds 10
    python3 benchmarks/live_test.py tables --tables 4 --seconds 60 --think 0.5

``live``: N games, each with one human (a WebSocket client) and three greedy bots, on `phom serve` in its
own process (uvicorn, one worker, games in a SQLite file with synchronous=FULL) on a loopback port. Each
client moves, waits for the push of the new version on its WebSocket, thinks for a random time around
``--think`` seconds, and moves again (views without the drawn table unless ``--html``: these clients
draw their own, as an app in another language would). Reported: move → push latency p50/p99, moves per second, errors.

``solve``: the p50/p99 of a trivial ``/api/solve`` alone, then while ``--busy`` clients play against three
``montecarlo`` bots each as fast as they can (bots think in worker threads; the core releases the GIL).

``tables``: the limits on, as operators run it: `phom serve --store FILE` itself (its default
per-client limits), T tables of four human seats, each seat a client with its own WebSocket (from one
address, ``--shared-address``, or each from its own loopback address 127.0.0.N), moving when its turn
comes with an ``Idempotency-Key``, and every seat asking for the next game at the end. Reported: move
latency p50/p99, moves per second, games finished, and every refusal (429 included) as an error.

Only 127.0.0.0/8 is contacted; every loop is bounded in time and the run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

import httpx
import websockets

SERVER = """
import uvicorn
from phom.web.app import RateLimits, create_app
from phom.web.hosting import GameHost
from phom.web.store import GameStore
host = GameHost(GameStore({store!r}), max_games=100_000)
app = create_app(host, rate_limits=RateLimits(create="1000000/minute", ws_messages="1000/second"))
uvicorn.run(app, host="127.0.0.1", port={port}, log_level="warning", ws_max_size=1 << 20, backlog=4096)
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    def __init__(self) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        store = tempfile.mkdtemp() + "/games.sqlite3"
        self.process = subprocess.Popen([sys.executable, "-c", SERVER.format(port=self.port, store=store)])

    async def ready(self) -> None:
        async with httpx.AsyncClient(base_url=self.base) as http:
            for _ in range(200):
                try:
                    if (await http.get("/readyz")).status_code == 200:
                        return
                except httpx.HTTPError:
                    pass
                await asyncio.sleep(0.05)
        raise SystemExit("the server did not start")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    if not ordered:
        return {"p50_ms": float("nan"), "p99_ms": float("nan")}
    return {"p50_ms": round(1000 * statistics.median(ordered), 2),
            "p99_ms": round(1000 * ordered[int(0.99 * (len(ordered) - 1))], 2)}


class Connection:
    """A minimal keep-alive HTTP/1.1 client (one request at a time): the load generator must cost far
    less than the server it measures, and httpx costs about a millisecond a request. ``address``: the
    loopback address it connects from."""

    def __init__(self, port: int, address: str | None = None) -> None:
        self.port, self.address = port, address
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: dict[str, Any], token: str | None = None,
                   key: str | None = None) -> tuple[int, bytes]:
        try:
            return await self._post(path, body, token, key)
        except (ConnectionError, IndexError, asyncio.IncompleteReadError):
            self.close()                 # the server closed an idle keep-alive connection: connect again
            return await self._post(path, body, token, key)

    async def _post(self, path: str, body: dict[str, Any], token: str | None, key: str | None) -> tuple[int, bytes]:
        if self.writer is None:
            local = None if self.address is None else (self.address, 0)
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port, local_addr=local)
        assert self.reader is not None
        data = json.dumps(body).encode()
        auth = f"Authorization: Bearer {token}\r\n" if token else ""
        auth += f"Idempotency-Key: {key}\r\n" if key else ""
        self.writer.write(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n{auth}"
                          f"Content-Length: {len(data)}\r\n\r\n".encode() + data)
        status = int((await self.reader.readline()).split()[1])
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return status, await self.reader.readexactly(length)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def live_game(port: int, seed: int, deadline: float, think: float, latencies: list[float],
                    errors: list[str], start_by: float, drawn: bool) -> int:
    rng = random.Random(seed)
    warm = time.perf_counter() + 2 * start_by       # the tables are all seated by then: latencies count from there
    await asyncio.sleep(rng.uniform(0, start_by))
    moves = 0
    http = Connection(port)
    html = "true" if drawn else "false"
    while time.perf_counter() < deadline:
        status, body = await http.post("/api/games", {"client_seed": str(seed)})
        if status != 200:
            errors.append(f"create {status}: {body[:80]!r}")
            return moves
        game = json.loads(body)
        token = game["tokens"]["0"]
        async with websockets.connect(f"ws://127.0.0.1:{port}/api/games/{game['id']}/ws", max_size=1 << 20,
                                      compression=None) as ws:
            await ws.send(json.dumps({"token": token, "html": drawn}))
            view = json.loads(await ws.recv())
            while not view["is_over"] and time.perf_counter() < deadline:
                action = rng.choice(view["legal_actions"])["id"]
                started = time.perf_counter()
                status, body = await http.post(f"/api/games/{game['id']}/actions?html={html}", {"action": action},
                                               token)
                if status != 200:
                    errors.append(f"action {status}: {body[:80]!r}")
                    return moves
                target = json.loads(body)["version"]
                while view["version"] < target:
                    view = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
                if started >= warm:
                    latencies.append(time.perf_counter() - started)
                moves += 1
                await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
    return moves


def live_clients(port: int, seeds: range, seconds: float, think: float, drawn: bool) -> tuple[list[float], list[str], int]:
    """One client process: its share of the games, each a task of one event loop."""
    async def run() -> tuple[list[float], list[str], int]:
        latencies: list[float] = []
        errors: list[str] = []
        deadline = time.perf_counter() + seconds
        moves = await asyncio.gather(*(live_game(port, s, deadline, think, latencies, errors,
                                                 min(think, seconds / 4), drawn) for s in seeds))
        return latencies, errors, sum(moves)
    return asyncio.run(run())


def live(games: int, seconds: float, think: float, drawn: bool, processes: int) -> dict[str, Any]:
    from concurrent.futures import ProcessPoolExecutor

    server = Server()
    try:
        asyncio.run(server.ready())
        started = time.perf_counter()
        with ProcessPoolExecutor(processes) as pool:
            shares = [range(p, games, processes) for p in range(processes)]
            parts = list(pool.map(live_clients, [server.port] * processes, shares, [seconds] * processes,
                                  [think] * processes, [drawn] * processes))
        elapsed = time.perf_counter() - started
    finally:
        server.stop()
    latencies = [x for part in parts for x in part[0]]
    errors = [x for part in parts for x in part[1]]
    moves = sum(part[2] for part in parts)
    return {"live_games": games, "think_s": think, "html": drawn, "client_processes": processes,
            "seconds": round(elapsed, 1), "moves": moves, "moves_per_second": round(moves / elapsed, 1),
            **percentiles(latencies), "errors": len(errors), "first_error": errors[0] if errors else None}


async def busy_player(http: httpx.AsyncClient, seed: int, deadline: float, errors: list[str]) -> int:
    moves = 0
    rng = random.Random(seed)
    while time.perf_counter() < deadline:
        created = (await http.post("/api/games", json={"bots": ["montecarlo"] * 3})).json()
        auth = {"Authorization": f"Bearer {created['tokens']['0']}"}
        view = (await http.get(f"/api/games/{created['id']}", headers=auth)).json()
        while not view["is_over"] and time.perf_counter() < deadline:
            answer = await http.post(f"/api/games/{created['id']}/actions", headers=auth,
                                     json={"action": rng.choice(view["legal_actions"])["id"]})
            if answer.status_code != 200:
                errors.append(answer.text[:80])
                return moves
            view = answer.json()
            moves += 1
    return moves


async def solves(http: httpx.AsyncClient, deadline: float) -> list[float]:
    latencies = []
    while time.perf_counter() < deadline:
        started = time.perf_counter()
        response = await http.post("/api/solve", json={"hand": "9H 10H JH 3C 5D"})
        latencies.append(time.perf_counter() - started)
        assert response.status_code == 200
        await asyncio.sleep(0.005)
    return latencies


async def solve_under_load(busy: int, seconds: float) -> dict[str, Any]:
    server = Server()
    try:
        await server.ready()
        async with httpx.AsyncClient(base_url=server.base, timeout=60) as http, \
                httpx.AsyncClient(base_url=server.base, timeout=60) as probe:
            alone = await solves(probe, time.perf_counter() + seconds / 2)
            errors: list[str] = []
            deadline = time.perf_counter() + seconds
            results = await asyncio.gather(solves(probe, deadline),
                                           *(busy_player(http, s, deadline, errors) for s in range(busy)))
    finally:
        server.stop()
    loaded, moves = results[0], sum(results[1:])
    return {"solve_alone": {**percentiles(alone), "n": len(alone)},
            "solve_while_montecarlo_bots_think": {**percentiles(loaded), "n": len(loaded)},
            "busy_clients": busy, "their_moves": moves, "errors": len(errors)}


class Served:
    """`phom serve --store FILE` itself, with the limits it has by default."""

    def __init__(self) -> None:
        self.port = free_port()
        store = tempfile.mkdtemp() + "/games.sqlite3"
        self.process = subprocess.Popen([sys.executable, "-m", "phom", "serve", "--store", store, "--port",
                                         str(self.port)], stdout=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{self.port}"

    ready = Server.ready
    stop = Server.stop


async def seat_client(port: int, table: dict[str, Any], seat: int, address: str | None, deadline: float,
                      think: float, latencies: list[float], errors: list[str], finished: list[str]) -> int:
    """One human seat: it follows its table's games on a WebSocket, moves on its turns, asks for the next
    game at the end of each."""
    rng = random.Random(f"{table['id']}:{seat}")
    http = Connection(port, address)
    token, game_id, moves = table["tokens"][str(seat)], table["id"], 0
    local = None if address is None else (address, 0)
    while time.perf_counter() < deadline:
        async with websockets.connect(f"ws://127.0.0.1:{port}/api/games/{game_id}/ws", max_size=1 << 20,
                                      compression=None, local_addr=local) as ws:
            await ws.send(json.dumps({"token": token, "html": False}))
            view = json.loads(await ws.recv())
            while not view["is_over"] and time.perf_counter() < deadline:
                if view["to_move"] == seat:
                    await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                    action = rng.choice(view["legal_actions"])["id"]
                    started = time.perf_counter()
                    status, body = await http.post(f"/api/games/{game_id}/actions?html=false", {"action": action},
                                                   token, key=f"{seat}-{view['version']}")
                    if status != 200:
                        errors.append(f"action {status}: {body[:80]!r}")
                        return moves
                    latencies.append(time.perf_counter() - started)
                    moves += 1
                try:
                    view = json.loads(await asyncio.wait_for(ws.recv(), timeout=60))
                except asyncio.TimeoutError:
                    errors.append(f"stalled: no push for 60 s at version {view['version']}")
                    return moves
        if not view["is_over"]:
            break
        if seat == 0:
            finished.append(game_id)
        status, body = await http.post(f"/api/games/{game_id}/next", {}, token)
        if status != 200:
            errors.append(f"next {status}: {body[:80]!r}")
            return moves
        game_id = json.loads(body)["id"]
    http.close()
    return moves


async def tables_under_limits(tables: int, seconds: float, think: float, shared: bool) -> dict[str, Any]:
    server = Served()
    try:
        await server.ready()
        latencies: list[float] = []
        errors: list[str] = []
        finished: list[str] = []
        hosted = []
        for t in range(tables):
            creator = Connection(server.port, None if shared else f"127.0.0.{10 + 4 * t}")
            status, body = await creator.post("/api/games", {"humans": [0, 1, 2, 3], "client_seed": f"table {t}"})
            creator.close()
            if status != 200:
                raise SystemExit(f"create {status}: {body[:80]!r}")
            hosted.append(json.loads(body))
        started = time.perf_counter()
        deadline = started + seconds
        moves = await asyncio.gather(*(
            seat_client(server.port, table, seat, None if shared else f"127.0.0.{10 + 4 * t + seat}", deadline,
                        think, latencies, errors, finished)
            for t, table in enumerate(hosted) for seat in range(4)))
        elapsed = time.perf_counter() - started
    finally:
        server.stop()
    return {"tables": tables, "clients": 4 * tables, "addresses": 1 if shared else 4 * tables, "think_s": think,
            "seconds": round(elapsed, 1), "moves": sum(moves), "moves_per_second": round(sum(moves) / elapsed, 1),
            "games_finished": len(finished), **percentiles(latencies), "errors": len(errors),
            "refused_429": sum(" 429:" in f" {e}" for e in errors), "first_error": errors[0] if errors else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="mode", required=True)
    one = sub.add_parser("live")
    one.add_argument("--games", type=int, default=1000)
    one.add_argument("--seconds", type=float, default=30.0)
    one.add_argument("--think", type=float, default=2.0)
    one.add_argument("--html", action="store_true", help="ask for the drawn table in every view, as the page does")
    one.add_argument("--processes", type=int, default=2, help="client processes (default 2)")
    two = sub.add_parser("solve")
    two.add_argument("--busy", type=int, default=4)
    two.add_argument("--seconds", type=float, default=10.0)
    three = sub.add_parser("tables")
    three.add_argument("--tables", type=int, default=4)
    three.add_argument("--seconds", type=float, default=60.0)
    three.add_argument("--think", type=float, default=0.5)
    three.add_argument("--shared-address", action="store_true", help="every seat from 127.0.0.1")
    args = parser.parse_args()
    if args.mode == "live":
        print(live(args.games, args.seconds, args.think, args.html, args.processes))
    elif args.mode == "tables":
        print(asyncio.run(tables_under_limits(args.tables, args.seconds, args.think, args.shared_address)))
    else:
        print(asyncio.run(solve_under_load(args.busy, args.seconds)))


if __name__ == "__main__":
    main()
