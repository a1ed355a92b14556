"""Tournaments for bot authors: a round of duplicate matches between several bots (``phom arena
--challengers A,B,C``), with a crosstable and ratings.

Every bot meets every other as the challenger against copies of it (``phom.arena.duplicate`` in the
round's game, any registered game: every deal in every seat rotation, the same seeds for every pair),
so the crosstable's cell (A, B) is A's mean net stakes a game against three B (in a 4-seat game) with
its 95 % interval clustered by deal. The ratings are openskill's Plackett–Luce ratings over the deals:
each deal of each cell is one match of the challenger against the opponent, won, lost or tied by the
sign of the challenger's money summed over the deal's rotations; the deals of all cells are taken in
turn (one from each cell, round after round), so no cell is rated before another. A rating is shown
as its ordinal (μ − 3σ), the figure openskill ranks by.

>>> crosstable = round_robin(["greedy", "random"], deals=2, seeds=(1,))
>>> crosstable.bots, [r.name for r in crosstable.ratings]
(('greedy', 'random'), ['greedy', 'random'])
>>> crosstable.cell("greedy", "random").deals
2
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import asdict, dataclass
from html import escape
from typing import Any

from .arena import duplicate
from .bot_names import bot_label
from .extras import missing_extra
from .games import DEFAULT_GAME, game_kind
from .matchups import ArenaReport, Matchup

__all__ = ["Crosstable", "Rating", "round_robin"]


@dataclass(frozen=True)
class Rating:
    """A bot's openskill rating after the round: ``mu`` and ``sigma``; ``ordinal`` (μ − 3σ) ranks."""

    name: str
    mu: float
    sigma: float
    ordinal: float


@dataclass(frozen=True)
class Crosstable:
    """The round: ``reports[i]`` is ``bots[i]`` as the challenger against each other bot; ``ratings``
    best first."""

    game: str
    bots: tuple[str, ...]
    seeds: tuple[int, ...]
    deals_per_seed: int
    players: int
    reports: tuple[ArenaReport, ...]
    ratings: tuple[Rating, ...]

    def cell(self, challenger: str, opponent: str) -> Matchup:
        """The matchup of ``challenger`` against copies of ``opponent``."""
        report = self.reports[self.bots.index(challenger)]
        for row in report.rows:
            if row.opponent == opponent:
                return row
        raise KeyError(f"{opponent!r} is not in the round")

    def __str__(self) -> str:
        return self.table()

    def table(self) -> str:
        """Markdown (also ``str``): the crosstable (row: the challenger's mean net ± 95 % against copies of the column),
        then the ratings."""
        head = (f"| challenger \\ against {self.players - 1} × | " + " | ".join(self.bots) + " |\n|"
                + "---|" * (len(self.bots) + 1))
        lines = [head]
        for a in self.bots:
            cells = ["—" if a == b else f"{self.cell(a, b).mean_net:+.3f} ± {self.cell(a, b).ci95:.3f}"
                     for b in self.bots]
            lines.append(f"| {a} | " + " | ".join(cells) + " |")
        lines.append("\n| rank | bot | rating (μ − 3σ) | μ | σ | ms/decision |\n|---|---|---|---|---|---|")
        for rank, rating in enumerate(self.ratings, 1):
            lines.append(f"| {rank} | {rating.name} | {rating.ordinal:.2f} | {rating.mu:.2f} | {rating.sigma:.2f} | "
                         f"{self._ms(rating.name):.3f} |")
        deals = sum(row.deals for report in self.reports for row in report.rows)
        lines.append(f"\n{len(self.bots)} bots, {len(self.bots) * (len(self.bots) - 1)} matchups × "
                     f"{_counted(len(self.seeds), 'seed')} × {_counted(self.deals_per_seed, 'deal')} = "
                     f"{_counted(deals, 'deal')}, each in "
                     f"{self.players} seat rotations.")
        return "\n".join(lines)

    def _ms(self, name: str) -> float:
        rows = self.reports[self.bots.index(name)].rows
        return sum(r.ms_per_decision for r in rows) / len(rows)

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "bots": list(self.bots), "seeds": list(self.seeds),
                "deals_per_seed": self.deals_per_seed, "players": self.players,
                "crosstable": [report.to_dict() for report in self.reports],
                "ratings": [asdict(r) for r in self.ratings]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    def to_html(self) -> str:
        """A self-contained page (no script): the crosstable, coloured by the sign of each verdict, and
        the ratings."""
        colours = {"ahead": "#d8f0dc", "behind": "#f6d8d8", "no difference shown": "#ffffff"}
        head = "".join(f"<th scope=\"col\">{escape(b)}</th>" for b in self.bots)
        rows = []
        for a in self.bots:
            cells = []
            for b in self.bots:
                if a == b:
                    cells.append("<td>—</td>")
                    continue
                m = self.cell(a, b)
                cells.append(f'<td style="background:{colours[m.verdict]}" title="{escape(m.verdict)}">'
                             f"{m.mean_net:+.3f} ± {m.ci95:.3f}</td>")
            rows.append(f'<tr><th scope="row">{escape(a)}</th>{"".join(cells)}</tr>')
        ratings = "".join(f"<tr><td>{rank}</td><td>{escape(r.name)}</td><td>{r.ordinal:.2f}</td><td>{r.mu:.2f}</td>"
                          f"<td>{r.sigma:.2f}</td></tr>" for rank, r in enumerate(self.ratings, 1))
        return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>phom arena: a round of "
                f"{len(self.bots)} bots</title></head><body style=\"font-family:DejaVu Sans,Arial,sans-serif\">"
                f"<h1>A round of {len(self.bots)} bots ({escape(self.game)})</h1>"
                f"<p>Each cell: the row's bot against {self.players - 1} copies of the column's, mean net stakes a "
                f"game ± 95 %, over seeds {', '.join(map(str, self.seeds))} × {self.deals_per_seed} deals in "
                "every seat rotation; green ahead, red behind (Holm p &lt; 0.05).</p>"
                f"<table border=\"1\" cellpadding=\"4\"><tr><th scope=\"col\">challenger</th>{head}</tr>"
                f"{''.join(rows)}</table><h2>Ratings (openskill, μ − 3σ)</h2><table border=\"1\" cellpadding=\"4\">"
                "<tr><th>rank</th><th>bot</th><th>rating</th><th>μ</th><th>σ</th></tr>"
                f"{ratings}</table></body></html>")


def _outcomes(row: Matchup) -> list[int]:
    """The deals of a cell as +1 won, −1 lost, 0 tied, spread evenly (the order a cell's deals are
    rated in changes little; an even spread keeps a long run of one kind from moving the rating)."""
    counts = {1: row.deals_won, -1: row.deals_lost, 0: row.deals_tied}
    total = sum(counts.values())
    taken = {k: 0 for k in counts}
    order = []
    for i in range(total):
        # the kind furthest behind its share after i + 1 deals goes next
        kind = max(counts, key=lambda k: (counts[k] * (i + 1) / total - taken[k], -k))
        taken[kind] += 1
        order.append(kind)
    return order


def _rating_model() -> Any:
    """openskill's Plackett–Luce model; the extra to install, named, before any game is played."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise missing_extra("tournament", "tournament ratings (openskill)") from None
    return PlackettLuce()


def _ratings(bots: Sequence[str], reports: Sequence[ArenaReport], model: Any) -> tuple[Rating, ...]:
    players = {name: model.rating(name=name) for name in bots}
    cells = [(report.challenger, row.opponent, _outcomes(row)) for report in reports for row in report.rows]
    longest = max((len(c[2]) for c in cells), default=0)
    for k in range(longest):
        for challenger, opponent, outcomes in cells:
            if k >= len(outcomes):
                continue
            ranks: list[float] = {1: [0.0, 1.0], -1: [1.0, 0.0], 0: [0.0, 0.0]}[outcomes[k]]
            [[players[challenger]], [players[opponent]]] = model.rate([[players[challenger]], [players[opponent]]],
                                                                       ranks=ranks)
    rated = [Rating(name, players[name].mu, players[name].sigma, players[name].ordinal()) for name in bots]
    return tuple(sorted(rated, key=lambda r: -r.ordinal))


def _counted(count: int, noun: str) -> str:
    """``1 seed``, ``2 seeds``: a count with its English noun.

    >>> _counted(1, "seed"), _counted(3, "deal")
    ('1 seed', '3 deals')
    """
    return f"{count} {noun}" + ("" if count == 1 else "s")


def round_robin(bots: Sequence[Any], *, game: str = DEFAULT_GAME, deals: int = 250, seeds: Sequence[int] = (1, 2),
                rules: Any = None, executor: Executor | None = None, move_seconds: float | None = None
                ) -> Crosstable:
    """Every bot against copies of every other, on the same deals, in ``game`` (a registered game's
    name); the crosstable and the ratings. ``bots``: at least two bots of distinct names (``bot_label``):
    names (``cmd:`` programs included: each is started per matchup and ended after it; ``py:MODULE:ATTR``)
    or bot objects (``act(view)``; copied for every game, as the arena does).

    >>> round_robin(["greedy"])
    Traceback (most recent call last):
    ...
    ValueError: a round needs at least two distinct bots, not ['greedy']
    >>> round_robin(["greedy", "random"], game="chess")
    Traceback (most recent call last):
    ...
    ValueError: no game is named 'chess': the games are phom, tienlen...
    """
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise ValueError(f"bots must be a list of bot names or bot objects, not {bots!r}")
    for i, bot in enumerate(bots):
        if not isinstance(bot, str) and not callable(getattr(bot, "act", None)):
            raise ValueError(f"bots[{i}] = {bot!r} is neither a bot name nor a bot (an object with act(view))")
    names = [bot_label(b) for b in bots]
    if len(names) < 2 or len(set(names)) != len(names):
        raise ValueError(f"a round needs at least two distinct bots, not {names}")
    kind = game_kind(game)
    model = _rating_model()                       # a missing extra is said now, not after the games
    timing: dict[str, Any] = {} if move_seconds is None else {"move_seconds": move_seconds}
    specs = [b.strip() if isinstance(b, str) else b for b in bots]
    reports = tuple(duplicate(spec, [other for other in specs if other is not spec], deals=deals, seeds=seeds,
                              rules=rules, executor=executor, game=kind, **timing) for spec in specs)
    first = reports[0]
    return Crosstable(kind.name, tuple(names), tuple(seeds), deals, first.players, reports,
                      _ratings(names, reports, model))
