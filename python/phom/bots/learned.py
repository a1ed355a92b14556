"""Shim: ``phom.phom.bots.learned`` under its old path, the same objects.

>>> from phom.bots.learned import LearnedBot
>>> from phom.phom.bots import learned
>>> LearnedBot is learned.LearnedBot
True
"""

from __future__ import annotations

from ..phom.bots.learned import (
    ACTION_FEATURES, INPUT_SIZE, LearnedBot, QNetwork, action_features, candidate_ids, masks_of,
)

__all__ = ["ACTION_FEATURES", "INPUT_SIZE", "LearnedBot", "QNetwork", "action_features", "candidate_ids", "masks_of"]
