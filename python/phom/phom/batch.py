"""The solver over NumPy arrays of hands: one call, a GIL-free C loop, no Python per hand.

Hands and eaten cards are 1-D arrays of 52-bit masks (``uint64``; other integer dtypes are converted).
Every input is checked here, vectorised, before it reaches the compiled loop.

>>> import numpy as np
>>> from phom import cards, batch
>>> hands = np.array([cards("9H 10H JH 3C 5D").mask, cards("KS KC KD QH").mask], dtype=np.uint64)
>>> batch.min_points(hands).tolist()
[8, 12]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from .. import _batch
from .._solver import ValueTable, table_masks, table_summary, value_table
from ..cards import DECK_MASK, CardsLike

__all__ = ["best_lay_points", "can_eat", "can_u", "legal_discards", "min_points"]

_UNIT = value_table([1] * 13)


def _masks(values: object, name: str) -> npt.NDArray[np.uint64]:
    array = np.asarray(values)
    if array.ndim != 1:
        raise ValueError(f"{name} must be a 1-D array of card masks, got shape {array.shape}")
    if array.dtype == np.uint64:
        return np.ascontiguousarray(array)
    if array.size == 0:
        return np.zeros(0, dtype=np.uint64)
    if not np.issubdtype(array.dtype, np.integer):
        raise ValueError(f"{name} must hold integer card masks, got dtype {array.dtype}")
    if (array < 0).any():
        raise ValueError(f"{name}[{int(np.argmax(array < 0))}] is a negative mask")
    return np.ascontiguousarray(array.astype(np.uint64))


def _hands(hands: object) -> npt.NDArray[np.uint64]:
    h = _masks(hands, "hands")
    bad = (h & np.uint64(~DECK_MASK & 0xFFFFFFFFFFFFFFFF)) != 0
    if bad.any():
        i = int(np.argmax(bad))
        raise ValueError(f"hands[{i}] = {int(h[i])} has bits above 51 (a mask holds cards 0..51 only)")
    return h


def _eaten(eaten: object, hands: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    if eaten is None:
        return np.zeros(hands.shape[0], dtype=np.uint64)
    e = _masks(eaten, "eaten")
    if e.shape != hands.shape:
        raise ValueError(f"eaten has shape {e.shape} but hands has shape {hands.shape}; give one mask per hand")
    outside = (e & ~hands) != 0
    if outside.any():
        i = int(np.argmax(outside))
        raise ValueError(f"eaten[{i}] holds cards that are not in hands[{i}] (a hand must contain its eaten cards)")
    return e


def _values(values: Sequence[int] | ValueTable | None) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int16]]:
    """The per-card values and the run table of a values argument (views, no copy)."""
    table = value_table(values)
    return np.asarray(table.per_card_view), np.asarray(table.run_table_view)


def min_points(hands: object, eaten: object = None, *, values: Sequence[int] | None = None
               ) -> npt.NDArray[np.int16]:
    """Fewest points per hand under the eat condition; -1 where no valid arrangement exists.

    >>> import numpy as np
    >>> from phom import cards
    >>> min_points(np.array([cards("7S 8S 9S 10S").mask]), np.array([cards("9S 10S").mask])).tolist()
    [-1]
    """
    h = _hands(hands)
    e = _eaten(eaten, h)
    out = np.empty(h.shape[0], dtype=np.int16)
    _batch.min_points(h, e, *_values(values), out)
    return out


def can_u(hands: object, eaten: object = None) -> npt.NDArray[np.bool_]:
    """Per hand: every card in phỏm but at most one, under the eat condition.

    >>> from phom import cards
    >>> can_u([cards("AS 2S 3S 5C 5D 5H 9D 10D JD KS").mask]).tolist()
    [True]
    """
    h = _hands(hands)
    e = _eaten(eaten, h)
    out = np.empty(h.shape[0], dtype=np.uint8)
    _batch.can_u(h, e, *_values(_UNIT), out)
    return out.view(np.bool_)


def can_eat(hands: object, cards: object, eaten: object = None) -> npt.NDArray[np.bool_]:
    """Per hand: may ``cards[i]`` (a card index 0..51, not in the hand) be eaten?

    >>> from phom import Card, cards as parse
    >>> can_eat([parse("9H 10H 3C").mask], [Card.parse("JH").index]).tolist()
    [True]
    """
    h = _hands(hands)
    e = _eaten(eaten, h)
    c = np.asarray(cards)
    if c.shape != h.shape:
        raise ValueError(f"cards has shape {c.shape} but hands has shape {h.shape}; give one card index per hand")
    if c.size and not np.issubdtype(c.dtype, np.integer):
        raise ValueError(f"cards must hold integer card indices 0..51, got dtype {c.dtype}")
    out_of_range = (c < 0) | (c > 51)
    if out_of_range.any():
        i = int(np.argmax(out_of_range))
        raise ValueError(f"cards[{i}] = {int(c[i])} is not a card index from 0 to 51")
    c32 = np.ascontiguousarray(c, dtype=np.int32)
    held = (h >> c32.astype(np.uint64)) & np.uint64(1) != 0
    if held.any():
        i = int(np.argmax(held))
        raise ValueError(f"cards[{i}] = {int(c[i])} is already in hands[{i}]")
    out = np.empty(h.shape[0], dtype=np.uint8)
    _batch.can_eat(h, c32, e, out)
    return out.view(np.bool_)


def legal_discards(hands: object, eaten: object = None) -> npt.NDArray[np.uint64]:
    """Per hand: the mask of cards that may be discarded (not eaten, not bound).

    >>> from phom import cards, CardSet
    >>> str(CardSet(int(legal_discards([cards("QH 10H 9H JH 2S").mask], [cards("JH").mask])[0])))
    '2♠ 9♥ Q♥'
    """
    h = _hands(hands)
    e = _eaten(eaten, h)
    out = np.empty(h.shape[0], dtype=np.uint64)
    _batch.legal_discards(h, e, out)
    return out


def best_lay_points(hands: object, eaten: object = None, table: Sequence[CardsLike] = (), *,
                    discard: bool = True, already_laid: bool = False, values: Sequence[int] | None = None
                    ) -> npt.NDArray[np.int16]:
    """Per hand: points left by the best lay-down + gửi onto ``table`` (+ discard); -1 if impossible.

    The same ``table`` phỏm serve every hand; they must not share cards with any hand. ``already_laid``
    as for ``phom.best_lay``.

    >>> from phom import cards
    >>> best_lay_points([cards("3S 3H 3D 5C 6C 7C 8C 10H 4D KS").mask],
    ...                 table=["JH QH KH", "10S 10C 10D", "4S 4C 4H"]).tolist()
    [0]
    """
    h = _hands(hands)
    e = _eaten(eaten, h)
    masks = table_masks(table, 0)
    on_table = np.uint64(sum(masks))
    clash = (h & on_table) != 0
    if clash.any():
        i = int(np.argmax(clash))
        raise ValueError(f"hands[{i}] shares cards with the table phỏm")
    runs, fourths = table_summary(masks)
    out = np.empty(h.shape[0], dtype=np.int16)
    _batch.best_lay_points(h, e, runs, fourths, bool(discard), bool(already_laid), _values(values)[0], out)
    return out
