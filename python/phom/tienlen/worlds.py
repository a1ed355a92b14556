"""Worlds a Tiến lên player cannot tell apart: deals consistent with everything his view shows, and the
game rebuilt on them by replaying the history (``TienLenGame`` checks every step, so a world that
contradicts the history, say by giving a seat that was skipped a bomb, is refused rather than used).

>>> from phom.tienlen import TienLenGame
>>> game = TienLenGame(seed=4)
>>> for _ in range(6):
...     game.apply(game.legal_actions()[0])
>>> view = game.view(game.to_move)
>>> world = sample_world(view, random.Random(1))
>>> world.hands[view.player] == view.hand, world.to_move == view.player, world.history == game.history
(True, True, True)
"""

from __future__ import annotations

import random

from ..cards import Card
from .game import IllegalAction, Play, TienLenGame, TienLenView
from .reference import strength

__all__ = ["sample_deal", "sample_world"]

_STRENGTH = [strength(Card.from_index(i)) for i in range(52)]


def _lowest(mask: int) -> int:
    return min(_STRENGTH[i] for i in range(52) if mask >> i & 1)


def sample_deal(view: TienLenView, rng: random.Random) -> list[int]:
    """One deal (a mask per seat) that agrees with the view: the viewer's hand and every card played
    where they were seen; the other seats' unseen cards drawn at random in the sizes the view shows.
    In a first game the leader holds the opening card (the lowest dealt: 3♠ with four players), so
    with fewer than four players no dealt card is below it."""
    n = view.rules.players
    played = [0] * n
    for seat, action in view.history:
        if isinstance(action, Play):
            played[seat] |= action.cards.mask
    deal = [played[q] for q in range(n)]
    deal[view.player] |= view.hand.mask
    held = [0] * n                                   # cards known to be in a hand still
    held[view.player] = len(view.hand)
    known = 0
    for hand in deal:
        known |= hand
    opening = view.opening_card
    if view.first_game and opening is not None and not known & opening.mask:
        deal[view.leader] |= opening.mask            # not played yet: the leader holds it
        held[view.leader] += 1
        known |= opening.mask
    pool = [i for i in range(52) if not known >> i & 1]
    if view.first_game and n < 4:
        floor = _STRENGTH[opening.index] if opening is not None else _lowest(
            next((a.cards.mask for _, a in view.history if isinstance(a, Play)), deal[view.leader]))
        pool = [i for i in pool if _STRENGTH[i] > floor]
    rng.shuffle(pool)
    start = 0
    for q in range(n):
        if q != view.player:
            size = view.hand_sizes[q] - held[q]
            deal[q] |= sum(1 << i for i in pool[start:start + size])
            start += size
    return deal


def sample_world(view: TienLenView, rng: random.Random, attempts: int = 20) -> TienLenGame | None:
    """A game in the same position as the view, on a sampled deal that replays the whole history;
    None when ``attempts`` deals in a row contradict it."""
    for _ in range(attempts):
        deal = sample_deal(view, rng)
        try:
            game = TienLenGame(view.rules, deal=deal, first_game=view.first_game,
                               leader=None if view.first_game else view.leader)
            if game.is_over:
                continue                                  # a tới trắng the real deal did not have
            for seat, action in view.history:
                if game.to_move != seat:
                    raise IllegalAction("out of turn")
                game.apply(action)
        except (IllegalAction, ValueError):
            continue
        if game.to_move == view.player:
            return game
    return None
