# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
# cython: binding=True, embedsignature=True, embedsignature.format=python
"""Batch kernels over NumPy arrays of masks: GIL-free loops.

These loops check their rows in C, inside the GIL-free loop, so that nothing out of range reaches a
kernel (a direct call with bad data raises instead of reading past a table); phom.phom.batch converts
the input and, when a loop refuses a row, says which row and why with its own messages. ``best_lay`` and
``arrange`` allocate and return their arrays (the part that holds the GIL is a few µs a call, whatever
the batch's size); the other loops write into a preallocated ``out`` of the same length as ``hands``. A
row with no answer is written as −1 (points, card indices) and 0 (masks, flags).
"""
from cpython.bytes cimport PyBytes_AS_STRING
from cpython.buffer cimport PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint64_t

import numpy as np


from masks cimport *
from kernels cimport *


cdef int check_rows(const uint64_t[::1] hands, const uint64_t[::1] eaten, Py_ssize_t out_size,
                    mask_t forbidden=0) except -1:
    """Raise for the first row whose hand has bits above 51 or cards of ``forbidden``, or whose eaten
    cards are not in it."""
    cdef Py_ssize_t i, n = hands.shape[0]
    cdef Py_ssize_t bad = -1
    if eaten.shape[0] != n or out_size != n:
        raise ValueError("hands, eaten and out must have the same length")
    with nogil:
        for i in range(n):
            if hands[i] & ~DECK_MASK or hands[i] & forbidden or eaten[i] & ~hands[i]:
                bad = i
                break
    if bad >= 0:
        raise ValueError(f"hands[{bad}] has bits above 51{' or cards of the table' if forbidden else ''}, "
                         f"or eaten[{bad}] is not inside it")
    return 0


cdef int check_values(const int32_t[::1] values) except -1:
    if values.shape[0] != 52:
        raise ValueError("values must hold 52 per-card values")
    return 0


def min_points(const uint64_t[::1] hands, const uint64_t[::1] eaten, const int32_t[::1] values,
               const int16_t[::1] run_deadwood, int16_t[::1] out):
    """out[i] = fewest points of hands[i] under the eat condition, -1 when impossible."""
    cdef Py_ssize_t i
    check_rows(hands, eaten, out.shape[0])
    check_values(values)
    if run_deadwood.shape[0] != RUN_TABLE_SIZE:
        raise ValueError("run_deadwood must hold 8192 entries")
    with nogil:
        for i in range(hands.shape[0]):
            out[i] = <int16_t>min_points_of(hands[i], eaten[i], &values[0], &run_deadwood[0])


def can_u(const uint64_t[::1] hands, const uint64_t[::1] eaten, const int32_t[::1] unit_values,
          const int16_t[::1] unit_run_deadwood, unsigned char[::1] out):
    """out[i] = 1 when hands[i] is every card in phỏm but at most one."""
    cdef Py_ssize_t i
    check_rows(hands, eaten, out.shape[0])
    check_values(unit_values)
    if unit_run_deadwood.shape[0] != RUN_TABLE_SIZE:
        raise ValueError("unit_run_deadwood must hold 8192 entries")
    with nogil:
        for i in range(hands.shape[0]):
            out[i] = can_u_of(hands[i], eaten[i], &unit_values[0], &unit_run_deadwood[0])


def can_eat(const uint64_t[::1] hands, const int32_t[::1] cards, const uint64_t[::1] eaten,
            unsigned char[::1] out):
    """out[i] = 1 when cards[i] may be eaten onto hands[i] with eaten[i] already eaten."""
    cdef Py_ssize_t i
    cdef mask_t x
    check_rows(hands, eaten, out.shape[0])
    if cards.shape[0] != hands.shape[0]:
        raise ValueError("cards must hold one card index per hand")
    for i in range(hands.shape[0]):
        if not 0 <= cards[i] < 52 or hands[i] & bit(cards[i]):
            raise ValueError(f"cards[{i}] is not a card index 0..51 outside hands[{i}]")
    with nogil:
        for i in range(hands.shape[0]):
            x = bit(cards[i])
            out[i] = cover_exists(hands[i] | x, eaten[i] | x, eaten[i] | x)


def legal_discards(const uint64_t[::1] hands, const uint64_t[::1] eaten, uint64_t[::1] out):
    """out[i] = mask of the cards hands[i] may discard."""
    cdef Py_ssize_t i
    check_rows(hands, eaten, out.shape[0])
    with nogil:
        for i in range(hands.shape[0]):
            out[i] = hands[i] & ~eaten[i] & ~bound_of(hands[i], eaten[i])


def best_lay_points(const uint64_t[::1] hands, const uint64_t[::1] eaten, uint64_t table_runs,
                    uint64_t table_fourths, bint discard, bint already_laid, const int32_t[::1] values,
                    int16_t[::1] out, uint64_t table_cards=0):
    """out[i] = points left by the best lay-down + gửi (+ discard) of hands[i], -1 when impossible;
    ``table_cards``: the table's cards, which no hand may hold."""
    cdef Py_ssize_t i
    check_rows(hands, eaten, out.shape[0], table_cards)
    check_values(values)
    with nogil:
        for i in range(hands.shape[0]):
            out[i] = <int16_t>best_lay_points_of(hands[i], eaten[i], table_runs, table_fourths,
                                                 discard, already_laid, &values[0])


# ---------------------------------------------------------------------------------------------------
# best_lay and arrange: the checks in the GIL-free loop, the arrays allocated here

cdef object _empty = np.empty
cdef object INT8 = np.dtype(np.int8)
cdef object INT16 = np.dtype(np.int16)
cdef object UINT64 = np.dtype(np.uint64)
cdef object BOOL = np.dtype(np.bool_)


cdef dict _card_values = {}


cdef bytes values_of(object table):
    """The 52 per-card values of a ``phom._solver.ValueTable`` (its ``per_card_view``) as int32 bytes,
    cached by table (value tables are cached by value in phom._solver, so they are few)."""
    cdef bytes found = _card_values.get(table)
    if found is None:
        view = memoryview(table.per_card_view)
        if view.format != "i" or view.nbytes != 52 * sizeof(int32_t):
            raise ValueError("values must hold 52 per-card values")
        found = view.tobytes()
        if len(_card_values) < 1024:
            _card_values[table] = found
    return found


def int_masks(object table):
    """True when ``table`` is a list or tuple of ints: the form of a table that ``best_lay`` reads (phom's
    table_masks makes it from any cards-like phỏm)."""
    if type(table) is not list and type(table) is not tuple:
        return False
    for item in table:
        if type(item) is not int:
            return False
    return True


cdef int read_table(object table, mask_t* out, mask_t* cards) except -1:
    """The table phỏm's masks (a list or tuple of int masks, each a phỏm, no two sharing a card) into
    ``out``, all their cards into ``cards``; returns how many."""
    cdef int n = 0
    cdef mask_t m, seen = 0
    if not int_masks(table):
        raise TypeError("table must be a list or tuple of int masks (phom.table_masks makes one)")
    if len(table) > MELD_CAPACITY * 4:
        raise ValueError("the table holds more phỏm than a deck can make")
    for item in table:
        if not 0 < item <= DECK_MASK:
            raise ValueError(f"table[{n}] is not a phỏm")
        m = item
        if not mask_is_meld(m) or m & seen:
            raise ValueError(f"table[{n}] is not a phỏm, or shares cards with another")
        seen |= m
        out[n] = m
        n += 1
    cards[0] = seen
    return n


cdef Py_ssize_t scan_rows(const mask_t* hands, const mask_t* eaten, Py_ssize_t n, mask_t forbidden,
                          int* most) noexcept nogil:
    """The first row whose hand has bits above 51 or cards of ``forbidden``, or whose eaten cards are not
    all in it (−1 for none); ``most`` becomes the most cards any hand holds. ``eaten`` may be NULL."""
    cdef Py_ssize_t i
    cdef mask_t h, e
    cdef int count
    most[0] = 0
    for i in range(n):
        h = hands[i]
        e = eaten[i] if eaten != NULL else 0
        if h & ~DECK_MASK or h & forbidden or e & ~h:
            return i
        count = popcount(h)
        if count > most[0]:
            most[0] = count
    return -1


cdef char* writable(object array) except? NULL:
    """The data of a freshly allocated C-contiguous array (it stays alive in the caller's hands)."""
    cdef Py_buffer view
    cdef char* data
    PyObject_GetBuffer(array, &view, PyBUF_WRITABLE)
    data = <char*>view.buf
    PyBuffer_Release(&view)
    return data


cdef const mask_t* rows_of(const uint64_t[::1] hands, const uint64_t[::1] eaten) except? NULL:
    """The eaten masks' data, NULL for none; eaten must be as long as hands."""
    if eaten is None:
        return NULL
    if eaten.shape[0] != hands.shape[0]:
        raise ValueError("hands and eaten must have the same length")
    return &eaten[0] if eaten.shape[0] else NULL


def best_lay(const uint64_t[::1] hands, const uint64_t[::1] eaten, object table, bint discard,
             bint already_laid, object values):
    """Row i: the best lay-down + gửi onto the ``table`` phỏm (a list or tuple of int masks)
    (+ discard) of hands[i] with eaten[i] eaten (``eaten`` None: nothing eaten), valued by ``values`` (a
    phom.value_table), as phom.best_lay finds it. Returns (points, u, mom, melds, sends, discards), width
    = the most cards in a hand: ``points`` int16 (−1 when the eaten cards cannot be laid), ``u`` and
    ``mom`` bool, the phỏm masks ascending in ``melds[i]`` ((n, width // 3) uint64, 0 after the last),
    the sends in replay order as (card index, table index) in ``sends[i]`` ((n, width, 2) int8, −1 after
    the last) and the discarded card's index (int8, −1 for none). ValueError for a row whose hand has
    bits above 51 or table cards, or whose eaten cards are not in it."""
    cdef bytes card_values = values_of(values)
    cdef mask_t table_copy[MELD_CAPACITY * 4]
    cdef mask_t table_cards, runs, fourths, laid, sent, h, e
    cdef int n_table = read_table(table, table_copy, &table_cards)
    cdef Py_ssize_t i, n = hands.shape[0]
    cdef Py_ssize_t bad
    cdef const mask_t* hand_rows = &hands[0] if n else NULL
    cdef const mask_t* eaten_rows = rows_of(hands, eaten)
    cdef int k, count, width, meld_room, send_room
    cdef int8_t cards[52]
    cdef int8_t targets[52]
    cdef Packer p
    with nogil:
        bad = scan_rows(hand_rows, eaten_rows, n, table_cards, &width)
    if bad >= 0:
        raise ValueError(f"hands[{bad}] has bits above 51 or cards of the table, or eaten[{bad}] is not inside it")
    meld_room, send_room = width // 3, width
    points, u, mom = _empty(n, INT16), _empty(n, BOOL), _empty(n, BOOL)
    melds, sends, discards = _empty((n, meld_room), UINT64), _empty((n, send_room, 2), INT8), _empty(n, INT8)
    cdef int16_t* points_out = <int16_t*>writable(points)
    cdef uint8_t* u_out = <uint8_t*>writable(u)
    cdef uint8_t* mom_out = <uint8_t*>writable(mom)
    cdef mask_t* melds_out = <mask_t*>writable(melds)
    cdef int8_t* sends_out = <int8_t*>writable(sends)
    cdef int8_t* discards_out = <int8_t*>writable(discards)
    cdef const int32_t* per_card = <const int32_t*>PyBytes_AS_STRING(card_values)
    with nogil:
        summarize_table(table_copy, n_table, &runs, &fourths)
        for i in range(n):
            h = hand_rows[i]
            e = eaten_rows[i] if eaten_rows != NULL else 0
            packer_init(&p, h, e, per_card)
            lay_setup(&p, runs, fourths, discard, already_laid)
            pack_search(&p, h, 0, 0)
            for k in range(meld_room):
                melds_out[i * meld_room + k] = 0
            for k in range(2 * send_room):
                sends_out[i * 2 * send_room + k] = -1
            if not p.found:
                points_out[i] = -1
                u_out[i] = 0
                mom_out[i] = 0
                discards_out[i] = -1
                continue
            if p.best_depth > meld_room:        # cannot be: a hand of c cards holds at most c // 3 phỏm
                bad = i
                break
            laid = 0
            for k in range(p.best_depth):
                melds_out[i * meld_room + k] = p.best_melds[k]
                laid |= p.best_melds[k]
            sent = h & ~laid & ~p.best_left
            count = order_sends(sent, table_copy, n_table, cards, targets)
            if count != popcount(sent) or count > send_room:
                bad = i
                break
            for k in range(count):
                sends_out[i * 2 * send_room + 2 * k] = cards[k]
                sends_out[i * 2 * send_room + 2 * k + 1] = targets[k]
            points_out[i] = <int16_t>p.best_points
            u_out[i] = (p.best_depth > 0 or p.already_laid) and p.best_count <= 1
            mom_out[i] = p.best_depth == 0 and not p.already_laid
            discards_out[i] = <int8_t>highest_value_card(p.best_left, per_card) if p.discard and p.best_left else -1
    if bad >= 0:
        raise ValueError(f"row {bad}: its lay-down does not fit the batch's melds and sends")
    return points, u, mom, melds, sends, discards


def arrange(const uint64_t[::1] hands, const uint64_t[::1] eaten, object values):
    """Row i: the minimum-points arrangement of hands[i] under the eat condition (``eaten`` None: nothing
    eaten), valued by ``values`` (a phom.value_table), as phom.arrange finds it. Returns (points, melds,
    deadwood): ``points`` int16 (−1 when none exists), the phỏm masks ascending in ``melds[i]`` ((n,
    width // 3) uint64, 0 after the last, width = the most cards in a hand) and the mask of the cards
    left in ``deadwood[i]`` (uint64, 0 when none exists). ValueError for a row whose hand has bits above
    51 or whose eaten cards are not in it."""
    cdef bytes card_values = values_of(values)
    cdef Py_ssize_t i, n = hands.shape[0]
    cdef Py_ssize_t bad
    cdef const mask_t* hand_rows = &hands[0] if n else NULL
    cdef const mask_t* eaten_rows = rows_of(hands, eaten)
    cdef int k, width, meld_room
    cdef mask_t h
    cdef Packer p
    with nogil:
        bad = scan_rows(hand_rows, eaten_rows, n, 0, &width)
    if bad >= 0:
        raise ValueError(f"hands[{bad}] has bits above 51, or eaten[{bad}] is not inside it")
    meld_room = width // 3
    points, melds, deadwood = _empty(n, INT16), _empty((n, meld_room), UINT64), _empty(n, UINT64)
    cdef int16_t* points_out = <int16_t*>writable(points)
    cdef mask_t* melds_out = <mask_t*>writable(melds)
    cdef mask_t* deadwood_out = <mask_t*>writable(deadwood)
    cdef const int32_t* per_card = <const int32_t*>PyBytes_AS_STRING(card_values)
    with nogil:
        for i in range(n):
            h = hand_rows[i]
            packer_init(&p, h, eaten_rows[i] if eaten_rows != NULL else 0, per_card)
            pack_search(&p, h, 0, 0)
            for k in range(meld_room):
                melds_out[i * meld_room + k] = 0
            if not p.found:
                points_out[i] = -1
                deadwood_out[i] = 0
                continue
            if p.best_depth > meld_room:        # cannot be: a hand of c cards holds at most c // 3 phỏm
                bad = i
                break
            for k in range(p.best_depth):
                melds_out[i * meld_room + k] = p.best_melds[k]
            points_out[i] = <int16_t>p.best_points
            deadwood_out[i] = p.best_left
    if bad >= 0:
        raise ValueError(f"row {bad}: its arrangement does not fit the batch's melds")
    return points, melds, deadwood
