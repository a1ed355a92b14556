"""Many games between bots, in parallel on any ``concurrent.futures.Executor``, reproducibly, for any
registered game (``phom.games``; Phỏm by default).

Game ``i`` is dealt from ``(seed, i)`` by the game's ``deal_of`` and every bot is reseeded per game (the
game's ``bot_seed``), so the statistics are identical whatever the executor (none, threads, processes, a
cluster's executor). With ``rotate=True`` each deal is played once per seat rotation (seat-rotated games
on the same deals); statistics are then per bot (index into ``bots``), which equals per seat when
``rotate=False``. Tables whose every bot the game's compiled engine plays (``engine_policies``) are
played whole in that engine; every other table, and every game without an engine (``engine = None``),
on the game's Python referee. ``Stats.engine`` names which, and so does the table: never a silent
fallback.

Each game's own part of it sits with the game (Phỏm's deal seeds and its games in the compiled core in
``phom.phom.simulation``, Tiến lên's in ``phom.tienlen.simulation``), given to the machinery by its kind;
so do the figures a game adds to a summary (``GameKind.summary_fields``): its ``rates``, and the figures its
spec declares (``GameSpec.figures``), averaged per bot into ``Stats.figures`` under each figure's ``mean``
(Phỏm's ù and móm into ``u_rate`` and ``mom_rate``) and by the arena into ``Matchup``'s; a game that
declares none has none in its results.

>>> from phom.bots import GreedyBot, RandomBot
>>> stats = simulate([GreedyBot(), RandomBot(), RandomBot(), RandomBot()], 8, seed=1)
>>> stats.games, len(stats.mean_net), round(sum(stats.mean_net), 9)
(8, 4, 0.0)
>>> stats.engine, simulate([GreedyBot()] * 4, 2, seed=1, core=False).engine
('phom._engine', 'Python referee')
"""

from __future__ import annotations

import collections
import copy
import functools
import math
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import InitVar, dataclass, field
from typing import Any

from .games import DEFAULT_GAME, GameKind, GameSpec, game_kind, game_spec
from .hooks import announce_end, announce_start
from .moved import forwarding

__all__ = ["OLD_FIGURES", "REFEREE", "GameSummary", "Stats", "Tally", "figure_fields", "games_said", "kind_of",
           "play_game", "progress_printer", "seat_labels", "simulate", "summarise", "summary_parts"]

#: Phỏm's part moved to its folder (``phom.phom.simulation``), still read here
__getattr__ = forwarding(__name__, {name: "phom.phom.simulation" for name in (
    "CORE_POLICIES", "core_policies", "game_seed", "play_chunk_in_core")})


#: What plays a game that is not played whole in a compiled engine, as reports name it.
REFEREE = "Python referee"


def kind_of(game: str | GameKind) -> GameKind:
    """The game a simulation or an arena plays: a registered game's name, or a kind itself.

    >>> kind_of("tienlen").title
    'Tiến lên'
    """
    return game_kind(game) if isinstance(game, str) else game


#: The figures ``GameSummary`` took as fields before they were declared by each game (``GameSpec.figures``):
#: still accepted by name (Phỏm's), each under its mean's name, and whether it is compared.
OLD_FIGURES = {"u": ("u_rate", True), "mom": ("mom_rate", True), "den": ("den_rate", False),
               "chot_paid": ("chot_paid", False), "chot_eaten": ("chot_eaten", False)}


@dataclass(frozen=True)
class GameSummary:
    """One game, seen per bot (tuples indexed by bot): net money, win, and the game's own ``rates`` (each
    entry its simulation table shows, a tuple per bot, from ``GameKind.summary_fields``) and ``figures``
    (a tuple per bot under each ``Figure.key`` its spec declares: Phỏm's ù and móm; none in a game that
    declares none). The figures one path fills and the other does not (Phỏm's đền, chốt paid and chốt
    eaten, on the Python referee) are in ``unchecked``, which equality leaves out. Games played on the
    Python referee carry each bot's decisions with the nanoseconds they took (empty for games played in
    a compiled engine), and in the arena the challenger's ``finish`` (``GameKind.finish``); these details
    are not compared, so the same game is equal on both paths and however long its decisions took. The
    figures' old keywords (``u=``, ``mom=``, ``den=``, ``chot_paid=``, ``chot_eaten=``) are still taken,
    and read back as attributes.

    >>> GameSummary(net=(1, -1), won=(True, False), u=(True, False)).figures
    {'u': (True, False)}
    >>> GameSummary(net=(1, -1), won=(True, False), den=(False, True)) == GameSummary(net=(1, -1), won=(True, False))
    True
    """

    net: tuple[int, ...]
    won: tuple[bool, ...]
    actions: int = 0
    decisions: tuple[int, ...] = field(default=(), compare=False)
    decision_ns: tuple[int, ...] = field(default=(), compare=False)
    rates: dict[str, tuple[float, ...]] = field(default_factory=dict, compare=False)
    finish: tuple[dict[str, float], ...] = field(default=(), compare=False)
    figures: dict[str, tuple[float, ...]] = field(default_factory=dict)
    unchecked: dict[str, tuple[float, ...]] = field(default_factory=dict, compare=False)
    u: InitVar[tuple[bool, ...]] = ()
    mom: InitVar[tuple[bool, ...]] = ()
    den: InitVar[tuple[bool, ...]] = ()
    chot_paid: InitVar[tuple[int, ...]] = ()
    chot_eaten: InitVar[tuple[int, ...]] = ()

    def __post_init__(self, u: tuple[bool, ...], mom: tuple[bool, ...], den: tuple[bool, ...],
                      chot_paid: tuple[int, ...], chot_eaten: tuple[int, ...]) -> None:
        given = {"u": u, "mom": mom, "den": den, "chot_paid": chot_paid, "chot_eaten": chot_eaten}
        for key, values in given.items():
            if values:
                into = self.figures if OLD_FIGURES[key][1] else self.unchecked
                into[key] = values

    def figure(self, key: str) -> tuple[float, ...]:
        """The figure ``key`` per bot, compared or not; () where the game has none."""
        return self.figures.get(key) or self.unchecked.get(key) or ()

    def __getattr__(self, name: str) -> Any:
        if name in OLD_FIGURES:
            return self.figure(name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")


for _old in OLD_FIGURES:          # read through __getattr__, not the InitVars' defaults
    delattr(GameSummary, _old)


def figure_fields() -> dict[str, str]:
    """Phỏm's figures, each key with the name its per-bot mean goes by (the figures are each game's own
    now: ``GameSpec.figures``; this is ``game_spec("phom")``'s, kept for older readers).

    >>> figure_fields()["u"]
    'u_rate'
    """
    return {key: mean for key, (mean, _compared) in OLD_FIGURES.items()}


@dataclass
class Tally:
    """Exact running sums per bot over played games: what Stats needs, in O(players) memory. Integer
    sums make the statistics identical however the games were split among workers."""

    players: int
    games: int = 0
    net: list[int] = field(default_factory=list)
    net_squared: list[int] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)
    actions: int = 0
    #: each of the game's rates, summed per bot
    rates: dict[str, list[float]] = field(default_factory=dict)
    #: each figure the game fills (its spec's ``figures``), summed per bot under its key
    figures: dict[str, list[float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in ("net", "net_squared", "wins"):
            if not getattr(self, name):
                setattr(self, name, [0] * self.players)

    def add(self, game: GameSummary) -> None:
        self.games += 1
        self.actions += game.actions
        for b in range(self.players):
            self.net[b] += game.net[b]
            self.net_squared[b] += game.net[b] ** 2
            self.wins[b] += game.won[b]
        for key, values in (*game.figures.items(), *game.unchecked.items()):
            _sum_into(self.figures, key, values, self.players)
        for name, values in game.rates.items():
            _sum_into(self.rates, name, values, self.players)

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.actions += other.actions
        for name in ("net", "net_squared", "wins"):
            mine, theirs = getattr(self, name), getattr(other, name)
            for b in range(self.players):
                mine[b] += theirs[b]
        for name, values in other.rates.items():
            _sum_into(self.rates, name, values, self.players)
        for name, values in other.figures.items():
            _sum_into(self.figures, name, values, self.players)


def _sum_into(sums: dict[str, list[float]], name: str, values: Sequence[float], players: int) -> None:
    """Add ``values`` (one per bot) to the column ``name`` of ``sums``, made of zeros if new."""
    column = sums.setdefault(name, [0] * players)
    for b in range(players):
        column[b] += values[b]


@dataclass(frozen=True)
class Stats:
    """Results per bot (index into the ``bots`` given to ``simulate``): ``figures``, the mean of each
    figure its game declares (``GameSpec.figures``) under the figure's ``mean`` name, each also an
    attribute (Phỏm's ``u_rate`` and ``mom_rate``; a game without them has no such attribute), ``rates``
    the game's own columns (Phỏm's ù and móm), ``engine`` what played the games (a compiled engine's
    module, or ``REFEREE``)."""

    names: tuple[str, ...]
    games: int
    wins: tuple[int, ...]
    mean_net: tuple[float, ...]
    std_net: tuple[float, ...]
    ci95: tuple[float, ...]
    seconds: float
    actions: int
    #: every game's summary, in game order, when ``simulate(..., keep_summaries=True)``
    summaries: tuple[GameSummary, ...] = field(repr=False, default=())
    rates: dict[str, tuple[float, ...]] = field(default_factory=dict)
    engine: str = REFEREE
    figures: dict[str, tuple[float, ...]] = field(default_factory=dict)
    #: the game's title, as a missing figure's error names it
    title: str = ""

    def __getattr__(self, name: str) -> Any:
        figures = self.__dict__.get("figures", {})
        if name in figures:
            return figures[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}"
                             + (f" ({self.__dict__.get('title')} declares no such figure)"
                                if self.__dict__.get("title") else ""))

    @property
    def win_rate(self) -> tuple[float, ...]:
        return tuple(w / self.games for w in self.wins)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else math.inf

    def table(self) -> str:
        """A plain-text summary table, a row a seat (``seat 1: greedy``: seats counted from 1, as players do),
        a column for each of the game's rates, and what played the games."""
        labels = seat_labels(self.names)
        width = max(12, *(len(label) + 2 for label in labels))
        lines = [f"{'bot':<{width}}{'win %':>8}{'mean net':>11}{'± 95%':>8}{'sd':>7}"
                 + "".join(f"{name + ' %':>7}" for name in self.rates)]
        for i, label in enumerate(labels):
            lines.append(f"{label:<{width}}{100 * self.win_rate[i]:>8.1f}{self.mean_net[i]:>11.3f}"
                         f"{self.ci95[i]:>8.3f}{self.std_net[i]:>7.2f}"
                         + "".join(f"{100 * rates[i]:>7.1f}" for rates in self.rates.values()))
        lines.append(f"{games_said(self.games)} in {self.seconds:.2f} s ({self.games_per_second:.0f} games/s)")
        lines.append(f"engine: {self.engine}")
        return "\n".join(lines)


def play_game(bots: Sequence[Any], rules: Any, seed: int, index: int, rotate: bool,
              game: str | GameKind = DEFAULT_GAME) -> GameSummary:
    """Play game ``index`` of a simulation on the game's Python referee: fresh copies of the bots,
    reseeded (``bot_seed``), seats per rotation, the deal ``deal_of`` deals."""
    kind = kind_of(game)
    n = rules.players
    deal, rotation = (index // n, index % n) if rotate else (index, 0)
    players = [copy.deepcopy(bots[(s + rotation) % n]) for s in range(n)]
    for s, bot in enumerate(players):
        reseed = getattr(bot, "reseed", None)
        if reseed is not None:
            reseed(kind.bot_seed(seed, index, s))
    played = kind.deal_of(rules, seed, deal, 0 if rotate else deal % n)
    announce_start(players, played, index + 1)
    decisions, spent = [0] * n, [0] * n
    while not played.is_over:
        p = played.to_move
        assert p is not None
        view = played.view(p)
        started = time.perf_counter_ns()
        action = players[p].act(view)
        spent[p] += time.perf_counter_ns() - started
        decisions[p] += 1
        played.apply(action)
    announce_end(players, played)
    seat_of = [(b - rotation) % n for b in range(n)]
    return summarise(kind, played, seat_of, decisions=tuple(decisions[seat_of[b]] for b in range(n)),
                     decision_ns=tuple(spent[seat_of[b]] for b in range(n)))


def summarise(kind: GameKind, game: Any, order: Sequence[int], **timing: Any) -> GameSummary:
    """A finished game seen per bot, bot ``b`` in seat ``order[b]``: its money, its win, and what the game
    adds (``summary_fields``: its ``rates``, and its ``figures``, by the keys its spec declares);
    ``timing``: the bots' ``decisions`` and ``decision_ns``."""
    result = game.result
    assert result is not None
    return GameSummary(net=tuple(int(result.net[q]) for q in order), won=tuple(result.winner == q for q in order),
                       actions=len(game.history), **timing, **summary_parts(kind, kind.summary_fields(game, list(order))))


def summary_parts(kind: GameKind, added: dict[str, Any]) -> dict[str, Any]:
    """What a game's ``summary_fields`` adds, as ``GameSummary`` takes it: its ``rates``, and each figure its
    spec declares (from ``figures``, or a key of its own) in ``figures`` or, where the spec says two paths
    may differ in it, ``unchecked``; a figure the spec does not declare is a ValueError naming it."""
    declared = {figure.key: figure for figure in game_spec(kind).figures}
    given = {**{k: v for k, v in added.items() if k not in ("rates", "figures")}, **added.get("figures", {})}
    unknown = sorted(set(given) - set(declared))
    if unknown:
        raise ValueError(f"{kind.name}: summary_fields gives {unknown}, figures its spec does not declare")
    return {"rates": added.get("rates", {}),
            "figures": {k: tuple(v) for k, v in given.items() if declared[k].compare},
            "unchecked": {k: tuple(v) for k, v in given.items() if not declared[k].compare}}


def _play_chunk(kind: GameKind, bots: Sequence[Any], rules: Any, seed: int, indices: Sequence[int], rotate: bool
                ) -> list[GameSummary]:
    return [play_game(bots, rules, seed, i, rotate, kind) for i in indices]


def _tallied(play: Callable[[list[int]], list[GameSummary]], players: int, keep: bool, indices: list[int]
             ) -> tuple[Tally, list[GameSummary]]:
    """Play a chunk and sum it up where it ran: only the sums travel back, unless summaries are kept."""
    games = play(indices)
    tally = Tally(players)
    for game in games:
        tally.add(game)
    return tally, games if keep else []


def simulate(bots: Sequence[Any], games: int, *, rules: Any = None, seed: int | None = None,
             progress: bool | Callable[[int, int], None] = False, executor: Executor | None = None,
             rotate: bool = False, chunk: int = 25, core: bool | None = None, keep_summaries: bool = False,
             game: str | GameKind = DEFAULT_GAME) -> Stats:
    """Play ``games`` games of ``game`` (a registered game's name, or its kind; Phỏm by default) between
    ``bots`` (one per seat) and summarise them per bot.

    Statistics stream: each chunk is summed where it is played and only the sums come back, so memory
    stays O(players) for any number of games (at most four chunks per worker are in flight);
    ``keep_summaries=True`` also returns every game's summary. When the game has a compiled engine and
    it plays every bot (the kind's ``engine_bots``: in Phỏm a RandomBot, a GreedyBot or a PlannerBot),
    the games are played inside it (``core=None``, the default; ``core=False`` forces the Python referee): the same deals and the
    same statistics, in chunks of at least 1,000 games. Tables of GreedyBots and PlannerBots give
    identical results on both paths; RandomBots draw from the core's generators instead of Python's.
    ``core=True`` where the engine cannot play the table, or the game has none, is a ValueError.
    """
    kind = kind_of(game)
    rules = rules if rules is not None else kind.rules(None)
    if len(bots) != rules.players:
        raise ValueError(f"bots has {len(bots)} entries; the rules seat {rules.players} players")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games {games!r} must be a whole number ≥ 1")
    for i, bot in enumerate(bots):
        if not callable(getattr(bot, "act", None)):
            raise ValueError(f"bots[{i}] = {bot!r} has no act(view) method")
    seed = 0 if seed is None else seed
    report = progress_printer(games) if progress is True else (progress or None)
    if core and kind.engine is None:
        raise ValueError(f"core=True: {kind.title} has no compiled engine; its games are played on the {REFEREE}")
    policies = kind.engine_policies(list(bots)) if core is not False and kind.engine is not None else None
    if core and policies is None:
        raise ValueError(f"core=True needs every bot's decisions made in {kind.title}'s compiled engine "
                         f"({kind.engine}): {kind.engine_bots}")
    play: Callable[[list[int]], list[GameSummary]]
    if policies is not None:
        chunk = max(chunk, 1000)
        play = functools.partial(kind.play_in_engine, policies, rules, seed, rotate=rotate)
    else:
        play = functools.partial(_play_chunk, kind, list(bots), rules, seed, rotate=rotate)
    work = functools.partial(_tallied, play, rules.players, keep_summaries)
    chunks = (list(range(start, min(games, start + chunk))) for start in range(0, games, chunk))
    started = time.perf_counter()
    total = Tally(rules.players)
    kept: list[GameSummary] = []

    def collect(result: tuple[Tally, list[GameSummary]]) -> None:
        total.merge(result[0])
        kept.extend(result[1])
        if report:
            report(total.games, games)

    if executor is None:
        for indices in chunks:
            collect(work(indices))
    else:
        window = 4 * max(1, getattr(executor, "_max_workers", 2) or 2)
        pending: collections.deque[Any] = collections.deque()
        for indices in chunks:
            pending.append(executor.submit(work, indices))
            if len(pending) >= window:
                collect(pending.popleft().result())
        while pending:
            collect(pending.popleft().result())
    seconds = time.perf_counter() - started
    engine = kind.engine if policies is not None and kind.engine is not None else REFEREE
    return _stats(bots, total, tuple(kept), seconds, engine, game_spec(kind))


def _stats(bots: Sequence[Any], tally: Tally, summaries: tuple[GameSummary, ...], seconds: float, engine: str,
           spec: GameSpec) -> Stats:
    n, count = len(bots), tally.games
    means, sds, cis = [], [], []
    for b in range(n):
        total, squares = tally.net[b], tally.net_squared[b]
        means.append(total / count)
        # the sample variance from exact integer sums: (count·Σx² − (Σx)²) / (count·(count − 1))
        var = (count * squares - total * total) / (count * (count - 1)) if count > 1 else 0.0
        sds.append(math.sqrt(var))
        cis.append(1.96 * math.sqrt(var / count) if count > 1 else math.inf)
    return Stats(
        names=tuple(getattr(b, "name", type(b).__name__) for b in bots),
        games=count,
        wins=tuple(tally.wins),
        mean_net=tuple(means),
        std_net=tuple(sds),
        ci95=tuple(cis),
        seconds=seconds,
        actions=tally.actions,
        summaries=summaries,
        rates={name: tuple(value / count for value in values) for name, values in tally.rates.items()},
        engine=engine,
        figures={figure.mean: tuple(value / count for value in tally.figures.get(figure.key, [0] * n))
                 for figure in spec.figures},
        title=spec.title(),
    )


def progress_printer(total: int, unit: str = "games") -> Callable[[int, int], None]:
    """A plain progress bar on stderr: ``report(done, total)`` redraws it.

    >>> report = progress_printer(0)
    """
    started = time.perf_counter()

    def report(done: int, total_: int) -> None:
        width = 30
        filled = int(width * done / total_)
        rate = done / max(time.perf_counter() - started, 1e-9)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total_} {unit}, {rate:.0f}/s")
        if done == total_:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return report


def seat_labels(names: Sequence[str]) -> list[str]:
    """The rows of a simulation's table: each seat, counted from 1, with its bot.

    >>> seat_labels(["greedy", "random"])
    ['seat 1: greedy', 'seat 2: random']
    """
    return [f"seat {i}: {name}" for i, name in enumerate(names, start=1)]


def games_said(games: int) -> str:
    """``1 game``, ``8 games``.

    >>> games_said(1), games_said(8)
    ('1 game', '8 games')
    """
    return "1 game" if games == 1 else f"{games} games"
