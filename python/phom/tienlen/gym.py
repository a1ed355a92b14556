"""Tiến lên's Gymnasium classes under their own names (``phom.envs.gymnasium.TienLenEnv``,
``TienLenVectorEnv`` and ``TIENLEN_ENV_ID`` still import): the shared ``GameEnv`` and ``GameVectorEnv``
playing Tiến lên.

>>> TIENLEN_ENV_ID, TienLenEnv(opponents=("greedy", "random")).session.players
('phom/TienLen-v0', 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..envs.gymnasium import GameEnv, GameVectorEnv, env_id

__all__ = ["TIENLEN_ENV_ID", "TienLenEnv", "TienLenVectorEnv"]

#: Tiến lên's Gymnasium id
TIENLEN_ENV_ID = env_id("tienlen")


class TienLenEnv(GameEnv):
    """Tiến lên (``phom/TienLen-v0``): one learning ``seat`` against ``opponents`` (``make_tienlen_bot``
    names or bots), first games, each play spelled card by card (its session's ids)."""

    def __init__(self, opponents: Sequence[Any] = ("greedy", "greedy", "greedy"), *, rules: Any = None, seat: int = 0,
                 illegal_reward: float = -5.0, render_mode: str | None = None) -> None:
        super().__init__(opponents, game="tienlen", rules=rules, seat=seat, illegal_reward=illegal_reward,
                         render_mode=render_mode)


class TienLenVectorEnv(GameVectorEnv):
    """``num_envs`` Tiến lên games in the compiled engine, one learning ``seat`` in each, the other seats
    played by core policies; plays are spelled card by card, a pick changing only the selection, which
    the observation's last 52 floats show. See ``CardGameVectorEnv``."""

    def __init__(self, num_envs: int, *, opponents: str | Sequence[str] = "greedy", rules: Any = None,
                 seat: int = 0, illegal_reward: float = -5.0) -> None:
        super().__init__(num_envs, game="tienlen", opponents=opponents, rules=rules, seat=seat,
                         illegal_reward=illegal_reward)
