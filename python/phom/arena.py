"""Duplicate evaluation of one bot against a panel of opponent styles, measured the way the papers do,
for any registered game (``phom.games``; the registry's default game unless ``game`` names another, one
registered at run time included): it asks the game only for what ``GameKind`` gives (the deal of a seed, bots by
name, a seat's finish), never which game it is.

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
- **ms per decision** of the challenger, and its **finish mix** (the game's ``finish``; in Phỏm ù, móm,
  đền paid, with chốt paid and chốt eaten as counts per game; in Tiến lên nhất, bét, cóng, tới trắng);
- the **engine** that played: always the game's Python referee (``REFEREE``), so that every decision of
  the challenger is timed; the report names it, for a game with a compiled engine and without one alike;
- ``mean_cv`` ± ``ci95_cv`` are the plain mean and its interval (kept so old readers work): the luck of
  the draws taken out (Phỏm's ``draw_luck``, ``phom.phom.simulation``: at every draw, the challenger's money in greedy playouts of the
  true state after the card drawn, less its mean over every card the stock could have given) was
  unbiased but narrowed the interval only 1.32× on 48 fresh deals (0.99× on 100 in LADDER.md), short
  of the 1.5× that would pay for it, so the report no longer shows or computes it.
  The deal's own luck cancels in a deal's sum (every seat plays it once; the playout is zero-sum).

Every bot is reseeded before each decision from the seed, the deal, its seat and what it has seen
(``phom.matchups.decision_seed``): a bot against copies of itself nets exactly 0 on every deal.

>>> report = duplicate("greedy", ["random"], deals=6, seeds=(1,))
>>> row = report.rows[0]
>>> row.opponent, row.games, row.deals, row.mean_net > 0, report.engine
('random', 24, 6, True, 'Python referee')
>>> sign_test(8, 2)
0.109375
>>> holm([0.01, 0.04, 0.03])
[0.03, 0.06, 0.06]
"""

from __future__ import annotations

import copy
import functools
import time
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import Any

from .bot_names import bot_label
from .bots import Bot
from .external import DEFAULT_MOVE_SECONDS
from .games import DEFAULT_GAME, GameKind, game_spec
from .hooks import announce_end, announce_start, close_bots
from .matchups import (
    ArenaReport,
    Matchup,
    check_match,
    decision_seed,
    holm,
    holm_rows,
    matchup,
    mean_test,
    sign_test,
    sprt,
)
from .simulation import REFEREE, GameSummary, kind_of, progress_printer, summarise
from .moved import forwarding

__all__ = ["REFEREE", "ArenaReport", "Matchup", "draw_luck", "duplicate", "holm", "matchup_of", "mean_test",
           "play_deals", "sequential", "sign_test"]

#: Phỏm's draw luck and its constants moved to its folder (``phom.phom.simulation``), still read here
__getattr__ = forwarding(__name__, {name: "phom.phom.simulation" for name in ("RESHUFFLES", "LUCK_WEIGHT", "draw_luck")})


#: One deal's games, the challenger as bot 0 of each summary, with its luck at the draws.
DealGames = list[tuple[GameSummary, float]]


def _bot(kind: GameKind, spec: Any, seed: int, move_seconds: float = DEFAULT_MOVE_SECONDS) -> tuple[str, Any]:
    """A bot and its name: made by the game from a name, or the object given."""
    if isinstance(spec, str):
        return spec, kind.seeded_bot(spec, seed, move_seconds=move_seconds)
    return bot_label(spec), spec


def play_deals(kind: GameKind, challenger: Any, opponent: Any, rules: Any, seed: int, deals: Sequence[int]
               ) -> list[DealGames]:
    """The challenger in every seat of each deal (``kind.deal_of``), the other seats copies of the
    opponent, on the game's Python referee; every bot copied per game and reseeded before each decision
    from (seed, deal, seat, what it has seen), so a bot against itself plays one game per deal and any
    split of the deals gives the same. Each game is summarised with the challenger as bot 0."""
    n = rules.players
    out = []
    for deal in deals:
        games: DealGames = []
        for rotation in range(n):
            seated = [copy.deepcopy(challenger if q == rotation else opponent) for q in range(n)]
            game = kind.deal_of(rules, seed, deal, 0)
            announce_start(seated, game, deal * n + rotation + 1)
            luck, decisions, spent = 0.0, 0, 0
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
            order = [rotation, *(q for q in range(n) if q != rotation)]      # bot 0: the challenger
            summary = summarise(kind, game, order, decisions=(decisions,), decision_ns=(spent,),
                                finish=(kind.finish(game, rotation),))
            games.append((summary, luck))
        out.append(games)
    return out


def matchup_of(opponent: str, per_seed: list[list[GameSummary]], players: int,
               luck: list[list[float]] | None = None, kind: str | GameKind = DEFAULT_GAME) -> Matchup:
    """The statistics of one opponent from the challenger's games (bot 0 of every summary), each seed's
    summaries in game order, ``players`` rotations per deal (Holm's p's are filled in by ``duplicate``);
    ``luck``: the challenger's luck at the draws of each game, in the same layout. The finish mix is the
    mean of the summaries' ``finish``; each figure ``kind``'s spec declares (``GameSpec.figures``: Phỏm's
    ù, móm, đền, chốt; none in a game that declares none) is the challenger's mean under its ``mean`` name."""
    sums = [[sum(g.net[0] for g in summaries[d:d + players]) for d in range(0, len(summaries), players)]
            for summaries in per_seed]
    deal_luck = None if luck is None else [[sum(x[d:d + players]) for d in range(0, len(x), players)] for x in luck]
    games = [g for summaries in per_seed for g in summaries]
    decisions = sum(g.decisions[0] for g in games)
    spent = sum(g.decision_ns[0] for g in games)
    n = len(games)
    names = next((g.finish[0] for g in games if g.finish), {})
    finish = {name: sum(g.finish[0][name] for g in games) / n for name in names}

    figures = {figure.mean: float(sum(values[0] for g in games if (values := g.figure(figure.key))) / n)
               for figure in game_spec(kind).figures}
    return matchup(opponent, sums, players, ms_per_decision=spent / decisions / 1e6 if decisions else 0.0,
                   finish=finish, luck=deal_luck, **figures)


def duplicate(challenger: str | Bot, panel: Sequence[str | Bot], *, deals: int = 250, seeds: Sequence[int] = (1, 2),
              rules: Any = None, executor: Executor | None = None, progress: bool = False,
              move_seconds: float = DEFAULT_MOVE_SECONDS, chunk: int = 8, game: str | GameKind = DEFAULT_GAME
              ) -> ArenaReport:
    """The challenger against each panel style, every deal in every seat rotation, over ``seeds``, in
    ``game`` (a registered game's name, or its kind; its default rules when ``rules`` is None).

    Bots are given by name (the game's ``seeded_bot``; ``cmd:`` ones are allowed ``move_seconds`` an
    answer) or as objects; games run in chunks of ``chunk`` deals on any executor (Dask's included; the
    same report as none) on the game's Python referee, so every decision of the challenger is timed (the
    report's ``engine`` says so). Bots made from names are closed before it returns.
    """
    kind = kind_of(game)
    rules = rules if rules is not None else kind.rules(None)
    check_match(deals, seeds, panel)
    n = rules.players
    name, bot = _bot(kind, challenger, 0, move_seconds)
    rows = []
    try:
        for spec in panel:
            opponent_name = spec if isinstance(spec, str) else _bot(kind, spec, 0)[0]
            per_seed, luck = [], []
            for seed in seeds:
                opponent = _bot(kind, spec, seed, move_seconds)[1]
                report = progress_printer(deals * n) if progress else None
                try:
                    work = functools.partial(play_deals, kind, bot, opponent, rules, seed)
                    chunks = [list(range(s, min(s + chunk, deals))) for s in range(0, deals, chunk)]
                    futures = [executor.submit(work, c) for c in chunks] if executor is not None else []
                    played: list[tuple[GameSummary, float]] = []
                    for k, part in enumerate(chunks):
                        done = futures[k].result() if futures else work(part)
                        played.extend(g for deal_games in done for g in deal_games)
                        if report:
                            report(len(played), deals * n)
                finally:
                    if isinstance(spec, str):
                        close_bots([opponent])
                per_seed.append([g for g, _ in played])
                luck.append([x for _, x in played])
            rows.append(matchup_of(opponent_name, per_seed, n, luck, kind))
    finally:
        if isinstance(challenger, str):
            close_bots([bot])
    return ArenaReport(name, tuple(seeds), deals, n, holm_rows(rows), kind.name, engine=REFEREE)


def sequential(challenger: str | Bot, panel: Sequence[str | Bot], delta: float, *, seed: int = 1,
               rules: Any = None, max_deals: int = 10_000, move_seconds: float = DEFAULT_MOVE_SECONDS,
               game: str | GameKind = DEFAULT_GAME) -> ArenaReport:
    """``phom arena --sprt DELTA``: deals 0, 1, 2, … of ``seed``, each played by the challenger in every
    seat rotation against copies of every panel style, until ``phom.matchups.sprt`` decides whether the
    challenger is stronger by ``delta`` stakes a game than the panel on average (α = β = 0.05); the
    report's rows are the deals played, its ``sprt`` the decision. ``game`` as in ``duplicate``.

    >>> report = sequential("greedy", ["random"], 0.5, max_deals=64)
    >>> report.sprt.decision, report.sprt.deals < 64, report.rows[0].deals == report.sprt.deals
    ('stronger', True, True)
    """
    kind = kind_of(game)
    rules = rules if rules is not None else kind.rules(None)
    check_match(1, (seed,), panel)
    n = rules.players
    name, bot = _bot(kind, challenger, 0, move_seconds)
    opponents = [(spec if isinstance(spec, str) else _bot(kind, spec, 0)[0], _bot(kind, spec, seed, move_seconds)[1])
                 for spec in panel]
    played: list[list[tuple[GameSummary, float]]] = [[] for _ in opponents]
    try:
        def play_deal(deal: int) -> float:
            means: list[float] = []
            for k, (_, opponent) in enumerate(opponents):
                games = play_deals(kind, bot, opponent, rules, seed, [deal])[0]
                played[k].extend(games)
                means.append(sum(g.net[0] for g, _ in games) / n)
            return sum(means) / len(means)

        result = sprt(play_deal, delta, max_deals=max_deals)
    finally:
        close_bots([b for spec, (_, b) in zip(panel, opponents) if isinstance(spec, str)])
        if isinstance(challenger, str):
            close_bots([bot])
    rows = [matchup_of(opponent_name, [[g for g, _ in games]], n, [[x for _, x in games]], kind)
            for (opponent_name, _), games in zip(opponents, played)]
    return ArenaReport(name, (seed,), result.deals, n, holm_rows(rows), kind.name, result, REFEREE)
