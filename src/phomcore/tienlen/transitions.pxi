# Tiến lên's game in the core (included by _tienlen.pyx after the combination core).
#
# ``TLState`` mirrors ``phom.tienlen.game.TienLenGame`` field by field, hands and table as strength
# masks: ``tl_start`` deals and settles tới trắng, ``tl_legal`` lists what ``legal_actions`` lists,
# ``tl_apply`` does what ``apply`` does, ``tl_finish`` pays what ``_finish`` pays. The Python referee is
# the specification: tests step both in lockstep over every rule option and compare.

from libc.stdlib cimport free, malloc
from libc.string cimport memcpy

from rng cimport next_random, random_below, random_subset, seed_of_game, shuffled_deck

cdef enum:
    TL_SEATS = 4
    TL_LEGAL_CAPACITY = 4096    # plays of a hand of at most 13 cards (tests bound the real maximum)
    TL_POLICY_RANDOM = 0
    TL_POLICY_GREEDY = 1
    MIN_PLAYS_CACHE = 1 << 14

TL_POLICY_IDS = {"random": TL_POLICY_RANDOM, "greedy": TL_POLICY_GREEDY}

cdef mask_t HEO_CARDS = (<mask_t>0xF) << (4 * HEO)
cdef mask_t BLACK_HEO = (<mask_t>0x3) << (4 * HEO)


ctypedef struct TLRules:
    int players
    bint four_beats_single_heo
    bint pass_locks_round
    bint chat_after_pass
    bint end_at_first_out
    bint dem_heo
    bint later_toi_trang_in_first_game
    int by_place[TL_SEATS]
    int toi_trang
    int cong
    int black_heo
    int red_heo
    int three_pairs
    int four_kind
    int four_pairs


ctypedef struct TLState:
    mask_t hands[TL_SEATS]       # strength masks
    mask_t shown[TL_SEATS]       # every card each seat has played
    mask_t table                 # the last play of this round; 0: a new round
    Combo table_combo
    uint64_t rng
    int32_t net[TL_SEATS]
    int32_t chain                # the chặt chain's value in this round
    int8_t chain_victim
    int8_t chain_winner
    int8_t to_move               # −1 once over
    int8_t leader
    int8_t table_owner
    int8_t opening               # strength index the next play must hold, or −1
    uint8_t passed               # bit per seat
    uint8_t played               # seats that have played a card
    uint8_t out                  # bit per seat: finished or cóng
    int8_t finished[TL_SEATS]
    int8_t n_finished
    int8_t cong[TL_SEATS]
    int8_t n_cong
    int8_t places[TL_SEATS]
    int8_t toi_trang             # index into TOI_TRANG_NAMES, 0: none
    bint first_game
    bint over


# -- money (game.thoi, game.bomb_value) ---------------------------------------------------------------

cdef inline int heo_value(const TLRules* r, mask_t t) noexcept nogil:
    return popcount(t & BLACK_HEO) * r.black_heo + popcount(t & HEO_CARDS & ~BLACK_HEO) * r.red_heo


cdef int thoi_t(const TLRules* r, mask_t t) noexcept nogil:
    cdef int total = heo_value(r, t), run = 0, o, c
    for o in range(NUM_ORDERS):
        c = count4(nibble(t, o)) if o < HEO else 0
        if o < HEO and c == 4:
            total += r.four_kind
        if 2 <= c < 4:
            run += 1
            continue
        if run >= 3:
            total += r.three_pairs if run == 3 else r.four_pairs
        run = 0
    return total


cdef inline bint is_bomb(Combo c) noexcept nogil:
    return c.kind == K_FOUR or c.kind == K_PAIRS_RUN


cdef inline bint heo_or_bomb(Combo c) noexcept nogil:
    return is_bomb(c) or ((c.kind == K_SINGLE or c.kind == K_PAIR) and (c.high >> 2) == HEO)


cdef int bomb_value_t(const TLRules* r, mask_t t, Combo c) noexcept nogil:
    if (c.kind == K_SINGLE or c.kind == K_PAIR) and (c.high >> 2) == HEO:
        return heo_value(r, t)
    if c.kind == K_FOUR:
        return r.four_kind
    if c.kind == K_PAIRS_RUN:
        return r.three_pairs if c.length == 6 else r.four_pairs
    return 0


cdef inline void tl_pay(TLState* s, int payer, int payee, int amount) noexcept nogil:
    s.net[payer] -= amount
    s.net[payee] += amount


# -- the deal and tới trắng (TienLenGame.__init__, _instant_win) -------------------------------------

cdef inline bint in_play(const TLState* s, int q) noexcept nogil:
    return s.hands[q] != 0 and not (s.out >> q) & 1


cdef void tl_start(const TLRules* r, TLState* s, const mask_t* hands, bint first_game, int leader
                   ) noexcept nogil:
    """A game on these strength-mask hands; ``leader`` is used when not ``first_game``."""
    cdef uint64_t rng = s.rng
    cdef int n = r.players, q, k, other, lowest = 64, kind
    memset(s, 0, sizeof(TLState))
    s.rng = rng
    s.first_game = first_game
    s.table_owner = -1
    s.chain_victim = -1
    s.chain_winner = -1
    s.opening = -1
    for q in range(n):
        s.hands[q] = hands[q]
        if first_game and hands[q] and lowest_index(hands[q]) < lowest:
            lowest = lowest_index(hands[q])
            leader = q
    if first_game:
        s.opening = lowest
    s.leader = leader
    s.to_move = leader
    for k in range(n):                       # §5: tới trắng, the seat nearest the leader first
        q = (leader + k) % n
        kind = toi_trang_t(hands[q], first_game, r.later_toi_trang_in_first_game)
        if kind:
            for other in range(n):
                if other != q:
                    tl_pay(s, other, q, r.toi_trang * (2 if r.dem_heo else 1))
                    if r.dem_heo:
                        tl_pay(s, other, q, thoi_t(r, hands[other]))
            for k in range(n):
                s.places[k] = (q + k) % n
            s.toi_trang = kind
            s.to_move = -1
            s.over = True
            return


cdef void tl_deal(const TLRules* r, TLState* s, bint first_game, int leader) noexcept nogil:
    """A fresh deal from this state's generator: 13 cards a seat from a shuffled deck."""
    cdef int8_t deck[52]
    cdef mask_t hands[TL_SEATS]
    cdef int q, i
    shuffled_deck(&s.rng, deck)
    for q in range(TL_SEATS):
        hands[q] = 0
    for q in range(r.players):
        for i in range(13):
            hands[q] |= bit(TO_STRENGTH[deck[13 * q + i]])
    tl_start(r, s, hands, first_game, leader)


# -- the legal plays (TienLenGame.legal_actions) ------------------------------------------------------

cdef inline void only_answers(Listing* l, Combo table) noexcept nogil:
    """List only what could beat ``table``: its own kind and length, and bombs where it can be chopped
    (``offer`` still tests each against the table)."""
    l.group_sizes = 0
    l.run_lengths[1] = 0
    l.run_lengths[2] = 0
    if table.kind == K_STRAIGHT:
        l.run_lengths[1] = 1 << table.length
    elif table.kind == K_PAIRS_RUN:
        l.run_lengths[2] = 1 << (table.length // 2)
    else:
        l.group_sizes = 1 << table.length
    if heo_or_bomb(table):
        l.group_sizes |= 1 << 4
        l.run_lengths[2] = ~0


cdef inline void groups_from(Listing* l, mask_t t, int size, int first) noexcept nogil:
    """list_combinations for a single, pair or triple on the table that no bomb may chop: only groups
    of ``size`` cards of the orders ``first`` and up can beat it (``offer`` tests each)."""
    cdef int o, f, sub
    for o in range(first, NUM_ORDERS):
        f = nibble(t, o)
        if count4(f) < size:
            continue
        sub = f
        while sub:
            if count4(sub) == size:
                offer(l, <mask_t>sub << (4 * o))
            sub = (sub - 1) & f


cdef int tl_legal(const TLRules* r, const TLState* s, mask_t* out, int capacity) noexcept nogil:
    """The plays open to the seat to move as strength masks (unordered), then 0 for a pass where
    one is legal; returns the count (which may exceed ``capacity``: only that many are written)."""
    cdef Listing l
    cdef int p = s.to_move, i, kept
    if s.over:
        return 0
    init_listing(&l)
    l.strength_out = True
    l.capacity = capacity
    l.out = out
    l.four_beats_single_heo = r.four_beats_single_heo
    if s.table == 0:
        if s.opening >= 0:
            l.must = bit(s.opening)
        list_combinations(&l, s.hands[p])
        return <int>l.count
    l.has_table = True
    l.table = s.table_combo
    only_answers(&l, s.table_combo)
    if s.table_combo.kind <= K_TRIPLE and not heo_or_bomb(s.table_combo):
        groups_from(&l, s.hands[p], s.table_combo.length, s.table_combo.high >> 2)
    else:
        list_combinations(&l, s.hands[p])
    if (s.passed >> p) & 1 and r.pass_locks_round:        # a locked seat may only chặt
        kept = 0
        for i in range(min(<int>l.count, capacity)):
            if is_bomb(classify_t(out[i])):
                out[kept] = out[i]
                kept += 1
        l.count = kept
    if l.count < capacity:
        out[l.count] = 0
    return <int>l.count + 1


cdef bint has_chop(const TLRules* r, mask_t hand, Combo table) noexcept nogil:
    """Does ``hand`` hold a bomb that beats ``table`` (game._may_act's test)?"""
    cdef mask_t buffer[TL_LEGAL_CAPACITY]
    cdef Listing l
    cdef int i
    init_listing(&l)
    l.strength_out = True
    l.capacity = TL_LEGAL_CAPACITY
    l.out = buffer
    l.has_table = True
    l.table = table
    l.four_beats_single_heo = r.four_beats_single_heo
    only_answers(&l, table)
    l.group_sizes &= 1 << 4
    l.run_lengths[1] = 0
    list_combinations(&l, hand)
    for i in range(min(<int>l.count, TL_LEGAL_CAPACITY)):
        if is_bomb(classify_t(buffer[i])):
            return True
    return False


cdef bint tl_is_legal(const TLRules* r, const TLState* s, mask_t play) noexcept nogil:
    """TienLenGame._refusal is None, for a strength mask (0: pass)."""
    cdef int p = s.to_move
    cdef Combo c
    if s.over:
        return False
    if play == 0:
        return s.table != 0
    if play & ~s.hands[p]:
        return False
    c = classify_t(play)
    if c.kind == K_NONE:
        return False
    if s.table == 0:
        return s.opening < 0 or (play >> s.opening) & 1
    if not beats_c(c, s.table_combo, r.four_beats_single_heo):
        return False
    return not ((s.passed >> p) & 1 and r.pass_locks_round and not is_bomb(c))


# -- carrying out a play or a pass (TienLenGame.apply and what it calls) ------------------------------

cdef void settle_chain(TLState* s) noexcept nogil:
    if s.chain:
        tl_pay(s, s.chain_victim, s.chain_winner, s.chain)
    s.chain = 0
    s.chain_victim = -1
    s.chain_winner = -1


cdef void tl_finish(const TLRules* r, TLState* s) noexcept nogil:
    """Places and payments at the end (game._finish)."""
    cdef int n = r.players, k, q, place = 0, first, last_place
    cdef bint is_cong, finished
    for k in range(s.n_finished):
        s.places[place] = s.finished[k]
        place += 1
    for k in range(n):
        q = (s.leader + k) % n
        if not (s.out >> q) & 1:
            s.places[place] = q
            place += 1
    for k in range(s.n_cong):
        s.places[place] = s.cong[k]
        place += 1
    first = s.places[0]
    last_place = n - 1 - s.n_cong
    for place in range(1, n):
        q = s.places[place]
        is_cong = place >= n - s.n_cong
        finished = place < s.n_finished
        if is_cong:
            tl_pay(s, q, first, r.cong)
        elif r.by_place[place]:
            tl_pay(s, q, first, r.by_place[place])
        if (is_cong or place == last_place) and not finished:
            tl_pay(s, q, first, thoi_t(r, s.hands[q]))
    s.to_move = -1
    s.over = True


cdef void new_round(const TLRules* r, TLState* s, int owner) noexcept nogil:
    """Everyone else passed: the owner leads, or the next seat still in play (hưởng sái)."""
    cdef int k, q
    settle_chain(s)
    s.table = 0
    s.passed = 0
    for k in range(r.players):
        q = (owner + k) % r.players
        if in_play(s, q):
            s.to_move = q
            s.table_owner = -1
            return
    tl_finish(r, s)


cdef bint may_act(const TLRules* r, const TLState* s, int q) noexcept nogil:
    if not in_play(s, q):
        return False
    if not (s.passed >> q) & 1 or not r.pass_locks_round:
        return True
    if not (r.chat_after_pass and heo_or_bomb(s.table_combo)):
        return False
    return has_chop(r, s.hands[q], s.table_combo)


cdef void next_turn(const TLRules* r, TLState* s, int p) noexcept nogil:
    cdef int k, q
    for k in range(1, r.players + 1):
        q = (p + k) % r.players
        if q == s.table_owner:
            new_round(r, s, q)
            return
        if may_act(r, s, q):
            s.to_move = q
            return
    new_round(r, s, s.table_owner)


cdef void mark_cong(const TLRules* r, TLState* s) noexcept nogil:
    """§6.1: when the first player goes out, those who have not played a card are cóng."""
    cdef int k, q
    for k in range(r.players):
        q = (s.leader + k) % r.players
        if not (s.played >> q) & 1 and not (s.out >> q) & 1:
            s.cong[s.n_cong] = q
            s.n_cong += 1
            s.out |= 1 << q
            s.passed &= ~(1 << q)


cdef bint game_ends(const TLRules* r, const TLState* s) noexcept nogil:
    cdef int q, holding = 0
    for q in range(r.players):
        holding += in_play(s, q)
    return holding <= 1 or r.end_at_first_out


cdef void tl_apply(const TLRules* r, TLState* s, mask_t play) noexcept nogil:
    """Carry out a legal play (strength mask) or a pass (0) of the seat to move."""
    cdef int p = s.to_move
    cdef Combo c
    if play == 0:
        s.passed |= 1 << p
        next_turn(r, s, p)
        return
    c = classify_t(play)
    if s.table and is_bomb(c) and heo_or_bomb(s.table_combo):
        s.chain += bomb_value_t(r, s.table, s.table_combo)
        s.chain_victim = s.table_owner
        s.chain_winner = p
    s.hands[p] &= ~play
    s.shown[p] |= play
    s.played |= 1 << p
    s.opening = -1
    s.table = play
    s.table_combo = c
    s.table_owner = p
    if not s.hands[p]:
        s.finished[s.n_finished] = p
        s.n_finished += 1
        s.out |= 1 << p
        if s.n_finished == 1:
            mark_cong(r, s)
        if game_ends(r, s):
            settle_chain(s)
            tl_finish(r, s)
            return
    next_turn(r, s, p)
