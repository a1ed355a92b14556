"""Worlds that agree with what a seat sees: the hidden hands and the rest of the deck dealt again, then the
moves so far played again on that deal (the review's worlds and the Monte Carlo bot's).

>>> import random
>>> from phom_xidach.kind import shuffled_deck
>>> from phom_xidach.rules import XiDachRules
>>> game = XiDachGame(XiDachRules(players=4), 1, shuffled_deck("00" * 32, "worlds"))
>>> world = sample_world(game.view(game.to_move), random.Random(1))
>>> world.hands[game.to_move] == game.hands[game.to_move], world.to_move == game.to_move
(True, True)
"""

from __future__ import annotations

import random
from phom.cards import card_indices

from .game import Draw, XiDachGame, XiDachView

__all__ = ["ATTEMPTS", "sample_world"]

#: deals of the hidden cards tried before none is taken to agree with the view
ATTEMPTS = 50


def _received(view: XiDachView) -> list[int]:
    """The seats in the order they were given cards: the deal (two rounds from the seat after the banker),
    then each draw of the history."""
    n = view.rules.players
    order = [(view.banker + k) % n for k in range(1, n)] + [view.banker]
    return [order[i % n] for i in range(2 * n)] + [p for p, a in view.history if isinstance(a, Draw)]


def sample_world(view: XiDachView, rng: random.Random, attempts: int = ATTEMPTS) -> XiDachGame | None:
    """A game that agrees with ``view``: the seat's own hand and every shown hand as they are, the hidden
    hands dealt again from the unseen cards (each its size), the moves replayed; None when no deal of
    ``attempts`` agrees (a hidden hand that could not have played as it did)."""
    known = {view.player: view.hand.mask, **{q: cards.mask for q, cards in view.shown.items()}}
    seen = 0
    for mask in known.values():
        seen |= mask
    unseen = [i for i in range(52) if not seen >> i & 1]
    slots = _received(view)
    for _ in range(attempts):
        pool = list(unseen)
        rng.shuffle(pool)
        cards: dict[int, list[int]] = {}
        for seat in range(view.rules.players):
            if seat in known:
                mine = card_indices(known[seat])
                rng.shuffle(mine)
                cards[seat] = mine
            else:
                size = view.hand_sizes[seat]
                cards[seat], pool = pool[:size], pool[size:]
        deck = [cards[seat].pop() for seat in slots] + pool
        try:
            game = XiDachGame(view.rules, view.banker, deck)
            for _p, action in view.history:
                game.apply(action)
        except ValueError:
            continue
        if game.to_move == view.to_move and game.settled == view.settled:
            return game
    return None

