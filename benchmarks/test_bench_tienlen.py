"""Tiến lên: the compiled combination core against the plain-Python reference, same fixed-seed hands
(13-card deals; a lead is legal_plays with no table)."""

from __future__ import annotations

import random

import pytest

from phom import tienlen
from phom.tienlen import reference

CALLS = 1000
REFERENCE_CALLS = 30


def deals(count: int, seed: int = 2026) -> list[int]:
    rng = random.Random(seed)
    return [sum(1 << c for c in rng.sample(range(52), 13)) for _ in range(count)]


@pytest.mark.parametrize("impl", ["core", "reference"])
@pytest.mark.parametrize("name", ["min_plays", "legal_plays", "best_split", "toi_trang"])
def test_tienlen(benchmark, impl, name):
    hands = deals(CALLS if impl == "core" else REFERENCE_CALLS)
    benchmark.group = f"tienlen {name} (13 cards)"
    benchmark.extra_info.update(impl=impl, calls=len(hands))
    func = getattr(tienlen if impl == "core" else reference, name)
    if impl == "core":
        results = benchmark(lambda: [func(h) for h in hands])
        expected = [getattr(reference, name)(h) for h in hands[:REFERENCE_CALLS]]
        got = [r.tolist() if hasattr(r, "tolist") else r for r in results[:REFERENCE_CALLS]]
        assert got == expected
    else:
        benchmark.pedantic(lambda: [func(h) for h in hands], rounds=3, iterations=1)
