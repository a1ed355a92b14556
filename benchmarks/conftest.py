"""Fixed-seed inputs for the benchmarks, and a summary of compiled-vs-reference ratios.

Each benchmark runs one operation over a list of inputs; ``extra_info["calls"]`` holds the list length,
so per-call time = median / calls. The terminal summary prints, per operation and hand kind, the
per-call median of the compiled core and of the reference and their ratio.
"""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

import phom

SEED = 20261129
KINDS = ["uniform", "meld-rich"]


def random_hand(rng: random.Random, kind: str, size: int = 10, avoid: int = 0) -> int:
    """A random hand: uniform over the deck, or meld-rich (cards of 4 adjacent ranks)."""
    pool = [i for i in range(52) if not avoid >> i & 1]
    if kind == "meld-rich":
        low = rng.randrange(0, 10)
        rich = [i for i in pool if low <= i % 13 < low + 4]
        if len(rich) >= size:
            pool = rich
    return sum(1 << i for i in rng.sample(pool, size))


def legal_eaten(rng: random.Random, hand: int, count: int) -> int:
    """Up to count eaten cards that the hand can legally hold (each in its own phỏm)."""
    free, eaten = hand, 0
    for _ in range(count):
        options = phom.melds(free)
        if not options:
            break
        meld = rng.choice(options)
        eaten |= rng.choice(list(meld)).mask
        free &= ~meld.mask
    return eaten


def random_table(rng: random.Random, count: int) -> list[int]:
    """count disjoint phỏm: 3-sets and runs of 3 to 5."""
    table: list[int] = []
    used = 0
    while len(table) < count:
        if rng.random() < 0.5:
            rank = rng.randrange(13)
            meld = sum(1 << (s * 13 + rank) for s in rng.sample(range(4), 3))
        else:
            suit, length = rng.randrange(4), rng.randrange(3, 6)
            low = rng.randrange(0, 14 - length)
            meld = sum(1 << (suit * 13 + r) for r in range(low, low + length))
        if meld & used == 0:
            table.append(meld)
            used |= meld
    return table


@pytest.fixture(params=KINDS)
def kind(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def rng() -> random.Random:
    return random.Random(SEED)


def pytest_terminal_summary(terminalreporter, exitstatus, config):  # type: ignore[no-untyped-def]
    session = getattr(config, "_benchmarksession", None)
    if session is None or not session.benchmarks:
        return
    table: dict[str, dict[str, float]] = defaultdict(dict)
    for bench in session.benchmarks:
        if not bench.stats:
            continue
        calls = bench.extra_info.get("calls", 1)
        table[bench.group][bench.extra_info.get("impl", bench.name)] = bench.stats.median / calls
    terminalreporter.section("phom: compiled core vs reference (median per call)")
    terminalreporter.write_line(f"{'operation':42} {'core':>12} {'reference':>12} {'ratio':>10}")
    for group in sorted(table):
        row = table[group]
        core, ref = row.get("core"), row.get("reference")
        ratio = f"{ref / core:9.0f}x" if core and ref else ""
        terminalreporter.write_line(
            f"{group:42} {_fmt(core):>12} {_fmt(ref):>12} {ratio:>10}")


def _fmt(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    if seconds < 1e-6:
        return f"{seconds * 1e9:.0f} ns"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.2f} µs"
    return f"{seconds * 1e3:.2f} ms"
