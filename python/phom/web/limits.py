"""The limits of ``phom serve`` per client and per process: the rates (``RateLimits``, counted by
``limits`` in this process or, with a broker, in Redis across the workers), the requests of one address
worked on at once, its WebSockets, the look-ahead hints computed at once, and the worker threads.

>>> RateLimits().create, RateLimits().busy, RateLimits().live_games, RateLimits().sockets
('30/minute', 4, 100, 200)
>>> address_group("2001:db8:1:2:aaaa::1"), address_group("::ffff:203.0.113.9"), address_group("203.0.113.9")
('2001:db8:1:2::/64', '203.0.113.9', '203.0.113.9')
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
import math
import threading
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from ..extras import missing_extra
from .hosting import HostFull

try:
    from limits import RateLimitItem
    from limits.storage import MemoryStorage, storage_from_string
    from limits.strategies import MovingWindowRateLimiter
except ImportError:
    raise missing_extra("web", "phom serve (limits)") from None

__all__ = ["IPV6_PREFIX", "ClientQuotas", "RateLimits", "Searches", "SharedLimiter", "Workers", "address_group"]

#: An IPv6 client is counted by its /64: one subscriber's network (a phone on a mobile network gets a /64
#: of its own and may use any address in it).
IPV6_PREFIX = 64


def address_group(host: str) -> str:
    """What one client is counted as: an IPv4 address as it is (an IPv4-mapped IPv6 address too), an IPv6
    address as its /64 network; anything else (a name, ``unknown``) as it is."""
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, IPV6_PREFIX), strict=False))
    return str(address)


@dataclass(frozen=True)
class RateLimits:
    """Per-client limits, a client being an address (``address_group``: an IPv6 /64): game creation
    (``next`` included) and messages a WebSocket client may send (its first message included), in
    ``limits`` notation (counted in Redis across the workers when they share a broker); the unfinished
    games a client created that may be live at once (``next`` games included; counted in the store, so
    across the workers), the WebSockets it may hold open (in each process), and how many of its requests
    that need a worker (moves, hints, creations) are worked on at once (``busy``; the others wait, so one
    address never holds more than that many workers). The defaults let the players behind one
    carrier-grade NAT share an address (``phom serve --tables-per-address``, ``--sockets-per-address``).
    Moves are never refused for their number, so a legal move in normal play is never refused."""

    create: str = "30/minute"
    ws_messages: str = "20/second"
    #: reactions a seat may send (``POST /api/games/{id}/react``; the contract: one every 2 s)
    reactions: str = "1 per 2 seconds"
    #: names a seat may take, and times it may come back (``PUT …/name``, ``POST …/back``): each a store write
    #: pushed to every socket at the table
    seating: str = "10 per minute"
    live_games: int = 100
    sockets: int = 200
    #: requests of one address worked on at once (moves, hints, creations; the rest wait their turn)
    busy: int = 4


class SharedLimiter:
    """``limits``' moving-window limiter over a storage the workers share (Redis, with ``--broker``), or
    this process's memory; while the shared storage does not answer, this process's memory counts (a
    limit is never a reason for a 5xx)."""

    def __init__(self, shared: str | None) -> None:
        self.local = MovingWindowRateLimiter(MemoryStorage())
        self.shared = None if shared is None else MovingWindowRateLimiter(storage_from_string(shared))

    def hit(self, item: RateLimitItem, *keys: str) -> bool:
        if self.shared is not None:
            try:
                return bool(self.shared.hit(item, *keys))
            except Exception:                      # the broker is away: count here until it is back
                pass
        return bool(self.local.hit(item, *keys))

    def retry_after(self, item: RateLimitItem, *keys: str) -> int:
        """Whole seconds until ``item`` lets ``keys`` through again (at least 1; the window's length if
        the storage cannot tell)."""
        now = time.time()
        for limiter in (self.shared, self.local):
            if limiter is None:
                continue
            try:
                reset = float(limiter.get_window_stats(item, *keys).reset_time)
            except Exception:                      # the broker is away: the local count tells
                continue
            if reset > now:
                return max(1, math.ceil(reset - now))
        return max(1, int(item.get_expiry()))


class Searches:
    """The look-ahead hints being computed, at most ``limit`` at a time (HostFull beyond)."""

    def __init__(self, limit: int) -> None:
        self.limit, self.running = limit, 0

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        if self.running >= self.limit:
            raise HostFull(f"{self.limit} look-ahead hints are being computed; try again later or ask without search")
        self.running += 1
        try:
            yield
        finally:
            self.running -= 1


class Workers:
    """The worker threads that run moves, bots, views and hints off the event loop."""

    def __init__(self, threads: int) -> None:
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="phom-worker")

    async def run(self, func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.pool, functools.partial(func, *args, **kwargs))


class ClientQuotas:
    """What each client address holds in this process: its open WebSockets and the requests of it being
    worked on (its unfinished games are counted in the store: ``GameHost.held``)."""

    def __init__(self, limits: RateLimits) -> None:
        self.limits = limits
        self.sockets: dict[str, int] = defaultdict(int)
        self.lock = threading.Lock()
        self.turns: dict[str, tuple[asyncio.Semaphore, int]] = {}

    @asynccontextmanager
    async def working(self, client: str) -> AsyncIterator[None]:
        """Wait until fewer than ``busy`` requests of ``client`` are being worked on, and count this one
        (on the event loop: waiting takes no worker)."""
        turn, users = self.turns.get(client, (asyncio.Semaphore(self.limits.busy), 0))
        self.turns[client] = (turn, users + 1)
        try:
            async with turn:
                yield
        finally:
            turn, users = self.turns[client]
            if users == 1:
                del self.turns[client]
            else:
                self.turns[client] = (turn, users - 1)

    def open_socket(self, client: str) -> bool:
        """Count a new socket of ``client``; False (not counted) when it holds ``sockets`` already."""
        with self.lock:
            if self.sockets[client] >= self.limits.sockets:
                return False
            self.sockets[client] += 1
            return True

    def close_socket(self, client: str) -> None:
        with self.lock:
            self.sockets[client] -= 1
            if self.sockets[client] <= 0:
                del self.sockets[client]
