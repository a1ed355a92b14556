"""A bounded load test of `phom serve` on loopback: N concurrent clients ask for hints for T seconds.

    python3 benchmarks/load_test.py --clients 50 --seconds 10

The server runs in its own process (uvicorn, one worker, games in a SQLite file) on a free loopback port; each client hosts a
game, then asks for hints on its seat and plays the hinted action, over and over (a new game when one
ends). It prints requests/s and the p50/p99 latency of the hint requests, and fails on any error or on
a hosted game the server lost. Nothing but 127.0.0.1 is contacted, and the run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import httpx

SERVER = """
import uvicorn
from phom.web.app import RateLimits, create_app
from phom.web.hosting import GameHost
from phom.web.store import GameStore
host = GameHost(GameStore({store!r}), max_games=5000)
uvicorn.run(create_app(host, rate_limits=RateLimits(create="100000/minute")), host="127.0.0.1", port={port},
            log_level="warning")
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def client(base: str, deadline: float, latencies: list[float], errors: list[str], seed: int) -> int:
    games = 0
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        while time.perf_counter() < deadline:
            created = (await http.post("/api/games", json={"client_seed": f"{seed}-{games}"})).json()
            game_id, token = created["id"], created["tokens"]["0"]
            auth = {"Authorization": f"Bearer {token}"}
            games += 1
            over = False
            while not over and time.perf_counter() < deadline:
                started = time.perf_counter()
                response = await http.post("/api/hint", json={"game": game_id}, headers=auth)
                latencies.append(time.perf_counter() - started)
                if response.status_code != 200:
                    errors.append(f"hint {response.status_code}: {response.text[:100]}")
                    break
                action = response.json()["action"]["id"]
                played = await http.post(f"/api/games/{game_id}/actions", json={"action": action}, headers=auth)
                if played.status_code != 200:
                    errors.append(f"action {played.status_code}: {played.text[:100]}")
                    break
                over = played.json()["is_over"]
            check = await http.get(f"/api/games/{game_id}", headers=auth)
            if check.status_code != 200:
                errors.append(f"lost game {game_id}: {check.status_code}")
    return games


async def run(clients: int, seconds: float) -> dict[str, float]:
    port = free_port()
    store = tempfile.mkdtemp() + "/games.sqlite3"
    server = subprocess.Popen([sys.executable, "-c", SERVER.format(port=port, store=store)])
    base = f"http://127.0.0.1:{port}"
    try:
        async with httpx.AsyncClient(base_url=base) as http:
            for _ in range(100):
                try:
                    await http.get("/api/openapi.json")
                    break
                except httpx.HTTPError:
                    await asyncio.sleep(0.1)
        latencies: list[float] = []
        errors: list[str] = []
        started = time.perf_counter()
        deadline = started + seconds
        games = await asyncio.gather(*(client(base, deadline, latencies, errors, s) for s in range(clients)))
        elapsed = time.perf_counter() - started
    finally:
        server.terminate()
        server.wait(timeout=10)
    if errors:
        raise SystemExit(f"{len(errors)} errors, the first: {errors[0]}")
    ordered = sorted(latencies)
    return {
        "clients": clients, "seconds": round(elapsed, 1), "hint_requests": len(latencies),
        "requests_per_second": round(2 * len(latencies) / elapsed),   # each hint is followed by an action
        "hints_per_second": round(len(latencies) / elapsed),
        "p50_ms": round(1000 * statistics.median(ordered), 1),
        "p99_ms": round(1000 * ordered[int(0.99 * (len(ordered) - 1))], 1),
        "games": sum(games), "errors": 0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    print(asyncio.run(run(args.clients, args.seconds)))


if __name__ == "__main__":
    main()
