# Tiến lên's TienLenEngine: many games at once, the class phom.tienlen.vector.TienLenVectorGame checks and drives
# (included by _tienlen.pyx after the combination core; phom.tienlen is the specification)

# -- many games at once ------------------------------------------------------------------------------

cdef class TienLenEngine:
    """TienLenEngine(n, rules)
--

n Tiến lên games under one set of rules, as C structs (``phom.tienlen.vector.TienLenVectorGame``
    is the checked face: masks here are trusted to be cards, but any illegal play is refused)."""

    cdef TLState* states
    cdef readonly int n
    cdef TLRules rules
    cdef MinPlaysCache cache
    cdef mask_t* buffer          # TL_LEGAL_CAPACITY plays: one listing at a time

    def __cinit__(self, int n, rules):
        if n < 0:
            raise ValueError(f"n = {n} must be ≥ 0")
        if not TL_LAYOUT_BOUND:
            raise RuntimeError("phom._tienlen has no observation layout yet: phom.tienlen.vector binds it when it "
                               "loads (load phom first)")
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
        self.rules.later_toi_trang_in_first_game = rules.later_toi_trang_in_first_game
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

    def copy_games(self, TienLenEngine other, int start, int count):
        """Games 0 … count − 1 become copies of ``other``'s games start … start + count − 1 (same rules):
        one copy, without the GIL."""
        if count < 0 or start < 0 or start + count > other.n or count > self.n:
            raise ValueError(f"copy_games: {count} games from game {start} of {other.n} into {self.n}")
        if count:
            with nogil:
                memcpy(&self.states[0], &other.states[start], count * sizeof(TLState))

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
        cdef int i, first = -1
        with nogil:
            for i in range(self.n):
                if active[i] and not self.states[i].over:
                    if not tl_is_legal(&self.rules, &self.states[i], to_strength(plays[i])):
                        first = i
                        break
        return first

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
