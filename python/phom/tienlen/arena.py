"""Phỏm's arena for Tiến lên: the challenger 1-vs-(N−1) against copies of each panel style, every
deal in every seat rotation, over several seeds, with the statistics of ``phom.matchups`` (the mean
of the per-deal sums decides, Holm across the panel; the sign test is a column). Each game is a
first game (the holder of the opening card leads); the finish mix is nhất, bét (last), cóng and tới
trắng rates of the challenger. Bots are named as ``make_tienlen_bot`` names them, or given as objects.
Every bot is reseeded before each decision from the seed, the deal, its seat and what it has seen
(``phom.matchups.decision_seed``): a bot against copies of itself nets exactly 0 on every deal. The
deal is the only chance event, and its luck cancels in a deal's sum (every seat plays the deal once),
so ``mean_cv`` is the plain mean here (as in Phỏm's arena now).

>>> report = duplicate("greedy", ["random"], deals=5, seeds=(1,))
>>> row = report.rows[0]
>>> row.opponent, row.games, row.deals, row.mean_net > 0, sorted(row.finish)
('random', 20, 5, True, ['bét', 'cóng', 'nhất', 'tới trắng'])
"""

from __future__ import annotations

import copy
import functools
import time
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import Any

from ..external import DEFAULT_MOVE_SECONDS
from ..hooks import announce_end, announce_start, close_bots
from ..matchups import ArenaReport, Matchup, check_match, decision_seed, holm_rows, matchup, sprt
from .bots import make_tienlen_bot
from .game import TienLenGame
from .rules import TienLenRules

__all__ = ["duplicate", "sequential"]

#: One deal's games, as the challenger saw them: (net, nhất, bét, cóng, tới trắng, decisions, ns).
DealGames = list[tuple[int, bool, bool, bool, bool, int, int]]


def _named(spec: Any, seed: int, move_seconds: float = DEFAULT_MOVE_SECONDS) -> tuple[str, Any]:
    if isinstance(spec, str):
        return spec, make_tienlen_bot(spec, seed=seed, move_seconds=move_seconds)
    return str(getattr(spec, "name", type(spec).__name__)), spec


def _play_deals(challenger: Any, opponent: Any, rules: TienLenRules, seed: int, deals: Sequence[int]
                ) -> list[DealGames]:
    """The challenger in every seat of each deal, the other seats copies of the opponent; bots are
    copied per game and reseeded before each decision from (seed, deal, seat, what it has seen), so a
    bot against itself plays one game per deal and any split of the deals gives the same."""
    n = rules.players
    out = []
    for deal in deals:
        games: DealGames = []
        for rotation in range(n):
            seated = [copy.deepcopy(challenger if q == rotation else opponent) for q in range(n)]
            game = TienLenGame(rules, seed=seed * 1_000_003 + deal)
            announce_start(seated, game, deal * n + rotation + 1)
            decisions, spent = 0, 0
            while not game.is_over:
                p = game.to_move
                assert p is not None
                view = game.view(p)
                reseed = getattr(seated[p], "reseed", None)
                if reseed is not None:
                    reseed(decision_seed(seed, deal, view))
                started = time.perf_counter_ns()
                action = seated[p].act(view)
                if p == rotation:
                    decisions += 1
                    spent += time.perf_counter_ns() - started
                game.apply(action)
            announce_end(seated, game)
            result = game.result
            assert result is not None
            games.append((result.net[rotation], result.places[0] == rotation, result.places[-1] == rotation,
                          rotation in result.cong, result.toi_trang is not None and result.places[0] == rotation,
                          decisions, spent))
        out.append(games)
    return out


def duplicate(challenger: Any, panel: Sequence[Any], *, deals: int = 250, seeds: Sequence[int] = (1, 2),
              rules: TienLenRules | None = None, executor: Executor | None = None, chunk: int = 8,
              move_seconds: float = DEFAULT_MOVE_SECONDS) -> ArenaReport:
    """The challenger against each panel style, every deal in every seat rotation, over ``seeds``
    (``executor``: any ``concurrent.futures`` executor, Dask's included; the same report as none).
    Bots it makes from names (``cmd:`` ones given ``move_seconds`` an answer) are closed before it returns."""
    rules = rules if rules is not None else TienLenRules()
    check_match(deals, seeds, panel)
    made: list[Any] = []
    try:
        return _duplicate(challenger, panel, deals, seeds, rules, executor, chunk, move_seconds, made)
    finally:
        close_bots(made)


def _duplicate(challenger: Any, panel: Sequence[Any], deals: int, seeds: Sequence[int], rules: TienLenRules,
               executor: Executor | None, chunk: int, move_seconds: float, made: list[Any]) -> ArenaReport:
    n = rules.players
    name, bot, opponents = _seated(challenger, panel, move_seconds, made)
    rows = []
    for opponent_name, opponent in opponents:
        per_seed: list[list[DealGames]] = []
        for seed in seeds:
            work = functools.partial(_play_deals, bot, opponent, rules, seed)
            chunks = [list(range(s, min(s + chunk, deals))) for s in range(0, deals, chunk)]
            if executor is None:
                parts = [work(c) for c in chunks]
            else:
                parts = [f.result() for f in [executor.submit(work, c) for c in chunks]]
            per_seed.append([games for part in parts for games in part])
        rows.append(_row(opponent_name, per_seed, n))
    return ArenaReport(name, tuple(seeds), deals, n, holm_rows(rows), "tienlen")


def _seated(challenger: Any, panel: Sequence[Any], move_seconds: float, made: list[Any]
            ) -> tuple[str, Any, list[tuple[str, Any]]]:
    """The challenger and the panel as (name, bot); the bots made here from names are added to ``made``
    (closed by the caller)."""
    name, bot = _named(challenger, 0, move_seconds)
    if isinstance(challenger, str):
        made.append(bot)
    opponents = []
    for spec in panel:
        opponent_name, opponent = _named(spec, 1, move_seconds)
        if isinstance(spec, str):
            made.append(opponent)
        opponents.append((opponent_name, opponent))
    return name, bot, opponents


def _row(opponent_name: str, per_seed: list[list[DealGames]], n: int) -> Matchup:
    """One opponent's statistics from the deals played, one list per seed."""
    games = [g for seed in per_seed for deal in seed for g in deal]
    count = len(games)
    decisions = sum(g[5] for g in games)
    finish = {"nhất": sum(g[1] for g in games) / count, "bét": sum(g[2] for g in games) / count,
              "cóng": sum(g[3] for g in games) / count, "tới trắng": sum(g[4] for g in games) / count}
    sums = [[sum(g[0] for g in deal) for deal in seed] for seed in per_seed]
    return matchup(opponent_name, sums, n, ms_per_decision=sum(g[6] for g in games) / decisions / 1e6
                   if decisions else 0.0, finish=finish)


def sequential(challenger: Any, panel: Sequence[Any], delta: float, *, seed: int = 1, rules: TienLenRules | None = None,
               max_deals: int = 10_000, move_seconds: float = DEFAULT_MOVE_SECONDS) -> ArenaReport:
    """``phom tienlen arena --sprt DELTA``: deals 0, 1, 2, … of ``seed``, each played by the challenger in
    every seat rotation against copies of every panel style, until ``phom.matchups.sprt`` decides whether
    the challenger is stronger by ``delta`` stakes a game than the panel on average (α = β = 0.05).

    >>> report = sequential("greedy", ["random"], 0.5, max_deals=64)
    >>> report.sprt.decision, report.rows[0].deals == report.sprt.deals
    ('stronger', True)
    """
    rules = rules if rules is not None else TienLenRules()
    check_match(1, (seed,), panel)
    n = rules.players
    made: list[Any] = []
    try:
        name, bot, opponents = _seated(challenger, panel, move_seconds, made)
        played: list[list[DealGames]] = [[] for _ in opponents]

        def play_deal(deal: int) -> float:
            means = []
            for k, (_, opponent) in enumerate(opponents):
                games = _play_deals(bot, opponent, rules, seed, [deal])[0]
                played[k].append(games)
                means.append(sum(g[0] for g in games) / n)
            return sum(means) / len(means)

        result = sprt(play_deal, delta, max_deals=max_deals)
    finally:
        close_bots(made)
    rows = [_row(opponent_name, [deals], n) for (opponent_name, _), deals in zip(opponents, played)]
    return ArenaReport(name, (seed,), result.deals, n, holm_rows(rows), "tienlen", result)
