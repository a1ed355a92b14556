"""Phỏm and Tiến lên as PettingZoo AEC environments, in the style of PettingZoo's classic card games.

Agents ``player_0`` … ``player_{N-1}``; each observes ``{"observation": float32[...], "action_mask":
int8[...]}`` (the mask is all zeros unless the agent is to move); rewards are the net stakes, paid at
the end. ``env(game="phom")`` takes phom's integer ids; ``env(game="tienlen")`` spells each play card
by card (``phom.tienlen.actions``: 54 ids, a play of k cards in k + 1 steps of the same agent).
``env()`` wraps ``raw_env`` in PettingZoo's checks (an illegal action ends the game with −1 for its
player).

>>> from phom.envs.pettingzoo import env
>>> e = env()
>>> e.reset(seed=3)
>>> observation, reward, termination, truncation, info = e.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum()) > 0, e.agent_selection
((807,), True, 'player_0')
>>> tienlen = env(game="tienlen")
>>> tienlen.reset(seed=3)
>>> int(tienlen.action_space(tienlen.agent_selection).n)
54
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import numpy.typing as npt

from ..extras import missing_extra
from ..games import DEFAULT_GAME

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError:
    raise missing_extra("rl", "phom.envs.pettingzoo (PettingZoo)") from None

from .sessions import session_for  # noqa: E402

__all__ = ["env", "raw_env"]

RENDER_MODES = ("ansi", "human")


def env(rules: Any = None, render_mode: str | None = None, game: str = DEFAULT_GAME) -> Any:
    """The environment of ``game`` (a registered game with a session, ``phom.envs.sessions.session_for``:
    ``"phom"``, ``"tienlen"``; ``rules`` of that game) with
    PettingZoo's standard wrappers (illegal action → −1 and the game ends)."""
    wrapped: Any = raw_env(rules=rules, render_mode=render_mode, game=game)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):  # type: ignore[misc]   # noqa: N801 (PettingZoo's name)
    """The bare AEC environment (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "phom_v0", "is_parallelizable": False,
                "render_fps": 1}

    def __init__(self, rules: Any = None, render_mode: str | None = None, game: str = DEFAULT_GAME) -> None:
        super().__init__()
        self.session = session_for(game, rules)
        self.rules = self.session.rules
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode {render_mode!r}: choose None, 'ansi' or 'human'")
        self.metadata = {**self.metadata, "name": f"{game}_v0"}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.session.players)]
        self.agents = self.possible_agents[:]
        observation = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.session.observation_size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self.session.num_actions,), dtype=np.int8),
        })
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.session.num_actions) for a in self.possible_agents}
        self._rng = random.Random()
        self.session.new(self._rng.randrange(2**63))

    @property
    def game(self) -> Any:
        """The game being played (a ``Game`` or a ``TienLenGame``)."""
        return self.session.game

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = self._seat(agent)
        mask = self.session.legal_mask() if self.session.to_move == seat \
            else np.zeros(self.session.num_actions, dtype=np.int8)
        return {"observation": self.session.observation(seat), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.session.new(self._rng.randrange(2**63))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_move(dealt=True)

    def _after_move(self, dealt: bool = False) -> None:
        if self.session.is_over:      # a tới trắng can end a Tiến lên game before its first move
            self.rewards = {a: int(self.session.net[i]) for i, a in enumerate(self.possible_agents)}
            self.terminations = {a: True for a in self.agents}
            if dealt:
                self.agent_selection = self.possible_agents[0]
        else:
            self.rewards = {a: 0 for a in self.agents}
            self.agent_selection = self.possible_agents[self.session.to_move or 0]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        why = self.session.refusal(action) if action is not None else "no action given"
        if why is not None:
            raise ValueError(f"action {action!r} is refused: {why}")
        self.session.apply_id(int(action))   # type: ignore[arg-type]
        self._cumulative_rewards[agent] = 0
        self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            warnings.warn("render() was called without a render_mode (choose 'ansi' or 'human')", stacklevel=2)
        return self.session.render(self.render_mode)

    def close(self) -> None:
        pass
