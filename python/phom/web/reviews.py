"""Reviews at the hosted table: each finished game's review computed once in the worker pool, kept
with the game in the store (so it survives a restart), at most ``limit`` computed at a time.

>>> from concurrent.futures import ThreadPoolExecutor
>>> from phom.web.store import GameStore
>>> queue = ReviewQueue(GameStore(":memory:"), ThreadPoolExecutor(1), limit=1)
>>> queue.busy()
0
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

from ..review import review
from .hosting import HostFull
from .store import Store

__all__ = ["RETRY_AFTER_SECONDS", "REVIEW_LEASE_SECONDS", "ReviewQueue", "review_data"]

#: What a 202 tells the client to wait before asking again.
RETRY_AFTER_SECONDS = 2
#: How long a worker's claim on computing a review lasts: if it dies, another takes the review over then.
REVIEW_LEASE_SECONDS = 120.0


def review_data(record: Any, seats: list[int] | None = None) -> dict[str, Any]:
    """The review of a record as the API sends it: ``Review.to_dict()`` with the review drawn in
    both languages (``html``: {"vi", "en"})."""
    result = review(record, seats=seats)
    data = result.to_dict()
    data["html"] = {"vi": result.to_html("vi"), "en": result.to_html("en")}
    return data


class ReviewQueue:
    """Hosted games' reviews: ``lookup`` answers a kept review, or starts computing it (once per
    game, in ``pool``) and says it is pending; ``HostFull`` when ``limit`` are already being computed.
    A review belongs to its game, not to a process: computing it takes a lease in the store, so among
    workers sharing the store one computes it, and if that one dies another takes it over once the lease
    has run out (``lease_seconds``)."""

    def __init__(self, store: Store, pool: Executor, *, limit: int = 2, lease_seconds: float = REVIEW_LEASE_SECONDS,
                 clock: Callable[[], float] = time.time) -> None:
        self.store, self.pool, self.limit = store, pool, limit
        self.lease_seconds, self.clock = lease_seconds, clock
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.running: dict[str, Future[None]] = {}
        self.lock = threading.Lock()

    def busy(self) -> int:
        """How many reviews are being computed now."""
        with self.lock:
            return len(self.running)

    def lookup(self, game_id: str, record: dict[str, Any]) -> dict[str, Any] | None:
        """The kept review of a finished game, or None once its computation is under way."""
        text = self.store.load_review(game_id)
        if text is not None:
            kept: dict[str, Any] = json.loads(text)
            return kept
        with self.lock:
            if game_id not in self.running:
                if len(self.running) >= self.limit:
                    raise HostFull(f"{self.limit} reviews are being computed; try again later")
                now = self.clock()
                if self.store.claim(f"review:{game_id}", self.holder, now=now, until=now + self.lease_seconds):
                    self.running[game_id] = self.pool.submit(self._compute, game_id, record)
        return None

    def run_now(self, record: Any, seats: list[int] | None, *, before: Callable[[], Any] | None = None
                ) -> Future[dict[str, Any]]:
        """A review of a record from elsewhere, counted against the same limit; ``before`` (its
        verification) runs first in the same slot, and what it raises is the answer."""

        def work() -> dict[str, Any]:
            if before is not None:
                before()
            return review_data(record, seats)

        with self.lock:
            if len(self.running) >= self.limit:
                raise HostFull(f"{self.limit} reviews are being computed; try again later")
            key = f"posted-{id(record)}"
            future: Future[dict[str, Any]] = self.pool.submit(work)
            self.running[key] = future       # type: ignore[assignment]
        future.add_done_callback(lambda _: self._forget(key))
        return future

    def _compute(self, game_id: str, record: dict[str, Any]) -> None:
        try:
            self.store.save_review(game_id, json.dumps(review_data(record), ensure_ascii=False))
        finally:
            self.store.release(f"review:{game_id}", self.holder)
            self._forget(game_id)

    def _forget(self, key: str) -> None:
        with self.lock:
            self.running.pop(key, None)
