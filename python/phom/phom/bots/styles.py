"""Two rule-based styles unlike the greedy rollouts, for a panel of opponents: ``HolderBot`` (never eats,
keeps every cạ, throws its highest rác) and ``HunterBot`` (eats whenever it may and plays for ù, keeping
the cards that make phỏm and cạ). Both declare ù when they can and lay down with ``AutoLay``.

>>> from phom import Game
>>> game = Game(seed=12)
>>> HolderBot().act(game.view(0)), HunterBot().act(game.view(0))
(Discard(Card('QS')), Discard(Card('QS')))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...bot_base import offered
from ..actions import Action, AutoLay, DeclareU, DeclareUKhan, Discard, Draw, Eat, LayMeld
from ...cards import CardSet
from ..solver import ValueTable, isolated, meld_masks
from ..view import PlayerView

__all__ = ["HolderBot", "HunterBot"]


def _by_type(legal: Sequence[Action]) -> dict[type, list[Action]]:
    found: dict[type, list[Action]] = {}
    for action in legal:
        found.setdefault(type(action), []).append(action)
    return found


def _rac(hand: int) -> int:
    """The cards of ``hand`` in no phỏm and no cạ, as a mask."""
    return isolated(CardSet.from_mask(hand)).mask


def _style_action(view: PlayerView, takes: tuple[type, ...],
                  best_discard: Callable[[list[Action]], Action]) -> Action:
    """What both styles share: ù first; in the take phase the first legal kind of ``takes``; AutoLay; an
    eaten card's phỏm when no discard is open; otherwise ``best_discard`` of the legal discards."""
    legal = offered(view)
    by_type = _by_type(legal)
    for kind in (DeclareUKhan, DeclareU):
        if kind in by_type:
            return by_type[kind][0]
    if view.phase == "take":
        return next((by_type[kind][0] for kind in takes if kind in by_type), legal[0])
    if AutoLay in by_type:
        return by_type[AutoLay][0]
    if Discard not in by_type:
        eaten = view.unlaid_eaten.mask
        lays: list[Action] = [a for a in by_type.get(LayMeld, []) if isinstance(a, LayMeld) and a.meld.mask & eaten]
        return (lays or list(legal))[0]
    return best_discard(by_type[Discard])


class HolderBot:
    """Never eats; keeps every phỏm and cạ; discards its highest rác (else its highest other card)."""

    name = "holder"

    def reseed(self, seed: int) -> None:
        """Nothing to reseed: the bot is deterministic."""

    def act(self, view: PlayerView) -> Action:
        values = view.rules.value_table.per_card

        def highest_rac(discards: list[Action]) -> Action:
            rac = _rac(view.hand.mask)
            return max(discards, key=lambda a: _holder_key(a, rac, values))

        return _style_action(view, (Draw,), highest_rac)


def _holder_key(action: Action, rac: int, values: Sequence[int]) -> tuple[bool, int, int]:
    assert isinstance(action, Discard)
    c = action.card.index
    return (bool(rac >> c & 1), values[c], c)


class HunterBot:
    """Eats whenever it may; keeps the cards that build phỏm and cạ (fewest rác after the discard, then
    the most cards in phỏm), throwing high cards first on a tie: it plays for ù, not for points."""

    name = "hunter"

    def reseed(self, seed: int) -> None:
        """Nothing to reseed: the bot is deterministic."""

    def act(self, view: PlayerView) -> Action:
        hand, values = view.hand.mask, view.rules.value_table

        def most_promising(discards: list[Action]) -> Action:
            return min(discards, key=lambda a: _hunter_key(a, hand, values))

        return _style_action(view, (Eat, Draw), most_promising)


def _hunter_key(action: Action, hand: int, values: ValueTable) -> tuple[int, int, int, int]:
    assert isinstance(action, Discard)
    c = action.card.index
    left = hand & ~(1 << c)
    in_melds = 0
    for meld in meld_masks(left):
        in_melds |= meld
    return (_rac(left).bit_count(), -in_melds.bit_count(), -values.per_card[c], -c)
