# Phỏm's transitions: carrying out an action (referee.apply) and the end (scoring)
# (included by _engine.pyx; the Python specification is named at each function)

cdef inline void pay(StateC* s, int payer, int payee, int amount, int reason) noexcept nogil:
    cdef PaymentC* payment = &s.payments[s.n_payments]
    payment.payer = payer
    payment.payee = payee
    payment.amount = amount
    payment.reason = reason
    s.n_payments += 1


cdef void settle_net(StateC* s) noexcept nogil:
    cdef int i
    for i in range(MAX_SEATS):
        s.net[i] = 0
    for i in range(s.n_payments):
        s.net[s.payments[i].payer] -= s.payments[i].amount
        s.net[s.payments[i].payee] += s.payments[i].amount


cdef void end_game(const RulesC* r, StateC* s) noexcept nogil:
    cdef int q
    for q in range(s.players):
        s.points[q] = hand_points(r, s.seats[q].hand)
    s.phase = PHASE_OVER
    s.to_move = -1
    settle_net(s)


cdef inline bint ranks_before(const RulesC* r, const StateC* s, int a, int b) noexcept nogil:
    """scoring.rank_and_settle's order of two non-móm players (a before b?)."""
    cdef int tai_a, tai_b
    if s.points[a] != s.points[b]:
        return s.points[a] < s.points[b]
    tai_a = s.seats[a].had_tai if r.tai_gui else 0
    tai_b = s.seats[b].had_tai if r.tai_gui else 0
    if tai_a != tai_b:
        return tai_a < tai_b
    return s.seats[a].lay_order < s.seats[b].lay_order


cdef inline bint ranked_before(const RulesC* r, const StateC* s, int a, int b) noexcept nogil:
    """Non-móm players first, by ranks_before; móm players after them, by lay order."""
    cdef bint mom_a = s.seats[a].laid_len == 0
    cdef bint mom_b = s.seats[b].laid_len == 0
    if mom_a != mom_b:
        return not mom_a
    if mom_a:
        return s.seats[a].lay_order < s.seats[b].lay_order
    return ranks_before(r, s, a, b)


cdef void finish_ranked(const RulesC* r, StateC* s) noexcept nogil:
    """RULES 6 and 8.2 (scoring.rank_and_settle)."""
    cdef int order[MAX_SEATS]
    cdef int n = 0
    cdef int q, i, j, first
    for q in range(s.players):
        s.points[q] = hand_points(r, s.seats[q].hand)
    # a stable insertion sort, as sorted() is: q moves left only past players it strictly ranks before
    for q in range(s.players):
        j = n
        while j > 0 and ranked_before(r, s, q, order[j - 1]):
            order[j] = order[j - 1]
            j -= 1
        order[j] = q
        n += 1
    first = order[0]
    for i in range(s.players):
        s.ranking[i] = order[i]
    for i in range(1, s.players):
        q = order[i]
        if s.seats[q].laid_len == 0:
            pay(s, q, first, r.stake_mom, PAY_MOM)
        elif r.stake_by_place[i]:
            pay(s, q, first, r.stake_by_place[i], PAY_PLACE)
    s.winner = first
    s.u_kind = U_NONE
    end_game(r, s)


cdef void finish_u(const RulesC* r, StateC* s, int p, int kind) noexcept nogil:
    """RULES 8.3–8.4 (referee._finish_u, scoring.settle_u)."""
    cdef int den = -1
    cdef int amount, q
    if kind != U_KHAN:
        if r.den_three and popcount(s.seats[p].eaten) >= 3:
            den = prev_seat(s, p)
        elif r.den_chot and s.ate_chot_from >= 0:
            den = s.ate_chot_from
        elif r.den_chot_eater and s.last_chot_eater >= 0 and s.last_chot_eater != p:
            den = s.last_chot_eater
    amount = r.stake_u if kind == U_PLAIN else (r.stake_u_tron if kind == U_TRON else r.stake_u_khan)
    if den >= 0:
        pay(s, den, p, amount * (s.players - 1), PAY_DEN)
    else:
        for q in range(s.players):
            if q != p:
                pay(s, q, p, amount, PAY_U if kind == U_PLAIN else (PAY_U_TRON if kind == U_TRON else PAY_U_KHAN))
    for q in range(MAX_SEATS):
        s.ranking[q] = -1
    s.winner = p
    s.u_kind = kind
    end_game(r, s)


cdef void begin_turn(StateC* s, int player) noexcept nogil:
    s.to_move = player
    s.turn_kind = turn_kind_of(&s.seats[player])
    s.phase = PHASE_TAKE
    s.turn_actions = 0
    s.laid_this_turn = 0
    s.sent_this_turn = False
    s.ate_chot_from = -1


cdef inline int empty_hand_kind(const RulesC* r, const StateC* s) noexcept nogil:
    if s.turn_kind == TURN_TAI:
        return U_TRON if r.u_tron_in_tai else U_PLAIN
    return U_PLAIN if s.sent_this_turn else U_TRON


cdef void do_lay(const RulesC* r, StateC* s, int p, mask_t meld) noexcept nogil:
    cdef SeatC* seat = &s.seats[p]
    seat.hand &= ~meld
    seat.unlaid_eaten &= ~meld
    seat.laid[seat.laid_len] = meld
    seat.laid_len += 1
    s.laid_this_turn += 1
    if seat.hand == 0:
        finish_u(r, s, p, empty_hand_kind(r, s))


cdef void do_send(const RulesC* r, StateC* s, int p, int card, int owner, int index) noexcept nogil:
    cdef SeatC* seat = &s.seats[p]
    seat.hand &= ~bit(card)
    s.seats[owner].laid[index] |= bit(card)
    s.sent_this_turn = True
    if seat.hand == 0:
        finish_u(r, s, p, empty_hand_kind(r, s))


cdef void do_eat(const RulesC* r, StateC* s, int p, int card) noexcept nogil:
    cdef int victim = prev_seat(s, p)
    cdef SeatC* seat = &s.seats[p]
    cdef SeatC* victim_seat = &s.seats[victim]
    cdef SeatC* lead_seat = &s.seats[s.lead]
    cdef bint chot = eat_is_chot(r, s.turn_kind, victim_seat, card)
    cdef int eats
    victim_seat.row_len -= 1
    if victim != s.lead and lead_seat.row_len > 0:
        lead_seat.row_len -= 1
        victim_seat.row[victim_seat.row_len] = lead_seat.row[lead_seat.row_len]
        victim_seat.row_len += 1
    s.lead = (s.lead + 1) % s.players
    seat.hand |= bit(card)
    seat.unlaid_eaten |= bit(card)
    seat.eaten |= bit(card)
    if chot:
        pay(s, victim, p, r.stake_chot, PAY_CHOT)
        s.last_chot_eater = p
        s.ate_chot_from = victim
    else:
        eats = popcount(seat.eaten)
        pay(s, victim, p, r.stake_eat * (eats if r.eat_progressive else 1), PAY_EAT)
    s.last_discard = -1
    s.phase = PHASE_PLAY


cdef void do_discard(const RulesC* r, StateC* s, int p, int card) noexcept nogil:
    cdef SeatC* seat = &s.seats[p]
    cdef int q, order
    seat.hand &= ~bit(card)
    seat.row[seat.row_len] = card
    seat.row_len += 1
    seat.turns += 1
    s.last_discard = card
    if s.turn_kind == TURN_LAY:
        seat.laid_down = True
        order = -1
        for q in range(s.players):
            order += s.seats[q].laid_down
        seat.lay_order = order
    elif s.turn_kind == TURN_TAI:
        seat.had_tai = True
    if s.turn_kind != TURN_NORMAL and seat.hand == 0 and seat.laid_len > 0 and r.u_by_gui:
        finish_u(r, s, p, U_PLAIN)
        return
    if s.stock_len == 0:
        finish_ranked(r, s)
        return
    begin_turn(s, (p + 1) % s.players)


cdef void do_declare_u(const RulesC* r, StateC* s, int p) noexcept nogil:
    cdef SeatC* seat = &s.seats[p]
    cdef Packer arranged
    cdef int i
    cdef mask_t left
    packer_init(&arranged, seat.hand, seat.unlaid_eaten, UNIT_VALUES)
    pack_search(&arranged, seat.hand, 0, 0)
    for i in range(arranged.best_depth):
        seat.laid[seat.laid_len] = arranged.best_melds[i]
        seat.laid_len += 1
    seat.unlaid_eaten = 0
    left = arranged.best_left
    if left:
        seat.row[seat.row_len] = highest_index(left)
        seat.row_len += 1
    seat.hand = 0
    finish_u(r, s, p, U_PLAIN if left else U_TRON)


cdef void apply_id(const RulesC* r, StateC* s, int action) noexcept nogil:
    """Carry out a legal action id (the caller checked it against legal_ids of this very state)."""
    cdef int p = s.to_move
    cdef int offset, card, owner, index, i
    s.turn_actions += 1
    s.actions += 1
    if action == DRAW_ID:
        s.stock_len -= 1
        s.seats[p].hand |= bit(s.stock[s.stock_len])
        s.last_discard = -1
        s.phase = PHASE_PLAY
    elif action == DECLARE_U_ID:
        do_declare_u(r, s, p)
    elif action == DECLARE_U_KHAN_ID:
        finish_u(r, s, p, U_KHAN)
    elif action == AUTO_LAY_ID:
        for i in range(s.plan_n_melds):
            if s.phase != PHASE_OVER:
                do_lay(r, s, p, s.plan_melds[i])
        for i in range(s.plan_n_sends):
            if s.phase != PHASE_OVER:
                do_send(r, s, p, s.plan_sends[i][0], s.plan_sends[i][1], s.plan_sends[i][2])
    elif action < DISCARD_BASE:
        do_eat(r, s, p, action - EAT_BASE)
    elif action < SEND_BASE:
        do_discard(r, s, p, action - DISCARD_BASE)
    elif action < LAY_BASE:
        offset = action - SEND_BASE
        index = offset % MELDS_PER_PLAYER
        offset = offset // MELDS_PER_PLAYER
        owner = offset % ACTION_PLAYERS
        card = offset // ACTION_PLAYERS
        do_send(r, s, p, card, owner, index)
    else:
        do_lay(r, s, p, MELD_MASKS[action - LAY_BASE])
    s.plan_ready = False
