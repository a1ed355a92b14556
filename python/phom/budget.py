"""``best``'s budget: how many worlds a ``best:MS`` decision may sample (used by ``make_bot`` and the
levels)."""

from __future__ import annotations

__all__ = ["BEST_MS", "BEST_WORLDS_PER_MS", "best_worlds"]

#: ``best``'s budget by default, in milliseconds a decision (on average, this machine, two threads).
BEST_MS = 50
#: Worlds a racing decision may sample per millisecond of budget: ``best:MS`` measured at about MS ms a
#: decision on average on the 2-core development machine (research/headroom.py timing; LADDER.md).
BEST_WORLDS_PER_MS = 40


def best_worlds(ms: int) -> int:
    """The most worlds a ``best:MS`` decision samples: ``BEST_WORLDS_PER_MS`` a millisecond, in whole
    rounds of 16, at least two rounds.

    >>> best_worlds(50), best_worlds(5), best_worlds(500)
    (2000, 192, 20000)
    """
    return max(32, 16 * round(ms * BEST_WORLDS_PER_MS / 16))
