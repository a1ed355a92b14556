"""The Tiến lên observation tensor: one player's view as a flat float32 vector (the layout's home).

Seats are relative to the viewer (block 0 is the viewer, block 1 the next seat in play order, …), so
one network serves every seat. Cards are phom card indices (``Card.index``). The compiled engine
writes the same vector (``TienLenVectorGame.observation``); tests compare the two.

=========================== ===== ===========================================================
name                        size  content
=========================== ===== ===========================================================
hand                        52    the viewer's cards
table                       52    the play to beat (all zero at the start of a round)
seat_played_cards           4×52  every card each seat has played this game
seat_hand_size_div13        4     cards left in each hand / 13
seat_passed                 4     seats out of this round
seat_finished               4     seats that went out
seat_cong                   4     seats found cóng
to_move_relative            4     one-hot: whose turn it is (all zero once over)
table_owner_relative        4     one-hot: who made the play to beat
table_kind                  7     one-hot: none, single, pair, triple, straight, pairs_run, four
first_game_opening_over     3     first game; the next play must hold the opening card; over
seat_present                4     seats in the game (2–4 players)
=========================== ===== ===========================================================

>>> from phom.tienlen import TienLenGame
>>> game = TienLenGame(seed=1)
>>> vector = encode(game.view(0))
>>> vector.shape, int(vector[OFFSETS["hand"]:OFFSETS["hand"] + 52].sum())
((350,), 13)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ..cards import CardSet

if TYPE_CHECKING:
    from .game import TienLenView

__all__ = ["KINDS", "LAYOUT", "OBSERVATION_SIZE", "OFFSETS", "encode"]

KINDS = (None, "single", "pair", "triple", "straight", "pairs_run", "four")

LAYOUT: tuple[tuple[str, int], ...] = (
    ("hand", 52), ("table", 52), ("seat_played_cards", 4 * 52), ("seat_hand_size_div13", 4),
    ("seat_passed", 4), ("seat_finished", 4), ("seat_cong", 4), ("to_move_relative", 4),
    ("table_owner_relative", 4), ("table_kind", len(KINDS)), ("first_game_opening_over", 3),
    ("seat_present", 4))

OFFSETS: dict[str, int] = {}
_at = 0
for _name, _size in LAYOUT:
    OFFSETS[_name] = _at
    _at += _size
OBSERVATION_SIZE = _at


def _put(out: npt.NDArray[np.float32], at: int, cards: CardSet) -> None:
    for card in cards:
        out[at + card.index] = 1.0


def encode(view: TienLenView) -> npt.NDArray[np.float32]:
    """The observation of a ``TienLenView`` (the specification of the compiled encoder)."""
    from .combos import classify

    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    n = view.rules.players
    at = OFFSETS
    _put(out, at["hand"], view.hand)
    _put(out, at["table"], view.table)
    shown = [0] * n
    for seat, action in view.history:
        cards = getattr(action, "cards", None)
        if cards is not None:
            shown[seat] |= cards.mask
    cong = set(view.cong)
    for k in range(n):
        q = (view.player + k) % n
        _put(out, at["seat_played_cards"] + 52 * k, CardSet(shown[q]))
        out[at["seat_hand_size_div13"] + k] = view.hand_sizes[q] / 13.0
        out[at["seat_passed"] + k] = q in view.passed
        out[at["seat_finished"] + k] = q in view.finished
        out[at["seat_cong"] + k] = q in cong
        out[at["seat_present"] + k] = 1.0
    if view.to_move is not None:
        out[at["to_move_relative"] + (view.to_move - view.player) % n] = 1.0
    if view.table_owner >= 0:
        out[at["table_owner_relative"] + (view.table_owner - view.player) % n] = 1.0
    combo = classify(view.table.mask) if view.table else None
    out[at["table_kind"] + KINDS.index(combo.kind if combo is not None else None)] = 1.0
    out[at["first_game_opening_over"]] = view.first_game
    out[at["first_game_opening_over"] + 1] = view.opening_card is not None
    out[at["first_game_opening_over"] + 2] = view.to_move is None
    return out
