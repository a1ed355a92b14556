"""The compiled solver (``phom._solver``): the functions users call for every meld question.

The extension module is the product, not an optional speed-up: if it is missing, importing phom fails
with an explanation instead of falling back to the slow reference.

>>> from phom.solver import can_eat
>>> can_eat("9H 10H 3C", "JH")
True
"""

from __future__ import annotations

try:
    from . import _solver  # noqa: F401  (import first, to fail loudly with an explanation)
except ImportError as exc:  # pragma: no cover - exercised only on a broken install
    raise ImportError(
        "phom's compiled core (phom._solver) is missing or does not load. Install phom with "
        "'pip install .' (it needs a C compiler); the pure-Python phom.reference is an oracle, not a "
        f"fallback. Original error: {exc}"
    ) from exc

from ._solver import (
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

__all__ = [
    "arrange",
    "best_lay",
    "bound_cards",
    "can_eat",
    "can_u",
    "eat_melds",
    "is_meld",
    "is_u_khan",
    "isolated",
    "legal_discards",
    "melds",
    "min_points",
    "partial_melds",
]
