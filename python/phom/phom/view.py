"""``PlayerView``: what one player may know of a game, for bots and people.

A view is built over a ``PublicState`` (the game's State with the other hands and the stock emptied),
so hidden information never enters it. Its card-valued fields are built on first use, so a bot that
reads only ``legal_actions`` pays little.

>>> from phom import Game
>>> v = Game(seed=3).view(1)
>>> v.player, len(v.hand), v.hand_sizes, v.stock_size
(1, 9, (10, 9, 9, 9), 15)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

from .actions import Action
from ..cards import DECK_MASK, Card, CardSet
from .referee import send_targets
from .render import html
from .rules import Rules
from .state import Phase, PublicState, TurnKind

__all__ = ["PlayerView"]


class PlayerView:
    """One player's knowledge of a game, frozen at the moment it was taken. Seats are absolute
    (0..N-1); ``player`` is the viewer.

    Fields: ``player``, ``rules``, ``public`` (the PublicState), ``hand``, ``unlaid_eaten`` (his eaten
    cards still to lay), ``hand_sizes``, ``eaten`` (every player's eaten cards), ``rows``, ``laid``,
    ``laid_down``, ``stock_size``, ``to_move`` (None once over), ``phase``, ``turn_kind``,
    ``last_discard``, ``legal_actions`` (empty unless this player is to move), ``history``,
    ``hidden_sizes`` (the cards of each hand the viewer cannot see),
    ``is_over``, and the derived ``unseen`` (the other hands, the stock and the cards set aside),
    ``table`` and ``send_targets``.
    """

    def __init__(self, rules: Rules, public: PublicState, legal_actions: tuple[Action, ...],
                 history: Sequence[tuple[int, Action]]) -> None:
        # the history only grows, so a prefix of the shared list is a snapshot
        self.__dict__.update(player=public.viewer, rules=rules, public=public, legal_actions=legal_actions,
                             _history=(history, len(history)))

    player: int
    rules: Rules
    public: PublicState
    legal_actions: tuple[Action, ...]
    _history: tuple[Sequence[tuple[int, Action]], int]

    @property
    def stock_size(self) -> int:
        return self.public.stock_size

    @property
    def to_move(self) -> int | None:
        to_move = self.public.state.to_move
        return None if to_move < 0 else to_move

    @property
    def phase(self) -> Phase:
        return self.public.state.phase

    @property
    def turn_kind(self) -> TurnKind:
        return self.public.state.turn_kind

    @property
    def is_over(self) -> bool:
        return self.public.state.phase == "over"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("PlayerView is immutable")

    def __repr__(self) -> str:
        return f"<PlayerView of player {self.player}: {self.phase} phase, stock {self.stock_size}>"

    def _repr_html_(self) -> str:
        """The table as this player sees it (notebooks show it): see ``phom.phom.render.html``."""
        return html(self)

    @cached_property
    def hand(self) -> CardSet:
        return CardSet.from_mask(self.public.state.seats[self.player].hand)

    @cached_property
    def unlaid_eaten(self) -> CardSet:
        return CardSet.from_mask(self.public.state.seats[self.player].unlaid_eaten)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return self.public.hand_sizes

    @cached_property
    def hidden_sizes(self) -> tuple[int, ...]:
        """How many cards of each hand the viewer cannot see: the eaten cards not yet laid are public."""
        return tuple(0 if q == self.player else size - s.unlaid_eaten.bit_count()
                     for q, (size, s) in enumerate(zip(self.hand_sizes, self.public.state.seats)))

    @cached_property
    def eaten(self) -> tuple[CardSet, ...]:
        return tuple(CardSet.from_mask(s.eaten) for s in self.public.state.seats)

    @cached_property
    def rows(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(Card.from_index(c) for c in s.row) for s in self.public.state.seats)

    @cached_property
    def laid(self) -> tuple[tuple[CardSet, ...], ...]:
        return tuple(tuple(CardSet.from_mask(m) for m in s.laid) for s in self.public.state.seats)

    @cached_property
    def laid_down(self) -> tuple[bool, ...]:
        return tuple(s.laid_down for s in self.public.state.seats)

    @cached_property
    def last_discard(self) -> tuple[Card, int] | None:
        """The discard the player to move may eat now, and who made it (take phase only)."""
        state = self.public.state
        if state.last_discard < 0 or state.phase != "take":
            return None
        return Card.from_index(state.last_discard), (state.to_move - 1) % len(state.seats)

    @cached_property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every action so far (public: a Draw does not name the card drawn)."""
        actions, count = self._history
        return tuple(actions[:count])

    @cached_property
    def unseen(self) -> CardSet:
        """The cards this player cannot see: the other hands, the stock and the cards set aside."""
        return CardSet.from_mask(DECK_MASK & ~self.public.visible)

    @property
    def table(self) -> list[tuple[int, int, CardSet]]:
        """Every phỏm on the table as (player, index, cards)."""
        return [(p, i, m) for p, melds in enumerate(self.laid) for i, m in enumerate(melds)]

    def send_targets(self, kind: TurnKind | None = None) -> list[tuple[int, int, CardSet]]:
        """The table phỏm this player may send to in a turn of ``kind`` (default: the current turn),
        as (owner, index, cards), by the referee's rule (``phom.phom.referee.send_targets``)."""
        found = send_targets(self.rules, self.public.state, self.player, kind)
        return [(q, i, CardSet.from_mask(m)) for q, i, m in found]
