# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled game engine: whole games of Phỏm in C, many at once, without the GIL.

A ``StateC`` (state.pxd) mirrors ``phom.state.State`` field for field. The functions below mirror
``phom.referee``: ``legal_ids`` lists the legal action ids as ``referee.legal`` does, ``apply_id``
carries one out as ``referee.apply`` does, ``finish_*`` settle as ``phom.scoring`` does. The Python
referee is the specification: tests step both in lockstep on thousands of games and compare legal
masks, observations and money. ``phom.vector.VectorGame`` is the checked Python face of this module;
``Engine`` below trusts its caller for shapes but still refuses any illegal id.

The id layout and the observation layout are read from ``phom.actions`` and ``phom.observation`` when
the module loads, so they have one home.
"""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

from masks cimport *
from kernels cimport *
from state cimport *
from rng cimport next_random, random_below, random_subset, seed_of_game, shuffled_deck

import numpy as np

from phom import actions as _actions
from phom import observation as _observation
from phom.solver import value_table as _value_table

# ---------------------------------------------------------------------------------------------------
# Layouts, read once from their Python homes

cdef enum:
    MELD_COUNT = 329
    LEGAL_CAPACITY = 192

cdef int DRAW_ID = _actions.DRAW_ID
cdef int DECLARE_U_ID = _actions.DECLARE_U_ID
cdef int DECLARE_U_KHAN_ID = _actions.DECLARE_U_KHAN_ID
cdef int AUTO_LAY_ID = _actions.AUTO_LAY_ID
cdef int EAT_BASE = _actions.eat_id(0)
cdef int DISCARD_BASE = _actions.discard_id(0)
cdef int SEND_BASE = _actions.send_id(0, 0, 0)
cdef int LAY_BASE = _actions.lay_id(_actions.MELDS[0].mask)
cdef int ACTION_PLAYERS = _actions.MAX_PLAYERS
cdef int MELDS_PER_PLAYER = _actions.MELDS_PER_PLAYER
cdef int NUM_ACTIONS = _actions.NUM_ACTIONS
cdef mask_t MELD_MASKS[MELD_COUNT]
if len(_actions.MELDS) != MELD_COUNT:
    raise ImportError("phom.actions.MELDS does not hold the 329 phỏm of the deck")
for _i, _m in enumerate(_actions.MELDS):
    MELD_MASKS[_i] = _m.mask

cdef dict _at = _observation.OBSERVATION_OFFSETS
cdef int OBS_SIZE = _observation.OBSERVATION_SIZE
cdef int OBS_HAND = _at["hand"]
cdef int OBS_UNLAID = _at["unlaid_eaten"]
cdef int OBS_ROW = _at["seat0_row"]
cdef int OBS_EATEN = _at["seat0_eaten"]
cdef int OBS_LAID = _at["seat0_laid"]
cdef int OBS_EATABLE = _at["eatable_discard"]
cdef int OBS_STOCK = _at["stock_fraction"]
cdef int OBS_PHASE = _at["phase_take_play_over"]
cdef int OBS_KIND = _at["turn_normal_lay_tai"]
cdef int OBS_TO_MOVE = _at["to_move_relative"]
cdef int OBS_LAID_DOWN = _at["seat_laid_down"]
cdef int OBS_HAND_SIZE = _at["seat_hand_size_div10"]
cdef int OBS_ROW_SIZE = _at["seat_row_size_div4"]
cdef int OBS_PRESENT = _at["seat_present"]
for _k in range(1, 4):
    if _at[f"seat{_k}_row"] != OBS_ROW + 52 * _k or _at[f"seat{_k}_eaten"] != OBS_EATEN + 52 * _k \
            or _at[f"seat{_k}_laid"] != OBS_LAID + 52 * _k:
        raise ImportError("the observation layout no longer has consecutive seat blocks")

_UNIT_TABLE = _value_table([1] * 13)
cdef const int32_t[::1] _unit_values = _UNIT_TABLE.per_card_view
cdef const int16_t[::1] _unit_runs = _UNIT_TABLE.run_table_view
cdef const int32_t* UNIT_VALUES = &_unit_values[0]
cdef const int16_t* UNIT_RUNS = &_unit_runs[0]

POLICY_RANDOM = 0
POLICY_GREEDY = 1


# ---------------------------------------------------------------------------------------------------
# Small helpers

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


# ---------------------------------------------------------------------------------------------------
# Carrying out an action (referee.apply) and the end (referee._finish_*, scoring)

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


# ---------------------------------------------------------------------------------------------------
# Dealing, observations, policies

cdef void deal(const RulesC* r, StateC* s, int leader) noexcept nogil:
    """A fresh game from this state's generator: Fisher–Yates over the deck, then deal_deck."""
    cdef int8_t deck[52]
    shuffled_deck(&s.rng, deck)
    deal_deck(r, s, leader, deck)


cdef void deal_deck(const RulesC* r, StateC* s, int leader, const int8_t* deck) noexcept nogil:
    """referee.deal_cards from a shuffled deck: each seat's hand in seat order (the leader's one card
    longer), then the stock in draw order."""
    cdef int i, q, size, pos
    cdef uint64_t rng = s.rng
    memset(s, 0, sizeof(StateC))
    s.rng = rng
    s.players = r.players
    pos = 0
    for q in range(r.players):
        size = r.hand_size + 1 if q == leader else r.hand_size
        for i in range(size):
            s.seats[q].hand |= bit(deck[pos])
            pos += 1
        s.seats[q].lay_order = -1
    s.stock_len = 4 * r.players - 1
    for i in range(s.stock_len):      # stock[stock_len - 1] is drawn first
        s.stock[s.stock_len - 1 - i] = deck[pos + i]
    s.lead = leader
    s.to_move = leader
    s.phase = PHASE_PLAY
    s.turn_kind = TURN_NORMAL
    s.last_discard = -1
    s.last_chot_eater = -1
    s.ate_chot_from = -1
    s.winner = -1
    for q in range(MAX_SEATS):
        s.ranking[q] = -1


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


cdef bint sample_hidden(StateC* s, const RulesC* r, int viewer, const int* sizes, int stock_size,
                        const int* last_discards, int tries) noexcept nogil:
    """worlds.sample_world: keep the viewer's hand; give each other hand its unlaid eaten cards, two
    unseen cards completing a 3-card phỏm with each of them, and unseen cards up to its size; draw the
    stock from the rest in random order. Uses the state's generator; False after 100 failed attempts.

    With ``tries`` > 1, a seat q with ``last_discards[q]`` ≥ 0 (its latest discard, made in a normal
    turn) is refilled up to ``tries`` times until GreedyBot would have made that discard from the hand
    drawn (plus the card): opponents read as greedy players. ``tries`` = 1 is sample_world's draw."""
    cdef mask_t pool, support, known, todo, options[6], choice, unseen, fill
    cdef mask_t hands[MAX_SEATS]
    cdef int8_t free[52]
    cdef int q, i, c, k, n_options, n_free, need, attempt, trial
    cdef int8_t t
    cdef bint ok
    unseen = unseen_by(s, viewer)
    for attempt in range(100):
        pool = unseen
        ok = True
        for q in range(s.players):
            if q == viewer:
                hands[q] = s.seats[q].hand
                continue
            known = s.seats[q].unlaid_eaten
            support = 0
            todo = known
            while todo and ok:
                c = lowest_index(todo)
                todo &= todo - 1
                n_options = 0
                k = triples_with(c, options)
                for i in range(k):
                    choice = options[i] & ~bit(c)
                    if choice & ~pool == 0 and choice & support == 0:
                        options[n_options] = choice
                        n_options += 1
                if n_options == 0:
                    ok = False
                else:
                    choice = options[random_below(&s.rng, n_options)]
                    support |= choice
                    pool &= ~choice
            if not ok:
                break
            hands[q] = known | support
        if not ok:
            continue
        for q in range(s.players):
            need = sizes[q] - popcount(hands[q])
            if q == viewer or need <= 0:
                continue
            for trial in range(tries if last_discards[q] >= 0 else 1):
                fill = random_subset(&s.rng, pool, need)
                if trial == tries - 1 or last_discards[q] < 0 or greedy_would_discard(
                        r, hands[q] | fill | bit(last_discards[q]), s.seats[q].unlaid_eaten,
                        last_discards[q], unseen & ~hands[q] & ~fill):
                    break
            hands[q] |= fill
            pool &= ~fill
        for q in range(s.players):
            s.seats[q].hand = hands[q]
        n_free = 0
        while pool:
            free[n_free] = lowest_index(pool)
            n_free += 1
            pool &= pool - 1
        for i in range(n_free - 1, 0, -1):
            k = random_below(&s.rng, i + 1)
            t = free[i]
            free[i] = free[k]
            free[k] = t
        s.stock_len = stock_size
        for i in range(stock_size):       # free[0] is drawn first
            s.stock[stock_size - 1 - i] = free[i]
        return True
    return False


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


cdef int greedy_choice(const RulesC* r, const StateC* s, const int16_t* ids, int n) noexcept nogil:
    """bots.greedy.greedy_action over the legal ids (ascending, as GreedyBot sees legal_actions)."""
    cdef const SeatC* seat = &s.seats[s.to_move]
    cdef int i, a, c, draw = -1, eat = -1, best = -1
    cdef int first_lay_with_eaten = -1
    cdef long key0, key1, key2, key3, b0 = 0, b1 = 0, b2 = 0, b3 = 0
    cdef mask_t unseen
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
            key0 = min_points_of(seat.hand & ~bit(c), seat.unlaid_eaten, r.values, r.run_deadwood)
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


# ---------------------------------------------------------------------------------------------------
# Many games at once

cdef class Engine:
    """n games under one set of rules, as C structs (see phom.vector.VectorGame, the checked face)."""

    cdef StateC* states
    cdef readonly int n
    cdef RulesC rules
    cdef object value_table     # keeps the values of rules.values alive
    cdef const int32_t[::1] values_view
    cdef const int16_t[::1] runs_view
    cdef int16_t* legal_cache   # n × LEGAL_CAPACITY ids
    cdef int16_t* legal_count   # −1: not computed for the current state

    def __cinit__(self, int n, rules):
        if n < 0:
            raise ValueError(f"n = {n} must be ≥ 0")
        self.n = n
        self.states = <StateC*>malloc(max(n, 1) * sizeof(StateC))
        self.legal_cache = <int16_t*>malloc(max(n, 1) * LEGAL_CAPACITY * sizeof(int16_t))
        self.legal_count = <int16_t*>malloc(max(n, 1) * sizeof(int16_t))
        if self.states == NULL or self.legal_cache == NULL or self.legal_count == NULL:
            raise MemoryError()
        memset(self.states, 0, max(n, 1) * sizeof(StateC))
        cdef int i
        for i in range(n):
            self.legal_count[i] = -1
        self.value_table = rules.value_table
        self.values_view = self.value_table.per_card_view
        self.runs_view = self.value_table.run_table_view
        stakes = rules.stakes
        self.rules.players = rules.players
        self.rules.hand_size = rules.hand_size
        self.rules.chot_victim_last = rules.chot_rule == "victim_last"
        self.rules.must_lay_all = rules.must_lay_all
        self.rules.tai_gui = rules.tai_gui
        self.rules.u_by_gui = rules.u_by_gui
        self.rules.u_tron_in_tai = rules.u_tron_in_tai
        self.rules.u_khan = rules.u_khan
        self.rules.eat_progressive = rules.eat_pay == "progressive"
        self.rules.den_three = rules.den_three
        self.rules.den_chot = rules.den_chot
        self.rules.den_chot_eater = rules.den_chot_eater
        self.rules.values = &self.values_view[0]
        self.rules.run_deadwood = &self.runs_view[0]
        self.rules.stake_eat = stakes.eat
        self.rules.stake_chot = stakes.chot
        for i, amount in enumerate(stakes.by_place(rules.players)):
            self.rules.stake_by_place[i] = amount
        self.rules.stake_mom = stakes.mom
        self.rules.stake_u = stakes.u
        self.rules.stake_u_tron = stakes.u_tron
        self.rules.stake_u_khan = stakes.u_khan

    def __dealloc__(self):
        free(self.states)
        free(self.legal_cache)
        free(self.legal_count)

    # -- loading and reading states ------------------------------------------------------------

    def deal(self, int i, int leader, uint64_t seed):
        """Deal game i afresh from ``seed`` (its generator then goes on from there)."""
        self.states[i].rng = seed
        deal(&self.rules, &self.states[i], leader)
        self.legal_count[i] = -1

    def deal_deck(self, int i, int leader, deck, uint64_t seed):
        """Deal game i from a shuffled deck (52 card indices) as referee.deal_cards deals it."""
        cdef int8_t cards[52]
        cdef int k
        if len(deck) != 52 or sorted(deck) != list(range(52)):
            raise ValueError("deck must hold each card index 0..51 once")
        for k in range(52):
            cards[k] = deck[k]
        self.states[i].rng = seed
        deal_deck(&self.rules, &self.states[i], leader, cards)
        self.legal_count[i] = -1

    def tile(self, Engine source, int copies):
        """Fill this engine (n = len(source) × copies) with each game of source repeated ``copies`` times."""
        cdef int i, k
        if self.n != source.n * copies:
            raise ValueError("tile: sizes do not match")
        for i in range(source.n):
            for k in range(copies):
                memcpy(&self.states[i * copies + k], &source.states[i], sizeof(StateC))
                self.legal_count[i * copies + k] = -1

    def summaries(self, int32_t[:, ::1] net, int8_t[::1] winner, int8_t[::1] u_kind, uint8_t[:, ::1] mom,
                  int32_t[::1] actions):
        """The end of every game: net, winner, ù kind (0: none), móm per seat, actions played."""
        cdef int i, q
        for i in range(self.n):
            winner[i] = self.states[i].winner
            u_kind[i] = self.states[i].u_kind
            actions[i] = self.states[i].actions
            for q in range(net.shape[1]):
                net[i, q] = self.states[i].net[q]
                mom[i, q] = self.states[i].seats[q].laid_len == 0

    def sample_worlds(self, Engine source, int viewer, hand_sizes, int stock_size, uint64_t seed,
                      last_discards, int tries):
        """Fill every game of this engine with a world drawn from game 0 of ``source``, a public state
        (the other hands and the stock empty) seen by ``viewer``: worlds.sample_world in C (see
        sample_hidden for ``last_discards`` and ``tries``). Returns how many games could not be filled."""
        cdef int sizes[MAX_SEATS]
        cdef int discards[MAX_SEATS]
        cdef int q, i, failed = 0
        if len(hand_sizes) != source.states[0].players or len(last_discards) != source.states[0].players:
            raise ValueError("hand_sizes and last_discards need one entry per seat")
        if tries < 1:
            raise ValueError("tries must be ≥ 1")
        for q in range(source.states[0].players):
            sizes[q] = hand_sizes[q]
            discards[q] = last_discards[q]
        cdef uint64_t rng = seed
        with nogil:
            for i in range(self.n):
                memcpy(&self.states[i], &source.states[0], sizeof(StateC))
                self.states[i].rng = next_random(&rng)
                self.legal_count[i] = -1
                if not sample_hidden(&self.states[i], &self.rules, viewer, sizes, stock_size, discards, tries):
                    failed += 1
        return failed

    def reseed(self, int i, uint64_t seed):
        self.states[i].rng = seed

    def load(self, int i, state, uint64_t seed):
        """Copy a phom.state.State into game i (its sizes were checked by the caller)."""
        cdef StateC* s = &self.states[i]
        cdef SeatC* c
        memset(s, 0, sizeof(StateC))
        s.rng = seed
        s.players = len(state.seats)
        for q, seat in enumerate(state.seats):
            c = &s.seats[q]
            c.hand = seat.hand
            c.eaten = seat.eaten
            c.unlaid_eaten = seat.unlaid_eaten
            if len(seat.row) > ROW_CAPACITY or len(seat.laid) > LAID_CAPACITY:
                raise ValueError(f"seat {q} has more row cards or phỏm than the engine holds")
            c.row_len = len(seat.row)
            for j, card in enumerate(seat.row):
                c.row[j] = card
            c.laid_len = len(seat.laid)
            for j, meld in enumerate(seat.laid):
                c.laid[j] = meld
            c.laid_down = seat.laid_down
            c.lay_order = seat.lay_order
            c.had_tai = seat.had_tai
            c.turns = seat.turns
        if len(state.stock) > MAX_STOCK or len(state.payments) > PAYMENT_CAPACITY - MAX_SEATS:
            raise ValueError("the state has more stock cards or payments than the engine holds")
        s.stock_len = len(state.stock)
        for j, card in enumerate(state.stock):
            s.stock[j] = card
        s.lead = state.lead
        s.to_move = state.to_move
        s.phase = ("take", "play", "over").index(state.phase)
        s.turn_kind = ("normal", "lay", "tai").index(state.turn_kind)
        s.last_discard = state.last_discard
        reasons = ("eat", "chot", "place", "mom", "u", "u_tron", "u_khan", "den")
        s.n_payments = len(state.payments)
        for j, (payer, payee, amount, reason) in enumerate(state.payments):
            s.payments[j].payer = payer
            s.payments[j].payee = payee
            s.payments[j].amount = amount
            s.payments[j].reason = reasons.index(reason)
        s.last_chot_eater = state.last_chot_eater
        s.turn_actions = state.turn_actions
        s.laid_this_turn = state.laid_this_turn
        s.sent_this_turn = state.sent_this_turn
        s.ate_chot_from = state.ate_chot_from
        s.winner = -1
        for q in range(MAX_SEATS):
            s.ranking[q] = -1
        self.legal_count[i] = -1

    def export(self, int i, state):
        """Write game i into a phom.state.State of the same number of seats (for comparisons)."""
        cdef StateC* s = &self.states[i]
        cdef SeatC* c
        reasons = ("eat", "chot", "place", "mom", "u", "u_tron", "u_khan", "den")
        for q, seat in enumerate(state.seats):
            c = &s.seats[q]
            seat.hand = c.hand
            seat.eaten = c.eaten
            seat.unlaid_eaten = c.unlaid_eaten
            seat.row = [c.row[j] for j in range(c.row_len)]
            seat.laid = [c.laid[j] for j in range(c.laid_len)]
            seat.laid_down = bool(c.laid_down)
            seat.lay_order = c.lay_order
            seat.had_tai = bool(c.had_tai)
            seat.turns = c.turns
        state.stock = [s.stock[j] for j in range(s.stock_len)]
        state.lead = s.lead
        state.to_move = s.to_move
        state.phase = ("take", "play", "over")[s.phase]
        state.turn_kind = ("normal", "lay", "tai")[s.turn_kind]
        state.last_discard = s.last_discard
        state.payments = [(s.payments[j].payer, s.payments[j].payee, s.payments[j].amount,
                           reasons[s.payments[j].reason]) for j in range(s.n_payments)]
        state.last_chot_eater = s.last_chot_eater
        state.turn_actions = s.turn_actions
        state.laid_this_turn = s.laid_this_turn
        state.sent_this_turn = bool(s.sent_this_turn)
        state.ate_chot_from = s.ate_chot_from
        return state

    def copy_game(self, int source, int target):
        """Game ``target`` becomes a copy of game ``source``."""
        memcpy(&self.states[target], &self.states[source], sizeof(StateC))
        self.legal_count[target] = -1

    def result(self, int i):
        """(net, winner, u_kind, ranking, points) of a finished game i."""
        cdef StateC* s = &self.states[i]
        players = s.players
        kinds = (None, "u", "u_tron", "u_khan")
        return (tuple(s.net[q] for q in range(players)), s.winner, kinds[s.u_kind],
                tuple(s.ranking[q] for q in range(players) if s.ranking[q] >= 0),
                tuple(s.points[q] for q in range(players)))

    # -- the batch operations ----------------------------------------------------------------------

    cdef int16_t* legal_of(self, int i) noexcept nogil:
        if self.legal_count[i] < 0:
            self.legal_count[i] = legal_ids(&self.rules, &self.states[i], &self.legal_cache[i * LEGAL_CAPACITY])
        return &self.legal_cache[i * LEGAL_CAPACITY]

    def status(self, int8_t[::1] to_move, uint8_t[::1] done, int32_t[:, ::1] net):
        cdef int i, q
        for i in range(self.n):
            to_move[i] = self.states[i].to_move
            done[i] = self.states[i].phase == PHASE_OVER
            for q in range(net.shape[1]):
                net[i, q] = self.states[i].net[q] if self.states[i].phase == PHASE_OVER else 0

    def legal_mask(self, uint8_t[:, ::1] out):
        cdef int i, k
        cdef int16_t* ids
        with nogil:
            for i in range(self.n):
                ids = self.legal_of(i)
                for k in range(self.legal_count[i]):
                    out[i, ids[k]] = 1

    def legal_list(self, int i):
        cdef int16_t* ids = self.legal_of(i)
        return [ids[k] for k in range(self.legal_count[i])]

    def check(self, const int64_t[::1] actions, const uint8_t[::1] active):
        """Index of the first active game whose entry is not legal (−1 for a finished game), or −1."""
        cdef int i, k
        cdef int16_t* ids
        cdef bint ok
        for i in range(self.n):
            if not active[i]:
                continue
            if self.states[i].phase == PHASE_OVER:
                if actions[i] != -1:
                    return i
                continue
            ids = self.legal_of(i)
            ok = False
            for k in range(self.legal_count[i]):
                if ids[k] == actions[i]:
                    ok = True
                    break
            if not ok:
                return i
        return -1

    def step(self, const int64_t[::1] actions, const uint8_t[::1] active):
        """Apply one checked id per active unfinished game (see check)."""
        cdef int i
        with nogil:
            for i in range(self.n):
                if active[i] and self.states[i].phase != PHASE_OVER:
                    self.legal_of(i)     # the AutoLay plan of this state
                    apply_id(&self.rules, &self.states[i], <int>actions[i])
                    self.legal_count[i] = -1

    def observation(self, const int8_t[::1] players, float[:, ::1] out):
        cdef int i
        with nogil:
            for i in range(self.n):
                encode(&self.rules, &self.states[i], players[i], &out[i, 0])

    def playout(self, const int8_t[::1] seat_policies, uint64_t seed, bint reseed):
        """Play every unfinished game to its end; seat q plays with core policy seat_policies[q]."""
        cdef int i, q
        cdef int8_t policies[MAX_SEATS]
        for q in range(MAX_SEATS):
            policies[q] = seat_policies[q] if q < seat_policies.shape[0] else 0
        if reseed:
            for i in range(self.n):
                self.states[i].rng = seed_of_game(seed, i)
        with nogil:
            for i in range(self.n):
                self.play_one(i, policies)

    def advance(self, int seat, const int8_t[::1] seat_policies):
        """In every unfinished game, let the other seats play (each with its core policy) until ``seat``
        is to move or the game is over."""
        cdef int i, q
        cdef int8_t policies[MAX_SEATS]
        cdef StateC* s
        for q in range(MAX_SEATS):
            policies[q] = seat_policies[q] if q < seat_policies.shape[0] else 0
        with nogil:
            for i in range(self.n):
                s = &self.states[i]
                while s.phase != PHASE_OVER and s.to_move != seat:
                    apply_id(&self.rules, s, self.choose_one(i, policies[s.to_move]))
                    self.legal_count[i] = -1

    def choose(self, int policy, int64_t[::1] out):
        """out[i] = the id the core policy picks in game i now (−1 once over); advances the generators."""
        cdef int i
        with nogil:
            for i in range(self.n):
                out[i] = self.choose_one(i, policy) if self.states[i].phase != PHASE_OVER else -1

    cdef int choose_one(self, int i, int policy) noexcept nogil:
        cdef int16_t* ids = self.legal_of(i)
        cdef int count = self.legal_count[i]
        if policy == 1:
            return greedy_choice(&self.rules, &self.states[i], ids, count)
        return ids[random_below(&self.states[i].rng, count)]

    cdef void play_one(self, int i, const int8_t* policies) noexcept nogil:
        cdef StateC* s = &self.states[i]
        while s.phase != PHASE_OVER:
            apply_id(&self.rules, s, self.choose_one(i, policies[s.to_move]))
            self.legal_count[i] = -1
