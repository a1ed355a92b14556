"""How ``phom serve`` runs uvicorn: the options that bound what a client may hold before the application
sees its request. Uvicorn bounds an idle keep-alive connection (5 s) and the application bounds a body
(30 s), but a request whose line and headers trickle in a byte at a time would hold its connection for
ever; ``HeaderDeadline`` closes a connection whose request line and headers have not all arrived within
``HEADER_SECONDS`` of their first byte (or of the connection, for the first request). A client's own
protocol error that uvicorn logs with a traceback (invalid UTF-8 in a WebSocket text frame) is logged
as one line (``ClientErrorLines``): a traceback in the log means a fault of the server.

>>> sorted(uvicorn_options(host="127.0.0.1", port=8000, proxies=[]))[:3]
['forwarded_allow_ips', 'host', 'http']
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from ..extras import missing_extra
from .api import MAX_FIRST_FRAME_BYTES

try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:                                   # pragma: no cover - uvicorn[standard] brings httptools
    raise missing_extra("web", "phom serve (uvicorn with httptools)") from None

__all__ = ["GRACE_SECONDS", "HEADER_SECONDS", "ClientErrorLines", "HeaderDeadline", "quiet_client_errors", "uvicorn_options"]

#: A request's line and headers must all arrive within this many seconds of their first byte.
HEADER_SECONDS = 10.0
#: On SIGTERM, the requests under way get this many seconds to finish before they are cancelled.
GRACE_SECONDS = 3


class HeaderDeadline(HttpToolsProtocol):
    """Uvicorn's httptools protocol with a deadline for each request's line and headers: the
    connection is closed when they have not all arrived ``header_seconds`` after the connection was
    made (for its first request) or after the first byte of a later request."""

    header_seconds = HEADER_SECONDS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.header_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self.header_deadline is None:
            self.header_deadline = self.loop.call_later(self.header_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self.header_deadline is not None:
            self.header_deadline.cancel()
            self.header_deadline = None

    def _too_slow(self) -> None:
        self.header_deadline = None
        if not self.transport.is_closing():
            self.transport.close()


class ClientErrorLines(logging.Filter):
    """Uvicorn's log records of a client's protocol errors, made one warning line without a traceback.

    >>> record = logging.LogRecord("uvicorn.error", logging.ERROR, "", 0, CLIENT_ERRORS[0], None, None)
    >>> ClientErrorLines().filter(record), record.levelname
    (True, 'WARNING')
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage().startswith(CLIENT_ERRORS):
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


#: What uvicorn says of a client's own protocol errors that it would log with a traceback.
CLIENT_ERRORS = ("Invalid UTF-8 sequence received from client",)


def quiet_client_errors() -> None:
    """Log a client's protocol errors as one line (``ClientErrorLines`` on uvicorn's error log)."""
    log = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, ClientErrorLines) for f in log.filters):
        log.addFilter(ClientErrorLines())


def uvicorn_options(*, host: str, port: int, proxies: list[str]) -> dict[str, Any]:
    """The keyword arguments of ``uvicorn.run`` for ``phom serve``: the client is the address that
    connects unless it is one of ``proxies`` (then its ``X-Forwarded-For``); the first WebSocket frame
    (the login) is the largest a client ever sends; request headers have a deadline; on SIGTERM, the
    requests under way get ``GRACE_SECONDS`` to finish (live sockets are closed with 1012 at once)."""
    return {"host": host, "port": port, "log_level": "warning", "proxy_headers": bool(proxies),
            "forwarded_allow_ips": proxies or None, "ws_max_size": MAX_FIRST_FRAME_BYTES, "http": HeaderDeadline,
            "timeout_graceful_shutdown": GRACE_SECONDS}
