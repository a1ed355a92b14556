# The meld-search kernels: plain C over 52-bit masks, no Python objects, callable without the GIL.
#
# Every search walks the hand by its lowest undecided card c (mask order). All lower cards are decided,
# so a phỏm that still may take c has c as its lowest card: a run starting at c, or a set of c's rank
# with cards of higher suits. c is then either laid in one of those or left (deadwood). Cards that no
# phỏm of the undecided cards can hold are left at once; an eaten card among them ends the branch.
# This visits every packing of disjoint phỏm exactly once.
from libc.stdint cimport int8_t, int16_t

from masks cimport *


# ---------------------------------------------------------------------------------------------------
# The branching step shared by the searches

cdef enum:
    # runs of 3..13 starting at one card, and the 4 sets (three 3-sets and the 4-set) led by a spade
    MAX_LOWEST_MELDS = 11 + 4


cdef inline int melds_from_lowest(int c, mask_t rem, mask_t eaten, mask_t* out) noexcept nogil:
    """Write the phỏm inside rem whose lowest card is c and that hold at most one eaten card: runs
    starting at c (longest first), then sets of c's rank with higher suits (the 4-set first)."""
    cdef mask_t low = bit(c)
    cdef int rank = c % RANKS
    cdef int length = 1
    cdef int n = 0
    cdef mask_t meld, others, subset
    while rank + length < RANKS and rem & (low << length):
        length += 1
    while length >= 3:
        meld = ((low << length) - 1) & ~(low - 1)
        if popcount(meld & eaten) <= 1:
            out[n] = meld
            n += 1
        length -= 1
    others = rem & ((low << 13) | (low << 26) | (low << 39)) & DECK_MASK
    subset = others
    while subset:
        if popcount(subset) >= 2:
            meld = low | subset
            if popcount(meld & eaten) <= 1:
                out[n] = meld
                n += 1
        subset = (subset - 1) & others
    return n


# ---------------------------------------------------------------------------------------------------
# Minimum points without eaten cards: choose the sets, then look every suit up in a run table
#
# run_deadwood[f] is the fewest points that a 13-bit suit field f leaves when only runs may be laid
# (8192 int16 entries, 16 KiB: it stays in L1). Sets are few: a rank with 3 suits is laid as a set or
# not; one with 4 is not laid, laid whole, or laid without one of its four cards.

cdef enum:
    RUN_TABLE_SIZE = 8192
    # more set ranks than this and the set choices multiply: the branch and bound search is used
    TABLE_SET_RANKS = 4


cdef inline void build_run_table(const int32_t* rank_values, int16_t* out) noexcept nogil:
    """Fill out[f] for every 13-bit field f, in increasing f (each entry uses smaller ones)."""
    cdef int field, low, length, best, candidate
    cdef int run
    out[0] = 0
    for field in range(1, RUN_TABLE_SIZE):
        low = lowest_index(field)
        best = rank_values[low] + out[field & (field - 1)]
        length = 1
        while low + length < RANKS and field & (1 << (low + length)):
            length += 1
            if length >= 3:
                run = ((1 << length) - 1) << low
                candidate = out[field & ~run]
                if candidate < best:
                    best = candidate
        out[field] = <int16_t>best


cdef inline int suits_deadwood(mask_t hand, const int16_t* run_deadwood) noexcept nogil:
    return (run_deadwood[hand & SUIT_FIELD] + run_deadwood[(hand >> 13) & SUIT_FIELD]
            + run_deadwood[(hand >> 26) & SUIT_FIELD] + run_deadwood[(hand >> 39) & SUIT_FIELD])


cdef inline int set_choices(mask_t hand, mask_t ranks, const int16_t* run_deadwood) noexcept nogil:
    """Fewest points over every choice of sets among ranks (a 13-bit pattern), runs by table."""
    if ranks == 0:
        return suits_deadwood(hand, run_deadwood)
    cdef int rank = lowest_index(ranks)
    cdef mask_t rest = ranks & (ranks - 1)
    cdef mask_t same = hand & (ACES << rank)
    cdef int best = set_choices(hand, rest, run_deadwood)
    cdef int candidate
    cdef mask_t left_out = same
    candidate = set_choices(hand & ~same, rest, run_deadwood)
    if candidate < best:
        best = candidate
    if popcount(same) == 4:
        while left_out:
            candidate = set_choices(hand & ~(same & ~(left_out & -left_out)), rest, run_deadwood)
            if candidate < best:
                best = candidate
            left_out &= left_out - 1
    return best


# ---------------------------------------------------------------------------------------------------
# Minimum points (branch and bound; min_points and can_u with eaten cards, or many set ranks)

ctypedef struct MinSearch:
    const int32_t* values   # points of each card index (52 entries)
    mask_t eaten            # each must be in a phỏm, two never in the same one
    int best                # best total found so far; the search only looks for totals below it


cdef inline void min_search(MinSearch* s, mask_t rem, int cost) noexcept nogil:
    cdef mask_t melded = meldable(rem)
    cdef mask_t dead = rem & ~melded
    if dead:
        if dead & s.eaten:
            return
        cost += mask_points(dead, s.values)
        rem = melded
    if cost >= s.best:
        return
    if rem == 0:
        s.best = cost
        return
    cdef int c = lowest_index(rem)
    cdef mask_t options[MAX_LOWEST_MELDS]
    cdef int i
    cdef int n = melds_from_lowest(c, rem, s.eaten, options)
    for i in range(n):
        min_search(s, rem & ~options[i], cost)
    # c left over
    if not (bit(c) & s.eaten):
        min_search(s, rem & ~bit(c), cost + s.values[c])


# ---------------------------------------------------------------------------------------------------
# Exhaustive packing search with the documented tie-break (arrange, best_lay)
#
# A leaf is scored by the key (points, cards left, mask of the cards left, phỏm masks sorted ascending
# compared as a sequence); the smallest key wins.

ctypedef struct Packer:
    const int32_t* values
    mask_t hand
    mask_t eaten
    bint lay               # leaves are lay-downs: gửi onto the table, then the discard
    bint discard           # lay mode: the highest-valued card left is discarded
    bint already_laid      # lay mode: the player has phỏm on the table already, so he may send unlaid
    mask_t table_runs      # lay mode: cards of the runs on the table
    mask_t table_fourths   # lay mode: the missing 4th card of each 3-card set on the table
    mask_t unsendable      # lay mode: cards no gửi can take, whatever is laid (they bound the search)
    int depth
    mask_t melds[MELD_CAPACITY]
    bint found
    int best_points
    int best_count
    mask_t best_left
    int best_depth
    mask_t best_melds[MELD_CAPACITY]


cdef inline mask_t sendable(mask_t rest, mask_t table_runs, mask_t table_fourths) noexcept nogil:
    """Cards of rest that can be sent: chains growing out of table runs, and 4th cards of table sets.

    A card that could go to either a run or a set is counted once; sending it to the run never blocks
    more than sending it to the set, so the run takes it.
    """
    cdef mask_t reach = table_runs
    cdef mask_t grown
    while True:
        grown = reach | ((up(reach) | down(reach)) & rest)
        if grown == reach:
            break
        reach = grown
    return (reach | table_fourths) & rest


cdef inline int highest_value_card(mask_t m, const int32_t* values) noexcept nogil:
    """Index of the card of m with the highest value; ties go to the highest index. m must not be 0."""
    cdef int best = -1
    cdef int c
    while m:
        c = lowest_index(m)
        if best < 0 or values[c] >= values[best]:
            best = c
        m &= m - 1
    return best


cdef inline void pack_leaf(Packer* p, int cost) noexcept nogil:
    cdef mask_t laid = 0
    cdef mask_t left, key
    cdef mask_t sorted_melds[MELD_CAPACITY]
    cdef int i, j, points, count, order
    for i in range(p.depth):
        laid |= p.melds[i]
        # insertion sort of the phỏm masks
        j = i
        while j > 0 and sorted_melds[j - 1] > p.melds[i]:
            sorted_melds[j] = sorted_melds[j - 1]
            j -= 1
        sorted_melds[j] = p.melds[i]
    left = p.hand & ~laid
    if p.lay:
        if p.depth > 0 or p.already_laid:
            left &= ~sendable(left, p.table_runs, p.table_fourths)
        points = mask_points(left, p.values)
        if p.discard and left:
            points -= p.values[highest_value_card(left, p.values)]
    else:
        points = cost
    count = popcount(left)
    if p.found:
        if points != p.best_points:
            order = -1 if points < p.best_points else 1
        elif count != p.best_count:
            order = -1 if count < p.best_count else 1
        elif left != p.best_left:
            order = -1 if left < p.best_left else 1
        else:
            order = 0
            for i in range(min(p.depth, p.best_depth)):
                if sorted_melds[i] != p.best_melds[i]:
                    order = -1 if sorted_melds[i] < p.best_melds[i] else 1
                    break
            if order == 0:
                order = -1 if p.depth < p.best_depth else 1
        if order >= 0:
            return
    p.found = True
    p.best_points = points
    p.best_count = count
    p.best_left = left
    p.best_depth = p.depth
    for i in range(p.depth):
        p.best_melds[i] = sorted_melds[i]


cdef inline void pack_push(Packer* p, mask_t rem, mask_t meld, int cost, int top) noexcept nogil:
    p.melds[p.depth] = meld
    p.depth += 1
    pack_search(p, rem & ~meld, cost, top)
    p.depth -= 1


cdef inline void pack_search(Packer* p, mask_t rem, int cost, int top) noexcept nogil:
    """Visit every packing of the undecided cards rem that may beat the best one found.

    cost is the points of the cards already left that will surely stay in hand (all of them in arrange
    mode; in lay mode those no gửi can take), top the highest value among them. Leaving more cards
    never lowers the points, even after the discard, so cost (less top when discarding) bounds the leaf.
    """
    cdef mask_t melded = meldable(rem)
    cdef mask_t dead = rem & ~melded
    cdef mask_t stays
    if dead:
        if dead & p.eaten:
            return
        stays = dead & p.unsendable if p.lay else dead
        if stays:
            cost += mask_points(stays, p.values)
            if p.values[highest_value_card(stays, p.values)] > top:
                top = p.values[highest_value_card(stays, p.values)]
        rem = melded
    if p.found and cost - (top if p.discard else 0) > p.best_points:
        return
    if rem == 0:
        pack_leaf(p, cost)
        return
    cdef int c = lowest_index(rem)
    cdef mask_t low = bit(c)
    cdef mask_t options[MAX_LOWEST_MELDS]
    cdef int i
    cdef int n = melds_from_lowest(c, rem, p.eaten, options)
    for i in range(n):
        pack_push(p, rem, options[i], cost, top)
    if not (low & p.eaten):
        if low & p.unsendable or not p.lay:
            pack_search(p, rem & ~low, cost + p.values[c], top if top >= p.values[c] else p.values[c])
        else:
            pack_search(p, rem & ~low, cost, top)


# ---------------------------------------------------------------------------------------------------
# The eat condition (RULES 4.1) through 3-card phỏm
#
# A phỏm holding an eaten card always contains a 3-card phỏm holding that card (drop a 4th set card,
# or take a 3-window of the run), so covers by 3-card phỏm decide the condition exactly.

cdef inline int triples_with(int c, mask_t* out) noexcept nogil:
    """Write the (at most 6) 3-card phỏm of the full deck that contain card c; return how many."""
    cdef int rank = c % RANKS
    cdef int suit_base = c - rank
    cdef int n = 0
    cdef int start, s
    cdef mask_t others[3]
    cdef int k = 0
    for start in range(rank - 2, rank + 1):
        if start >= 0 and start + 2 < RANKS:
            out[n] = (<mask_t>7) << (suit_base + start)
            n += 1
    for s in range(4):
        if s * RANKS + rank != c:
            others[k] = bit(s * RANKS + rank)
            k += 1
    out[n] = bit(c) | others[0] | others[1]
    out[n + 1] = bit(c) | others[0] | others[2]
    out[n + 2] = bit(c) | others[1] | others[2]
    return n + 3


cdef inline bint cover_exists(mask_t hand, mask_t todo, mask_t eaten) noexcept nogil:
    """Can every card of todo get its own 3-card phỏm, disjoint, inside hand, none holding two eaten?"""
    if todo == 0:
        return True
    cdef int c = lowest_index(todo)
    cdef mask_t triples[6]
    cdef int n = triples_with(c, triples)
    cdef int i
    for i in range(n):
        if triples[i] & ~hand == 0 and popcount(triples[i] & eaten) == 1:
            if cover_exists(hand & ~triples[i], todo & ~bit(c), eaten):
                return True
    return False


cdef inline void cover_common(mask_t hand, mask_t todo, mask_t eaten, mask_t used,
                              mask_t* common, bint* found) noexcept nogil:
    """Intersect, into common, the cards used by every cover of todo (see cover_exists)."""
    if found[0] and common[0] == eaten:
        return
    if todo == 0:
        common[0] = (common[0] & used) if found[0] else used
        found[0] = True
        return
    cdef int c = lowest_index(todo)
    cdef mask_t triples[6]
    cdef int n = triples_with(c, triples)
    cdef int i
    for i in range(n):
        if triples[i] & ~hand == 0 and popcount(triples[i] & eaten) == 1:
            cover_common(hand & ~triples[i], todo & ~bit(c), eaten, used | triples[i], common, found)


cdef inline mask_t bound_of(mask_t hand, mask_t eaten) noexcept nogil:
    """Trói cards: not eaten, yet in every valid cover, so discarding them breaks the eat condition.

    When no cover exists at all, every card that is not eaten is bound.
    """
    cdef mask_t common = 0
    cdef bint found = False
    if eaten == 0:
        return 0
    cover_common(hand, eaten, eaten, eaten, &common, &found)
    if not found:
        return hand & ~eaten
    return common & ~eaten


cdef inline int min_points_of(mask_t hand, mask_t eaten, const int32_t* values,
                              const int16_t* run_deadwood) noexcept nogil:
    """The fewest points any valid arrangement leaves, or -1 when the eaten cards cannot all be placed."""
    cdef mask_t ranks
    if eaten == 0:
        ranks = set_ranks(hand)
        if popcount(ranks) <= TABLE_SET_RANKS:
            return set_choices(hand, ranks, run_deadwood)
    cdef MinSearch s
    s.values = values
    s.eaten = eaten
    s.best = 0x7FFFFFFF
    min_search(&s, hand, 0)
    return -1 if s.best == 0x7FFFFFFF else s.best


cdef inline bint can_u_of(mask_t hand, mask_t eaten, const int32_t* unit_values,
                          const int16_t* unit_run_deadwood) noexcept nogil:
    """Every card in phỏm but at most one, under the eat condition (unit values: 1 for every card)."""
    cdef mask_t ranks
    if eaten == 0:
        ranks = set_ranks(hand)
        if popcount(ranks) <= TABLE_SET_RANKS:
            return set_choices(hand, ranks, unit_run_deadwood) <= 1
    cdef MinSearch s
    s.values = unit_values
    s.eaten = eaten
    s.best = 2
    min_search(&s, hand, 0)
    return s.best < 2


cdef inline void packer_init(Packer* p, mask_t hand, mask_t eaten, const int32_t* values) noexcept nogil:
    p.values = values
    p.hand = hand
    p.eaten = eaten
    p.lay = False
    p.discard = False
    p.already_laid = False
    p.table_runs = 0
    p.table_fourths = 0
    p.unsendable = hand
    p.depth = 0
    p.found = False
    p.best_points = 0
    p.best_count = 0
    p.best_left = 0
    p.best_depth = 0


cdef inline void lay_setup(Packer* p, mask_t table_runs, mask_t table_fourths, bint discard,
                           bint already_laid) noexcept nogil:
    """Switch an initialised packer to lay mode (hạ, gửi onto the table, then the discard)."""
    p.lay = True
    p.discard = discard
    p.already_laid = already_laid
    p.table_runs = table_runs
    p.table_fourths = table_fourths
    p.unsendable = p.hand & ~sendable(p.hand, table_runs, table_fourths)


cdef inline int best_lay_points_of(mask_t hand, mask_t eaten, mask_t table_runs, mask_t table_fourths,
                                   bint discard, bint already_laid, const int32_t* values) noexcept nogil:
    """Points left by the best lay-down + gửi (+ discard), or -1 when the eaten cards cannot be laid."""
    cdef Packer p
    packer_init(&p, hand, eaten, values)
    lay_setup(&p, table_runs, table_fourths, discard, already_laid)
    pack_search(&p, hand, 0, 0)
    return p.best_points if p.found else -1


# ---------------------------------------------------------------------------------------------------
# Every phỏm of a hand

cdef enum:
    # the phỏm of the whole deck: 4 × 66 runs and 13 × 5 sets
    MAX_HAND_MELDS = 329


cdef inline int hand_melds(mask_t h, mask_t* out) noexcept nogil:
    """Write every phỏm inside h (runs by suit and start, longer after shorter; then sets by rank, every
    3- and 4-card subset) into out (MAX_HAND_MELDS entries); return how many."""
    cdef int n = 0
    cdef int suit, start, end, rank
    cdef mask_t field, low, subset
    for suit in range(4):
        field = (h >> (suit * 13)) & SUIT_FIELD
        for start in range(13):
            end = start
            while end < 13 and field & bit(end):
                end += 1
                if end - start >= 3:
                    out[n] = (((<mask_t>1 << (end - start)) - 1) << start) << (suit * 13)
                    n += 1
    for rank in range(13):
        low = h & (ACES << rank)
        if popcount(low) >= 3:
            subset = low
            while subset:
                if popcount(subset) >= 3:
                    out[n] = subset
                    n += 1
                subset = (subset - 1) & low
    return n


# ---------------------------------------------------------------------------------------------------
# The table: what gửi may add to a phỏm, and in what order a plan's sends replay; discard safety

cdef inline mask_t extension_cards(mask_t meld) noexcept nogil:
    """The cards that keep the table phỏm meld valid when sent onto it: either end of a run, the 4th
    card of a 3-set (none for a 4-set)."""
    cdef mask_t ranks = rank_pattern(meld)
    if popcount(ranks) == 1 and popcount(meld) <= 4:
        return (ranks * ACES) & ~meld
    return up(bit(highest_index(meld))) | down(bit(lowest_index(meld)))


cdef inline void summarize_table(const mask_t* table, int n, mask_t* runs, mask_t* fourths) noexcept nogil:
    """(cards of the table's runs, the missing 4th cards of its 3-sets), as the lay kernel wants them."""
    cdef int i
    cdef mask_t m, ranks
    runs[0] = 0
    fourths[0] = 0
    for i in range(n):
        m = table[i]
        ranks = rank_pattern(m)
        if popcount(ranks) == 1 and popcount(m) <= 4:
            if popcount(m) == 3:
                fourths[0] |= (ranks * ACES) & ~m
        else:
            runs[0] |= m


cdef inline int order_sends(mask_t sent, const mask_t* table, int n, int8_t* cards, int8_t* targets) noexcept nogil:
    """Order the sent cards as (card, table index) pairs that replay one by one: runs take their chains
    (upwards, then downwards from each run, in table order), 3-sets their 4th card last. Returns how
    many were placed (fewer than popcount(sent) means some card had no place)."""
    cdef int count = 0
    cdef int i
    cdef mask_t todo = sent
    cdef mask_t m, ranks, edge
    for i in range(n):
        m = table[i]
        ranks = rank_pattern(m)
        if popcount(ranks) == 1 and popcount(m) <= 4:
            continue
        edge = up(bit(highest_index(m)))
        while edge & todo:
            cards[count] = lowest_index(edge)
            targets[count] = i
            count += 1
            todo &= ~edge
            edge = up(edge)
        edge = down(bit(lowest_index(m)))
        while edge & todo:
            cards[count] = lowest_index(edge)
            targets[count] = i
            count += 1
            todo &= ~edge
            edge = down(edge)
    for i in range(n):
        m = table[i]
        ranks = rank_pattern(m)
        if popcount(ranks) == 1 and popcount(m) == 3:
            edge = (ranks * ACES) & ~m & todo
            if edge:
                cards[count] = lowest_index(edge)
                targets[count] = i
                count += 1
                todo &= ~edge
    return count


cdef inline int danger_count(int card, mask_t unseen) noexcept nogil:
    """How many 3-card phỏm could take card with two cards of unseen (0: a safe discard)."""
    cdef mask_t triples[6]
    cdef int n = triples_with(card, triples)
    cdef int i
    cdef int count = 0
    for i in range(n):
        if (triples[i] & ~bit(card)) & ~unseen == 0:
            count += 1
    return count
