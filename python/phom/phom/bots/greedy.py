"""GreedyBot: one-step play with the solver, and ``greedy_action``, its decision on masks.

>>> from phom import Game
>>> game = Game(seed=12)
>>> GreedyBot().act(game.view(0))
Discard(Card('QS'))
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ...bot_base import offered
from ..actions import Action, AutoLay, DeclareU, DeclareUKhan, Discard, Draw, Eat, LayMeld
from ..solver import ValueTable, danger, isolated, legal_discard_mask, min_points_mask, value_table
from ..view import PlayerView

__all__ = ["U_REGRET", "GreedyBot", "discard_regret", "fewest_points_after_discard", "greedy_action",
           "soft_discard_odds"]

#: ``discard_regret`` of a discard GreedyBot would never make: with ù on offer, or of a card it may not throw.
U_REGRET = 30
_UNIT = value_table([1] * 13)


def greedy_action(hand: int, eaten: int, legal: Sequence[Action], unseen: int, phase: str,
                  values: ValueTable, rac_price: int = 0) -> Action:
    """The greedy choice for a player who holds ``hand`` (``eaten``: his eaten cards not yet laid),
    given his legal actions and the cards he cannot see: ù first; eat when it lowers the points;
    AutoLay; otherwise the discard that keeps the fewest points, then the safest (``danger``), then
    the highest value, then the highest card. ``rac_price`` > 0 (PlannerBot) adds that many points
    for every rác (a card in no phỏm and no cạ) the discard leaves in the hand."""
    by_type: dict[type, list[Action]] = {}
    for a in legal:
        by_type.setdefault(type(a), []).append(a)
    for kind in (DeclareUKhan, DeclareU):
        if kind in by_type:
            return by_type[kind][0]
    if phase == "take":
        if Eat in by_type:
            eat = by_type[Eat][0]
            assert isinstance(eat, Eat)
            if eat_helps(hand, eaten, eat.card.index, values):
                return eat
        return by_type[Draw][0] if Draw in by_type else legal[0]
    if AutoLay in by_type:
        return by_type[AutoLay][0]
    discards = by_type.get(Discard)
    if not discards:
        lays = [a for a in by_type.get(LayMeld, []) if isinstance(a, LayMeld) and a.meld.mask & eaten]
        return (lays or legal)[0]
    per_card = values.per_card
    best, best_key = discards[0], None
    for a in discards:
        assert isinstance(a, Discard)
        c = a.card.index
        left = hand & ~(1 << c)
        points = min_points_mask(left, eaten, values)
        if rac_price:
            points += rac_price * len(isolated(left))
        key = (points, danger(c, unseen), -per_card[c], -c)
        if best_key is None or key < best_key:
            best, best_key = a, key
    return best


def fewest_points_after_discard(hand: int, eaten: int, values: ValueTable) -> int | None:
    """The fewest points any legal discard of ``hand`` leaves (None when no discard leaves a valid hand).

    >>> from phom import cards
    >>> fewest_points_after_discard(cards("9H 10H JH 3C KS").mask, 0, value_table(None))
    3
    """
    free = legal_discard_mask(hand, eaten)
    best = None
    while free:
        low = free & -free
        free ^= low
        points = min_points_mask(hand & ~low, eaten, values)
        if points >= 0 and (best is None or points < best):
            best = points
    return best


def discard_regret(hand: int, eaten: int, card: int, values: ValueTable) -> int:
    """How many points more than GreedyBot's own choice a normal turn's discard of ``card`` kept, for a
    player who held ``hand`` (``card`` among it; ``eaten``: his eaten cards not yet laid): 0 for a
    discard keeping the fewest points (greedy's, or a tie on points), ``U_REGRET`` when the hand had ù
    on offer or ``card`` was no legal discard. The soft reading of opponents
    (``MonteCarloBot(temperature=…)``) keeps a world with probability exp(−regret / temperature).

    >>> from phom import cards
    >>> hand = cards("9H 10H JH 3C 5D KS 2S 6C 8D QC").mask
    >>> [discard_regret(hand, 0, cards(c).mask.bit_length() - 1, value_table(None)) for c in ("KS", "2S", "JH")]
    [0, 11, 32]
    """
    if min_points_mask(hand, eaten, _UNIT) in (0, 1):
        return U_REGRET
    if not legal_discard_mask(hand, eaten) >> card & 1:
        return U_REGRET
    best = fewest_points_after_discard(hand, eaten, values)
    mine = min_points_mask(hand & ~(1 << card), eaten, values)
    return U_REGRET if best is None or mine < 0 else mine - best


def soft_discard_odds(hand: int, eaten: int, discards: Sequence[int], values: ValueTable,
                      temperature: float) -> list[float]:
    """The chance of each of the legal ``discards`` (card indices) for the core policy ``"soft"``: GreedyBot
    whose discard is drawn with probability ∝ exp(−(the points it keeps − the fewest any keeps) /
    ``temperature``) instead of always the fewest (its other choices are GreedyBot's).

    >>> from phom import cards
    >>> hand = cards("9H 10H JH 3C KS").mask
    >>> [round(p, 3) for p in soft_discard_odds(hand, 0, [cards(c).mask.bit_length() - 1 for c in ("3C", "KS")],
    ...                                         value_table(None), 5.0)]
    [0.119, 0.881]
    """
    if not discards:
        raise ValueError("soft_discard_odds needs at least one discard")
    if not temperature > 0:
        raise ValueError(f"temperature {temperature!r} must be > 0 points")
    points = [min_points_mask(hand & ~(1 << card), eaten, values) for card in discards]
    fewest = min(points)
    weights = [math.exp(-(p - fewest) / temperature) for p in points]
    total = sum(weights)
    return [w / total for w in weights]


def eat_helps(hand: int, eaten: int, card: int, values: ValueTable) -> bool:
    """Eating ``card`` brings the best points after this turn's discard to the points held now, or lower.

    >>> from phom import cards
    >>> from phom.phom.solver import value_table
    >>> eat_helps(cards("9H 10H 3C 5D KS 2S 6C 8D QC").mask, 0, cards("JH").mask.bit_length() - 1,
    ...           value_table(None))
    True
    """
    now = min_points_mask(hand, eaten, values)
    after_hand, after_eaten = hand | 1 << card, eaten | 1 << card
    best = fewest_points_after_discard(after_hand, after_eaten, values)
    return best is not None and best <= now


class GreedyBot:
    """One-step solver play (see ``greedy_action``); deterministic."""

    name = "greedy"

    def reseed(self, seed: int) -> None:
        """Nothing to reseed: the bot is deterministic."""

    def act(self, view: PlayerView) -> Action:
        offered(view)
        return greedy_action(view.hand.mask, view.unlaid_eaten.mask, view.legal_actions, view.unseen.mask,
                             view.phase, view.rules.value_table)
