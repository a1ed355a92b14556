# Phỏm's Engine: many games at once, the class phom.phom.vector.VectorGame checks and drives
# (included by _engine.pyx; the Python specification is named at each function)

cdef class Engine:
    """Engine(n, rules)
--

n games under one set of rules, as C structs (see phom.phom.vector.VectorGame, the checked face)."""

    cdef StateC* states
    cdef readonly int n
    cdef RulesC rules
    cdef object value_table     # keeps the values of rules.values alive
    cdef const int32_t[::1] values_view
    cdef const int16_t[::1] runs_view
    cdef int16_t* legal_cache   # n × LEGAL_CAPACITY ids
    cdef int16_t* legal_count   # −1: not computed for the current state
    cdef public double softness  # the temperature, in points, of SOFT_POLICY's discards (> 0)
    cdef public int stuck        # a game whose player to move had no legal action in the last run (−1: none)

    def __cinit__(self, int n, rules):
        if n < 0:
            raise ValueError(f"n = {n} must be ≥ 0")
        if not LAYOUT_BOUND:
            raise RuntimeError("phom._engine has no id layout yet: phom.phom.vector binds it when it loads (load phom first)")
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
        self.stuck = -1
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
        with nogil:
            for i in range(source.n):
                for k in range(copies):
                    memcpy(&self.states[i * copies + k], &source.states[i], sizeof(StateC))
                    self.legal_count[i * copies + k] = -1

    def gather(self, Engine source, const int64_t[::1] games):
        """Fill this engine (n = len(games)) with source's games ``games[0]``, ``games[1]``, … in that order."""
        cdef Py_ssize_t j
        if self.n != games.shape[0]:
            raise ValueError("gather: sizes do not match")
        for j in range(games.shape[0]):
            if not 0 <= games[j] < source.n:
                raise ValueError(f"gather: game {games[j]} is not a game of the source (0 to {source.n - 1})")
        with nogil:
            for j in range(games.shape[0]):
                memcpy(&self.states[j], &source.states[games[j]], sizeof(StateC))
                self.legal_count[j] = -1

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
                      last_discards, declined, since, int tries, double temperature=0.0,
                      const double[:, ::1] penalties=None, double kept=KEPT_WEIGHT):
        """Fill every game of this engine with a world drawn from game 0 of ``source``, a public state
        (the other hands and the stock empty) seen by ``viewer``: worlds.sample_world in C (see
        sample_hidden for ``last_discards``, ``declined``, ``since``, ``tries``, ``temperature``,
        ``penalties``: None, or players × 52 log-weights ≤ 0, and ``kept``: the weight, 0 to 1, of a laid-down
        seat's fill that keeps back a phỏm, ``KEPT_WEIGHT`` unless given: read whenever ``tries`` > 1).
        Returns how many games could not be filled."""
        cdef int sizes[MAX_SEATS]
        cdef int discards[MAX_SEATS]
        cdef int offers[MAX_SEATS]
        cdef mask_t after[MAX_SEATS]
        cdef int q, i, failed = 0
        cdef int players = source.states[0].players
        if not len(hand_sizes) == len(last_discards) == len(declined) == len(since) == players:
            raise ValueError("hand_sizes, last_discards, declined and since need one entry per seat")
        if tries < 1:
            raise ValueError("tries must be ≥ 1")
        if not 0 <= temperature <= 1e6:
            raise ValueError("temperature must be from 0 to 1e6")
        if not 0 <= kept <= 1:
            raise ValueError("kept must be a weight from 0 to 1")
        for q in range(players):
            if not -1 <= declined[q] < 52 or since[q] < 0 or (since[q] | DECK_MASK) != DECK_MASK:
                raise ValueError(f"declined[{q}] must be a card index or -1, since[{q}] a card mask")
            sizes[q] = hand_sizes[q]
            discards[q] = last_discards[q]
            offers[q] = declined[q]
            after[q] = since[q]
        cdef const double* weights = NULL
        if penalties is not None:
            if penalties.shape[0] != players or penalties.shape[1] != 52:
                raise ValueError(f"penalties must have shape ({players}, 52)")
            for q in range(players):
                for i in range(52):
                    if not -1e6 <= penalties[q, i] <= 0:
                        raise ValueError(f"penalties[{q}, {i}] must be a number from -1e6 to 0")
            weights = &penalties[0, 0]
        cdef uint64_t rng = seed
        with nogil:
            for i in range(self.n):
                memcpy(&self.states[i], &source.states[0], sizeof(StateC))
                self.states[i].rng = next_random(&rng)
                self.legal_count[i] = -1
                if not sample_hidden(&self.states[i], &self.rules, viewer, sizes, stock_size, discards, offers, after,
                                     tries, temperature, weights, kept):
                    failed += 1
        return failed

    def discard_regret(self, uint64_t hand, uint64_t eaten, int card):
        """bots.greedy.discard_regret under this engine's rules (for the differential test)."""
        if (hand | DECK_MASK) != DECK_MASK or (eaten | DECK_MASK) != DECK_MASK or eaten & ~hand or not 0 <= card < 52 \
                or not hand >> card & 1:
            raise ValueError("hand and eaten must be card masks, eaten within hand, card an index in hand")
        return discard_regret(&self.rules, hand, eaten, card)

    def reseed(self, int i, uint64_t seed):
        self.states[i].rng = seed

    def load(self, int i, state, uint64_t seed):
        """Copy a phom.phom.state.State into game i (its sizes were checked by the caller)."""
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
        """Write game i into a phom.phom.state.State of the same number of seats (for comparisons)."""
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
        cdef int i, k, first = -1
        cdef int16_t* ids
        cdef bint ok
        with nogil:
            for i in range(self.n):
                if not active[i]:
                    continue
                if self.states[i].phase == PHASE_OVER:
                    if actions[i] != -1:
                        first = i
                        break
                    continue
                ids = self.legal_of(i)
                ok = False
                for k in range(self.legal_count[i]):
                    if ids[k] == actions[i]:
                        ok = True
                        break
                if not ok:
                    first = i
                    break
        return first

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
        self.stuck = -1
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
        self.stuck = -1
        with nogil:
            for i in range(self.n):
                s = &self.states[i]
                while s.phase != PHASE_OVER and s.to_move != seat:
                    if self.has_no_action(i):
                        break
                    apply_id(&self.rules, s, self.choose_one(i, policies[s.to_move]))
                    self.legal_count[i] = -1

    def choose(self, int policy, int64_t[::1] out):
        """out[i] = the id the core policy picks in game i now (−1 once over); advances the generators."""
        cdef int i
        self.stuck = -1
        with nogil:
            for i in range(self.n):
                out[i] = (self.choose_one(i, policy) if self.states[i].phase != PHASE_OVER
                          and not self.has_no_action(i) else -1)

    cdef bint has_no_action(self, int i) noexcept nogil:
        """Game i is not over, yet its player to move has no legal id (a state the rules cannot reach,
        loaded from outside): noted in ``stuck`` (the first such game), so no policy picks from nothing."""
        self.legal_of(i)
        if self.legal_count[i] > 0:
            return False
        if self.stuck < 0:
            self.stuck = i
        return True

    cdef int choose_one(self, int i, int policy) noexcept nogil:
        cdef int16_t* ids = self.legal_of(i)
        cdef int count = self.legal_count[i]
        cdef int a
        if policy == GREEDY_POLICY:
            return greedy_choice(&self.rules, &self.states[i], ids, count, 0)
        if policy == SOFT_POLICY:
            a = greedy_choice(&self.rules, &self.states[i], ids, count, 0)
            if DISCARD_BASE <= a < SEND_BASE and self.softness > 0:
                return soft_discard(&self.rules, &self.states[i], ids, count, self.softness)
            return a
        if policy == MODEL_POLICY:
            a = greedy_choice(&self.rules, &self.states[i], ids, count, 0)
            if DISCARD_BASE <= a < SEND_BASE:
                return model_discard(&self.rules, &self.states[i], ids, count)
            return a
        if policy == PLANNER_POLICY:
            return greedy_choice(&self.rules, &self.states[i], ids, count,
                                 rac_price(self.states[i].seats[self.states[i].to_move].turns))
        return ids[random_below(&self.states[i].rng, count)]

    cdef void play_one(self, int i, const int8_t* policies) noexcept nogil:
        cdef StateC* s = &self.states[i]
        while s.phase != PHASE_OVER:
            if self.has_no_action(i):
                return
            apply_id(&self.rules, s, self.choose_one(i, policies[s.to_move]))
            self.legal_count[i] = -1
