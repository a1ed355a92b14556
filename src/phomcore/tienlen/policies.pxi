# Tiến lên's core policies: GreedyTienLenBot's decisions over a cache of the fewest plays
# (included by _tienlen.pyx after the combination core; phom.tienlen is the specification)

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
            key = (key << 3) | <uint64_t>count4(nibble(t, o))    # every count ≥ 1: the key is unique
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
