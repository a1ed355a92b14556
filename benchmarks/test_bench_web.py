"""The load test of `phom serve`, shortened: 20 clients for 2 seconds must see no error and lose no game
(``python3 benchmarks/load_test.py`` runs the full 50 clients × 10 s for the README's figures)."""

from __future__ import annotations

import asyncio

import pytest

for _module in ("httpx", "uvicorn", "starlette"):
    pytest.importorskip(_module, reason='the service\'s load test needs the extra: python3 -m pip install ".[web]"')

from load_test import run  # noqa: E402  (after the extra's check)


def test_hints_under_load():
    found = asyncio.run(run(clients=20, seconds=2.0))
    assert found["errors"] == 0 and found["hint_requests"] > 20 and found["games"] >= 20
