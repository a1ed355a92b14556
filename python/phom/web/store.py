"""The durable store of hosted games: SQLite (the standard library's ``sqlite3``) in WAL mode.

A game is its creation row (rules, leader, bots, seeds, commitment), the SHA-256 of each seat's token
(the tokens themselves are never stored), and its actions in order. Its review, once computed, is kept beside it (``save_review``). ``append`` writes a batch of
actions (a player's move and the bot moves it triggers) in one transaction, guarded by the version the
writer read: a crash at any moment leaves either all of them or none. ``synchronous=FULL`` makes a
commit durable before ``append`` returns, so an action a client saw acknowledged survives ``kill -9``
and a power loss alike.

>>> store = GameStore(":memory:")
>>> store.insert(StoredGame("g1", "phom", {"players": 2}, 0, {"1": "greedy"}, "ab" * 32, "", "c", 0.0),
...              {0: "token-hash"}, [])
>>> store.append("g1", 0, [(0, "draw")], now=1.0, finished=False)
1
>>> store.load("g1").actions
[(0, 'draw')]
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..version import PACKAGE

__all__ = ["KEEP", "TABLES", "Append", "GameStore", "deadline_work", "Keep", "StaleVersion", "Store", "StoredGame", "default_store_path", "stored_game"]


def default_store_path() -> str:
    """``games.sqlite3`` in the user's data directory (created if missing), e.g.
    ``~/.local/share/phom/games.sqlite3`` on Linux."""
    import platformdirs

    folder = platformdirs.user_data_dir(PACKAGE, appauthor=False)
    os.makedirs(folder, exist_ok=True)
    return os.path.join(folder, "games.sqlite3")

#: The tables of hosted games, in SQL both SQLite and PostgreSQL take (``phom.web.pgstore`` creates the same)
TABLES = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    rules TEXT NOT NULL,
    leader INTEGER NOT NULL,
    bots TEXT NOT NULL,
    server_seed TEXT NOT NULL,
    client_seed TEXT NOT NULL,
    commitment TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    touched DOUBLE PRECISION NOT NULL,
    finished DOUBLE PRECISION,
    version INTEGER NOT NULL DEFAULT 0,
    series TEXT,
    next_id TEXT,
    creator TEXT,
    turn_seconds INTEGER,
    deadline DOUBLE PRECISION,
    away TEXT,
    names TEXT,
    stamp INTEGER NOT NULL DEFAULT 0,
    reacted INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    due DOUBLE PRECISION,
    played DOUBLE PRECISION,
    PRIMARY KEY (game_id, version)
);
CREATE TABLE IF NOT EXISTS reactions (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    stamp INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    reaction TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, stamp)
);
CREATE TABLE IF NOT EXISTS reviews (
    game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    review TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS leases (
    work TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    until DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS requests (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    version INTEGER NOT NULL,
    PRIMARY KEY (game_id, key)
);
CREATE INDEX IF NOT EXISTS games_by_state ON games(finished, touched);
"""

#: The columns that stores made before the table clock lack (``GameStore`` and ``PostgresStore`` add them),
#: and the index of due deadlines.
CLOCK_COLUMNS = (("games", "turn_seconds", "INTEGER"), ("games", "deadline", "DOUBLE PRECISION"),
                 ("games", "away", "TEXT"), ("games", "names", "TEXT"),
                 ("games", "stamp", "INTEGER NOT NULL DEFAULT 0"), ("games", "reacted", "INTEGER NOT NULL DEFAULT 0"),
                 ("actions", "due", "DOUBLE PRECISION"),
                 ("actions", "played", "DOUBLE PRECISION"))
DEADLINE_INDEX = "CREATE INDEX IF NOT EXISTS games_by_deadline ON games(deadline)"
#: How long a reaction is kept for the sockets of other workers to pick up (seconds).
REACTION_SECONDS = 60.0
#: The columns of a game row that ``stored_game`` reads, in its order.
GAME_COLUMNS = ("id, kind, rules, leader, bots, server_seed, client_seed, commitment, created, finished, series, "
                "next_id, turn_seconds, deadline, away, names, stamp")


def deadline_work(game_id: str, version: int) -> str:
    """The name of a claim (``Store.claim_all``) on the deadline of ``game_id`` at ``version``; a claimed
    deadline is not ``due`` to the other workers until the claim lapses.

    >>> deadline_work("abc", 7)
    'deadline:abc:7'
    """
    return f"deadline:{game_id}:{version}"


def no_cap(keep: int | None) -> int:
    """The OFFSET of a cap on rows kept (``keep``; None keeps every row)."""
    return 2**62 if keep is None else max(0, int(keep))


#: The index of the per-client count (``held``), made after an older store gained the column.
CREATOR_INDEX = "CREATE INDEX IF NOT EXISTS games_by_creator ON games(creator, finished)"


class Keep:
    """The type of ``KEEP``: an argument that leaves a stored value as it is."""


#: Leave the stored value as it is (``Store.seating``'s ``deadline``).
KEEP = Keep()


class StaleVersion(RuntimeError):
    """The game moved on since the writer read it: nothing was written."""


@dataclass
class StoredGame:
    """One hosted game as stored: everything needed to rebuild it by replay."""

    id: str
    kind: str
    rules: dict[str, Any]
    leader: int
    bots: dict[str, str]
    server_seed: str
    client_seed: str
    commitment: str
    created: float
    finished: float | None = None
    token_hashes: dict[int, str] = field(default_factory=dict)
    actions: list[tuple[int, str]] = field(default_factory=list)
    series: dict[str, Any] | None = None
    next_id: str | None = None
    #: who created it: the SHA-256 of the client's address (``GameHost.create``), for the per-client limit
    creator: str | None = None
    #: the table clock: seconds a human seat has for a turn (None: no clock)
    turn_seconds: int | None = None
    #: when the seat to act is played by the stand-in (epoch seconds), if a clock runs
    deadline: float | None = None
    #: the human seats the stand-in plays until they come back
    away: list[int] = field(default_factory=list)
    #: the names the seats chose (``{"<seat>": name}``); not part of the record
    names: dict[str, str] = field(default_factory=dict)
    #: bumped by every change of the row (moves, names, away): a writer's check that nothing changed meanwhile
    stamp: int = 0
    #: the versions of the actions the stand-in played for an absent seat
    standins: list[int] = field(default_factory=list)


def stored_game(row: Sequence[Any], seats: Sequence[Sequence[Any]], actions: Sequence[Sequence[Any]]) -> StoredGame:
    """A ``StoredGame`` from a row of ``GAME_COLUMNS``, its (seat, token hash) rows and its (seat, action,
    due) rows in version order (both stores read games with this)."""
    return StoredGame(row[0], row[1], json.loads(row[2]), row[3], json.loads(row[4]), row[5], row[6], row[7],
                      row[8], row[9], {int(seat): str(digest) for seat, digest in seats},
                      [(int(seat), str(text)) for seat, text, _ in actions],
                      None if row[10] is None else json.loads(row[10]), row[11], None,
                      None if row[12] is None else int(row[12]), None if row[13] is None else float(row[13]),
                      [] if row[14] is None else json.loads(row[14]), {} if row[15] is None else json.loads(row[15]),
                      int(row[16] or 0), [v for v, (_, _, due) in enumerate(actions) if due is not None])


#: The columns a new game row is inserted with (``insert_values`` gives them in this order).
INSERT_COLUMNS = ("id, kind, rules, leader, bots, server_seed, client_seed, commitment, created, touched, finished, "
                  "version, series, creator, turn_seconds, deadline, away, names")
INSERT_COUNT = INSERT_COLUMNS.count(",") + 1


def insert_values(game: StoredGame, version: int) -> tuple[Any, ...]:
    """The values of ``INSERT_COLUMNS`` for a new game row holding ``version`` actions."""
    return (game.id, game.kind, json.dumps(game.rules), game.leader, json.dumps(game.bots), game.server_seed,
            game.client_seed, game.commitment, game.created, game.created, game.finished, version,
            None if game.series is None else json.dumps(game.series), game.creator, game.turn_seconds,
            game.deadline, json.dumps(sorted(game.away)), json.dumps(game.names, ensure_ascii=False))


@dataclass
class Append:
    """One ``append`` of a batch (``Store.append_all``): its arguments, as ``append`` takes them."""

    game_id: str
    version: int
    actions: Sequence[tuple[int, str]]
    now: float
    finished: bool
    deadline: float | None = None
    away: Sequence[int] | None = None
    standins: Sequence[int] = ()
    due: float | None = None
    stamp: int | None = None


def action_rows(game_id: str, version: int, actions: Sequence[tuple[int, str]], standins: Sequence[int] = (),
                due: float | None = None, now: float | None = None) -> list[tuple[str, int, int, str, Any, Any]]:
    """The rows of ``actions`` appended after ``version``: ``standins``, the indices the stand-in played
    when deadline ``due`` passed, are marked with it and with ``now``, when they were played (so how late
    every deadline was played, and that none was played twice, can be read off the store)."""
    marked = set(standins)
    return [(game_id, version + i, seat, text, due if i in marked else None, now if i in marked else None)
            for i, (seat, text) in enumerate(actions)]


class Store(Protocol):
    """What the host needs of a store: ``GameStore`` (SQLite) and ``phom.web.pgstore.PostgresStore``."""

    path: str

    def close(self) -> None: ...
    def insert(self, game: StoredGame, token_hashes: dict[int, str], actions: Sequence[tuple[int, str]]) -> None: ...
    def insert_next(self, previous: str, game: StoredGame, token_hashes: dict[int, str],
                    actions: Sequence[tuple[int, str]]) -> str: ...
    def append(self, game_id: str, version: int, actions: Sequence[tuple[int, str]], *, now: float,
               finished: bool, key: str | None = None, deadline: float | None = None,
               away: Sequence[int] | None = None, standins: Sequence[int] = (), due: float | None = None,
               stamp: int | None = None) -> int: ...
    def append_all(self, writes: Sequence[Append]) -> list[int | None]: ...
    def seating(self, game_id: str, version: int, *, now: float, away: Sequence[int] | None = None,
                deadline: float | None | Keep = KEEP, names: dict[str, str] | None = None,
                stamp: int | None = None) -> int: ...
    def react(self, game_id: str, seat: int, reaction: str, *, now: float) -> int: ...
    def reactions(self, game_id: str, after: int) -> list[tuple[int, int, str]]: ...
    def marks(self, game_id: str) -> tuple[int, int] | None: ...
    def due(self, now: float, limit: int = 32) -> list[tuple[str, int, float]]: ...
    def applied(self, game_id: str, key: str) -> int | None: ...
    def claim(self, work: str, holder: str, *, now: float, until: float) -> bool: ...
    def release(self, work: str, holder: str) -> None: ...
    def claim_all(self, works: Sequence[str], holder: str, *, now: float, until: float) -> set[str]: ...
    def release_all(self, works: Sequence[str], holder: str) -> None: ...
    def load(self, game_id: str) -> StoredGame | None: ...
    def version(self, game_id: str) -> int | None: ...
    def save_review(self, game_id: str, text: str) -> None: ...
    def load_review(self, game_id: str) -> str | None: ...
    def ids(self) -> list[str]: ...
    def active(self) -> int: ...
    def held(self, creator: str) -> int: ...
    def expire(self, *, idle_before: float, finished_before: float, keep_finished: int | None = None,
               keep_reviews: int | None = None) -> list[str]: ...
    def writable(self) -> bool: ...


class GameStore:
    """Hosted games in one SQLite file (``":memory:"`` for a throwaway store). Thread-safe."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(TABLES)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(games)")}
        for name in ("series", "next_id", "creator"):  # a store made before tables continued or creators counted
            if name not in columns:
                self._db.execute(f"ALTER TABLE games ADD COLUMN {name} TEXT")
        for table, name, sql_type in CLOCK_COLUMNS:    # a store made before the table clock
            if name not in {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}:
                self._db.execute(f"ALTER TABLE {table} ADD COLUMN {name} {sql_type}")
        self._db.execute(CREATOR_INDEX)
        self._db.execute(DEADLINE_INDEX)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def insert(self, game: StoredGame, token_hashes: dict[int, str], actions: Sequence[tuple[int, str]]) -> None:
        """A new game with its seats and first (bot) actions, in one transaction."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._insert(game, token_hashes, actions)

    def _insert(self, game: StoredGame, token_hashes: dict[int, str], actions: Sequence[tuple[int, str]]) -> None:
        self._db.execute(f"INSERT INTO games ({INSERT_COLUMNS}) VALUES ({', '.join('?' * INSERT_COUNT)})",
                         insert_values(game, len(actions)))
        self._db.executemany("INSERT INTO seats (game_id, seat, token_hash) VALUES (?, ?, ?)",
                             [(game.id, seat, digest) for seat, digest in token_hashes.items()])
        self._db.executemany("INSERT INTO actions (game_id, version, seat, action, due, played) VALUES (?, ?, ?, ?, ?, ?)",
                             action_rows(game.id, 0, actions))

    def insert_next(self, previous: str, game: StoredGame, token_hashes: dict[int, str],
                    actions: Sequence[tuple[int, str]]) -> str:
        """The next game of ``previous``'s table, in one transaction: inserted and linked unless
        another writer linked one first; the id of the next game that stands."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            row = self._db.execute("SELECT next_id FROM games WHERE id = ?", (previous,)).fetchone()
            if row is None:
                raise StaleVersion(f"game {previous} is gone")
            if row[0] is not None:
                return str(row[0])
            self._insert(game, token_hashes, actions)
            self._db.execute("UPDATE games SET next_id = ?, touched = ? WHERE id = ?", (game.id, game.created,
                                                                                      previous))
        return game.id

    def append(self, game_id: str, version: int, actions: Sequence[tuple[int, str]], *, now: float,
               finished: bool, key: str | None = None, deadline: float | None = None,
               away: Sequence[int] | None = None, standins: Sequence[int] = (), due: float | None = None,
               stamp: int | None = None) -> int:
        """Write ``actions`` after ``version`` in one transaction; the new version. StaleVersion if the
        stored game is not at ``version`` (or, given, at ``stamp``: no seat came back or was renamed
        meanwhile), ``key`` (a client's request id) was applied already, or ``due`` is given and the
        game's deadline is no longer that one (nothing is written then).
        ``deadline``: the game's deadline after them (None: none); ``away``: the away seats after them
        (None leaves them); ``standins``: the indices in ``actions`` that the stand-in played."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            if key is not None and self._db.execute("SELECT 1 FROM requests WHERE game_id = ? AND key = ?",
                                                    (game_id, key)).fetchone() is not None:
                raise StaleVersion(f"request {key!r} of game {game_id} was applied already")
            new = self._append(Append(game_id, version, actions, now, finished, deadline, away, standins, due, stamp))
            if new is None:
                raise StaleVersion(f"game {game_id} is not at version {version}")
            if key is not None:
                self._db.execute("INSERT INTO requests (game_id, key, version) VALUES (?, ?, ?)", (game_id, key, new))
        return new

    def append_all(self, writes: Sequence[Append]) -> list[int | None]:
        """Each of ``writes`` as ``append`` writes it, all in one transaction (one commit to disk for them
        all: the stand-in's moves of many passed deadlines); a write whose game moved on is left out
        (None), the others are written. The new versions, in order."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            return [self._append(write) for write in writes]

    def _append(self, write: Append) -> int | None:
        """``write`` in the open transaction; its new version, or None (nothing written) if its game is not
        at its version, stamp and deadline."""
        row = self._db.execute("SELECT version, deadline, stamp FROM games WHERE id = ?", (write.game_id,)).fetchone()
        if row is None or row[0] != write.version or (write.due is not None and row[1] != write.due) or (
                write.stamp is not None and row[2] != write.stamp):
            return None
        self._db.executemany("INSERT INTO actions (game_id, version, seat, action, due, played) VALUES (?, ?, ?, ?, ?, ?)",
                             action_rows(write.game_id, write.version, write.actions, write.standins, write.due,
                                         write.now))
        new = write.version + len(write.actions)
        self._db.execute("UPDATE games SET version = ?, touched = ?, finished = ?, deadline = ?, "
                         "away = COALESCE(?, away), stamp = stamp + 1 WHERE id = ?",
                         (new, write.now, write.now if write.finished else None,
                          None if write.finished else write.deadline,
                          None if write.away is None else json.dumps(sorted(write.away)), write.game_id))
        return new

    def seating(self, game_id: str, version: int, *, now: float, away: Sequence[int] | None = None,
                deadline: float | None | Keep = KEEP, names: dict[str, str] | None = None,
                stamp: int | None = None) -> int:
        """Change who is away, the deadline or the seats' names of the game at ``version`` (and, given,
        ``stamp``; StaleVersion if it changed meanwhile); the new stamp."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            row = self._db.execute("SELECT version, stamp FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None or row[0] != version or (stamp is not None and row[1] != stamp):
                raise StaleVersion(f"game {game_id} is not at version {version}")
            self._db.execute("UPDATE games SET touched = ?, stamp = stamp + 1, away = COALESCE(?, away), "
                             "names = COALESCE(?, names) WHERE id = ?",
                             (now, None if away is None else json.dumps(sorted(away)),
                              None if names is None else json.dumps(names, ensure_ascii=False), game_id))
            if not isinstance(deadline, Keep):
                self._db.execute("UPDATE games SET deadline = ? WHERE id = ?", (deadline, game_id))
        return int(row[1]) + 1

    def react(self, game_id: str, seat: int, reaction: str, *, now: float) -> int:
        """Keep a seat's reaction for the table's sockets (for ``REACTION_SECONDS``); its number (the
        table's reactions count on their own: a reaction never makes a move or a seat's change stale)."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            row = self._db.execute("SELECT reacted FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise StaleVersion(f"game {game_id} is gone")
            stamp = int(row[0]) + 1
            self._db.execute("UPDATE games SET reacted = ? WHERE id = ?", (stamp, game_id))
            self._db.execute("DELETE FROM reactions WHERE game_id = ? AND at < ?", (game_id, now - REACTION_SECONDS))
            self._db.execute("INSERT INTO reactions (game_id, stamp, seat, reaction, at) VALUES (?, ?, ?, ?, ?)",
                             (game_id, stamp, seat, reaction, now))
        return stamp

    def reactions(self, game_id: str, after: int) -> list[tuple[int, int, str]]:
        """The reactions kept after number ``after``: (number, seat, reaction), oldest first."""
        with self._lock:
            rows = self._db.execute("SELECT stamp, seat, reaction FROM reactions WHERE game_id = ? AND stamp > ? "
                                    "ORDER BY stamp", (game_id, after)).fetchall()
        return [(int(a), int(b), str(c)) for a, b, c in rows]

    def marks(self, game_id: str) -> tuple[int, int] | None:
        """The stored game's version and stamp, or None: a cheap check of a cached copy."""
        with self._lock:
            row = self._db.execute("SELECT version, stamp FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else (int(row[0]), int(row[1]))

    def due(self, now: float, limit: int = 32) -> list[tuple[str, int, float]]:
        """The unfinished games whose deadline has passed: (id, version, deadline), the most overdue first."""
        with self._lock:
            rows = self._db.execute("SELECT id, version, deadline FROM games WHERE deadline <= ? AND finished IS NULL "
                                    "ORDER BY deadline LIMIT ?", (now, limit)).fetchall()
        return [(str(a), int(b), float(c)) for a, b, c in rows]

    def load(self, game_id: str) -> StoredGame | None:
        """The stored game, or None."""
        with self._lock:
            row = self._db.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            seats = self._db.execute("SELECT seat, token_hash FROM seats WHERE game_id = ?", (game_id,)).fetchall()
            actions = self._db.execute("SELECT seat, action, due FROM actions WHERE game_id = ? ORDER BY version",
                                       (game_id,)).fetchall()
        return stored_game(row, seats, actions)

    def claim(self, work: str, holder: str, *, now: float, until: float) -> bool:
        """Take the lease on ``work`` (e.g. a game's review) for ``holder`` until ``until``: True if it
        was free, expired (its holder died) or already this holder's; False while another holds it."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            row = self._db.execute("SELECT holder, until FROM leases WHERE work = ?", (work,)).fetchone()
            if row is not None and row[0] != holder and row[1] >= now:
                return False
            self._db.execute("INSERT OR REPLACE INTO leases (work, holder, until) VALUES (?, ?, ?)",
                             (work, holder, until))
        return True

    def release(self, work: str, holder: str) -> None:
        """Give the lease on ``work`` back (only its holder can)."""
        with self._lock, self._db:
            self._db.execute("DELETE FROM leases WHERE work = ? AND holder = ?", (work, holder))

    def claim_all(self, works: Sequence[str], holder: str, *, now: float, until: float) -> set[str]:
        """``claim`` each of ``works`` (in one transaction); those this holder now holds."""
        return {work for work in works if self.claim(work, holder, now=now, until=until)}

    def release_all(self, works: Sequence[str], holder: str) -> None:
        """``release`` each of ``works``."""
        for work in works:
            self.release(work, holder)

    def applied(self, game_id: str, key: str) -> int | None:
        """The version a client's request ``key`` left the game at, if it was applied; else None."""
        with self._lock:
            row = self._db.execute("SELECT version FROM requests WHERE game_id = ? AND key = ?",
                                   (game_id, key)).fetchone()
        return None if row is None else int(row[0])

    def version(self, game_id: str) -> int | None:
        """The stored game's version (how many actions it holds), or None: a cheap check of a cached copy."""
        with self._lock:
            row = self._db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else int(row[0])

    def save_review(self, game_id: str, text: str) -> None:
        """Keep a finished game's review (JSON text) with it; the first one kept stays."""
        with self._lock, self._db:
            self._db.execute("INSERT OR IGNORE INTO reviews (game_id, review) VALUES (?, ?)", (game_id, text))

    def load_review(self, game_id: str) -> str | None:
        """The review kept with a game, or None."""
        with self._lock:
            row = self._db.execute("SELECT review FROM reviews WHERE game_id = ?", (game_id,)).fetchone()
        return None if row is None else str(row[0])

    def ids(self) -> list[str]:
        """Every stored game's id, oldest first."""
        with self._lock:
            return [r[0] for r in self._db.execute("SELECT id FROM games ORDER BY created")]

    def active(self) -> int:
        """How many games are not over."""
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM games WHERE finished IS NULL").fetchone()[0])

    def held(self, creator: str) -> int:
        """How many games that ``creator`` created are not over."""
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM games WHERE creator = ? AND finished IS NULL",
                                        (creator,)).fetchone()[0])

    def expire(self, *, idle_before: float, finished_before: float, keep_finished: int | None = None,
               keep_reviews: int | None = None) -> list[str]:
        """Delete the unfinished games without a clock last touched before ``idle_before`` (a clocked game
        plays to its end: its deadlines keep it moving), the finished games finished
        before ``finished_before`` and those past the newest ``keep_finished``; their ids. Reviews past
        the newest ``keep_reviews`` finished games' are dropped too (a review asked for again is
        computed again)."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            old = [r[0] for r in self._db.execute(
                "SELECT id FROM games WHERE (finished IS NULL AND touched < ? AND turn_seconds IS NULL) "
                "OR finished < ? OR id IN ("
                "SELECT id FROM games WHERE finished IS NOT NULL ORDER BY finished DESC, id LIMIT -1 OFFSET ?)",
                (idle_before, finished_before, no_cap(keep_finished)))]
            self._db.executemany("DELETE FROM games WHERE id = ?", [(gid,) for gid in old])
            if keep_reviews is not None:
                self._db.execute("DELETE FROM reviews WHERE game_id IN (SELECT g.id FROM games g JOIN reviews r ON "
                                 "r.game_id = g.id ORDER BY g.finished DESC, g.id LIMIT -1 OFFSET ?)",
                                 (no_cap(keep_reviews),))
        return old

    def writable(self) -> bool:
        """Whether a write transaction can be taken now (for ``/readyz``)."""
        try:
            with self._lock:
                self._db.execute("BEGIN IMMEDIATE")
                self._db.execute("ROLLBACK")
            return True
        except sqlite3.Error:
            return False
