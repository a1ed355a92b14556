"""Bots: anything with ``act(view) -> Action``. Each sees only its own ``PlayerView``.

- ``RandomBot``: uniform over the legal actions.
- ``GreedyBot``: one-step solver play: declares ù, eats when it lowers its points, lays with the
  solver's best lay-down and gửi, discards the card that keeps the lowest points (safest on a tie).
- ``SearchBot`` (``phom.search``): determinized Monte Carlo: samples the hidden cards consistently with
  its view and plays each candidate take or discard out to its lay-down with the batch solver.

>>> from phom import Game
>>> from phom.bots import GreedyBot, RandomBot
>>> game = Game(seed=4)
>>> bots = [GreedyBot(), RandomBot(1), RandomBot(2), RandomBot(3)]
>>> while not game.is_over:
...     game.apply(bots[game.to_move].act(game.view(game.to_move)))
>>> sum(game.result.net)
0
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from . import _solver
from .actions import Action, AutoLay, DeclareU, DeclareUKhan, Discard, Draw, Eat, LayMeld
from .cards import RANKS

if TYPE_CHECKING:
    from .search import SearchBot
    from .view import PlayerView

__all__ = ["Bot", "GreedyBot", "RandomBot", "SearchBot", "make_bot", "BOT_NAMES"]


def __getattr__(name: str) -> object:
    if name == "SearchBot":  # defined in phom.search, which builds on this module
        from .search import SearchBot

        return SearchBot
    raise AttributeError(name)


class Bot(Protocol):
    def act(self, view: PlayerView) -> Action: ...


class RandomBot:
    """Uniform over the legal actions; ``seed`` makes it reproducible."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def act(self, view: PlayerView) -> Action:
        if not view.legal_actions:
            raise ValueError(f"player {view.player} has no action to take now")
        return self.rng.choice(view.legal_actions)


def _triples_with(card: int) -> list[int]:
    rank, base = card % RANKS, card - card % RANKS
    out = [7 << (base + s) for s in range(rank - 2, rank + 1) if s >= 0 and s + 2 < RANKS]
    others = [s * RANKS + rank for s in range(4) if s * RANKS + rank != card]
    out += [(1 << card) | (1 << a) | (1 << b) for i, a in enumerate(others) for b in others[i + 1:]]
    return out


_TRIPLES = [_triples_with(c) for c in range(52)]


def danger(card: int, unseen: int) -> int:
    """How many 3-card phỏm could take ``card`` with two cards the player cannot see (0 = a safe discard).

    >>> danger(0, 0), danger(0, 0b110) >= 1
    (0, True)
    """
    count = 0
    bit = 1 << card
    for triple in _TRIPLES[card]:
        if (triple & ~bit) & ~unseen == 0:
            count += 1
    return count


def greedy_action(hand: int, eaten: int, legal: Sequence[Action], unseen: int, phase: str,
                  values: _solver.ValueTable, value_of: Sequence[int]) -> Action:
    """The greedy choice for a player who holds ``hand`` (``eaten`` not yet laid), given his legal
    actions and the cards he cannot see. Shared by GreedyBot and the rollouts of SearchBot."""
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
            card = eat.card.index
            if _eat_helps(hand, eaten, card, values):
                return by_type[Eat][0]
        return by_type[Draw][0] if Draw in by_type else legal[0]
    if AutoLay in by_type:
        return by_type[AutoLay][0]
    discards = by_type.get(Discard)
    if not discards:
        lays = [a for a in by_type.get(LayMeld, []) if isinstance(a, LayMeld) and a.meld.mask & eaten]
        return (lays or legal)[0]
    best, best_key = discards[0], None
    for a in discards:
        assert isinstance(a, Discard)
        c = a.card.index
        key = (_solver.min_points_mask(hand & ~(1 << c), eaten, values), danger(c, unseen), -value_of[c], -c)
        if best_key is None or key < best_key:
            best, best_key = a, key
    return best


def _eat_helps(hand: int, eaten: int, card: int, values: _solver.ValueTable) -> bool:
    """Eating lowers the best points after this turn's discard below the points held now."""
    now = _solver.min_points_mask(hand, eaten, values)
    after_hand, after_eaten = hand | 1 << card, eaten | 1 << card
    free = _solver.legal_discard_mask(after_hand, after_eaten)
    best = None
    while free:
        low = free & -free
        free ^= low
        points = _solver.min_points_mask(after_hand & ~low, after_eaten, values)
        if points >= 0 and (best is None or points < best):
            best = points
    return best is not None and best <= now


class GreedyBot:
    """One-step solver play (see the module docstring); deterministic."""

    name = "greedy"

    def reseed(self, seed: int) -> None:
        pass

    def act(self, view: PlayerView) -> Action:
        if not view.legal_actions:
            raise ValueError(f"player {view.player} has no action to take now")
        values = _solver.value_table(view.rules.values)
        return greedy_action(view.hand.mask, view.unlaid_eaten.mask, view.legal_actions, view.unseen.mask,
                             view.phase, values, _card_values(view.rules.values))


def _card_values(rank_values: Sequence[int]) -> list[int]:
    return [rank_values[c % RANKS] for c in range(52)]


BOT_NAMES = ("random", "greedy", "search")


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """A bot from its name: ``random``, ``greedy``, ``search`` or ``search:SAMPLES``.

    >>> type(make_bot("search:4")).__name__, make_bot("search:4").samples
    ('SearchBot', 4)
    """
    name, _, arg = spec.strip().lower().partition(":")
    if name == "random" and not arg:
        return RandomBot(seed)
    if name == "greedy" and not arg:
        return GreedyBot()
    if name == "search":
        if arg and not arg.isdigit():
            raise ValueError(f"bot {spec!r}: write search:SAMPLES with a whole number, e.g. search:8")
        from .search import SearchBot

        return SearchBot(samples=int(arg) if arg else 32, seed=seed)
    raise ValueError(f"unknown bot {spec!r}: choose from random, greedy, search (or search:SAMPLES)")
