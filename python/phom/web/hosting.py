"""Hosted games for ``phom serve``: games kept in a ``GameStore``, one secret token per human seat, bots
for the other seats, provably fair deals, idle games expiring. Nothing here speaks HTTP; ``phom.web.app``
does.

Every accepted action, with the bot moves it triggers, is applied to a copy of the game, written to
the store in one transaction, and only then becomes the game: a failure at any point changes nothing.
A game not in memory (after a restart) is rebuilt from the store by dealing from its seeds and
replaying its actions. Bots are reseeded for each decision from the server seed
(``phom.fairness.bot_seed``), so a rebuilt bot plays exactly as the lost one would have.

>>> host = GameHost(GameStore(":memory:"), max_games=2)
>>> created = host.create(client_seed="lucky")
>>> seat, hosted = host.seat_of(created.id, created.tokens[0])
>>> seat, hosted.game.to_move, len(created.commitment)
(0, 0, 64)
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..clock import MAX_TURN_SECONDS, MIN_TURN_SECONDS, PACE_SECONDS, STANDIN
from ..games import GameKind, game_kind
from ..fairness import Fairness, check_client_seed, commitment, new_server_seed, seeded_action, table_of
from ..phom.game import IllegalAction
from ..refusals import Refusal
from .api import REACTION_KEYS
from .store import KEEP, GameStore, Keep, StaleVersion, Store, StoredGame

__all__ = ["MAX_NAME", "MAX_TURN_SECONDS", "MIN_TURN_SECONDS", "PACE_SECONDS", "REACTIONS", "REACT_SECONDS",
           "Created", "Forbidden", "GameHost", "GameOver", "HostFull", "HostedGame", "KeyReused", "NotFound",
           "NotYourTurn", "Unauthorized", "check_name", "check_turn_seconds", "creator_digest", "name_refusal",
           "token_hash", "turn_seconds_refusal"]

#: The reactions a seat may send (the page shows the catalog's words for each).
REACTIONS = REACTION_KEYS
#: A seat may react once in this many seconds.
REACT_SECONDS = 2.0
#: Letters and marks that draw nothing (fillers, joiners, variation selectors): never in a name, which would
#: look like another or like none.
INVISIBLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180e\u180f\u3164\uffa0"
                      "\ufe00\ufe01\ufe02\ufe03\ufe04\ufe05\ufe06\ufe07\ufe08\ufe09\ufe0a\ufe0b\ufe0c\ufe0d"
                      "\ufe0e\ufe0f")
#: The longest name a seat may choose (characters, after NFC and trimming).
MAX_NAME = 20
#: How often a write whose game's seats changed meanwhile (in another process) is decided again.
WRITE_ATTEMPTS = 3
#: Who chose ``turn_seconds``: the game's default (a clock with two or more people, none with one).
DEFAULT = "default"


def check_turn_seconds(value: Any) -> int | None:
    """A table's seconds a turn: an int from 5 to 600, or None (no clock); a ``Refusal`` otherwise.

    >>> check_turn_seconds(30), check_turn_seconds(None)
    (30, None)
    >>> check_turn_seconds(4)
    Traceback (most recent call last):
    ...
    phom.refusals.Refusal: turn_seconds must be a whole number from 5 to 600, or null
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not MIN_TURN_SECONDS <= value <= MAX_TURN_SECONDS:
        raise turn_seconds_refusal()
    return value


def turn_seconds_refusal() -> Refusal:
    """The refusal of a bad ``turn_seconds``, in the player's words by ``text(lang)``."""
    return Refusal(f"turn_seconds must be a whole number from {MIN_TURN_SECONDS} to {MAX_TURN_SECONDS}, or null",
                   "turn_seconds", low=MIN_TURN_SECONDS, high=MAX_TURN_SECONDS)


def name_refusal() -> Refusal:
    """The refusal of a bad name, in the player's words by ``text(lang)``."""
    return Refusal(f"a name is 1 to {MAX_NAME} letters, digits, spaces or ._-", "bad_name", most=MAX_NAME)


def check_name(value: Any) -> str:
    """A seat's name, NFC-normalised and trimmed, runs of spaces made one: 1–20 letters (any script, with
    their marks), digits, spaces and ``._-``; a ``Refusal`` otherwise. A name is text, never markup.

    >>> check_name("  Tuấn  "), check_name("Lan_2"), check_name("Tua\u0302\u0301n  Anh")
    ('Tuấn', 'Lan_2', 'Tuấn Anh')
    >>> check_name("<img>")
    Traceback (most recent call last):
    ...
    phom.refusals.Refusal: a name is 1 to 20 letters, digits, spaces or ._-
    """
    if not isinstance(value, str) or len(value) > 4 * MAX_NAME:
        raise name_refusal()
    name = " ".join(part for part in unicodedata.normalize("NFC", value).split(" ") if part)
    if not 1 <= len(name) <= MAX_NAME or unicodedata.category(name[0]).startswith("M"):
        raise name_refusal()
    for char in name:
        if not (char.isalnum() or char in " ._-" or unicodedata.category(char) in ("Mn", "Mc", "Me")):
            raise name_refusal()
        if char in INVISIBLE:
            raise name_refusal()
    return name


class NotFound(KeyError):
    """No hosted game has this id (it never existed, or it expired)."""


class Unauthorized(PermissionError):
    """No token was given."""


class Forbidden(PermissionError):
    """The token is not a token of this game."""


class NotYourTurn(ValueError):
    """An action was sent for a seat that is not to move, or that the referee refuses."""


class GameOver(NotYourTurn):
    """The game is over: nothing more can be played."""


class HostFull(RuntimeError):
    """The store holds as many unfinished games as it may."""


class KeyReused(ValueError):
    """An ``Idempotency-Key`` already applied to another move of the same seat."""


def creator_digest(address: str) -> str:
    """What the store keeps of a creating client's address: the SHA-256 hex digest of ``creator:ADDRESS``."""
    return hashlib.sha256(f"creator:{address}".encode("utf-8", "surrogatepass")).hexdigest()


def token_hash(token: str) -> str:
    """What the store keeps of a token: its SHA-256 hex digest."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class HostedGame:
    """A live game: its kind (``phom.web.kinds``), the referee's game (a Phỏm ``Game`` or a
    ``TienLenGame``), its seats and bots, and its fairness seeds."""

    id: str
    kind: GameKind
    game: Any
    token_hashes: dict[int, str]
    bot_names: dict[int, str]
    fairness: Fairness
    series: dict[str, Any] | None = None
    next_id: str | None = None
    bots: dict[int, Any] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    #: the table clock: seconds a human seat has for a turn (None: no clock)
    turn_seconds: int | None = None
    #: whether the commitment covers ``turn_seconds`` (every table created since the clock exists)
    clock_covered: bool = False
    #: when the seat to act is played by the stand-in (epoch seconds), or None
    deadline: float | None = None
    #: the human seats the stand-in plays until they come back
    away: set[int] = field(default_factory=set)
    #: the names the seats chose
    names: dict[int, str] = field(default_factory=dict)
    #: the versions of the actions the stand-in played
    standins: set[int] = field(default_factory=set)
    #: the store's stamp this copy is at (every change of the stored row bumps it)
    stamp: int = 0

    def __post_init__(self) -> None:
        self.bots = {seat: self.kind.make_bot(name) for seat, name in self.bot_names.items()}

    @property
    def version(self) -> int:
        """How many actions have been applied."""
        return len(self.game.history)

    @property
    def humans(self) -> list[int]:
        return sorted(self.token_hashes)

    def series_view(self) -> dict[str, Any]:
        """The table's series as the API sends it: this game's ``number`` (1 for a table's first game),
        the ``previous`` game's id, each seat's ``totals`` over the series' finished games, and the
        ``next`` game's id once one is started."""
        series = self.series or {"number": 1, "previous": None, "totals_before": [0] * self.game.rules.players}
        totals = list(series["totals_before"])
        if self.game.result is not None:
            totals = [a + b for a, b in zip(totals, self.game.result.net)]
        return {"number": series["number"], "previous": series["previous"], "totals": totals, "next": self.next_id}

    def record(self) -> dict[str, Any]:
        """The game's JSON record with ``fairness``, ``bots``, ``result``, the table's ``turn_seconds`` and
        the ``history`` (each action's seat, and ``"by": "clock"`` where the stand-in played it); ``phom
        verify`` checks it."""
        data: dict[str, Any] = json.loads(self.game.to_json())
        data["fairness"] = self.fairness.to_dict()
        data["bots"] = {str(seat): name for seat, name in sorted(self.bot_names.items())}
        data["result"] = None if self.game.result is None else list(self.game.result.net)
        if self.clock_covered:
            data["turn_seconds"] = self.turn_seconds
        data["history"] = self.history()
        return data

    def history(self) -> list[dict[str, Any]]:
        """Every action as ``{"player", "action"}``, with ``"by": "clock"`` where the stand-in played it."""
        return [{"player": p, "action": str(a), **({"by": "clock"} if v in self.standins else {})}
                for v, (p, a) in enumerate(self.game.history)]

    def clock_view(self, now: float) -> dict[str, int] | None:
        """The clock as a view says it at ``now``: the seat to act, its deadline and now (epoch ms), or None."""
        if self.deadline is None or self.game.is_over:
            return None
        return {"seat": int(self.game.to_move), "deadline_ms": int(self.deadline * 1000), "now_ms": int(now * 1000)}


@dataclass(frozen=True)
class Created:
    """A new game: its id, one token per human seat, and the commitment to its server seed."""

    id: str
    tokens: dict[int, str]
    commitment: str


class GameHost:
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
               client_seed: str = "", kind: str = "phom", creator: str | None = None,
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
        one (``turn_seconds``, or ``PACE_SECONDS`` for an away seat); None without a clock, at the end or
        while a bot is to act."""
        if hosted.turn_seconds is None or game.is_over or game.to_move not in hosted.token_hashes:
            return None
        if kept is not None:
            return kept
        return now + (PACE_SECONDS if game.to_move in hosted.away else hosted.turn_seconds)

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

    # ------------------------------------------------------------------------------------------
    # Playing

    def act(self, game_id: str, token: str | None, action: Any, key: str | None = None) -> tuple[int, HostedGame]:
        """Apply ``action`` for the token's seat, let the bots move until a human is to move, and commit
        all of it in one transaction before returning. ``key`` (a client's ``Idempotency-Key``, per
        seat): a request retried with the same key is applied once; the retry gets the game as it is.
        A move is decided again on the stored state if only the seats changed meanwhile (a seat came
        back, or took a name, in another process); if the game moved on, NotYourTurn."""
        for attempt in range(WRITE_ATTEMPTS):
            seat, hosted = self.seat_of(game_id, token)
            request = None if key is None else f"{seat}:{key}"
            if request is not None and self.store.applied(hosted.id, request) is not None:
                self._same_move(hosted.id, seat, request, action)
                return seat, self.fresh(hosted.id)         # applied already: the answer is the game as it stands
            with hosted.lock:
                game = hosted.game
                if game.is_over:
                    raise GameOver("the game is over")
                if game.to_move != seat:
                    raise NotYourTurn(f"it is seat {game.to_move}'s turn, not seat {seat}'s")
                trial = game.clone()
                try:
                    trial.apply(action)
                except IllegalAction as exc:
                    raise NotYourTurn(str(exc)) from None
                new = [(seat, str(action))] + self._bots_move(hosted, trial)
                now = self.clock()
                away = hosted.away - {seat}                 # a move brings the seat back
                goes_on = seat not in hosted.away and trial.to_move == seat and all(p == seat for p, _ in new)
                kept = hosted.deadline if goes_on else None  # a turn's clock runs from its start to its end
                deadline = self._next_deadline(hosted, trial, kept, away, now)
                try:
                    version = self.store.append(hosted.id, hosted.version, new, now=now, finished=trial.is_over,
                                                key=request, deadline=deadline, away=sorted(away), stamp=hosted.stamp)
                except StaleVersion:
                    with self._lock:
                        self._cache.pop(hosted.id, None)      # another writer: reload from the store next time
                    if request is not None and self.store.applied(hosted.id, request) is not None:
                        self._same_move(hosted.id, seat, request, action)
                        return seat, self.fresh(hosted.id)    # the same request won on another worker
                    if self.store.version(hosted.id) == hosted.version and attempt + 1 < WRITE_ATTEMPTS:
                        continue                              # only the seats changed: decide again
                    raise NotYourTurn("the game changed meanwhile; fetch it again") from None
                hosted.game, hosted.deadline, hosted.away = trial, deadline, away
                hosted.stamp += 1
            self._tell(hosted.id, version)
            return seat, hosted
        raise NotYourTurn("the game changed meanwhile; fetch it again")  # pragma: no cover - the loop returns

    def _next_deadline(self, hosted: HostedGame, game: Any, kept: float | None, away: set[int], now: float
                       ) -> float | None:
        """``_deadline`` with the away seats as they will be."""
        before, hosted.away = hosted.away, away
        try:
            return self._deadline(hosted, game, kept, now)
        finally:
            hosted.away = before

    def _tell(self, game_id: str, version: int) -> None:
        for listener in list(self.listeners):
            listener(game_id, version)

    # ------------------------------------------------------------------------------------------
    # The clock, the stand-in, names and reactions

    def fire(self, game_id: str, version: int, due: float) -> bool:
        """Play the due turn of game ``game_id`` at ``version`` whose deadline ``due`` passed: the
        stand-in (``phom.fairness.STANDIN``, reseeded like the bots) plays the seat's whole turn, the seat
        is away, the bots move, and all of it is committed in one transaction that also checks the
        version and the deadline, so a deadline is played once whichever process fires it. True if
        this call played it."""
        try:
            hosted = self.fresh(game_id)
        except NotFound:
            return False
        with hosted.lock:
            game = hosted.game
            if hosted.version != version or hosted.deadline != due or game.is_over or self.clock() < due:
                return False
            seat = game.to_move
            if seat not in hosted.token_hashes:
                return False
            trial = game.clone()
            standin = hosted.kind.make_bot(STANDIN)
            new: list[tuple[int, str]] = []
            while not trial.is_over and trial.to_move == seat:
                action = seeded_action(standin, trial, hosted.fairness.server_seed)
                trial.apply(action)
                new.append((seat, str(action)))
            played = len(new)
            new += self._bots_move(hosted, trial)
            now = self.clock()
            away = hosted.away | {seat}
            deadline = self._next_deadline(hosted, trial, None, away, now)
            try:
                stored = self.store.append(hosted.id, version, new, now=now, finished=trial.is_over, deadline=deadline,
                                           away=sorted(away), standins=range(played), due=due, stamp=hosted.stamp)
            except StaleVersion:
                with self._lock:
                    self._cache.pop(hosted.id, None)      # another process played it, or the seat came back
                return False
            hosted.standins |= set(range(version, version + played))
            hosted.game, hosted.deadline, hosted.away = trial, deadline, away
            hosted.stamp += 1
        self._tell(hosted.id, stored)
        return True

    def due(self, limit: int = 32) -> list[tuple[str, int, float]]:
        """The deadlines that have passed, in every game of the store: (game id, version, deadline)."""
        return self.store.due(self.clock(), limit)

    def fire_due(self, limit: int = 32) -> int:
        """Play every passed deadline (up to ``limit``); how many this call played."""
        return sum(self.fire(game_id, version, due) for game_id, version, due in self.due(limit))

    def back(self, game_id: str, token: str | None) -> tuple[int, HostedGame]:
        """The token's seat is present again; if it is its turn, its clock starts afresh."""
        def come_back(seat: int, hosted: HostedGame) -> dict[str, Any] | None:
            if seat not in hosted.away:
                return None
            game, seconds = hosted.game, hosted.turn_seconds
            fresh_clock = not game.is_over and game.to_move == seat and seconds is not None
            return {"away": hosted.away - {seat},
                    "deadline": self.clock() + seconds if fresh_clock and seconds is not None else KEEP}
        return self._change_seat(game_id, token, come_back)

    def rename(self, game_id: str, token: str | None, name: Any) -> tuple[int, HostedGame]:
        """The token's seat takes ``name`` (``check_name``) at this table and its next games."""
        chosen = check_name(name)
        return self._change_seat(game_id, token, lambda seat, hosted: {"names": {**hosted.names, seat: chosen}})

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

    def _same_move(self, game_id: str, seat: int, request: str, action: Any) -> None:
        """KeyReused unless the move applied under ``request`` is ``action``. The request left the game
        at its stored version after the seat's move and the bot moves it triggered (never this seat's),
        so its move is the seat's last before that version."""
        version, stored = self.store.applied(game_id, request), self.store.load(game_id)
        if version is None or stored is None:
            return
        done = next((text for who, text in reversed(stored.actions[:version]) if who == seat), None)
        if done is not None and done != str(action):
            raise KeyReused(f"Idempotency-Key {ascii(request.partition(':')[2])} was used for another move "
                            f"({done}); send a new key for a new move")

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
