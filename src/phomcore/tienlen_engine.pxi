# The compiled Tiến lên game engine (included by _tienlen.pyx, after the combination core).
#
# ``TLState`` mirrors ``phom.tienlen.game.TienLenGame`` field by field, hands and table as strength
# masks. ``tl_legal`` lists what ``legal_actions`` lists, ``tl_apply`` does what ``apply`` does,
# ``tl_finish`` pays what ``_finish`` pays, ``tl_greedy`` decides as ``GreedyTienLenBot``. The Python
# referee is the specification: tests step both in lockstep over every rule option and compare.

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
        c = popcount(nibble(t, o)) if o < HEO else 0
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
        kind = toi_trang_t(hands[q], first_game)
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


# -- GreedyTienLenBot (phom.tienlen.bots) ------------------------------------------------------------

ctypedef struct MinPlaysCache:
    uint64_t* keys        # 0: empty; else a run's card counts, 3 bits a rank
    int8_t* values


cdef inline int cached_min_plays(MinPlaysCache* cache, mask_t t) noexcept nogil:
    """min_plays_t by parts: no play spans a rank the hand lacks, and the heo are one play, so the
    fewest plays are the sum over the runs of consecutive ranks 3 … A held, each remembered by its
    card counts (suits never change the fewest plays)."""
    cdef uint64_t key, h
    cdef int o = 0, start, slot, value, total = 1 if nibble(t, HEO) else 0
    while o <= ACE:
        if not nibble(t, o):
            o += 1
            continue
        start = o
        key = 0
        while o <= ACE and nibble(t, o):
            key = (key << 3) | <uint64_t>popcount(nibble(t, o))    # every count ≥ 1: the key is unique
            o += 1
        h = key * <uint64_t>0x9E3779B97F4A7C15
        slot = <int>(h >> 40) & (MIN_PLAYS_CACHE - 1)
        if cache.keys[slot] == key:
            total += cache.values[slot]
            continue
        value = min_plays_t(t & (((<mask_t>1 << (4 * (o - start))) - 1) << (4 * start)))
        cache.keys[slot] = key
        cache.values[slot] = value
        total += value
    return total


cdef inline bint before(int64_t key_a, mask_t phom_a, int64_t key_b, mask_t phom_b) noexcept nogil:
    """Python's min over ascending masks: a smaller key, or an equal key and a smaller phom mask."""
    return key_a < key_b or (key_a == key_b and phom_a < phom_b)


cdef mask_t tl_greedy(const TLRules* r, const TLState* s, MinPlaysCache* cache, const mask_t* legal,
                      int count) noexcept nogil:
    """GreedyTienLenBot.act over the legal plays of ``tl_legal`` (a strength mask; 0: pass)."""
    cdef int p = s.to_move, q, i, now, rest
    cdef mask_t hand = s.hands[p], m, best = 0, best_phom = 0, phom
    cdef bint danger = False, chop_worthy, has_pass = False, found = False, bomb, heo, few
    cdef int64_t key, best_key = 0
    cdef Combo c
    for i in range(count):
        if legal[i] == hand:
            return hand                                          # go out
        has_pass = has_pass or legal[i] == 0
    for q in range(r.players):
        if q != p and s.hands[q] and popcount(s.hands[q]) <= 2 and not (s.out >> q) & 1:
            danger = True
    now = cached_min_plays(cache, hand)
    if s.table == 0:
        for i in range(count):
            m = legal[i]
            c = classify_t(m)
            key = ((((<int64_t>cached_min_plays(cache, hand & ~m) * 2 + is_bomb(c)) * 2
                     + ((m & HEO_CARDS) != 0)) * 64 + c.high) * 64 + (63 - popcount(m)))
            phom = from_strength(m)
            if not found or before(key, phom, best_key, best_phom):
                best, best_key, best_phom, found = m, key, phom, True
        return best
    chop_worthy = (s.table & HEO_CARDS) != 0 or is_bomb(s.table_combo)
    few = popcount(hand) <= 4
    for rest in range(2):          # 0: plays that shorten the split; 1: any candidate, in danger
        if rest == 1 and not danger:
            break
        found = False
        for i in range(count):
            m = legal[i]
            if m == 0:
                continue
            c = classify_t(m)
            bomb = is_bomb(c)
            heo = (m & HEO_CARDS) != 0
            if (bomb and not chop_worthy) or (heo and not danger and not few):
                continue
            if rest == 0 and cached_min_plays(cache, hand & ~m) >= now:
                continue
            key = c.high
            phom = from_strength(m)
            if not found or before(key, phom, best_key, best_phom):
                best, best_key, best_phom, found = m, key, phom, True
        if found:
            return best
    if has_pass:
        return 0
    found = False
    for i in range(count):                                       # (a table always allows a pass)
        m = legal[i]
        phom = from_strength(m)
        if m and (not found or before(classify_t(m).high, phom, best_key, best_phom)):
            best, best_key, best_phom, found = m, classify_t(m).high, phom, True
    return best


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


# -- many games at once ------------------------------------------------------------------------------

cdef class TienLenEngine:
    """n Tiến lên games under one set of rules, as C structs (``phom.tienlen.vector.TienLenVectorGame``
    is the checked face: masks here are trusted to be cards, but any illegal play is refused)."""

    cdef TLState* states
    cdef readonly int n
    cdef TLRules rules
    cdef MinPlaysCache cache
    cdef mask_t* buffer          # TL_LEGAL_CAPACITY plays: one listing at a time

    def __cinit__(self, int n, rules):
        if n < 0:
            raise ValueError(f"n = {n} must be ≥ 0")
        self.n = n
        self.states = <TLState*>malloc(max(n, 1) * sizeof(TLState))
        self.cache.keys = <uint64_t*>malloc(MIN_PLAYS_CACHE * sizeof(uint64_t))
        self.cache.values = <int8_t*>malloc(MIN_PLAYS_CACHE * sizeof(int8_t))
        self.buffer = <mask_t*>malloc(TL_LEGAL_CAPACITY * sizeof(mask_t))
        if self.states == NULL or self.cache.keys == NULL or self.cache.values == NULL or self.buffer == NULL:
            raise MemoryError()
        memset(self.states, 0, max(n, 1) * sizeof(TLState))
        memset(self.cache.keys, 0, MIN_PLAYS_CACHE * sizeof(uint64_t))
        cdef int i
        for i in range(n):
            self.states[i].over = True
            self.states[i].to_move = -1
        stakes = rules.stakes
        self.rules.players = rules.players
        self.rules.four_beats_single_heo = rules.four_kind_beats_single_heo
        self.rules.pass_locks_round = rules.pass_locks_round
        self.rules.chat_after_pass = rules.chat_after_pass
        self.rules.end_at_first_out = rules.end_at_first_out
        self.rules.dem_heo = rules.dem_heo
        for i in range(TL_SEATS):
            self.rules.by_place[i] = 0
        for i, amount in enumerate(stakes.by_place(rules.players)):
            self.rules.by_place[i] = amount
        self.rules.toi_trang = stakes.toi_trang
        self.rules.cong = stakes.cong
        self.rules.black_heo = stakes.black_heo
        self.rules.red_heo = stakes.red_heo
        self.rules.three_pairs = stakes.three_pairs
        self.rules.four_kind = stakes.four_kind
        self.rules.four_pairs = stakes.four_pairs

    def __dealloc__(self):
        free(self.states)
        free(self.cache.keys)
        free(self.cache.values)
        free(self.buffer)

    # -- loading and reading -------------------------------------------------------------------

    def deal(self, int i, uint64_t seed, bint first_game, int leader):
        """Deal game i afresh from ``seed`` (its generator goes on from there)."""
        self.states[i].rng = seed
        tl_deal(&self.rules, &self.states[i], first_game, leader)

    def start(self, int i, hands, bint first_game, int leader, uint64_t seed):
        """Game i on these hands (phom masks, one per seat, checked by the caller)."""
        cdef mask_t t[TL_SEATS]
        cdef int q
        for q in range(TL_SEATS):
            t[q] = to_strength(<mask_t>hands[q]) if q < self.rules.players else 0
        self.states[i].rng = seed
        tl_start(&self.rules, &self.states[i], t, first_game, leader)

    def replay(self, int i, const int8_t[::1] seats, const uint64_t[::1] plays):
        """Apply a history (seat, phom mask; 0 = pass) to game i; the index of the first step that is
        out of turn or illegal (game i then stands before it), or −1."""
        cdef int k
        cdef mask_t t
        cdef TLState* s = &self.states[i]
        for k in range(seats.shape[0]):
            t = to_strength(plays[k])
            if s.to_move != seats[k] or not tl_is_legal(&self.rules, s, t):
                return k
            tl_apply(&self.rules, s, t)
        return -1

    def copy_from(self, TienLenEngine other, int source, int target):
        """Game ``target`` becomes a copy of ``other``'s game ``source`` (same rules)."""
        memcpy(&self.states[target], &other.states[source], sizeof(TLState))

    def reseed(self, int i, uint64_t seed):
        self.states[i].rng = seed

    def export(self, int i):
        """Game i's fields as plain Python data (phom masks), for the lockstep tests and records."""
        cdef TLState* s = &self.states[i]
        cdef int n = self.rules.players
        return {"hands": [int(from_strength(s.hands[q])) for q in range(n)],
                "shown": [int(from_strength(s.shown[q])) for q in range(n)],
                "table": int(from_strength(s.table)), "table_owner": s.table_owner,
                "to_move": None if s.over else s.to_move, "leader": s.leader,
                "passed": sorted(q for q in range(n) if (s.passed >> q) & 1),
                "played": [bool((s.played >> q) & 1) for q in range(n)],
                "finished": [s.finished[k] for k in range(s.n_finished)],
                "cong": [s.cong[k] for k in range(s.n_cong)],
                "opening": int(FROM_STRENGTH[s.opening]) if s.opening >= 0 else None,
                "chain": s.chain, "chain_victim": s.chain_victim, "chain_winner": s.chain_winner,
                "net": [s.net[q] for q in range(n)], "over": bool(s.over),
                "places": [s.places[q] for q in range(n)] if s.over else None,
                "toi_trang": TOI_TRANG_NAMES[s.toi_trang]}

    def status(self, int8_t[::1] to_move, uint8_t[::1] done, int32_t[:, ::1] net):
        cdef int i, q
        for i in range(self.n):
            to_move[i] = self.states[i].to_move
            done[i] = self.states[i].over
            for q in range(self.rules.players):
                net[i, q] = self.states[i].net[q]

    def legal(self, int i):
        """The legal plays of game i as ascending phom masks, 0 (a pass) first where legal."""
        cdef int count = tl_legal(&self.rules, &self.states[i], self.buffer, TL_LEGAL_CAPACITY)
        cdef int k
        if count > TL_LEGAL_CAPACITY:
            raise RuntimeError(f"game {i}: more than {TL_LEGAL_CAPACITY} legal plays (a bug in phom)")
        result = np.empty(count, dtype=np.uint64)
        cdef uint64_t[::1] view = result
        for k in range(count):
            view[k] = from_strength(self.buffer[k])
        result.sort()
        return result

    def check(self, const uint64_t[::1] plays, const uint8_t[::1] active):
        """The first active unfinished game whose play (phom mask) is illegal, or −1."""
        cdef int i
        for i in range(self.n):
            if active[i] and not self.states[i].over:
                if not tl_is_legal(&self.rules, &self.states[i], to_strength(plays[i])):
                    return i
        return -1

    def step(self, const uint64_t[::1] plays, const uint8_t[::1] active):
        """Apply one checked play per active unfinished game."""
        cdef int i
        with nogil:
            for i in range(self.n):
                if active[i] and not self.states[i].over:
                    tl_apply(&self.rules, &self.states[i], to_strength(plays[i]))

    def observation(self, const int8_t[::1] players, float[:, ::1] out):
        cdef int i
        with nogil:
            for i in range(self.n):
                tl_encode(&self.rules, &self.states[i], players[i], &out[i, 0])

    def playout(self, const int8_t[::1] seat_policies, uint64_t seed, bint reseed):
        """Play every unfinished game to its end; seat q plays with core policy seat_policies[q]."""
        cdef int i, q
        cdef int8_t policies[TL_SEATS]
        for q in range(TL_SEATS):
            policies[q] = seat_policies[q] if q < seat_policies.shape[0] else 0
        if reseed:
            for i in range(self.n):
                self.states[i].rng = seed_of_game(seed, i)
        with nogil:
            for i in range(self.n):
                self.play_one(&self.states[i], policies)

    def advance(self, int seat, const int8_t[::1] seat_policies):
        """In every unfinished game, the other seats play (each with its core policy) until ``seat``
        is to move or the game is over."""
        cdef int i, q
        cdef int8_t policies[TL_SEATS]
        cdef TLState* s
        for q in range(TL_SEATS):
            policies[q] = seat_policies[q] if q < seat_policies.shape[0] else 0
        with nogil:
            for i in range(self.n):
                s = &self.states[i]
                while not s.over and s.to_move != seat:
                    tl_apply(&self.rules, s, self.choose_one(s, policies[s.to_move]))

    def choose(self, int policy, uint64_t[::1] out):
        """out[i] = the play (phom mask; 0 = pass) the core policy picks in game i now (0 for a
        finished game); advances the generators."""
        cdef int i
        with nogil:
            for i in range(self.n):
                out[i] = from_strength(self.choose_one(&self.states[i], policy)) if not self.states[i].over else 0

    cdef mask_t choose_one(self, TLState* s, int policy) noexcept nogil:
        cdef int count = min(tl_legal(&self.rules, s, self.buffer, TL_LEGAL_CAPACITY), TL_LEGAL_CAPACITY)
        if policy == TL_POLICY_GREEDY:
            return tl_greedy(&self.rules, s, &self.cache, self.buffer, count)
        return self.buffer[random_below(&s.rng, count)]

    cdef void play_one(self, TLState* s, const int8_t* policies) noexcept nogil:
        while not s.over:
            tl_apply(&self.rules, s, self.choose_one(s, policies[s.to_move]))

    # -- worlds and their playouts (the Monte Carlo bot) ----------------------------------------

    def sample_worlds(self, int viewer, uint64_t hand, const int32_t[::1] sizes, const uint64_t[::1] shown,
                      const int8_t[::1] seats, const uint64_t[::1] plays, bint first_game, int leader,
                      int floor, uint64_t seed, int attempts, double unlike_greedy=1.0):
        """Fill games 0 … n−1 with deals that agree with ``viewer``'s view (his hand, every card
        shown where it was played, the others' unseen cards drawn at random in their sizes, none
        below strength ``floor``) and replay the history on each; a deal the history contradicts is
        drawn again, up to ``attempts`` draws in all. ``unlike_greedy`` < 1 reads the others as greedy
        players: a deal is kept with that probability for each of their past moves greedy play would
        not have made on it. Returns how many worlds were made."""
        cdef uint64_t rng = seed
        cdef int made = 0, tries = 0, q, k, players = self.rules.players
        cdef mask_t pool, t_hands[TL_SEATS], known
        cdef TLState* s
        cdef bint ok
        known = to_strength(hand)
        for q in range(players):
            known |= to_strength(shown[q])
        pool = ~known & ((<mask_t>1 << 52) - 1)
        if floor >= 0:
            pool &= ~((<mask_t>2 << floor) - 1)
        with nogil:
            while made < self.n and tries < attempts:
                tries += 1
                s = &self.states[made]
                for q in range(TL_SEATS):
                    t_hands[q] = 0
                for q in range(players):
                    t_hands[q] = to_strength(shown[q])
                t_hands[viewer] |= to_strength(hand)
                for q in range(players):
                    if q != viewer:
                        t_hands[q] |= random_subset(&rng, pool & ~(t_hands[0] | t_hands[1] | t_hands[2] | t_hands[3]), sizes[q])
                s.rng = next_random(&rng)
                tl_start(&self.rules, s, t_hands, first_game, leader)
                if s.over:
                    continue                        # a tới trắng the real deal did not have
                ok = True
                for k in range(seats.shape[0]):
                    if s.to_move != seats[k] or not tl_is_legal(&self.rules, s, to_strength(plays[k])):
                        ok = False
                        break
                    if unlike_greedy < 1.0 and seats[k] != viewer:
                        if self.choose_one(s, TL_POLICY_GREEDY) != to_strength(plays[k]):
                            if (next_random(&rng) >> 11) * (1.0 / 9007199254740992.0) >= unlike_greedy:
                                ok = False
                                break
                    tl_apply(&self.rules, s, to_strength(plays[k]))
                if ok and s.to_move == viewer:
                    made += 1
        return made

    def evaluate(self, int worlds, int viewer, const uint64_t[::1] candidates, int64_t[::1] totals):
        """For each of the first ``worlds`` games and each candidate (phom mask; 0 = pass): play the
        candidate on a copy, then greedy play at every seat to the end; add ``viewer``'s money to
        totals[candidate]. Releases the GIL."""
        cdef TLState scratch
        cdef int w, c
        cdef mask_t t
        with nogil:
            for w in range(worlds):
                for c in range(candidates.shape[0]):
                    memcpy(&scratch, &self.states[w], sizeof(TLState))
                    t = to_strength(candidates[c])
                    if not tl_is_legal(&self.rules, &scratch, t):
                        continue
                    tl_apply(&self.rules, &scratch, t)
                    while not scratch.over:
                        tl_apply(&self.rules, &scratch, self.choose_one(&scratch, TL_POLICY_GREEDY))
                    totals[c] += scratch.net[viewer]
