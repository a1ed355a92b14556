# Card masks for the compiled core.
#
# Bit layout (public, see python/phom/cards.py): card (rank, suit) is bit suit * 13 + (rank - 1),
# suits S C D H = 0..3, ranks A = 1 .. K = 13. Each suit owns a 13-bit field; a run is a block of
# adjacent bits inside one field, a set is the same bit position in several fields.
from libc.stdint cimport uint64_t, int32_t

ctypedef uint64_t mask_t

cdef extern from *:
    """
    #define PHOM_RANKS 13
    #define PHOM_DECK_SIZE 52
    #define PHOM_DECK_MASK 0xFFFFFFFFFFFFFULL
    #define PHOM_SUIT_FIELD 0x1FFFULL
    /* the ace of every suit; multiply a 13-bit rank pattern by it to copy it into all four fields */
    #define PHOM_ACES (1ULL | (1ULL << 13) | (1ULL << 26) | (1ULL << 39))
    #define PHOM_KINGS (PHOM_ACES << 12)
    /* ranks A..J of every suit: the cards a 3-run may start at */
    #define PHOM_RUN3_STARTS (0x7FFULL * PHOM_ACES)
    #if defined(_MSC_VER)
    #include <intrin.h>
    static __inline int phom_popcount(unsigned long long x) { return (int)__popcnt64(x); }
    static __inline int phom_ctz(unsigned long long x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
    static __inline int phom_highest(unsigned long long x) { unsigned long i; _BitScanReverse64(&i, x); return (int)i; }
    #elif defined(__POPCNT__)
    static inline int phom_popcount(unsigned long long x) { return __builtin_popcountll(x); }
    #else
    /* without the POPCNT instruction the builtin calls libgcc's __popcountdi2; SWAR is faster */
    static inline int phom_popcount(unsigned long long x) {
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return (int)((x * 0x0101010101010101ULL) >> 56);
    }
    #endif
    #if !defined(_MSC_VER)
    static inline int phom_ctz(unsigned long long x) { return __builtin_ctzll(x); }
    static inline int phom_highest(unsigned long long x) { return 63 - __builtin_clzll(x); }
    #endif
    """
    const int RANKS "PHOM_RANKS"
    const int DECK_SIZE "PHOM_DECK_SIZE"
    const mask_t DECK_MASK "PHOM_DECK_MASK"
    const mask_t SUIT_FIELD "PHOM_SUIT_FIELD"
    const mask_t ACES "PHOM_ACES"
    const mask_t KINGS "PHOM_KINGS"
    const mask_t RUN3_STARTS "PHOM_RUN3_STARTS"
    int popcount "phom_popcount"(unsigned long long x) noexcept nogil
    int lowest_index "phom_ctz"(unsigned long long x) noexcept nogil
    int highest_index "phom_highest"(unsigned long long x) noexcept nogil


cdef enum:
    # the most phỏm a hand can hold (52 cards / 3)
    MELD_CAPACITY = 17


cdef inline mask_t bit(int index) noexcept nogil:
    return (<mask_t>1) << index


cdef inline mask_t rank_pattern(mask_t hand) noexcept nogil:
    """The ranks (13-bit pattern) present in hand, in any suit."""
    return (hand | (hand >> 13) | (hand >> 26) | (hand >> 39)) & SUIT_FIELD


cdef inline mask_t up(mask_t m) noexcept nogil:
    """Every card one rank higher in its suit; kings fall off instead of wrapping into the next suit."""
    return (m & ~KINGS) << 1


cdef inline mask_t down(mask_t m) noexcept nogil:
    """Every card one rank lower in its suit; aces fall off."""
    return (m & ~ACES) >> 1


cdef inline mask_t run_meldable(mask_t hand) noexcept nogil:
    """Cards of hand that lie in some run of three or more inside hand."""
    cdef mask_t starts = hand & (hand >> 1) & (hand >> 2) & RUN3_STARTS
    return starts | (starts << 1) | (starts << 2)


cdef inline mask_t set_ranks(mask_t hand) noexcept nogil:
    """The ranks (13-bit pattern) that hand holds in at least three suits."""
    cdef mask_t s = hand & SUIT_FIELD
    cdef mask_t c = (hand >> 13) & SUIT_FIELD
    cdef mask_t d = (hand >> 26) & SUIT_FIELD
    cdef mask_t h = (hand >> 39) & SUIT_FIELD
    return (s & c & d) | (s & c & h) | (s & d & h) | (c & d & h)


cdef inline mask_t set_meldable(mask_t hand) noexcept nogil:
    """Cards of hand whose rank appears in at least three suits of hand."""
    return hand & (set_ranks(hand) * ACES)


cdef inline mask_t meldable(mask_t hand) noexcept nogil:
    """Cards of hand that belong to at least one phỏm inside hand."""
    return run_meldable(hand) | set_meldable(hand)


cdef inline mask_t pair_partners(mask_t hand) noexcept nogil:
    """Cards of hand that form a cạ with another card of hand (same rank, or same suit 1 or 2 apart)."""
    cdef mask_t near = up(hand) | down(hand) | up(up(hand)) | down(down(hand))
    cdef mask_t s = hand & SUIT_FIELD
    cdef mask_t c = (hand >> 13) & SUIT_FIELD
    cdef mask_t d = (hand >> 26) & SUIT_FIELD
    cdef mask_t h = (hand >> 39) & SUIT_FIELD
    cdef mask_t paired_ranks = (s & (c | d | h)) | (c & (d | h)) | (d & h)
    return hand & (near | paired_ranks * ACES)


cdef inline int mask_points(mask_t m, const int32_t* values) noexcept nogil:
    """Sum of the per-card values (52 entries) over the cards of m."""
    cdef int total = 0
    while m:
        total += values[lowest_index(m)]
        m &= m - 1
    return total


cdef inline bint mask_is_meld(mask_t m) noexcept nogil:
    """Is m exactly one phỏm: a set of 3 or 4 cards of one rank, or a run of 3+ in one suit?"""
    cdef int n = popcount(m)
    cdef int low, suit_base
    cdef mask_t shifted
    if n < 3:
        return False
    if n <= 4 and popcount(rank_pattern(m)) == 1:
        return True
    low = lowest_index(m)
    suit_base = low - low % RANKS
    if m & ~(SUIT_FIELD << suit_base):
        return False
    shifted = m >> low
    return (shifted & (shifted + 1)) == 0
