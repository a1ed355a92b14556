# Phỏm's observation tensor (phom.phom.observation.encode)
# (included by _engine.pyx; the Python specification is named at each function)

cdef void encode(const RulesC* r, const StateC* s, int player, float* out) noexcept nogil:
    """observation.encode of ``player``'s view."""
    cdef int n = s.players
    cdef int k, q, i
    cdef mask_t m
    cdef const SeatC* seat
    memset(out, 0, OBS_SIZE * sizeof(float))
    put_mask(out + OBS_HAND, s.seats[player].hand)
    put_mask(out + OBS_UNLAID, s.seats[player].unlaid_eaten)
    for k in range(n):
        q = (player + k) % n
        seat = &s.seats[q]
        for i in range(seat.row_len):
            out[OBS_ROW + 52 * k + seat.row[i]] = 1.0
        put_mask(out + OBS_EATEN + 52 * k, seat.eaten)
        m = 0
        for i in range(seat.laid_len):
            m |= seat.laid[i]
        put_mask(out + OBS_LAID + 52 * k, m)
        out[OBS_LAID_DOWN + k] = 1.0 if seat.laid_down else 0.0
        out[OBS_HAND_SIZE + k] = <float>(<double>popcount(seat.hand) / 10.0)
        out[OBS_ROW_SIZE + k] = <float>(<double>seat.row_len / 4.0)
        out[OBS_PRESENT + k] = 1.0
    if s.last_discard >= 0 and s.phase == PHASE_TAKE:
        out[OBS_EATABLE + s.last_discard] = 1.0
    out[OBS_STOCK] = <float>(<double>s.stock_len / <double>(4 * n - 1))
    out[OBS_PHASE + s.phase] = 1.0
    out[OBS_KIND + s.turn_kind] = 1.0
    if s.to_move >= 0:
        out[OBS_TO_MOVE + (s.to_move - player + n) % n] = 1.0


cdef inline void put_mask(float* out, mask_t m) noexcept nogil:
    while m:
        out[lowest_index(m)] = 1.0
        m &= m - 1


cdef mask_t unseen_by(const StateC* s, int player) noexcept nogil:
    """PlayerView.unseen: every card but his hand, the rows, the laid phỏm and the eaten cards."""
    cdef mask_t seen = s.seats[player].hand
    cdef int q, i
    for q in range(s.players):
        seen |= s.seats[q].eaten
        for i in range(s.seats[q].row_len):
            seen |= bit(s.seats[q].row[i])
        for i in range(s.seats[q].laid_len):
            seen |= s.seats[q].laid[i]
    return DECK_MASK & ~seen
