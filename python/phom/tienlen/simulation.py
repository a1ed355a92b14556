"""Many Tiến lên games between bots, seat-rotated on the same deals, summarised per bot.

>>> from phom.tienlen.bots import GreedyTienLenBot, RandomTienLenBot
>>> stats = simulate([GreedyTienLenBot(), RandomTienLenBot(), RandomTienLenBot(), RandomTienLenBot()], 8, seed=1)
>>> stats.games, round(sum(stats.mean_net), 9)
(8, 0.0)
"""

from __future__ import annotations

import copy
import math
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from .game import TienLenGame
from .rules import TienLenRules

__all__ = ["TienLenStats", "simulate"]


@dataclass(frozen=True)
class TienLenStats:
    """Per bot (index into the bots given): games, wins (nhất), mean net stakes, its 95 % interval."""

    names: tuple[str, ...]
    games: int
    wins: tuple[int, ...]
    mean_net: tuple[float, ...]
    ci95: tuple[float, ...]
    seconds: float

    def table(self) -> str:
        lines = [f"{'bot':<12}{'nhất %':>8}{'mean net':>11}{'± 95%':>8}"]
        for i, name in enumerate(self.names):
            lines.append(f"{f'{i}:{name}':<12}{100 * self.wins[i] / self.games:>8.1f}{self.mean_net[i]:>11.3f}"
                         f"{self.ci95[i]:>8.3f}")
        lines.append(f"{self.games} games in {self.seconds:.2f} s")
        return "\n".join(lines)


def _play(bots: Sequence[Any], rules: TienLenRules, seed: int, indices: range
          ) -> tuple[list[int], list[int], list[int]]:
    """Sums, sums of squares and wins per bot over the games ``indices``."""
    n = rules.players
    sums, squares, wins = [0] * n, [0] * n, [0] * n
    for index in indices:
        deal, rotation = divmod(index, n)
        seated = [copy.deepcopy(bots[(q + rotation) % n]) for q in range(n)]
        for q, bot in enumerate(seated):
            reseed = getattr(bot, "reseed", None)
            if reseed is not None:
                reseed(seed * 1_000_003 + index * 17 + q)
        game = TienLenGame(rules, seed=seed * 1_000_003 + deal)
        while not game.is_over:
            p = game.to_move
            assert p is not None
            game.apply(seated[p].act(game.view(p)))
        result = game.result
        assert result is not None
        for q in range(n):
            b = (q + rotation) % n
            sums[b] += result.net[q]
            squares[b] += result.net[q] ** 2
            wins[b] += result.winner == q
    return sums, squares, wins


def simulate(bots: Sequence[Any], games: int, *, rules: TienLenRules | None = None, seed: int = 0,
             jobs: int = 1) -> TienLenStats:
    """Play ``games`` first games of a match (the 3♠ holder leads), each deal once per seat rotation
    (deal ``i // N``, rotation ``i % N``); bots are copied and reseeded per game, so ``jobs`` worker
    processes give the same statistics as one."""
    rules = rules if rules is not None else TienLenRules()
    n = rules.players
    if len(bots) != n:
        raise ValueError(f"bots has {len(bots)} entries; the rules seat {n} players")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games {games!r} must be a whole number ≥ 1")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= 256:
        raise ValueError(f"jobs {jobs!r} must be a whole number from 1 to 256")
    started = time.perf_counter()
    if jobs == 1:
        parts = [_play(bots, rules, seed, range(games))]
    else:
        chunks = [range(start, games, jobs) for start in range(jobs)]
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(_play, [bots] * jobs, [rules] * jobs, [seed] * jobs, chunks))
    sums = [sum(part[0][b] for part in parts) for b in range(n)]
    squares = [sum(part[1][b] for part in parts) for b in range(n)]
    wins = [sum(part[2][b] for part in parts) for b in range(n)]
    means, cis = [], []
    for b in range(n):
        mean = sums[b] / games
        var = (games * squares[b] - sums[b] ** 2) / (games * (games - 1)) if games > 1 else 0.0
        means.append(mean)
        cis.append(1.96 * math.sqrt(var / games) if games > 1 else math.inf)
    return TienLenStats(tuple(getattr(b, "name", type(b).__name__) for b in bots), games, tuple(wins),
                        tuple(means), tuple(cis), time.perf_counter() - started)
