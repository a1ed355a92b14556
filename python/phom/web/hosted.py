"""A hosted game as the host keeps it (``HostedGame``: its referee's game, seats, bots, fairness seeds,
clock and names), what creating one answers (``Created``), the refusals of hosting, and what the store
keeps of a token or a creator. ``phom.web.hosting.GameHost`` keeps them.

>>> token_hash("secret")[:12], check_turn_seconds(30)
('2bb80d537b1d', 30)
"""

from __future__ import annotations

import hashlib
import json
import threading
from dataclasses import dataclass, field
from typing import Any

from ..clock import FIRST_TURN_EXTRA_SECONDS, MAX_TURN_SECONDS, MIN_TURN_SECONDS, PACE_SECONDS
from ..games import GameKind
from ..fairness import Fairness
from ..refusals import Refusal
from .api import REACTION_KEYS

__all__ = ["DEFAULT", "REACTIONS", "REACT_SECONDS", "WRITE_ATTEMPTS", "Created", "Forbidden", "GameOver", "HostFull",
           "HostedGame", "KeyReused", "NotFound", "NotYourTurn", "Stale", "Unauthorized", "check_turn_seconds",
           "creator_digest", "stale_refusal", "token_hash", "turn_seconds_refusal"]

#: The reactions a seat may send (the page shows the catalog's words for each).
REACTIONS = REACTION_KEYS
#: A seat may react once in this many seconds.
REACT_SECONDS = 2.0
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


def stale_refusal(seen: int, current: int) -> Refusal:
    """The refusal of a move chosen on version ``seen`` of a game now at ``current`` (code ``stale``).

    >>> stale_refusal(4, 6).code, str(stale_refusal(4, 6))
    ('stale', 'the move was chosen at version 4 but the game is at version 6: it moved on; nothing was played')
    """
    return Refusal(f"the move was chosen at version {seen} but the game is at version {current}: it moved on; "
                   "nothing was played", "stale", seen=seen, version=current)


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


class Stale(NotYourTurn):
    """A move chosen on a version of the game that is no longer the current one (``stale_refusal`` is
    its cause): nothing was played."""


class HostFull(RuntimeError):
    """The store holds as many unfinished games as it may, or a limit is reached: try again in
    ``retry_after`` seconds (the answer's ``Retry-After``)."""

    def __init__(self, message: str, retry_after: int = 10) -> None:
        super().__init__(message)
        self.retry_after = max(1, int(retry_after))


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

    def turn_length(self, game: Any, away: set[int]) -> float:
        """The seconds of a fresh turn of ``game``'s seat to act: the table's ``turn_seconds`` (plus
        ``FIRST_TURN_EXTRA_SECONDS`` while no person has moved yet: the first turn of a game, before
        anyone has seen the cards), or ``PACE_SECONDS`` for an away seat."""
        if game.to_move in away:
            return PACE_SECONDS
        seconds = float(self.turn_seconds or 0)
        if not any(player in self.token_hashes for player, _ in game.history):
            seconds += FIRST_TURN_EXTRA_SECONDS
        return seconds

    def all_away(self, away: set[int]) -> bool:
        """Whether every person at the table is ``away`` (the stand-in then plays the game to its end at once)."""
        return bool(self.token_hashes) and set(self.token_hashes) <= away


@dataclass(frozen=True)
class Created:
    """A new game: its id, one token per human seat, and the commitment to its server seed."""

    id: str
    tokens: dict[int, str]
    commitment: str
