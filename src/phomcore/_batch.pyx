# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Batch kernels over NumPy arrays of masks: GIL-free loops.

phom.phom.batch checks and converts its input with clear messages first; these loops check again, in C, that
nothing out of range reaches a kernel (a direct call with bad data raises instead of reading past a table).
Every function writes into a preallocated output array of the same length as ``hands``.
"""
from libc.stdint cimport int16_t, int32_t, uint64_t

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
