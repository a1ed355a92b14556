"""What every game loop tells its bots besides ``act(view)``: a bot may define ``game_started(game, seat,
number)`` and ``game_ended(game, seat)`` (both optional) and ``close()``; the loops of the arenas,
``simulate``, matches and the terminal call them when present. ``phom.external``'s bots need them: they
send a game's start and end to their program.

>>> class Counting:
...     started = 0
...     def game_started(self, game, seat, number): self.started += 1
>>> bot = Counting()
>>> announce_start({2: bot, 3: object()}, game=None, number=1)
>>> bot.started
1
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

__all__ = ["announce_end", "announce_start", "close_bots"]


def _seated(bots: Sequence[Any] | Mapping[int, Any]) -> Iterable[tuple[int, Any]]:
    return bots.items() if isinstance(bots, Mapping) else enumerate(bots)


def announce_start(bots: Sequence[Any] | Mapping[int, Any], game: Any, number: int) -> None:
    """Tell each seat's bot (a list by seat, or a dict seat → bot) that ``game`` (number ``number``, from
    1, of this loop) begins."""
    for seat, bot in _seated(bots):
        started = getattr(bot, "game_started", None)
        if started is not None:
            started(game, seat, number)


def announce_end(bots: Sequence[Any] | Mapping[int, Any], game: Any) -> None:
    """Tell each seat's bot that ``game`` is over (its result is set)."""
    for seat, bot in _seated(bots):
        ended = getattr(bot, "game_ended", None)
        if ended is not None:
            ended(game, seat)


def close_bots(bots: Iterable[Any]) -> None:
    """``close()`` every bot that has it (an external bot ends its programs), each once.

    >>> close_bots([object()])
    """
    for bot in bots:
        close = getattr(bot, "close", None)
        if close is not None:
            close()
