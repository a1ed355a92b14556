"""The compiled solver against its plain-Python reference on fixed-seed hands: the inputs, the operations and
the table that both ``phom bench`` and ``pytest benchmarks`` (its summary) print, so the two say the same thing
in the same words. ``pytest benchmarks`` times with pytest-benchmark; ``phom bench`` is its quick version.

>>> print(format_table([Row("min_points/uniform", core=6.1e-8, reference=8.2e-4)]))
operation                                          core    reference      ratio
min_points/uniform                                61 ns    820.00 µs     13443x
>>> print(format_table([Row("min_points (gin values)/uniform", 1.5e-7, 8.0e-4, openspiel=1.4e-5)]))
operation                                          core    reference      ratio    openspiel      ratio
min_points (gin values)/uniform                  150 ns    800.00 µs      5333x     14.00 µs        93x

Where OpenSpiel is installed, ``min_points`` with gin rummy's card values is also timed against OpenSpiel's
``GinRummyUtils.min_deadwood`` (C++), the same problem: the fewest points a hand keeps outside sets and runs
(``phom.min_points(hand, values=GIN_RUMMY_VALUES)``; no eaten cards).
>>> hand = random_hand(random.Random(SEED), "meld-rich")
>>> bin(hand).count("1")
10
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

__all__ = ["GIN_RUMMY_VALUES", "KINDS", "OPERATIONS", "SEED", "Operation", "Row", "card_indices", "format_table", "legal_eaten",
           "make_inputs", "measure", "openspiel_min_deadwood", "print_measurement", "random_hand", "random_table"]

#: the seed of every benchmark's inputs
SEED = 20261129
#: the kinds of hand: uniform over the deck, or meld-rich (cards of 4 adjacent ranks)
KINDS = ("uniform", "meld-rich")


def random_hand(rng: random.Random, kind: str, size: int = 10, avoid: int = 0) -> int:
    """A random hand as a mask: ``kind`` "uniform" over the deck, or "meld-rich" (cards of 4 adjacent ranks);
    no card of ``avoid``."""
    pool = [i for i in range(52) if not avoid >> i & 1]
    if kind == "meld-rich":
        low = rng.randrange(0, 10)
        rich = [i for i in pool if low <= i % 13 < low + 4]
        if len(rich) >= size:
            pool = rich
    return sum(1 << i for i in rng.sample(pool, size))


def legal_eaten(rng: random.Random, hand: int, count: int) -> int:
    """Up to ``count`` eaten cards that ``hand`` can legally hold (each in its own phỏm)."""
    from .solver import melds

    free, eaten = hand, 0
    for _ in range(count):
        options = melds(free)
        if not options:
            break
        meld = rng.choice(options)
        eaten |= rng.choice(list(meld)).mask
        free &= ~meld.mask
    return eaten


def random_table(rng: random.Random, count: int) -> list[int]:
    """``count`` disjoint phỏm as masks: 3-sets and runs of 3 to 5."""
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


def _plain(rng: random.Random, kind: str) -> tuple[Any, ...]:
    return (random_hand(rng, kind),)


def _one_to_eat(rng: random.Random, kind: str) -> tuple[Any, ...]:
    hand = random_hand(rng, kind, size=9)
    return hand, rng.choice([i for i in range(52) if not hand >> i & 1])


def _with_eaten(rng: random.Random, kind: str) -> tuple[Any, ...]:
    hand = random_hand(rng, kind)
    return hand, legal_eaten(rng, hand, rng.randrange(1, 3))


def _against_table(rng: random.Random, kind: str) -> tuple[Any, ...]:
    from ..cards import CardSet

    table = [CardSet(m) for m in random_table(rng, 4)]
    return random_hand(rng, kind, avoid=sum(m.mask for m in table)), None, table


def _plan_key(plan: Any) -> Any:
    return None if plan is None else (plan.melds, plan.discard, plan.points, plan.u, plan.mom)


@dataclass(frozen=True)
class Operation:
    """One solver function timed on both sides: ``group`` names it in the table, ``function`` is its name in
    ``phom`` and in ``phom.reference``, ``make`` draws one call's arguments, ``key`` what is compared of
    its answers (the answer itself when None)."""

    group: str
    function: str
    make: Callable[[random.Random, str], tuple[Any, ...]]
    key: Callable[[Any], Any] | None = None

    def implementations(self) -> tuple[Callable[..., Any], Callable[..., Any]]:
        """The compiled function and its reference."""
        from . import reference, solver

        return getattr(solver, self.function), getattr(reference, self.function)

    def same(self, a: Any, b: Any) -> bool:
        """Whether two answers agree (by ``key``)."""
        key = self.key or (lambda x: x)
        return bool(key(a) == key(b))


OPERATIONS = (
    Operation("min_points", "min_points", _plain),
    Operation("arrange", "arrange", _plain),
    Operation("can_eat", "can_eat", _one_to_eat),
    Operation("legal_discards (1-2 eaten)", "legal_discards", _with_eaten),
    Operation("can_u", "can_u", _plain),
    Operation("best_lay (4 table phỏm)", "best_lay", _against_table, _plan_key),
)


#: gin rummy's card values, A..K (faces count 10): ``min_points`` with them is gin rummy's least deadwood
GIN_RUMMY_VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


def openspiel_min_deadwood() -> Callable[[list[int]], int] | None:
    """OpenSpiel's gin rummy ``min_deadwood`` (C++), which takes a hand as its list of card numbers — numbered
    as phom's bits, suit × 13 + rank − 1: ``card_indices(mask)`` —, or None where OpenSpiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    min_deadwood: Callable[[list[int]], int] = utils.min_deadwood
    return min_deadwood


def card_indices(hand: int) -> list[int]:
    """The card numbers of a hand mask, lowest first: ``card_indices(0b1011) == [0, 1, 3]``."""
    return [i for i in range(52) if hand >> i & 1]


def make_inputs(operation: Operation, kind: str, count: int, seed: int = SEED) -> list[tuple[Any, ...]]:
    """``count`` calls' arguments for ``operation`` on hands of ``kind``, the same for the same seed."""
    rng = random.Random(seed)
    return [operation.make(rng, kind) for _ in range(count)]


@dataclass(frozen=True)
class Row:
    """One line of the table: seconds per call of the compiled core and of the reference (None: not timed)."""

    operation: str
    core: float | None
    reference: float | None
    #: OpenSpiel's time for the same problem, where it has one and is installed
    openspiel: float | None = None


def _time(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    if seconds < 1e-6:
        return f"{seconds * 1e9:.0f} ns"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.2f} µs"
    return f"{seconds * 1e3:.2f} ms"


def format_table(rows: Iterable[Row]) -> str:
    """The comparison as a text table: per-call times and the reference-to-core ratio."""
    rows = list(rows)
    spiel = any(row.openspiel for row in rows)
    head = f"{'operation':42} {'core':>12} {'reference':>12} {'ratio':>10}"
    lines = [head + (f" {'openspiel':>12} {'ratio':>10}" if spiel else "")]
    for row in rows:
        line = f"{row.operation:42} {_time(row.core):>12} {_time(row.reference):>12} {_ratio(row.reference, row.core):>10}"
        if spiel:
            line += f" {_time(row.openspiel):>12} {_ratio(row.openspiel, row.core):>10}"
        lines.append(line.rstrip())
    return "\n".join(lines)


def _ratio(slow: float | None, core: float | None) -> str:
    return f"{slow / core:9.0f}x" if slow and core else ""


def _per_call(func: Callable[..., object], inputs: Sequence[tuple[Any, ...]], min_seconds: float) -> float:
    calls, started = 0, time.perf_counter()
    while True:
        for args in inputs:
            func(*args)
        calls += len(inputs)
        elapsed = time.perf_counter() - started
        if elapsed >= min_seconds:
            return elapsed / calls


def measure(count: int, *, min_seconds: float = 0.2, reference_calls: int = 20) -> list[Row]:
    """Every operation on ``count`` hands of each kind: the core on all of them, the reference on the first
    ``reference_calls`` (it is ~1,000x slower), after checking the two agree on those; a ``ValueError`` for a
    count below 1, an ``AssertionError`` naming the first disagreement."""
    if count < 1:
        raise ValueError(f"the number of hands must be at least 1, not {count}")
    rows = []
    for operation in OPERATIONS:
        core, reference = operation.implementations()
        for kind in KINDS:
            inputs = make_inputs(operation, kind, count)
            sample = inputs[:reference_calls]
            for args in sample:
                if not operation.same(core(*args), reference(*args)):
                    raise AssertionError(f"{operation.function} disagrees with the reference on {args}")
            rows.append(Row(f"{operation.group}/{kind}", _per_call(core, inputs, min_seconds),
                            _per_call(reference, sample, min_seconds)))
    spiel = openspiel_min_deadwood()
    if spiel is not None:
        from . import reference as reference_solver, solver

        def core_gin(hand: int) -> int | None:
            return solver.min_points(hand, values=GIN_RUMMY_VALUES)

        def reference_gin(hand: int) -> int | None:
            return reference_solver.min_points(hand, values=GIN_RUMMY_VALUES)

        for kind in KINDS:
            hands = [args[0] for args in make_inputs(OPERATIONS[0], kind, count)]
            for hand in hands[:reference_calls]:
                if not core_gin(hand) == reference_gin(hand) == spiel(card_indices(hand)):
                    raise AssertionError(f"min_points with gin rummy's values disagrees with OpenSpiel on {hand}")
            inputs = [(hand,) for hand in hands]
            rows.append(Row(f"min_points (gin values)/{kind}", _per_call(core_gin, inputs, min_seconds),
                            _per_call(reference_gin, inputs[:reference_calls], min_seconds),
                            _per_call(spiel, [(card_indices(hand),) for hand in hands], min_seconds)))
    return rows


def print_measurement(count: int, out: TextIO) -> None:
    """``phom bench``: :func:`measure` printed as :func:`format_table`."""
    print(format_table(measure(count)), file=out)
