"""How late deadlines are played: clocked tables of both games whose people have all gone silent, played to
their end by the stand-in, on real ``phom serve`` processes: one process over an SQLite file, or workers
over PostgreSQL and Redis (real servers on free loopback ports, as ``tests/real_services.py`` starts
them), optionally under load (threads asking for views as fast as they can) and while workers are killed
with SIGKILL. The tables are created at once from ``--addresses`` loopback addresses. The figures come
from the store afterwards (``tests/silent_tables.py``): p50, p99 and max lateness of every deadline (the
commit of the stand-in's move − the deadline), and how many were played twice.

    python3 benchmarks/deadlines.py --store sqlite --tables 400 --addresses 20
    python3 benchmarks/deadlines.py --store postgres --workers 2 --tables 400 --addresses 20
    python3 benchmarks/deadlines.py --store postgres --tables 16 --workers 3 --load 8 --kill-every 5

Not a test: the manual's performance page quotes what it prints (the target: p99 ≤ 0.5 s at 400 tables).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tests"))

from real_services import PostgresServer, RedisServer, Worker  # noqa: E402
from silent_tables import figures, open_tables, play_out  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", choices=("sqlite", "postgres"), default="postgres")
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--workers", type=int, default=None, help="processes (default: 1 on SQLite, 2 on PostgreSQL)")
    parser.add_argument("--addresses", type=int, default=1, help="loopback addresses the tables are created from")
    parser.add_argument("--load", type=int, default=0, help="threads asking for views meanwhile")
    parser.add_argument("--kill-every", type=float, default=None, help="SIGKILL a worker every so many seconds")
    parser.add_argument("--turn-seconds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=600)
    args = parser.parse_args()
    postgres = redis_server = None
    folder = tempfile.mkdtemp(prefix="phom-deadlines-")
    limits = ["--tables-per-address", str(max(100, args.tables))]
    if args.store == "sqlite":
        store = str(pathlib.Path(folder) / "games.sqlite3")
        workers = [Worker(store, None, *limits)]
    else:
        postgres, redis_server = PostgresServer(), RedisServer()
        store = postgres.url
        workers = [Worker(store, redis_server.url, *limits) for _ in range(args.workers or 2)]
    try:
        began = time.monotonic()
        tables = open_tables(workers, args.tables, args.turn_seconds, addresses=args.addresses)
        created = time.monotonic() - began
        kills = play_out(workers, tables, args.seconds, args.kill_every, load=args.load)
        result = figures(store, workers, tables)
        result.kills = kills
    finally:
        for worker in workers:
            worker.kill()
        if redis_server is not None:
            redis_server.stop()
        if postgres is not None:
            postgres.stop()
    print(json.dumps({"store": args.store, "tables": args.tables, "workers": len(workers), "addresses": args.addresses,
                      "load": args.load, "kill_every": args.kill_every, "created_in_s": round(created, 1),
                      **result.summary()}))


if __name__ == "__main__":
    main()
