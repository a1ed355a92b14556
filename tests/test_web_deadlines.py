"""Deadlines that survive anything: clocked tables of both games whose people have all gone silent play to
their end by the stand-in on two real ``phom serve`` workers over real PostgreSQL and Redis, while the
workers are killed with SIGKILL with deadlines pending. Every deadline is played exactly once (none
twice, none lost: every table finishes), and every finished record proves each clock move."""

from __future__ import annotations

import json

import pytest
from real_services import PostgresServer, RedisServer, Worker

pytestmark = pytest.mark.stress

pytest.importorskip("httpx")
pytest.importorskip("psycopg", reason='the PostgreSQL store needs the extra: pip install "phom[scale]"')
pytest.importorskip("redis", reason='the broker needs the extra: pip install "phom[scale]"')

from silent_tables import figures, open_tables, play_out  # noqa: E402


def test_silent_tables_play_to_the_end_once_across_sigkills(tmp_path):
    postgres, redis_server = PostgresServer(), RedisServer()
    workers = [Worker(postgres.url, redis_server.url), Worker(postgres.url, redis_server.url)]
    try:
        tables = open_tables(workers, 4, turn_seconds=5)
        kills = play_out(workers, tables, seconds=240, kill_every=4.0)
        result = figures(postgres.url, workers, tables)
    finally:
        for worker in workers:
            worker.kill()
        redis_server.stop()
        postgres.stop()
    result.kills = kills
    (tmp_path / "deadlines.json").write_text(json.dumps(result.summary()))
    assert kills >= 2
    assert result.fired_twice == 0
    assert result.finished == result.games == result.verified     # no table was left waiting for a person
    assert result.clock_moves > 0 and len(result.lateness) > 0
