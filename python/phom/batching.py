"""What both vectorised engines (``phom.phom.vector`` for Phỏm, ``phom.tienlen.vector`` for Tiến lên) check
and draw the same way: whole numbers, 64-bit seeds, the stream of per-game seeds, seat arrays, and the
reading of a batch (``EngineBatch``: its size, status arrays and observations).

>>> SeedStream(7).draw() != SeedStream(8).draw(), whole_number(3, "n")
(True, 3)
>>> seats_of(None, to_move=np.array([2, -1], dtype=np.int8), players=4).tolist()
[2, 0]
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

__all__ = ["SEED_MASK", "EngineBatch", "SeedStream", "active_games", "game_index", "games_of_one_rules", "games_to_deal",
           "policy_codes", "read_status", "seats_of", "seed64", "whole_number"]

SEED_MASK = (1 << 64) - 1


def whole_number(value: object, name: str, low: int = 0) -> int:
    """``value`` as an int, or ValueError naming ``name`` unless it is a whole number ≥ ``low``."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or int(value) < low:
        raise ValueError(f"{name} {value!r} must be a whole number ≥ {low}")
    return int(value)


def games_of_one_rules(games: Sequence[Any], game_type: type[Any], batch: str, *, rules_word: str,
                       refuse: Callable[[Any], str | None] = lambda game: None) -> list[Any]:
    """``games`` as a list for a batch's ``from_games``: ValueError naming the first that is not a
    ``game_type``, that ``refuse`` finds a reason against, or that has other rules than the first.

    >>> from phom import Game, Rules
    >>> games_of_one_rules([Game(seed=1), Game(Rules(players=3), seed=2)], Game, "VectorGame", rules_word="Rules")
    Traceback (most recent call last):
    ...
    ValueError: games[1] has other rules than games[0]; a VectorGame has one Rules
    """
    games = list(games)
    if not games:
        raise ValueError(f"from_games needs at least one {game_type.__name__}")
    for i, game in enumerate(games):
        if not isinstance(game, game_type):
            raise ValueError(f"games[{i}] = {game!r} is not a {game_type.__name__}")
        reason = refuse(game)
        if reason is not None:
            raise ValueError(f"games[{i}] {reason}")
        if game.rules != games[0].rules:
            raise ValueError(f"games[{i}] has other rules than games[0]; a {batch} has one {rules_word}")
    return games


def seed64(seed: int | None) -> int:
    """A 64-bit seed: the integer given (wrapped), or fresh entropy for None."""
    if seed is None:
        return int(np.random.SeedSequence().entropy) & SEED_MASK  # type: ignore[arg-type]
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise ValueError(f"seed {seed!r} must be an integer")
    return int(seed) & SEED_MASK


class SeedStream:
    """Per-game seeds from one batch seed (a 64-bit LCG step per draw): game i of a batch is dealt the
    same whatever else the batch holds."""

    def __init__(self, seed: int | None) -> None:
        self.state = seed64(seed)

    def draw(self) -> int:
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) & SEED_MASK
        return self.state


def seats_of(player: object, *, to_move: npt.NDArray[np.int8], players: int) -> npt.NDArray[np.int8]:
    """The seat observed in each game: the player to move (seat 0 once over) for None, else one seat
    for all games or one per game, checked."""
    n = len(to_move)
    if player is None:
        return np.maximum(to_move, 0).astype(np.int8)
    raw = np.asarray(player)
    if raw.ndim == 0:
        raw = np.full(n, raw)
    if raw.shape != (n,) or not np.issubdtype(raw.dtype, np.integer) or raw.dtype == np.bool_:
        raise ValueError(f"player must be a seat or {n} integer seats, got {player!r}")
    if n and ((raw < 0) | (raw >= players)).any():
        bad = int(np.argmax((raw < 0) | (raw >= players)))
        raise ValueError(f"player[{bad}] = {int(raw[bad])} is not a seat from 0 to {players - 1}")
    return np.ascontiguousarray(raw.astype(np.int8))


Status = tuple[npt.NDArray[np.int8], npt.NDArray[np.uint8], npt.NDArray[np.int32]]


def read_status(engine: Any, games: int, players: int) -> Status:
    """(to move, over, net) of every game of a compiled engine (either game's ``status``)."""
    to_move = np.empty(games, dtype=np.int8)
    done = np.empty(games, dtype=np.uint8)
    net = np.empty((games, players), dtype=np.int32)
    engine.status(to_move, done, net)
    return to_move, done, net


def game_index(i: object, games: int) -> int:
    """``i`` as a game index from 0 to games − 1, or ValueError naming it."""
    if isinstance(i, bool) or not isinstance(i, (int, np.integer)) or not 0 <= int(i) < games:
        raise ValueError(f"game index {i!r} is not from 0 to {games - 1}")
    return int(i)


def active_games(only: object, games: int) -> npt.NDArray[np.uint8]:
    """The games ``step`` moves: all for None, else a checked bool mask, as uint8 for the engine."""
    if only is None:
        return np.ones(games, dtype=np.uint8)
    chosen = np.asarray(only)
    if chosen.shape != (games,) or chosen.dtype != np.bool_:
        raise ValueError(f"only must be a bool array of shape ({games},)")
    return chosen.astype(np.uint8)


def games_to_deal(games: object, done: npt.NDArray[np.uint8]) -> list[int]:
    """The games ``reset`` deals again: the finished ones for None, else checked indices."""
    if games is None:
        return [int(i) for i in np.nonzero(done)[0]]
    chosen = np.asarray(games)
    if chosen.ndim != 1 or (chosen.size and not np.issubdtype(chosen.dtype, np.integer)):
        raise ValueError("games must be a 1-D array of game indices")
    if chosen.size and ((chosen < 0) | (chosen >= len(done))).any():
        raise ValueError(f"games holds an index outside 0 to {len(done) - 1}")
    return [int(i) for i in chosen.tolist()]


def policy_codes(policy: str | Sequence[str], players: int, codes: dict[str, int]) -> npt.NDArray[np.int8]:
    """The core policy code of each seat: one name for every seat, or one per seat."""
    names = [policy] * players if isinstance(policy, str) else list(policy)
    if len(names) != players:
        raise ValueError(f"give one policy, or one per seat ({players}), not {len(names)}")
    for name in names:
        if name not in codes:
            raise ValueError(f"policy {name!r} is not a core policy: choose from {', '.join(codes)}")
    return np.array([codes[name] for name in names], dtype=np.int8)


class EngineBatch:
    """The reading both vectorised games share, over a compiled engine of ``n`` games (``_engine``) that
    each object guards with its own lock: ``len``, ``to_move``, ``done``, ``net`` and ``observation``.
    A game's batch class sets ``observation_size`` and fills ``_engine``, ``_lock`` and ``rules``.

    >>> from phom.phom.vector import VectorGame
    >>> batch = VectorGame(3, seed=1)
    >>> len(batch), batch.done.tolist(), batch.observation().shape == (3, VectorGame.observation_size)
    (3, [False, False, False], True)
    """

    #: the length of one seat's observation vector
    observation_size: ClassVar[int]
    rules: Any
    _engine: Any
    _lock: threading.Lock
    _seeds: SeedStream

    def _deal(self, i: int) -> None:
        """Deal game ``i`` afresh from the next seed of ``_seeds`` (each game's batch says how)."""
        raise NotImplementedError

    def reset(self, games: npt.ArrayLike | None = None, *, seed: int | None = None) -> None:
        """Deal new games in place: the finished ones (default), or the game indices given."""
        with self._lock:
            chosen = games_to_deal(games, self._status()[1])
            if seed is not None:
                self._seeds = SeedStream(seed)
            for i in chosen:
                self._deal(int(i))

    def __len__(self) -> int:
        return int(self._engine.n)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {len(self)} games, {int(self.done.sum())} over>"

    def _status(self) -> Status:
        return read_status(self._engine, len(self), self.rules.players)

    def _index(self, i: int) -> int:
        return game_index(i, len(self))

    @property
    def to_move(self) -> npt.NDArray[np.int8]:
        """The seat to move in each game; −1 once it is over."""
        return self._status()[0]

    @property
    def done(self) -> npt.NDArray[np.bool_]:
        """Whether each game is over."""
        return self._status()[1].astype(bool)

    @property
    def net(self) -> npt.NDArray[np.int32]:
        """Each game's result's ``net`` once over (zeros before), shape (n, players)."""
        return self._status()[2]

    def observation(self, player: int | npt.ArrayLike | None = None) -> npt.NDArray[np.float32]:
        """(n, observation_size) float32: each game's observation by the seat to move (seat 0 once it is
        over), or by ``player``: one seat for all games, or one per game."""
        seats = seats_of(player, to_move=self.to_move, players=self.rules.players)
        out = np.empty((len(self), self.observation_size), dtype=np.float32)
        with self._lock:
            self._engine.observation(np.ascontiguousarray(seats), out)
        return out
