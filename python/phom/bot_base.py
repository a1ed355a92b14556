"""What every game's bots share, whatever the game: a random generator seeded once and reseeded per
decision (``Seeded``: the simulation, the arena and a hosted table reseed a bot that draws), the guard
against a view that offers nothing to do (``offered``), and the bot that plays uniformly at random over
what is offered (``UniformBot``; Phỏm's ``RandomBot`` and Tiến lên's ``RandomTienLenBot`` are it).

>>> from phom import Game
>>> game = Game(seed=1)
>>> UniformBot(seed=3).act(game.view(0)) in game.legal_actions()
True
>>> offered(game.view(1))
Traceback (most recent call last):
...
ValueError: player 1 has no action to take now
"""

from __future__ import annotations

import random
from typing import Any

__all__ = ["Seeded", "UniformBot", "offered"]


def offered(view: Any) -> list[Any]:
    """The legal actions ``view`` offers its seat; ValueError naming the seat when it offers none."""
    if not view.legal_actions:
        raise ValueError(f"player {view.player} has no action to take now")
    return list(view.legal_actions)


class Seeded:
    """A bot that draws: ``rng``, seeded by ``seed`` (None: any), and ``reseed(seed)``."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)


class UniformBot(Seeded):
    """Uniform over the legal actions; ``seed`` makes it reproducible."""

    name = "random"

    def act(self, view: Any) -> Any:
        return self.rng.choice(offered(view))
