"""What both vectorised engines (``phom.vector`` for Phỏm, ``phom.tienlen.vector`` for Tiến lên) check
and draw the same way: whole numbers, 64-bit seeds, the stream of per-game seeds, seat arrays.

>>> SeedStream(7).draw() != SeedStream(8).draw(), whole_number(3, "n")
(True, 3)
>>> seats_of(None, to_move=np.array([2, -1], dtype=np.int8), players=4).tolist()
[2, 0]
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["SEED_MASK", "SeedStream", "seats_of", "seed64", "whole_number"]

SEED_MASK = (1 << 64) - 1


def whole_number(value: object, name: str, low: int = 0) -> int:
    """``value`` as an int, or ValueError naming ``name`` unless it is a whole number ≥ ``low``."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or int(value) < low:
        raise ValueError(f"{name} {value!r} must be a whole number ≥ {low}")
    return int(value)


def seed64(seed: int | None) -> int:
    """A 64-bit seed: the integer given (wrapped), or fresh entropy for None."""
    if seed is None:
        return int(np.random.SeedSequence().entropy) & SEED_MASK  # type: ignore[arg-type]
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise ValueError(f"seed {seed!r} must be an integer")
    return int(seed) & SEED_MASK


class SeedStream:
    """Per-game seeds from one batch seed (a 64-bit LCG step per draw): game i of a batch is dealt the
    same whatever else the batch holds."""

    def __init__(self, seed: int | None) -> None:
        self.state = seed64(seed)

    def draw(self) -> int:
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) & SEED_MASK
        return self.state


def seats_of(player: object, *, to_move: npt.NDArray[np.int8], players: int) -> npt.NDArray[np.int8]:
    """The seat observed in each game: the player to move (seat 0 once over) for None, else one seat
    for all games or one per game, checked."""
    n = len(to_move)
    if player is None:
        return np.maximum(to_move, 0).astype(np.int8)
    raw = np.asarray(player)
    if raw.ndim == 0:
        raw = np.full(n, raw)
    if raw.shape != (n,) or not np.issubdtype(raw.dtype, np.integer) or raw.dtype == np.bool_:
        raise ValueError(f"player must be a seat or {n} integer seats, got {player!r}")
    if n and ((raw < 0) | (raw >= players)).any():
        bad = int(np.argmax((raw < 0) | (raw >= players)))
        raise ValueError(f"player[{bad}] = {int(raw[bad])} is not a seat from 0 to {players - 1}")
    return np.ascontiguousarray(raw.astype(np.int8))
