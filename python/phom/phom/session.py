"""Phỏm for the adapters (``phom.envs``): a game in progress through ``phom.phom.actions``'s integer ids
(``PhomSession``, what ``PhomKind.session`` gives), many games at once in the compiled engine
(``PhomVectorSession``) and the OpenSpiel game (``phom.phom.openspiel``). The adapters are written once
over ``phom.envs.sessions.Session``; this is what they need to know of Phỏm.

>>> session = PhomSession()
>>> session.new(seed=3)
>>> session.observation(session.to_move).shape == (session.observation_size,), session.num_actions
(True, 2101)
>>> vector = session.vector(4)
>>> vector.new(seed=1)
>>> observation, mask = vector.observe(0)
>>> observation.shape, mask.shape
((4, 807), (4, 2101))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..envs.sessions import EngineVectorSession
from .actions import NUM_ACTIONS, Action
from .game import Game
from .observation import OBSERVATION_SIZE
from .referee import refusal
from .render import render_text
from .rules import Rules
from .vector import POLICIES, VectorGame

if TYPE_CHECKING:
    from ..envs.spiel import CardSpielGame

__all__ = ["PhomSession", "PhomVectorSession"]


class PhomSession:
    """Phỏm: a ``Game`` and ``phom.phom.actions`` ids."""

    name = "phom"
    num_actions = NUM_ACTIONS
    observation_size = OBSERVATION_SIZE
    #: the compiled engine's policies, the names a vector env's opponents may take
    vector_policies = POLICIES

    def __init__(self, rules: Rules | None = None) -> None:
        if rules is not None and not isinstance(rules, Rules):
            raise ValueError(f"rules {rules!r} is not a phom.Rules")
        self.rules = rules if rules is not None else Rules()
        self.players = self.rules.players
        self.game = Game(self.rules, seed=0)

    def new(self, seed: int, leader: int = 0) -> None:
        self.game = Game(self.rules, seed=seed, leader=leader)

    @property
    def to_move(self) -> int | None:
        return self.game.to_move

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def net(self) -> tuple[int, ...]:
        result = self.game.result
        return tuple(result.net) if result is not None else (0,) * self.players

    def legal_mask(self) -> npt.NDArray[np.int8]:
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if not self.game.is_over:
            mask[self.game.legal_action_mask()] = 1
        return mask

    def refusal(self, action_id: int) -> str | None:
        if isinstance(action_id, bool) or not isinstance(action_id, (int, np.integer)) \
                or not 0 <= int(action_id) < NUM_ACTIONS:
            return f"{action_id!r} is not an action id from 0 to {NUM_ACTIONS - 1}"
        if self.game.legal_action_mask()[int(action_id)]:
            return None
        return refusal(self.rules, self.game.state, Action.from_id(int(action_id))) or "not legal now"

    def apply_id(self, action_id: int) -> None:
        self.game.apply(Action.from_id(int(action_id)))

    def bot_moves(self, bot: Any) -> None:
        p = self.game.to_move
        assert p is not None
        self.game.apply(bot.act(self.game.view(p)))

    def observation(self, seat: int) -> npt.NDArray[np.float32]:
        return self.game.observation(seat)

    def render(self, mode: str | None) -> str | None:
        return render_text(self.game, mode)

    def vector(self, num_envs: int) -> PhomVectorSession:
        """``num_envs`` games under these rules in the compiled engine."""
        return PhomVectorSession(self.rules, num_envs)

    def spiel_game(self) -> type[CardSpielGame]:
        """The OpenSpiel game, ``python_phom`` (``phom.phom.openspiel``; needs the extra ``openspiel``)."""
        from .openspiel import PhomGame

        return PhomGame


class PhomVectorSession(EngineVectorSession):
    """``num_envs`` Phỏm games in the compiled engine (``VectorGame``), as a vector env plays them: one id
    a game a step, the legal ids as a mask."""

    games: VectorGame

    def make_games(self, seed: int | None) -> VectorGame:
        return VectorGame(self.num_envs, self.rules, seed=seed)

    def observe(self, seat: int) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """``seat``'s observations, and the legal ids where ``seat`` is to move (zeros elsewhere)."""
        mask = self.games.legal_mask()
        mask[self.games.to_move != seat] = False
        return self.games.observation(seat), mask.astype(np.int8)

    def act(self, ids: npt.NDArray[np.int64], restart: npt.NDArray[np.bool_], seat: int
            ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
        """Each live game (not over, not ``restart``) takes its id if legal: (the games whose id was
        illegal, the games that moved)."""
        legal = self.games.legal_mask()
        live = ~restart & ~self.games.done
        in_range = np.flatnonzero((ids >= 0) & (ids < NUM_ACTIONS))
        ok = np.zeros(self.num_envs, dtype=bool)
        ok[in_range] = legal[in_range, ids[in_range]]
        ok &= live
        illegal = live & ~ok
        self.games.step(np.where(ok, ids, -1), only=ok)
        return illegal, ok
