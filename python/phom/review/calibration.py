"""The review's measured scales: the label thresholds and the rating ladder.

The thresholds are in stakes, per game: 2.5 %, 5 % and 10 % of the spread of a game's money (the
standard deviation of a seat's net under greedy self-play: 5.6 stakes in Phỏm, 4.8 in Tiến lên;
``spread_of`` measures it), the proportions of GNU Backgammon's 0.04 / 0.08 / 0.16 to a money game's
spread. A label is given only when the lower end of the loss's 95 % interval clears its threshold,
so noise alone cannot earn one (benchmarks/LADDER.md shows how often a label survives a re-review).

The ladder (``ladder.json`` beside this file, written by ``benchmarks/review_ladder.py``) holds the
mean loss per unforced decision of the project's own bots, reviewed over many games with mixed
seats; a player's error rate is placed on it: the level (``level:N``) of the bot nearest on a log
scale (``phom.levels.level_of``).

>>> label_of("phom", 0.0) is None, label_of("phom", 10.0)
(True, 'blunder')
>>> rating_of("phom", 0.0), rating_of("phom", 5.0)
('level:8', 'level:1')
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from typing import Any

from ..levels import level_of
from ..games import game_kind
from ..moved import forwarding

__all__ = ["FRACTIONS", "STANDIN_UNRATED", "label_for", "label_of", "ladder", "rating_of", "spread_of",
           "thresholds_of"]

#: each game's thresholds moved to its folder, still read here
__getattr__ = forwarding(__name__, {"PHOM_THRESHOLDS": "phom.phom.review_replay",
                                    "TIENLEN_THRESHOLDS": "phom.tienlen.review_replay"})


_NAMES = ("inaccuracy", "mistake", "blunder")


#: The fractions of the money's spread that make the three thresholds.
FRACTIONS = (0.025, 0.05, 0.10)


def spread_of(game: str, games: int = 4096) -> float:
    """The standard deviation of seat 0's money over ``games`` greedy self-play deals of ``game`` (a fixed
    seed; ``GameKind.money_spread``)."""
    return game_kind(game).money_spread(games)


def thresholds_of(game: str) -> tuple[float, float, float]:
    """The review's (inaccuracy, mistake, blunder) thresholds in ``game``, in stakes.

    >>> thresholds_of("phom")
    (0.14, 0.28, 0.56)
    """
    return game_kind(game).label_thresholds


def label_of(game: str, lower: float) -> str | None:
    """The label a loss earns in ``game`` when the lower end of its 95 % interval is ``lower``."""
    return label_for(thresholds_of(game), lower)


def label_for(thresholds: Sequence[float], lower: float) -> str | None:
    """The label a loss earns under ``thresholds`` (inaccuracy, mistake, blunder in stakes) when the
    lower end of its 95 % interval is ``lower``.

    >>> label_for((0.1, 0.2, 0.4), 0.25)
    'mistake'
    """
    label = None
    for name, threshold in zip(_NAMES, thresholds):
        if lower >= threshold:
            label = name
    return label


@lru_cache(maxsize=1)
def _ladder_data() -> dict[str, Any]:
    text = resources.files("phom.review").joinpath("ladder.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def ladder(game: str) -> list[dict[str, Any]]:
    """The measured rungs of one game, strongest first: ``bot``, ``error_rate``, ``low``, ``high``
    (its 95 % interval), ``decisions``."""
    rungs: list[dict[str, Any]] = _ladder_data().get(game, [])
    return sorted(rungs, key=lambda rung: rung["error_rate"])


#: the rating of a seat whose every choice the table's stand-in made (nothing of the player's to rate)
STANDIN_UNRATED = "unrated: the stand-in made every choice"


def rating_of(game: str, error_rate: float) -> str:
    """``level:N``: the level of the rung whose error rate is nearest on a log scale (among the rungs
    that play like a level)."""
    rungs = [rung for rung in ladder(game) if level_of(game, rung["bot"]) is not None]
    if not rungs:
        return "unrated: no ladder has been measured for this game"
    floor = 1e-3
    nearest = min(rungs, key=lambda r: abs(math.log(max(r["error_rate"], floor)) - math.log(max(error_rate, floor))))
    return f"level:{level_of(game, nearest['bot'])}"
