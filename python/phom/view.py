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
from functools import cached_property
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


class PlayerView:
    """One player's knowledge of a game, frozen at the moment it was taken. Seats are absolute
    (0..N-1); ``player`` is the viewer.

    Fields: ``player``, ``rules``, ``hand``, ``unlaid_eaten`` (his eaten cards still to lay),
    ``hand_sizes``, ``eaten`` (every player's eaten cards), ``rows``, ``laid``, ``laid_down``,
    ``stock_size``, ``to_move``, ``phase``, ``turn_kind``, ``last_discard``, ``legal_actions`` (empty
    unless this player is to move), ``history``, ``is_over``, ``public`` (bookkeeping), and the derived
    ``unseen`` (the other hands, the stock and the cards set aside) and ``table``.
    The card-valued fields are built on first use, so a bot that reads only ``legal_actions`` pays little.
    """

    def __init__(self, game: Game, player: int) -> None:
        me = game._seats[player]
        to_move = game.to_move
        self.__dict__.update({
            "player": player,
            "rules": game.rules,
            "stock_size": game.stock_size,
            "to_move": to_move,
            "phase": game.phase,
            "turn_kind": game.turn_kind,
            "is_over": game.is_over,
            "legal_actions": tuple(game.legal_actions()) if to_move == player else (),
            "_hand": me.hand,
            "_unlaid": me.eaten,
            # one snapshot per seat: (hand size, eaten, row, laid, laid down, lay order, had tái, turns,
            # ever laid, eats); the game-wide bookkeeping; the history (it only grows: a prefix is a snapshot)
            "_seats": [(s.hand.bit_count(), s.eaten_all, tuple(s.row), tuple(s.laid), s.laid_down, s.lay_order,
                        s.had_tai, s.turns, s.ever_laid, s.eats) for s in game._seats],
            "_book": (game._lead, tuple(game._chot_eaters), tuple(game._payments), game.draws, game._lay_counter,
                      game._turn_actions, game._laid_this_turn, game._sent_this_turn, game._ate_chot_from,
                      game._last_discard),
            "_history": (game.history, len(game.history)),
        })

    def _column(self, i: int) -> tuple[Any, ...]:
        return tuple(seat[i] for seat in self._seats)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("PlayerView is immutable")

    def __repr__(self) -> str:
        return f"<PlayerView of player {self.player}: {self.phase} phase, stock {self.stock_size}>"

    player: int
    rules: Rules
    stock_size: int
    to_move: int | None
    phase: str
    turn_kind: str
    is_over: bool
    legal_actions: tuple[Action, ...]
    _hand: int
    _unlaid: int
    _seats: list[tuple[Any, ...]]
    _book: tuple[Any, ...]
    _history: tuple[list[tuple[int, Action]], int]

    @cached_property
    def hand(self) -> CardSet:
        return CardSet._from_mask(self._hand)

    @cached_property
    def unlaid_eaten(self) -> CardSet:
        return CardSet._from_mask(self._unlaid)

    @cached_property
    def hand_sizes(self) -> tuple[int, ...]:
        return self._column(0)

    @cached_property
    def eaten(self) -> tuple[CardSet, ...]:
        return tuple(CardSet._from_mask(m) for m in self._column(1))

    @cached_property
    def rows(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(_CARDS[c] for c in row) for row in self._column(2))

    @cached_property
    def laid(self) -> tuple[tuple[CardSet, ...], ...]:
        return tuple(tuple(CardSet._from_mask(m) for m in melds) for melds in self._column(3))

    @cached_property
    def laid_down(self) -> tuple[bool, ...]:
        return self._column(4)

    @cached_property
    def last_discard(self) -> tuple[Card, int] | None:
        """The discard the viewer's next taker may eat now, and who made it (take phase only)."""
        last = self._book[9] if self.phase == "take" else None
        return None if last is None else (_CARDS[last[0]], last[1])

    @cached_property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every action so far (public: a Draw does not name the card drawn)."""
        actions, count = self._history
        return tuple(actions[:count])

    @cached_property
    def public(self) -> PublicState:
        lead, chot_eaters, payments, draws, lay_counter, turn_actions, laid_this_turn, sent_this_turn, \
            ate_chot_from, eatable = self._book
        return PublicState(
            lead=lead, lay_order=self._column(5), had_tai=self._column(6), turns=self._column(7),
            ever_laid=self._column(8), eats=self._column(9), chot_eaters=chot_eaters, payments=payments,
            draws=draws, lay_counter=lay_counter, turn_actions=turn_actions, laid_this_turn=laid_this_turn,
            sent_this_turn=sent_this_turn, ate_chot_from=ate_chot_from, eatable=eatable)

    @cached_property
    def unseen(self) -> CardSet:
        seen = self._hand
        for _, eaten, row, laid, *_ in self._seats:
            seen |= eaten
            for c in row:
                seen |= 1 << c
            for m in laid:
                seen |= m
        return CardSet._from_mask(DECK_MASK & ~seen)

    @property
    def table(self) -> list[tuple[int, int, CardSet]]:
        """Every phỏm on the table as (player, index, cards)."""
        return [(p, i, m) for p, melds in enumerate(self.laid) for i, m in enumerate(melds)]


_CARDS = [Card.from_index(c) for c in range(52)]


def player_view(game: Game, player: int) -> PlayerView:
    """The view of ``player`` (see PlayerView)."""
    n = game.players
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
        raise ValueError(f"player {player!r} is not a seat from 0 to {n - 1}")
    return PlayerView(game, player)


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
