"""The observation tensor for learning agents: a fixed layout, and ``encode(view)``.

Seats are relative to the viewer: slot k is seat (viewer + k) % N. Only a view goes in, so hidden
information (other hands, the stock order, the cards set aside) cannot come out.

>>> from phom import Game
>>> vec = encode(Game(seed=3).view(1))
>>> vec.shape == (OBSERVATION_SIZE,), int(vec[:52].sum())
(True, 9)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..cards import card_indices
from .view import PlayerView

__all__ = ["OBSERVATION_LAYOUT", "OBSERVATION_OFFSETS", "OBSERVATION_SIZE", "encode"]

#: (name, size) of each block, in order.
OBSERVATION_LAYOUT: tuple[tuple[str, int], ...] = (
    ("hand", 52),
    ("unlaid_eaten", 52),
    *((f"seat{k}_row", 52) for k in range(4)),
    *((f"seat{k}_eaten", 52) for k in range(4)),
    *((f"seat{k}_laid", 52) for k in range(4)),
    ("eatable_discard", 52),
    ("stock_fraction", 1),
    ("phase_take_play_over", 3),
    ("turn_normal_lay_tai", 3),
    ("to_move_relative", 4),
    ("seat_laid_down", 4),
    ("seat_hand_size_div10", 4),
    ("seat_row_size_div4", 4),
    ("seat_present", 4),
)
OBSERVATION_SIZE = sum(size for _, size in OBSERVATION_LAYOUT)
#: The first index of each block.
OBSERVATION_OFFSETS: dict[str, int] = {
    name: sum(size for _, size in OBSERVATION_LAYOUT[:i]) for i, (name, _) in enumerate(OBSERVATION_LAYOUT)}

_PHASES = {"take": 0, "play": 1, "over": 2}
_KINDS = {"normal": 0, "lay": 1, "tai": 2}


def encode(view: PlayerView) -> npt.NDArray[np.float32]:
    """A float32 vector of ``OBSERVATION_SIZE`` entries, laid out as ``OBSERVATION_LAYOUT`` says."""
    at = OBSERVATION_OFFSETS
    vec = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    state, player = view.public.state, view.player
    n = len(state.seats)

    def put(name: str, mask: int) -> None:
        start = at[name]
        for c in card_indices(mask):
            vec[start + c] = 1.0

    me = state.seats[player]
    put("hand", me.hand)
    put("unlaid_eaten", me.unlaid_eaten)
    for k in range(n):
        seat = state.seats[(player + k) % n]
        put(f"seat{k}_row", sum(1 << c for c in seat.row))
        put(f"seat{k}_eaten", seat.eaten)
        put(f"seat{k}_laid", sum(seat.laid))
        vec[at["seat_laid_down"] + k] = float(seat.laid_down)
        vec[at["seat_hand_size_div10"] + k] = view.hand_sizes[(player + k) % n] / 10.0
        vec[at["seat_row_size_div4"] + k] = len(seat.row) / 4.0
        vec[at["seat_present"] + k] = 1.0
    if view.last_discard is not None:
        vec[at["eatable_discard"] + view.last_discard[0].index] = 1.0
    vec[at["stock_fraction"]] = view.stock_size / view.rules.stock_size
    vec[at["phase_take_play_over"] + _PHASES[view.phase]] = 1.0
    vec[at["turn_normal_lay_tai"] + _KINDS[view.turn_kind]] = 1.0
    if view.to_move is not None:
        vec[at["to_move_relative"] + (view.to_move - player) % n] = 1.0
    return vec
