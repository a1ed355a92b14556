"""Duplicate evaluation of one bot against a panel of opponent styles, measured the way the papers do.

For every opponent style X of the panel, the challenger plays 1-vs-3 against three copies of X. Every
deal is played in every seat rotation (the challenger in each seat once, the cards the same), over
several seeds (each seed an independent block of deals). Per opponent:

- **mean net** stakes a game of the challenger, with a 95 % interval clustered by deal: the four games
  of a deal share its cards, so the unit of the variance is the deal's sum (normal approximation over
  all deals of all seeds), and the mean of each seed is shown beside it;
- the **verdict follows the money**: a two-sided test that the mean of the per-deal sums is 0, with
  **Holm's correction** across the opponents of the panel; the **exact sign test** on the same sums
  (deals won against deals lost, ties dropped) stays a column (``phom.matchups`` holds the statistics,
  shared with the Tiến lên arena);
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

from collections.abc import Sequence
from concurrent.futures import Executor

from .bots import Bot, make_bot
from .external import DEFAULT_MOVE_SECONDS
from .hooks import close_bots
from .matchups import ArenaReport, Matchup, check_match, holm, holm_rows, matchup, mean_test, sign_test
from .rules import Rules
from .simulation import GameSummary, simulate

__all__ = ["ArenaReport", "Matchup", "duplicate", "holm", "matchup_of", "mean_test", "sign_test"]


def _bot(spec: str | Bot, seed: int, move_seconds: float = DEFAULT_MOVE_SECONDS) -> tuple[str, Bot]:
    if isinstance(spec, str):
        return spec, make_bot(spec, seed=seed, move_seconds=move_seconds)
    return str(getattr(spec, "name", type(spec).__name__)), spec


def matchup_of(opponent: str, per_seed: list[list[GameSummary]], players: int) -> Matchup:
    """The statistics of one opponent from the challenger's games (bot 0 of every summary), each seed's
    summaries in game order, ``players`` rotations per deal (Holm's p's are filled in by ``duplicate``)."""
    sums = [[sum(g.net[0] for g in summaries[d:d + players]) for d in range(0, len(summaries), players)]
            for summaries in per_seed]
    games = [g for summaries in per_seed for g in summaries]
    decisions = sum(g.decisions[0] for g in games)
    spent = sum(g.decision_ns[0] for g in games)
    n = len(games)
    rates = {"ù": sum(g.u[0] for g in games) / n, "móm": sum(g.mom[0] for g in games) / n,
             "đền": sum(g.den[0] for g in games) / n}
    return matchup(opponent, sums, players, ms_per_decision=spent / decisions / 1e6 if decisions else 0.0,
                   finish=rates, u_rate=rates["ù"], mom_rate=rates["móm"], den_rate=rates["đền"],
                   chot_paid=sum(g.chot_paid[0] for g in games) / n, chot_eaten=sum(g.chot_eaten[0] for g in games) / n)


def duplicate(challenger: str | Bot, panel: Sequence[str | Bot], *, deals: int = 250, seeds: Sequence[int] = (1, 2),
              rules: Rules | None = None, executor: Executor | None = None, progress: bool = False,
              move_seconds: float = DEFAULT_MOVE_SECONDS) -> ArenaReport:
    """The challenger against each panel style, every deal in every seat rotation, over ``seeds``.

    Bots are given by name (``make_bot``; ``cmd:`` ones are allowed ``move_seconds`` an answer) or as
    objects; games run through ``simulate`` (any executor, Dask's included) on the Python referee, so
    every decision of the challenger is timed. Bots made from names are closed before it returns.
    """
    rules = rules if rules is not None else Rules()
    check_match(deals, seeds, panel)
    n = rules.players
    name, bot = _bot(challenger, 0, move_seconds)
    rows = []
    try:
        for spec in panel:
            opponent_name = spec if isinstance(spec, str) else _bot(spec, 0)[0]
            per_seed = []
            for seed in seeds:
                opponents = [_bot(spec, seed * 10 + s, move_seconds)[1] for s in range(1, n)]
                try:
                    stats = simulate([bot, *opponents], deals * n, rules=rules, seed=seed, rotate=True, core=False,
                                     keep_summaries=True, executor=executor, progress=progress)
                finally:
                    if isinstance(spec, str):
                        close_bots(opponents)
                per_seed.append(list(stats.summaries))
            rows.append(matchup_of(opponent_name, per_seed, n))
    finally:
        if isinstance(challenger, str):
            close_bots([bot])
    return ArenaReport(name, tuple(seeds), deals, n, holm_rows(rows), "phom")
