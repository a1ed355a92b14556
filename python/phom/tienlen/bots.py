"""Tiến lên bots: anything with ``act(view) -> Play | Pass``; each sees only its ``TienLenView``.

- ``RandomTienLenBot`` (``random``): uniform over the legal actions.
- ``GreedyTienLenBot`` (``greedy``): a documented heuristic over the fewest-plays split
  (``min_plays``): go out when it can; lead the weakest play that keeps the split short; answer only
  with plays that do not lengthen the split (``min_plays`` of what is left drops by one), the weakest
  first; keep bombs for heo and bombs, and heo for the end, unless an opponent is about to go out.

>>> from phom.tienlen import TienLenGame
>>> game = TienLenGame(seed=2)
>>> bots = [GreedyTienLenBot(), RandomTienLenBot(1), GreedyTienLenBot(), RandomTienLenBot(2)]
>>> while not game.is_over:
...     game.apply(bots[game.to_move].act(game.view(game.to_move)))
>>> sum(game.result.net)
0
"""

from __future__ import annotations

import random

from .combos import classify, min_plays
from .game import Action, Pass, Play, TienLenView
from .reference import order, strength

__all__ = ["BOT_NAMES", "GreedyTienLenBot", "RandomTienLenBot", "make_tienlen_bot"]


class RandomTienLenBot:
    """Uniform over the legal actions; ``seed`` makes it reproducible."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def act(self, view: TienLenView) -> Action:
        if not view.legal_actions:
            raise ValueError(f"player {view.player} has no action to take now")
        return self.rng.choice(view.legal_actions)


def _is_bomb(play: Play) -> bool:
    combo = classify(play.cards)
    return combo is not None and (combo.kind == "four" or combo.pairs >= 3)


def _has_heo(play: Play) -> bool:
    return any(order(c) == 12 for c in play.cards)


def _weakness(play: Play) -> int:
    return max(strength(c) for c in play.cards)


class GreedyTienLenBot:
    """The heuristic of the module docstring; deterministic."""

    name = "greedy"

    def reseed(self, seed: int) -> None:
        """Nothing to reseed: the bot is deterministic."""

    def act(self, view: TienLenView) -> Action:
        legal = view.legal_actions
        if not legal:
            raise ValueError(f"player {view.player} has no action to take now")
        plays = [a for a in legal if isinstance(a, Play)]
        hand = view.hand.mask
        for play in plays:
            if play.cards.mask == hand:
                return play                                  # go out
        danger = any(size <= 2 for q, size in enumerate(view.hand_sizes)
                     if q != view.player and size and q not in view.finished)
        now = min_plays(hand)
        if not view.table:
            return min(plays, key=lambda p: (min_plays(hand & ~p.cards.mask), _is_bomb(p), _has_heo(p),
                                             _weakness(p), -len(p.cards)))
        table = Play(view.table.mask)
        chop_worthy = _has_heo(table) or _is_bomb(table)
        candidates = [p for p in plays if (chop_worthy or not _is_bomb(p))
                      and (not _has_heo(p) or danger or len(view.hand) <= 4)]
        keeping = [p for p in candidates if min_plays(hand & ~p.cards.mask) < now]
        if keeping:
            return min(keeping, key=_weakness)
        if danger and candidates:
            return min(candidates, key=_weakness)
        return Pass() if Pass() in legal else min(plays, key=_weakness)


BOT_NAMES = ("random", "greedy")


def make_tienlen_bot(name: str, seed: int | None = None) -> RandomTienLenBot | GreedyTienLenBot:
    """A bot from its name: ``random`` or ``greedy``."""
    spec = name.strip().lower()
    if spec == "random":
        return RandomTienLenBot(seed)
    if spec == "greedy":
        return GreedyTienLenBot()
    raise ValueError(f"unknown Tiến lên bot {name!r}: choose from random, greedy")
