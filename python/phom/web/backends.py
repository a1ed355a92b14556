"""Which store a ``--store`` location names: a ``postgresql://`` URL is a ``PostgresStore`` (extra
``scale``), anything else an SQLite file (``GameStore``; ``":memory:"`` keeps nothing).

>>> open_store(":memory:").active()
0
"""

from __future__ import annotations

from .store import GameStore, Store

__all__ = ["open_store"]


def open_store(location: str) -> Store:
    """The store at ``location``: PostgreSQL for a ``postgresql://`` or ``postgres://`` URL, else SQLite."""
    if location.startswith(("postgresql://", "postgres://")):
        from .pgstore import PostgresStore

        return PostgresStore(location)
    return GameStore(location)
