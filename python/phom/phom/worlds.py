"""Determinization: sample the hidden cards of a game consistently with one player's view.

>>> import random
>>> from phom import Game
>>> g = Game(seed=2)
>>> world = sample_world(g.view(0), random.Random(1))
>>> world.hands[0] == g.hands[0], [len(h) for h in world.hands] == [len(h) for h in g.hands]
(True, True)
"""

from __future__ import annotations

import math
import random

from .actions import Discard, Draw, Eat
from ..cards import card_indices
from .game import Game
from .solver import meld_masks
from .view import PlayerView

__all__ = ["KEPT_WEIGHT", "PARTNER_PENALTIES", "SUPPORT_ATTEMPTS", "declined_offers", "discarded_partners",
           "history_weight", "keeps_phom", "kept_readers", "makes_phom_with", "sample_world"]


#: How many times the partners of the opponents' eaten cards are drawn before a view is refused (here and
#: in the core's sampler). Each eaten card's two partners are drawn independently, so when several eaten
#: cards compete for few unseen partners one attempt may succeed only rarely; the true deal always fits.
SUPPORT_ATTEMPTS = 100_000


#: The weight of a world, per laid-down opponent, in which he keeps back a phỏm (``keeps_phom``): the
#: rules let him, players almost never do (every card of it counts against him; 0 of 3,554 laid-down
#: montecarlo players did, benchmarks/LADDER.md, "The sampler keeps what it knows"). 0: such worlds
#: are drawn out; 1: not read. The default ``kept`` of ``sample_world`` and of the core's sampler
#: (``Engine.sample_worlds``), read whenever a seat's cards are drawn more than once (``tries`` > 1).
KEPT_WEIGHT = 0.0


def sample_world(view: PlayerView, rng: random.Random, attempts: int = SUPPORT_ATTEMPTS, *, tries: int = 1,
                 kept: float = KEPT_WEIGHT) -> Game:
    """A full game that agrees with ``view`` on everything the viewer knows.

    The viewer's hand is kept. Each other hand keeps its known cards (eaten cards not yet laid), gets
    for each of them two unseen cards completing a 3-card phỏm (so the eat condition holds, as it must),
    and is filled uniformly from the unseen cards, seat by seat; the stock is a random draw of the
    rest, in random order; whatever is left is set aside.

    With ``tries`` > 1 the sampler reads what a laid-down opponent must still hold (``kept_readers``):
    his fill is drawn up to ``tries`` times, and one that keeps back a phỏm (``keeps_phom``) stands only
    with probability ``kept`` (the last try stands; 1: not read), as the core's sampler does.

    >>> from phom import Game
    >>> world = sample_world(Game(seed=2).view(0), random.Random(1), tries=20, kept=0.0)
    >>> len(world.hands[1]) == len(Game(seed=2).hands[1])
    True
    """
    if isinstance(tries, bool) or not isinstance(tries, int) or tries < 1:
        raise ValueError(f"tries {tries!r} must be a whole number ≥ 1")
    if isinstance(kept, bool) or not isinstance(kept, (int, float)) or not 0 <= kept <= 1:
        raise ValueError(f"kept {kept!r} must be a weight from 0 to 1")
    unseen_mask = view.unseen.mask
    seats = view.public.state.seats
    readers = kept_readers(view) if kept < 1 and tries > 1 else [False] * view.rules.players
    for _ in range(attempts):
        pool = unseen_mask
        hands: list[int] = []
        for p in range(view.rules.players):
            if p == view.player:
                hands.append(view.hand.mask)
                continue
            known = seats[p].unlaid_eaten
            support = _support(known, pool, rng)
            if support is None:
                break
            pool &= ~support
            hands.append(known | support)
        else:
            if any(readers):         # seat by seat, each read seat's fill drawn again while it keeps a phỏm
                for p in range(view.rules.players):
                    need = view.hand_sizes[p] - hands[p].bit_count()
                    if p == view.player or need <= 0:
                        continue
                    free = card_indices(pool)
                    for trial in range(tries if readers[p] else 1):
                        fill = sum(1 << c for c in rng.sample(free, need))
                        if trial == tries - 1 or not keeps_phom(fill | hands[p]) or rng.random() < kept:
                            break
                    hands[p] |= fill
                    pool &= ~fill
            free = card_indices(pool)
            rng.shuffle(free)
            pos = 0
            for p in range(view.rules.players):
                need = view.hand_sizes[p] - hands[p].bit_count()
                hands[p] |= sum(1 << c for c in free[pos:pos + need])
                pos += need
            return Game.from_view(view, hands, free[pos:pos + view.stock_size])
    raise ValueError("no deal of the unseen cards fits this view")


def kept_readers(view: PlayerView) -> list[bool]:
    """Per seat: has he laid down (hạ), so that a phỏm among his hidden cards is one he chose not to
    lay? False for the viewer. (After his lay-down every card he ate is laid, and in each tái turn he
    may lay any new phỏm, so whatever phỏm he holds at the end of his turn he kept back.)

    >>> from phom import Game
    >>> kept_readers(Game(seed=2).view(0))
    [False, False, False, False]
    """
    return [p != view.player and bool(view.laid_down[p]) for p in range(view.rules.players)]


def keeps_phom(cards: int) -> bool:
    """Do the cards (a mask) hold a phỏm? (Every phỏm holds a 3-card one.)

    >>> from phom import cards as parse
    >>> keeps_phom(parse("7H 8H 9H 2C").mask), keeps_phom(parse("7H 8H 10H 2C").mask)
    (True, False)
    """
    return any(meld.bit_count() == 3 for meld in meld_masks(cards))


def _support(eaten: int, pool: int, rng: random.Random) -> int | None:
    """Two cards from pool per eaten card, each pair making a 3-card phỏm with its card, all disjoint."""
    support = 0
    for card in card_indices(eaten):
        bit = 1 << card
        options = [m & ~bit for m in meld_masks(pool | bit) if m.bit_count() == 3 and m & bit]
        options.sort()
        options = [o for o in options if o & support == 0]
        if not options:
            return None
        choice = rng.choice(options)
        support |= choice
        pool &= ~choice
    return support


def declined_offers(view: PlayerView) -> tuple[list[int], list[int]]:
    """What each other player's latest take says about his hand: per seat, the card the player before
    him discarded if he drew instead of eating it (−1 otherwise, and for the viewer and players who
    have laid down), and the mask of the cards he has discarded since. A player who could have made a
    phỏm with the card would normally have eaten it, so (``makes_phom_with``) his hidden cards with
    those later discards should make none (the card he drew then is among them, so this asks a little
    more than the history proves).

    >>> from phom import Game
    >>> game = Game(seed=3)
    >>> first = game.legal_actions()[-1]
    >>> game.apply(first)                       # player 0 discards; player 1 draws instead of eating
    >>> game.apply(Draw())
    >>> declined_offers(game.view(0))[0][1] == first.card.index
    True
    """
    players = view.rules.players
    declined, since = [-1] * players, [0] * players
    history = view.history
    for player in range(players):
        if player == view.player or view.laid_down[player]:
            continue
        later = 0
        for k in range(len(history) - 1, -1, -1):
            who, action = history[k]
            if who != player:
                continue
            if isinstance(action, Discard):
                later |= 1 << action.card.index
            elif isinstance(action, (Draw, Eat)):
                before = history[k - 1] if k > 0 else None
                if isinstance(action, Draw) and before is not None and before[0] != player \
                        and isinstance(before[1], Discard):
                    declined[player], since[player] = before[1].card.index, later
                break
    return declined, since


#: How much less likely a player is to throw a card while he holds a partner of it (log-odds, per
#: partner): another card of its rank, a card of its suit one rank away, two ranks away. Fit by maximum
#: likelihood to 1,373 discards of MonteCarloBots (seed 61; benchmarks/LADDER.md, "whole history").
PARTNER_PENALTIES = (-1.506, -1.32, -0.541)


def discarded_partners(view: PlayerView) -> list[list[float]]:
    """Per seat and card, the log-weight a world gets for giving that seat that card, read from every
    card the seat has discarded: players rarely keep a discard's partners (``PARTNER_PENALTIES``).
    Zeros for the viewer; the sum over the seat's hidden cards is ``history_weight``.

    >>> from phom import Game
    >>> game = Game(seed=3)
    >>> game.apply(game.legal_actions()[-1])          # player 0 discards
    >>> card = game.history[-1][1].card.index
    >>> row = discarded_partners(game.view(1))[0]
    >>> sorted({round(row[c], 3) for c in range(52)}) <= [-1.506, -1.32, -0.541, 0.0]
    True
    """
    same_rank, one_away, two_away = PARTNER_PENALTIES
    weights = [[0.0] * 52 for _ in range(view.rules.players)]
    for player, action in view.history:
        if player == view.player or not isinstance(action, Discard):
            continue
        rank, suit = action.card.index % 13, action.card.index // 13
        row = weights[player]
        for other in range(4):
            if other != suit:
                row[other * 13 + rank] += same_rank
        for step, weight in ((1, one_away), (2, two_away)):
            for near in (rank - step, rank + step):
                if 0 <= near < 13:
                    row[suit * 13 + near] += weight
    return weights


def history_weight(weights: list[list[float]], player: int, hidden: int, scale: float) -> float:
    """The weight (≤ 1) the whole-history reading gives a world in which ``player`` holds the
    ``hidden`` cards: exp(scale × the sum of his ``discarded_partners`` weights over them). The sampler
    draws each seat's hidden cards ``tries`` times and keeps one draw with probability ∝ this weight.

    >>> history_weight([[0.0] * 52, [-1.0] + [0.0] * 51], 1, 0b11, 0.5) == math.exp(-0.5)
    True
    """
    return math.exp(scale * sum(weights[player][c] for c in card_indices(hidden)))


def makes_phom_with(card: int, cards: int) -> bool:
    """Is there a 3-card phỏm of ``card`` (an index) and two cards of the mask ``cards``?

    >>> from phom import cards as parse
    >>> makes_phom_with(parse("7H").mask.bit_length() - 1, parse("8H 9H 2C").mask)
    True
    """
    return any(meld.bit_count() == 3 for meld in meld_masks(cards | 1 << card) if meld >> card & 1)
