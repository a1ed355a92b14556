"""The review's judgement of a decision still to be made: what the hints recommend.

A hint and the review should never disagree on one decision, so both ask the same evaluator: the
candidates a review weighs at that point (in Phỏm every way to finish the turn, eat with its
discard or lay-down included; in Tiến lên the legal plays in GreedyTienLenBot's order), raced over
common random numbers (``phom.racing.race``) on worlds that agree with the seat's view, played out by
the review's own playout policies. The review then values the race's survivors on fresh worlds to
measure a loss; a hint needs only the choice, so it spends all its worlds on the race: rounds of
``ROUND_WORLDS`` until one candidate is left, the rest are within ``FLAT`` stakes of the leader
beyond doubt, or the game's ``hint_worlds`` worlds are spent (the look-ahead's ``SEARCH_WORLDS``). An early
stop ends the race, not the judgement: every candidate still in it (and the leader's closest rival, if it is
the only one) plays on, round after round, until the leader has played all its ``worlds`` (so the
look-ahead, with four times the worlds, really looks four times as far, the gaps between them are known as
well as the worlds allow, and their values, over the same worlds, can be compared with each other).

Every candidate's gap to the leader is measured on the worlds both played (common random numbers), with
its standard error; the candidates within ``EQUAL_Z`` standard errors of the leader are ``equal``: as good
as each other as far as the worlds can tell. Among them the judgement's ``choice`` is the one a careful
player makes: the greedy bot's move where it is one of them, else the leader.

>>> from phom import Game
>>> game = Game(seed=12)
>>> verdict = judge(game.view(0), worlds=64, seed=1)
>>> verdict.plans[verdict.best][0] in game.legal_actions(), verdict.values[verdict.best] >= max(
...     v for v in verdict.values if v == v)
(True, True)
>>> verdict.best in verdict.equal() and verdict.choice in verdict.equal(), verdict.worlds >= 64
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..games import kind_of_view
from ..language import number, translator
from ..racing import Z_ELIMINATE, race, stage_seed
from ..moved import forwarding

__all__ = ["EQUAL_Z", "FLAT", "ROUND_WORLDS", "SEARCH_WORLDS", "SHOWN_MARGIN", "Judgement", "equal_words", "judge", "judged_words", "shown_equal",
           "verdict"]

#: names that moved to their game's folder, still read here
__getattr__ = forwarding(__name__, {"HINT_WORLDS": "phom.phom.hints", "TIENLEN_HINT_WORLDS": "phom.tienlen.hints",
                                    "judge_phom": "phom.phom.review_replay", "judge_tienlen": "phom.tienlen.review_replay"})


#: The look-ahead's (``search=True``): the same race with more worlds.
SEARCH_WORLDS = 1024
#: Worlds a round of the race.
ROUND_WORLDS = 32
#: The race stops when every candidate left is within this many stakes of the leader beyond doubt
#: (below the review's smallest label, an inaccuracy of 0.14 stakes in Phỏm and 0.12 in Tiến lên).
FLAT = 0.1
#: Standard errors of the paired gap within which a candidate is as good as the leader (about a 95 % margin).
EQUAL_Z = 2.0
#: The smallest margin an "as good as" sentence quotes: one that reads 0.00 stakes says nothing.
SHOWN_MARGIN = 0.005


@dataclass(frozen=True)
class Judgement:
    """The evaluator's verdict on one decision: the candidate ``plans`` (each a tuple of actions, the
    first one to play now) with their ``texts``, every plan's ``values`` over the worlds it played
    (mean stakes; NaN when nothing was raced, a single candidate) and its standard error in
    ``errors``, the candidates still ``alive`` at the race's end, the ``best`` plan's and the greedy
    bot's (``greedy``) indices, the most ``worlds`` a candidate played and the games ``playouts``
    spent; ``gaps`` and ``gap_errors``: each plan's paired gap below the best over the worlds both
    played, and its standard error (NaN where they share no worlds; 0 for the best itself);
    ``greedy_gaps`` and ``greedy_gap_errors`` the same below the greedy bot's plan."""

    plans: tuple[tuple[Any, ...], ...]
    texts: tuple[str, ...]
    values: tuple[float, ...]
    errors: tuple[float, ...]
    alive: tuple[int, ...]
    best: int
    greedy: int
    worlds: int
    playouts: int
    gaps: tuple[float, ...] = ()
    gap_errors: tuple[float, ...] = ()
    greedy_gaps: tuple[float, ...] = ()
    greedy_gap_errors: tuple[float, ...] = ()

    def equal(self, z: float = EQUAL_Z) -> tuple[int, ...]:
        """The plans as good as the best as far as the worlds tell (the best first, then by value): each
        one still in the race at its end (none dropped as behind another beyond doubt), its paired gap to
        the best at most ``z`` of its standard errors.

        >>> Judgement((("a",), ("b",), ("c",)), ("a", "b", "c"), (1.0, 0.99, 0.2), (0.1, 0.1, 0.1), (0, 1), 0, 1, 64,
        ...           192, (0.0, 0.01, 0.8), (0.0, 0.02, 0.1)).equal()
        (0, 1)
        """
        if not self.gaps:
            return (self.best,)
        close = [i for i in self.ranked() if i == self.best or (
            i in self.alive and not math.isnan(self.gaps[i]) and self.gaps[i] <= z * self.gap_errors[i])]
        return tuple(close)

    @property
    def choice(self) -> int:
        """The plan a careful player picks: the greedy bot's among the ``equal`` ones, else the best."""
        return self.greedy if self.greedy in self.equal() else self.best

    def below_choice(self, i: int) -> tuple[float, float]:
        """Plan ``i``'s paired gap below the ``choice`` over the worlds both played (negative where ``i``
        did better) and its standard error; NaN where they share fewer than two worlds (or the race
        kept no record of them).

        >>> Judgement((("a",), ("b",)), ("a", "b"), (1.0, 0.9), (0.1, 0.1), (0, 1), 0, 1, 64, 128, (0.0, 0.1),
        ...           (0.0, 0.08), (-0.1, 0.0), (0.08, 0.0)).below_choice(0)
        (-0.1, 0.08)
        """
        gaps, errors = (self.gaps, self.gap_errors) if self.choice == self.best else (
            self.greedy_gaps, self.greedy_gap_errors)
        if i >= len(gaps) or i >= len(errors):
            return math.nan, math.nan
        return gaps[i], errors[i]

    def ranked(self) -> list[int]:
        """The valued plans' indices: the best, then the others by value."""
        kept = [i for i, v in enumerate(self.values) if not math.isnan(v)]
        return sorted(kept, key=lambda i: (i != self.best, -self.values[i], i != self.greedy, i))


def judged_words(deals: int, value: float, gap: float, other: str, lang: str = "en") -> str:
    """A judgement as both games' hints say it, in ``lang``: the trial games, the chosen move's money
    a game and its lead over the next best, ``other`` (as the game names it).

    >>> judged_words(1248, 2.214, 0.24, "discarding Q♠")
    'over 1,248 trial games it wins 2.21 stakes a game on average, 0.24 more than discarding Q♠'
    >>> judged_words(1248, 2.214, 0.24, "đánh Q♠", "vi")
    'đánh thử 1.248 ván, nước này thắng trung bình 2,21 cược một ván, hơn đánh Q♠ 0,24 cược'
    >>> judged_words(448, -0.764, 0.012, "bỏ lượt", "vi")
    'đánh thử 448 ván, nước này thua trung bình 0,76 cược một ván, ít hơn bỏ lượt 0,01 cược'

    A negative ``gap`` (the other move did better) is said as such:

    >>> judged_words(256, 1.144, -0.266, "đánh 4♥", "vi")
    'đánh thử 256 ván, nước này thắng trung bình 1,14 cược một ván, kém đánh 4♥ 0,27 cược'
    >>> judged_words(256, -0.5, -0.25, "discarding 4♥")
    'over 256 trial games it loses 0.50 stakes a game on average, 0.25 more than discarding 4♥'
    """
    _ = translator(lang)
    said = {"deals": number(deals, lang), "value": number(abs(value), lang, 2), "other": other,
            "gap": number(abs(gap), lang, 2)}
    if gap <= -0.005:
        if value < 0:
            return _("over {deals} trial games it loses {value} stakes a game on average, {gap} more than {other}"
                     ).format(**said)
        return _("over {deals} trial games it wins {value} stakes a game on average, {gap} less than {other}"
                 ).format(**said)
    if value < 0:
        if gap < 0.005:
            return _("over {deals} trial games it loses {value} stakes a game on average, as much as {other}").format(**said)
        return _("over {deals} trial games it loses {value} stakes a game on average, {gap} less than {other}"
                 ).format(**said)
    if gap < 0.005:
        return _("over {deals} trial games it wins {value} stakes a game on average, as much as {other}").format(**said)
    return _("over {deals} trial games it wins {value} stakes a game on average, {gap} more than {other}").format(**said)


def shown_equal(verdict: Judgement) -> list[tuple[int, float, float]]:
    """The plans of ``verdict.equal()`` that both games' hints may say are as good as the ``choice``, each
    as (index, the widest figure between the two, the trials' margin on it): the figures are their paired
    gap over the worlds both played (``below_choice``) and the gap of their values, the margin
    ``EQUAL_Z`` standard errors of the paired gap; only plans raced with the choice on common worlds, a
    margin of at least ``SHOWN_MARGIN`` and both figures within it. Moves that came out the same (a margin
    of 0) are said to win as much as each other instead.

    >>> verdict = Judgement((("a",), ("b",)), ("a", "b"), (1.0, 0.95), (0.1, 0.1), (0, 1), 0, 0, 64, 128,
    ...                     (0.0, 0.05), (0.0, 0.04))
    >>> [(i, round(widest, 3), round(margin, 3)) for i, widest, margin in shown_equal(verdict)]
    [(1, 0.05, 0.08)]
    """
    chosen, value = verdict.choice, verdict.values[verdict.choice]
    shown = []
    for i in verdict.equal():
        if i == chosen:
            continue
        gap, error = verdict.below_choice(i)
        margin = EQUAL_Z * error
        widest = max(abs(gap), abs(value - verdict.values[i]))
        if math.isfinite(margin) and margin >= SHOWN_MARGIN and widest <= margin:
            shown.append((i, widest, margin))
    return shown


#: the most moves an "as good as each other" sentence names one by one
NAMED = 4


def equal_words(deals: int, others: Sequence[str], gap: float, margin: float, lang: str = "en") -> str:
    """Moves the judgement cannot tell from the one the hint plays, as both games' hints say it, in
    ``lang``: the ``others`` (as the game names them; the first few named), the trial games, the widest
    ``gap`` between them and the trials' ``margin`` on it, and that a careful player picks the hint's.

    >>> print(equal_words(1152, ["đánh Q♠"], 0.012, 0.08, "vi"))
    ngang với đánh Q♠ (đánh thử 1.152 ván, các nước này chênh nhau không quá 0,01 cược một ván, chưa vượt sai số 0,08 cược của phép thử); người chơi cẩn thận sẽ chọn nước này
    >>> print(equal_words(1152, ["discard Q♠", "discard 9♦", "draw", "discard 2♠", "discard 3♠", "discard 4♠"],
    ...                   0.05, 0.1))
    as good as discard Q♠, discard 9♦, draw, discard 2♠ and 2 other moves (over 1,152 trial games they are at most 0.05 stakes a game apart, within the trials' margin of 0.10); a careful player picks this one
    """
    _ = translator(lang)
    named = list(others[:NAMED])
    rest = len(others) - len(named)
    if rest:
        last = (_("{count} other move") if rest == 1 else _("{count} other moves")).format(count=number(rest, lang))
    else:
        last = named.pop()
    listed = _("{moves} and {last}").format(moves=", ".join(named), last=last) if named else last
    said = {"others": listed, "deals": number(deals, lang), "gap": number(gap, lang, 2),
            "margin": number(margin, lang, 2)}
    return _("as good as {others} (over {deals} trial games they are at most {gap} stakes a game apart, within "
             "the trials' margin of {margin}); a careful player picks this one").format(**said)


def judge(view: Any, *, worlds: int | None = None, seed: int = 0) -> Judgement:
    """The review's judgement of the decision of ``view``'s player, who must be to move, racing each
    candidate on at most ``worlds`` worlds (default: the game's hint's, ``GameKind.hint_worlds``:
    ``phom.phom.hints.HINT_WORLDS`` in Phỏm, ``phom.tienlen.hints.TIENLEN_HINT_WORLDS`` in Tiến lên); the
    same view, worlds and ``seed`` give the same verdict. The game is the one whose views ``view`` is (``phom.games.kind_of_view``)."""
    try:
        kind = kind_of_view(view)
    except ValueError:
        raise ValueError(f"judge takes a seat's view of a registered game, not {type(view).__name__}") from None
    if worlds is None:
        worlds = kind.hint_worlds
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed {seed!r} must be a whole number")
    if isinstance(worlds, bool) or not isinstance(worlds, int) or not ROUND_WORLDS <= worlds <= 65536:
        raise ValueError(f"worlds {worlds!r} must be a whole number from {ROUND_WORLDS} to 65536")
    verdict: Judgement = kind.judge(view, worlds, seed)
    return verdict


def verdict(sample: Any, values: Any, plans: Sequence[tuple[Any, ...]], texts: tuple[str, ...], greedy: int,
            worlds: int, seed: int) -> Judgement:
    """The race of a game's ``judge`` (``GameKind.judge``): ``plans`` (their ``texts``; ``greedy``: the greedy
    bot's) raced on worlds ``sample(count, seed)`` gives, valued by ``values(worlds, plans)``, in rounds of
    ``ROUND_WORLDS`` up to ``worlds`` a candidate, the leader and its closest rival played on to ``worlds``
    after an early stop (see the module docstring).

    >>> verdict(None, None, [("pass",)], ("pass",), 0, 64, 1).best
    0
    """
    k = len(plans)
    if k == 1:
        return Judgement(tuple(plans), texts, (math.nan,), (math.nan,), (0,), 0, 0, 0, 0, (0.0,), (0.0,), (0.0,),
                         (0.0,))
    played: list[tuple[list[int], npt.NDArray[np.float64]]] = []       # each round: (candidates, money)

    def play(r: int, alive: list[int]) -> Any:
        won = np.asarray(values(sample(ROUND_WORLDS, stage_seed(seed, "race", r)), [plans[i] for i in alive]),
                         dtype=np.float64)
        if len(won):
            played.append((list(alive), won))
        return won

    preference = [0 if i == greedy else i + 1 for i in range(k)]
    raced = race(play, k, rounds=max(1, worlds // ROUND_WORLDS), z=Z_ELIMINATE, flat=FLAT, min_rounds=2,
                 preference=preference)
    spent, best, alive = raced.spent, raced.best, list(raced.alive)
    means, errors, counts = _pooled(played, k)
    rounds = raced.rounds
    # an early stop ends the race, not the judgement: the leader and its closest rival play on
    others = [i for i in range(k) if i != best and counts[i]]
    if others and played:
        rival = max(others, key=lambda i: (i in alive, means[i], -preference[i]))
        # every candidate still in the race plays on with the leader: their values are then over the same
        # worlds, and a value gap is the paired gap the equal ones are judged by
        duel = sorted({best, rival} | set(alive))
        limit = rounds + max(1, worlds // ROUND_WORLDS)
        while counts[best] < worlds and rounds < limit:
            won = play(rounds, duel)
            rounds += 1
            if not len(won):
                break
            spent += won.size
            counts[best] += len(won)
        means, errors, counts = _pooled(played, k)
        alive = sorted(set(alive) | set(duel))
        best = max(alive, key=lambda i: (means[i], -preference[i]))
    gaps, gap_errors = _gaps(played, k, best)
    greedy_gaps, greedy_gap_errors = _gaps(played, k, greedy)
    return Judgement(tuple(plans), texts, tuple(means), tuple(errors), tuple(alive), best, greedy,
                     max(counts), spent, gaps, gap_errors, greedy_gaps, greedy_gap_errors)


def _pooled(played: list[tuple[list[int], npt.NDArray[np.float64]]], k: int
            ) -> tuple[list[float], list[float], list[int]]:
    """Each candidate's mean money over the rounds it played, its standard error and its worlds."""
    columns: list[list[npt.NDArray[np.float64]]] = [[] for _ in range(k)]
    for alive, won in played:
        for j, i in enumerate(alive):
            columns[i].append(won[:, j])
    pooled = [np.concatenate(c) if c else np.zeros(0) for c in columns]
    means = [float(d.mean()) if len(d) else 0.0 for d in pooled]
    errors = [float(d.std(ddof=1) / np.sqrt(len(d))) if len(d) > 1 else 0.0 for d in pooled]
    return means, errors, [len(d) for d in pooled]


def _gaps(played: list[tuple[list[int], npt.NDArray[np.float64]]], k: int, best: int
          ) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Each candidate's paired gap below ``best`` over the rounds both played, and its standard error."""
    gaps, errors = [], []
    for i in range(k):
        if i == best:
            gaps.append(0.0)
            errors.append(0.0)
            continue
        diff = [won[:, alive.index(best)] - won[:, alive.index(i)] for alive, won in played
                if best in alive and i in alive]
        d = np.concatenate(diff) if diff else np.zeros(0)
        gaps.append(float(d.mean()) if len(d) else math.nan)
        errors.append(float(d.std(ddof=1) / np.sqrt(len(d))) if len(d) > 1 else math.nan)
    return tuple(gaps), tuple(errors)
