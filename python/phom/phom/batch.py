"""The solver over NumPy arrays of hands: one call, a GIL-free C loop, no Python per hand.

Hands and eaten cards are 1-D arrays of 52-bit masks (``uint64``; other integer dtypes are converted);
a card is its index 0..51. The compiled loops check every row as they go, without the GIL; when one
refuses a row, the checks here name it (``hands[3] = … has bits above 51``). A call holds the GIL a few
µs whatever its size, so two threads scale once a call carries about 0.1 ms of work (docs/performance.md).
"No answer" is −1 in every array (points, card and table indices) and 0 in a mask column; the scalar
calls (``phom.best_lay``, ``phom.arrange``, …) say it with None. Row i of every result equals the scalar
call on ``hands[i]``. ``best_lay`` and ``arrange`` return their arrays together (``LayPlans``,
``Arrangements``), with ``width = the most cards in any hand of the batch``:

- ``melds``: (n, width // 3) uint64, the phỏm masks of a row in ascending order, then 0;
- ``sends``: (n, width, 2) int8, the gửi as (card index, table index) pairs in the order they replay, then
  (−1, −1);
- ``discard``: (n,) int8, the card index thrown after the lay-down, −1 for none.

>>> import numpy as np
>>> from phom import cards, batch
>>> hands = np.array([cards("9H 10H JH 3C 5D").mask, cards("KS KC KD QH").mask], dtype=np.uint64)
>>> batch.min_points(hands).tolist()
[8, 12]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .. import _batch
from .solver import ValueTable, table_masks, table_summary, value_table   # loading it binds the card types
from ..cards import DECK_MASK, Card, CardSet, CardsLike
from .results import Arrangement, LayPlan

__all__ = ["Arrangements", "LayPlans", "arrange", "best_lay", "best_lay_points", "can_eat", "can_u",
           "legal_discards", "min_points"]

_UNIT = value_table([1] * 13)
#: each value table's arrays as the out-parameter loops take them (value tables are cached by value)
_ARRAYS: dict[ValueTable, tuple[npt.NDArray[np.int32], npt.NDArray[np.int16]]] = {}


def _masks(values: object, name: str) -> npt.NDArray[np.uint64]:
    array = np.asarray(values)
    if array.ndim == 0 and name == "hands":
        raise TypeError(f"hands {values!r} is one hand: phom.batch takes a 1-D array of hand masks; for one hand "
                        "call the scalar function of the same name (phom.best_lay, phom.min_points, …)")
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
    """The per-card values and the run table of a values argument (views over the table, made once)."""
    table = value_table(values)
    found = _ARRAYS.get(table)
    if found is None:
        found = np.asarray(table.per_card_view), np.asarray(table.run_table_view)
        if len(_ARRAYS) < 1024:
            _ARRAYS[table] = found
    return found


def _rows(hands: object, eaten: object) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64] | None]:
    """Hands and eaten cards as the compiled loops take them (C-contiguous uint64; eaten None: nothing
    eaten). Only what the loops cannot see is checked here: the shapes, the dtypes, negative masks."""
    return _masks(hands, "hands"), None if eaten is None else _masks(eaten, "eaten")


def _first_error(hands: object, eaten: object, table: Sequence[CardsLike] | None = None,
                 values: Sequence[int] | ValueTable | None = None) -> ValueError | None:
    """The error of the first check that the arguments fail, in the order the checks are made (hands,
    eaten, table, values), or None: what a call says when its compiled loop refused a row."""
    try:
        h = _hands(hands)
        _eaten(eaten, h)
        if table is not None:
            _checked_table(table, h)
        value_table(values)
    except ValueError as error:
        return error
    return None


def min_points(hands: object, eaten: object = None, *, values: Sequence[int] | None = None
               ) -> npt.NDArray[np.int16]:
    """Fewest points per hand under the eat condition; -1 where no valid arrangement exists.

    >>> import numpy as np
    >>> from phom import cards
    >>> min_points(np.array([cards("7S 8S 9S 10S").mask]), np.array([cards("9S 10S").mask])).tolist()
    [-1]
    """
    try:
        h, e = _rows(hands, eaten)
        out = np.empty(h.shape[0], dtype=np.int16)
        _batch.min_points(h, _zeros(h) if e is None else e, *_values(values), out)
    except ValueError as error:
        raise _first_error(hands, eaten, values=values) or error from None
    return out


def can_u(hands: object, eaten: object = None) -> npt.NDArray[np.bool_]:
    """Per hand: every card in phỏm but at most one, under the eat condition.

    >>> from phom import cards
    >>> can_u([cards("AS 2S 3S 5C 5D 5H 9D 10D JD KS").mask]).tolist()
    [True]
    """
    try:
        h, e = _rows(hands, eaten)
        out = np.empty(h.shape[0], dtype=np.uint8)
        _batch.can_u(h, _zeros(h) if e is None else e, *_values(_UNIT), out)
    except ValueError as error:
        raise _first_error(hands, eaten) or error from None
    return out.view(np.bool_)


def can_eat(hands: object, cards: object, eaten: object = None) -> npt.NDArray[np.bool_]:
    """Per hand: may ``cards[i]`` (a card index 0..51, not in the hand) be eaten?

    >>> from phom import Card, cards as parse
    >>> can_eat([parse("9H 10H 3C").mask], [Card.parse("JH").index]).tolist()
    [True]
    """
    h = _hands(hands)
    e = _eaten(eaten, h)
    c32 = _cards(cards, h)
    out = np.empty(h.shape[0], dtype=np.uint8)
    _batch.can_eat(h, c32, e, out)
    return out.view(np.bool_)


def _cards(cards: object, h: npt.NDArray[np.uint64]) -> npt.NDArray[np.int32]:
    """``can_eat``'s cards, checked: one index 0..51 a hand, not in that hand."""
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
    return c32


def legal_discards(hands: object, eaten: object = None) -> npt.NDArray[np.uint64]:
    """Per hand: the mask of cards that may be discarded (not eaten, not bound).

    >>> from phom import cards, CardSet
    >>> str(CardSet(int(legal_discards([cards("QH 10H 9H JH 2S").mask], [cards("JH").mask])[0])))
    '2♠ 9♥ Q♥'
    """
    try:
        h, e = _rows(hands, eaten)
        out = np.empty(h.shape[0], dtype=np.uint64)
        _batch.legal_discards(h, _zeros(h) if e is None else e, out)
    except ValueError as error:
        raise _first_error(hands, eaten) or error from None
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
    try:
        h, e = _rows(hands, eaten)
        masks = table_masks(table, 0)
        out = np.empty(h.shape[0], dtype=np.int16)
        _batch.best_lay_points(h, _zeros(h) if e is None else e, *table_summary(masks), discard, already_laid,
                               _values(values)[0], out, sum(masks))
    except ValueError as error:
        raise _first_error(hands, eaten, table, values) or error from None
    return out


@dataclass(frozen=True, eq=False)
class LayPlans:
    """``best_lay`` over a batch, one row per hand (layout in the module docstring): ``points`` (int16,
    −1 where the eaten cards cannot be laid), ``u`` and ``mom`` (bool), ``melds`` (uint64 masks, 0
    padded), ``sends`` ((card index, table index) int8 pairs, −1 padded) and ``discard`` (int8 card
    index, −1 for none). ``plan(i)`` is row i as the scalar ``phom.best_lay`` returns it.

    >>> from phom import cards
    >>> plans = best_lay([cards("3S 3H 3D 5C 6C 7C 8C 10H 4D KS").mask], table=["JH QH KH", "4S 4C 4H"])
    >>> plans.points.tolist(), plans.sends[0].tolist()[:3], str(plans.plan(0).discard)
    ([0], [[48, 0], [29, 1], [-1, -1]], 'K♠')
    """

    points: npt.NDArray[np.int16]
    u: npt.NDArray[np.bool_]
    mom: npt.NDArray[np.bool_]
    melds: npt.NDArray[np.uint64]
    sends: npt.NDArray[np.int8]
    discard: npt.NDArray[np.int8]

    def __len__(self) -> int:
        return int(self.points.shape[0])

    def plan(self, i: int) -> LayPlan | None:
        """Row ``i`` as a ``LayPlan`` (None where the eaten cards cannot be laid), equal to the scalar call's."""
        if self.points[i] < 0:
            return None
        sends = tuple((Card.from_index(int(c)), int(t)) for c, t in self.sends[i].tolist() if c >= 0)
        thrown = int(self.discard[i])
        return LayPlan(melds=_meld_sets(self.melds[i]), sends=sends,
                       discard=Card.from_index(thrown) if thrown >= 0 else None, points=int(self.points[i]),
                       u=bool(self.u[i]), mom=bool(self.mom[i]))


@dataclass(frozen=True, eq=False)
class Arrangements:
    """``arrange`` over a batch, one row per hand: ``points`` (int16, −1 where no arrangement keeps every
    eaten card in its own phỏm), ``melds`` (uint64 masks ascending, 0 padded) and ``deadwood`` (uint64
    mask, 0 where there is no arrangement). ``arrangement(i)`` is row i as ``phom.arrange`` returns it.

    >>> from phom import cards
    >>> found = arrange([cards("7D 7C 6H 7H 8H 2S").mask], [cards("7H").mask])
    >>> found.points.tolist(), str(found.arrangement(0).deadwood)
    ([16], '2♠ 7♣ 7♦')
    """

    points: npt.NDArray[np.int16]
    melds: npt.NDArray[np.uint64]
    deadwood: npt.NDArray[np.uint64]

    def __len__(self) -> int:
        return int(self.points.shape[0])

    def arrangement(self, i: int) -> Arrangement | None:
        """Row ``i`` as an ``Arrangement`` (None where there is none), equal to the scalar call's."""
        if self.points[i] < 0:
            return None
        return Arrangement(melds=_meld_sets(self.melds[i]), deadwood=CardSet(int(self.deadwood[i])),
                           points=int(self.points[i]))


def _meld_sets(row: npt.NDArray[np.uint64]) -> tuple[CardSet, ...]:
    return tuple(CardSet(m) for m in row.tolist() if m)


def _checked_table(table: Sequence[CardsLike], h: npt.NDArray[np.uint64]) -> list[int]:
    masks = table_masks(table, 0)
    clash = (h & np.uint64(sum(masks))) != 0
    if clash.any():
        i = int(np.argmax(clash))
        raise ValueError(f"hands[{i}] shares cards with the table phỏm")
    return masks


def best_lay(hands: object, eaten: object = None, table: Sequence[CardsLike] = (), *, discard: bool = True,
             already_laid: bool = False, values: Sequence[int] | None = None) -> LayPlans:
    """Per hand: the best lay-down + gửi onto ``table`` (+ the discard), row by row ``phom.best_lay``'s
    (the same ``table`` phỏm serve every hand; they must not share cards with any hand).

    >>> from phom import cards
    >>> plans = best_lay([cards("5C 6C 7C 8C 3S 3H 3D 10H 4D KS").mask, cards("9S 10S").mask], [0, cards("9S").mask])
    >>> plans.points.tolist(), plans.u.tolist(), plans.mom.tolist(), plans.discard.tolist()
    ([14, -1], [False, False], [False, False], [12, -1])
    >>> [str(CardSet(int(m))) for m in plans.melds[0] if m]
    ['5♣ 6♣ 7♣ 8♣', '3♠ 3♦ 3♥']
    """
    try:
        h, e = _rows(hands, eaten)
        masks = table if _batch.int_masks(table) else table_masks(table, 0)    # the loop checks int masks
        return LayPlans(*_batch.best_lay(h, e, masks, discard, already_laid, value_table(values)))
    except ValueError as error:
        raise _first_error(hands, eaten, table, values) or error from None


def arrange(hands: object, eaten: object = None, *, values: Sequence[int] | None = None) -> Arrangements:
    """Per hand: a minimum-points arrangement under the eat condition, row by row ``phom.arrange``'s.

    >>> from phom import cards
    >>> found = arrange([cards("9H 10H JH 3C 5D").mask, cards("7S 8S 9S 10S").mask], [0, cards("9S 10S").mask])
    >>> found.points.tolist(), [str(CardSet(int(m))) for m in found.melds[0]], str(CardSet(int(found.deadwood[0])))
    ([8, -1], ['9♥ 10♥ J♥'], '3♣ 5♦')
    """
    try:
        h, e = _rows(hands, eaten)
        return Arrangements(*_batch.arrange(h, e, value_table(values)))
    except ValueError as error:
        raise _first_error(hands, eaten, values=values) or error from None


def _zeros(h: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """No eaten cards for the hands ``h``."""
    return np.zeros(h.shape[0], dtype=np.uint64)
