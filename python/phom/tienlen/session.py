"""Tiến lên for the adapters (``phom.envs``): a game in progress spelled card by card through
``phom.tienlen.actions``'s 54 ids (``TienLenSession``, what ``TienLenKind.session`` gives), many games at
once in the compiled engine (``TienLenVectorSession``) and the OpenSpiel game
(``phom.tienlen.openspiel``). The adapters are written once over ``phom.envs.sessions.Session``; this is
what they need to know of Tiến lên. The observation is ``phom.tienlen.observation.encode`` followed by 52
floats: the cards the seat has picked so far.

>>> session = TienLenSession()
>>> session.new(seed=3)
>>> session.observation(session.to_move).shape == (session.observation_size,), session.num_actions
(True, 54)
>>> vector = session.vector(4)
>>> vector.new(seed=1)
>>> observation, mask = vector.observe(0)
>>> observation.shape, mask.shape
((4, 402), (4, 54))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..cards import CardSet
from ..envs.sessions import EngineVectorSession
from . import actions as tienlen_actions
from .game import TienLenGame
from .observation import OBSERVATION_SIZE
from .observation import encode as encode_tienlen
from .rules import TienLenRules
from .vector import POLICIES, TienLenVectorGame

if TYPE_CHECKING:
    from ..envs.spiel import CardSpielGame

__all__ = ["TienLenSession", "TienLenVectorSession"]


class TienLenSession:
    """Tiến lên: a ``TienLenGame`` spelled card by card (``phom.tienlen.actions``); the observation is
    ``phom.tienlen.observation.encode`` followed by 52 floats: the cards the seat has picked so far."""

    name = "tienlen"
    num_actions = tienlen_actions.NUM_ACTIONS
    observation_size = OBSERVATION_SIZE + 52
    #: the compiled engine's policies, the names a vector env's opponents may take
    vector_policies = POLICIES

    def __init__(self, rules: TienLenRules | None = None) -> None:
        if rules is not None and not isinstance(rules, TienLenRules):
            raise ValueError(f"rules {rules!r} is not a TienLenRules")
        self.rules = rules if rules is not None else TienLenRules()
        self.players = self.rules.players
        self.turn = tienlen_actions.TienLenTurn(TienLenGame(self.rules, seed=0))

    def new(self, seed: int, leader: int = 0) -> None:
        """A first game (the holder of the opening card leads; ``leader`` is not used)."""
        self.turn = tienlen_actions.TienLenTurn(TienLenGame(self.rules, seed=seed))

    @property
    def game(self) -> TienLenGame:
        return self.turn.game

    @property
    def to_move(self) -> int | None:
        return self.turn.game.to_move

    @property
    def is_over(self) -> bool:
        return self.turn.game.is_over

    @property
    def net(self) -> tuple[int, ...]:
        result = self.turn.game.result
        return tuple(result.net) if result is not None else (0,) * self.players

    def legal_mask(self) -> npt.NDArray[np.int8]:
        return self.turn.legal_mask()

    def refusal(self, action_id: int) -> str | None:
        return self.turn.refusal(action_id)

    def apply_id(self, action_id: int) -> None:
        self.turn.apply_id(action_id)

    def bot_moves(self, bot: Any) -> None:
        p = self.turn.game.to_move
        assert p is not None
        self.turn.apply(bot.act(self.turn.game.view(p)))

    def observation(self, seat: int) -> npt.NDArray[np.float32]:
        out = np.zeros(self.observation_size, dtype=np.float32)
        out[:OBSERVATION_SIZE] = encode_tienlen(self.turn.game.view(seat))
        if seat == self.turn.game.to_move:
            selection = self.turn.selection
            out[OBSERVATION_SIZE:][[i for i in range(52) if selection >> i & 1]] = 1.0
        return out

    def render(self, mode: str | None) -> str | None:
        if mode is None:
            return None
        game = self.turn.game
        lines = []
        for q in range(self.players):
            marks = [m for m, on in (("to move", game.to_move == q), ("passed", q in game.passed),
                                     ("out", q in game.finished)) if on]
            lines.append(f"seat {q}: {game.hands[q]}" + (f"  ({', '.join(marks)})" if marks else ""))
        lines.append(f"table: {game.table and CardSet(game.table) or '-'}"
                     + (f"  selected: {CardSet(self.turn.selection)}" if self.turn.selection else ""))
        if game.result is not None:
            lines.append(f"over: places {list(game.result.places)}, net {list(game.result.net)}")
        text = "\n".join(lines)
        if mode == "human":
            print(text)
            return None
        return text

    def vector(self, num_envs: int) -> TienLenVectorSession:
        """``num_envs`` games under these rules in the compiled engine."""
        return TienLenVectorSession(self.rules, num_envs)

    def spiel_game(self) -> type[CardSpielGame]:
        """The OpenSpiel game, ``python_tienlen`` (``phom.tienlen.openspiel``; needs the extra ``openspiel``)."""
        from .openspiel import TienLenSpielGame

        return TienLenSpielGame


class TienLenVectorSession(EngineVectorSession):
    """``num_envs`` Tiến lên games in the compiled engine (``TienLenVectorGame``), as a vector env plays
    them: plays spelled card by card (``phom.tienlen.actions``), a pick changing only the game's
    ``selection``, which the observation's last 52 floats show."""

    games: TienLenVectorGame

    def __init__(self, rules: TienLenRules, num_envs: int) -> None:
        super().__init__(rules, num_envs)
        self.selection = np.zeros(num_envs, dtype=np.uint64)

    def make_games(self, seed: int | None) -> TienLenVectorGame:
        return TienLenVectorGame(self.num_envs, self.rules, seed=seed)

    def new(self, seed: int | None) -> None:
        """Fresh games, dealt from ``seed``, nothing picked."""
        super().new(seed)
        self.selection[:] = 0

    def reset(self, games: npt.NDArray[np.intp]) -> None:
        """New games for these indices, nothing picked."""
        self.selection[games] = 0
        super().reset(games)

    def _legal_ids(self, i: int, to_move: int, seat: int) -> list[int]:
        if to_move != seat:
            return []
        plays = self.games.legal(i).tolist()
        return tienlen_actions.legal_ids_of([p for p in plays if p], int(self.selection[i]), 0 in plays)

    def observe(self, seat: int) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """``seat``'s observations with its picks, and the legal ids where ``seat`` is to move (zeros
        elsewhere)."""
        to_move = self.games.to_move
        mask = np.zeros((self.num_envs, tienlen_actions.NUM_ACTIONS), dtype=np.int8)
        for i in range(self.num_envs):
            mask[i, self._legal_ids(i, int(to_move[i]), seat)] = 1
        picked = (self.selection[:, None] >> np.arange(52, dtype=np.uint64)) & np.uint64(1)
        observation = np.concatenate([self.games.observation(seat), picked.astype(np.float32)], axis=1)
        return observation, mask

    def act(self, ids: npt.NDArray[np.int64], restart: npt.NDArray[np.bool_], seat: int
            ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
        """Each live game (a seat to move, not ``restart``) takes its id if legal, a pick into its
        selection, a play or a pass to the engine: (the games whose id was illegal, the games that moved)."""
        to_move = self.games.to_move
        illegal = np.zeros(self.num_envs, dtype=bool)
        complete = np.zeros(self.num_envs, dtype=bool)
        plays = np.zeros(self.num_envs, dtype=np.uint64)
        for i in np.flatnonzero(~restart & (to_move >= 0)).tolist():
            action = int(ids[i])
            if action not in self._legal_ids(i, int(to_move[i]), seat):
                illegal[i] = True
            elif action < 52:
                self.selection[i] |= np.uint64(1 << action)
            else:
                complete[i] = True
                plays[i] = self.selection[i] if action == tienlen_actions.PLAY_ID else 0
                self.selection[i] = 0
        self.games.step(plays, only=complete)
        return illegal, complete
