"""``phom bench``: the compiled core against the reference on the same fixed-seed hands, on this machine.

The full, statistically careful comparison is the pytest-benchmark suite in ``benchmarks/``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from ..phom import reference, solver
from ..cards import CardSet
from ..phom.results import LayPlan

__all__ = ["run_bench"]


def _hands(count: int, seed: int = 2026) -> list[int]:
    rng = random.Random(seed)
    hands = []
    for i in range(count):
        if i % 2:
            low = rng.randrange(0, 10)
            pool = [s * 13 + r for s in range(4) for r in range(low, low + 4)]
        else:
            pool = list(range(52))
        hands.append(sum(1 << c for c in rng.sample(pool, 10)))
    return hands


def _per_call(func: Callable[..., object], inputs: Sequence[tuple[object, ...]], min_seconds: float) -> float:
    calls, started = 0, time.perf_counter()
    while True:
        for args in inputs:
            func(*args)
        calls += len(inputs)
        elapsed = time.perf_counter() - started
        if elapsed >= min_seconds:
            return elapsed / calls


def _one_eaten(hand: int) -> int:
    """A card of the hand's first phỏm, as a legal eaten card (0 when the hand has no phỏm)."""
    found = solver.melds(hand)
    return found[0].mask & -found[0].mask if found else 0


def _same(a: object, b: object) -> bool:
    if isinstance(a, LayPlan) and isinstance(b, LayPlan):
        return (a.melds, a.discard, a.points, a.u, a.mom) == (b.melds, b.discard, b.points, b.u, b.mom)
    return a == b


def run_bench(count: int, out: TextIO) -> None:
    """Print per-call times of core and reference, and their ratio, for the main solver functions."""
    if count < 1:
        raise ValueError("--hands must be at least 1")
    hands = _hands(count)
    rng = random.Random(7)
    eat_inputs = []
    for hand in hands:
        nine = hand & ~(hand & -hand)
        eat_inputs.append((nine, rng.choice([c for c in range(52) if not nine >> c & 1])))
    table = [CardSet.parse(t) for t in ("JH QH KH", "10S 10C 10D", "4S 4C 4H", "5D 6D 7D")]
    on_table = sum(t.mask for t in table)
    operations: list[tuple[str, Any, Callable[..., Any], Callable[..., Any]]] = [
        ("min_points", [(h,) for h in hands], solver.min_points, reference.min_points),
        ("arrange", [(h,) for h in hands], solver.arrange, reference.arrange),
        ("can_eat", eat_inputs, solver.can_eat, reference.can_eat),
        ("can_u", [(h,) for h in hands], solver.can_u, reference.can_u),
        ("legal_discards (eaten)", [(h, _one_eaten(h)) for h in hands], solver.legal_discards,
         reference.legal_discards),
        ("best_lay (4 table phỏm)", [(h & ~on_table, None, table) for h in hands], solver.best_lay,
         reference.best_lay),
    ]
    print(f"{'operation':26}{'core':>12}{'reference':>14}{'ratio':>10}", file=out)
    for name, inputs, core, ref in operations:
        sample = inputs[: min(len(inputs), 20)]
        for args in sample:
            if not _same(core(*args), ref(*args)):
                raise AssertionError(f"{name} disagrees with the reference on {args}")
        t_core = _per_call(core, inputs, 0.2)
        t_ref = _per_call(ref, sample, 0.2)
        print(f"{name:26}{t_core * 1e9:>9.0f} ns{t_ref * 1e6:>11.1f} µs{t_ref / t_core:>9.0f}x", file=out)
