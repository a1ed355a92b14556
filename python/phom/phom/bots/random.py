"""RandomBot: uniform over the legal actions.

>>> from phom import Game
>>> game = Game(seed=1)
>>> RandomBot(seed=3).act(game.view(0)) in game.legal_actions()
True
"""

from __future__ import annotations

import random

from ..actions import Action
from ..view import PlayerView

__all__ = ["RandomBot"]


class RandomBot:
    """Uniform over the legal actions; ``seed`` makes it reproducible."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def act(self, view: PlayerView) -> Action:
        if not view.legal_actions:
            raise ValueError(f"player {view.player} has no action to take now")
        return self.rng.choice(view.legal_actions)
