# Tiến lên's observation tensor (phom.tienlen.observation.encode)
# (included by _tienlen.pyx after the combination core; phom.tienlen is the specification)

# -- the observation (phom.tienlen.observation is the layout's home and the readable encoder; it reaches
# the core through bind_layout, which phom.tienlen.vector calls when it loads) -------------------------

cdef bint TL_LAYOUT_BOUND = False
cdef int TL_OBSERVATION_SIZE_C, TLO_HAND, TLO_TABLE, TLO_SHOWN, TLO_SIZE, TLO_PASSED, TLO_FINISHED, TLO_CONG
cdef int TLO_TO_MOVE, TLO_OWNER, TLO_KIND, TLO_FLAGS, TLO_PRESENT


def bind_layout(*, dict offsets, int observation_size):
    """Set the observation layout: ``offsets`` by block name and ``observation_size`` floats, as
    phom.tienlen.observation defines them (phom.tienlen.vector calls this once, when it loads).

    >>> from phom.tienlen.observation import OBSERVATION_SIZE, OFFSETS
    >>> bind_layout(offsets=OFFSETS, observation_size=OBSERVATION_SIZE)
    """
    global TL_LAYOUT_BOUND, TL_OBSERVATION_SIZE_C, TLO_HAND, TLO_TABLE, TLO_SHOWN, TLO_SIZE, TLO_PASSED
    global TLO_FINISHED, TLO_CONG, TLO_TO_MOVE, TLO_OWNER, TLO_KIND, TLO_FLAGS, TLO_PRESENT
    TLO_HAND, TLO_TABLE, TLO_SHOWN = offsets["hand"], offsets["table"], offsets["seat_played_cards"]
    TLO_SIZE, TLO_PASSED = offsets["seat_hand_size_div13"], offsets["seat_passed"]
    TLO_FINISHED, TLO_CONG = offsets["seat_finished"], offsets["seat_cong"]
    TLO_TO_MOVE, TLO_OWNER = offsets["to_move_relative"], offsets["table_owner_relative"]
    TLO_KIND, TLO_FLAGS = offsets["table_kind"], offsets["first_game_opening_over"]
    TLO_PRESENT = offsets["seat_present"]
    TL_OBSERVATION_SIZE_C = observation_size
    TL_LAYOUT_BOUND = True


cdef inline void put_strength_mask(float* out, mask_t t) noexcept nogil:
    while t:
        out[FROM_STRENGTH[lowest_index(t)]] = 1.0
        t &= t - 1


cdef void tl_encode(const TLRules* r, const TLState* s, int player, float* out) noexcept nogil:
    """observation.encode of ``player``'s view."""
    cdef int n = r.players, k, q, i
    for i in range(TL_OBSERVATION_SIZE_C):
        out[i] = 0.0
    put_strength_mask(out + TLO_HAND, s.hands[player])
    put_strength_mask(out + TLO_TABLE, s.table)
    for k in range(n):
        q = (player + k) % n
        put_strength_mask(out + TLO_SHOWN + 52 * k, s.shown[q])
        out[TLO_SIZE + k] = popcount(s.hands[q]) / 13.0
        out[TLO_PASSED + k] = (s.passed >> q) & 1
        out[TLO_PRESENT + k] = 1.0
        for i in range(s.n_finished):
            if s.finished[i] == q:
                out[TLO_FINISHED + k] = 1.0
        for i in range(s.n_cong):
            if s.cong[i] == q:
                out[TLO_CONG + k] = 1.0
    if s.to_move >= 0:
        out[TLO_TO_MOVE + (s.to_move - player + n) % n] = 1.0
    if s.table_owner >= 0:
        out[TLO_OWNER + (s.table_owner - player + n) % n] = 1.0
    out[TLO_KIND + (s.table_combo.kind if s.table else 0)] = 1.0
    out[TLO_FLAGS] = s.first_game
    out[TLO_FLAGS + 1] = s.opening >= 0
    out[TLO_FLAGS + 2] = s.over
