"""The table clock, one home for its terms: the bounds of a turn's seconds and the stand-in, the bot that
plays an absent person's turn (``phom serve``'s clocked tables, ``phom play --turn-seconds``). The stand-in
is reseeded for each decision like a table's bots, so ``phom verify`` proves every move it made.

>>> STANDIN, MIN_TURN_SECONDS, MAX_TURN_SECONDS, FIRST_TURN_EXTRA_SECONDS
('greedy', 5, 600, 10)
"""

from __future__ import annotations

__all__ = ["FIRST_TURN_EXTRA_SECONDS", "MAX_TURN_SECONDS", "MIN_TURN_SECONDS", "PACE_SECONDS", "STANDIN"]

#: The stand-in, in both games: it plays a person's turn when the table's clock runs out.
STANDIN = "greedy"
#: The bounds of a table's seconds a turn.
MIN_TURN_SECONDS, MAX_TURN_SECONDS = 5, 600
#: How long the stand-in waits before it plays an away seat's turn (a paced turn; the contract: at most 3 s).
PACE_SECONDS = 2.0
#: The first turn of a game (before any person at the table has moved) has this many seconds more: nobody
#: has seen the cards yet, and a next game's seats may still be on the last game's result.
FIRST_TURN_EXTRA_SECONDS = 10
