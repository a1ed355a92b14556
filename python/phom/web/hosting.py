"""Hosted games for ``phom serve``: a bounded store of games, one secret token per human seat, bots for
the other seats, idle games expiring. Nothing here speaks HTTP; ``phom.web.app`` does.

>>> host = GameHost(max_games=2)
>>> game_id, tokens = host.create(seed=1)
>>> seat, game = host.seat_of(game_id, tokens[0])
>>> seat, game.to_move
(0, 0)
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..actions import Action
from ..bots import Bot, make_bot
from ..game import Game, IllegalAction
from ..rules import Rules

__all__ = ["Forbidden", "GameHost", "HostedGame", "HostFull", "NotFound", "NotYourTurn"]


class NotFound(KeyError):
    """No hosted game has this id (it never existed, or it expired)."""


class Forbidden(PermissionError):
    """The token is not a token of this game."""


class NotYourTurn(ValueError):
    """An action was sent for a seat that is not to move, or that the referee refuses."""


class HostFull(RuntimeError):
    """The store holds as many games as it may."""


@dataclass
class HostedGame:
    game: Game
    tokens: dict[str, int]                       # token -> seat
    bots: dict[int, Bot]                         # seat -> bot
    touched: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock)


class GameHost:
    """Games by id. ``max_games`` bounds the store; a game idle for ``idle_seconds`` expires."""

    def __init__(self, *, max_games: int = 500, idle_seconds: float = 1800.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.max_games = max_games
        self.idle_seconds = idle_seconds
        self.clock = clock
        self._games: dict[str, HostedGame] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._games)

    def expire(self) -> int:
        """Drop the games idle too long; returns how many."""
        now = self.clock()
        with self._lock:
            old = [gid for gid, hosted in self._games.items() if now - hosted.touched > self.idle_seconds]
            for gid in old:
                del self._games[gid]
        return len(old)

    def create(self, *, rules: Rules | None = None, seed: int | None = None, humans: list[int] | None = None,
               bots: list[str] | None = None) -> tuple[str, dict[int, str]]:
        """A new game: ``humans`` seats (default [0]) get tokens, the others bots (names, in seat order;
        default greedy). Returns the game id and the token of each human seat."""
        rules = rules if rules is not None else Rules()
        n = rules.players
        humans = [0] if humans is None else humans
        if not humans or len(set(humans)) != len(humans) or any(
                isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < n for s in humans):
            raise ValueError(f"humans must list distinct seats from 0 to {n - 1}")
        others = [s for s in range(n) if s not in humans]
        names = bots if bots is not None else ["greedy"] * len(others)
        if not isinstance(names, list) or len(names) != len(others):
            raise ValueError(f"bots must name one bot for each of the {len(others)} other seats")
        seated = {seat: make_bot(name, seed=(seed or 0) + seat) for seat, name in zip(others, names)}
        self.expire()
        with self._lock:
            if len(self._games) >= self.max_games:
                raise HostFull(f"the server hosts {self.max_games} games already; try again later")
            game_id = secrets.token_urlsafe(9)
            tokens = {seat: secrets.token_urlsafe(18) for seat in humans}
            hosted = HostedGame(Game(rules, seed=seed), {t: s for s, t in tokens.items()}, seated, self.clock())
            self._games[game_id] = hosted
        with hosted.lock:
            self._bots_move(hosted)
        return game_id, tokens

    def _get(self, game_id: str) -> HostedGame:
        self.expire()
        hosted = self._games.get(game_id)
        if hosted is None:
            raise NotFound(game_id)
        hosted.touched = self.clock()
        return hosted

    def seat_of(self, game_id: str, token: str) -> tuple[int, Game]:
        hosted = self._get(game_id)
        seat = hosted.tokens.get(token)
        if seat is None:
            raise Forbidden("this token is not a seat of this game")
        return seat, hosted.game

    def act(self, game_id: str, token: str, action: Action) -> tuple[int, Game]:
        """Apply ``action`` for the token's seat, then let the bots move until a human is to move."""
        hosted = self._get(game_id)
        seat = hosted.tokens.get(token)
        if seat is None:
            raise Forbidden("this token is not a seat of this game")
        with hosted.lock:
            game = hosted.game
            if game.is_over:
                raise NotYourTurn("the game is over")
            if game.to_move != seat:
                raise NotYourTurn(f"it is seat {game.to_move}'s turn, not seat {seat}'s")
            try:
                game.apply(action)
            except IllegalAction as exc:
                raise NotYourTurn(str(exc)) from None
            self._bots_move(hosted)
        return seat, game

    @staticmethod
    def _bots_move(hosted: HostedGame) -> None:
        game = hosted.game
        while not game.is_over and game.to_move in hosted.bots:
            p = game.to_move
            game.apply(hosted.bots[p].act(game.view(p)))

    def stats(self) -> dict[str, Any]:
        return {"games": len(self._games), "max_games": self.max_games, "idle_seconds": self.idle_seconds}
