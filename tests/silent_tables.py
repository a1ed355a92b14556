"""Clocked tables whose people have all put their phones down, played to their end by the stand-in on
real ``phom serve`` workers (over one PostgreSQL and one Redis, or one process over an SQLite file),
while workers may be killed with SIGKILL; then the store is read for how late every deadline was played
and whether any was played twice.

Used by ``tests/test_web_deadlines.py`` (a few tables) and ``benchmarks/deadlines.py`` (the figures of the
manual's performance page). Every stand-in action is stored with the deadline it answered (``due``) and
when it was committed (``played``), so the figures come from the store, after the fact, including the
moves of workers that were killed later."""

from __future__ import annotations

import contextlib
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
    #: why the first records that did not verify did not (at most 3)
    unverified: list[str] = field(default_factory=list)

    def percentile(self, q: float) -> float:
        ordered = sorted(self.lateness)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")

    def summary(self) -> dict[str, Any]:
        return {"deadlines": len(self.lateness), "fired_twice": self.fired_twice, "games": self.games,
                "finished": self.finished, "verified": self.verified, "clock_moves": self.clock_moves,
                "kills": self.kills, "unverified": self.unverified,
                "p50_ms": round(1000 * statistics.median(self.lateness), 1) if self.lateness else None,
                "p99_ms": round(1000 * self.percentile(0.99), 1) if self.lateness else None,
                "max_ms": round(1000 * max(self.lateness), 1) if self.lateness else None}


def open_tables(workers: list[Any], count: int, turn_seconds: int = 5, addresses: int = 1) -> list[Table]:
    """``count`` tables of both games, two or three silent people each and bots in the other seats, created
    at once from ``addresses`` loopback addresses (127.0.1.N: the per-address limits hold for each)."""
    from concurrent.futures import ThreadPoolExecutor

    clients = [httpx.Client(timeout=60, transport=httpx.HTTPTransport(local_address=f"127.0.1.{10 + a}"))
               for a in range(addresses)] if addresses > 1 else [httpx.Client(timeout=60)]

    def make(n: int) -> Table:
        url = workers[n % len(workers)].url
        game = "tienlen" if n % 2 else "phom"
        humans = [0, 1, 2] if n % 3 == 0 else [0, 1]
        answer = clients[n % len(clients)].post(f"{url}/api/games", json={
            "game": game, "humans": humans, "turn_seconds": turn_seconds, "client_seed": f"silent {n}"})
        assert answer.status_code == 200, answer.text
        created = answer.json()
        return Table(url, created["id"], created["tokens"])

    try:
        with ThreadPoolExecutor(max(1, min(8, addresses))) as pool:
            return list(pool.map(make, range(count)))
    finally:
        for client in clients:
            client.close()


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
    pending = list(tables)                         # looked at one at a time: the waiting adds no load
    try:
        while time.monotonic() < end:
            while pending and (v := view(workers, pending[0])) is not None and v["is_over"]:
                pending.pop(0)
            if not pending:
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


def stored_rows(store: str, ids: list[str]) -> list[tuple[str, int, float, float]]:
    """The stand-in's rows of the games ``ids`` in the store (a PostgreSQL URL or an SQLite file):
    (game, version, due, played), in game and version order."""
    if store.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(store) as conn:
            return [tuple(r) for r in conn.execute(  # type: ignore[misc]
                "SELECT game_id, version, due, played FROM actions WHERE due IS NOT NULL AND game_id = ANY(%s) "
                "ORDER BY game_id, version", (ids,)).fetchall()]
    import sqlite3

    with contextlib.closing(sqlite3.connect(store, timeout=30)) as conn:
        rows = conn.execute("SELECT game_id, version, due, played FROM actions WHERE due IS NOT NULL "
                            "ORDER BY game_id, version").fetchall()
    wanted = set(ids)
    return [tuple(r) for r in rows if r[0] in wanted]


def figures(store: str, workers: list[Any], tables: list[Table]) -> DeadlineFigures:
    """Lateness and double plays from the store (a PostgreSQL URL or an SQLite file); finished games'
    records verified (``phom verify``). A deadline is one (game, due): its moves are written by one
    commit (one ``played`` time); two commits for one deadline would be a deadline played twice."""
    result = DeadlineFigures(games=len(tables))
    batches: dict[tuple[str, float], set[float]] = {}
    for game_id, _version, due, played in stored_rows(store, [t.game_id for t in tables]):
        commits = batches.setdefault((game_id, due), set())
        if not commits:
            result.lateness.append(played - due)
        commits.add(played)
        result.clock_moves += 1
    result.fired_twice = sum(1 for commits in batches.values() if len(commits) > 1)
    for table in tables:
        seen = view(workers, table)
        if seen is None or not seen["is_over"]:
            continue
        result.finished += 1
        token = next(iter(table.tokens.values()))
        record = httpx.get(f"{workers[0].url}/api/games/{table.game_id}/record",
                           headers={"Authorization": f"Bearer {token}"}, timeout=10).json()
        try:
            said = verify_record(json.dumps(record))
        except Exception as exc:                   # a FairnessError, or the record's answer was not one
            said = f"{type(exc).__name__}: {exc}"
        over_at_the_deal = not record["history"]     # e.g. tới trắng: no turn was ever played
        if said.lower().startswith("verified") and (over_at_the_deal or any(
                e.get("by") == "clock" for e in record["history"])):
            result.verified += 1
        elif len(result.unverified) < 3:
            result.unverified.append(f"{table.game_id}: {said[:200]}")
    return result
