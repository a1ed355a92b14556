"""What one player may know: ``PlayerView`` for bots and people, ``observation`` for learning agents.

Hidden information (other hands, the stock order, the cards set aside) never enters either.

>>> from phom import Game
>>> g = Game(seed=3)
>>> v = g.view(1)
>>> v.player, len(v.hand), v.hand_sizes, v.stock_size
(1, 9, (10, 9, 9, 9), 15)
>>> observation(g, 1).shape == (OBSERVATION_SIZE,)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from .actions import Action
from .cards import DECK_MASK, Card, CardSet
from .rules import Rules

if TYPE_CHECKING:
    from .game import Game

__all__ = ["OBSERVATION_LAYOUT", "OBSERVATION_SIZE", "PlayerView", "PublicState", "observation", "player_view"]


@dataclass(frozen=True)
class PublicState:
    """Bookkeeping every player at the table can follow: enough, with a view, to rebuild the game
    around sampled hidden cards (see ``phom.worlds``)."""

    lead: int
    lay_order: tuple[int, ...]
    had_tai: tuple[bool, ...]
    turns: tuple[int, ...]
    ever_laid: tuple[bool, ...]
    eats: tuple[int, ...]
    chot_eaters: tuple[int, ...]
    payments: tuple[tuple[int, int, int, str], ...]
    draws: int
    lay_counter: int
    turn_actions: int
    laid_this_turn: int
    sent_this_turn: bool
    ate_chot_from: int | None
    eatable: tuple[int, int] | None


@dataclass(frozen=True)
class PlayerView:
    """One player's knowledge of a game. Seats are absolute (0..N-1); ``player`` is the viewer.

    ``unseen`` is every card this player cannot see: the other hands, the stock and the cards set aside.
    ``legal_actions`` is empty unless this player is to move.
    """

    player: int
    rules: Rules
    hand: CardSet
    unlaid_eaten: CardSet
    hand_sizes: tuple[int, ...]
    eaten: tuple[CardSet, ...]
    rows: tuple[tuple[Card, ...], ...]
    laid: tuple[tuple[CardSet, ...], ...]
    laid_down: tuple[bool, ...]
    stock_size: int
    to_move: int | None
    phase: str
    turn_kind: str
    last_discard: tuple[Card, int] | None
    legal_actions: tuple[Action, ...]
    history: tuple[tuple[int, Action], ...]
    is_over: bool
    public: PublicState

    @property
    def unseen(self) -> CardSet:
        seen = self.hand.mask
        for row in self.rows:
            for c in row:
                seen |= c.mask
        for melds in self.laid:
            for m in melds:
                seen |= m.mask
        for e in self.eaten:
            seen |= e.mask
        return CardSet(DECK_MASK & ~seen)

    @property
    def table(self) -> list[tuple[int, int, CardSet]]:
        """Every phỏm on the table as (player, index, cards)."""
        return [(p, i, m) for p, melds in enumerate(self.laid) for i, m in enumerate(melds)]


def player_view(game: Game, player: int) -> PlayerView:
    """The view of ``player`` (see PlayerView)."""
    n = game.players
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
        raise ValueError(f"player {player!r} is not a seat from 0 to {n - 1}")
    seats = game._seats
    to_move = game.to_move
    return PlayerView(
        player=player,
        rules=game.rules,
        hand=CardSet(seats[player].hand),
        unlaid_eaten=CardSet(seats[player].eaten),
        hand_sizes=tuple(s.hand.bit_count() for s in seats),
        eaten=game.eaten,
        rows=game.rows,
        laid=tuple(tuple(m) for m in game.laid),
        laid_down=game.laid_down,
        stock_size=game.stock_size,
        to_move=to_move,
        phase=game.phase,
        turn_kind=game.turn_kind,
        last_discard=game.last_discard,
        legal_actions=tuple(game.legal_actions()) if to_move == player else (),
        history=tuple(game.history),  # public: a Draw does not name the card drawn
        is_over=game.is_over,
        public=PublicState(
            lead=game._lead,
            lay_order=tuple(s.lay_order for s in seats),
            had_tai=tuple(s.had_tai for s in seats),
            turns=tuple(s.turns for s in seats),
            ever_laid=tuple(s.ever_laid for s in seats),
            eats=tuple(s.eats for s in seats),
            chot_eaters=tuple(game._chot_eaters),
            payments=tuple(game._payments),
            draws=game.draws,
            lay_counter=game._lay_counter,
            turn_actions=game._turn_actions,
            laid_this_turn=game._laid_this_turn,
            sent_this_turn=game._sent_this_turn,
            ate_chot_from=game._ate_chot_from,
            eatable=game._last_discard,
        ),
    )


# Observation layout: (name, size), in order. Seats are relative: slot k is seat (player + k) % N.
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
_OFFSETS: dict[str, int] = {}
_offset = 0
for _name, _size in OBSERVATION_LAYOUT:
    _OFFSETS[_name] = _offset
    _offset += _size
del _offset, _name, _size

_PHASES = {"take": 0, "play": 1, "over": 2}
_KINDS = {"normal": 0, "lay": 1, "tai": 2}


def _put_mask(vec: Any, name: str, mask: int) -> None:
    start = _OFFSETS[name]
    while mask:
        low = mask & -mask
        vec[start + low.bit_length() - 1] = 1.0
        mask ^= low


def observation(game: Game, player: int) -> Any:
    """A float32 vector of ``OBSERVATION_SIZE`` entries, laid out as ``OBSERVATION_LAYOUT`` says."""
    n = game.players
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
        raise ValueError(f"player {player!r} is not a seat from 0 to {n - 1}")
    vec = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    seats = game._seats
    _put_mask(vec, "hand", seats[player].hand)
    _put_mask(vec, "unlaid_eaten", seats[player].eaten)
    for k in range(n):
        seat = seats[(player + k) % n]
        _put_mask(vec, f"seat{k}_row", sum(1 << c for c in seat.row))
        _put_mask(vec, f"seat{k}_eaten", seat.eaten_all)
        _put_mask(vec, f"seat{k}_laid", sum(seat.laid))
        vec[_OFFSETS["seat_laid_down"] + k] = float(seat.laid_down)
        vec[_OFFSETS["seat_hand_size_div10"] + k] = seat.hand.bit_count() / 10.0
        vec[_OFFSETS["seat_row_size_div4"] + k] = len(seat.row) / 4.0
        vec[_OFFSETS["seat_present"] + k] = 1.0
    last = game.last_discard
    if last is not None:
        vec[_OFFSETS["eatable_discard"] + last[0].index] = 1.0
    vec[_OFFSETS["stock_fraction"]] = game.stock_size / game.rules.stock_size
    vec[_OFFSETS["phase_take_play_over"] + _PHASES[game.phase]] = 1.0
    vec[_OFFSETS["turn_normal_lay_tai"] + _KINDS[game.turn_kind]] = 1.0
    if game.to_move is not None:
        vec[_OFFSETS["to_move_relative"] + (game.to_move - player) % n] = 1.0
    return vec
