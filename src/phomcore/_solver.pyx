# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, autotestdict=False
# cython: binding=True, embedsignature=True, embedsignature.format=python
"""The compiled Phỏm solver: entry points that validate their input, then run the nogil kernels.

Every function takes cards-like input (CardSet, card text, int mask, iterable of Card). Ties between
equally good answers are broken by one documented key: fewest points, then fewest cards left, then the
smallest mask of the cards left, then the phỏm masks sorted ascending, compared as a sequence.

Input: a hand is a CardSet, card text, an int mask (NumPy integer scalars too) or Cards; a card is a
Card, its text or its index 0..51. An array where one hand goes raises TypeError naming the
``phom.batch`` function that takes arrays. No answer is None here (−1 in the mask-level helpers and in
``phom.batch``).

Cost: the searches are exact branch and bound over the cards that can be in a phỏm. On game hands (up
to 11 cards) given as int masks or CardSets a call takes about 0.1 µs (min_points) to 3 µs (best_lay with
four phỏm on the table); card text costs its parsing on top, on every call (about 7 µs for ten cards). The cost grows quickly with hands far beyond game
size (arrange of the full deck about 1 s, best_lay about 10 s).

>>> from phom import cards, min_points
>>> min_points("9H 10H JH 3C 5D")
8
"""
from libc.stdint cimport int8_t, int16_t, int32_t, uint64_t

from numbers import Integral

from masks cimport *
from kernels cimport *

__all__ = [
    "ValueTable", "value_table", "checked_mask", "extension_mask", "danger",
    "is_meld", "melds", "partial_melds", "isolated", "arrange", "min_points", "can_eat", "eat_melds",
    "legal_discards", "bound_cards", "can_u", "is_u_khan", "best_lay", "table_masks",
    "meld_masks", "legal_discard_mask", "min_points_mask", "is_meld_mask", "bind_types",
]


# ---------------------------------------------------------------------------------------------------
# The card and result types, handed in by the layer above (phom.phom.solver calls bind_types when it loads):
# the core imports nothing of phom, so the Python layer is its only user and the dependency points down

def _unbound(*args, **kwargs):
    raise RuntimeError("phom._solver has no card types yet: phom.phom.solver binds them when it loads (load phom first)")


class _NoCardSet:
    """What _CardSet is before bind_types: a class no argument is an instance of."""


cdef object _CardSet = _NoCardSet   # phom.cards.CardSet: the one type read without a call (its _mask)
cdef object _from_mask = _unbound   # CardSet.from_mask
cdef object _to_mask = _unbound     # phom.cards.to_mask: any cards-like argument to a mask, errors named
cdef object _to_card = _unbound     # phom.cards.to_card
cdef object _Arrangement = _unbound
cdef object _LayPlan = _unbound
cdef list _CARDS = []               # Card.from_index(i) for the 52 indices


def bind_types(*, card_set, card, to_mask, to_card, arrangement, lay_plan):
    """Hand the solver the types it reads and returns: ``card_set`` (a class with ``from_mask`` and a
    ``_mask`` int), ``card`` (a class with ``from_index``), the parsers ``to_mask(cards, name)`` and
    ``to_card(card)``, and the result classes ``arrangement`` and ``lay_plan`` (built with keywords).
    phom.phom.solver calls it once, at import; calling it again rebinds.

    >>> from phom.cards import Card, CardSet, to_card, to_mask
    >>> from phom.phom.results import Arrangement, LayPlan
    >>> bind_types(card_set=CardSet, card=Card, to_mask=to_mask, to_card=to_card, arrangement=Arrangement,
    ...            lay_plan=LayPlan)
    """
    global _CardSet, _from_mask, _to_mask, _to_card, _Arrangement, _LayPlan, _CARDS
    _CARDS = [card.from_index(i) for i in range(52)]
    _CardSet, _from_mask, _to_mask, _to_card = card_set, card_set.from_mask, to_mask, to_card
    _Arrangement, _LayPlan = arrangement, lay_plan


# ---------------------------------------------------------------------------------------------------
# Input checks (everything is checked here, before it reaches a kernel)

cdef class ValueTable:
    """ValueTable(ranks)
--

Points per rank (A..K), expanded for the kernels: one int32 per card index, and the run table
    (fewest points of each 13-bit suit field when only runs are laid). Build one with ``value_table``,
    which checks the values and caches the table by value.

    >>> value_table((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)).ranks[-1]
    10
    """
    cdef int32_t per_card_values[52]
    cdef int16_t run_deadwood[RUN_TABLE_SIZE]
    cdef readonly tuple ranks
    cdef readonly tuple per_card

    def __init__(self, ranks):
        cdef int i
        self.ranks = tuple(ranks)
        for i in range(52):
            self.per_card_values[i] = self.ranks[i % 13]
        self.per_card = tuple([self.ranks[i % 13] for i in range(52)])
        build_run_table(self.per_card_values, self.run_deadwood)

    def __reduce__(self):
        return (value_table, (self.ranks,))

    @property
    def per_card_view(self):
        """The 52 per-card values (int32 memoryview over this table, for the batch layer)."""
        return <int32_t[:52]> self.per_card_values

    @property
    def run_table_view(self):
        """The run table (int16 memoryview over this table, for the batch layer)."""
        return <int16_t[:RUN_TABLE_SIZE]> self.run_deadwood


cdef dict _value_cache = {}
cdef ValueTable DEFAULT_VALUES = ValueTable(range(1, 14))
cdef ValueTable UNIT_VALUES = ValueTable([1] * 13)
_value_cache[bytes(DEFAULT_VALUES.ranks)] = DEFAULT_VALUES
_value_cache[bytes(UNIT_VALUES.ranks)] = UNIT_VALUES
# the table returned last: a repeated values argument costs 13 comparisons, no hashing
cdef ValueTable _last_table = DEFAULT_VALUES


cdef extern from "Python.h":
    long PyLong_AsLongAndOverflow(object obj, int* overflow)


cdef inline bint read_rank(object v, unsigned char* out) noexcept:
    """One exact int in 0..255 into out; False for anything else (an int past a C long included)."""
    cdef int overflow = 0
    cdef long c
    if type(v) is not int:
        return False
    c = PyLong_AsLongAndOverflow(v, &overflow)   # cannot fail on an exact int: overflow says "too big"
    if overflow or c < 0 or c > 255:
        return False
    out[0] = <unsigned char>c
    return True


cdef inline bint read_plain_values(object values, unsigned char* out) noexcept:
    """Copy a list or tuple of 13 exact ints in 0..255 into out; False for anything else (no error:
    the caller then takes the checking path, which names the problem). No exception is set up or
    caught here: this is the whole cost of a values list the cache already holds."""
    cdef Py_ssize_t i
    cdef list as_list
    cdef tuple as_tuple
    if type(values) is list:
        as_list = <list>values
        if len(as_list) != 13:
            return False
        for i in range(13):
            if not read_rank(as_list[i], out + i):
                return False
        return True
    if type(values) is tuple:
        as_tuple = <tuple>values
        if len(as_tuple) != 13:
            return False
        for i in range(13):
            if not read_rank(as_tuple[i], out + i):
                return False
        return True
    return False


cdef inline bint same_ranks(ValueTable table, const unsigned char* ranks):
    cdef int i
    for i in range(13):
        if table.per_card_values[i] != ranks[i]:
            return False
    return True


cpdef ValueTable value_table(object values, str name="values"):
    """Check a ``values`` argument and return its table: None (A=1 .. K=13), a ValueTable, or 13
    integers from 0 to 255 for A..K. Tables are cached by value, so a list of values costs about as
    much as no values at all. This is the only check of a values table; errors name the argument.

    >>> value_table([1] * 13) is value_table((1,) * 13)
    True
    """
    global _last_table
    cdef ValueTable table
    cdef tuple ranks
    cdef unsigned char buf[13]
    if values is None:
        return DEFAULT_VALUES
    if type(values) is ValueTable:
        return values
    if read_plain_values(values, buf):
        if same_ranks(_last_table, buf):
            return _last_table
        found = _value_cache.get((<char*>buf)[:13])
        if found is not None:
            _last_table = found
            return found
    if isinstance(values, (str, bytes)):
        raise ValueError(f"{name} = {values!r} is not a sequence of 13 integers for A..K")
    try:
        ranks = tuple(values)
    except TypeError:
        raise ValueError(f"{name} = {values!r} is not a sequence of 13 integers for A..K") from None
    if len(ranks) != 13:
        raise ValueError(f"{name} has {len(ranks)} entries; it needs 13, for A 2 3 … 10 J Q K")
    for i, v in enumerate(ranks):
        if isinstance(v, bool) or not hasattr(v, "__index__"):
            raise ValueError(f"{name}[{i}] = {v!r} is not an integer")
        if not 0 <= v <= 255:
            raise ValueError(f"{name}[{i}] = {v!r} is outside 0..255")
    ranks = tuple([int(v) for v in ranks])
    key = bytes(ranks)
    table = _value_cache.get(key)
    if table is None:
        table = ValueTable(ranks)
        if len(_value_cache) < 1024:
            _value_cache[key] = table
    _last_table = table
    return table


#: the scalar calls that phom.batch repeats over arrays, by name (the rest are looped by hand)
BATCH_CALLS = {"min_points": "min_points", "arrange": "arrange", "best_lay": "best_lay", "can_u": "can_u",
               "can_eat": "can_eat", "legal_discards": "legal_discards", "min_points_mask": "min_points",
               "legal_discard_mask": "legal_discards"}


def array_refusal(object value, str name, str caller):
    """The TypeError for an array given where ``caller`` takes one ``name``: it names the ``phom.batch``
    call that takes arrays (or says there is none).

    >>> import numpy as np
    >>> print(array_refusal(np.zeros(3), "eaten", "best_lay"))
    eaten is an array of 3 values, but best_lay takes one set of eaten cards; for arrays of hands call phom.batch.best_lay (one row per hand)
    """
    size = getattr(value, "size", "several")
    one = {"eaten": "set of eaten cards", "table[0]": "phỏm"}.get(name, name)
    found = BATCH_CALLS.get(caller)
    if found is None:
        return TypeError(f"{name} is an array of {size} values, but {caller} takes one {one}; phom.batch has no "
                         f"{caller}: call it once per {one}")
    return TypeError(f"{name} is an array of {size} values, but {caller} takes one {one}; for arrays of hands "
                     f"call phom.batch.{found} (one row per hand)")


cdef inline bint is_array(object value):
    return type(value) is not str and getattr(value, "ndim", 0) != 0


cdef inline mask_t mask_argument(object value, str name, str caller) except? 0xFFFFFFFFFFFFFFFF:
    """An int mask argument of the mask-level helpers (exact ints, NumPy integer scalars; no array)."""
    if type(value) is not int and is_array(value):
        raise array_refusal(value, name, caller)
    return value


cpdef mask_t checked_mask(object cards, str name, str caller=None) except? 0xFFFFFFFFFFFFFFFF:
    """A cards-like argument as a mask; raises CardError naming the argument, or TypeError for an
    array (naming the ``phom.batch`` call to use instead of ``caller``)."""
    cdef unsigned long long value
    if type(cards) is int:
        try:
            value = cards
        except OverflowError:
            value = 0xFFFFFFFFFFFFFFFF
        if value <= DECK_MASK:
            return value
    elif type(cards) is _CardSet:
        return (<object>cards)._mask
    elif caller is not None and is_array(cards):
        raise array_refusal(cards, name, caller)
    return _to_mask(cards, name)


cdef str index_hint(object given):
    """For eaten cards given as an int that is also a card's index: that an int is a mask, and what to
    write for that card (phom.reference says the same)."""
    if isinstance(given, Integral) and not isinstance(given, bool) and 0 <= given < 52:
        card = _to_card(int(given))
        return f"; an int is a mask of cards, not a card's index: for {card} write '{card.code}'"
    return ""


cdef inline mask_t checked_eaten(mask_t hand, object eaten, str caller) except? 0xFFFFFFFFFFFFFFFF:
    if eaten is None:
        return 0
    cdef mask_t e = checked_mask(eaten, "eaten", caller)
    if e & ~hand:
        raise ValueError(f"eaten cards {_from_mask(e & ~hand)} are not in hand (hand must contain every eaten "
                         f"card){index_hint(eaten)}")
    return e


cdef int checked_card(object card, mask_t hand, str caller) except -1:
    cdef int index
    if type(card) is int and 0 <= card < 52:
        index = card
    elif is_array(card):
        raise array_refusal(card, "card", caller)
    else:
        index = _to_card(card).index
    if hand & bit(index):
        raise ValueError(f"card {_CARDS[index]} is already in hand")
    return index


def table_masks(table, mask_t hand):
    """Check table phỏm (each valid, disjoint from each other and from hand); return their masks."""
    if isinstance(table, (str, int, _CardSet)):
        raise ValueError("table must be a sequence of phỏm (one cards-like per phỏm), not one card set")
    cdef list masks = []
    cdef mask_t seen = 0
    cdef mask_t m
    for i, meld in enumerate(table):
        m = checked_mask(meld, f"table[{i}]", "table_masks")
        if not mask_is_meld(m):
            raise ValueError(f"table[{i}] = {_from_mask(m)} is not a phỏm")
        if m & hand:
            raise ValueError(f"table[{i}] = {_from_mask(m)} shares {_from_mask(m & hand)} with the hand")
        if m & seen:
            raise ValueError(f"table[{i}] = {_from_mask(m)} shares {_from_mask(m & seen)} with another table phỏm")
        seen |= m
        masks.append(m)
    return masks


def table_summary(masks):
    """(run cards, missing 4th cards of 3-sets) of checked table masks, as the lay kernel wants them."""
    cdef mask_t table[MELD_CAPACITY * 4]
    cdef mask_t runs, fourths
    cdef int i, n = len(masks)
    if n > MELD_CAPACITY * 4:
        raise ValueError("the table holds more phỏm than a deck can make")
    for i in range(n):
        table[i] = masks[i]
    summarize_table(table, n, &runs, &fourths)
    return runs, fourths


cdef inline list sets_of(list masks):
    masks.sort()
    return [_from_mask(m) for m in masks]


# ---------------------------------------------------------------------------------------------------
# Structure of a hand

def is_meld(cards):
    """Is this exactly one phỏm? (RULES 1.2: a set of 3 or 4, or a run of 3+ in one suit, ace low.)

    >>> is_meld("QH KH AH"), is_meld("9S 10S JS QS"), is_meld("8S 8H 8D 9S")
    (False, True, False)
    """
    return mask_is_meld(checked_mask(cards, "cards", "is_meld"))


def melds(hand):
    """Every phỏm inside hand: each set of 3 and of 4, each run of length ≥ 3; sorted by mask.

    >>> [str(m) for m in melds("7H 8H 9H 10H")]
    ['7♥ 8♥ 9♥', '8♥ 9♥ 10♥', '7♥ 8♥ 9♥ 10♥']
    """
    return sets_of(meld_masks(checked_mask(hand, "hand", "melds")))


cdef inline int check_engine_masks(mask_t hand, mask_t eaten) except -1:
    """The engine helpers below skip the cards-like parsing, not the safety checks."""
    if hand & ~DECK_MASK:
        raise ValueError(f"hand {hand} has bits above 51")
    if eaten & ~hand:
        raise ValueError("eaten cards must be in hand")
    return 0


cpdef list meld_masks(object h):
    """Every phỏm inside the mask h, as int masks, unsorted (engine helper: int masks only)."""
    cdef mask_t hand = mask_argument(h, "h", "meld_masks")
    check_engine_masks(hand, 0)
    cdef mask_t found[MAX_HAND_MELDS]
    cdef int i, n = hand_melds(hand, found)
    return [found[i] for i in range(n)]


def partial_melds(hand):
    """Every cạ inside hand: two cards of one rank, or of one suit 1 or 2 ranks apart; sorted by mask.

    >>> [str(p) for p in partial_melds("9H JH KH AH")]
    ['9♥ J♥', 'J♥ K♥']
    """
    cdef mask_t h = checked_mask(hand, "hand", "partial_melds")
    cdef list found = []
    cdef mask_t rest = h
    cdef int c, rank, step, s
    while rest:
        c = lowest_index(rest)
        rest &= rest - 1
        rank = c % 13
        for step in (1, 2):
            if rank + step < 13 and h & bit(c + step):
                found.append(bit(c) | bit(c + step))
        for s in range(c + 13, 52, 13):
            if h & bit(s):
                found.append(bit(c) | bit(s))
    return sets_of(found)


def isolated(hand):
    """Cây rác: the cards of hand in no phỏm and no cạ.

    >>> str(isolated("9H JH 3C 3D 6S KH"))
    '6♠'
    """
    cdef mask_t h = checked_mask(hand, "hand", "isolated")
    return _from_mask(h & ~pair_partners(h))


def is_u_khan(hand):
    """Ù khan: no cạ and no phỏm in the hand (RULES 7.3).

    >>> is_u_khan("AS 4S 7S 10S KS 2C 5C 8C JC"), is_u_khan("AS 3S 7S 10S KS 2C 5C 8C JC")
    (True, False)
    """
    cdef mask_t h = checked_mask(hand, "hand", "is_u_khan")
    return pair_partners(h) == 0


# ---------------------------------------------------------------------------------------------------
# Arrangements under the eat condition

def min_points(hand, eaten=None, *, values=None):
    """The fewest points a valid arrangement leaves (RULES 4.1), or None when the eaten cards cannot
    each sit in their own phỏm.

    >>> min_points("9H 10H JH 3C 5D")
    8
    >>> min_points("7S 8S 9S 10S", eaten="9S 10S") is None
    True
    """
    cdef mask_t h = checked_mask(hand, "hand", "min_points")
    cdef mask_t e = checked_eaten(h, eaten, "min_points")
    cdef ValueTable vt = DEFAULT_VALUES if values is None else value_table(values)
    cdef int result
    with nogil:
        result = min_points_of(h, e, vt.per_card_values, vt.run_deadwood)
    return None if result < 0 else result


def arrange(hand, eaten=None, *, values=None):
    """A minimum-points arrangement obeying the eat condition, or None when none exists.

    Ties: fewest cards left, then smallest left-over mask, then the sorted phỏm masks.

    >>> a = arrange("7D 7C 6H 7H 8H 2S", eaten="7H")
    >>> [str(m) for m in a.melds], str(a.deadwood), a.points
    (['6♥ 7♥ 8♥'], '2♠ 7♣ 7♦', 16)
    """
    cdef mask_t h = checked_mask(hand, "hand", "arrange")
    cdef mask_t e = checked_eaten(h, eaten, "arrange")
    cdef ValueTable vt = value_table(values)
    cdef Packer p
    packer_init(&p, h, e, vt.per_card_values)
    with nogil:
        pack_search(&p, h, 0, 0)
    if not p.found:
        return None
    return _Arrangement(
        melds=tuple(_from_mask(p.best_melds[i]) for i in range(p.best_depth)),
        deadwood=_from_mask(p.best_left),
        points=p.best_points,
    )


def can_u(hand, eaten=None):
    """Can the hand be arranged (eat condition kept) with every card in phỏm but at most one? (RULES 7.1)

    >>> can_u("AS 2S 3S 5C 5D 5H 9D 10D JD KS")
    True
    """
    cdef mask_t h = checked_mask(hand, "hand", "can_u")
    cdef mask_t e = checked_eaten(h, eaten, "can_u")
    cdef bint result
    with nogil:
        result = can_u_of(h, e, UNIT_VALUES.per_card_values, UNIT_VALUES.run_deadwood)
    return result


# ---------------------------------------------------------------------------------------------------
# Eating and bound cards

def can_eat(hand, card, eaten=None):
    """May the player eat card (RULES 4.1)? hand excludes card; eaten are his eaten cards still in hand.

    >>> can_eat("9H 10H 3C 5D KS 2S 6C 8D QC", "JH"), can_eat("9H QS 3C 5D KS 2S 6C 8D QC", "JH")
    (True, False)
    """
    cdef mask_t h = checked_mask(hand, "hand", "can_eat")
    cdef mask_t e = checked_eaten(h, eaten, "can_eat")
    cdef int c = checked_card(card, h, "can_eat")
    cdef bint result
    with nogil:
        result = cover_exists(h | bit(c), e | bit(c), e | bit(c))
    return result


def eat_melds(hand, card, eaten=None):
    """The phỏm (any size) that card can join in some valid arrangement after eating it; sorted by mask.

    Empty when the card cannot be eaten; more than one means xoay phỏm.

    >>> [str(m) for m in eat_melds("7D 7C 6H 8H 2S 4D 10C QS KD", "7H")]
    ['7♣ 7♦ 7♥', '6♥ 7♥ 8♥']
    """
    cdef mask_t h = checked_mask(hand, "hand", "eat_melds")
    cdef mask_t e = checked_eaten(h, eaten, "eat_melds")
    cdef int c = checked_card(card, h, "eat_melds")
    cdef mask_t x = bit(c)
    cdef mask_t full = h | x
    cdef mask_t all_eaten = e | x
    cdef list found = []
    cdef mask_t meld
    for m in melds(full):
        meld = m.mask
        if meld & x and popcount(meld & all_eaten) == 1:
            if cover_exists(full & ~meld, e, all_eaten):
                found.append(m)
    return found


def bound_cards(hand, eaten=None):
    """Trói cards (RULES 4.3): not eaten, yet discarding them would break the eat condition.

    >>> str(bound_cards("QH 10H 9H JH 2S", eaten="JH"))
    '10♥'
    """
    cdef mask_t h = checked_mask(hand, "hand", "bound_cards")
    cdef mask_t e = checked_eaten(h, eaten, "bound_cards")
    cdef mask_t result
    with nogil:
        result = bound_of(h, e)
    return _from_mask(result)


cpdef mask_t legal_discard_mask(object hand, object eaten) except? 0xFFFFFFFFFFFFFFFF:
    """Mask form of legal_discards for the engine (int masks only)."""
    cdef mask_t h = mask_argument(hand, "hand", "legal_discard_mask")
    cdef mask_t e = mask_argument(eaten, "eaten", "legal_discard_mask")
    check_engine_masks(h, e)
    return h & ~e & ~bound_of(h, e)


cpdef int min_points_mask(object hand, object eaten, ValueTable values) except? -2:
    """Mask form of min_points for the engine: -1 when impossible (int masks only).

    >>> min_points_mask(0b111 | 1 << 20, 0, value_table(None))
    8
    """
    cdef mask_t h = mask_argument(hand, "hand", "min_points_mask")
    cdef mask_t e = mask_argument(eaten, "eaten", "min_points_mask")
    check_engine_masks(h, e)
    return min_points_of(h, e, values.per_card_values, values.run_deadwood)


cpdef bint is_meld_mask(object m) except -1:
    """Mask form of is_meld for the engine (int masks only)."""
    cdef mask_t meld = mask_argument(m, "m", "is_meld_mask")
    check_engine_masks(meld, 0)
    return mask_is_meld(meld)


cpdef mask_t extension_mask(object meld) except? 0xFFFFFFFFFFFFFFFF:
    """The cards that keep the table phỏm ``meld`` valid when sent onto it (RULES 5.4): either end of
    a run, the 4th card of a 3-set; 0 for a 4-set (int masks only; ``meld`` must be a phỏm).

    >>> from phom import CardSet, cards
    >>> str(CardSet(extension_mask(cards("7H 8H 9H").mask))), str(CardSet(extension_mask(cards("AS 2S 3S").mask)))
    ('6♥ 10♥', '4♠')
    """
    cdef mask_t m = mask_argument(meld, "meld", "extension_mask")
    check_engine_masks(m, 0)
    if not mask_is_meld(m):
        raise ValueError(f"{_from_mask(m)} is not a phỏm")
    return extension_cards(m)


cpdef int danger(object card, object unseen) except -1:
    """How many 3-card phỏm could take ``card`` with two cards its thrower cannot see: 0 is a safe
    discard (int masks only).

    >>> from phom import cards
    >>> danger(0, 0), danger(0, cards("2S 3S").mask), danger(0, cards("2S 3S AC AD AH").mask)
    (0, 1, 4)
    """
    cdef mask_t u = mask_argument(unseen, "unseen", "danger")
    if type(card) is not int and is_array(card):
        raise array_refusal(card, "card", "danger")
    cdef int c = card
    if not 0 <= c < 52:
        raise ValueError(f"card index {card} is not from 0 to 51")
    check_engine_masks(u, 0)
    return danger_count(c, u)


def legal_discards(hand, eaten=None):
    """The cards that may be discarded: not eaten and not bound.

    >>> str(legal_discards("QH 10H 9H JH 2S", eaten="JH"))
    '2♠ 9♥ Q♥'
    """
    cdef mask_t h = checked_mask(hand, "hand", "legal_discards")
    cdef mask_t e = checked_eaten(h, eaten, "legal_discards")
    cdef mask_t result
    with nogil:
        result = h & ~e & ~bound_of(h, e)
    return _from_mask(result)


# ---------------------------------------------------------------------------------------------------
# Lay-down and gửi

def send_order(mask_t sent, list table):
    """Order the sent cards as (card, table_index) pairs that can be played one by one.

    Runs take their chains first (upwards, then downwards from each run, table order); 3-sets take
    their 4th card last. ``sent`` must be exactly what the lay kernel found sendable.
    """
    cdef mask_t masks[MELD_CAPACITY * 4]
    cdef int8_t cards[52]
    cdef int8_t targets[52]
    cdef int i, n = len(table)
    if n > MELD_CAPACITY * 4:
        raise ValueError("the table holds more phỏm than a deck can make")
    for i in range(n):
        masks[i] = table[i]
    cdef int count = order_sends(sent, masks, n, cards, targets)
    if count != popcount(sent):
        placed = 0
        for i in range(count):
            placed |= bit(cards[i])
        raise AssertionError(f"cards {_from_mask(sent & ~placed)} were found sendable but have no place")
    return tuple((_CARDS[cards[i]], targets[i]) for i in range(count))


def best_lay(hand, eaten=None, table=(), *, discard=True, values=None, already_laid=False):
    """The lay-down (hạ) + gửi (+ discard of the worst card left) that leaves the fewest points.

    Every eaten card is laid, each in its own phỏm; sends go onto the ``table`` phỏm, in an order that
    replays (chains work); a móm lay-down (no phỏm) sends nothing, unless ``already_laid`` says the
    player has phỏm on the table from an earlier turn (a tái turn). None when the eaten cards cannot be
    laid. Ties as for arrange; the discard is the highest-valued card left (highest index on a tie).

    >>> plan = best_lay("3S 3H 3D 5C 6C 7C 8C 10H 4D KS",
    ...                 table=["JH QH KH", "10S 10C 10D", "4S 4C 4H"])
    >>> [str(m) for m in plan.melds], [(str(c), i) for c, i in plan.sends], str(plan.discard)
    (['5♣ 6♣ 7♣ 8♣', '3♠ 3♦ 3♥'], [('10♥', 0), ('4♦', 2)], 'K♠')
    >>> plan.points, plan.u, plan.mom
    (0, True, False)
    """
    cdef mask_t h = checked_mask(hand, "hand", "best_lay")
    cdef mask_t e = checked_eaten(h, eaten, "best_lay")
    cdef ValueTable vt = value_table(values)
    cdef list masks = table_masks(table, h)
    runs, fourths = table_summary(masks)
    cdef Packer p
    packer_init(&p, h, e, vt.per_card_values)
    lay_setup(&p, runs, fourths, bool(discard), bool(already_laid))
    with nogil:
        pack_search(&p, h, 0, 0)
    if not p.found:
        return None
    cdef mask_t laid = 0
    cdef int i
    for i in range(p.best_depth):
        laid |= p.best_melds[i]
    cdef mask_t sent = h & ~laid & ~p.best_left
    cdef object thrown = None
    if p.discard and p.best_left:
        thrown = _CARDS[highest_value_card(p.best_left, vt.per_card_values)]
    return _LayPlan(
        melds=tuple(_from_mask(p.best_melds[i]) for i in range(p.best_depth)),
        sends=send_order(sent, masks),
        discard=thrown,
        points=p.best_points,
        u=(p.best_depth > 0 or p.already_laid) and p.best_count <= 1,
        mom=p.best_depth == 0 and not p.already_laid,
    )
