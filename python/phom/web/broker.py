"""The doorbell between ``phom serve`` workers: Redis pub/sub (redis-py; extra ``scale``) carrying only
``{"game", "version"}`` after a commit. A worker that hears it catches the game up from the store and
pushes its own seats' views; nothing is ever built from Redis alone. Redis pub/sub is at most once, so
the doorbell is a hint: every live seat also checks the store every ``phom.web.app.REPAIR_SECONDS``
and after a reconnect, and a lost message only delays a push.

>>> Doorbell.channel
'phom:games'
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from ..extras import missing_extra

try:
    import redis
    import redis.asyncio as aioredis
except ImportError:                                       # pragma: no cover - the extra is missing
    raise missing_extra("scale", "phom serve --broker redis://… (redis)") from None

__all__ = ["Doorbell"]


class Doorbell:
    """Rings (``ring``, from any thread, after a commit) and listens (``listen``, a task on the event
    loop: ``heard(game, version)`` per message, ``reconnected()`` after Redis came back)."""

    channel = "phom:games"

    def __init__(self, url: str) -> None:
        self.url = url
        self._client = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)

    def ring(self, game_id: str, version: int) -> None:
        """Publish that ``game_id`` reached ``version``; a Redis that is down is survived (the seats
        repair from the store), never raised to the mover."""
        try:
            self._client.publish(self.channel, json.dumps({"game": game_id, "version": version}))
        except redis.RedisError:
            pass

    def ping(self) -> bool:
        """Whether Redis answers (for ``/readyz``)."""
        try:
            return bool(self._client.ping())
        except redis.RedisError:
            return False

    async def listen(self, heard: Callable[[str, int], Any], reconnected: Callable[[], Any]) -> None:
        """Forever: subscribe, pass on each message, and after any failure wait, subscribe again and
        call ``reconnected`` (whatever was rung meanwhile is repaired from the store)."""
        backoff = 0.1
        first = True
        while True:
            client = aioredis.Redis.from_url(self.url, socket_connect_timeout=2)
            try:
                async with client.pubsub() as pubsub:
                    await pubsub.subscribe(self.channel)
                    if not first:
                        reconnected()
                    first, backoff = False, 0.1
                    async for message in pubsub.listen():
                        if message.get("type") != "message":
                            continue
                        try:
                            data = json.loads(message["data"])
                            heard(str(data["game"]), int(data["version"]))
                        except (ValueError, KeyError, TypeError):
                            continue
            except (redis.RedisError, OSError):
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, 2.0)
                first = False
            finally:
                await client.aclose()

    def close(self) -> None:
        self._client.close()
