"""RandomBot: uniform over the legal actions.

>>> from phom import Game
>>> game = Game(seed=1)
>>> RandomBot(seed=3).act(game.view(0)) in game.legal_actions()
True
"""

from __future__ import annotations

from ...bot_base import UniformBot

__all__ = ["RandomBot"]


class RandomBot(UniformBot):
    """Uniform over the legal actions; ``seed`` makes it reproducible (``phom.bot_base.UniformBot``)."""
