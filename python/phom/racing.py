"""Racing candidates over common random numbers: successive elimination with an early stop, for the
Monte Carlo bots of both games and the review's evaluator.

A decision by determinized playouts values every candidate on the same sampled worlds. Most of those
playouts are wasted: a discard that loses on world after world need not be played on the next hundred,
and a decision whose candidates end the same on every world (two rác of the same rank, say) is flat
after a few. ``race`` spends the worlds in rounds: after each round (from ``min_rounds`` on) every
candidate whose paired difference from the leader is below zero by more than ``z`` standard errors
drops out, and the race stops early when every candidate left is within ``flat`` stakes of the
leader with that confidence (nothing left to decide), or when one is left, or after ``rounds`` rounds.

``play(round, alive)`` plays the candidates ``alive`` (indices) on one round's fresh worlds and returns
the seat's money, one row per world (or per block of worlds) and one column per alive candidate (no
row: no world could be drawn, and the race ends there). The
winner is the alive candidate with the highest mean over all the rounds it played, ties to the lowest
``preference`` (e.g. the playout policy's own choice first).

>>> import numpy as np
>>> rng = np.random.default_rng(3)
>>> def play(round, alive):
...     noise = rng.normal(size=(16, 1))           # one draw per world: common to the candidates
...     return np.hstack([noise + [0.0, -2.0, 0.1][i] for i in alive])
>>> result = race(play, 3, rounds=8)
>>> result.best, result.rounds < 8, result.spent < 8 * 16 * 3
(2, True, True)
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

__all__ = ["QUANTUM", "Z_ELIMINATE", "Outcome", "RaceResult", "Settings", "check_race_options", "evaluate",
           "quantize", "race", "stage_seed", "value_of"]

#: Values of the review's evaluator are whole multiples of 1/QUANTUM stakes (exact in binary floating point).
QUANTUM = 4096
#: Standard errors by which a candidate must trail the leader to be dropped from the review's race.
Z_ELIMINATE = 2.0
#: The normal quantile of a two-sided 95 % interval.
Z_95 = 1.959963984540054

Worlds = TypeVar("Worlds")


@dataclass(frozen=True)
class RaceResult:
    """The race's ``best`` candidate (index), each candidate's ``means`` over the worlds it played and
    ``worlds`` (how many; 0 and a mean of 0 for all when no world could be drawn), the candidates still
    ``alive`` at the end, the ``rounds`` played and the games ``spent`` (worlds × candidates played
    on them); ``stderrs``: each mean's standard error (0 below two worlds)."""

    best: int
    means: tuple[float, ...]
    worlds: tuple[int, ...]
    alive: tuple[int, ...]
    rounds: int
    spent: int
    stderrs: tuple[float, ...] = ()


def check_race_options(race: object, round_worlds: object, worlds: int, z: object, flat: object) -> None:
    """The racing options a Monte Carlo bot takes, checked: ValueError naming the bad one.

    >>> check_race_options(True, 32, 16, 2.0, 0.05)
    Traceback (most recent call last):
    ...
    ValueError: round_worlds 32 must be a whole number from 1 to worlds (16)
    """
    if not isinstance(race, bool):
        raise ValueError(f"race {race!r} must be True or False")
    if isinstance(round_worlds, bool) or not isinstance(round_worlds, int) or round_worlds < 1 \
            or (race and round_worlds > worlds):
        raise ValueError(f"round_worlds {round_worlds!r} must be a whole number from 1 to worlds ({worlds})")
    for label, number in (("z", z), ("flat", flat)):
        if isinstance(number, bool) or not isinstance(number, (int, float)) or not 0 <= number <= 100:
            raise ValueError(f"{label} {number!r} must be a number from 0 to 100")


def race(play: Callable[[int, list[int]], npt.NDArray[np.float64]], candidates: int, *, rounds: int,
         z: float = 2.0, flat: float | None = 0.05, min_rounds: int = 2,
         preference: Sequence[int] | None = None, keep: Sequence[int] = ()) -> RaceResult:
    """Successive elimination of ``candidates`` candidates over at most ``rounds`` rounds (see the
    module docstring). ``preference[i]``: candidate i's rank among ties (default: its index);
    ``keep``: candidates never dropped (the review's played one); ``flat=None``: no early stop for a
    flat decision."""
    if candidates < 1 or rounds < 1 or min_rounds < 1:
        raise ValueError(f"a race needs candidates ({candidates}), rounds ({rounds}) and min_rounds "
                         f"({min_rounds}) of at least 1")
    if not z >= 0 or (flat is not None and not flat >= 0):
        raise ValueError(f"z ({z}) and flat ({flat}) must be numbers ≥ 0")
    rank = list(preference) if preference is not None else list(range(candidates))
    if sorted(rank) != sorted(set(rank)) or len(rank) != candidates:
        raise ValueError(f"preference {rank!r} must rank each of the {candidates} candidates once")
    alive = list(range(candidates))
    columns: list[list[npt.NDArray[np.float64]]] = [[] for _ in range(candidates)]
    spent = played = 0
    while played < rounds and (played == 0 or len(alive) > 1):
        won = np.asarray(play(played, list(alive)), dtype=np.float64)
        if won.ndim != 2 or won.shape[1] != len(alive):
            raise ValueError(f"play returned shape {won.shape}; expected (worlds, {len(alive)})")
        if not len(won):
            break
        played += 1
        spent += won.size
        for j, i in enumerate(alive):
            columns[i].append(won[:, j])
        if len(alive) == 1 or played < min_rounds:
            continue
        data = {i: np.concatenate(columns[i]) for i in alive}
        leader = max(alive, key=lambda i: (float(data[i].mean()), -rank[i]))
        left, close = [leader], flat is not None
        for i in alive:
            if i == leader:
                continue
            gap = data[leader] - data[i]
            spread = float(gap.std(ddof=1)) / np.sqrt(len(gap)) if len(gap) > 1 else np.inf
            mean = float(gap.mean())
            if mean - z * spread > 0 and i not in keep:
                continue                                   # behind beyond doubt: out of the race
            left.append(i)
            close = close and flat is not None and mean + z * spread <= flat
        alive = sorted(left)
        if close:
            break                                          # what is left is as good as the leader
    pooled = [np.concatenate(c) if c else np.zeros(0) for c in columns]
    means = tuple(float(d.mean()) if len(d) else 0.0 for d in pooled)
    stderrs = tuple(float(d.std(ddof=1) / np.sqrt(len(d))) if len(d) > 1 else 0.0 for d in pooled)
    worlds = tuple(len(d) for d in pooled)
    best = max(alive, key=lambda i: (means[i], -rank[i]))
    return RaceResult(best, means, worlds, tuple(alive), played, spent, stderrs)


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
    (before − after ≥ 0) with its 95 % interval ``loss_ci``, the playouts spent, and every candidate's
    ``values`` (quantized) and ``value_errors`` on the same fresh worlds (NaN for a candidate dropped
    from the race): ``best`` is the highest of them (ties to the played one)."""

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
    values: tuple[float, ...] = ()
    value_errors: tuple[float, ...] = ()


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


def evaluate(sample: Callable[[int, int], Worlds],
             values: Callable[[Worlds, Sequence[Any]], npt.NDArray[np.float64]], candidates: Sequence[Any],
             played: int, *, seed: int, settings: Settings | None = None, policy: int | None = None,
             show: Sequence[int] = ()) -> Outcome:
    """The review's evaluation of one decision: ``race`` over common random numbers (the played one
    kept to the end), then the best checked on fresh worlds (see the module docstring).
    ``candidates[played]`` is the choice that was made; ``candidates[policy]`` (default: the played
    one) the playout policy's own, valued on the same fresh worlds, like the candidates ``show``."""
    settings = settings if settings is not None else Settings()
    k = len(candidates)
    policy = played if policy is None else policy
    if not 0 <= played < k or not 0 <= policy < k:
        raise ValueError(f"played {played!r} and policy {policy!r} must be indices of the {k} candidates")
    per_round = settings.worlds // settings.rounds
    spent = 0
    if k > 1:
        def play(r: int, alive: list[int]) -> npt.NDArray[np.float64]:
            return values(sample(per_round, stage_seed(seed, "race", r)), [candidates[i] for i in alive])
        raced = race(play, k, rounds=settings.rounds, z=Z_ELIMINATE, flat=None, min_rounds=1,
                     preference=[0 if i == played else i + 1 for i in range(k)], keep=(played,))
        race_means, race_errors, best, spent = raced.means, raced.stderrs, raced.best, raced.spent
        left = raced.alive
    else:
        race_means, race_errors, best, left = (0.0,), (0.0,), played, (played,)
    # the fresh check: the candidates left in the race, the played one and the policy's, on worlds the
    # race never saw, in batches until the gap between the race's best and the played one is known
    columns = list(dict.fromkeys([best, played, policy, *left, *show]))
    fresh: list[npt.NDArray[np.float64]] = []
    for b in range(settings.max_batches):
        won = values(sample(settings.worlds, stage_seed(seed, "fresh", b)), [candidates[i] for i in columns])
        spent += won.size
        fresh.append(won)
        if best == played:
            break
        gap = np.concatenate(fresh)[:, 0] - np.concatenate(fresh)[:, 1]
        if len(gap) > 1 and Z_95 * gap.std(ddof=1) / np.sqrt(len(gap)) <= settings.target:
            break
    won = np.concatenate(fresh)
    column = {i: j for j, i in enumerate(columns)}
    means = {i: quantize(float(won[:, j].mean())) for i, j in column.items()}
    errors = {i: float(won[:, j].std(ddof=1) / np.sqrt(len(won))) if len(won) > 1 else 0.0 for i, j in column.items()}
    values_ = tuple(means.get(i, math.nan) for i in range(k))
    stderrs_ = tuple(errors.get(i, math.nan) for i in range(k))
    after = means[played]
    best = max(columns, key=lambda i: (means[i], i == played, -i))    # on fresh worlds; ties to the played one
    if best == played:
        return Outcome(race_means, race_errors, played, played, after, after, means[policy], 0.0, (0.0, 0.0),
                       spent, values_, stderrs_)
    gap = won[:, column[best]] - won[:, column[played]]
    half = Z_95 * float(gap.std(ddof=1)) / float(np.sqrt(len(gap))) if len(gap) > 1 else float("inf")
    loss = means[best] - after
    return Outcome(race_means, race_errors, best, played, means[best], after, means[policy], loss,
                   (max(0.0, loss - half), loss + half), spent, values_, stderrs_)
