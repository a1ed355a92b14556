# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
# cython: binding=True, embedsignature=True, embedsignature.format=python
"""Batch kernels over NumPy arrays of masks: GIL-free loops.

phom.phom.batch checks and converts its input with clear messages first; these loops check again, in C, that
nothing out of range reaches a kernel (a direct call with bad data raises instead of reading past a table).
Every function writes into a preallocated output array of the same length as ``hands``; a row with
no answer is written as −1 (points, card indices) and 0 (masks, flags).
"""
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint64_t

from masks cimport *
from kernels cimport *


cdef int check_rows(const uint64_t[::1] hands, const uint64_t[::1] eaten, Py_ssize_t out_size) except -1:
    cdef Py_ssize_t i, n = hands.shape[0]
    cdef Py_ssize_t bad = -1
    if eaten.shape[0] != n or out_size != n:
        raise ValueError("hands, eaten and out must have the same length")
    with nogil:
        for i in range(n):
            if hands[i] & ~DECK_MASK or eaten[i] & ~hands[i]:
                bad = i
                break
    if bad >= 0:
        raise ValueError(f"hands[{bad}] has bits above 51, or eaten[{bad}] is not inside it")
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
                    int16_t[::1] out):
    """out[i] = points left by the best lay-down + gửi (+ discard) of hands[i], -1 when impossible."""
    cdef Py_ssize_t i
    check_rows(hands, eaten, out.shape[0])
    check_values(values)
    with nogil:
        for i in range(hands.shape[0]):
            out[i] = <int16_t>best_lay_points_of(hands[i], eaten[i], table_runs, table_fourths,
                                                 discard, already_laid, &values[0])


def most_cards(const uint64_t[::1] hands):
    """The most cards any hand of ``hands`` holds (0 for no hands): the width of the batch layouts."""
    cdef Py_ssize_t i
    cdef int most = 0
    with nogil:
        for i in range(hands.shape[0]):
            if popcount(hands[i]) > most:
                most = popcount(hands[i])
    return most


cdef int check_table(const uint64_t[::1] table) except -1:
    if table.shape[0] > MELD_CAPACITY * 4:
        raise ValueError("the table holds more phỏm than a deck can make")
    return 0


def best_lay(const uint64_t[::1] hands, const uint64_t[::1] eaten, const uint64_t[::1] table, bint discard,
             bint already_laid, const int32_t[::1] values, int16_t[::1] points, uint8_t[::1] u, uint8_t[::1] mom,
             uint64_t[:, ::1] melds, int8_t[:, :, ::1] sends, int8_t[::1] discards):
    """Row i: the best lay-down + gửi onto the checked ``table`` phỏm (+ discard) of hands[i], as
    phom.best_lay finds it: ``points`` (−1 when the eaten cards cannot be laid), ``u``, ``mom``, the phỏm
    masks ascending in ``melds[i]`` (0 after the last), the sends in replay order as (card index, table
    index) in ``sends[i]`` (−1 after the last) and the discarded card's index (−1 for none)."""
    cdef Py_ssize_t i, n = hands.shape[0]
    cdef Py_ssize_t bad = -1
    cdef int k, count, n_table = table.shape[0]
    cdef int meld_room = melds.shape[1]
    cdef int send_room = sends.shape[1]
    cdef mask_t runs, fourths, laid, sent
    cdef mask_t table_copy[MELD_CAPACITY * 4]
    cdef int8_t cards[52]
    cdef int8_t targets[52]
    cdef Packer p
    check_rows(hands, eaten, points.shape[0])
    check_values(values)
    check_table(table)
    if not (u.shape[0] == mom.shape[0] == melds.shape[0] == sends.shape[0] == discards.shape[0] == n):
        raise ValueError("every output needs one row per hand")
    if sends.shape[2] != 2:
        raise ValueError("sends must have shape (n, width, 2)")
    for k in range(n_table):
        table_copy[k] = table[k]
    with nogil:
        summarize_table(table_copy, n_table, &runs, &fourths)
        for i in range(n):
            packer_init(&p, hands[i], eaten[i], &values[0])
            lay_setup(&p, runs, fourths, discard, already_laid)
            pack_search(&p, hands[i], 0, 0)
            for k in range(meld_room):
                melds[i, k] = 0
            for k in range(send_room):
                sends[i, k, 0] = -1
                sends[i, k, 1] = -1
            if not p.found:
                points[i] = -1
                u[i] = 0
                mom[i] = 0
                discards[i] = -1
                continue
            if p.best_depth > meld_room:
                bad = i
                break
            laid = 0
            for k in range(p.best_depth):
                melds[i, k] = p.best_melds[k]
                laid |= p.best_melds[k]
            sent = hands[i] & ~laid & ~p.best_left
            count = order_sends(sent, table_copy, n_table, cards, targets)
            if count != popcount(sent) or count > send_room:
                bad = i
                break
            for k in range(count):
                sends[i, k, 0] = cards[k]
                sends[i, k, 1] = targets[k]
            points[i] = <int16_t>p.best_points
            u[i] = (p.best_depth > 0 or p.already_laid) and p.best_count <= 1
            mom[i] = p.best_depth == 0 and not p.already_laid
            discards[i] = <int8_t>highest_value_card(p.best_left, &values[0]) if p.discard and p.best_left else -1
    if bad >= 0:
        raise ValueError(f"row {bad}: melds or sends has too few columns for its lay-down (see most_cards)")


def arrange(const uint64_t[::1] hands, const uint64_t[::1] eaten, const int32_t[::1] values, int16_t[::1] points,
            uint64_t[:, ::1] melds, uint64_t[::1] deadwood):
    """Row i: the minimum-points arrangement of hands[i] under the eat condition, as phom.arrange finds
    it: ``points`` (−1 when none exists), the phỏm masks ascending in ``melds[i]`` (0 after the last) and
    the mask of the cards left in ``deadwood[i]`` (0 when none exists)."""
    cdef Py_ssize_t i, n = hands.shape[0]
    cdef Py_ssize_t bad = -1
    cdef int k
    cdef int meld_room = melds.shape[1]
    cdef Packer p
    check_rows(hands, eaten, points.shape[0])
    check_values(values)
    if not (melds.shape[0] == deadwood.shape[0] == n):
        raise ValueError("every output needs one row per hand")
    with nogil:
        for i in range(n):
            packer_init(&p, hands[i], eaten[i], &values[0])
            pack_search(&p, hands[i], 0, 0)
            for k in range(meld_room):
                melds[i, k] = 0
            if not p.found:
                points[i] = -1
                deadwood[i] = 0
                continue
            if p.best_depth > meld_room:
                bad = i
                break
            for k in range(p.best_depth):
                melds[i, k] = p.best_melds[k]
            points[i] = <int16_t>p.best_points
            deadwood[i] = p.best_left
    if bad >= 0:
        raise ValueError(f"row {bad}: melds has too few columns for its arrangement (see most_cards)")
