"""One game in progress seen through integer actions: what every adapter (PettingZoo, Gymnasium,
OpenSpiel) needs of a game, so each adapter is written once for every game.

A session deals a game (``new``), says whose turn it is, which ids are legal and why one is not,
applies an id or a bot's whole action, and observes a seat; it gives many games at once in the
compiled engine (``vector``, a ``VectorSession``) and the game's OpenSpiel game (``spiel_game``). Each
game's session lives in its own folder and its kind gives it (``GameKind.session``; Phỏm's is
``phom.phom.session``).

>>> session = session_for("phom")
>>> session.new(seed=3)
>>> session.observation(session.to_move).shape == (session.observation_size,), session.num_actions
(True, 2101)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
import numpy.typing as npt

from ..games import GAMES as REGISTERED
from ..games import game_kind
from ..moved import forwarding

if TYPE_CHECKING:
    from .spiel import CardSpielGame

__all__ = ["GAMES", "EngineVectorSession", "Session", "VectorSession", "session_for"]

#: the sessions' old home: each game's session lives in its folder now
__getattr__ = forwarding(__name__, {"PhomSession": "phom.phom.session", "TienLenSession": "phom.tienlen.session"})


#: The games a session may play: the registry (``phom.games.GAMES``), read by name.
GAMES = REGISTERED


class VectorSession(Protocol):
    """``num_envs`` games of one game in its compiled engine, as a vector env plays them (one learning
    seat, the other seats played by the engine's policies)."""

    rules: Any
    num_envs: int
    #: the engine's games (``VectorGame``, or the game's own)
    games: Any

    def new(self, seed: int | None) -> None:
        """Fresh games, dealt from ``seed``."""
    def reset(self, games: npt.NDArray[np.intp]) -> None:
        """New games for these indices."""
    def advance(self, seat: int, policies: list[str]) -> None:
        """Every game played on by the engine's ``policies`` (one a seat) until ``seat`` is to move or it
        is over."""
    @property
    def done(self) -> npt.NDArray[np.bool_]: ...
    @property
    def net(self) -> npt.NDArray[np.int32]: ...
    def observe(self, seat: int) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """``seat``'s observations, and its legal ids where it is to move (zeros elsewhere)."""
    def act(self, ids: npt.NDArray[np.int64], restart: npt.NDArray[np.bool_], seat: int
            ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
        """Each live game (not over, not ``restart``) takes its id where legal: (the games whose id was
        illegal, the games where a whole move was made)."""


class EngineVectorSession:
    """What every game's ``VectorSession`` does alike over its engine's batch (``games``, made by
    ``make_games(seed)``, which a game's session defines): deal, reset, advance, done, net. A game's
    session adds how it observes and acts (``phom.phom.session``, ``phom.tienlen.session``).

    >>> vector = session_for("phom").vector(2)
    >>> vector.new(seed=1)
    >>> isinstance(vector, EngineVectorSession), vector.done.tolist()
    (True, [False, False])
    """

    def __init__(self, rules: Any, num_envs: int) -> None:
        self.rules = rules
        self.num_envs = num_envs
        self.games = self.make_games(0)

    def make_games(self, seed: int | None) -> Any:
        """``num_envs`` fresh games of the engine under ``rules``, dealt from ``seed``."""
        raise NotImplementedError(f"{type(self).__name__} must say how its engine deals (make_games)")

    def new(self, seed: int | None) -> None:
        """Fresh games, dealt from ``seed``."""
        self.games = self.make_games(seed)

    def reset(self, games: npt.NDArray[np.intp]) -> None:
        """New games for these indices."""
        self.games.reset(games)

    def advance(self, seat: int, policies: list[str]) -> None:
        """Every game played on by the core's ``policies`` until ``seat`` is to move or it is over."""
        self.games.advance(seat, policies)

    @property
    def done(self) -> npt.NDArray[np.bool_]:
        done: npt.NDArray[np.bool_] = self.games.done
        return done

    @property
    def net(self) -> npt.NDArray[np.int32]:
        net: npt.NDArray[np.int32] = self.games.net
        return net


class Session(Protocol):
    """What the adapters use (see the module docstring)."""

    name: str
    rules: Any
    players: int
    num_actions: int
    observation_size: int
    #: the compiled engine's policies by name: what a vector env's opponents may be
    vector_policies: Mapping[str, Any]

    def new(self, seed: int, leader: int = 0) -> None: ...
    @property
    def game(self) -> Any: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def net(self) -> tuple[int, ...]: ...
    def legal_mask(self) -> npt.NDArray[np.int8]: ...
    def refusal(self, action_id: int) -> str | None: ...
    def apply_id(self, action_id: int) -> None: ...
    def bot_moves(self, bot: Any) -> None: ...
    def observation(self, seat: int) -> npt.NDArray[np.float32]: ...
    def render(self, mode: str | None) -> str | None: ...
    def vector(self, num_envs: int) -> VectorSession:
        """``num_envs`` games under these rules in the game's compiled engine."""
    def spiel_game(self) -> type[CardSpielGame] | None:
        """The game's OpenSpiel game (a ``phom.envs.spiel.CardSpielGame``), or None."""


def session_for(game: str, rules: Any = None) -> Session:
    """The session of ``game`` (a registered game's name: ``"phom"``, ``"tienlen"``, …) under ``rules``
    (that game's rules type), as the game's kind gives it (``GameKind.session``)."""
    if not isinstance(game, str) or game not in GAMES:
        raise ValueError(f"game {game!r}: choose {' or '.join(repr(name) for name in GAMES)}")
    session: Session = game_kind(game).session(rules)
    return session
