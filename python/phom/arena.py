"""Duplicate evaluation of one bot against a panel of opponent styles, measured the way the papers do.

For every opponent style X of the panel, the challenger plays 1-vs-3 against three copies of X. Every
deal is played in every seat rotation (the challenger in each seat once, the cards the same), over
several seeds (each seed an independent block of deals). Per opponent:

- **mean net** stakes a game of the challenger, with a 95 % interval clustered by deal: the four games
  of a deal share its cards, so the unit of the variance is the deal's sum (normal approximation over
  all deals of all seeds), and the mean of each seed is shown beside it;
- an **exact sign test** on the per-deal sums (deals the challenger won in sum against deals it lost;
  ties dropped), two-sided, and **Holm's correction** across the opponents of the panel;
- **ms per decision** of the challenger, and its **finish mix**: ù, móm, đền paid, chốt paid, chốt eaten
  (rates per game; chốt as counts per game).

>>> report = duplicate("greedy", ["random"], deals=6, seeds=(1,))
>>> row = report.rows[0]
>>> row.opponent, row.games, row.deals, row.mean_net > 0
('random', 24, 6, True)
>>> sign_test(8, 2)
0.109375
>>> holm([0.01, 0.04, 0.03])
[0.03, 0.06, 0.06]
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import asdict, dataclass
from typing import Any

from .bots import Bot, make_bot
from .rules import Rules
from .simulation import GameSummary, simulate

__all__ = ["ArenaReport", "Matchup", "duplicate", "holm", "matchup_of", "sign_test"]


def sign_test(wins: int, losses: int) -> float:
    """The exact two-sided sign test: the probability of a split at least this uneven under a fair coin."""
    n = wins + losses
    if n == 0:
        return 1.0
    k = min(wins, losses)
    tail = sum(math.comb(n, i) for i in range(k + 1))
    return min(1.0, float(2 * tail / 2**n))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


@dataclass(frozen=True)
class Matchup:
    """The challenger against three copies of one opponent style."""

    opponent: str
    deals: int
    games: int
    mean_net: float
    ci95: float
    seed_means: tuple[float, ...]
    deals_won: int
    deals_lost: int
    deals_tied: int
    p_value: float
    p_holm: float
    ms_per_decision: float
    u_rate: float
    mom_rate: float
    den_rate: float
    chot_paid: float
    chot_eaten: float

    @property
    def verdict(self) -> str:
        if self.p_holm >= 0.05:
            return "no difference shown"
        return "ahead" if self.mean_net > 0 else "behind"


@dataclass(frozen=True)
class ArenaReport:
    """Every matchup of one challenger against a panel."""

    challenger: str
    seeds: tuple[int, ...]
    deals_per_seed: int
    players: int
    rows: tuple[Matchup, ...]

    def table(self) -> str:
        """A Markdown table, one row per opponent."""
        head = (f"| {self.challenger} vs 3 × | mean net ± 95 % | per seed | deals won–lost | sign p (Holm) | "
                "ms/decision | ù % | móm % | đền % | chốt paid / eaten per game | verdict |\n"
                "|---|---|---|---|---|---|---|---|---|---|---|")
        lines = [head]
        for r in self.rows:
            seeds = " / ".join(f"{m:+.2f}" for m in r.seed_means)
            lines.append(f"| {r.opponent} | **{r.mean_net:+.3f} ± {r.ci95:.3f}** | {seeds} | {r.deals_won}–{r.deals_lost} "
                         f"| {_p(r.p_value)} ({_p(r.p_holm)}) | {r.ms_per_decision:.3f} | {100 * r.u_rate:.1f} "
                         f"| {100 * r.mom_rate:.1f} | {100 * r.den_rate:.1f} | {r.chot_paid:.3f} / {r.chot_eaten:.3f} "
                         f"| {r.verdict} |")
        games = sum(r.games for r in self.rows)
        lines.append(f"\n{len(self.rows)} opponents × {len(self.seeds)} seeds × {self.deals_per_seed} deals × "
                     f"{self.players} seat rotations = {games} games.")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {"challenger": self.challenger, "seeds": list(self.seeds), "deals_per_seed": self.deals_per_seed,
                "players": self.players,
                "rows": [{**asdict(r), "seed_means": list(r.seed_means), "verdict": r.verdict} for r in self.rows]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict())


def _p(value: float) -> str:
    return f"{value:.2g}" if value >= 1e-4 else f"{value:.0e}"


def _bot(spec: str | Bot, seed: int) -> tuple[str, Bot]:
    if isinstance(spec, str):
        return spec, make_bot(spec, seed=seed)
    return str(getattr(spec, "name", type(spec).__name__)), spec


def matchup_of(opponent: str, per_seed: list[list[GameSummary]], players: int) -> Matchup:
    """The statistics of one opponent from the challenger's games (bot 0 of every summary), each seed's
    summaries in game order, ``players`` rotations per deal (Holm's p is filled in by ``duplicate``)."""
    sums = []                      # the challenger's net summed over each deal's rotations
    seed_means = []
    for summaries in per_seed:
        deal_sums = [sum(g.net[0] for g in summaries[d:d + players]) for d in range(0, len(summaries), players)]
        sums.extend(deal_sums)
        seed_means.append(sum(deal_sums) / (players * len(deal_sums)))
    games = [g for summaries in per_seed for g in summaries]
    per_game = [s / players for s in sums]
    mean = statistics.fmean(per_game)
    ci = 1.96 * statistics.stdev(per_game) / math.sqrt(len(per_game)) if len(per_game) > 1 else math.inf
    won, lost = sum(s > 0 for s in sums), sum(s < 0 for s in sums)
    decisions = sum(g.decisions[0] for g in games)
    spent = sum(g.decision_ns[0] for g in games)
    n = len(games)
    return Matchup(opponent=opponent, deals=len(sums), games=n, mean_net=mean, ci95=ci, seed_means=tuple(seed_means),
                   deals_won=won, deals_lost=lost, deals_tied=len(sums) - won - lost, p_value=sign_test(won, lost),
                   p_holm=1.0, ms_per_decision=spent / decisions / 1e6 if decisions else 0.0,
                   u_rate=sum(g.u[0] for g in games) / n, mom_rate=sum(g.mom[0] for g in games) / n,
                   den_rate=sum(g.den[0] for g in games) / n, chot_paid=sum(g.chot_paid[0] for g in games) / n,
                   chot_eaten=sum(g.chot_eaten[0] for g in games) / n)


def duplicate(challenger: str | Bot, panel: Sequence[str | Bot], *, deals: int = 250, seeds: Sequence[int] = (1, 2),
              rules: Rules | None = None, executor: Executor | None = None, progress: bool = False) -> ArenaReport:
    """The challenger against each panel style, every deal in every seat rotation, over ``seeds``.

    Bots are given by name (``make_bot``) or as objects; games run through ``simulate`` (any executor,
    Dask's included) on the Python referee, so every decision of the challenger is timed.
    """
    rules = rules if rules is not None else Rules()
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ValueError(f"deals {deals!r} must be a whole number ≥ 1")
    if not seeds or len(set(seeds)) != len(seeds):
        raise ValueError("seeds must be distinct, at least one")
    if not panel:
        raise ValueError("the panel needs at least one opponent")
    n = rules.players
    name, bot = _bot(challenger, 0)
    rows = []
    for spec in panel:
        opponent_name, _ = _bot(spec, 0)
        per_seed = []
        for seed in seeds:
            opponents = [_bot(spec, seed * 10 + s)[1] for s in range(1, n)]
            stats = simulate([bot, *opponents], deals * n, rules=rules, seed=seed, rotate=True, core=False,
                             keep_summaries=True, executor=executor, progress=progress)
            per_seed.append(list(stats.summaries))
        rows.append(matchup_of(opponent_name, per_seed, n))
    adjusted = holm([r.p_value for r in rows])
    rows = [Matchup(**{**asdict(r), "seed_means": r.seed_means, "p_holm": p}) for r, p in zip(rows, adjusted)]
    return ArenaReport(name, tuple(seeds), deals, n, tuple(rows))
