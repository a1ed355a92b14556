"""Phỏm as a PettingZoo AEC environment, in the style of PettingZoo's classic card games.

Agents ``player_0`` … ``player_{N-1}``; each observes ``{"observation": float32[OBSERVATION_SIZE],
"action_mask": int8[NUM_ACTIONS]}`` (the mask is all zeros unless the agent is to move); actions are
phom's integer ids; rewards are the net stakes, paid at the end. ``env()`` wraps ``raw_env`` in
PettingZoo's checks (an illegal action ends the game with −1 for its player).

>>> from phom.envs.pettingzoo import env
>>> e = env()
>>> e.reset(seed=3)
>>> observation, reward, termination, truncation, info = e.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum()) > 0, e.agent_selection
((807,), True, 'player_0')
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import numpy.typing as npt

from ..extras import missing_extra

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError:
    raise missing_extra("rl", "phom.envs.pettingzoo (PettingZoo)") from None

from ..actions import NUM_ACTIONS, Action  # noqa: E402
from ..game import Game  # noqa: E402
from ..observation import OBSERVATION_SIZE  # noqa: E402
from ..rules import Rules  # noqa: E402
from ..render import render_text  # noqa: E402

__all__ = ["env", "raw_env"]

RENDER_MODES = ("ansi", "human")


def env(rules: Rules | None = None, render_mode: str | None = None) -> Any:
    """The environment with PettingZoo's standard wrappers (illegal action → −1 and the game ends)."""
    wrapped: Any = raw_env(rules=rules, render_mode=render_mode)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):  # type: ignore[misc]   # noqa: N801 (PettingZoo's name)
    """The bare AEC environment (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "phom_v0", "is_parallelizable": False,
                "render_fps": 1}

    def __init__(self, rules: Rules | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        self.rules = rules if rules is not None else Rules()
        if not isinstance(self.rules, Rules):
            raise ValueError(f"rules {rules!r} is not a phom.Rules")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode {render_mode!r}: choose None, 'ansi' or 'human'")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.rules.players)]
        self.agents = self.possible_agents[:]
        observation = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), dtype=np.int8),
        })
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._rng = random.Random()
        self.game = Game(self.rules, seed=self._rng.randrange(2**63))

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = self._seat(agent)
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if self.game.to_move == seat:
            mask[self.game.legal_action_mask()] = 1
        return {"observation": self.game.observation(seat), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.game = Game(self.rules, seed=self._rng.randrange(2**63))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.to_move or 0]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or not 0 <= int(action) < NUM_ACTIONS:
            raise ValueError(f"action {action!r} is not an action id from 0 to {NUM_ACTIONS - 1}")
        self.game.apply(Action.from_id(int(action)))
        self._cumulative_rewards[agent] = 0
        if self.game.is_over:
            result = self.game.result
            assert result is not None
            self.rewards = {a: int(result.net[i]) for i, a in enumerate(self.possible_agents)}
            self.terminations = {a: True for a in self.agents}
        else:
            self.rewards = {a: 0 for a in self.agents}
            self.agent_selection = self.possible_agents[self.game.to_move or 0]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            warnings.warn("render() was called without a render_mode (choose 'ansi' or 'human')", stacklevel=2)
        return render_text(self.game, self.render_mode)

    def close(self) -> None:
        pass
