"""Two rule-based styles unlike the greedy rollouts, for a panel of opponents: ``HolderBot`` (never eats,
keeps every cạ, throws its highest rác) and ``HunterBot`` (eats whenever it may and plays for ù, keeping
the cards that make phỏm and cạ). Both declare ù when they can and lay down with ``AutoLay``.

>>> from phom import Game
>>> game = Game(seed=12)
>>> HolderBot().act(game.view(0)), HunterBot().act(game.view(0))
(Discard(Card('QS')), Discard(Card('QS')))
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action, AutoLay, DeclareU, DeclareUKhan, Discard, Draw, Eat, LayMeld
from ..cards import CardSet
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


def _forced(by_type: dict[type, list[Action]], legal: Sequence[Action], eaten: int) -> Action | None:
    """What both styles do before choosing a discard: ù, AutoLay, or an eaten card's phỏm."""
    for kind in (DeclareUKhan, DeclareU, AutoLay):
        if kind in by_type:
            return by_type[kind][0]
    if Discard not in by_type:
        lays: list[Action] = [a for a in by_type.get(LayMeld, []) if isinstance(a, LayMeld) and a.meld.mask & eaten]
        return (lays or list(legal))[0]
    return None


class HolderBot:
    """Never eats; keeps every phỏm and cạ; discards its highest rác (else its highest other card)."""

    name = "holder"

    def reseed(self, seed: int) -> None:
        """Nothing to reseed: the bot is deterministic."""

    def act(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        if not legal:
            raise ValueError(f"player {view.player} has no action to take now")
        by_type = _by_type(legal)
        if DeclareUKhan in by_type or DeclareU in by_type:
            return (by_type.get(DeclareUKhan) or by_type[DeclareU])[0]
        if view.phase == "take":
            return by_type[Draw][0] if Draw in by_type else legal[0]
        forced = _forced(by_type, legal, view.unlaid_eaten.mask)
        if forced is not None:
            return forced
        hand, values = view.hand.mask, view.rules.value_table.per_card
        rac = _rac(hand)
        return max(by_type[Discard], key=lambda a: _holder_key(a, rac, values))


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
        legal = view.legal_actions
        if not legal:
            raise ValueError(f"player {view.player} has no action to take now")
        by_type = _by_type(legal)
        if DeclareUKhan in by_type or DeclareU in by_type:
            return (by_type.get(DeclareUKhan) or by_type[DeclareU])[0]
        if view.phase == "take":
            for kind in (Eat, Draw):
                if kind in by_type:
                    return by_type[kind][0]
            return legal[0]
        forced = _forced(by_type, legal, view.unlaid_eaten.mask)
        if forced is not None:
            return forced
        hand, values = view.hand.mask, view.rules.value_table
        return min(by_type[Discard], key=lambda a: _hunter_key(a, hand, values))


def _hunter_key(action: Action, hand: int, values: ValueTable) -> tuple[int, int, int, int]:
    assert isinstance(action, Discard)
    c = action.card.index
    left = hand & ~(1 << c)
    in_melds = 0
    for meld in meld_masks(left):
        in_melds |= meld
    return (_rac(left).bit_count(), -in_melds.bit_count(), -values.per_card[c], -c)
