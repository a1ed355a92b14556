"""The headers every answer of ``phom serve`` carries, so a browser trusts the page and nothing else: no
script but the page's own files, no framing, no sniffing, no referrer.

>>> SECURITY_HEADERS["X-Frame-Options"]
'DENY'
"""

from __future__ import annotations

from typing import Any

__all__ = ["SECURITY_HEADERS", "SecurityHeaders"]


#: The headers of every answer: no script but the page's own files, no framing, no sniffing, no referrer.
SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; "
                               "style-src-attr 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
                               "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


class SecurityHeaders:
    """ASGI middleware: ``SECURITY_HEADERS`` on every HTTP answer."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.raw = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in SECURITY_HEADERS.items()]

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *self.raw]}
            await send(message)

        await self.app(scope, receive, with_headers)
