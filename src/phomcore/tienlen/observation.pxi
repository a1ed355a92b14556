# Tiến lên's observation tensor (phom.tienlen.observation.encode)
# (included by _tienlen.pyx after the combination core; phom.tienlen is the specification)

# -- the observation (phom.tienlen.observation is the layout's home and the readable encoder) --------

cdef dict _tl_at = _tl_observation.OFFSETS
TL_OBSERVATION_SIZE = _tl_observation.OBSERVATION_SIZE
cdef int TL_OBSERVATION_SIZE_C = TL_OBSERVATION_SIZE
cdef int TLO_HAND = _tl_at["hand"]
cdef int TLO_TABLE = _tl_at["table"]
cdef int TLO_SHOWN = _tl_at["seat_played_cards"]
cdef int TLO_SIZE = _tl_at["seat_hand_size_div13"]
cdef int TLO_PASSED = _tl_at["seat_passed"]
cdef int TLO_FINISHED = _tl_at["seat_finished"]
cdef int TLO_CONG = _tl_at["seat_cong"]
cdef int TLO_TO_MOVE = _tl_at["to_move_relative"]
cdef int TLO_OWNER = _tl_at["table_owner_relative"]
cdef int TLO_KIND = _tl_at["table_kind"]
cdef int TLO_FLAGS = _tl_at["first_game_opening_over"]
cdef int TLO_PRESENT = _tl_at["seat_present"]


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
