# Phỏm's core policies: GreedyBot's decisions, and reading a discard as a greedy player's
# (included by _engine.pyx; the Python specification is named at each function)

cdef bint greedy_would_discard(const RulesC* r, mask_t hand, mask_t eaten, int card, mask_t unseen) noexcept nogil:
    """Would GreedyBot, holding ``hand`` in a normal turn, have discarded ``card``? (No ù on offer, and
    ``card`` wins greedy_choice's key among the legal discards; ``unseen`` stands for what it could not see.)"""
    cdef mask_t free = hand & ~eaten & ~bound_of(hand, eaten)
    cdef int c, best = -1
    cdef long key0, key1, b0 = 0, b1 = 0
    if not free & bit(card):
        return False
    key0 = min_points_of(hand, eaten, UNIT_VALUES, UNIT_RUNS)
    if key0 == 0 or key0 == 1:
        return False
    while free:
        c = lowest_index(free)
        free &= free - 1
        key0 = min_points_of(hand & ~bit(c), eaten, r.values, r.run_deadwood)
        key1 = danger_count(c, unseen)
        if best < 0 or key0 < b0 or (key0 == b0 and (key1 < b1 or (key1 == b1 and (
                r.values[c] > r.values[best] or (r.values[c] == r.values[best] and c > best))))):
            best = c
            b0 = key0
            b1 = key1
    return best == card



cdef int U_REGRET = 30          # bots.greedy.U_REGRET
cdef int REGRET_CAP = 20        # opponent_model.REGRET_CAP (tests/test_playouts.py holds them equal)
MODEL_REGRET_CAP = REGRET_CAP


cdef int discard_regret(const RulesC* r, mask_t hand, mask_t eaten, int card) noexcept nogil:
    """bots.greedy.discard_regret: the points a normal turn's discard of ``card`` kept above the
    fewest any legal discard of ``hand`` keeps (U_REGRET with ù on offer or for no legal discard)."""
    cdef mask_t free = hand & ~eaten & ~bound_of(hand, eaten)
    cdef int c, points, mine, best = -1
    points = min_points_of(hand, eaten, UNIT_VALUES, UNIT_RUNS)
    if points == 0 or points == 1 or not free & bit(card):
        return U_REGRET
    while free:
        c = lowest_index(free)
        free &= free - 1
        points = min_points_of(hand & ~bit(c), eaten, r.values, r.run_deadwood)
        if points >= 0 and (best < 0 or points < best):
            best = points
    mine = min_points_of(hand & ~bit(card), eaten, r.values, r.run_deadwood)
    if best < 0 or mine < 0:
        return U_REGRET
    return mine - best


cdef bint eat_helps(const RulesC* r, mask_t hand, mask_t eaten, int card) noexcept nogil:
    """bots.greedy.eat_helps."""
    cdef int now = min_points_of(hand, eaten, r.values, r.run_deadwood)
    cdef mask_t after_hand = hand | bit(card)
    cdef mask_t after_eaten = eaten | bit(card)
    cdef mask_t free = after_hand & ~after_eaten & ~bound_of(after_hand, after_eaten)
    cdef int best = -1
    cdef int points
    cdef bint found = False
    while free:
        points = min_points_of(after_hand & ~(free & -free), after_eaten, r.values, r.run_deadwood)
        free &= free - 1
        if points >= 0 and (not found or points < best):
            best = points
            found = True
    return found and best <= now


cdef int soft_discard(const RulesC* r, StateC* s, const int16_t* ids, int n, double temperature) noexcept nogil:
    """bots.greedy.soft_discard_odds: one of the legal discards among ``ids``, drawn from the state's
    generator with probability ∝ exp(−(the points it keeps − the fewest any keeps) / temperature)."""
    cdef const SeatC* seat = &s.seats[s.to_move]
    cdef int16_t options[52]
    cdef int points[52]
    cdef double weights[52]
    cdef int i, a, k = 0, fewest = 0
    cdef double total = 0.0, u
    for i in range(n):
        a = ids[i]
        if DISCARD_BASE <= a < SEND_BASE and k < 52:
            options[k] = <int16_t>a
            points[k] = min_points_of(seat.hand & ~bit(a - DISCARD_BASE), seat.unlaid_eaten, r.values,
                                      r.run_deadwood)
            if k == 0 or points[k] < fewest:
                fewest = points[k]
            k += 1
    if k == 0:
        return ids[0]
    for i in range(k):
        weights[i] = exp(-(points[i] - fewest) / temperature)
        total += weights[i]
    u = <double>(next_random(&s.rng) >> 11) * 1.1102230246251565e-16 * total
    for i in range(k):
        u -= weights[i]
        if u < 0:
            return options[i]
    return options[k - 1]


cdef int model_discard(const RulesC* r, StateC* s, const int16_t* ids, int n) noexcept nogil:
    """phom.phom.opponent_model.model_discard_odds: one of the legal discards among ``ids``, drawn from the
    state's generator with probability ∝ exp(MODEL_WEIGHTS · features) (regret capped at 20, regret ×
    stage, partners, log(1 + danger), log(1 + danger) × stage, the card's points / 10)."""
    cdef const SeatC* seat = &s.seats[s.to_move]
    cdef int16_t options[52]
    cdef int points[52]
    cdef double scores[52]
    cdef int i, a, c, o, k = 0, fewest = 0, rank, suit, count
    cdef double total = 0.0, u, top = 0.0, regret, d, stage
    cdef mask_t unseen = unseen_by(s, s.to_move), rest
    cdef int rounds = 4 * r.players
    stage = (rounds - s.stock_len) / <double>rounds
    if stage < 0:
        stage = 0
    elif stage > 1:
        stage = 1
    for i in range(n):
        a = ids[i]
        if DISCARD_BASE <= a < SEND_BASE and k < 52:
            options[k] = <int16_t>a
            points[k] = min_points_of(seat.hand & ~bit(a - DISCARD_BASE), seat.unlaid_eaten, r.values,
                                      r.run_deadwood)
            if k == 0 or points[k] < fewest:
                fewest = points[k]
            k += 1
    if k == 0:
        return ids[0]
    for i in range(k):
        c = options[i] - DISCARD_BASE
        regret = points[i] - fewest
        if regret > REGRET_CAP:
            regret = REGRET_CAP
        suit = c // 13
        rank = c % 13
        count = 0
        rest = seat.hand & ~bit(c)
        while rest:
            o = lowest_index(rest)
            rest &= rest - 1
            if o % 13 == rank or (o // 13 == suit and -2 <= o % 13 - rank <= 2):
                count += 1
        d = log1p(danger_count(c, unseen))
        scores[i] = (MODEL_WEIGHTS[0] * regret + MODEL_WEIGHTS[1] * regret * stage + MODEL_WEIGHTS[2] * count
                     + MODEL_WEIGHTS[3] * d + MODEL_WEIGHTS[4] * d * stage + MODEL_WEIGHTS[5] * r.values[c] / 10.0)
        if i == 0 or scores[i] > top:
            top = scores[i]
    for i in range(k):
        scores[i] = exp(scores[i] - top)
        total += scores[i]
    u = <double>(next_random(&s.rng) >> 11) * 1.1102230246251565e-16 * total
    for i in range(k):
        u -= scores[i]
        if u < 0:
            return options[i]
    return options[k - 1]


cdef int rac_price(int turns) noexcept nogil:
    """bots.planner.rac_price."""
    return RAC_PRICE * (3 - turns) if turns < 3 else 0


cdef int greedy_choice(const RulesC* r, const StateC* s, const int16_t* ids, int n, int price) noexcept nogil:
    """bots.greedy.greedy_action over the legal ids (ascending, as GreedyBot sees legal_actions), with
    ``price`` points for every rác a discard leaves (0 for GreedyBot; PlannerBot's rac_price)."""
    cdef const SeatC* seat = &s.seats[s.to_move]
    cdef int i, a, c, draw = -1, eat = -1, best = -1
    cdef int first_lay_with_eaten = -1
    cdef long key0, key1, key2, key3, b0 = 0, b1 = 0, b2 = 0, b3 = 0
    cdef mask_t unseen, left
    for i in range(n):
        if ids[i] == DECLARE_U_KHAN_ID:
            return ids[i]
    for i in range(n):
        if ids[i] == DECLARE_U_ID:
            return ids[i]
    if s.phase == PHASE_TAKE:
        for i in range(n):
            a = ids[i]
            if a == DRAW_ID:
                draw = a
            elif EAT_BASE <= a < DISCARD_BASE and eat < 0:
                eat = a
        if eat >= 0 and eat_helps(r, seat.hand, seat.unlaid_eaten, eat - EAT_BASE):
            return eat
        return draw if draw >= 0 else ids[0]
    for i in range(n):
        if ids[i] == AUTO_LAY_ID:
            return ids[i]
    unseen = unseen_by(s, s.to_move)
    for i in range(n):
        a = ids[i]
        if DISCARD_BASE <= a < SEND_BASE:
            c = a - DISCARD_BASE
            left = seat.hand & ~bit(c)
            key0 = min_points_of(left, seat.unlaid_eaten, r.values, r.run_deadwood)
            if price:
                key0 += price * popcount(left & ~pair_partners(left))
            key1 = danger_count(c, unseen)
            key2 = -r.values[c]
            key3 = -c
            if best < 0 or key0 < b0 or (key0 == b0 and (key1 < b1 or (key1 == b1 and (
                    key2 < b2 or (key2 == b2 and key3 < b3))))):
                best = a
                b0 = key0
                b1 = key1
                b2 = key2
                b3 = key3
        elif a >= LAY_BASE and first_lay_with_eaten < 0 and MELD_MASKS[a - LAY_BASE] & seat.unlaid_eaten:
            first_lay_with_eaten = a
    if best >= 0:
        return best
    return first_lay_with_eaten if first_lay_with_eaten >= 0 else ids[0]
