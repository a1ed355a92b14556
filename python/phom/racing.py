"""Racing a bot's candidates over common random numbers: successive elimination with an early stop.

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

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = ["RaceResult", "check_race_options", "race"]


@dataclass(frozen=True)
class RaceResult:
    """The race's ``best`` candidate (index), each candidate's ``means`` over the worlds it played and
    ``worlds`` (how many; 0 and a mean of 0 for all when no world could be drawn), the candidates still
    ``alive`` at the end, the ``rounds`` played and the games ``spent`` (worlds × candidates played
    on them)."""

    best: int
    means: tuple[float, ...]
    worlds: tuple[int, ...]
    alive: tuple[int, ...]
    rounds: int
    spent: int


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
         z: float = 2.0, flat: float = 0.05, min_rounds: int = 2,
         preference: Sequence[int] | None = None) -> RaceResult:
    """Successive elimination of ``candidates`` candidates over at most ``rounds`` rounds (see the
    module docstring). ``preference[i]``: candidate i's rank among ties (default: its index)."""
    if candidates < 1 or rounds < 1 or min_rounds < 1:
        raise ValueError(f"a race needs candidates ({candidates}), rounds ({rounds}) and min_rounds "
                         f"({min_rounds}) of at least 1")
    if not z >= 0 or not flat >= 0:
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
        keep, close = [leader], True
        for i in alive:
            if i == leader:
                continue
            gap = data[leader] - data[i]
            spread = float(gap.std(ddof=1)) / np.sqrt(len(gap))
            mean = float(gap.mean())
            if mean - z * spread > 0:
                continue                                   # behind beyond doubt: out of the race
            keep.append(i)
            close = close and mean + z * spread <= flat
        alive = sorted(keep)
        if close:
            break                                          # what is left is as good as the leader
    means = tuple(float(np.concatenate(c).mean()) if c else 0.0 for c in columns)
    worlds = tuple(int(sum(len(part) for part in c)) for c in columns)
    best = max(alive, key=lambda i: (means[i], -rank[i]))
    return RaceResult(best, means, worlds, tuple(alive), played, spent)
