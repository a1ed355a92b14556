# The generator every compiled engine draws from: one splitmix64 stream per game, so a game's play is
# reproducible from its seed whatever the other games do.
from libc.stdint cimport int8_t, uint64_t

from masks cimport mask_t, bit, lowest_index


cdef inline uint64_t next_random(uint64_t* state) noexcept nogil:
    """splitmix64: one 64-bit draw of a game's own generator."""
    state[0] += <uint64_t>0x9E3779B97F4A7C15
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)


cdef inline int random_below(uint64_t* state, int n) noexcept nogil:
    """A draw from 0 … n − 1 (n ≥ 1), by the multiply-shift of the upper 32 bits."""
    return <int>(((next_random(state) >> 32) * <uint64_t>n) >> 32)


cdef inline uint64_t seed_of_game(uint64_t seed, int i) noexcept nogil:
    """The seed of game i of a batch seeded with ``seed``: far apart on the splitmix stream."""
    return seed + <uint64_t>i * <uint64_t>0x9E3779B97F4A7C15


cdef inline mask_t random_subset(uint64_t* rng, mask_t pool, int count) noexcept nogil:
    """``count`` cards of ``pool`` (count ≤ its size), uniformly: a partial Fisher–Yates."""
    cdef int8_t cards[52]
    cdef int n = 0
    cdef int i, k
    cdef int8_t t
    cdef mask_t out = 0
    while pool:
        cards[n] = lowest_index(pool)
        n += 1
        pool &= pool - 1
    for i in range(count):
        k = i + random_below(rng, n - i)
        t = cards[i]
        cards[i] = cards[k]
        cards[k] = t
        out |= bit(cards[i])
    return out


cdef inline void shuffled_deck(uint64_t* rng, int8_t* deck) noexcept nogil:
    """The 52 card indices in a uniformly random order (Fisher–Yates from the top)."""
    cdef int i, j
    cdef int8_t t
    for i in range(52):
        deck[i] = i
    for i in range(51, 0, -1):
        j = random_below(rng, i + 1)
        t = deck[i]
        deck[i] = deck[j]
        deck[j] = t
