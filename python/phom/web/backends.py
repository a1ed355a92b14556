"""Which store a ``--store`` location names: a ``postgresql://`` URL is a ``PostgresStore`` (extra
``scale``), anything else an SQLite file (``GameStore``; ``":memory:"`` keeps nothing). A store that
cannot be opened is one ``StoreUnavailable`` line naming it (its password hidden).

>>> open_store(":memory:").active()
0
>>> shown_location("postgresql://phom:secret@db:5432/games")
'postgresql://phom:***@db:5432/games'
"""

from __future__ import annotations

import logging
import os
import re
import sqlite3

from .store import GameStore, Store

__all__ = ["StoreUnavailable", "open_store", "shown_location"]


class StoreUnavailable(OSError):
    """The store cannot be opened: one line naming it and why."""


def shown_location(location: str) -> str:
    """The location as it may be printed: a URL's password (in its user part, or a ``password=``
    parameter) is replaced by ``***``.

    >>> shown_location("redis://:secret@cache:6379/0?password=other")
    'redis://:***@cache:6379/0?password=***'
    """
    shown = re.sub(r"//([^:/@]*):[^@/]*@", r"//\1:***@", location)
    return re.sub(r"([?&]password=)[^&]*", r"\1***", shown)


def open_store(location: str, *, timeout: float = 10.0) -> Store:
    """The store at ``location``: PostgreSQL for a ``postgresql://`` or ``postgres://`` URL (waiting up to
    ``timeout`` seconds for the server), else SQLite; ``StoreUnavailable`` if it cannot be opened."""
    if location.startswith(("postgresql://", "postgres://")):
        from .pgstore import PostgresStore

        pool_log = logging.getLogger("psycopg.pool")
        level = pool_log.level
        pool_log.setLevel(logging.CRITICAL)            # each failed attempt would log; the one line says it all
        try:
            return PostgresStore(location, timeout=timeout)
        except Exception as exc:
            reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise StoreUnavailable(f"cannot open the store {shown_location(location)}: {reason}") from None
        finally:
            pool_log.setLevel(level)
    if not location.strip():
        raise StoreUnavailable("the store's location is empty: name an SQLite file, :memory: or a postgresql:// URL")
    try:
        return GameStore(location)
    except sqlite3.Error as exc:
        folder = os.path.dirname(os.path.abspath(location))
        if os.path.isdir(location):
            why = "it is a folder; name a file in it"
        elif location != ":memory:" and not os.path.isdir(folder):
            why = f"its folder {folder} does not exist"
        else:
            why = str(exc)
        raise StoreUnavailable(f"cannot open the store {location}: {why}") from None
