"""The compiled solver (``phom._solver``): the functions users call for every meld question.

The extension module is the product, not an optional speed-up: if it is missing, importing phom fails
with an explanation instead of falling back to the slow reference.

Two levels:

- cards-like functions (``melds``, ``arrange``, ``min_points``, ``can_eat``, ``best_lay``, …) take any
  card notation, check it and answer with ``CardSet``/``Arrangement``/``LayPlan``;
- mask-level functions for engines and bots take int masks and return ints, checking only that the
  masks are in range: ``meld_masks``, ``min_points_mask`` (−1: impossible), ``legal_discard_mask``,
  ``is_meld_mask``, ``extension_mask`` (the cards gửi may add to a table phỏm), ``danger`` (how many
  3-card phỏm unseen cards could make with a discard), and ``value_table`` (a checked, cached values
  table; pass it as ``values=`` to skip the check).

The core imports nothing of phom: this module hands it the card and result types when it loads
(``_solver.bind_types``), so every cards-like function answers with ``phom.cards``/``phom.phom.results`` types.

>>> from phom.phom.solver import can_eat, min_points_mask, value_table
>>> can_eat("9H 10H 3C", "JH")
True
>>> min_points_mask(0b111 | 1 << 20, 0, value_table(None))
8
"""

from __future__ import annotations

try:
    from .. import _solver  # noqa: F401  (import first, to fail loudly with an explanation)
except ImportError as exc:  # pragma: no cover - exercised only on a broken install
    raise ImportError(
        "phom's compiled core (phom._solver) is missing or does not load. Install phom with "
        "'pip install .' (it needs a C compiler); the pure-Python phom.phom.reference is an oracle, not a "
        f"fallback. Original error: {exc}"
    ) from exc

from .._solver import (
    ValueTable,
    bind_types,
    arrange,
    best_lay,
    bound_cards,
    can_eat,
    can_u,
    danger,
    eat_melds,
    extension_mask,
    is_meld,
    is_meld_mask,
    is_u_khan,
    isolated,
    legal_discard_mask,
    legal_discards,
    meld_masks,
    melds,
    min_points,
    min_points_mask,
    partial_melds,
    table_masks,
    table_summary,
    value_table,
)
from ..cards import Card, CardSet, to_card, to_mask
from .results import Arrangement, LayPlan

# the core imports nothing of phom: the types it reads and returns are handed down from here, once
bind_types(card_set=CardSet, card=Card, to_mask=to_mask, to_card=to_card, arrangement=Arrangement, lay_plan=LayPlan)

__all__ = [
    "ValueTable",
    "arrange",
    "best_lay",
    "bound_cards",
    "can_eat",
    "can_u",
    "danger",
    "eat_melds",
    "extension_mask",
    "is_meld",
    "is_meld_mask",
    "is_u_khan",
    "isolated",
    "legal_discard_mask",
    "legal_discards",
    "meld_masks",
    "melds",
    "min_points",
    "min_points_mask",
    "partial_melds",
    "table_masks",
    "table_summary",
    "value_table",
]
