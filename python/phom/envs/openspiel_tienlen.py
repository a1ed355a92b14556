"""Shim: ``phom.tienlen.openspiel`` (Tiến lên's OpenSpiel game) under its old path, the same objects.

>>> from phom.envs.openspiel_tienlen import TienLenSpielGame
>>> from phom.tienlen import openspiel
>>> TienLenSpielGame is openspiel.TienLenSpielGame
True
"""

from __future__ import annotations

from ..tienlen.openspiel import (
    GAME_NAME, INFO_STATE_SIZE, OBSERVER_SIZE, TienLenObserver, TienLenSpielGame, TienLenSpielState, tienlen_game_type,
)

__all__ = ["GAME_NAME", "INFO_STATE_SIZE", "OBSERVER_SIZE", "TienLenObserver", "TienLenSpielGame", "TienLenSpielState",
           "tienlen_game_type"]
