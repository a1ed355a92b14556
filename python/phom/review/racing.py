"""The review's evaluator, for any game: candidates raced over common random numbers, then the chosen
best checked again on fresh worlds.

A *position* is one seat's information at one point of a game. ``sample(count, seed)`` draws worlds
consistent with it and ``values(worlds, candidates)`` plays every candidate out on every world (the
same worlds for each, deterministic greedy playouts, so two candidates differ only by what they do):
an array of the seat's money, one row per world, one column per candidate.

``race`` is successive elimination: rounds of worlds, after each round every candidate whose paired
difference from the leader is below zero by more than ``Z_ELIMINATE`` standard errors drops out, so
the playouts go where the decision is close; the played candidate is always kept. The leader is then
checked on fresh worlds against the played one (the maximum of noisy means is biased upward; fresh
worlds are not), in batches until the loss's 95 % interval is within ``target`` or ``max_batches``
batches are spent.

Values are kept as whole multiples of ``1 / QUANTUM`` stakes (``quantize``), so sums and differences of
them are exact in binary floating point: a ledger built from them adds up to the last digit.

>>> import numpy as np
>>> def sample(count, seed):
...     return np.random.default_rng(seed).normal(size=(count, 1))
>>> def values(worlds, candidates):
...     return np.hstack([worlds + c for c in candidates])
>>> outcome = race(sample, values, [0.0, -1.0, 0.5], played=1, seed=3)
>>> outcome.best, outcome.played, round(outcome.loss, 2)
(2, 1, 1.5)
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

__all__ = ["QUANTUM", "Z_ELIMINATE", "Outcome", "Settings", "quantize", "race", "stage_seed", "value_of"]

#: Values are whole multiples of 1/QUANTUM stakes (exact in binary floating point).
QUANTUM = 4096
#: Standard errors by which a candidate must trail the leader to be dropped from the race.
Z_ELIMINATE = 2.0
#: The normal quantile of a two-sided 95 % interval.
Z_95 = 1.959963984540054

Worlds = TypeVar("Worlds")


@dataclass(frozen=True)
class Settings:
    """How hard the evaluator looks: ``worlds`` per fresh batch (a forced point's value too), the race
    in ``rounds`` rounds of ``worlds // rounds`` worlds, at most ``max_batches`` fresh batches, until
    the loss's 95 % half-width is at most ``target`` stakes."""

    worlds: int = 128
    rounds: int = 4
    max_batches: int = 8
    target: float = 0.1

    def __post_init__(self) -> None:
        for name in ("worlds", "rounds", "max_batches"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} {value!r} must be a whole number ≥ 1")
        if self.worlds < self.rounds or self.worlds > 65536:
            raise ValueError(f"worlds {self.worlds!r} must be from {self.rounds} to 65536")
        if isinstance(self.target, bool) or not isinstance(self.target, (int, float)) or not self.target > 0:
            raise ValueError(f"target {self.target!r} must be a number of stakes above 0")


@dataclass(frozen=True)
class Outcome:
    """One decision's evaluation: ``means`` and ``stderrs`` of every candidate in the race (paired
    rounds), ``best`` and ``played`` (indices), the fresh worlds' ``before`` (the best's value) and
    ``after`` (the played one's) and ``policy`` (the greedy choice's), quantized, the ``loss``
    (before − after ≥ 0) with its 95 % interval
    ``loss_ci``, and the playouts spent."""

    means: tuple[float, ...]
    stderrs: tuple[float, ...]
    best: int
    played: int
    before: float
    after: float
    policy: float
    loss: float
    loss_ci: tuple[float, float]
    playouts: int


def quantize(value: float) -> float:
    """``value`` rounded to the nearest multiple of 1/QUANTUM.

    >>> quantize(0.1) * QUANTUM
    410.0
    """
    return round(float(value) * QUANTUM) / QUANTUM


def stage_seed(*parts: object) -> int:
    """A 63-bit seed from the parts (the review's seed, the seat, the position, the stage, the
    round): the same parts give the same worlds, whatever else the review did before.

    >>> stage_seed(0, 1, "race", 2) == stage_seed(0, 1, "race", 2) != stage_seed(0, 1, "race", 3)
    True
    """
    digest = hashlib.sha256(repr(parts).encode()).digest()
    return int.from_bytes(digest[:8], "little") >> 1


def value_of(sample: Callable[[int, int], Worlds],
             values: Callable[[Worlds, Sequence[Any]], npt.NDArray[np.float64]], candidate: Any, *, worlds: int,
             seed: int) -> tuple[float, int]:
    """The quantized mean money of one candidate (a forced move, or no move) over ``worlds`` sampled
    worlds, and the playouts spent."""
    won = values(sample(worlds, seed), [candidate])
    return quantize(float(won[:, 0].mean())) if len(won) else 0.0, len(won)


def race(sample: Callable[[int, int], Worlds],
         values: Callable[[Worlds, Sequence[Any]], npt.NDArray[np.float64]], candidates: Sequence[Any],
         played: int, *, seed: int, settings: Settings | None = None, policy: int | None = None) -> Outcome:
    """Successive elimination over common random numbers, then the best checked on fresh worlds
    (see the module docstring). ``candidates[played]`` is the choice that was made;
    ``candidates[policy]`` (default: the played one) the playout policy's own, valued on the same
    fresh worlds."""
    settings = settings if settings is not None else Settings()
    k = len(candidates)
    policy = played if policy is None else policy
    if not 0 <= played < k or not 0 <= policy < k:
        raise ValueError(f"played {played!r} and policy {policy!r} must be indices of the {k} candidates")
    alive = list(range(k))
    columns: list[list[npt.NDArray[np.float64]]] = [[] for _ in range(k)]
    spent = 0
    per_round = settings.worlds // settings.rounds
    for r in range(settings.rounds if k > 1 else 0):
        won = values(sample(per_round, stage_seed(seed, "race", r)), [candidates[i] for i in alive])
        spent += won.size
        for j, i in enumerate(alive):
            columns[i].append(won[:, j])
        means = {i: float(np.concatenate(columns[i]).mean()) for i in alive}
        leader = max(alive, key=lambda i: (means[i], i == played, -i))
        lead = np.concatenate(columns[leader])
        keep = []
        for i in alive:
            if i in (leader, played):
                keep.append(i)
                continue
            gap = lead - np.concatenate(columns[i])
            spread = gap.std(ddof=1) / np.sqrt(len(gap)) if len(gap) > 1 else np.inf
            if gap.mean() - Z_ELIMINATE * spread <= 0:
                keep.append(i)
        alive = keep
        if len(alive) == 1 or (len(alive) == 2 and leader != played
                               and np.array_equal(lead, np.concatenate(columns[played]))):
            break                       # one left, or the leader and the played one agree on every world
    stats = []
    for i in range(k):
        data = np.concatenate(columns[i]) if columns[i] else np.zeros(0)
        mean = float(data.mean()) if len(data) else 0.0
        stderr = float(data.std(ddof=1) / np.sqrt(len(data))) if len(data) > 1 else 0.0
        stats.append((mean, stderr, len(data)))
    pool = alive if k > 1 else [played]
    best = max(pool, key=lambda i: (stats[i][0], i == played, -i))
    # the fresh check: the best of the race against the played choice, on worlds the race never saw
    pair = list(dict.fromkeys([best, played, policy]))
    fresh: list[npt.NDArray[np.float64]] = []
    for b in range(settings.max_batches):
        won = values(sample(settings.worlds, stage_seed(seed, "fresh", b)), [candidates[i] for i in pair])
        spent += won.size
        fresh.append(won)
        if best == played:
            break
        gap = np.concatenate(fresh)[:, 0] - np.concatenate(fresh)[:, 1]
        if len(gap) > 1 and Z_95 * gap.std(ddof=1) / np.sqrt(len(gap)) <= settings.target:
            break
    won = np.concatenate(fresh)
    column = {i: j for j, i in enumerate(pair)}
    means = {i: quantize(float(won[:, j].mean())) for i, j in column.items()}
    race_means = tuple(s[0] for s in stats)
    race_errors = tuple(s[1] for s in stats)
    after = means[played]
    best = max(pair, key=lambda i: (means[i], i == played))     # on fresh worlds; ties to the played one
    if best == played:
        return Outcome(race_means, race_errors, played, played, after, after, means[policy], 0.0, (0.0, 0.0),
                       spent)
    gap = won[:, column[best]] - won[:, column[played]]
    half = Z_95 * float(gap.std(ddof=1)) / float(np.sqrt(len(gap))) if len(gap) > 1 else float("inf")
    loss = means[best] - after
    return Outcome(race_means, race_errors, best, played, means[best], after, means[policy], loss,
                   (max(0.0, loss - half), loss + half), spent)
