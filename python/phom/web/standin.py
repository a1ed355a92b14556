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

from typing import Any

from ..clock import STANDIN
from ..fairness import seeded_action
from .hosted import HostedGame, NotFound
from .store import KEEP, StaleVersion
from .tables import Tables

__all__ = ["DUE_BATCH", "Clocked"]

#: How many passed deadlines one look at the store takes (the caller looks again while any remain).
DUE_BATCH = 64


class Clocked(Tables):
    """Hosted games whose clocks run out: ``due`` finds the passed deadlines, ``fire`` plays one."""

    def fire(self, game_id: str, version: int, due: float) -> bool:
        """Play the due turn of game ``game_id`` at ``version`` whose deadline ``due`` passed: the
        stand-in (reseeded like the bots) plays the seat's whole turn, the seat is away, the bots move;
        if every person at the table is then away, the stand-in plays on to the end. All of it is
        committed in one transaction that also checks the version and the deadline, so a deadline is
        played once whichever process fires it. True if this call played it."""
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
                    break                                  # someone is there to play, or the game is over
            now = self.clock()
            deadline = self._next_deadline(hosted, trial, None, away, now)
            try:
                stored = self.store.append(hosted.id, version, new, now=now, finished=trial.is_over, deadline=deadline,
                                           away=sorted(away), standins=standins, due=due, stamp=hosted.stamp)
            except StaleVersion:
                with self._lock:
                    self._cache.pop(hosted.id, None)      # another process played it, or the seat came back
                return False
            hosted.standins |= {version + i for i in standins}
            hosted.game, hosted.deadline, hosted.away = trial, deadline, away
            hosted.stamp += 1
        self._tell(hosted.id, stored)
        return True

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
            fired = sum(self.fire(game_id, version, due) for game_id, version, due in found)
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
