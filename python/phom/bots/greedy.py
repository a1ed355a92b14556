"""Shim: ``phom.phom.bots.greedy`` under its old path, the same objects.

>>> from phom.bots.greedy import GreedyBot
>>> from phom.phom.bots import greedy
>>> GreedyBot is greedy.GreedyBot
True
"""

from __future__ import annotations

from ..phom.bots.greedy import (
    U_REGRET, GreedyBot, discard_regret, eat_helps, fewest_points_after_discard, greedy_action, soft_discard_odds,
)

__all__ = ["U_REGRET", "GreedyBot", "discard_regret", "eat_helps", "fewest_points_after_discard", "greedy_action", "soft_discard_odds"]
