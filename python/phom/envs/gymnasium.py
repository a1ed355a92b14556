"""Phỏm for Gymnasium: one learning seat against bots, alone (``phom/Phom-v0``) or many at once in the
compiled engine (``PhomVectorEnv``).

Importing this module registers ``phom/Phom-v0``. Observations are ``float32[OBSERVATION_SIZE]``;
actions are phom's ids (``Discrete(NUM_ACTIONS)``) with the legal ones in ``info["action_mask"]``
(int8); the reward is the learning seat's net stakes, paid when the game ends. An illegal action ends
the episode with ``illegal_reward`` and says why in ``info["illegal_action"]``.

>>> import gymnasium
>>> import phom.envs.gymnasium
>>> env = gymnasium.make("phom/Phom-v0", opponents=("greedy", "random", "random"))
>>> observation, info = env.reset(seed=4)
>>> observation.shape, int(info["action_mask"].sum()) > 0
((807,), True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..extras import missing_extra

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError:
    raise missing_extra("rl", "phom.envs.gymnasium (Gymnasium)") from None

from ..actions import NUM_ACTIONS, Action  # noqa: E402
from ..bots import Bot, make_bot  # noqa: E402
from ..game import Game  # noqa: E402
from ..observation import OBSERVATION_SIZE  # noqa: E402
from ..referee import refusal  # noqa: E402
from ..render import render_text  # noqa: E402
from ..rules import Rules  # noqa: E402
from ..vector import POLICIES, VectorGame  # noqa: E402

__all__ = ["ENV_ID", "PhomEnv", "PhomVectorEnv"]

ENV_ID = "phom/Phom-v0"


def _rules(rules: Rules | None, players: int | None) -> Rules:
    if rules is not None and not isinstance(rules, Rules):
        raise ValueError(f"rules {rules!r} is not a phom.Rules")
    if rules is None:
        rules = Rules(players=players) if players is not None else Rules()
    return rules


class PhomEnv(gymnasium.Env):
    """One learning seat (``seat``) against ``opponents``: bot names (``make_bot``) or bot objects,
    one per other seat, in seat order. The opponents move between the learner's turns."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(self, opponents: Sequence[str | Bot] = ("greedy", "greedy", "greedy"), *,
                 rules: Rules | None = None, seat: int = 0, illegal_reward: float = -5.0,
                 render_mode: str | None = None) -> None:
        if isinstance(opponents, str):
            raise ValueError("opponents must be a sequence of bot names or bots, one per other seat")
        self.rules = _rules(rules, len(opponents) + 1)
        n = self.rules.players
        if len(opponents) != n - 1:
            raise ValueError(f"opponents names {len(opponents)} bots; {n} players need {n - 1}")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat {seat!r} is not a seat from 0 to {n - 1}")
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode {render_mode!r}: choose None, 'ansi' or 'human'")
        bots = [make_bot(b) if isinstance(b, str) else b for b in opponents]
        for i, bot in enumerate(bots):
            if not callable(getattr(bot, "act", None)):
                raise ValueError(f"opponents[{i}] = {bot!r} is neither a bot name nor a bot")
        self.seat = seat
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        others = [q for q in range(n) if q != seat]
        self.bots: dict[int, Bot] = dict(zip(others, bots))
        self.observation_space = spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), dtype=np.float32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self._rng = random.Random()
        self.game = Game(self.rules, seed=self._rng.randrange(2**63))

    def _info(self) -> dict[str, Any]:
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if self.game.to_move == self.seat:
            mask[self.game.legal_action_mask()] = 1
        return {"action_mask": mask}

    def _bots_move(self) -> None:
        while not self.game.is_over and self.game.to_move != self.seat:
            p = self.game.to_move
            assert p is not None
            self.game.apply(self.bots[p].act(self.game.view(p)))

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
            for q, bot in self.bots.items():
                reseed = getattr(bot, "reseed", None)
                if reseed is not None:
                    reseed(seed * 7919 + q)
        self.game = Game(self.rules, seed=self._rng.randrange(2**63), leader=self._rng.randrange(self.rules.players))
        self._bots_move()
        return self.game.observation(self.seat), self._info()

    def step(self, action: int) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        if self.game.is_over:
            raise ValueError("the episode is over: call reset()")
        chosen = Action.from_id(int(action)) if 0 <= int(action) < NUM_ACTIONS else None
        if chosen is None or chosen.id not in self.game.legal_action_mask().nonzero()[0]:
            why = refusal(self.rules, self.game.state, chosen) if chosen else f"{action} is not an action id"
            info = self._info()
            info["illegal_action"] = why
            return self.game.observation(self.seat), self.illegal_reward, True, False, info
        self.game.apply(chosen)
        self._bots_move()
        reward = 0.0
        if self.game.is_over:
            assert self.game.result is not None
            reward = float(self.game.result.net[self.seat])
        if self.render_mode == "human":
            self.render()
        return self.game.observation(self.seat), reward, self.game.is_over, False, self._info()

    def render(self) -> str | None:
        return render_text(self.game, self.render_mode)


class PhomVectorEnv(VectorEnv):
    """``num_envs`` games in the compiled engine, one learning ``seat`` in each, the other seats played
    by core policies (``opponents``: ``"greedy"`` or ``"random"``, one for all or one per other seat).

    Autoreset mode ``NEXT_STEP`` (Gymnasium's default): the step after an episode ends ignores that
    environment's action and returns the first observation of a new game (reward 0). Illegal actions
    end that episode with ``illegal_reward``; ``info["action_mask"]`` holds the legal ids.
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(self, num_envs: int, *, opponents: str | Sequence[str] = "greedy", rules: Rules | None = None,
                 seat: int = 0, illegal_reward: float = -5.0) -> None:
        self.rules = _rules(rules, None)
        n = self.rules.players
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs {num_envs!r} must be a whole number ≥ 1")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat {seat!r} is not a seat from 0 to {n - 1}")
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != n - 1 or any(name not in POLICIES for name in names):
            raise ValueError(f"opponents must be one of {sorted(POLICIES)} or one per other seat ({n - 1})")
        self.policies = names[:seat] + ["random"] + names[seat:]   # the learner's entry is never used
        self.num_envs = num_envs
        self.seat = seat
        self.illegal_reward = float(illegal_reward)
        self.single_observation_space = spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), dtype=np.float32)
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.games = VectorGame(num_envs, self.rules, seed=0)
        self._ended = np.zeros(num_envs, dtype=bool)

    def _observe(self) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        mask = self.games.legal_mask()
        mask[self.games.to_move != self.seat] = False
        return self.games.observation(self.seat), {"action_mask": mask.astype(np.int8)}

    def _deal(self, games: npt.NDArray[np.intp]) -> None:
        """New games for these indices, played on to the learner's first turn (games that end before
        it are dealt again)."""
        while games.size:
            self.games.reset(games)
            self.games.advance(self.seat, self.policies)
            games = games[self.games.done[games]]

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        self.games = VectorGame(self.num_envs, self.rules, seed=seed)
        self.games.advance(self.seat, self.policies)
        self._deal(np.flatnonzero(self.games.done))
        self._ended[:] = False
        return self._observe()

    def step(self, actions: npt.ArrayLike) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float64],
                                                   npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]]:
        ids = np.asarray(actions).astype(np.int64).reshape(self.num_envs)
        restart = self._ended.copy()
        self._deal(np.flatnonzero(restart))
        legal = self.games.legal_mask()
        live = ~restart & ~self.games.done
        in_range = np.flatnonzero((ids >= 0) & (ids < NUM_ACTIONS))
        ok = np.zeros(self.num_envs, dtype=bool)
        ok[in_range] = legal[in_range, ids[in_range]]
        ok &= live
        illegal = live & ~ok
        self.games.step(np.where(ok, ids, -1), only=ok)
        self.games.advance(self.seat, self.policies)
        finished = ok & self.games.done
        rewards = np.where(finished, self.games.net[:, self.seat], 0).astype(np.float64)
        rewards[illegal] = self.illegal_reward
        terminated = finished | illegal
        self._ended = terminated.copy()
        observation, info = self._observe()
        info["illegal_action"] = illegal
        return observation, rewards, terminated, np.zeros(self.num_envs, dtype=bool), info


gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:PhomEnv")
