"""Phỏm's arena for Tiến lên: the shared duplicate match (``phom.arena``, over the game protocol) with
Tiến lên's rules, bots and finish. The challenger plays 1-vs-(N−1) against copies of each panel style,
every deal in every seat rotation, over several seeds, with the statistics of ``phom.matchups`` (the
mean of the per-deal sums decides, Holm across the panel; the sign test is a column). Each game is a
first game (the holder of the opening card leads); the finish mix is nhất, bét (last), cóng and tới
trắng rates of the challenger. Bots are named as ``make_tienlen_bot`` names them, or given as objects.
Every bot is reseeded before each decision from the seed, the deal, its seat and what it has seen
(``phom.matchups.decision_seed``): a bot against copies of itself nets exactly 0 on every deal. The
deal is the only chance event, and its luck cancels in a deal's sum (every seat plays the deal once),
so ``mean_cv`` is the plain mean here (as in Phỏm's arena now).

>>> report = duplicate("greedy", ["random"], deals=5, seeds=(1,))
>>> row = report.rows[0]
>>> row.opponent, row.games, row.deals, row.mean_net > 0, sorted(row.finish), report.game
('random', 20, 5, True, ['bét', 'cóng', 'nhất', 'tới trắng'], 'tienlen')
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from typing import Any

from .. import arena
from ..external import DEFAULT_MOVE_SECONDS
from ..matchups import ArenaReport
from .rules import TienLenRules

__all__ = ["duplicate", "sequential"]


def duplicate(challenger: Any, panel: Sequence[Any], *, deals: int = 250, seeds: Sequence[int] = (1, 2),
              rules: TienLenRules | None = None, executor: Executor | None = None, chunk: int = 8,
              move_seconds: float = DEFAULT_MOVE_SECONDS, progress: bool = False) -> ArenaReport:
    """The challenger against each panel style, every deal in every seat rotation, over ``seeds``
    (``executor``: any ``concurrent.futures`` executor, Dask's included; the same report as none):
    ``phom.arena.duplicate(..., game="tienlen")``. Bots it makes from names (``cmd:`` ones given
    ``move_seconds`` an answer) are closed before it returns."""
    return arena.duplicate(challenger, panel, deals=deals, seeds=seeds, rules=rules, executor=executor,
                           chunk=chunk, move_seconds=move_seconds, progress=progress, game="tienlen")


def sequential(challenger: Any, panel: Sequence[Any], delta: float, *, seed: int = 1, rules: TienLenRules | None = None,
               max_deals: int = 10_000, move_seconds: float = DEFAULT_MOVE_SECONDS) -> ArenaReport:
    """``phom tienlen arena --sprt DELTA``: deals 0, 1, 2, … of ``seed``, each played by the challenger in
    every seat rotation against copies of every panel style, until ``phom.matchups.sprt`` decides whether
    the challenger is stronger by ``delta`` stakes a game than the panel on average (α = β = 0.05):
    ``phom.arena.sequential(..., game="tienlen")``.

    >>> report = sequential("greedy", ["random"], 0.5, max_deals=64)
    >>> report.sprt.decision, report.rows[0].deals == report.sprt.deals
    ('stronger', True)
    """
    return arena.sequential(challenger, panel, delta, seed=seed, rules=rules, max_deals=max_deals,
                            move_seconds=move_seconds, game="tienlen")
