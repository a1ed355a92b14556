"""One game in progress seen through integer actions: what every adapter (PettingZoo, Gymnasium) needs
of Phỏm and of Tiến lên, so each adapter is written once for both games.

A session deals a game (``new``), says whose turn it is, which ids are legal and why one is not,
applies an id or a bot's whole action, and observes a seat. Phỏm's ids are ``phom.phom.actions``'s; Tiến
lên's are the card-by-card spelling of ``phom.tienlen.actions`` (its observation adds the selection).

>>> session = session_for("tienlen")
>>> session.new(seed=3)
>>> session.observation(session.to_move).shape == (session.observation_size,), session.num_actions
(True, 54)
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from ..phom.actions import NUM_ACTIONS, Action
from ..cards import CardSet
from ..phom.game import Game
from ..games import GAMES as REGISTERED
from ..games import game_kind
from ..phom.observation import OBSERVATION_SIZE
from ..phom.referee import refusal
from ..phom.render import render_text
from ..phom.rules import Rules
from ..tienlen import actions as tienlen_actions
from ..tienlen.game import TienLenGame
from ..tienlen.observation import OBSERVATION_SIZE as TIENLEN_OBSERVATION_SIZE
from ..tienlen.observation import encode as encode_tienlen
from ..tienlen.rules import TienLenRules

__all__ = ["GAMES", "PhomSession", "Session", "TienLenSession", "session_for"]

#: The games a session may play: the registry (``phom.games.GAMES``), read by name.
GAMES = REGISTERED


class Session(Protocol):
    """What the adapters use (see the module docstring)."""

    name: str
    rules: Any
    players: int
    num_actions: int
    observation_size: int

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


class PhomSession:
    """Phỏm: a ``Game`` and ``phom.phom.actions`` ids."""

    name = "phom"
    num_actions = NUM_ACTIONS
    observation_size = OBSERVATION_SIZE

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


class TienLenSession:
    """Tiến lên: a ``TienLenGame`` spelled card by card (``phom.tienlen.actions``); the observation is
    ``phom.tienlen.observation.encode`` followed by 52 floats: the cards the seat has picked so far."""

    name = "tienlen"
    num_actions = tienlen_actions.NUM_ACTIONS
    observation_size = TIENLEN_OBSERVATION_SIZE + 52

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
        out[:TIENLEN_OBSERVATION_SIZE] = encode_tienlen(self.turn.game.view(seat))
        if seat == self.turn.game.to_move:
            selection = self.turn.selection
            out[TIENLEN_OBSERVATION_SIZE:][[i for i in range(52) if selection >> i & 1]] = 1.0
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


def session_for(game: str, rules: Any = None) -> Session:
    """The session of ``game`` (a registered game's name: ``"phom"``, ``"tienlen"``, …) under ``rules``
    (that game's rules type), as the game's kind gives it (``GameKind.session``)."""
    if not isinstance(game, str) or game not in GAMES:
        raise ValueError(f"game {game!r}: choose {' or '.join(repr(name) for name in GAMES)}")
    session: Session = game_kind(game).session(rules)
    return session
