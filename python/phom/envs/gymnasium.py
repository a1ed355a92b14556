"""Gymnasium for every game with a session (``phom.envs.sessions``): one learning seat against bots,
alone (``GameEnv``: ``phom/Phom-v0``, ``phom/TienLen-v0``, ``env_id(game)`` for any registered game) or
many at once in the game's compiled engine (``GameVectorEnv``). Each is written once (``CardGameEnv``,
``CardGameVectorEnv``) over the game's session; the classes named after a game (``PhomEnv``,
``TienLenVectorEnv`` …) live in its folder and only name it.

Importing this module registers an id for every registered game with a session. What follows describes Phỏm, and the other game's envs work
alike (its plays spelled as its session spells them). Observations are ``float32[OBSERVATION_SIZE]``;
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
import unicodedata
from collections.abc import Mapping, Sequence
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

from ..games import DEFAULT_GAME, game_kind, game_spec, game_specs  # noqa: E402
from ..moved import forwarding  # noqa: E402
from ..version import PACKAGE  # noqa: E402
from .sessions import Session, VectorSession, session_for  # noqa: E402

__all__ = ["ENV_ID", "TIENLEN_ENV_ID", "CardGameEnv", "CardGameVectorEnv", "GameEnv", "GameVectorEnv", "PhomEnv",
           "PhomVectorEnv", "TienLenEnv", "TienLenVectorEnv", "env_id", "register_envs"]

#: the classes named after a game, in their game's folder (each a ``GameEnv`` or ``GameVectorEnv`` of it)
__getattr__ = forwarding(__name__, {"PhomEnv": "phom.phom.gym", "PhomVectorEnv": "phom.phom.gym",
                                    "TienLenEnv": "phom.tienlen.gym", "TienLenVectorEnv": "phom.tienlen.gym",
                                    "TIENLEN_ENV_ID": "phom.tienlen.gym"})


class CardGameEnv(gymnasium.Env):
    """One learning ``seat`` against bots (one per other seat, in seat order) in a ``Session`` (any
    game's, ``phom.envs.sessions``). The bots move between the learner's turns."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(self, session: Session, bots: Sequence[Any], *, seat: int = 0, illegal_reward: float = -5.0,
                 render_mode: str | None = None) -> None:
        n = session.players
        if len(bots) != n - 1:
            raise ValueError(f"opponents names {len(bots)} bots; {n} players need {n - 1}")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat {seat!r} is not a seat from 0 to {n - 1}")
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode {render_mode!r}: choose None, 'ansi' or 'human'")
        for i, bot in enumerate(bots):
            if not callable(getattr(bot, "act", None)):
                raise ValueError(f"opponents[{i}] = {bot!r} is neither a bot name nor a bot")
        self.session = session
        self.seat = seat
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        others = [q for q in range(n) if q != seat]
        self.bots: dict[int, Any] = dict(zip(others, bots))
        self.observation_space = spaces.Box(0.0, 1.0, (session.observation_size,), dtype=np.float32)
        self.action_space = spaces.Discrete(session.num_actions)
        self._rng = random.Random()
        self.session.new(self._rng.randrange(2**63))

    @property
    def game(self) -> Any:
        """The game being played."""
        return self.session.game

    def _info(self) -> dict[str, Any]:
        mask = self.session.legal_mask() if self.session.to_move == self.seat \
            else np.zeros(self.session.num_actions, dtype=np.int8)
        return {"action_mask": mask}

    def _bots_move(self) -> None:
        while not self.session.is_over and self.session.to_move != self.seat:
            p = self.session.to_move
            assert p is not None
            self.session.bot_moves(self.bots[p])

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
            for q, bot in self.bots.items():
                reseed = getattr(bot, "reseed", None)
                if reseed is not None:
                    reseed(seed * 7919 + q)
        while True:       # deal again a game that ends before the learner's first turn (a tới trắng)
            self.session.new(self._rng.randrange(2**63), leader=self._rng.randrange(self.session.players))
            self._bots_move()
            if not self.session.is_over:
                return self.session.observation(self.seat), self._info()

    def step(self, action: int) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        if self.session.is_over:
            raise ValueError("the episode is over: call reset()")
        why = self.session.refusal(action)
        if why is not None:
            info = self._info()
            info["illegal_action"] = why
            return self.session.observation(self.seat), self.illegal_reward, True, False, info
        self.session.apply_id(int(action))
        self._bots_move()
        reward = float(self.session.net[self.seat]) if self.session.is_over else 0.0
        if self.render_mode == "human":
            self.render()
        return self.session.observation(self.seat), reward, self.session.is_over, False, self._info()

    def render(self) -> str | None:
        return self.session.render(self.render_mode)


def _bots(opponents: Sequence[Any], make: Any) -> list[Any]:
    if isinstance(opponents, str):
        raise ValueError("opponents must be a sequence of bot names or bots, one per other seat")
    return [make(b) if isinstance(b, str) else b for b in opponents]


def _seated(game: str, opponents: Sequence[Any], rules: Any) -> tuple[Session, list[Any]]:
    """The session of ``game`` under ``rules`` (None: the game's defaults for one seat more than
    ``opponents``) and the opponents' bots (names made by the game's ``make_bot``), by its kind."""
    kind = game_kind(game)
    bots = _bots(opponents, kind.make_bot)
    return session_for(game, rules if rules is not None else kind.rules({"players": len(bots) + 1})), bots


def env_id(game: str) -> str:
    """The Gymnasium id of a registered game's env: the package, then the game's English title in plain
    letters, its words run together, then ``-v0``.

    >>> env_id("tienlen")
    'phom/TienLen-v0'
    """
    plain = unicodedata.normalize("NFKD", game_spec(game).title("en").replace("đ", "d").replace("Đ", "D"))
    words = "".join(c for c in plain if not unicodedata.combining(c)).split()
    return f"{PACKAGE}/{''.join(w[:1].upper() + w[1:] for w in words)}-v0"


class GameEnv(CardGameEnv):
    """One learning ``seat`` of the registered ``game`` against ``opponents``: its bots' names (its
    ``make_bot``) or bot objects, one per other seat in seat order; by default its default bot in every
    other seat of ``rules``, or of its usual table (``GameSpec.default_seats``). ``gymnasium.make(
    env_id(game))`` makes one.

    >>> env = GameEnv(game="tienlen", opponents=("greedy",))
    >>> env.session.players, env.reset(seed=1)[0].shape == env.observation_space.shape
    (2, True)
    """

    def __init__(self, opponents: Sequence[Any] | None = None, *, game: str = DEFAULT_GAME, rules: Any = None,
                 seat: int = 0, illegal_reward: float = -5.0, render_mode: str | None = None) -> None:
        if opponents is None:
            seats = rules.players if rules is not None else game_spec(game).default_seats
            opponents = (game_kind(game).default_bot,) * (seats - 1)
        session, bots = _seated(game, opponents, rules)
        self.rules: Any = session.rules
        super().__init__(session, bots, seat=seat, illegal_reward=illegal_reward, render_mode=render_mode)


def _seat_policies(num_envs: object, seat: object, opponents: str | Sequence[str], players: int,
                   policies: Mapping[str, Any]) -> list[str]:
    """A vector env's arguments checked; the core policy of every seat (the learner's is never used)."""
    if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
        raise ValueError(f"num_envs {num_envs!r} must be a whole number ≥ 1")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"seat {seat!r} is not a seat from 0 to {players - 1}")
    names = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
    if len(names) != players - 1 or any(name not in policies for name in names):
        raise ValueError(f"opponents must be one of {sorted(policies)} or one per other seat ({players - 1})")
    return names[:seat] + ["random"] + names[seat:]


class CardGameVectorEnv(VectorEnv):
    """``num_envs`` games of a ``Session``'s game in its compiled engine (``Session.vector``), one learning
    ``seat`` in each, the other seats played by the engine's policies (``opponents``: ``"greedy"`` or
    ``"random"``, one for all or one per other seat).

    Autoreset mode ``NEXT_STEP`` (Gymnasium's default): the step after an episode ends ignores that
    environment's action and returns the first observation of a new game (reward 0). Illegal actions
    end that episode with ``illegal_reward``; ``info["action_mask"]`` holds the legal ids.
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(self, session: Session, num_envs: int, *, opponents: str | Sequence[str] = "greedy", seat: int = 0,
                 illegal_reward: float = -5.0) -> None:
        self.rules: Any = session.rules
        self.policies = _seat_policies(num_envs, seat, opponents, session.players, session.vector_policies)
        self.num_envs = num_envs
        self.seat = seat
        self.illegal_reward = float(illegal_reward)
        self.single_observation_space = spaces.Box(0.0, 1.0, (session.observation_size,), dtype=np.float32)
        self.single_action_space = spaces.Discrete(session.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.vector: VectorSession = session.vector(num_envs)
        self._ended = np.zeros(num_envs, dtype=bool)

    @property
    def games(self) -> Any:
        """The games in the engine (the vector session's)."""
        return self.vector.games

    def _observe(self) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        observation, mask = self.vector.observe(self.seat)
        return observation, {"action_mask": mask}

    def _deal(self, games: npt.NDArray[np.intp]) -> None:
        """New games for these indices, played on to the learner's first turn (games that end before
        it are dealt again)."""
        while games.size:
            self.vector.reset(games)
            self.vector.advance(self.seat, self.policies)
            games = games[self.vector.done[games]]

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        self.vector.new(seed)
        self.vector.advance(self.seat, self.policies)
        self._deal(np.flatnonzero(self.vector.done))
        self._ended[:] = False
        return self._observe()

    def step(self, actions: npt.ArrayLike) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float64],
                                                   npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]]:
        ids = np.asarray(actions).astype(np.int64).reshape(self.num_envs)
        restart = self._ended.copy()
        self._deal(np.flatnonzero(restart))
        illegal, moved = self.vector.act(ids, restart, self.seat)
        self.vector.advance(self.seat, self.policies)
        finished = moved & self.vector.done
        rewards = np.where(finished, self.vector.net[:, self.seat], 0).astype(np.float64)
        rewards[illegal] = self.illegal_reward
        terminated = finished | illegal
        self._ended = terminated.copy()
        observation, info = self._observe()
        info["illegal_action"] = illegal
        return observation, rewards, terminated, np.zeros(self.num_envs, dtype=bool), info


class GameVectorEnv(CardGameVectorEnv):
    """``num_envs`` games of the registered ``game`` in its compiled engine (its session's ``vector``);
    see ``CardGameVectorEnv``.

    >>> envs = GameVectorEnv(4, game="tienlen")
    >>> envs.reset(seed=2)[0].shape[0]
    4
    """

    def __init__(self, num_envs: int, *, game: str = DEFAULT_GAME, opponents: str | Sequence[str] = "greedy",
                 rules: Any = None, seat: int = 0, illegal_reward: float = -5.0) -> None:
        super().__init__(session_for(game, rules), num_envs, opponents=opponents, seat=seat,
                         illegal_reward=illegal_reward)


def register_envs() -> list[str]:
    """Register ``env_id(game)`` (a ``GameEnv`` of it) for every registered game with an adapters'
    session, as importing this module does; idempotent. The ids registered."""
    ids = []
    for spec in game_specs():
        if "session" in spec.lacks or not hasattr(spec.kind, "session"):
            continue                                   # it says it has none (GameSpec.lacks)
        ids.append(env_id(spec.name))
        if ids[-1] not in gymnasium.registry:
            gymnasium.register(id=ids[-1], entry_point=f"{__name__}:GameEnv", kwargs={"game": spec.name})
    return ids


register_envs()
#: the default game's id (``phom/Phom-v0``)
ENV_ID = env_id(DEFAULT_GAME)
