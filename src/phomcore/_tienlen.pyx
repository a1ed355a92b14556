# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
# cython: binding=True, embedsignature=True, embedsignature.format=python
"""The compiled Tiến lên combination core: classification, beating with the chặt table, every legal
play (each suit choice, as a NumPy array of phom masks) and the fewest plays that empty a hand.

Inside, a hand is a "strength mask": bit ``order * 4 + suit`` (orders 3 … A, 2 = 0 … 12; suits ♠ ♣ ♦ ♥),
so the four cards of one rank are one nibble and straights are runs of nibbles. ``phom.tienlen.reference``
is the specification; tests compare the two on thousands of random hands.
"""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memset

from masks cimport *

import numpy as np


# ---------------------------------------------------------------------------------------------------
# What the layer above hands down (the core imports nothing of phom): the card parser, bound by
# phom.tienlen.combos, and the observation layout, bound by phom.tienlen.vector, each when it loads

def _unbound(*args, **kwargs):
    raise RuntimeError("phom._tienlen has no card parser yet: phom.tienlen.combos binds it when it loads (load phom first)")


cdef object _to_mask = _unbound     # phom.cards.to_mask: any cards-like argument to a mask, errors named


def bind_cards(to_mask):
    """Hand the core the parser of cards-like arguments that are not int masks: ``to_mask(cards, name)``
    returns a mask or raises naming the argument (phom.tienlen.combos binds phom.cards.to_mask).

    >>> from phom.cards import to_mask
    >>> bind_cards(to_mask)
    """
    global _to_mask
    _to_mask = to_mask

cdef enum:
    NUM_ORDERS = 13
    HEO = 12
    ACE = 11

cdef enum Kind:
    K_NONE = 0
    K_SINGLE = 1
    K_PAIR = 2
    K_TRIPLE = 3
    K_STRAIGHT = 4
    K_PAIRS_RUN = 5
    K_FOUR = 6

KIND_NAMES = (None, "single", "pair", "triple", "straight", "pairs_run", "four")

cdef int8_t TO_STRENGTH[52]
cdef int8_t FROM_STRENGTH[52]
for _c in range(52):
    _order = (_c % 13 + 11) % 13
    TO_STRENGTH[_c] = _order * 4 + _c // 13
    FROM_STRENGTH[_order * 4 + _c // 13] = _c


cdef inline mask_t remap(mask_t m, const int8_t* table) noexcept nogil:
    """Move every bit i of m to bit table[i]."""
    cdef mask_t out = 0
    while m:
        out |= bit(table[lowest_index(m)])
        m &= m - 1
    return out


cdef inline mask_t to_strength(mask_t m) noexcept nogil:
    return remap(m, TO_STRENGTH)


cdef inline mask_t from_strength(mask_t t) noexcept nogil:
    return remap(t, FROM_STRENGTH)


cdef inline int nibble(mask_t t, int order) noexcept nogil:
    return <int>((t >> (4 * order)) & 0xF)


cdef inline int count4(int f) noexcept nogil:
    """The cards in a nibble (0 … 15): hex digit f of 0x4332322132212110 is the popcount of f."""
    return <int>((<uint64_t>0x4332322132212110 >> (4 * f)) & 0xF)


ctypedef struct Combo:
    int kind
    int length
    int high        # strength of the highest card


cdef inline Combo classify_t(mask_t t) noexcept nogil:
    """reference.classify over a strength mask."""
    cdef Combo c
    cdef int n = popcount(t)
    cdef int low, high, o, k
    c.kind = K_NONE
    c.length = n
    c.high = -1
    if n == 0:
        return c
    c.high = highest_index(t)
    low = lowest_index(t) >> 2
    high = c.high >> 2
    if low == high:
        if n == 1:
            c.kind = K_SINGLE
        elif n == 2:
            c.kind = K_PAIR
        elif n == 3:
            c.kind = K_TRIPLE
        elif n == 4:
            c.kind = K_FOUR
        return c
    if high > ACE:
        return c
    k = high - low + 1
    if n == k and n >= 3:
        for o in range(low, high + 1):
            if count4(nibble(t, o)) != 1:
                return c
        c.kind = K_STRAIGHT
    elif n == 2 * k and k >= 3:
        for o in range(low, high + 1):
            if count4(nibble(t, o)) != 2:
                return c
        c.kind = K_PAIRS_RUN
    return c


cdef inline bint chop(Combo play, Combo table, bint four_beats_single_heo) noexcept nogil:
    """reference._chop: a bomb beating out of kind (TIENLEN.md §3.2)."""
    cdef bint heo_single = table.kind == K_SINGLE and (table.high >> 2) == HEO
    cdef bint heo_pair = table.kind == K_PAIR and (table.high >> 2) == HEO
    cdef int table_pairs = table.length // 2 if table.kind == K_PAIRS_RUN else 0
    cdef int pairs = play.length // 2 if play.kind == K_PAIRS_RUN else 0
    if play.kind == K_PAIRS_RUN and pairs == 3:
        return heo_single
    if play.kind == K_FOUR:
        return (heo_single and four_beats_single_heo) or heo_pair or table_pairs == 3
    if play.kind == K_PAIRS_RUN and pairs >= 4:
        return heo_single or heo_pair or table_pairs == 3 or table.kind == K_FOUR or (pairs >= 5 and table_pairs == 4)
    return False


cdef inline bint beats_c(Combo play, Combo table, bint four_beats_single_heo) noexcept nogil:
    if play.kind == table.kind and play.length == table.length:
        return play.high > table.high
    return chop(play, table, four_beats_single_heo)


# ---------------------------------------------------------------------------------------------------
# Every combination of a hand

ctypedef struct Listing:
    bint has_table
    Combo table
    bint four_beats_single_heo
    int only_order        # -1: every play; else only plays whose weakest rank is this order
    mask_t must           # 0, or a card every listed play holds
    bint strength_out     # write strength masks rather than phom masks
    int group_sizes       # bit k: list groups of k cards of one rank (0x1E: all)
    int run_lengths[3]    # [1]: bit k lists straights of k ranks, [2]: đôi thông of k pairs (all: ~0)
    Py_ssize_t count
    Py_ssize_t capacity   # 0: count only
    uint64_t* out


cdef inline void init_listing(Listing* l) noexcept nogil:
    l.has_table = False
    l.four_beats_single_heo = True
    l.only_order = -1
    l.must = 0
    l.strength_out = False
    l.group_sizes = 0x1E
    l.run_lengths[1] = ~0
    l.run_lengths[2] = ~0
    l.count = 0
    l.capacity = 0
    l.out = NULL


cdef inline void offer(Listing* l, mask_t t) noexcept nogil:
    if l.must and not t & l.must:
        return
    if l.has_table and not beats_c(classify_t(t), l.table, l.four_beats_single_heo):
        return
    if l.count < l.capacity:
        l.out[l.count] = t if l.strength_out else from_strength(t)
    l.count += 1


cdef void sequences(Listing* l, mask_t t, int order, int end, int per_order, mask_t chosen) noexcept nogil:
    """Every way to take ``per_order`` cards (1: straight, 2: đôi thông) of each order up to ``end``."""
    cdef int f, sub
    if order > end:
        offer(l, chosen)
        return
    f = nibble(t, order)
    sub = f
    while sub:
        if count4(sub) == per_order:
            sequences(l, t, order + 1, end, per_order, chosen | (<mask_t>sub << (4 * order)))
        sub = (sub - 1) & f


cdef void list_combinations(Listing* l, mask_t t) noexcept nogil:
    cdef int o, f, sub, start, end, per_order, last
    cdef int enough[3]          # per_order -> 13-bit pattern of the orders holding that many cards
    enough[1] = 0
    enough[2] = 0
    for o in range(NUM_ORDERS):
        f = nibble(t, o)
        if f and o <= ACE:
            enough[1] |= 1 << o
            if count4(f) >= 2:
                enough[2] |= 1 << o
        if l.only_order >= 0 and o != l.only_order:
            continue
        sub = f if l.group_sizes else 0
        while sub:
            if (l.group_sizes >> count4(sub)) & 1:
                offer(l, <mask_t>sub << (4 * o))
            sub = (sub - 1) & f
    for per_order in range(1, 3):
        for start in range(ACE + 1):
            if not (enough[per_order] >> start) & 1 or (l.only_order >= 0 and start != l.only_order):
                continue
            last = start
            while last + 1 <= ACE and (enough[per_order] >> (last + 1)) & 1:
                last += 1
            for end in range(start + 2, last + 1):
                if (l.run_lengths[per_order] >> (end - start + 1)) & 1:
                    sequences(l, t, start, end, per_order, 0)


# ---------------------------------------------------------------------------------------------------
# The fewest plays and one best split. Suits never matter for the count, only how many cards each rank
# has: a dynamic programme over the orders 3 … A carries the sequences still open (straights and đôi
# thông of length 1, 2 and ≥ 3); what is left of a rank is one group play; the heo are one play
# together. It is valued by (plays, singles) with the singles as a strength mask, so fewer plays win,
# then fewer singles, then the split whose weakest differing single is the stronger one (the order of
# reference.best_split). Any split's singles can take the strongest suit of their rank (no other play
# cares about suits), so this value is exact. A best split is then built from the weakest card up: the
# smallest play (as a strength mask) holding it that keeps the value optimal.

cdef enum:
    STATE_COUNT = 5 * 5 * 5 * 3 * 3 * 3


cdef inline int encode(int a1, int a2, int a3, int b1, int b2, int b3) noexcept nogil:
    return ((((a1 * 5 + a2) * 5 + a3) * 3 + b1) * 3 + b2) * 3 + b3


ctypedef struct Value:
    int plays
    mask_t singles      # strength mask


cdef inline bint better(Value a, Value b) noexcept nogil:
    cdef int na, nb
    cdef mask_t diff
    if a.plays != b.plays:
        return a.plays < b.plays
    na = popcount(a.singles)
    nb = popcount(b.singles)
    if na != nb:
        return na < nb
    diff = a.singles ^ b.singles
    return diff != 0 and (b.singles & bit(lowest_index(diff))) != 0


cdef inline mask_t top_card(mask_t t, int o) noexcept nogil:
    cdef int f = nibble(t, o)
    return bit(4 * o + highest_index(<mask_t>f)) if f else 0


cdef Value best_value_t(mask_t t) noexcept nogil:
    cdef int8_t plays_now[STATE_COUNT]
    cdef int8_t plays_next[STATE_COUNT]
    cdef mask_t singles_now[STATE_COUNT]
    cdef mask_t singles_next[STATE_COUNT]
    cdef int16_t live_now[STATE_COUNT]
    cdef int16_t live_next[STATE_COUNT]
    cdef int n_now = 1, n_next, i, s, o, c, a1, a2, a3, b1, b2, b3, k3, m3, ns, np_, x, y, left, nxt
    cdef mask_t top
    cdef Value best, here
    best.plays = 127
    best.singles = 0
    plays_now[0] = 0
    singles_now[0] = 0
    live_now[0] = 0
    memset(plays_next, 127, STATE_COUNT)    # once: after each rank only the states reached are reset
    for o in range(ACE + 1):
        c = count4(nibble(t, o))
        top = top_card(t, o)
        n_next = 0
        for i in range(n_now):
            s = live_now[i]
            b3 = s % 3
            b2 = (s // 3) % 3
            b1 = (s // 9) % 3
            a3 = (s // 27) % 5
            a2 = (s // 135) % 5
            a1 = s // 675
            for k3 in range(a3 + 1):
                for m3 in range(b3 + 1):
                    y = b1 + b2 + m3
                    x = a1 + a2 + k3
                    if x + 2 * y > c or a2 + k3 > 4 or b2 + m3 > 2:
                        continue
                    for np_ in range(min((c - x - 2 * y) // 2, 2) + 1):
                        for ns in range(min(c - x - 2 * (y + np_), 4) + 1):
                            left = c - x - ns - 2 * (y + np_)
                            here.plays = plays_now[s] + ns + np_ + (1 if left > 0 else 0)
                            here.singles = singles_now[s] | (top if left == 1 else 0)
                            nxt = encode(ns, a1, a2 + k3, np_, b1, b2 + m3)
                            if plays_next[nxt] == 127:
                                live_next[n_next] = nxt
                                n_next += 1
                                plays_next[nxt] = here.plays
                                singles_next[nxt] = here.singles
                            else:
                                best.plays = plays_next[nxt]
                                best.singles = singles_next[nxt]
                                if better(here, best):
                                    plays_next[nxt] = here.plays
                                    singles_next[nxt] = here.singles
        for i in range(n_next):
            s = live_next[i]
            live_now[i] = s
            plays_now[s] = plays_next[s]
            singles_now[s] = singles_next[s]
            plays_next[s] = 127
        n_now = n_next
    best.plays = 127
    best.singles = 0
    for i in range(n_now):
        s = live_now[i]
        if s // 675 or (s // 135) % 5 or (s // 9) % 3 or (s // 3) % 3:
            continue                      # a sequence of one or two ranks is still open
        here.plays = plays_now[s]
        here.singles = singles_now[s]
        if better(here, best):
            best = here
    c = count4(nibble(t, HEO))
    if c:
        best.plays += 1
        if c == 1:
            best.singles |= top_card(t, HEO)
    return best


cdef inline int min_plays_t(mask_t t) noexcept nogil:
    return best_value_t(t).plays


cdef enum:
    CANDIDATES = 4096     # plays holding one card of a hand of at most 13 (a few hundred at most)


cdef int best_split_t(mask_t t, mask_t* out) noexcept nogil:
    """Write one best split of ``t`` (strength masks, weakest card first) to ``out``; return its
    length, or -1 if a hand had more candidate plays than CANDIDATES."""
    cdef uint64_t candidates[CANDIDATES]
    cdef Listing l
    cdef Value goal = best_value_t(t), rest
    cdef int n = 0, i, j
    cdef mask_t c, key
    cdef bint found
    while t:
        init_listing(&l)
        l.must = t & (~t + 1)
        l.only_order = lowest_index(t) >> 2
        l.strength_out = True
        l.capacity = CANDIDATES
        l.out = candidates
        list_combinations(&l, t)
        if l.count > CANDIDATES:
            return -1
        for i in range(1, l.count):       # insertion sort, ascending
            key = candidates[i]
            j = i - 1
            while j >= 0 and candidates[j] > key:
                candidates[j + 1] = candidates[j]
                j -= 1
            candidates[j + 1] = key
        found = False
        for i in range(l.count):
            c = candidates[i]
            rest = best_value_t(t & ~c)
            rest.plays += 1
            if popcount(c) == 1:
                rest.singles |= c
            if rest.plays == goal.plays and rest.singles == goal.singles:
                found = True
                break
        if not found:
            return -1
        out[n] = c
        n += 1
        t &= ~c
        goal.plays -= 1
        goal.singles &= ~c
    return n


# ---------------------------------------------------------------------------------------------------
# Tới trắng (reference.toi_trang, TIENLEN.md §5)

TOI_TRANG_NAMES = (None, "four_threes", "three_pairs_with_3S", "dragon", "six_pairs", "five_pairs_run",
                   "four_triples", "two_fours", "four_twos", "one_colour")

cdef enum:
    BLACK_SUITS = 0x3      # ♠ ♣ in every nibble
    FIRST_CARD = 1         # 3♠, strength 0


cdef int toi_trang_t(mask_t t, bint first_game, bint later_in_first) noexcept nogil:
    """reference.toi_trang over a strength mask; ``later_in_first``: the house rule that the first game
    also counts the later games' kinds (TienLenRules.later_toi_trang_in_first_game)."""
    cdef int counts[NUM_ORDERS]
    cdef int o, pairs = 0, triples = 0, fours = 0, run = 0, black = 0
    for o in range(NUM_ORDERS):
        counts[o] = count4(nibble(t, o))
        black += count4(nibble(t, o) & BLACK_SUITS)
    if first_game:
        if counts[0] == 4:
            return 1
        if t & FIRST_CARD and counts[0] >= 2 and counts[1] >= 2 and counts[2] >= 2:
            return 2
        if not later_in_first:
            return 0
    for o in range(ACE + 1):
        if counts[o] == 0:
            break
    else:
        return 3
    for o in range(NUM_ORDERS):
        pairs += counts[o] // 2
        triples += counts[o] >= 3
        fours += counts[o] == 4
    if pairs >= 6:
        return 4
    for o in range(ACE + 1):
        run = run + 1 if counts[o] >= 2 else 0
        if run >= 5:
            return 5
    if triples >= 4:
        return 6
    if fours >= 2:
        return 7
    if counts[HEO] == 4:
        return 8
    if black >= 12 or popcount(t) - black >= 12:
        return 9
    return 0


# ---------------------------------------------------------------------------------------------------
# Entry points (checked)

cdef inline mask_t checked(object cards, str name) except? 0xFFFFFFFFFFFFFFFF:
    if type(cards) is int and 0 <= cards <= DECK_MASK:
        return cards
    return _to_mask(cards, name)


def classify_mask(cards):
    """(kind name or None, length, phom index of the highest card or -1) of a cards-like."""
    cdef Combo c = classify_t(to_strength(checked(cards, "cards")))
    return KIND_NAMES[c.kind], c.length, (FROM_STRENGTH[c.high] if c.high >= 0 else -1)


def beats_mask(play, table, bint four_beats_single_heo=True):
    """Does ``play`` beat ``table``? -1 when either is not a combination (the caller names which)."""
    cdef Combo p = classify_t(to_strength(checked(play, "play")))
    cdef Combo q = classify_t(to_strength(checked(table, "table")))
    if p.kind == K_NONE:
        return -1
    if q.kind == K_NONE:
        return -2
    return int(beats_c(p, q, four_beats_single_heo))


cdef Listing listing(object table, bint four_beats_single_heo) except *:
    cdef Listing l
    init_listing(&l)
    l.has_table = table is not None
    l.four_beats_single_heo = four_beats_single_heo
    if table is not None:
        l.table = classify_t(to_strength(checked(table, "table")))
        if l.table.kind == K_NONE:
            raise ValueError("table is not a combination")
    return l


def count_plays_mask(hand, table=None, bint four_beats_single_heo=True):
    cdef mask_t t = to_strength(checked(hand, "hand"))
    cdef Listing l = listing(table, four_beats_single_heo)
    with nogil:
        list_combinations(&l, t)
    return l.count


def legal_plays_mask(hand, table=None, bint four_beats_single_heo=True):
    """Every legal play as a uint64 NumPy array of phom masks, ascending."""
    cdef mask_t t = to_strength(checked(hand, "hand"))
    cdef Listing l = listing(table, four_beats_single_heo)
    with nogil:
        list_combinations(&l, t)
    result = np.empty(l.count, dtype=np.uint64)
    cdef uint64_t[::1] view = result
    l.capacity = l.count
    l.count = 0
    if l.capacity:
        l.out = &view[0]
        with nogil:
            list_combinations(&l, t)
    result.sort()
    return result


def min_plays_mask(hand):
    """The fewest combinations that play the whole hand out."""
    cdef mask_t t = to_strength(checked(hand, "hand"))
    cdef int result
    with nogil:
        result = min_plays_t(t)
    return result


def best_split_mask(hand):
    """One best split of a hand (at most 13 cards) as a tuple of phom masks, weakest card first."""
    cdef mask_t t = to_strength(checked(hand, "hand"))
    cdef mask_t out[NUM_ORDERS + 1]
    cdef int n, i
    if popcount(t) > 13:
        raise ValueError(f"hand has {popcount(t)} cards: best_split takes a dealt hand of at most 13")
    with nogil:
        n = best_split_t(t, out)
    if n < 0:
        raise RuntimeError("best_split found no split (a bug in phom: please report the hand)")
    return tuple(from_strength(out[i]) for i in range(n))


def toi_trang_mask(hand, bint first_game=False, bint later_in_first=False):
    """The tới trắng kind of a dealt hand (see TOI_TRANG_NAMES), or None; ``later_in_first``: the first
    game also counts the later games' kinds (the house rule TienLenRules.later_toi_trang_in_first_game)."""
    cdef mask_t t = to_strength(checked(hand, "hand"))
    return TOI_TRANG_NAMES[toi_trang_t(t, first_game, later_in_first)]



# ---------------------------------------------------------------------------------------------------
# Tiến lên's game in the core, one file a job (src/phomcore/tienlen/), read like Phỏm's (src/phomcore/phom/);
# the machinery both engines share is in rng.pxd and masks.pxd

include "tienlen/transitions.pxi"
include "tienlen/policies.pxi"
include "tienlen/observation.pxi"
include "tienlen/engine.pxi"
