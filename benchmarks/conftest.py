"""Fixed-seed inputs for the benchmarks, and a summary of compiled-vs-reference ratios.

Each benchmark runs one operation over a list of inputs; ``extra_info["calls"]`` holds the list length,
so per-call time = median / calls. The terminal summary prints, per operation and hand kind, the
per-call median of the compiled core and of the reference and their ratio, in the table ``phom bench``
prints (``phom.benchmarking`` holds the inputs and the table).
"""

from __future__ import annotations

import random

import pytest

from phom.benchmarking import KINDS, SEED, Row, format_table, legal_eaten, random_hand, random_table

__all__ = ["legal_eaten", "random_hand", "random_table"]   # the benchmarks' inputs, from phom.benchmarking


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
    table: dict[str, dict[str, float]] = {}
    for bench in session.benchmarks:
        if not bench.stats:
            continue
        calls = bench.extra_info.get("calls", 1)
        table.setdefault(bench.group, {})[bench.extra_info.get("impl", bench.name)] = bench.stats.median / calls
    terminalreporter.section("phom: compiled core vs reference (median per call)")
    rows = [Row(group, table[group].get("core"), table[group].get("reference"), table[group].get("openspiel"))
            for group in sorted(table)]
    for line in format_table(rows).splitlines():
        terminalreporter.write_line(line)
