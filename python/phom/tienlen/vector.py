"""``TienLenVectorGame``: many games of Tiến lên stepped together from NumPy arrays, played out in the core.

Each game is a C struct that mirrors ``TienLenGame`` field by field; the compiled engine follows the
referee rule for rule and is tested against it in lockstep. A play is a card mask (``0`` is a pass).
Every array handed in is checked here before it reaches C: an illegal entry raises ``ValueError``
naming the game, and no game changes.

>>> v = TienLenVectorGame(3, seed=1)
>>> v.to_move.tolist() == [v.export(i)["to_move"] for i in range(3)], bool(v.done.any())
(True, False)
>>> first = v.legal(0)
>>> all(int(m) & CardSet.parse("3S").mask for m in first)   # the first play holds 3♠
True
>>> v.playout("greedy", seed=2)
>>> bool(v.done.all()), v.net.sum(axis=1).tolist()
(True, [0, 0, 0])
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _tienlen
from ..batching import (EngineBatch, SeedStream, active_games, games_of_one_rules, policy_codes, seed64,
                        whole_number)
from ..cards import CardSet
from .game import Play, TienLenGame, TienLenView
from .observation import OBSERVATION_SIZE, OFFSETS
from .rules import TienLenRules

__all__ = ["POLICIES", "TienLenVectorGame"]

#: The policies that run inside the core: uniform over the legal plays, and GreedyTienLenBot's decisions.
POLICIES: dict[str, int] = dict(_tienlen.TL_POLICY_IDS)
# the core imports nothing of phom: the observation layout is handed down from its home, once
_tienlen.bind_layout(offsets=OFFSETS, observation_size=OBSERVATION_SIZE)

_STRENGTH_OF_INDEX = [((i % 13 + 11) % 13) * 4 + i // 13 for i in range(52)]


def _history_arrays(history: Sequence[tuple[int, Any]]) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.uint64]]:
    seats = np.array([seat for seat, _ in history], dtype=np.int8)
    plays = np.array([a.cards.mask if isinstance(a, Play) else 0 for _, a in history], dtype=np.uint64)
    return seats, plays


class TienLenVectorGame(EngineBatch):
    """``n`` first games (the opening card's holder leads) or later games (``first_game=False``, led by
    seat 0) under one ``TienLenRules``, dealt reproducibly from ``seed``.

    ``to_move`` int8 (−1 once over), ``done`` bool, ``net`` int32 (n, players): each game's
    ``TienLenResult.net`` once over. ``legal(i)``, ``step(masks)``, ``observation(player)``,
    ``playout(policy)``, ``reset()``. Each object serialises its own calls; ``playout`` and
    ``step`` release the GIL while they play.
    """

    observation_size = OBSERVATION_SIZE

    def __init__(self, n: int, rules: TienLenRules | None = None, *, seed: int | None = None,
                 first_game: bool = True) -> None:
        n = whole_number(n, "n")
        self.rules = rules if rules is not None else TienLenRules()
        if not isinstance(self.rules, TienLenRules):
            raise ValueError(f"rules {rules!r} is not a TienLenRules")
        if not isinstance(first_game, bool):
            raise ValueError(f"first_game must be True or False, not {first_game!r}")
        self.first_game = first_game
        self._engine = _tienlen.TienLenEngine(n, self.rules)
        self._lock = threading.Lock()
        self._seeds = SeedStream(seed)
        for i in range(n):
            self._engine.deal(i, self._seeds.draw(), first_game, 0)

    @classmethod
    def from_games(cls, games: Sequence[TienLenGame], *, seed: int | None = None) -> TienLenVectorGame:
        """The current states of ``TienLenGame`` objects sharing one rules (fresh, mid-game, or sampled
        worlds): each is dealt as it was and its history replayed in the core.

        >>> g = TienLenGame(seed=3)
        >>> g.apply(g.legal_actions()[0])
        >>> v = TienLenVectorGame.from_games([g])
        >>> [int(m) for m in v.legal(0)] == sorted(getattr(a, "cards", CardSet(0)).mask for a in g.legal_actions())
        True
        """
        games = games_of_one_rules(games, TienLenGame, "TienLenVectorGame", rules_word="rules")
        v = cls(0, games[0].rules, seed=seed)
        v._engine = _tienlen.TienLenEngine(len(games), v.rules)
        for i, game in enumerate(games):
            v._engine.start(i, [h.mask for h in game.deal], game.first_game, game.leader, v._seeds.draw())
            seats, plays = _history_arrays(game.history)
            bad = v._engine.replay(i, seats, plays)
            if bad >= 0:       # only a game whose fields were edited by hand can get here
                raise ValueError(f"games[{i}]: its history does not replay from its deal (step {bad})")
        return v

    @classmethod
    def from_deals(cls, rules: TienLenRules, deals: Sequence[Sequence[int]], *, first_game: bool = True,
                   leaders: Sequence[int] | None = None, seeds: Sequence[int] | None = None) -> TienLenVectorGame:
        """Fresh games on these deals (one card mask of 13 per seat each), led as ``TienLenGame`` leads
        (``leaders`` for later games); ``seeds``: each game's own generator, for results that do not
        depend on how games are batched.

        >>> g = TienLenGame(seed=8)
        >>> TienLenVectorGame.from_deals(TienLenRules(), [[h.mask for h in g.deal]]).export(0)["to_move"] == g.to_move
        True
        """
        if not isinstance(rules, TienLenRules):
            raise ValueError(f"rules {rules!r} is not a TienLenRules")
        if (leaders is not None and len(leaders) != len(deals)) or (seeds is not None and len(seeds) != len(deals)):
            raise ValueError("give one leader and one seed (if any) per deal")
        games = [TienLenGame(rules, deal=deal, first_game=first_game,
                             leader=None if first_game else (leaders[i] if leaders is not None else 0))
                 for i, deal in enumerate(deals)]                           # checks every deal
        v = cls(0, rules, first_game=first_game)
        v._engine = _tienlen.TienLenEngine(len(games), rules)
        for i, game in enumerate(games):
            v._engine.start(i, [h.mask for h in game.deal], first_game, game.leader,
                            v._seeds.draw() if seeds is None else seed64(seeds[i]))
        return v

    @classmethod
    def sample_worlds(cls, view: TienLenView, count: int, *, seed: int | None = None, attempts: int = 20,
                      unlike_greedy: float = 1.0) -> TienLenVectorGame:
        """Up to ``count`` games in the view's position on deals that agree with everything its player
        knows (as ``phom.tienlen.worlds.sample_world`` draws them, in C): the hidden cards drawn in
        the sizes shown, the history replayed on each, a deal the history contradicts drawn again
        (``attempts`` draws a world at most). Fewer than ``count`` (even none) when draws run out.
        ``unlike_greedy`` < 1 reads the other seats as greedy players: a deal is kept with that
        probability for each of their past moves that greedy play would not have made on it.

        >>> g = TienLenGame(seed=4)
        >>> for _ in range(5):
        ...     g.apply(g.legal_actions()[0])
        >>> worlds = TienLenVectorGame.sample_worlds(g.view(g.to_move), 8, seed=1)
        >>> len(worlds), set(worlds.to_move.tolist()) == {g.to_move}
        (8, True)
        """
        count = whole_number(count, "count", 1)
        attempts = whole_number(attempts, "attempts", 1)
        if isinstance(unlike_greedy, bool) or not isinstance(unlike_greedy, (int, float)) \
                or not 0.0 <= unlike_greedy <= 1.0:
            raise ValueError(f"unlike_greedy {unlike_greedy!r} must be a probability from 0 to 1")
        if view.to_move != view.player:
            raise ValueError("sample worlds from the view of the player to move")
        n = view.rules.players
        seats, plays = _history_arrays(view.history)
        shown = np.zeros(n, dtype=np.uint64)
        for seat, mask in zip(seats.tolist(), plays.tolist()):
            shown[seat] |= np.uint64(mask)
        floor = -1
        if view.first_game and n < 4:
            first = int(plays[plays != 0][0]) if (plays != 0).any() else view.hand.mask
            floor = min(_STRENGTH_OF_INDEX[c.index] for c in CardSet(first))
        engine = _tienlen.TienLenEngine(count, view.rules)
        made = engine.sample_worlds(view.player, view.hand.mask, np.array(view.hand_sizes, dtype=np.int32),
                                    shown, seats, plays, view.first_game, view.leader, floor, seed64(seed),
                                    count * attempts, float(unlike_greedy))
        v = cls(0, view.rules, seed=seed, first_game=view.first_game)
        v._engine = _tienlen.TienLenEngine(made, view.rules)
        v._engine.copy_games(engine, 0, made)
        return v

    # -- reading (size, status and observations: EngineBatch) ----------------------------------

    def legal(self, i: int) -> npt.NDArray[np.uint64]:
        """The plays open to game i's seat to move as ascending card masks, each once; ``0`` (first)
        stands for a pass where a pass is legal; empty once over."""
        i = self._index(i)
        with self._lock:
            result: npt.NDArray[np.uint64] = self._engine.legal(i)
        return result

    def export(self, i: int) -> dict[str, Any]:
        """Game i's fields as plain data (card masks): hands, table, passes, places, money, …"""
        i = self._index(i)
        with self._lock:
            result: dict[str, Any] = self._engine.export(i)
        return result

    def step(self, masks: npt.ArrayLike, *, only: npt.ArrayLike | None = None) -> None:
        """One play per game as a card mask (``0`` = pass; ignored for a finished game). Any illegal
        entry raises ValueError naming the game, and then no game changes. ``only``: a bool mask of
        the games to step; the others' entries are not read."""
        n = len(self)
        raw = np.asarray(masks)
        if raw.shape != (n,):
            raise ValueError(f"masks must have shape ({n},), got {raw.shape}")
        if n and (not np.issubdtype(raw.dtype, np.integer) or raw.dtype == np.bool_):
            raise ValueError(f"masks must hold integer card masks, got dtype {raw.dtype}")
        if n and raw.dtype.kind == "i" and (raw < 0).any():
            bad = int(np.argmax(raw < 0))
            raise ValueError(f"masks[{bad}] = {int(raw[bad])} is not a card mask")
        plays = np.ascontiguousarray(raw.astype(np.uint64))
        active = active_games(only, n)
        beyond = (plays >> np.uint64(52)) != 0
        if (beyond & active.astype(bool)).any():
            bad = int(np.argmax(beyond & active.astype(bool)))
            raise ValueError(f"masks[{bad}] = {int(plays[bad])} is not a card mask (bits 0 to 51)")
        with self._lock:
            bad = int(self._engine.check(plays, active))
            if bad >= 0:
                what = "pass" if plays[bad] == 0 else f"play {CardSet(int(plays[bad]))}"
                raise ValueError(f"game {bad}: {what} is refused (not legal in that game now)")
            self._engine.step(plays, active)

    def playout(self, policy: str | Sequence[str] = "random", *, seed: int | None = None) -> None:
        """Play every unfinished game to its end inside the core, without the GIL: ``"random"``
        (uniform over the legal plays and the pass, each game's own generator, reseeded from
        ``seed`` when given) or ``"greedy"`` (GreedyTienLenBot's decisions); or one per seat."""
        codes = self._policy_codes(policy)
        with self._lock:
            self._engine.playout(codes, seed64(seed), seed is not None)

    def advance(self, seat: int, policy: str | Sequence[str] = "greedy") -> None:
        """In every unfinished game, the other seats play with core policies (one, or one per seat)
        until ``seat`` is to move or the game is over: a learning seat against core opponents."""
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < self.rules.players:
            raise ValueError(f"seat {seat!r} is not a seat from 0 to {self.rules.players - 1}")
        codes = self._policy_codes(policy)
        with self._lock:
            self._engine.advance(int(seat), codes)

    def _policy_codes(self, policy: str | Sequence[str]) -> npt.NDArray[np.int8]:
        return policy_codes(policy, self.rules.players, POLICIES)

    def policy_plays(self, policy: str = "greedy") -> npt.NDArray[np.uint64]:
        """The play (card mask, 0 = pass) a core policy would make now in each game (0 once over);
        nothing is applied, but the random policy advances each game's generator.

        >>> v = TienLenVectorGame(2, seed=5)
        >>> all(int(p) in v.legal(i).tolist() for i, p in enumerate(v.policy_plays()))
        True
        """
        code = int(policy_codes(policy, 1, POLICIES)[0])
        out = np.empty(len(self), dtype=np.uint64)
        with self._lock:
            self._engine.choose(code, out)
        return out

    def _deal(self, i: int) -> None:
        self._engine.deal(i, self._seeds.draw(), self.first_game, 0)

    def split(self, parts: int) -> list[TienLenVectorGame]:
        """The games in ``parts`` new objects of nearly equal size (copies, in order): for playing
        them out on several threads, each object with its own buffers.

        >>> [len(part) for part in TienLenVectorGame(5, seed=1).split(2)]
        [2, 3]
        """
        parts = whole_number(parts, "parts", 1)
        bounds = [len(self) * k // parts for k in range(parts + 1)]
        result = []
        with self._lock:
            for k in range(parts):
                part = TienLenVectorGame(0, self.rules, first_game=self.first_game)
                part._engine = _tienlen.TienLenEngine(bounds[k + 1] - bounds[k], self.rules)
                part._engine.copy_games(self._engine, bounds[k], bounds[k + 1] - bounds[k])
                result.append(part)
        return result

    def evaluate(self, viewer: int, candidates: Sequence[int]) -> npt.NDArray[np.int64]:
        """For each candidate play (card mask, 0 = pass) of ``viewer``, the sum over the games of his
        money when he makes it on a copy and every seat then plays greedily to the end (a candidate
        illegal in some game adds nothing there). The Monte Carlo bot's playouts; releases the GIL."""
        viewer = whole_number(viewer, "viewer")
        plays = np.ascontiguousarray(np.asarray(candidates, dtype=np.uint64))
        totals = np.zeros(len(plays), dtype=np.int64)
        with self._lock:
            self._engine.evaluate(len(self), viewer, plays, totals)
        return totals
