"""The statistics of a duplicate match, for the arena of every game (``phom.arena``).

A challenger plays 1-vs-(N−1) against copies of one opponent style, every deal in every seat rotation;
the unit of the statistics is the deal: the challenger's money summed over the deal's rotations.

- the **mean** net stakes a game with a 95 % interval clustered by deal (normal approximation), and
  the mean of each seed beside it;
- the **verdict follows the money**: a two-sided test that the mean of the per-deal sums is 0 (the
  exact sign-flip permutation distribution for up to ``EXACT_DEALS`` deals, the normal approximation of
  the t statistic beyond), Holm's correction across the panel;
- the **exact sign test** on the same sums (deals won against deals lost, ties dropped) stays a
  column: a bot can win by more without winning more often;
- ``mean_cv`` and ``ci95_cv`` (the mean with the luck of given chance events taken out, control
  variates) are kept for readers, but both arenas give no luck now, so they are the mean and its
  interval: the draws' luck narrowed Phỏm's interval only 1.32× on fresh deals, short of the 1.5× the
  contract asks for, and the table no longer shows them.

Every bot is reseeded before each decision from the seed block, the deal, its seat and what it has
seen (``decision_seed``), never from the rotation: a bot facing copies of itself plays the same game
in every rotation, so it nets exactly 0 on every deal, and paired games share their luck.

>>> sign_test(8, 2)
0.109375
>>> holm([0.01, 0.04, 0.03])
[0.03, 0.06, 0.06]
>>> mean_test([3, 5, 2, 4]), mean_test([1, -1])
(0.125, 1.0)
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from .games import DEFAULT_GAME

__all__ = ["EXACT_DEALS", "SPRT_MIN_DEALS", "Sprt", "ArenaReport", "Matchup", "check_match", "decision_seed", "holm", "holm_rows", "matchup", "sprt",
           "mean_test", "sign_test"]

#: Up to this many deals the mean test enumerates every sign flip exactly.
EXACT_DEALS = 16


def check_match(deals: object, seeds: Sequence[int], panel: Sequence[Any]) -> None:
    """What both arenas ask of a match: a whole number of deals ≥ 1, distinct seeds, an opponent.

    >>> check_match(0, (1,), ["random"])
    Traceback (most recent call last):
    ...
    ValueError: deals 0 must be a whole number ≥ 1
    """
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ValueError(f"deals {deals!r} must be a whole number ≥ 1")
    if not seeds or len(set(seeds)) != len(seeds):
        raise ValueError("seeds must be distinct, at least one")
    if not panel:
        raise ValueError("the panel needs at least one opponent")


def decision_seed(seed: int, deal: int, view: Any) -> int:
    """The seed a bot plays one decision with in an arena (63 bits): a function of the seed block, the
    deal, the seat and what the seat has seen (its hand and the public history of ``view``), and of
    nothing else, so the same information gets the same decision in every rotation of a deal.

    >>> from phom import Game
    >>> game = Game(seed=1)
    >>> decision_seed(1, 0, game.view(0)) == decision_seed(1, 0, Game(seed=1).view(0)) != decision_seed(1, 1, game.view(0))
    True
    """
    seen = (seed, deal, view.player, view.hand.mask, tuple((p, str(a)) for p, a in view.history))
    digest = hashlib.blake2b(repr(seen).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


def sign_test(wins: int, losses: int) -> float:
    """The exact two-sided sign test: the probability of a split at least this uneven under a fair coin."""
    n = wins + losses
    if n == 0:
        return 1.0
    k = min(wins, losses)
    tail = sum(math.comb(n, i) for i in range(k + 1))
    return min(1.0, float(2 * tail / 2**n))


def mean_test(sums: Sequence[float]) -> float:
    """Two-sided p of "the per-deal sums have mean 0": under that hypothesis each sum's sign is a coin
    flip (the deal's rotations play the same cards); exact enumeration for few deals, the normal
    approximation of the t statistic for many."""
    values = [float(s) for s in sums]
    n = len(values)
    if n == 0 or all(v == 0 for v in values):
        return 1.0
    observed = abs(sum(values))
    if n <= EXACT_DEALS:
        hits = sum(abs(sum(v * s for v, s in zip(values, signs))) >= observed - 1e-9
                   for signs in itertools.product((1, -1), repeat=n))
        return float(hits / 2**n)
    mean = statistics.fmean(values)
    spread = statistics.stdev(values) / math.sqrt(n)
    if spread == 0:
        return 0.0
    return float(math.erfc(abs(mean / spread) / math.sqrt(2)))


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
    """The challenger against copies of one opponent style: ``p_mean`` / ``p_mean_holm`` test the
    mean (the verdict), ``p_value`` / ``p_holm`` are the sign test's; ``finish`` is the game's finish
    mix (rates per game; in Phỏm ù, móm, đền and chốt, in Tiến lên nhất, bét, cóng and tới trắng);
    ``figures``: the challenger's means of the figures its game declares (``GameSpec.figures``, each under
    its ``mean`` name and an attribute of that name: Phỏm's ``u_rate`` … ``chot_eaten``; none in a game that
    declares none), in the report's JSON beside the other fields;
    ``mean_cv`` ± ``ci95_cv``: the mean with the luck of the chance events taken out (control variates)."""

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
    p_mean: float = 1.0
    p_mean_holm: float = 1.0
    finish: dict[str, float] = field(default_factory=dict)
    mean_cv: float = math.nan
    ci95_cv: float = math.nan
    figures: dict[str, float] = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:
        figures = self.__dict__.get("figures", {})
        if name in figures:
            return figures[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def to_dict(self) -> dict[str, Any]:
        """The row as data: its fields, each figure beside them (after ``ms_per_decision``), its verdict."""
        data: dict[str, Any] = {}
        for key, value in asdict(self).items():
            if key == "figures":
                continue
            data[key] = list(value) if key == "seed_means" else value
            if key == "ms_per_decision":
                data.update(self.figures)
        return {**data, "verdict": self.verdict}

    @property
    def verdict(self) -> str:
        """"ahead" or "behind" when the mean differs from 0 (Holm p < 0.05), else "no difference shown"."""
        if self.p_mean_holm >= 0.05:
            return "no difference shown"
        return "ahead" if self.mean_net > 0 else "behind"


def _mean_ci(per_game: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % interval (normal approximation)."""
    mean = statistics.fmean(per_game)
    return mean, 1.96 * statistics.stdev(per_game) / math.sqrt(len(per_game)) if len(per_game) > 1 else math.inf


def matchup(opponent: str, deal_sums: Sequence[Sequence[int]], players: int, *, ms_per_decision: float,
            finish: dict[str, float], luck: Sequence[Sequence[float]] | None = None, **extra: float) -> Matchup:
    """A matchup from the challenger's per-deal sums, one list per seed (Holm's p's are filled in by
    ``holm_rows``); ``extra``: the challenger's figures, by their mean's name; ``luck``: the luck of the chance events in each deal's sum, in the same layout
    (``mean_cv`` is the mean of the sums less their luck; none given: no chance event to correct,
    ``mean_cv`` is the mean)."""
    sums = [s for seed in deal_sums for s in seed]
    seed_means = tuple(sum(seed) / (players * len(seed)) for seed in deal_sums if seed)
    per_game = [s / players for s in sums]
    mean, ci = _mean_ci(per_game)
    lucky = [x for seed in luck for x in seed] if luck is not None else [0.0] * len(sums)
    if len(lucky) != len(sums):
        raise ValueError(f"luck has {len(lucky)} deals; the sums have {len(sums)}")
    mean_cv, ci_cv = _mean_ci([(s - x) / players for s, x in zip(sums, lucky)])
    won, lost = sum(s > 0 for s in sums), sum(s < 0 for s in sums)
    return Matchup(opponent=opponent, deals=len(sums), games=len(sums) * players, mean_net=mean, ci95=ci,
                   seed_means=seed_means, deals_won=won, deals_lost=lost, deals_tied=len(sums) - won - lost,
                   p_value=sign_test(won, lost), p_holm=1.0, ms_per_decision=ms_per_decision,
                   p_mean=mean_test(sums), finish=dict(finish), mean_cv=mean_cv, ci95_cv=ci_cv, figures=dict(extra))


def holm_rows(rows: Sequence[Matchup]) -> tuple[Matchup, ...]:
    """The rows with Holm's correction across them, for the mean test and the sign test."""
    means = holm([r.p_mean for r in rows])
    signs = holm([r.p_value for r in rows])
    return tuple(replace(r, p_mean_holm=pm, p_holm=ps) for r, pm, ps in zip(rows, means, signs))


def _p(value: float) -> str:
    return f"{value:.2g}" if value >= 1e-4 else f"{value:.0e}"


@dataclass(frozen=True)
class ArenaReport:
    """Every matchup of one challenger against a panel (``game``: the registered game's name, ``"phom"``,
    ``"tienlen"``, …); ``engine``: what played the games, named in the table and the JSON."""

    challenger: str
    seeds: tuple[int, ...]
    deals_per_seed: int
    players: int
    rows: tuple[Matchup, ...]
    game: str = DEFAULT_GAME
    sprt: Sprt | None = None
    engine: str = "Python referee"

    #: the most opponents ``str`` lists one by one (the rest are counted on a line)
    SHOWN_ROWS = 20

    def __str__(self) -> str:
        """A plain table for a terminal, at most 30 lines: one line per opponent (mean net stakes a game
        of the challenger ± 95 %, deals won–lost, Holm's p of the mean, ms a decision, the verdict), the
        games played and, after an SPRT, its decision; ``table()`` is the full Markdown.

        >>> print(ArenaReport("greedy", (1,), 2, 4, ()))
        greedy vs 3 × each opponent (phom, Python referee): no opponent
        """
        head = f"{self.challenger} vs {self.players - 1} × each opponent ({self.game}, {self.engine})"
        if not self.rows:
            return head + ": no opponent"
        width = max(8, *(len(r.opponent) for r in self.rows[:self.SHOWN_ROWS]))
        lines = [head, f"{'opponent':<{width}}  {'mean net ± 95 %':>17}  {'won–lost':>9}  {'p (Holm)':>8}  "
                       f"{'ms/dec':>7}  verdict"]
        for r in self.rows[:self.SHOWN_ROWS]:
            lines.append(f"{r.opponent:<{width}}  {f'{r.mean_net:+.3f} ± {r.ci95:.3f}':>17}  "
                         f"{f'{r.deals_won}–{r.deals_lost}':>9}  {_p(r.p_mean_holm):>8}  {r.ms_per_decision:>7.3f}  "
                         f"{r.verdict}")
        if len(self.rows) > self.SHOWN_ROWS:
            lines.append(f"… and {len(self.rows) - self.SHOWN_ROWS} more opponents (see table())")
        seeds, deals = len(self.seeds), self.deals_per_seed
        lines.append(f"{sum(r.games for r in self.rows)} games: {seeds} seed{'s' * (seeds != 1)} × {deals} "
                     f"deal{'s' * (deals != 1)} × {self.players} seat rotations an opponent")
        if self.sprt is not None:
            lines.append(str(self.sprt))
        return "\n".join(lines)

    def __repr__(self) -> str:
        """One line: the challenger, the game, and each opponent's mean net."""
        means = ", ".join(f"{r.opponent} {r.mean_net:+.3f}" for r in self.rows[:self.SHOWN_ROWS])
        more = f", … {len(self.rows) - self.SHOWN_ROWS} more" if len(self.rows) > self.SHOWN_ROWS else ""
        return (f"<ArenaReport {self.challenger} ({self.game}) vs {len(self.rows)} opponents, "
                f"seeds {', '.join(map(str, self.seeds))} × {self.deals_per_seed} deals: {means}{more}>")

    def table(self) -> str:
        """A Markdown table, one row per opponent."""
        names = list(self.rows[0].finish) if self.rows else []
        head = (f"| {self.challenger} vs {self.players - 1} × | mean net ± 95 % | per seed | "
                "mean p (Holm) | deals won–lost | sign p (Holm) | ms/decision | " + " | ".join(f"{n} %" for n in names)
                + " | verdict |\n|" + "---|" * (8 + len(names)))
        lines = [head]
        for r in self.rows:
            seeds = " / ".join(f"{m:+.2f}" for m in r.seed_means)
            mix = " | ".join(f"{100 * r.finish[n]:.1f}" for n in names)
            lines.append(f"| {r.opponent} | **{r.mean_net:+.3f} ± {r.ci95:.3f}** "
                         f"| {seeds} | {_p(r.p_mean)} "
                         f"({_p(r.p_mean_holm)}) | {r.deals_won}–{r.deals_lost} | {_p(r.p_value)} ({_p(r.p_holm)}) "
                         f"| {r.ms_per_decision:.3f} | {mix} | {r.verdict} |")
        games = sum(r.games for r in self.rows)
        lines.append(f"\n{len(self.rows)} opponents × {len(self.seeds)} seeds × {self.deals_per_seed} deals × "
                     f"{self.players} seat rotations = {games} games; engine: {self.engine}.")
        if self.sprt is not None:
            lines.append(f"\n{self.sprt}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        data = {"game": self.game, "engine": self.engine, "challenger": self.challenger, "seeds": list(self.seeds),
                "deals_per_seed": self.deals_per_seed, "players": self.players,
                "rows": [r.to_dict() for r in self.rows]}
        if self.sprt is not None:
            data["sprt"] = self.sprt.to_dict()
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict())


#: Deals an SPRT plays before it may decide (its variance is estimated from them).
SPRT_MIN_DEALS = 16


@dataclass(frozen=True)
class Sprt:
    """A sequential probability ratio test of the challenger's mean net stakes a game: ``"stronger"``
    (by ``delta``: the mean is ``delta``) against ``"no stronger"`` (the mean is 0), with error rates
    ``alpha`` (saying stronger when it is not) and ``beta`` (missing ``delta``); ``decision`` is one of
    those or ``"undecided"`` when ``deals`` reached the most allowed; ``llr`` is the log-likelihood
    ratio at the end, ``mean`` the mean stakes a game over the deals played."""

    delta: float
    decision: str
    deals: int
    llr: float
    mean: float
    alpha: float = 0.05
    beta: float = 0.05

    def to_dict(self) -> dict[str, Any]:
        return {"delta": self.delta, "decision": self.decision, "deals": self.deals, "llr": self.llr,
                "mean": self.mean, "alpha": self.alpha, "beta": self.beta}

    def __str__(self) -> str:
        return (f"SPRT (delta {self.delta:+.3f} stakes a game, alpha = beta = {self.alpha:g}): {self.decision} after "
                f"{self.deals} deals (LLR {self.llr:+.2f}, bounds ±{math.log((1 - self.beta) / self.alpha):.2f}; "
                f"mean {self.mean:+.3f})")


def sprt(play_deal: Callable[[int], float], delta: float, *, max_deals: int = 10_000, alpha: float = 0.05,
         beta: float = 0.05, min_deals: int = SPRT_MIN_DEALS) -> Sprt:
    """Play deals 0, 1, 2, … (``play_deal(d)``: the challenger's mean stakes a game over deal ``d``'s
    games) until Wald's sequential test decides between a mean of 0 ("no stronger") and a mean of
    ``delta`` ("stronger"), or ``max_deals`` are played ("undecided"). The deals' means are taken as
    normal with the variance of those played so far (from ``min_deals`` on; widened by 1 + 2/√n, since a
    plug-in variance alone made the test err in 6-7.5 % of simulated runs where it promises 5 %; 3.5-3.75 %
    with it), so the log-likelihood ratio is ``delta / variance × Σ (x − delta / 2)``; it decides
    "stronger" at ``log((1 − beta) / alpha)`` and "no stronger" at ``log(beta / (1 − alpha))``.

    >>> import random
    >>> rng = random.Random(1)
    >>> sprt(lambda d: rng.gauss(0.5, 1.0), 0.3).decision, sprt(lambda d: rng.gauss(0.0, 1.0), 0.3).decision
    ('stronger', 'no stronger')
    >>> sprt(lambda d: 0.0, 0.0)
    Traceback (most recent call last):
    ...
    ValueError: delta 0.0 must be a number of stakes above 0
    """
    if isinstance(delta, bool) or not isinstance(delta, (int, float)) or not 0 < delta < 1000:
        raise ValueError(f"delta {delta!r} must be a number of stakes above 0")
    for name, p in (("alpha", alpha), ("beta", beta)):
        if not 0 < p < 0.5:
            raise ValueError(f"{name} {p!r} must be a probability between 0 and 0.5")
    if isinstance(max_deals, bool) or not isinstance(max_deals, int) or max_deals < min_deals:
        raise ValueError(f"max_deals {max_deals!r} must be a whole number of at least {min_deals}")
    upper, lower = math.log((1 - beta) / alpha), math.log(beta / (1 - alpha))
    values: list[float] = []
    llr = 0.0
    while len(values) < max_deals:
        values.append(float(play_deal(len(values))))
        if len(values) < min_deals:
            continue
        # the variance of the deals so far, widened while few (a plug-in variance alone errs more often than
        # alpha and beta), with a floor so identical deals decide too
        variance = max(statistics.variance(values) * (1 + 2 / math.sqrt(len(values))), (delta / 4) ** 2)
        llr = delta / variance * sum(x - delta / 2 for x in values)
        if llr >= upper:
            return Sprt(float(delta), "stronger", len(values), llr, statistics.fmean(values), alpha, beta)
        if llr <= lower:
            return Sprt(float(delta), "no stronger", len(values), llr, statistics.fmean(values), alpha, beta)
    return Sprt(float(delta), "undecided", len(values), llr, statistics.fmean(values) if values else 0.0, alpha, beta)
