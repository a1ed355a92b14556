"""Many Tiến lên games between bots, seat-rotated on the same deals, summarised per bot: the shared
simulation (``phom.simulation.simulate``, over the game protocol) with Tiến lên's deals and seeds, and
Tiến lên's part of it, its games whole in the compiled core.

Tables of random and greedy bots only are played in the compiled core (``TienLenVectorGame``);
greedy games there are the referee's games exactly, random ones draw from each game's own generator.
Any ``concurrent.futures`` executor (processes, a Dask cluster's) gives the same statistics as none:
game ``i`` is dealt, rotated and seeded from ``(seed, i)`` alone.

>>> from phom.tienlen.bots import GreedyTienLenBot, RandomTienLenBot
>>> stats = simulate([GreedyTienLenBot(), RandomTienLenBot(), RandomTienLenBot(), RandomTienLenBot()], 8, seed=1)
>>> stats.games, round(sum(stats.mean_net), 9), stats.engine
(8, 0.0, 'phom._tienlen')
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from .. import simulation
from ..simulation import GameSummary, games_said, seat_labels
from .bots import GreedyTienLenBot, RandomTienLenBot
from .game import TienLenGame
from .rules import TienLenRules
from .vector import TienLenVectorGame

__all__ = ["TienLenStats", "bot_seed", "core_policies", "game_seed", "play_in_core", "simulate"]


@dataclass(frozen=True)
class TienLenStats:
    """Per bot (index into the bots given): games, wins (nhất), mean net stakes, its 95 % interval;
    ``engine``: what played the games (``phom._tienlen``, or the Python referee)."""

    names: tuple[str, ...]
    games: int
    wins: tuple[int, ...]
    mean_net: tuple[float, ...]
    ci95: tuple[float, ...]
    seconds: float
    engine: str = simulation.REFEREE

    def table(self) -> str:
        """A plain-text summary table, a row a seat (``seat 1: greedy``, counted from 1), and what played."""
        labels = seat_labels(self.names)
        width = max(12, *(len(label) + 2 for label in labels))
        lines = [f"{'bot':<{width}}{'nhất %':>8}{'mean net':>11}{'± 95%':>8}"]
        for i, label in enumerate(labels):
            lines.append(f"{label:<{width}}{100 * self.wins[i] / self.games:>8.1f}{self.mean_net[i]:>11.3f}"
                         f"{self.ci95[i]:>8.3f}")
        lines.append(f"{games_said(self.games)} in {self.seconds:.2f} s")
        lines.append(f"engine: {self.engine}")
        return "\n".join(lines)


def game_seed(seed: int, deal: int) -> int:
    """Tiến lên's seed of deal ``deal`` of the block ``seed`` (its simulation's and its arena's deals).

    >>> game_seed(1, 2)
    1000005
    """
    return seed * 1_000_003 + deal


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for game ``index`` of the block ``seed`` (and of the core's game)."""
    return seed * 1_000_003 + index * 17 + seat


def core_policies(bots: Sequence[Any]) -> list[str] | None:
    """The core policy of each bot when every one is a random or greedy bot, else None."""
    kinds = {RandomTienLenBot: "random", GreedyTienLenBot: "greedy"}
    names = [kinds.get(type(bot)) for bot in bots]
    return None if None in names else [name for name in names if name is not None]


def play_in_core(policies: Sequence[str], rules: TienLenRules, seed: int, indices: Sequence[int],
                 rotate: bool = True) -> list[GameSummary]:
    """The games ``indices`` of a simulation, dealt as the referee deals them, played in
    ``TienLenVectorGame``s (one per seat rotation); game i's generator is seeded from (seed, i), so
    results do not depend on how games are split. Their actions are not counted (0)."""
    n = rules.players
    found: dict[int, GameSummary] = {}
    for rotation in range(n):
        chosen = [(i, i // n if rotate else i) for i in indices if (i % n if rotate else 0) == rotation]
        if not chosen:
            continue
        deals = [[h.mask for h in TienLenGame(rules, seed=game_seed(seed, deal)).deal] for _, deal in chosen]
        vector = TienLenVectorGame.from_deals(rules, deals, seeds=[bot_seed(seed, i, 0) for i, _ in chosen])
        vector.playout([policies[(q + rotation) % n] for q in range(n)])
        net = vector.net.tolist()
        seat_of = [(b - rotation) % n for b in range(n)]
        for k, (i, _) in enumerate(chosen):
            winner = vector.export(k)["places"][0]
            found[i] = GameSummary(net=tuple(int(net[k][q]) for q in seat_of), won=tuple(winner == q for q in seat_of))
    return [found[i] for i in indices]


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
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= 256:
        raise ValueError(f"jobs {jobs!r} must be a whole number from 1 to 256")
    rules = rules if rules is not None else TienLenRules()

    def run(pool: Executor | None) -> simulation.Stats:
        return simulation.simulate(bots, games, rules=rules, seed=seed, executor=pool, rotate=True, chunk=8,
                                   game="tienlen")

    if executor is None and jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            stats = run(pool)
    else:
        stats = run(executor)
    return TienLenStats(stats.names, stats.games, stats.wins, stats.mean_net, stats.ci95, stats.seconds,
                        stats.engine)
