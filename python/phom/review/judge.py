"""The review's judgement of a decision still to be made: what the hints recommend.

A hint and the review should never disagree on one decision, so both ask the same evaluator: the
candidates a review weighs at that point (in Phỏm every way to finish the turn, eat with its
discard or lay-down included; in Tiến lên the legal plays in GreedyTienLenBot's order), raced over
common random numbers (``phom.racing.race``) on worlds that agree with the seat's view, played out by
the review's own playout policies. The review then values the race's survivors on fresh worlds to
measure a loss; a hint needs only the choice, so it spends all its worlds on the race: rounds of
``ROUND_WORLDS`` until one candidate is left, the rest are within ``FLAT`` stakes of the leader
beyond doubt, or the game's ``hint_worlds`` worlds are spent (the look-ahead's ``SEARCH_WORLDS``). Ties go to
the greedy bot's choice.

>>> from phom import Game
>>> game = Game(seed=12)
>>> verdict = judge(game.view(0), worlds=64, seed=1)
>>> verdict.plans[verdict.best][0] in game.legal_actions(), verdict.values[verdict.best] >= max(
...     v for v in verdict.values if v == v)
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..games import kind_of_view
from ..language import number, translator
from ..racing import Z_ELIMINATE, race, stage_seed
from ..moved import forwarding

__all__ = ["FLAT", "ROUND_WORLDS", "SEARCH_WORLDS", "Judgement", "judge", "judged_words", "verdict"]

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


@dataclass(frozen=True)
class Judgement:
    """The evaluator's verdict on one decision: the candidate ``plans`` (each a tuple of actions, the
    first one to play now) with their ``texts``, every plan's ``values`` over the worlds it played
    (mean stakes; NaN when nothing was raced, a single candidate) and its standard error in
    ``errors``, the candidates still ``alive`` at the race's end, the ``best`` plan's and the greedy
    bot's (``greedy``) indices, the most ``worlds`` a candidate played and the games ``playouts``
    spent."""

    plans: tuple[tuple[Any, ...], ...]
    texts: tuple[str, ...]
    values: tuple[float, ...]
    errors: tuple[float, ...]
    alive: tuple[int, ...]
    best: int
    greedy: int
    worlds: int
    playouts: int

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
    """
    _ = translator(lang)
    said = {"deals": number(deals, lang), "value": number(abs(value), lang, 2), "other": other,
            "gap": number(gap, lang, 2)}
    if value < 0:
        if gap < 0.005:
            return _("over {deals} trial games it loses {value} stakes a game on average, as much as {other}").format(**said)
        return _("over {deals} trial games it loses {value} stakes a game on average, {gap} less than {other}"
                 ).format(**said)
    if gap < 0.005:
        return _("over {deals} trial games it wins {value} stakes a game on average, as much as {other}").format(**said)
    return _("over {deals} trial games it wins {value} stakes a game on average, {gap} more than {other}").format(**said)


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
    ``ROUND_WORLDS`` up to ``worlds`` a candidate (see the module docstring).

    >>> verdict(None, None, [("pass",)], ("pass",), 0, 64, 1).best
    0
    """
    k = len(plans)
    if k == 1:
        return Judgement(tuple(plans), texts, (math.nan,), (math.nan,), (0,), 0, 0, 0, 0)

    def play(r: int, alive: list[int]) -> Any:
        return values(sample(ROUND_WORLDS, stage_seed(seed, "race", r)), [plans[i] for i in alive])

    raced = race(play, k, rounds=max(1, worlds // ROUND_WORLDS), z=Z_ELIMINATE, flat=FLAT, min_rounds=2,
                 preference=[0 if i == greedy else i + 1 for i in range(k)])
    return Judgement(tuple(plans), texts, raced.means, raced.stderrs, raced.alive, raced.best, greedy,
                     max(raced.worlds), raced.spent)
