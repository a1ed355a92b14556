"""Threads: the same work on one thread and on two, in one run; the ratio is the speed-up.

Each group times one amount of work done two ways: ``1 thread`` does both halves one after the other,
``2 threads`` gives each half to its own thread (a pool made once, outside the timing). Read the
speed-up in pytest-benchmark's table: the ``1 thread`` row's relative median, e.g. ``(1.85)``, says two
threads made 1.85x the calls a second of one. The work:

- ``batch.best_lay``: each half is ``CALLS`` calls of ``phom.batch.best_lay`` on 1,000 hands against a
  table of four phỏm (GIL-free C loops: this is the way to scale a bot server on threads);
- ``hint``: each half is ``HINTS`` hints on its own game (the playouts run without the GIL; the
  candidates, the race and the words in Python hold it);
- ``best_lay, one hand``: each half is ``SINGLE_CALLS`` scalar ``phom.best_lay`` calls on int masks (a
  few µs each: the search runs without the GIL, but taking the GIL back costs about what is won).

On a machine where the other core is busy the two-thread rows cannot gain: run it alone, e.g.
``python3 -m pytest benchmarks/test_bench_threads.py --benchmark-columns=min,median,rounds``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import phom
from phom import batch
from conftest import SEED, random_hand, random_table

pytest.importorskip("pytest_benchmark")

HANDS = 1000
CALLS = 10
HINTS = 2
SINGLE_CALLS = 2000
MODES = ["1 thread", "2 threads"]


@pytest.fixture(scope="module")
def pool():
    with ThreadPoolExecutor(2) as executor:
        yield executor


def _timed(benchmark, pool, mode: str, group: str, halves: list[Callable[[], object]]) -> list[object]:
    """Time both halves, one after the other or side by side; return their results."""
    benchmark.group = f"threads: {group}"
    benchmark.extra_info["impl"] = mode

    def serial() -> list[object]:
        return [half() for half in halves]

    def parallel() -> list[object]:
        return [f.result() for f in [pool.submit(half) for half in halves]]

    run = serial if mode == "1 thread" else parallel
    return benchmark.pedantic(run, rounds=15, iterations=1, warmup_rounds=1)


def _hands(rng: random.Random, table: list[int]) -> np.ndarray:
    return np.array([random_hand(rng, rng.choice(["uniform", "meld-rich"]), avoid=sum(table))
                     for _ in range(HANDS)], dtype=np.uint64)


@pytest.mark.parametrize("mode", MODES)
def test_batch_best_lay(benchmark, pool, mode):
    rng = random.Random(SEED)
    table = random_table(rng, 4)
    parts = [_hands(rng, table), _hands(rng, table)]
    benchmark.extra_info["calls"] = 2 * CALLS

    def half(hands: np.ndarray) -> Callable[[], object]:
        return lambda: [batch.best_lay(hands, table=table) for _ in range(CALLS)][-1]

    results = _timed(benchmark, pool, mode, f"batch.best_lay on {HANDS:,} hands, {CALLS} calls a thread",
                     [half(parts[0]), half(parts[1])])
    for plans, hands in zip(results, parts):
        assert plans.plan(0) == phom.best_lay(int(hands[0]), table=table)


@pytest.mark.parametrize("mode", MODES)
def test_hint(benchmark, pool, mode):
    games = [phom.Game(seed=12), phom.Game(seed=31)]
    benchmark.extra_info["calls"] = 2 * HINTS

    def half(game: phom.Game) -> Callable[[], object]:
        return lambda: [phom.hint(game) for _ in range(HINTS)][-1]

    results = _timed(benchmark, pool, mode, f"hint on two games, {HINTS} a thread", [half(g) for g in games])
    for hint, game in zip(results, games):
        assert hint.action in game.legal_actions()


@pytest.mark.parametrize("mode", MODES)
def test_single_best_lay(benchmark, pool, mode):
    rng = random.Random(SEED)
    table = random_table(rng, 4)
    inputs = [[random_hand(rng, "meld-rich", avoid=sum(table)) for _ in range(SINGLE_CALLS)] for _ in range(2)]
    benchmark.extra_info["calls"] = 2 * SINGLE_CALLS

    def half(hands: list[int]) -> Callable[[], object]:
        return lambda: [phom.best_lay(h, None, table) for h in hands]

    results = _timed(benchmark, pool, mode, f"best_lay, one hand a call (int mask), {SINGLE_CALLS:,} a thread",
                     [half(inputs[0]), half(inputs[1])])
    assert results[0] == [phom.best_lay(h, None, table) for h in inputs[0]]
