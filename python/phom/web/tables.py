"""The tables of ``phom serve``: hosted games kept in a ``GameStore`` (created, dealt again as a series'
next game, found by id and token, rebuilt from the store after a restart, idle ones expiring), and the
seats' own changes (a name, a reaction, coming back). ``Tables`` is the base of
``phom.web.hosting.GameHost``, which adds the clock (``phom.web.standin``) and the moves.

Every change is written to the store in one transaction before it becomes the game's: a failure at any
point changes nothing. A game not in memory (after a restart) is rebuilt from the store by dealing from
its seeds and replaying its actions. Bots are reseeded for each decision from the server seed
(``phom.fairness.bot_seed``), so a rebuilt bot plays exactly as the lost one would have.

>>> tables = Tables(GameStore(":memory:"), max_games=2)
>>> created = tables.create(client_seed="lucky")
>>> seat, hosted = tables.seat_of(created.id, created.tokens[0])
>>> seat, hosted.game.to_move, len(created.commitment)
(0, 0, 64)
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from ..games import DEFAULT_GAME, GameKind, game_kind
from ..fairness import Fairness, check_client_seed, commitment, new_server_seed, seeded_action, table_of
from ..refusals import Refusal
from .hosted import (DEFAULT, REACTIONS, WRITE_ATTEMPTS, Created, Forbidden, GameOver, HostedGame, HostFull, NotFound,
                     NotYourTurn, Unauthorized, check_turn_seconds, creator_digest, token_hash)
from .names import check_name
from .store import KEEP, GameStore, Keep, StaleVersion, Store, StoredGame

__all__ = ["Tables"]


class Tables:
    """Hosted games by id, kept in ``store`` (a throwaway in-memory store by default).

    ``max_games`` bounds the unfinished games; one idle for ``idle_seconds`` expires; a finished game's
    record stays downloadable for ``keep_finished_seconds``, and at most ``keep_finished`` finished games
    and ``keep_reviews`` of their reviews (the newest) are kept. ``server_seeds`` draws each game's server
    seed (``secrets`` by default; tests may fix it). ``listeners`` are called with (game id,
    version) after every committed change, from the thread that made it. ``shared``: other processes
    write to the same store (``phom serve --workers``), so a cached game is checked against the store's
    version before it is used (``fresh``), and a move is always made on the stored state.
    """

    def __init__(self, store: Store | None = None, *, max_games: int = 500, idle_seconds: float = 1800.0,
                 keep_finished_seconds: float = 7 * 86400.0, keep_finished: int = 10_000, keep_reviews: int = 1_000,
                 clock: Callable[[], float] = time.time, server_seeds: Callable[[], str] = new_server_seed,
                 shared: bool = False) -> None:
        self.store: Store = store if store is not None else GameStore(":memory:")
        self.max_games = max_games
        self.idle_seconds = idle_seconds
        self.keep_finished_seconds = keep_finished_seconds
        self.keep_finished, self.keep_reviews = keep_finished, keep_reviews
        self.clock = clock
        self.server_seeds = server_seeds
        self.shared = shared
        self.listeners: list[Callable[[str, int], None]] = []
        self._cache: OrderedDict[str, HostedGame] = OrderedDict()
        self._swept = float("-inf")
        self._lock = threading.Lock()

    def __len__(self) -> int:
        """How many unfinished games the store holds."""
        return self.store.active()

    def expire(self, *, every: float = 0.0) -> int:
        """Drop the games idle too long and the finished games kept long enough; how many. With
        ``every``, nothing is done if the last sweep is more recent than that many seconds."""
        now = self.clock()
        if every and now - self._swept < every:
            return 0
        self._swept = now
        gone = self.store.expire(idle_before=now - self.idle_seconds, finished_before=now - self.keep_finished_seconds,
                                 keep_finished=self.keep_finished, keep_reviews=self.keep_reviews)
        with self._lock:
            for gid in gone:
                self._cache.pop(gid, None)
        return len(gone)

    def create(self, *, rules: Any = None, humans: list[int] | None = None, bots: list[str] | None = None,
               client_seed: str = "", kind: str = DEFAULT_GAME, creator: str | None = None,
               turn_seconds: int | None | str = DEFAULT) -> Created:
        """A new game of ``kind`` (``"phom"`` or ``"tienlen"``; ``rules`` of that game, or its rules
        data): ``humans`` seats (default [0]) get tokens, the others bots (names, in seat order; default
        greedy). The deal comes from a fresh server seed and ``client_seed``. ``creator``: the client's
        address, kept as its digest for ``held``. ``turn_seconds``: the table clock (5–600, or None for
        none; by default the game's ``turn_seconds`` with two or more humans, none with one)."""
        hosted_kind = game_kind(kind)
        rules = hosted_kind.rules(None if rules is None else (rules if isinstance(rules, dict) else
                                                             hosted_kind.rules_data(rules)))
        n = rules.players
        humans = [0] if humans is None else humans
        if not isinstance(humans, list) or not humans or len(set(humans)) != len(humans) or any(
                isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < n for s in humans):
            raise ValueError(f"humans must list distinct seats from 0 to {n - 1}")
        others = [s for s in range(n) if s not in humans]
        names = bots if bots is not None else [hosted_kind.default_bot] * len(others)
        if not isinstance(names, list) or len(names) != len(others):
            raise ValueError(f"bots must name one bot for each of the {len(others)} other seats")
        for name in names:
            hosted_kind.make_bot(str(name))             # an unknown name raises here, before anything is stored
        client_seed = check_client_seed(client_seed)
        clock = (hosted_kind.turn_seconds if len(humans) >= 2 else None) if turn_seconds == DEFAULT else \
            check_turn_seconds(turn_seconds)
        self._make_room()
        tokens = {seat: secrets.token_urlsafe(24) for seat in humans}
        hosted, new = self._deal(hosted_kind, rules, {s: token_hash(t) for s, t in tokens.items()},
                                 {seat: str(name) for seat, name in zip(others, names)}, client_seed, 0, None, clock)
        self.store.insert(self._stored(hosted, 0, creator), hosted.token_hashes, new)
        with self._lock:
            self._remember(hosted)
        return Created(hosted.id, tokens, hosted.fairness.commitment)

    def next_game(self, game_id: str, token: str | None, *, admit: Callable[[], None] | None = None,
                  creator: str | None = None) -> Created:
        """The next game at this finished game's table: the same seats, tokens and bots, a fresh server
        seed, led by this game's nhất (``GameKind.next_leader``). Every seat that asks, on any worker,
        gets the same next game (``tokens`` is empty: each seat keeps its own). ``admit`` is called
        before a new game is dealt (not when it exists already) and may refuse it by raising; the
        ``creator`` who deals it holds it (``held``)."""
        _, hosted = self.seat_of(game_id, token)
        if not hosted.game.is_over:
            raise GameOver("the next game starts once this one is over")
        with hosted.lock:
            if hosted.next_id is None:
                stored = self.store.load(hosted.id)
                hosted.next_id = None if stored is None else stored.next_id
            if hosted.next_id is None:
                if admit is not None:
                    admit()
                self._make_room()
                view = hosted.series_view()
                leader = hosted.kind.next_leader(hosted.game)
                series = {"number": view["number"] + 1, "previous": hosted.id, "totals_before": view["totals"]}
                following, new = self._deal(hosted.kind, hosted.game.rules, dict(hosted.token_hashes),
                                            dict(hosted.bot_names), hosted.fairness.client_seed, leader, series,
                                            hosted.turn_seconds if hosted.clock_covered else DEFAULT)
                following.names = dict(hosted.names)       # a series keeps the names; every seat starts present
                standing = self.store.insert_next(hosted.id, self._stored(following, leader, creator),
                                                  following.token_hashes, new)
                if standing == following.id:
                    with self._lock:
                        self._remember(following)
                hosted.next_id = standing
            next_id = hosted.next_id
        for listener in list(self.listeners):
            listener(hosted.id, hosted.version)        # every seat's view now names the next game
        return Created(next_id, {}, self.get(next_id).fairness.commitment)

    def _make_room(self) -> None:
        self.expire(every=min(10.0, self.idle_seconds / 10))      # a sweep now and then, not per request
        if self.store.active() >= self.max_games:
            self.expire()                                           # full: sweep now before refusing
            if self.store.active() >= self.max_games:
                raise HostFull(f"the server hosts {self.max_games} games already; try again later")

    def _deal(self, kind: GameKind, rules: Any, token_hashes: dict[int, str], bot_names: dict[int, str],
              client_seed: str, leader: int, series: dict[str, Any] | None, turn_seconds: int | None | str
              ) -> tuple[HostedGame, list[tuple[int, str]]]:
        """A new hosted game on a fresh server seed (not yet stored) and the bot moves that open it.
        ``turn_seconds`` DEFAULT: a table of an older store, whose commitment does not cover a clock."""
        seed = self.server_seeds()
        covered = turn_seconds != DEFAULT
        clock = turn_seconds if isinstance(turn_seconds, int) else None
        table = table_of(kind.name, rules, bot_names, **({"turn_seconds": clock} if covered else {}))
        fairness = Fairness(seed, client_seed, commitment(seed, table))
        game = kind.deal(rules, leader, seed, client_seed, first_game=series is None)
        hosted = HostedGame(secrets.token_urlsafe(12), kind, game, token_hashes, bot_names, fairness, series,
                            turn_seconds=clock, clock_covered=covered)
        moves = self._bots_move(hosted, hosted.game)
        hosted.deadline = self._deadline(hosted, hosted.game, None, self.clock())
        return hosted, moves

    def _stored(self, hosted: HostedGame, leader: int, creator: str | None) -> StoredGame:
        now = self.clock()
        return StoredGame(hosted.id, hosted.kind.name, hosted.kind.rules_data(hosted.game.rules), leader,
                          {str(s): b for s, b in hosted.bot_names.items()}, hosted.fairness.server_seed,
                          hosted.fairness.client_seed, hosted.fairness.commitment, now,
                          now if hosted.game.is_over else None, series=hosted.series,
                          creator=None if creator is None else creator_digest(creator),
                          turn_seconds=hosted.turn_seconds, deadline=hosted.deadline,
                          names={str(s): n for s, n in hosted.names.items()})

    def _deadline(self, hosted: HostedGame, game: Any, kept: float | None, now: float) -> float | None:
        """The deadline of ``game``'s seat to act: ``kept`` while that seat's turn goes on, else a fresh
        one (``HostedGame.turn_length``: ``turn_seconds``, 10 s more for a game's first turn, or
        ``PACE_SECONDS`` for an away seat); None without a clock, at the end or while a bot is to act."""
        if hosted.turn_seconds is None or game.is_over or game.to_move not in hosted.token_hashes:
            return None
        if kept is not None:
            return kept
        return now + hosted.turn_length(game, hosted.away)

    def _next_deadline(self, hosted: HostedGame, game: Any, kept: float | None, away: set[int], now: float
                       ) -> float | None:
        """``_deadline`` with the away seats as they will be."""
        before, hosted.away = hosted.away, away
        try:
            return self._deadline(hosted, game, kept, now)
        finally:
            hosted.away = before

    # ------------------------------------------------------------------------------------------
    # Finding games and seats

    def _remember(self, hosted: HostedGame) -> None:
        self._cache[hosted.id] = hosted
        self._cache.move_to_end(hosted.id)
        while len(self._cache) > 2 * self.max_games + 16:
            self._cache.popitem(last=False)

    def _rebuild(self, stored: StoredGame) -> HostedGame:
        kind = game_kind(stored.kind)
        rules = kind.rules(stored.rules)
        game = kind.deal(rules, stored.leader, stored.server_seed, stored.client_seed, first_game=stored.series is None)
        for seat, text in stored.actions:
            if game.to_move != seat:
                raise RuntimeError(f"stored game {stored.id} is corrupt: action {text!r} is not seat {seat}'s")
            game.apply(kind.parse_action(text))
        bots = {int(s): name for s, name in stored.bots.items()}
        covered = stored.commitment == commitment(stored.server_seed, table_of(
            kind.name, rules, bots, turn_seconds=stored.turn_seconds))
        hosted = HostedGame(stored.id, kind, game, dict(stored.token_hashes), bots,
                            Fairness(stored.server_seed, stored.client_seed, stored.commitment,
                                     covers_table=stored.commitment != commitment(stored.server_seed)), stored.series,
                            stored.next_id, turn_seconds=stored.turn_seconds, clock_covered=covered)
        self._catch_up(hosted, stored)
        return hosted

    @staticmethod
    def _catch_up(hosted: HostedGame, stored: StoredGame) -> None:
        """Take the stored row's clock, seats and marks (the actions are replayed by the caller)."""
        hosted.deadline, hosted.away, hosted.stamp = stored.deadline, set(stored.away), stored.stamp
        hosted.names = {int(s): n for s, n in stored.names.items()}
        hosted.standins = set(stored.standins)
        hosted.next_id = stored.next_id

    def get(self, game_id: str) -> HostedGame:
        """The game with this id (from memory, or rebuilt from the store); NotFound if none."""
        if not isinstance(game_id, str) or len(game_id) > 64:
            raise NotFound(game_id)
        with self._lock:
            hosted = self._cache.get(game_id)
            if hosted is not None:
                self._cache.move_to_end(game_id)
                return hosted
            stored = self.store.load(game_id)
            if stored is None:
                raise NotFound(game_id)
            hosted = self._rebuild(stored)
            self._remember(hosted)
            return hosted

    def fresh(self, game_id: str) -> HostedGame:
        """The game as the store holds it now: the cached copy, caught up with the actions another
        process stored since (replayed onto it), or rebuilt. Without ``shared``, the cached copy."""
        hosted = self.get(game_id)
        if not self.shared:
            return hosted
        marks = self.store.marks(game_id)
        if marks is None:
            with self._lock:
                self._cache.pop(game_id, None)
            raise NotFound(game_id)
        if marks == (hosted.version, hosted.stamp):
            if hosted.next_id is None and hosted.game.is_over:
                stored = self.store.load(game_id)          # a finished game's next game may be linked elsewhere
                hosted.next_id = None if stored is None else stored.next_id
            return hosted
        stored = self.store.load(game_id)
        if stored is None:
            raise NotFound(game_id)
        with hosted.lock:
            if len(stored.actions) > hosted.version:
                game = hosted.game.clone()
                for seat, text in stored.actions[hosted.version:]:
                    game.apply(hosted.kind.parse_action(text))
                hosted.game = game
            self._catch_up(hosted, stored)
        return hosted

    def seat_of(self, game_id: str, token: str | None) -> tuple[int, HostedGame]:
        """The seat whose token this is, and its game (``fresh``). Unauthorized without a token,
        Forbidden for a token of no seat of this game (compared in constant time)."""
        if not token:
            raise Unauthorized("send the seat's token as Authorization: Bearer <token>")
        hosted = self.fresh(game_id)
        digest = token_hash(token)
        seat = None
        for candidate, stored in hosted.token_hashes.items():
            if hmac.compare_digest(digest, stored):
                seat = candidate
        if seat is None:
            raise Forbidden("this token is not a seat of this game")
        return seat, hosted

    def _tell(self, game_id: str, version: int) -> None:
        for listener in list(self.listeners):
            listener(game_id, version)

    def rename(self, game_id: str, token: str | None, name: Any) -> tuple[int, HostedGame]:
        """The token's seat takes ``name`` (``phom.web.names.check_name``: never one that reads as another
        seat's name at this table, checked against the names as stored now) at this table and its next games."""
        def take(seat: int, hosted: HostedGame) -> dict[str, Any] | None:
            chosen = check_name(name, [n for s, n in hosted.names.items() if s != seat])
            return {"names": {**hosted.names, seat: chosen}}
        return self._change_seat(game_id, token, take)

    def _change_seat(self, game_id: str, token: str | None,
                     change: Callable[[int, HostedGame], dict[str, Any] | None]) -> tuple[int, HostedGame]:
        """Store the seat's ``change`` of the game as stored now (away, deadline, names; None: nothing to
        do), in a write that checks nothing changed meanwhile, decided again if something did (another
        process's move, back or name is never overwritten)."""
        for _attempt in range(WRITE_ATTEMPTS):
            seat, hosted = self.seat_of(game_id, token)
            with hosted.lock:
                changed = change(seat, hosted)
                if changed is None:
                    return seat, hosted
                try:
                    self._seating(hosted, self.clock(), **changed)
                except StaleVersion:
                    continue
            self._tell(hosted.id, hosted.version)
            return seat, hosted
        raise NotYourTurn("the table changed meanwhile; try again")

    def _seating(self, hosted: HostedGame, now: float, *, away: set[int] | None = None,
                 deadline: float | None | Keep = KEEP, names: dict[int, str] | None = None) -> None:
        """Store a change of the seats (under ``hosted.lock``), then take it; StaleVersion (the cached copy
        dropped) if the game or its seats changed meanwhile."""
        try:
            stamp = self.store.seating(hosted.id, hosted.version, now=now,
                                       away=None if away is None else sorted(away), deadline=deadline,
                                       names=None if names is None else {str(s): n for s, n in names.items()},
                                       stamp=hosted.stamp)
        except StaleVersion:
            with self._lock:
                self._cache.pop(hosted.id, None)
            raise
        hosted.stamp = stamp
        if away is not None:
            hosted.away = away
        if not isinstance(deadline, Keep):
            hosted.deadline = deadline
        if names is not None:
            hosted.names = names

    def react(self, game_id: str, token: str | None, reaction: Any) -> tuple[int, HostedGame]:
        """The token's seat shows ``reaction`` (one of ``REACTIONS``) to the table's sockets."""
        if reaction not in REACTIONS:
            raise Refusal(f"reaction must be one of {', '.join(REACTIONS)}", "bad_reaction")
        seat, hosted = self.seat_of(game_id, token)
        self.store.react(hosted.id, seat, str(reaction), now=self.clock())
        self._tell(hosted.id, hosted.version)
        return seat, hosted

    def reactions(self, game_id: str, after: int) -> list[tuple[int, int, str]]:
        """The table's reactions after number ``after`` (kept for a minute): (number, seat, reaction)."""
        return self.store.reactions(game_id, after)

    def held(self, creator: str) -> int:
        """How many unfinished games ``creator`` (a client's address) created, in the store every worker
        shares (idle ones expire)."""
        self.expire(every=min(10.0, self.idle_seconds / 10))
        return self.store.held(creator_digest(creator))

    @staticmethod
    def _bots_move(hosted: HostedGame, game: Any) -> list[tuple[int, str]]:
        moves = []
        while not game.is_over and game.to_move in hosted.bots:
            p = game.to_move
            action = seeded_action(hosted.bots[p], game, hosted.fairness.server_seed)
            game.apply(action)
            moves.append((p, str(action)))
        return moves

    def stats(self) -> dict[str, Any]:
        return {"games": self.store.active(), "max_games": self.max_games, "idle_seconds": self.idle_seconds,
                "keep_finished_seconds": self.keep_finished_seconds, "keep_finished": self.keep_finished,
                "keep_reviews": self.keep_reviews}
