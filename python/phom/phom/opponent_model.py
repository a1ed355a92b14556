"""The opponent model inside the playouts: montecarlo's Phỏm discards distilled into a softmax over
cheap features (research/opponent_model.py fits it; benchmarks/LADDER.md has its held-out figures).

The core policy ``"model"`` is GreedyBot whose discard is drawn with probability
p(card) ∝ exp(w · features(card)) over the legal discards (its other choices are GreedyBot's), the
weights ``MODEL_WEIGHTS`` from ``opponent_model.json`` in this package (their one home; the core reads them
from here). This module is the specification the core is tested against (tests/test_playouts.py).

>>> from phom import cards
>>> from phom.phom.solver import value_table
>>> hand = cards("9H 10H JH 3C KS").mask
>>> three_or_king = [cards(c).mask.bit_length() - 1 for c in ("3C", "KS")]
>>> [round(p, 2) for p in model_discard_odds(hand, 0, three_or_king, unseen=0, stock_size=15, players=4,
...                                           values=value_table(None))]     # early: keeps the king
[0.7, 0.3]
>>> [round(p, 2) for p in model_discard_odds(hand, 0, three_or_king, unseen=0, stock_size=1, players=4,
...                                           values=value_table(None))]     # late: throws it
[0.04, 0.96]
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from importlib import resources

from .solver import ValueTable, danger, min_points_mask

__all__ = ["MODEL_FEATURES", "MODEL_WEIGHTS", "REGRET_CAP", "model_discard_features", "model_discard_odds",
           "partners", "stage"]

#: The features of one legal discard, in the order of the weights.
MODEL_FEATURES = ("regret", "regret × stage", "partners", "log(1 + danger)", "log(1 + danger) × stage",
                  "points of the card / 10")
#: Regret (points kept − the fewest any legal discard keeps) is capped here.
REGRET_CAP = 20


def _weights() -> tuple[float, ...]:
    data = json.loads(resources.files("phom.phom").joinpath("opponent_model.json").read_text(encoding="utf-8"))
    if tuple(data["features"]) != MODEL_FEATURES:
        raise ImportError("phom/phom/opponent_model.json was fitted on other features than MODEL_FEATURES")
    return tuple(float(w) for w in data["weights"])


#: The fitted weights (``opponent_model.json``), one per feature of ``MODEL_FEATURES``.
MODEL_WEIGHTS = _weights()


def partners(hand: int, card: int) -> int:
    """The cards of ``hand`` other than ``card`` that could make a phỏm with it: its rank, or its suit
    within two ranks (card index = suit × 13 + rank).

    >>> from phom import cards
    >>> partners(cards("9H 10H JH 9S KS").mask, cards("9H").mask.bit_length() - 1)
    3
    """
    suit, rank = divmod(card, 13)
    count = 0
    for other in range(52):
        if other != card and hand >> other & 1:
            s, r = divmod(other, 13)
            count += r == rank or (s == suit and abs(r - rank) <= 2)
    return count


def stage(stock_size: int, players: int) -> float:
    """How far the game is: 0 with a full stock (4 × players − 1 cards), 1 with none left.

    >>> stage(15, 4), stage(0, 4)
    (0.0625, 1.0)
    """
    rounds = 4 * players
    return min(1.0, max(0.0, (rounds - stock_size) / rounds))


def model_discard_features(hand: int, eaten: int, discards: Sequence[int], unseen: int, stock_size: int,
                           players: int, values: ValueTable) -> list[list[float]]:
    """``MODEL_FEATURES`` of each legal discard (card indices) of ``hand``."""
    if not discards:
        raise ValueError("model_discard_features needs at least one discard")
    points = [min_points_mask(hand & ~(1 << card), eaten, values) for card in discards]
    fewest = min(points)
    t = stage(stock_size, players)
    rows = []
    for card, kept in zip(discards, points):
        regret = float(min(kept - fewest, REGRET_CAP))
        d = math.log1p(danger(card, unseen))
        rows.append([regret, regret * t, float(partners(hand, card)), d, d * t, values.per_card[card] / 10.0])
    return rows


def model_discard_odds(hand: int, eaten: int, discards: Sequence[int], *, unseen: int, stock_size: int,
                       players: int, values: ValueTable,
                       weights: Sequence[float] = MODEL_WEIGHTS) -> list[float]:
    """The chance of each legal discard under the core policy ``"model"``."""
    scores = [sum(w * x for w, x in zip(weights, row))
              for row in model_discard_features(hand, eaten, discards, unseen, stock_size, players, values)]
    top = max(scores)
    weights_ = [math.exp(s - top) for s in scores]
    total = sum(weights_)
    return [w / total for w in weights_]
