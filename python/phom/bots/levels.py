"""Shim: ``phom.levels`` (both games' bot levels) under its old path, the same objects.

>>> from phom.bots.levels import LEVELS
>>> from phom import levels
>>> LEVELS is levels.LEVELS
True
"""

from __future__ import annotations

from ..levels import LEVELS, Level, Recipe, level_number, level_of, level_recipe

__all__ = ["LEVELS", "Level", "Recipe", "level_number", "level_of", "level_recipe"]
