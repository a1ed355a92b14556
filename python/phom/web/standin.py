"""The table clock of hosted games: deadlines kept in the store and played, when they pass, by the
stand-in (``phom.clock.STANDIN``), by whichever process of the service finds them first and exactly once;
a seat that comes back. ``Clocked`` is the part of ``phom.web.hosting.GameHost`` that does it.

A passed deadline's seat is away from then on: its later turns are paced (``PACE_SECONDS``), and once
every person at the table is away the stand-in plays the game to its end at once.

>>> from phom.web.store import GameStore
>>> clocked = Clocked(GameStore(":memory:"), clock=lambda: 1000.0)
>>> created = clocked.create(humans=[0, 1], turn_seconds=5)
>>> due = clocked.get(created.id).deadline
>>> clocked.clock = lambda: due + 1
>>> clocked.fire_due(), sorted(clocked.get(created.id).away)
(1, [0])
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Sequence
from typing import Any

from ..clock import STANDIN
from ..fairness import seeded_action
from .hosted import HostedGame, NotFound
from .store import KEEP, Append, deadline_work
from .tables import Tables

__all__ = ["CLAIM_SECONDS", "DUE_BATCH", "Clocked"]

#: How many passed deadlines one look at the store takes (the caller looks again while any remain).
DUE_BATCH = 64
#: Workers sharing a store claim the deadlines they play for this long (a claim of a killed worker lapses).
CLAIM_SECONDS = 5.0


class Clocked(Tables):
    """Hosted games whose clocks run out: ``due`` finds the passed deadlines, ``fire`` plays one.
    ``holder``: this process's name in the store's claims (workers sharing a store claim the deadlines
    they play, so each is computed once)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.holder = f"{os.getpid()}:{secrets.token_hex(4)}"

    def fire(self, game_id: str, version: int, due: float) -> bool:
        """Play the due turn of game ``game_id`` at ``version`` whose deadline ``due`` passed (``fire_all``
        of one); True if this call played it."""
        return self.fire_all([(game_id, version, due)]) == 1

    def fire_all(self, deadlines: Sequence[tuple[str, int, float]]) -> int:
        """Play the passed ``deadlines`` (game id, version, deadline): for each, the stand-in (reseeded like
        the bots) plays the seat's whole turn, the seat is away, the bots move; if every person at the
        table is then away, the stand-in plays on to the end. All of them are committed in one
        transaction (one write to disk) that checks each game's version, stamp and deadline, so a deadline
        is played once whichever process fires it; a game that moved on meanwhile is left as it is. How
        many this call played."""
        claimed: list[str] = []
        if self.shared and deadlines:                  # workers sharing a store: each deadline computed by one
            works = [deadline_work(game_id, version) for game_id, version, _ in deadlines]
            now = self.clock()
            held = self.store.claim_all(works, self.holder, now=now, until=now + CLAIM_SECONDS)
            deadlines = [d for d, work in zip(deadlines, works) if work in held]
            claimed = [work for work in works if work in held]
        try:
            return self._fire_all(deadlines)
        finally:
            if claimed:
                self.store.release_all(claimed, self.holder)

    def _fire_all(self, deadlines: Sequence[tuple[str, int, float]]) -> int:
        plans: list[tuple[HostedGame, Append, Any, set[int]]] = []
        for game_id, version, due in deadlines:
            try:
                hosted = self.get(game_id)                 # the copy in memory, if it is at the deadline's state
                if hosted.version != version or hosted.deadline != due:
                    hosted = self.fresh(game_id)           # (any other change meanwhile fails the write below)
            except NotFound:
                continue
            with hosted.lock:
                planned = self._plan(hosted, version, due)
            if planned is not None:
                plans.append((hosted, *planned))
        if not plans:
            return 0
        stored = self.store.append_all([write for _, write, _, _ in plans])
        played = 0
        for (hosted, write, trial, away), new_version in zip(plans, stored):
            with hosted.lock:
                if new_version is None or hosted.version != write.version or hosted.stamp != write.stamp:
                    with self._lock:
                        self._cache.pop(hosted.id, None)   # another process played it, or the seat came back
                    if new_version is None:
                        continue
                else:
                    hosted.standins |= {write.version + i for i in write.standins}
                    hosted.game, hosted.deadline, hosted.away = trial, write.deadline, away
                    hosted.stamp += 1
            played += 1
            self._tell(hosted.id, new_version)
        return played

    def _plan(self, hosted: HostedGame, version: int, due: float) -> tuple[Append, Any, set[int]] | None:
        """What the stand-in plays for the passed deadline ``due`` of ``hosted`` at ``version`` (under
        ``hosted.lock``; nothing changes): the store's write, the game after it and the away seats; None
        if the deadline is not this game's now."""
        game = hosted.game
        if hosted.version != version or hosted.deadline != due or game.is_over or self.clock() < due:
            return None
        seat = game.to_move
        if seat not in hosted.token_hashes:
            return None
        trial = game.clone()
        away = hosted.away | {seat}
        new: list[tuple[int, str]] = []
        standins: list[int] = []
        standin = hosted.kind.make_bot(STANDIN)
        while True:
            mover = trial.to_move
            while not trial.is_over and trial.to_move == mover:
                action = seeded_action(standin, trial, hosted.fairness.server_seed)
                trial.apply(action)
                standins.append(len(new))
                new.append((mover, str(action)))
            new += self._bots_move(hosted, trial)
            if trial.is_over or not hosted.all_away(away) or trial.to_move not in away:
                break                                      # someone is there to play, or the game is over
        now = self.clock()
        deadline = self._next_deadline(hosted, trial, None, away, now)
        write = Append(hosted.id, version, new, now, trial.is_over, deadline, sorted(away), standins, due, hosted.stamp)
        return write, trial, away

    def due(self, limit: int = DUE_BATCH) -> list[tuple[str, int, float]]:
        """The deadlines that have passed, in every game of the store: (game id, version, deadline), the
        most overdue first, at most ``limit``."""
        return self.store.due(self.clock(), limit)

    def fire_due(self, limit: int = DUE_BATCH) -> int:
        """Play the passed deadlines, looking again while any remain (at most ``limit`` a look, and as many
        looks as it takes while each look plays something); how many this call played."""
        played = 0
        for _look in range(10_000):
            found = self.due(limit)
            fired = self.fire_all(found)
            played += fired
            if len(found) < limit or not fired:
                break
        return played

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
