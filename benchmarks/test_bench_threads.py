"""Threads: the same work on one thread and on two, in one run; the ratio is the speed-up.

Each group times one amount of work done in ways: ``1 thread`` does both halves one after the other,
``2 threads`` gives each half to its own thread (a pool made once, outside the timing), and, where
the work is more than single solver calls, ``2 processes`` gives each half to its own process (a pool
made once; each builds its inputs once and sends its last result back): no GIL is shared there, so
that row says, from the same run, what the machine's two cores gave (it pays its own costs: each
process its own interpreter and copy of the inputs). Read the speed-up in pytest-benchmark's table:
the ``1 thread`` row's relative median, e.g. ``(1.85)``, says two threads made 1.85x the calls a
second of one. Two threads can gain at most what the GIL-free share of a call allows (Amdahl): a call
that holds the GIL for g µs of t µs gains at most t / (g + (t − g) / 2). The work:

- ``batch.best_lay`` and ``batch.arrange``: each half is ``CALLS`` (``ARRANGE_CALLS``) calls on
  ``HANDS`` hands (a table of four phỏm for best_lay), some 10 ms of work a thread. A call holds the
  GIL about 3 µs whatever its size (its input read, its arrays allocated); its rows are checked and
  solved in GIL-free C loops. On these hands a call on 1,000 hands carries about 220 µs of work
  (best_lay) and 75 µs (arrange), so two threads may reach 1.97x and 1.95x: the way to scale a bot
  server on threads. On 100 hands a call (26 µs, 10 µs) the fixed 3 µs is a tenth to a fifth of it and
  the ceiling drops to 1.8x and 1.7x: give a call 1,000 hands or more;
- ``hint's playouts``: each half is ``PLAYOUT_ROUNDS`` rounds of what a hint does in its race, on its
  own game: ``HINT_ROUND`` worlds sampled from the seat's view (``VectorGame.sample_worlds``) and
  played to the end by the greedy policy (``VectorGame.playout``), both without the GIL;
- ``hint``: each half is ``HINTS`` whole hints (``phom.hint``) on its own game: the playouts above,
  and in Python, holding the GIL, the candidates, the race's statistics between rounds and the words
  (about a sixth of a hint), so two threads gain less;
- ``best_lay, one hand``: each half is ``SINGLE_CALLS`` scalar ``phom.best_lay`` calls on int masks (a
  few µs each: the search runs without the GIL, but taking the GIL back costs about what is won, and
  the argument checks hold it); two threads gain nothing here: batch the hands instead.

On a machine where the other core is busy the two-thread rows cannot gain (nor the two-process
ones: compare them): run it alone (``uptime`` below 1), e.g. ``python3 -m pytest
benchmarks/test_bench_threads.py --benchmark-columns=min,median,rounds -p no:xdist``.
"""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest

import phom
from phom import batch
from phom.vector import VectorGame
from conftest import SEED, random_hand, random_table

pytest.importorskip("pytest_benchmark")

HANDS = 1000
CALLS = 50
ARRANGE_CALLS = 150
HINTS = 2
HINT_ROUND = 256
PLAYOUT_ROUNDS = 8
SINGLE_CALLS = 2000
MODES = ["1 thread", "2 threads", "2 processes"]
Halves = list[Callable[[], object]]


@pytest.fixture(scope="module")
def pool():
    with ThreadPoolExecutor(2) as executor:
        yield executor


@pytest.fixture(scope="module")
def processes():
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as executor:
        yield executor


def _hands(rng: random.Random, table: list[int]) -> np.ndarray:
    return np.array([random_hand(rng, rng.choice(["uniform", "meld-rich"]), avoid=sum(table))
                     for _ in range(HANDS)], dtype=np.uint64)


def _best_lay() -> tuple[Halves, object]:
    rng = random.Random(SEED)
    table = random_table(rng, 4)
    parts = [_hands(rng, table), _hands(rng, table)]

    def half(hands: np.ndarray) -> Callable[[], object]:
        return lambda: [batch.best_lay(hands, table=table) for _ in range(CALLS)][-1]

    return [half(h) for h in parts], (parts, table)


def _arrange() -> tuple[Halves, object]:
    rng = random.Random(SEED + 1)
    parts = [_hands(rng, []), _hands(rng, [])]

    def half(hands: np.ndarray) -> Callable[[], object]:
        return lambda: [batch.arrange(hands) for _ in range(ARRANGE_CALLS)][-1]

    return [half(h) for h in parts], parts


def _playouts() -> tuple[Halves, object]:
    views = [game.view(game.to_move) for game in (phom.Game(seed=12), phom.Game(seed=31))]

    def half(view: phom.PlayerView) -> Callable[[], object]:
        def rounds() -> object:
            for r in range(PLAYOUT_ROUNDS):
                worlds = VectorGame.sample_worlds(view, HINT_ROUND, seed=r, tries=20)
                worlds.playout("greedy", seed=r)
            return worlds.net.copy()
        return rounds

    return [half(v) for v in views], views


def _hints() -> tuple[Halves, object]:
    games = [phom.Game(seed=12), phom.Game(seed=31)]

    def half(game: phom.Game) -> Callable[[], object]:
        return lambda: [phom.hint(game) for _ in range(HINTS)][-1]

    return [half(g) for g in games], games


WORK: dict[str, Callable[[], tuple[Halves, object]]] = {
    "best_lay": _best_lay, "arrange": _arrange, "playouts": _playouts, "hints": _hints}
_BUILT: dict[str, Halves] = {}


def _process_half(work: str, index: int) -> object:
    """Half ``index`` of a group's work, in a worker process (its inputs built there on first use)."""
    if work not in _BUILT:
        _BUILT[work] = WORK[work]()[0]
    return _BUILT[work][index]()


def _timed(benchmark, executor: Executor, mode: str, group: str, halves: Halves, work: str = ""
           ) -> list[object]:
    """Time both halves, one after the other or side by side; return their results."""
    benchmark.group = f"threads: {group}"
    benchmark.extra_info["impl"] = mode

    def serial() -> list[object]:
        return [half() for half in halves]

    def parallel() -> list[object]:
        return [f.result() for f in [executor.submit(half) for half in halves]]

    def in_processes() -> list[object]:
        return [f.result() for f in [executor.submit(_process_half, work, i) for i in range(len(halves))]]

    run = {"1 thread": serial, "2 threads": parallel, "2 processes": in_processes}[mode]
    return benchmark.pedantic(run, rounds=15, iterations=1, warmup_rounds=1)


def _executor(request: pytest.FixtureRequest, mode: str) -> Executor:
    return request.getfixturevalue("processes" if mode == "2 processes" else "pool")


@pytest.mark.parametrize("mode", MODES)
def test_batch_best_lay(benchmark, request, mode):
    halves, (parts, table) = _best_lay()
    benchmark.extra_info["calls"] = 2 * CALLS
    results = _timed(benchmark, _executor(request, mode), mode,
                     f"batch.best_lay on {HANDS:,} hands, {CALLS} calls a thread", halves, "best_lay")
    for plans, hands in zip(results, parts):
        assert plans.plan(0) == phom.best_lay(int(hands[0]), table=table)
        assert plans.plan(HANDS - 1) == phom.best_lay(int(hands[-1]), table=table)


@pytest.mark.parametrize("mode", MODES)
def test_batch_arrange(benchmark, request, mode):
    halves, parts = _arrange()
    benchmark.extra_info["calls"] = 2 * ARRANGE_CALLS
    results = _timed(benchmark, _executor(request, mode), mode,
                     f"batch.arrange on {HANDS:,} hands, {ARRANGE_CALLS} calls a thread", halves, "arrange")
    for found, hands in zip(results, parts):
        assert found.arrangement(0) == phom.arrange(int(hands[0]))


@pytest.mark.parametrize("mode", MODES)
def test_hint_playouts(benchmark, request, mode):
    halves, views = _playouts()
    benchmark.extra_info["calls"] = 2 * PLAYOUT_ROUNDS
    results = _timed(benchmark, _executor(request, mode), mode,
                     f"hint's playouts: {HINT_ROUND} worlds sampled and played out, {PLAYOUT_ROUNDS} a thread",
                     halves, "playouts")
    for net, view in zip(results, views):
        again = VectorGame.sample_worlds(view, HINT_ROUND, seed=PLAYOUT_ROUNDS - 1, tries=20)
        again.playout("greedy", seed=PLAYOUT_ROUNDS - 1)
        assert (net == again.net).all() and again.done.all()


@pytest.mark.parametrize("mode", MODES)
def test_hint(benchmark, request, mode):
    halves, games = _hints()
    benchmark.extra_info["calls"] = 2 * HINTS
    results = _timed(benchmark, _executor(request, mode), mode, f"hint on two games, {HINTS} a thread", halves,
                     "hints")
    for hint, game in zip(results, games):
        assert hint.action in game.legal_actions()


@pytest.mark.parametrize("mode", MODES[:2])
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


def interleaved(work: str, rounds: int = 41, seed: int = 0) -> dict[str, tuple[float, float, float]]:
    """Two threads and two processes against one thread on ``WORK[work]``, the three measured in turn,
    round by round, so a drift of the machine's speed (another tenant, the clock) falls on all alike:
    for ``"threads"`` and ``"processes"``, the median of the rounds' ratios (one thread's time over
    theirs) and its 95 % bootstrap interval. The processes share no GIL: their ratio is what the
    machine's two cores gave in the same minutes."""
    import statistics
    import time

    halves = WORK[work]()[0]
    ratios: dict[str, list[float]] = {"threads": [], "processes": []}
    context = multiprocessing.get_context("spawn")
    with ThreadPoolExecutor(2) as threads, ProcessPoolExecutor(2, mp_context=context) as processes:
        for half in halves:                      # warm every path once (the processes build their inputs)
            half()
        for future in [processes.submit(_process_half, work, i) for i in range(len(halves))]:
            future.result()
        for _ in range(rounds):
            started = time.perf_counter()
            for half in halves:
                half()
            one = time.perf_counter() - started
            started = time.perf_counter()
            for future in [threads.submit(half) for half in halves]:
                future.result()
            ratios["threads"].append(one / (time.perf_counter() - started))
            started = time.perf_counter()
            for future in [processes.submit(_process_half, work, i) for i in range(len(halves))]:
                future.result()
            ratios["processes"].append(one / (time.perf_counter() - started))
    rng = np.random.default_rng(seed)
    found = {}
    for mode, values in ratios.items():
        medians = [statistics.median(rng.choice(values, len(values))) for _ in range(2000)]
        found[mode] = (statistics.median(values), float(np.percentile(medians, 2.5)),
                       float(np.percentile(medians, 97.5)))
    return found


if __name__ == "__main__":
    # python3 benchmarks/test_bench_threads.py: each group's speed-up, one thread, two and two processes in turn
    import os
    import sys

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    print(f"load before: {os.getloadavg()[0]:.2f}")
    for name in WORK:
        found = interleaved(name)
        print(f"{name:10}" + "".join(f"  two {mode} / one thread: {m:.2f}x ({lo:.2f}–{hi:.2f})"
                                     for mode, (m, lo, hi) in found.items()))
    print(f"load after: {os.getloadavg()[0]:.2f}  (41 rounds a group; 95 % bootstrap intervals of the median)")
