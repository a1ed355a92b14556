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

__all__ = ["TABLES", "GameStore", "StaleVersion", "Store", "StoredGame", "default_store_path"]


def default_store_path() -> str:
    """``games.sqlite3`` in the user's data directory (created if missing), e.g.
    ``~/.local/share/phom/games.sqlite3`` on Linux."""
    import platformdirs

    folder = platformdirs.user_data_dir("phom", appauthor=False)
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
    creator TEXT
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
    PRIMARY KEY (game_id, version)
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


def no_cap(keep: int | None) -> int:
    """The OFFSET of a cap on rows kept (``keep``; None keeps every row)."""
    return 2**62 if keep is None else max(0, int(keep))


#: The index of the per-client count (``held``), made after an older store gained the column.
CREATOR_INDEX = "CREATE INDEX IF NOT EXISTS games_by_creator ON games(creator, finished)"


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


class Store(Protocol):
    """What the host needs of a store: ``GameStore`` (SQLite) and ``phom.web.pgstore.PostgresStore``."""

    path: str

    def close(self) -> None: ...
    def insert(self, game: StoredGame, token_hashes: dict[int, str], actions: Sequence[tuple[int, str]]) -> None: ...
    def insert_next(self, previous: str, game: StoredGame, token_hashes: dict[int, str],
                    actions: Sequence[tuple[int, str]]) -> str: ...
    def append(self, game_id: str, version: int, actions: Sequence[tuple[int, str]], *, now: float,
               finished: bool, key: str | None = None) -> int: ...
    def applied(self, game_id: str, key: str) -> int | None: ...
    def claim(self, work: str, holder: str, *, now: float, until: float) -> bool: ...
    def release(self, work: str, holder: str) -> None: ...
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
        self._db.execute(CREATOR_INDEX)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def insert(self, game: StoredGame, token_hashes: dict[int, str], actions: Sequence[tuple[int, str]]) -> None:
        """A new game with its seats and first (bot) actions, in one transaction."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._insert(game, token_hashes, actions)

    def _insert(self, game: StoredGame, token_hashes: dict[int, str], actions: Sequence[tuple[int, str]]) -> None:
        self._db.execute(
            "INSERT INTO games (id, kind, rules, leader, bots, server_seed, client_seed, commitment, created,"
            " touched, finished, version, series, creator) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game.id, game.kind, json.dumps(game.rules), game.leader, json.dumps(game.bots), game.server_seed,
             game.client_seed, game.commitment, game.created, game.created, game.finished, len(actions),
             None if game.series is None else json.dumps(game.series), game.creator))
        self._db.executemany("INSERT INTO seats (game_id, seat, token_hash) VALUES (?, ?, ?)",
                             [(game.id, seat, digest) for seat, digest in token_hashes.items()])
        self._db.executemany("INSERT INTO actions (game_id, version, seat, action) VALUES (?, ?, ?, ?)",
                             [(game.id, v, seat, text) for v, (seat, text) in enumerate(actions)])

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
               finished: bool, key: str | None = None) -> int:
        """Write ``actions`` after ``version`` in one transaction; the new version. StaleVersion if the
        stored game is not at ``version`` or ``key`` (a client's request id) was applied already
        (nothing is written then)."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            row = self._db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None or row[0] != version:
                raise StaleVersion(f"game {game_id} is not at version {version}")
            if key is not None:
                try:
                    self._db.execute("INSERT INTO requests (game_id, key, version) VALUES (?, ?, ?)",
                                     (game_id, key, version + len(actions)))
                except sqlite3.IntegrityError:
                    raise StaleVersion(f"request {key!r} of game {game_id} was applied already") from None
            self._db.executemany("INSERT INTO actions (game_id, version, seat, action) VALUES (?, ?, ?, ?)",
                                 [(game_id, version + i, seat, text) for i, (seat, text) in enumerate(actions)])
            new = version + len(actions)
            self._db.execute("UPDATE games SET version = ?, touched = ?, finished = ? WHERE id = ?",
                             (new, now, now if finished else None, game_id))
        return new

    def load(self, game_id: str) -> StoredGame | None:
        """The stored game, or None."""
        with self._lock:
            row = self._db.execute(
                "SELECT id, kind, rules, leader, bots, server_seed, client_seed, commitment, created, finished,"
                " series, next_id FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            seats = self._db.execute("SELECT seat, token_hash FROM seats WHERE game_id = ?", (game_id,)).fetchall()
            actions = self._db.execute("SELECT seat, action FROM actions WHERE game_id = ? ORDER BY version",
                                       (game_id,)).fetchall()
        return StoredGame(row[0], row[1], json.loads(row[2]), row[3], json.loads(row[4]), row[5], row[6], row[7],
                          row[8], row[9], {seat: digest for seat, digest in seats},
                          [(seat, text) for seat, text in actions], None if row[10] is None else json.loads(row[10]),
                          row[11])

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
        """Delete the unfinished games last touched before ``idle_before``, the finished games finished
        before ``finished_before`` and those past the newest ``keep_finished``; their ids. Reviews past
        the newest ``keep_reviews`` finished games' are dropped too (a review asked for again is
        computed again)."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            old = [r[0] for r in self._db.execute(
                "SELECT id FROM games WHERE (finished IS NULL AND touched < ?) OR finished < ? OR id IN ("
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
