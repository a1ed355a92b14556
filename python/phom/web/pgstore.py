"""Hosted games in PostgreSQL (psycopg 3 with a ``psycopg_pool`` connection pool; extra ``scale``): the
same store as ``phom.web.store.GameStore``, for workers that share one database.

The tables are the SQLite store's (``phom.web.store.TABLES``), created on first use under an
advisory lock (so workers that start together do not race), with a schema version in ``phom_schema``.
``append`` is one transaction: a compare-and-set of the game's version (``UPDATE … WHERE version =
%s``), then the actions appended to the moves log keyed by (game, version); a writer that read an older
version gets ``StaleVersion`` and nothing is written. Commits are synchronous (the server's default
``synchronous_commit = on``), so an acknowledged move is on disk before the answer.

>>> PostgresStore.__name__   # needs a running server: see tests/test_web_pgstore.py
'PostgresStore'
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from ..extras import missing_extra
from .store import (Append, CLOCK_COLUMNS, CREATOR_INDEX, DEADLINE_INDEX, GAME_COLUMNS, INSERT_COLUMNS, INSERT_COUNT, KEEP,
                    REACTION_SECONDS, TABLES, Keep, StaleVersion, StoredGame, action_rows, insert_values, no_cap,
                    stored_game)

try:
    import psycopg
    from psycopg_pool import ConnectionPool
except ImportError:                                       # pragma: no cover - the extra is missing
    raise missing_extra("scale", "phom serve --store postgresql://… (psycopg, psycopg_pool)") from None

__all__ = ["SCHEMA_VERSION", "PostgresStore"]

#: the version of the tables this phom writes (``phom_schema``)
SCHEMA_VERSION = 1
_LOCK = 0x70686F6D                                        # the advisory lock of schema creation: "phom"

_SCHEMA = "CREATE TABLE IF NOT EXISTS phom_schema (version INTEGER NOT NULL);" + TABLES


class PostgresStore:
    """Hosted games in the PostgreSQL database at ``url`` (``postgresql://user@host:port/db``); several
    processes may share it. Thread-safe (a pool of at most ``max_connections`` connections). Opening
    waits up to ``timeout`` seconds for a server that is restarting."""

    def __init__(self, url: str, *, max_connections: int = 16, timeout: float = 10.0) -> None:
        self.path = url
        self._timeout = timeout
        # every connection is checked as it leaves the pool: after a server restart a broken one is replaced
        self._pool = ConnectionPool(url, min_size=1, max_size=max_connections, timeout=timeout, open=True,
                                    kwargs={"autocommit": False}, check=ConnectionPool.check_connection)
        # a worker that starts while the server restarts loses its connection mid-way: it tries again
        # (on a fresh connection) until ``timeout`` seconds have passed, and only then gives up
        deadline = time.monotonic() + timeout
        while True:
            try:
                self._create_tables(url)
                return
            except psycopg.OperationalError:
                if time.monotonic() >= deadline:
                    self._pool.close()
                    raise
                time.sleep(0.1)
            except BaseException:
                self._pool.close()
                raise

    def _create_tables(self, url: str) -> None:
        with self._pool.connection() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
            for statement in filter(str.strip, _SCHEMA.split(";")):
                conn.execute(statement)
            conn.execute("ALTER TABLE games ADD COLUMN IF NOT EXISTS creator TEXT")   # tables made before it
            for table, name, sql_type in CLOCK_COLUMNS:                             # made before the clock
                conn.execute(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {name} {sql_type}")
            conn.execute(CREATOR_INDEX)
            conn.execute(DEADLINE_INDEX)
            row = conn.execute("SELECT max(version) FROM phom_schema").fetchone()
            found = row[0] if row is not None else None
            if found is None:
                conn.execute("INSERT INTO phom_schema (version) VALUES (%s)", (SCHEMA_VERSION,))
            elif found > SCHEMA_VERSION:
                raise RuntimeError(f"the store {url} has tables of schema version {found}; this phom knows up to "
                                   f"{SCHEMA_VERSION}: upgrade phom")

    def close(self) -> None:
        self._pool.close()

    def insert(self, game: StoredGame, token_hashes: dict[int, str], actions: Sequence[tuple[int, str]]) -> None:
        """A new game with its seats and first (bot) actions, in one transaction."""
        with self._pool.connection() as conn, conn.transaction():
            self._insert(conn, game, token_hashes, actions)

    @staticmethod
    def _insert(conn: psycopg.Connection[Any], game: StoredGame, token_hashes: dict[int, str],
                actions: Sequence[tuple[int, str]]) -> None:
        conn.execute(f"INSERT INTO games ({INSERT_COLUMNS}) VALUES ({', '.join(['%s'] * INSERT_COUNT)})",
                     insert_values(game, len(actions)))
        with conn.cursor() as cursor:
            cursor.executemany("INSERT INTO seats (game_id, seat, token_hash) VALUES (%s, %s, %s)",
                               [(game.id, seat, digest) for seat, digest in token_hashes.items()])
            cursor.executemany("INSERT INTO actions (game_id, version, seat, action, due, played) "
                               "VALUES (%s, %s, %s, %s, %s, %s)", action_rows(game.id, 0, actions))

    def insert_next(self, previous: str, game: StoredGame, token_hashes: dict[int, str],
                    actions: Sequence[tuple[int, str]]) -> str:
        """The next game of ``previous``'s table, in one transaction (the previous game's row locked):
        inserted and linked unless another writer linked one first; the id of the next game that stands."""
        with self._pool.connection() as conn, conn.transaction():
            row = conn.execute("SELECT next_id FROM games WHERE id = %s FOR UPDATE", (previous,)).fetchone()
            if row is None:
                raise StaleVersion(f"game {previous} is gone")
            if row[0] is not None:
                return str(row[0])
            self._insert(conn, game, token_hashes, actions)
            conn.execute("UPDATE games SET next_id = %s, touched = %s WHERE id = %s", (game.id, game.created, previous))
        return game.id

    def append(self, game_id: str, version: int, actions: Sequence[tuple[int, str]], *, now: float,
               finished: bool, key: str | None = None, deadline: float | None = None,
               away: Sequence[int] | None = None, standins: Sequence[int] = (), due: float | None = None,
               stamp: int | None = None) -> int:
        """Write ``actions`` after ``version`` in one transaction; the new version. StaleVersion if the
        stored game is not at ``version`` (or, given, ``stamp``), ``key`` (a client's request id) was
        applied already, or ``due`` is given and the game's deadline is no longer that one (nothing is
        written then); the rest as ``phom.web.store.GameStore.append``."""
        new = version + len(actions)
        with self._pool.connection() as conn:
            try:
                with conn.transaction():
                    row = conn.execute("UPDATE games SET version = %s, touched = %s, finished = %s, deadline = %s, "
                                       "away = COALESCE(%s, away), stamp = stamp + 1 "
                                       "WHERE id = %s AND version = %s AND (%s::float8 IS NULL OR deadline = %s) "
                                       "AND (%s::integer IS NULL OR stamp = %s) RETURNING version",
                                       (new, now, now if finished else None, None if finished else deadline,
                                        None if away is None else json.dumps(sorted(away)), game_id, version,
                                        due, due, stamp, stamp)).fetchone()
                    if row is None:
                        raise StaleVersion(f"game {game_id} is not at version {version}")
                    with conn.cursor() as cursor:
                        cursor.executemany(
                            "INSERT INTO actions (game_id, version, seat, action, due, played) "
                            "VALUES (%s, %s, %s, %s, %s, %s)", action_rows(game_id, version, actions, standins, due, now))
                    if key is not None:
                        conn.execute("INSERT INTO requests (game_id, key, version) VALUES (%s, %s, %s)",
                                     (game_id, key, new))
            except psycopg.errors.UniqueViolation:
                raise StaleVersion(f"game {game_id} is not at version {version}") from None
        return new

    def append_all(self, writes: Sequence[Append]) -> list[int | None]:
        """Each of ``writes`` as ``append`` writes it, in one transaction (one commit for them all); a write
        whose game moved on (or is being written by another worker, whose row lock is not waited for) is
        left out (None). The new versions, in order; an error of the server writes none of them."""
        done: list[int | None] = []
        with self._pool.connection() as conn, conn.transaction():
            for write in writes:
                new = write.version + len(write.actions)
                row = conn.execute(
                    "SELECT 1 FROM games WHERE id = %s AND version = %s AND (%s::float8 IS NULL OR deadline = %s) "
                    "AND (%s::integer IS NULL OR stamp = %s) FOR UPDATE SKIP LOCKED",
                    (write.game_id, write.version, write.due, write.due, write.stamp, write.stamp)).fetchone()
                if row is None:
                    done.append(None)
                    continue
                conn.execute("UPDATE games SET version = %s, touched = %s, finished = %s, deadline = %s, "
                             "away = COALESCE(%s, away), stamp = stamp + 1 WHERE id = %s",
                             (new, write.now, write.now if write.finished else None,
                              None if write.finished else write.deadline,
                              None if write.away is None else json.dumps(sorted(write.away)), write.game_id))
                with conn.cursor() as cursor:
                    cursor.executemany("INSERT INTO actions (game_id, version, seat, action, due, played) "
                                       "VALUES (%s, %s, %s, %s, %s, %s)",
                                       action_rows(write.game_id, write.version, write.actions, write.standins,
                                                   write.due, write.now))
                done.append(new)
        return done

    def seating(self, game_id: str, version: int, *, now: float, away: Sequence[int] | None = None,
                deadline: float | None | Keep = KEEP, names: dict[str, str] | None = None,
                stamp: int | None = None) -> int:
        """Change who is away, the deadline or the seats' names of the game at ``version`` (and, given,
        ``stamp``; StaleVersion if it changed meanwhile); the new stamp."""
        keep = isinstance(deadline, Keep)
        with self._pool.connection() as conn, conn.transaction():
            row = conn.execute("UPDATE games SET touched = %s, stamp = stamp + 1, away = COALESCE(%s, away), "
                               "names = COALESCE(%s, names), deadline = CASE WHEN %s THEN deadline ELSE %s END "
                               "WHERE id = %s AND version = %s AND (%s::integer IS NULL OR stamp = %s) RETURNING stamp",
                               (now, None if away is None else json.dumps(sorted(away)),
                                None if names is None else json.dumps(names, ensure_ascii=False), keep,
                                None if keep else deadline, game_id, version, stamp, stamp)).fetchone()
        if row is None:
            raise StaleVersion(f"game {game_id} is not at version {version}")
        return int(row[0])

    def react(self, game_id: str, seat: int, reaction: str, *, now: float) -> int:
        """Keep a seat's reaction for the table's sockets (for ``REACTION_SECONDS``); its number."""
        with self._pool.connection() as conn, conn.transaction():
            row = conn.execute("UPDATE games SET reacted = reacted + 1 WHERE id = %s RETURNING reacted",
                               (game_id,)).fetchone()
            if row is None:
                raise StaleVersion(f"game {game_id} is gone")
            conn.execute("DELETE FROM reactions WHERE game_id = %s AND at < %s", (game_id, now - REACTION_SECONDS))
            conn.execute("INSERT INTO reactions (game_id, stamp, seat, reaction, at) VALUES (%s, %s, %s, %s, %s)",
                         (game_id, row[0], seat, reaction, now))
        return int(row[0])

    def reactions(self, game_id: str, after: int) -> list[tuple[int, int, str]]:
        """The reactions kept after number ``after``: (number, seat, reaction), oldest first."""
        with self._pool.connection() as conn, conn.transaction():
            rows = conn.execute("SELECT stamp, seat, reaction FROM reactions WHERE game_id = %s AND stamp > %s "
                                "ORDER BY stamp", (game_id, after)).fetchall()
        return [(int(a), int(b), str(c)) for a, b, c in rows]

    def marks(self, game_id: str) -> tuple[int, int] | None:
        """The stored game's version and stamp, or None: a cheap check of a cached copy."""
        with self._pool.connection() as conn, conn.transaction():
            row = conn.execute("SELECT version, stamp FROM games WHERE id = %s", (game_id,)).fetchone()
        return None if row is None else (int(row[0]), int(row[1]))

    def due(self, now: float, limit: int = 32) -> list[tuple[str, int, float]]:
        """The unfinished games whose deadline has passed and that no worker has claimed
        (``deadline_work``): (id, version, deadline), the most overdue first."""
        with self._pool.connection() as conn, conn.transaction():
            rows = conn.execute("SELECT id, version, deadline FROM games g WHERE deadline <= %s AND finished IS NULL "
                                "AND NOT EXISTS (SELECT 1 FROM leases WHERE work = 'deadline:' || g.id || ':' || "
                                "g.version AND until >= %s) ORDER BY deadline LIMIT %s", (now, now, limit)).fetchall()
        return [(str(a), int(b), float(c)) for a, b, c in rows]

    def load(self, game_id: str) -> StoredGame | None:
        """The stored game, or None (one consistent snapshot)."""
        with self._pool.connection() as conn, conn.transaction():
            conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            row = conn.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = %s", (game_id,)).fetchone()
            if row is None:
                return None
            seats = conn.execute("SELECT seat, token_hash FROM seats WHERE game_id = %s", (game_id,)).fetchall()
            actions = conn.execute("SELECT seat, action, due FROM actions WHERE game_id = %s ORDER BY version",
                                   (game_id,)).fetchall()
        return stored_game(row, seats, actions)

    def claim(self, work: str, holder: str, *, now: float, until: float) -> bool:
        """Take the lease on ``work`` (e.g. a game's review) for ``holder`` until ``until``: True if it
        was free, expired (its holder died) or already this holder's; False while another holds it. One
        statement, so two workers claiming at once cannot both win."""
        with self._pool.connection() as conn, conn.transaction():
            row = conn.execute(
                "INSERT INTO leases (work, holder, until) VALUES (%s, %s, %s) ON CONFLICT (work) DO UPDATE "
                "SET holder = EXCLUDED.holder, until = EXCLUDED.until "
                "WHERE leases.until < %s OR leases.holder = EXCLUDED.holder RETURNING holder",
                (work, holder, until, now)).fetchone()
        return row is not None

    def release(self, work: str, holder: str) -> None:
        """Give the lease on ``work`` back (only its holder can)."""
        with self._pool.connection() as conn, conn.transaction():
            conn.execute("DELETE FROM leases WHERE work = %s AND holder = %s", (work, holder))

    def claim_all(self, works: Sequence[str], holder: str, *, now: float, until: float) -> set[str]:
        """``claim`` each of ``works`` in one statement (two workers claiming at once cannot both win one);
        those this holder now holds."""
        if not works:
            return set()
        with self._pool.connection() as conn, conn.transaction():
            rows = conn.execute(
                "INSERT INTO leases (work, holder, until) SELECT w, %s, %s FROM unnest(%s::text[]) AS w "
                "ON CONFLICT (work) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until "
                "WHERE leases.until < %s OR leases.holder = EXCLUDED.holder RETURNING work",
                (holder, until, list(works), now)).fetchall()
        return {str(r[0]) for r in rows}

    def release_all(self, works: Sequence[str], holder: str) -> None:
        """``release`` each of ``works`` in one statement."""
        if works:
            with self._pool.connection() as conn, conn.transaction():
                conn.execute("DELETE FROM leases WHERE work = ANY(%s) AND holder = %s", (list(works), holder))

    def applied(self, game_id: str, key: str) -> int | None:
        """The version a client's request ``key`` left the game at, if it was applied; else None."""
        with self._pool.connection() as conn, conn.transaction():
            row = conn.execute("SELECT version FROM requests WHERE game_id = %s AND key = %s", (game_id, key)).fetchone()
        return None if row is None else int(row[0])

    def version(self, game_id: str) -> int | None:
        """The stored game's version (how many actions it holds), or None: a cheap check of a cached copy."""
        with self._pool.connection() as conn, conn.transaction():
            row = conn.execute("SELECT version FROM games WHERE id = %s", (game_id,)).fetchone()
        return None if row is None else int(row[0])

    def save_review(self, game_id: str, text: str) -> None:
        """Keep a finished game's review (JSON text) with it; the first one kept stays."""
        with self._pool.connection() as conn, conn.transaction():
            conn.execute("INSERT INTO reviews (game_id, review) VALUES (%s, %s) ON CONFLICT (game_id) DO NOTHING",
                         (game_id, text))

    def load_review(self, game_id: str) -> str | None:
        """The review kept with a game, or None."""
        with self._pool.connection() as conn, conn.transaction():
            row = conn.execute("SELECT review FROM reviews WHERE game_id = %s", (game_id,)).fetchone()
        return None if row is None else str(row[0])

    def ids(self) -> list[str]:
        """Every stored game's id, oldest first."""
        with self._pool.connection() as conn, conn.transaction():
            return [str(r[0]) for r in conn.execute("SELECT id FROM games ORDER BY created, id").fetchall()]

    def active(self) -> int:
        """How many games are not over."""
        with self._pool.connection() as conn, conn.transaction():
            row = conn.execute("SELECT COUNT(*) FROM games WHERE finished IS NULL").fetchone()
        return int(row[0]) if row is not None else 0

    def held(self, creator: str) -> int:
        """How many games that ``creator`` created are not over (every worker counts the same games)."""
        with self._pool.connection() as conn, conn.transaction():
            row = conn.execute("SELECT COUNT(*) FROM games WHERE creator = %s AND finished IS NULL",
                               (creator,)).fetchone()
        return int(row[0]) if row is not None else 0

    def expire(self, *, idle_before: float, finished_before: float, keep_finished: int | None = None,
               keep_reviews: int | None = None) -> list[str]:
        """Delete the unfinished games last touched before ``idle_before``, the finished games finished
        before ``finished_before`` and those past the newest ``keep_finished``; their ids (each deleted by
        exactly one of the workers). Reviews past the newest ``keep_reviews`` finished games' are dropped."""
        with self._pool.connection() as conn, conn.transaction():
            rows = conn.execute("DELETE FROM games WHERE (finished IS NULL AND touched < %s AND turn_seconds IS NULL) "
                                "OR finished < %s "
                                "OR id IN (SELECT id FROM games WHERE finished IS NOT NULL "
                                "ORDER BY finished DESC, id OFFSET %s) RETURNING id",
                                (idle_before, finished_before, no_cap(keep_finished))).fetchall()
            if keep_reviews is not None:
                conn.execute("DELETE FROM reviews WHERE game_id IN (SELECT g.id FROM games g JOIN reviews r ON "
                             "r.game_id = g.id ORDER BY g.finished DESC, g.id OFFSET %s)", (no_cap(keep_reviews),))
        return [str(r[0]) for r in rows]

    def writable(self) -> bool:
        """Whether a write transaction can be taken now (for ``/readyz``)."""
        try:
            with self._pool.connection(timeout=min(self._timeout, 2.0)) as conn, conn.transaction():
                conn.execute("SET TRANSACTION READ WRITE")
                conn.execute("SELECT 1 FROM phom_schema LIMIT 1")
            return True
        except (psycopg.Error, OSError):
            return False
