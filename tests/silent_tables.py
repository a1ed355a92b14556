"""Clocked tables whose people have all put their phones down, played to their end by the stand-in on
real ``phom serve`` workers over one PostgreSQL and one Redis, while workers are killed with SIGKILL; then
the store is read for how late every deadline was played and whether any was played twice.

Used by ``tests/test_web_deadlines.py`` (a few tables) and ``benchmarks/deadlines.py`` (the figures of the
manual's performance page). Every stand-in action is stored with the deadline it answered (``due``) and
when it was committed (``played``), so the figures come from the store, after the fact, including the
moves of workers that were killed later."""

from __future__ import annotations

import json
import random
import statistics
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import httpx

from phom.fairness import verify_record


@dataclass
class Table:
    """One hosted game: its worker, id and the tokens of its (silent) people."""

    url: str
    game_id: str
    tokens: dict[str, str]


@dataclass
class DeadlineFigures:
    """What the store says of the deadlines played: lateness in seconds (played − due) of each."""

    lateness: list[float] = field(default_factory=list)
    fired_twice: int = 0
    games: int = 0
    finished: int = 0
    verified: int = 0
    clock_moves: int = 0
    kills: int = 0

    def percentile(self, q: float) -> float:
        ordered = sorted(self.lateness)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")

    def summary(self) -> dict[str, Any]:
        return {"deadlines": len(self.lateness), "fired_twice": self.fired_twice, "games": self.games,
                "finished": self.finished, "verified": self.verified, "clock_moves": self.clock_moves,
                "kills": self.kills,
                "p50_ms": round(1000 * statistics.median(self.lateness), 1) if self.lateness else None,
                "p99_ms": round(1000 * self.percentile(0.99), 1) if self.lateness else None,
                "max_ms": round(1000 * max(self.lateness), 1) if self.lateness else None}


def open_tables(workers: list[Any], count: int, turn_seconds: int = 5) -> list[Table]:
    """``count`` tables of both games, two or three silent people each and bots in the other seats."""
    tables = []
    for n in range(count):
        url = workers[n % len(workers)].url
        game = "tienlen" if n % 2 else "phom"
        humans = [0, 1, 2] if n % 3 == 0 else [0, 1]
        created = httpx.post(f"{url}/api/games", json={"game": game, "humans": humans, "turn_seconds": turn_seconds,
                                                       "client_seed": f"silent {n}"}, timeout=30).json()
        tables.append(Table(url, created["id"], created["tokens"]))
    return tables


def view(workers: list[Any], table: Table) -> dict[str, Any] | None:
    """Table's view from any worker that answers (None if none does now)."""
    token = next(iter(table.tokens.values()))
    for worker in random.sample(workers, len(workers)):
        try:
            answer = httpx.get(f"{worker.url}/api/games/{table.game_id}?html=false",
                               headers={"Authorization": f"Bearer {token}"}, timeout=5)
            if answer.status_code == 200:
                data: dict[str, Any] = answer.json()
                return data
        except httpx.HTTPError:
            continue
    return None


def play_out(workers: list[Any], tables: list[Table], seconds: float, kill_every: float | None,
             load: int = 0) -> int:
    """Wait (up to ``seconds``) until every table is over, killing a random worker with SIGKILL every
    ``kill_every`` seconds and starting it again; ``load`` threads meanwhile ask for views as fast as
    they can (other players' traffic). How many kills there were."""
    rng = random.Random(5)
    stop = threading.Event()

    def pester() -> None:
        while not stop.is_set():
            view(workers, rng.choice(tables))

    pesters = [threading.Thread(target=pester, daemon=True) for _ in range(load)]
    for thread in pesters:
        thread.start()
    kills, last_kill, end = 0, time.monotonic(), time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            if all((v := view(workers, t)) is not None and v["is_over"] for t in tables):
                break
            if kill_every is not None and time.monotonic() - last_kill > kill_every:
                victim = rng.choice(workers)
                victim.kill()                      # SIGKILL, deadlines pending
                kills += 1
                time.sleep(rng.uniform(0.2, 1.0))
                victim.start()
                last_kill = time.monotonic()
            time.sleep(0.5)
    finally:
        stop.set()
        for thread in pesters:
            thread.join(timeout=10)
    return kills


def figures(postgres_url: str, workers: list[Any], tables: list[Table]) -> DeadlineFigures:
    """Lateness and double plays from the store; finished games' records verified (``phom verify``)."""
    import psycopg

    result = DeadlineFigures(games=len(tables))
    with psycopg.connect(postgres_url) as conn:
        rows = conn.execute("SELECT game_id, version, due, played FROM actions WHERE due IS NOT NULL "
                            "AND game_id = ANY(%s) ORDER BY game_id, version",
                            ([t.game_id for t in tables],)).fetchall()
    batches: dict[tuple[str, float], list[int]] = {}
    for game_id, version, due, played in rows:
        versions = batches.setdefault((game_id, due), [])
        if not versions:
            result.lateness.append(played - due)
        versions.append(version)
        result.clock_moves += 1
    for versions in batches.values():            # one deadline's moves are one run of versions, played once
        if versions != list(range(versions[0], versions[0] + len(versions))):
            result.fired_twice += 1
    for table in tables:
        seen = view(workers, table)
        if seen is None or not seen["is_over"]:
            continue
        result.finished += 1
        token = next(iter(table.tokens.values()))
        record = httpx.get(f"{workers[0].url}/api/games/{table.game_id}/record",
                           headers={"Authorization": f"Bearer {token}"}, timeout=10).json()
        if verify_record(json.dumps(record)).startswith("verified") and any(
                e.get("by") == "clock" for e in record["history"]):
            result.verified += 1
    return result
