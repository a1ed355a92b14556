"""Phỏm's Gymnasium classes under their own names (``phom.envs.gymnasium.PhomEnv`` and
``PhomVectorEnv`` still import): the shared ``GameEnv`` and ``GameVectorEnv`` playing Phỏm.

>>> env = PhomEnv(opponents=("greedy",))
>>> env.session.players, env.reset(seed=3)[0].shape
(2, (807,))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..envs.gymnasium import GameEnv, GameVectorEnv

__all__ = ["PhomEnv", "PhomVectorEnv"]


class PhomEnv(GameEnv):
    """Phỏm: one learning ``seat`` against ``opponents``, bot names (``make_bot``) or bot objects."""

    def __init__(self, opponents: Sequence[Any] = ("greedy", "greedy", "greedy"), *, rules: Any = None, seat: int = 0,
                 illegal_reward: float = -5.0, render_mode: str | None = None) -> None:
        super().__init__(opponents, game="phom", rules=rules, seat=seat, illegal_reward=illegal_reward,
                         render_mode=render_mode)


class PhomVectorEnv(GameVectorEnv):
    """``num_envs`` Phỏm games in the compiled engine (``VectorGame``), one learning ``seat`` in each, the
    other seats played by core policies; see ``CardGameVectorEnv``."""

    def __init__(self, num_envs: int, *, opponents: str | Sequence[str] = "greedy", rules: Any = None,
                 seat: int = 0, illegal_reward: float = -5.0) -> None:
        super().__init__(num_envs, game="phom", opponents=opponents, rules=rules, seat=seat,
                         illegal_reward=illegal_reward)
