"""How late deadlines are played, with real ``phom serve`` workers over PostgreSQL and Redis: clocked
tables of both games whose people have all gone silent, played to their end by the stand-in, under load
(threads asking for views as fast as they can) and while workers are killed with SIGKILL. The figures
come from the store afterwards (``tests/silent_tables.py``): p50, p99 and max lateness of every deadline
(played − due), and how many were played twice.

    python3 benchmarks/deadlines.py --tables 16 --workers 3 --load 8 --kill-every 5

Not a test: the manual's performance page quotes what it prints.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tests"))

from real_services import PostgresServer, RedisServer, Worker  # noqa: E402
from silent_tables import figures, open_tables, play_out  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--load", type=int, default=8, help="threads asking for views meanwhile")
    parser.add_argument("--kill-every", type=float, default=None, help="SIGKILL a worker every so many seconds")
    parser.add_argument("--turn-seconds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=600)
    args = parser.parse_args()
    postgres, redis_server = PostgresServer(), RedisServer()
    workers = [Worker(postgres.url, redis_server.url) for _ in range(args.workers)]
    try:
        tables = open_tables(workers, args.tables, args.turn_seconds)
        kills = play_out(workers, tables, args.seconds, args.kill_every, load=args.load)
        result = figures(postgres.url, workers, tables)
        result.kills = kills
    finally:
        for worker in workers:
            worker.kill()
        redis_server.stop()
        postgres.stop()
    print(json.dumps({"tables": args.tables, "workers": args.workers, "load": args.load,
                      "kill_every": args.kill_every, **result.summary()}))


if __name__ == "__main__":
    main()
