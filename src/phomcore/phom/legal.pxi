# Phỏm's legal actions: small helpers, AutoLay's plan, and referee.legal's listing
# (included by _engine.pyx; the Python specification is named at each function)

cdef inline int prev_seat(const StateC* s, int p) noexcept nogil:
    return (p + s.players - 1) % s.players


cdef inline int meld_position(mask_t meld) noexcept nogil:
    """Index of a phỏm in the sorted MELDS table (the LayMeld id is LAY_BASE + it); -1 if absent."""
    cdef int low = 0
    cdef int high = MELD_COUNT - 1
    cdef int mid
    while low <= high:
        mid = (low + high) >> 1
        if MELD_MASKS[mid] == meld:
            return mid
        if MELD_MASKS[mid] < meld:
            low = mid + 1
        else:
            high = mid - 1
    return -1


cdef inline int turn_kind_of(const SeatC* seat) noexcept nogil:
    """referee.turn_kind_of."""
    if seat.laid_down:
        return TURN_TAI
    return TURN_LAY if seat.row_len == 3 else TURN_NORMAL


cdef inline bint eat_is_chot(const RulesC* r, int eater_kind, const SeatC* victim, int card) noexcept nogil:
    """referee.eat_is_chot, with the victim's row holding ``card`` last."""
    if r.chot_victim_last:
        return victim.row_len == 4 and victim.row[3] == card
    return eater_kind != TURN_NORMAL


cdef inline int hand_points(const RulesC* r, mask_t hand) noexcept nogil:
    return mask_points(hand, r.values)


cdef int send_targets(const StateC* s, const RulesC* r, int player, int kind, int8_t* owners,
                      int8_t* indices, mask_t* masks) noexcept nogil:
    """referee.send_targets: (owner, index, mask) in seat order, then laying order."""
    cdef int n = 0
    cdef int q, i
    if kind == TURN_NORMAL or (kind == TURN_TAI and not r.tai_gui):
        return 0
    for q in range(s.players):
        if kind == TURN_LAY and q == player:
            continue
        for i in range(s.seats[q].laid_len):
            owners[n] = q
            indices[n] = i
            masks[n] = s.seats[q].laid[i]
            n += 1
    return n


cdef inline void sort_ids(int16_t* ids, int n) noexcept nogil:
    cdef int i, j
    cdef int16_t v
    for i in range(1, n):
        v = ids[i]
        j = i
        while j > 0 and ids[j - 1] > v:
            ids[j] = ids[j - 1]
            j -= 1
        ids[j] = v


# ---------------------------------------------------------------------------------------------------
# AutoLay's plan (referee._auto_plan: best_lay over the targets, the sends in replayable order)

cdef bint find_auto_plan(const RulesC* r, StateC* s) noexcept nogil:
    """Fill s.plan_*; False when AutoLay would do nothing (or leave no card to discard, ù by gửi off)."""
    cdef SeatC* seat = &s.seats[s.to_move]
    cdef int8_t owners[MAX_SEATS * LAID_CAPACITY]
    cdef int8_t indices[MAX_SEATS * LAID_CAPACITY]
    cdef mask_t table[MAX_SEATS * LAID_CAPACITY]
    cdef int n_table = send_targets(s, r, s.to_move, s.turn_kind, owners, indices, table)
    cdef mask_t runs, fourths, hand, laid, sent
    cdef Packer arranged
    cdef Packer p
    cdef int i, n_sends
    cdef int8_t cards[52]
    cdef int8_t which[52]
    summarize_table(table, n_table, &runs, &fourths)
    s.plan_ready = False
    s.plan_n_melds = 0
    s.plan_n_sends = 0
    laid = 0
    if r.must_lay_all and s.turn_kind == TURN_LAY:
        packer_init(&arranged, seat.hand, seat.unlaid_eaten, r.values)
        pack_search(&arranged, seat.hand, 0, 0)
        for i in range(arranged.best_depth):
            s.plan_melds[i] = arranged.best_melds[i]
            laid |= arranged.best_melds[i]
        s.plan_n_melds = arranged.best_depth
        hand = seat.hand & ~laid
        packer_init(&p, hand, 0, r.values)
        lay_setup(&p, runs, fourths, True, arranged.best_depth > 0)
        pack_search(&p, hand, 0, 0)
    else:
        hand = seat.hand
        packer_init(&p, hand, seat.unlaid_eaten, r.values)
        lay_setup(&p, runs, fourths, True, seat.laid_len > 0)
        pack_search(&p, hand, 0, 0)
        for i in range(p.best_depth):
            s.plan_melds[i] = p.best_melds[i]
        s.plan_n_melds = p.best_depth
    laid = 0
    for i in range(p.best_depth):
        laid |= p.best_melds[i]
    sent = hand & ~laid & ~p.best_left
    n_sends = order_sends(sent, table, n_table, cards, which)
    for i in range(n_sends):
        s.plan_sends[i][0] = cards[i]
        s.plan_sends[i][1] = owners[which[i]]
        s.plan_sends[i][2] = indices[which[i]]
    s.plan_n_sends = n_sends
    if s.plan_n_melds == 0 and n_sends == 0:
        return False
    laid = sent
    for i in range(s.plan_n_melds):
        laid |= s.plan_melds[i]
    if not r.u_by_gui and laid == seat.hand:
        return False
    s.plan_ready = True
    return True


# ---------------------------------------------------------------------------------------------------
# The legal actions (referee.legal)

cdef inline bint lay_complete(const RulesC* r, const SeatC* seat) noexcept nogil:
    return min_points_of(seat.hand, seat.unlaid_eaten, r.values, r.run_deadwood) == hand_points(r, seat.hand)


cdef int legal_ids(const RulesC* r, StateC* s, int16_t* out) noexcept nogil:
    """Write the legal ids of the player to move, ascending; return how many (0 once over)."""
    cdef int n = 0
    cdef int p = s.to_move
    cdef SeatC* seat
    cdef bint acting, untouched, must_lay_all, complete
    cdef int card, best, best_total, q, i, n_melds
    cdef mask_t m, hand, ext
    cdef mask_t melds[MAX_HAND_MELDS]
    cdef int8_t owners[MAX_SEATS * LAID_CAPACITY]
    cdef int8_t indices[MAX_SEATS * LAID_CAPACITY]
    cdef mask_t table[MAX_SEATS * LAID_CAPACITY]
    cdef int n_table
    s.plan_ready = False
    if s.phase == PHASE_OVER:
        return 0
    seat = &s.seats[p]
    hand = seat.hand
    acting = s.turn_kind != TURN_NORMAL
    untouched = s.laid_this_turn == 0 and not s.sent_this_turn
    must_lay_all = r.must_lay_all and s.turn_kind == TURN_LAY
    if r.u_khan and seat.turns == 0 and s.turn_actions == 0 and pair_partners(hand) == 0:
        out[n] = DECLARE_U_KHAN_ID
        n += 1
    if s.phase == PHASE_TAKE:
        if s.stock_len > 0:
            out[n] = DRAW_ID
            n += 1
        card = s.last_discard
        if card >= 0 and not (seat.laid_down and s.turn_kind != TURN_TAI):
            if cover_exists(hand | bit(card), seat.unlaid_eaten | bit(card), seat.unlaid_eaten | bit(card)):
                out[n] = EAT_BASE + card
                n += 1
        sort_ids(out, n)
        return n
    if not seat.laid_down and untouched:
        best = min_points_of(hand, seat.unlaid_eaten, UNIT_VALUES, UNIT_RUNS)
        if best == 0 or best == 1:
            out[n] = DECLARE_U_ID
            n += 1
    complete = True
    if must_lay_all:
        complete = lay_complete(r, seat)
    if acting:
        if untouched and find_auto_plan(r, s):
            out[n] = AUTO_LAY_ID
            n += 1
        if not s.sent_this_turn:
            best_total = min_points_of(hand, seat.unlaid_eaten, r.values, r.run_deadwood) if must_lay_all else -2
            # every phỏm inside the hand, each checked as referee._meld_refusal does
            n_melds = hand_melds(hand, melds)
            for i in range(n_melds):
                n = push_meld(r, seat, melds[i], best_total, out, n)
        if (seat.unlaid_eaten == 0 and seat.laid_len > 0 and not (s.turn_kind == TURN_TAI and not r.tai_gui)
                and complete and not (popcount(hand) == 1 and not r.u_by_gui)):
            n_table = send_targets(s, r, p, s.turn_kind, owners, indices, table)
            for i in range(n_table):
                if indices[i] < MELDS_PER_PLAYER:
                    ext = extension_cards(table[i]) & hand
                    while ext:
                        card = lowest_index(ext)
                        out[n] = SEND_BASE + (card * ACTION_PLAYERS + owners[i]) * MELDS_PER_PLAYER + indices[i]
                        n += 1
                        ext &= ext - 1
    if not (acting and seat.unlaid_eaten) and complete:
        m = hand if acting else hand & ~seat.unlaid_eaten & ~bound_of(hand, seat.unlaid_eaten)
        while m:
            out[n] = DISCARD_BASE + lowest_index(m)
            n += 1
            m &= m - 1
    sort_ids(out, n)
    return n


cdef inline int push_meld(const RulesC* r, const SeatC* seat, mask_t m, int best_total, int16_t* out,
                          int n) noexcept nogil:
    """referee._meld_refusal, as a filter: append LayMeld(m)'s id when it is legal."""
    cdef mask_t rest = seat.hand & ~m
    cdef int best
    if popcount(m & seat.unlaid_eaten) > 1:
        return n
    if rest == 0 and not r.u_by_gui:
        return n
    best = min_points_of(rest, seat.unlaid_eaten & ~m, r.values, r.run_deadwood)
    if best < 0 or (best_total != -2 and best != best_total):
        return n
    out[n] = LAY_BASE + meld_position(m)
    return n + 1
