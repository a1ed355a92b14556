"""Shim: ``phom.budget`` (``best``'s budget) under its old path, the same objects.

>>> from phom.bots.budget import best_worlds
>>> from phom import budget
>>> best_worlds is budget.best_worlds
True
"""

from __future__ import annotations

from ..budget import BEST_MS, BEST_WORLDS_PER_MS, best_worlds

__all__ = ["BEST_MS", "BEST_WORLDS_PER_MS", "best_worlds"]
