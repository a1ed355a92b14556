"""Hosted games for ``phom serve``: games kept in a ``GameStore``, one secret token per human seat, bots
for the other seats, provably fair deals, a table clock, idle games expiring. Nothing here speaks HTTP;
``phom.web.app`` does. ``GameHost`` is made of its concerns: the tables and series (``phom.web.tables``),
the clock and the stand-in (``phom.web.standin``), and here the moves (``act``); the names of the
hosted game (``phom.web.hosted``) and of seat names (``phom.web.names``) are importable from here too.

Every accepted action, with the bot moves it triggers, is applied to a copy of the game, written to
the store in one transaction, and only then becomes the game: a failure at any point changes nothing.

>>> host = GameHost(GameStore(":memory:"), max_games=2)
>>> created = host.create(client_seed="lucky")
>>> seat, hosted = host.seat_of(created.id, created.tokens[0])
>>> seat, hosted.game.to_move, len(created.commitment)
(0, 0, 64)
>>> host.act(created.id, created.tokens[0], "draw", seen=hosted.version + 1)
Traceback (most recent call last):
...
phom.web.hosted.Stale: the move was chosen at version 1 but the game is at version 0: it moved on; nothing was played
"""

from __future__ import annotations

from typing import Any

from ..clock import MAX_TURN_SECONDS, MIN_TURN_SECONDS, PACE_SECONDS
from ..games import game_spec
from .hosted import (DEFAULT, REACT_SECONDS, REACTIONS, WRITE_ATTEMPTS, Created, Forbidden, GameOver, HostedGame,
                     HostFull, KeyReused, NotFound, NotYourTurn, Stale, Unauthorized, check_turn_seconds,
                     creator_digest, stale_refusal, token_hash, turn_seconds_refusal)
from .names import MAX_NAME, check_name, name_refusal
from .standin import Clocked
from .store import GameStore, StaleVersion

__all__ = ["DEFAULT", "MAX_NAME", "MAX_TURN_SECONDS", "MIN_TURN_SECONDS", "PACE_SECONDS", "REACTIONS",
           "REACT_SECONDS", "Created", "Forbidden", "GameHost", "GameOver", "HostFull", "HostedGame", "KeyReused",
           "NotFound", "NotYourTurn", "Stale", "Unauthorized", "check_name", "check_turn_seconds", "creator_digest",
           "name_refusal", "token_hash", "turn_seconds_refusal"]


class GameHost(Clocked):
    """Hosted games by id, kept in ``store`` (a throwaway in-memory store by default); see
    ``phom.web.tables.Tables`` for its arguments. It deals (``create``, ``next_game``), finds games and
    seats (``get``, ``fresh``, ``seat_of``), plays the clock (``fire``, ``due``, ``back``), keeps the seats'
    names and reactions (``rename``, ``react``) and applies the seats' moves (``act``)."""

    def act(self, game_id: str, token: str | None, action: Any, key: str | None = None, *,
            seen: int | None = None) -> tuple[int, HostedGame]:
        """Apply ``action`` for the token's seat, let the bots move until a human is to move, and commit
        all of it in one transaction before returning. ``key`` (a client's ``Idempotency-Key``, per
        seat): a request sent again with the same key, even at the same moment, is applied once, and
        every copy gets the game as it is after it. ``seen``: the version the move was chosen on; Stale
        (nothing played) if the game is at another. A move is decided again on the stored state if only
        the seats changed meanwhile (a seat came back, or took a name, in another process); if the game
        moved on, NotYourTurn."""
        for attempt in range(WRITE_ATTEMPTS):
            seat, hosted = self.seat_of(game_id, token)
            request = None if key is None else f"{seat}:{key}"
            with hosted.lock:                               # one request of a key at a time in this process
                if request is not None and self.store.applied(hosted.id, request) is not None:
                    self._same_move(hosted.id, seat, request, action)
                    answered = True
                else:
                    answered = False
                    self._check_move(hosted, seat, seen)
                    version = self._play(hosted, seat, action, request)
            if answered:
                return seat, self.fresh(hosted.id)         # applied already: the answer is the game as it stands
            if version is None:                              # lost a race in the store
                if request is not None and self.store.applied(hosted.id, request) is not None:
                    self._same_move(hosted.id, seat, request, action)
                    return seat, self.fresh(hosted.id)     # the same request won in another process
                if self.store.version(hosted.id) == hosted.version and attempt + 1 < WRITE_ATTEMPTS:
                    continue                               # only the seats changed: decide again
                if seen is not None:
                    current = self.store.version(hosted.id)
                    raise Stale(str(stale_refusal(seen, current or 0))) from stale_refusal(seen, current or 0)
                raise NotYourTurn("the game changed meanwhile; fetch it again")
            self._tell(hosted.id, version)
            return seat, hosted
        raise NotYourTurn("the game changed meanwhile; fetch it again")  # pragma: no cover - the loop returns

    @staticmethod
    def _check_move(hosted: HostedGame, seat: int, seen: int | None) -> None:
        """Stale if the move was chosen on another version; GameOver or NotYourTurn if the seat may not move."""
        if seen is not None and seen != hosted.version:
            refusal = stale_refusal(seen, hosted.version)
            raise Stale(str(refusal)) from refusal
        if hosted.game.is_over:
            raise GameOver("the game is over")
        if hosted.game.to_move != seat:
            raise NotYourTurn(f"it is seat {hosted.game.to_move}'s turn, not seat {seat}'s")

    def _play(self, hosted: HostedGame, seat: int, action: Any, request: str | None) -> int | None:
        """Apply and store the seat's move and the bot moves it triggers (under ``hosted.lock``); the new
        version, or None (the cached copy dropped) if the store moved on meanwhile."""
        trial = hosted.game.clone()
        try:
            trial.apply(action)
        except game_spec(hosted.kind).refusal as exc:      # the game's own refusal: 409 with its reason
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
            return None
        hosted.game, hosted.deadline, hosted.away = trial, deadline, away
        hosted.stamp += 1
        return version

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
