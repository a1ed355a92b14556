"""Many Tiến lên games between bots, seat-rotated on the same deals, summarised per bot.

Tables of random and greedy bots only are played in the compiled core (``TienLenVectorGame``);
greedy games there are the referee's games exactly, random ones draw from each game's own generator.
Any ``concurrent.futures`` executor (processes, a Dask cluster's) gives the same statistics as none:
game ``i`` is dealt, rotated and seeded from ``(seed, i)`` alone.

>>> from phom.tienlen.bots import GreedyTienLenBot, RandomTienLenBot
>>> stats = simulate([GreedyTienLenBot(), RandomTienLenBot(), RandomTienLenBot(), RandomTienLenBot()], 8, seed=1)
>>> stats.games, round(sum(stats.mean_net), 9)
(8, 0.0)
"""

from __future__ import annotations

import copy
import functools
import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from ..hooks import announce_end, announce_start
from ..simulation import games_said, seat_labels
from .bots import GreedyTienLenBot, RandomTienLenBot
from .game import TienLenGame
from .rules import TienLenRules
from .vector import TienLenVectorGame

__all__ = ["TienLenStats", "core_policies", "simulate"]

Sums = tuple[list[int], list[int], list[int]]


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
        """A plain-text summary table, a row a seat (``seat 1: greedy``, counted from 1)."""
        labels = seat_labels(self.names)
        width = max(12, *(len(label) + 2 for label in labels))
        lines = [f"{'bot':<{width}}{'nhất %':>8}{'mean net':>11}{'± 95%':>8}"]
        for i, label in enumerate(labels):
            lines.append(f"{label:<{width}}{100 * self.wins[i] / self.games:>8.1f}{self.mean_net[i]:>11.3f}"
                         f"{self.ci95[i]:>8.3f}")
        lines.append(f"{games_said(self.games)} in {self.seconds:.2f} s")
        return "\n".join(lines)


def _game_seed(seed: int, deal: int) -> int:
    return seed * 1_000_003 + deal


def _tally(n: int, rotation_nets: Sequence[tuple[int, Sequence[int], int]]) -> Sums:
    """Sums, sums of squares and wins per bot from (rotation, net per seat, winner seat) of games."""
    sums, squares, wins = [0] * n, [0] * n, [0] * n
    for rotation, net, winner in rotation_nets:
        for q in range(n):
            b = (q + rotation) % n
            sums[b] += net[q]
            squares[b] += net[q] ** 2
            wins[b] += winner == q
    return sums, squares, wins


def _play(bots: Sequence[Any], rules: TienLenRules, seed: int, indices: Sequence[int]) -> Sums:
    """Sums, sums of squares and wins per bot over the games ``indices``, on the Python referee."""
    n = rules.players
    games: list[tuple[int, Sequence[int], int]] = []
    for index in indices:
        deal, rotation = divmod(index, n)
        seated = [copy.deepcopy(bots[(q + rotation) % n]) for q in range(n)]
        for q, bot in enumerate(seated):
            reseed = getattr(bot, "reseed", None)
            if reseed is not None:
                reseed(seed * 1_000_003 + index * 17 + q)
        game = TienLenGame(rules, seed=_game_seed(seed, deal))
        announce_start(seated, game, index + 1)
        while not game.is_over:
            p = game.to_move
            assert p is not None
            game.apply(seated[p].act(game.view(p)))
        announce_end(seated, game)
        result = game.result
        assert result is not None
        games.append((rotation, result.net, result.winner))
    return _tally(n, games)


def core_policies(bots: Sequence[Any]) -> list[str] | None:
    """The core policy of each bot when every one is a random or greedy bot, else None."""
    kinds = {RandomTienLenBot: "random", GreedyTienLenBot: "greedy"}
    names = [kinds.get(type(bot)) for bot in bots]
    return None if None in names else [name for name in names if name is not None]


def _play_in_core(policies: Sequence[str], rules: TienLenRules, seed: int, indices: Sequence[int]) -> Sums:
    """As ``_play`` for core policies, in ``TienLenVectorGame``s (one per seat rotation); game i's
    generator is seeded from (seed, i), so results do not depend on how games are split."""
    n = rules.players
    games: list[tuple[int, Sequence[int], int]] = []
    for rotation in range(n):
        chosen = [i for i in indices if i % n == rotation]
        if not chosen:
            continue
        deals = [[h.mask for h in TienLenGame(rules, seed=_game_seed(seed, i // n)).deal] for i in chosen]
        vector = TienLenVectorGame.from_deals(rules, deals, seeds=[seed * 1_000_003 + i * 17 for i in chosen])
        vector.playout([policies[(q + rotation) % n] for q in range(n)])
        net = vector.net.tolist()
        winners = [vector.export(k)["places"][0] for k in range(len(chosen))]
        games.extend((rotation, net[k], winners[k]) for k in range(len(chosen)))
    return _tally(n, games)


def simulate(bots: Sequence[Any], games: int, *, rules: TienLenRules | None = None, seed: int = 0,
             jobs: int = 1, executor: Executor | None = None) -> TienLenStats:
    """Play ``games`` first games of a match (the 3♠ holder leads), each deal once per seat rotation
    (deal ``i // N``, rotation ``i % N``); bots are copied and reseeded per game, so ``jobs`` worker
    processes, or any ``executor`` (a Dask cluster's), give the same statistics as one. Tables of
    random and greedy bots play in the core.

    >>> from phom.tienlen.bots import GreedyTienLenBot
    >>> simulate([GreedyTienLenBot()] * 4, 40, seed=2).mean_net
    (0.0, 0.0, 0.0, 0.0)
    """
    rules = rules if rules is not None else TienLenRules()
    n = rules.players
    if len(bots) != n:
        raise ValueError(f"bots has {len(bots)} entries; the rules seat {n} players")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games {games!r} must be a whole number ≥ 1")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= 256:
        raise ValueError(f"jobs {jobs!r} must be a whole number from 1 to 256")
    started = time.perf_counter()
    policies = core_policies(bots)
    work: Callable[[Sequence[int]], Sums]
    if policies is not None:
        work = functools.partial(_play_in_core, policies, rules, seed)
        size = 2048
    else:
        work = functools.partial(_play, bots, rules, seed)
        size = 8
    chunks = [list(range(start, min(start + size, games))) for start in range(0, games, size)]
    if executor is not None:
        parts = [future.result() for future in [executor.submit(work, chunk) for chunk in chunks]]
    elif jobs == 1:
        parts = [work(chunk) for chunk in chunks]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(work, chunks))
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
