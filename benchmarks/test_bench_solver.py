"""Compiled core vs reference on the same fixed-seed hands; results are asserted equal.

Run: ``python3 -m pytest benchmarks`` (``-k core`` for the core alone). The summary at the end lists the
per-call medians and the core-to-reference ratio.
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


def _plan_key(plan):
    return None if plan is None else (plan.melds, plan.discard, plan.points, plan.u, plan.mom)


def _plain(hands):
    return [(h,) for h in hands]


def _one_to_eat(rng, kind):
    hand = random_hand(rng, kind, size=9)
    return hand, rng.choice([i for i in range(52) if not hand >> i & 1])


def _with_eaten(rng, kind):
    hand = random_hand(rng, kind)
    return hand, legal_eaten(rng, hand, rng.randrange(1, 3))


def _against_table(rng, kind):
    table = [phom.CardSet(m) for m in random_table(rng, 4)]
    return random_hand(rng, kind, avoid=sum(m.mask for m in table)), None, table


# (group name, function name, how to make one input from (rng, kind), how to compare results)
OPERATIONS = [
    ("min_points", "min_points", lambda rng, kind: (random_hand(rng, kind),), None),
    ("arrange", "arrange", lambda rng, kind: (random_hand(rng, kind),), None),
    ("can_eat", "can_eat", _one_to_eat, None),
    ("legal_discards (1-2 eaten)", "legal_discards", _with_eaten, None),
    ("can_u", "can_u", lambda rng, kind: (random_hand(rng, kind),), None),
    ("best_lay (4 table phỏm)", "best_lay", _against_table, _plan_key),
]


@pytest.mark.parametrize("impl", ["core", "reference"])
@pytest.mark.parametrize(("group", "name", "make", "key"), OPERATIONS, ids=[op[0] for op in OPERATIONS])
def test_solver(benchmark, impl, kind, rng, group, name, make, key):
    inputs = [make(rng, kind) for _ in range(CORE_CALLS)]
    solver = phom if impl == "core" else reference
    results = run(benchmark, impl, f"{group}/{kind}", getattr(solver, name), inputs)
    if impl == "core":
        key = key or (lambda x: x)
        expected = [key(getattr(reference, name)(*args)) for args in inputs[:REFERENCE_CALLS]]
        assert [key(r) for r in results[:REFERENCE_CALLS]] == expected


BATCH_HANDS = 100_000


@pytest.mark.parametrize("impl", ["core", "reference"])
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


GIN = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


@pytest.mark.parametrize("form", ["default", "list", "tuple", "table"])
def test_min_points_values_argument(benchmark, rng, form):
    """``values=`` as a list, a tuple or a prebuilt table: a cached look-up, not a table rebuilt per call."""
    hands = [random_hand(rng, "uniform") for _ in range(CORE_CALLS)]
    values = {"default": None, "list": list(GIN), "tuple": GIN, "table": phom.phom.solver.value_table(GIN)}[form]
    benchmark.group = f"min_points, values given as: {form}"
    benchmark.extra_info.update(impl="core", calls=len(hands))
    results = benchmark(lambda: [phom.min_points(h, values=values) for h in hands])
    if values is not None:
        assert results[:REFERENCE_CALLS] == [reference.min_points(h, values=GIN) for h in hands[:REFERENCE_CALLS]]


BATCH_LAY_HANDS = 10_000


@pytest.mark.parametrize("impl", ["core", "scalar calls", "reference"])
def test_batch_best_lay(benchmark, impl, kind, rng):
    """``batch.best_lay`` per hand against 4 table phỏm, vs a Python loop of ``phom.best_lay`` on the same
    int masks and vs the reference; rows asserted equal to the scalar calls."""
    table = random_table(rng, 4)
    hands = np.array([random_hand(rng, kind, avoid=sum(table)) for _ in range(BATCH_LAY_HANDS)], dtype=np.uint64)
    plain = [int(h) for h in hands]
    benchmark.group = f"batch.best_lay per hand (4 table phỏm)/{kind}"
    benchmark.extra_info["impl"] = impl
    if impl == "core":
        benchmark.extra_info["calls"] = BATCH_LAY_HANDS
        plans = benchmark(batch.best_lay, hands, None, table)
        assert [plans.plan(i) for i in range(REFERENCE_CALLS)] == [phom.best_lay(h, None, table)
                                                                   for h in plain[:REFERENCE_CALLS]]
    elif impl == "scalar calls":
        benchmark.extra_info["calls"] = BATCH_LAY_HANDS
        benchmark(lambda: [phom.best_lay(h, None, table) for h in plain])
    else:
        sample = plain[:REFERENCE_CALLS]
        benchmark.extra_info["calls"] = len(sample)
        benchmark.pedantic(lambda: [reference.best_lay(h, None, table) for h in sample], rounds=3, iterations=1)


@pytest.mark.parametrize("form", ["int mask", "CardSet", "text"])
@pytest.mark.parametrize("name", ["min_points", "best_lay"])
def test_input_form(benchmark, rng, form, name):
    """What a call costs by the form of its hand: an int mask, a CardSet or card text (parsed per call)."""
    table = random_table(rng, 4) if name == "best_lay" else []
    hands = [random_hand(rng, "meld-rich", avoid=sum(table)) for _ in range(CORE_CALLS)]
    given = {"int mask": hands, "CardSet": [phom.CardSet(h) for h in hands],
             "text": [phom.CardSet(h).codes for h in hands]}[form]
    call = getattr(phom, name)
    benchmark.group = f"{name}, hand given as/{form}"
    benchmark.extra_info.update(impl="core", calls=len(given))
    args = (None, table) if table else ()
    results = benchmark(lambda: [call(h, *args) for h in given])
    assert results == [call(h, *args) for h in hands]
