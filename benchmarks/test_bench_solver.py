"""Compiled core vs reference on the same fixed-seed hands; results are asserted equal.

Run: ``pytest benchmarks`` (add ``--benchmark-only`` to skip nothing, ``-k core`` for the core alone).
"""

from __future__ import annotations

import numpy as np
import pytest

import phom
from phom import batch, reference
from conftest import legal_eaten, random_hand, random_table

CORE_CALLS = 2000
REFERENCE_CALLS = 100


def run(benchmark, impl, group, func, inputs):
    """Benchmark func over inputs; the reference gets the first REFERENCE_CALLS inputs, fewer rounds."""
    benchmark.group = group
    benchmark.extra_info["impl"] = impl
    if impl == "reference":
        inputs = inputs[:REFERENCE_CALLS]
    benchmark.extra_info["calls"] = len(inputs)

    def loop():
        return [func(*args) for args in inputs]

    if impl == "reference":
        return benchmark.pedantic(loop, rounds=3, iterations=1)
    return benchmark(loop)


def check(results, func_ref, inputs):
    """The results of the compiled core equal the reference on the inputs both ran."""
    n = min(len(results), REFERENCE_CALLS)
    assert results[:n] == [func_ref(*args) for args in inputs[:n]]


IMPLS = ["core", "reference"]


@pytest.mark.parametrize("impl", IMPLS)
def test_min_points(benchmark, impl, kind, rng):
    inputs = [(random_hand(rng, kind),) for _ in range(CORE_CALLS)]
    solver = phom if impl == "core" else reference
    results = run(benchmark, impl, f"min_points/{kind}", solver.min_points, inputs)
    if impl == "core":
        check(results, reference.min_points, inputs)


@pytest.mark.parametrize("impl", IMPLS)
def test_arrange(benchmark, impl, kind, rng):
    inputs = [(random_hand(rng, kind),) for _ in range(CORE_CALLS)]
    solver = phom if impl == "core" else reference
    results = run(benchmark, impl, f"arrange/{kind}", solver.arrange, inputs)
    if impl == "core":
        check(results, reference.arrange, inputs)


@pytest.mark.parametrize("impl", IMPLS)
def test_can_eat(benchmark, impl, kind, rng):
    inputs = []
    for _ in range(CORE_CALLS):
        hand = random_hand(rng, kind, size=9)
        card = rng.choice([i for i in range(52) if not hand >> i & 1])
        inputs.append((hand, card))
    solver = phom if impl == "core" else reference
    results = run(benchmark, impl, f"can_eat/{kind}", solver.can_eat, inputs)
    if impl == "core":
        check(results, reference.can_eat, inputs)


@pytest.mark.parametrize("impl", IMPLS)
def test_legal_discards(benchmark, impl, kind, rng):
    inputs = []
    for _ in range(CORE_CALLS):
        hand = random_hand(rng, kind)
        inputs.append((hand, legal_eaten(rng, hand, rng.randrange(1, 3))))
    solver = phom if impl == "core" else reference
    results = run(benchmark, impl, f"legal_discards (1-2 eaten)/{kind}", solver.legal_discards, inputs)
    if impl == "core":
        check(results, reference.legal_discards, inputs)


@pytest.mark.parametrize("impl", IMPLS)
def test_can_u(benchmark, impl, kind, rng):
    inputs = [(random_hand(rng, kind),) for _ in range(CORE_CALLS)]
    solver = phom if impl == "core" else reference
    results = run(benchmark, impl, f"can_u/{kind}", solver.can_u, inputs)
    if impl == "core":
        check(results, reference.can_u, inputs)


def _plan_key(plan):
    return None if plan is None else (plan.melds, plan.discard, plan.points, plan.u, plan.mom)


@pytest.mark.parametrize("impl", IMPLS)
def test_best_lay(benchmark, impl, kind, rng):
    inputs = []
    for _ in range(CORE_CALLS):
        table = [phom.CardSet(m) for m in random_table(rng, 4)]
        hand = random_hand(rng, kind, avoid=sum(m.mask for m in table))
        inputs.append((hand, None, table))
    solver = phom if impl == "core" else reference
    results = run(benchmark, impl, f"best_lay (4 table phỏm)/{kind}", solver.best_lay, inputs)
    if impl == "core":
        n = REFERENCE_CALLS
        assert [_plan_key(p) for p in results[:n]] == [_plan_key(reference.best_lay(*a)) for a in inputs[:n]]


BATCH_HANDS = 100_000


@pytest.mark.parametrize("impl", IMPLS)
def test_batch_min_points(benchmark, impl, kind, rng):
    hands = np.array([random_hand(rng, kind) for _ in range(BATCH_HANDS)], dtype=np.uint64)
    benchmark.group = f"batch.min_points per hand/{kind}"
    benchmark.extra_info["impl"] = impl
    if impl == "core":
        benchmark.extra_info["calls"] = BATCH_HANDS
        out = benchmark(batch.min_points, hands)
        assert out[:REFERENCE_CALLS].tolist() == [reference.min_points(int(h)) for h in hands[:REFERENCE_CALLS]]
    else:
        sample = [int(h) for h in hands[:REFERENCE_CALLS]]
        benchmark.extra_info["calls"] = len(sample)
        benchmark.pedantic(lambda: [reference.min_points(h) for h in sample], rounds=3, iterations=1)
