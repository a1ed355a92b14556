"""phom — a fast, exact engine and solver for Phỏm (Tá lả), the Vietnamese rummy.

>>> import phom
>>> phom.min_points("9H 10H JH 3C 5D")
8
>>> [str(m) for m in phom.eat_melds("7D 7C 6H 8H 2S 4D 10C QS KD", "7H")]
['7♣ 7♦ 7♥', '6♥ 7♥ 8♥']
"""

from __future__ import annotations

from .cards import Card, CardError, CardSet, Suit, cards
from .results import Arrangement, LayPlan
from .solver import (
    arrange,
    best_lay,
    bound_cards,
    can_eat,
    can_u,
    eat_melds,
    is_meld,
    is_u_khan,
    isolated,
    legal_discards,
    melds,
    min_points,
    partial_melds,
)

__version__ = "0.1.0"

__all__ = [
    "Arrangement",
    "Card",
    "CardError",
    "CardSet",
    "LayPlan",
    "Suit",
    "__version__",
    "arrange",
    "best_lay",
    "bound_cards",
    "can_eat",
    "can_u",
    "cards",
    "eat_melds",
    "is_meld",
    "is_u_khan",
    "isolated",
    "legal_discards",
    "melds",
    "min_points",
    "partial_melds",
]
