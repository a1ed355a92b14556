# Phỏm's deals and sampled worlds: dealing a deck, and dealing the hidden cards of a view again
# (included by _engine.pyx; the Python specification is named at each function)

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




cdef bint makes_phom_with(int card, mask_t cards) noexcept nogil:
    """worlds.makes_phom_with: is there a 3-card phỏm of ``card`` and two cards of ``cards``?"""
    cdef mask_t triples[6]
    cdef int k = triples_with(card, triples)
    cdef int i
    for i in range(k):
        if triples[i] & ~bit(card) & ~cards == 0:
            return True
    return False


cdef int SUPPORT_ATTEMPTS = 100_000   # worlds.SUPPORT_ATTEMPTS

#: worlds.KEPT_WEIGHT (tests/test_kept.py holds them equal): Engine.sample_worlds's default ``kept``
KEPT_WEIGHT = 0.0


cdef inline double uniform01(uint64_t* rng) noexcept nogil:
    """A uniform number in [0, 1) from the generator (53 bits)."""
    return <double>(next_random(rng) >> 11) * 1.1102230246251565e-16


cdef mask_t read_history(StateC* s, const RulesC* r, int q, mask_t held, mask_t pool, int need, mask_t unseen,
                         int last_discard, int declined, mask_t since, int tries, double temperature,
                         const double* penalties, double kept) noexcept nogil:
    """Seat q's ``need`` hidden cards from ``pool`` (it holds ``held`` already) by sampling-importance-
    resampling: ``tries`` proposals, one kept with probability ∝ its weight. The weight is
    ``worlds.history_weight`` (exp of the sum of q's ``penalties`` row over its hidden cards), times
    the latest discard's reading when there is one (the soft reading's exp(−regret / temperature), or
    1 / 0 as GreedyBot would / would not have thrown it), 0 when the cards make a phỏm with a
    declined offer, and ``kept`` when q has laid down and the cards keep back a phỏm (see
    sample_hidden). When every proposal fails those readings, one is kept by its history weight alone."""
    cdef mask_t fill = 0, chosen = 0, fallback = 0, hidden
    cdef double history, weight, total = 0.0, total_history = 0.0
    cdef int trial
    for trial in range(tries):
        fill = random_subset(&s.rng, pool, need)
        history = 0.0
        hidden = (held & ~s.seats[q].unlaid_eaten) | fill
        while hidden:
            history += penalties[q * 52 + lowest_index(hidden)]
            hidden &= hidden - 1
        history = exp(history)
        total_history += history
        if uniform01(&s.rng) * total_history < history:
            fallback = fill
        weight = history
        if last_discard >= 0 and temperature > 0:
            weight *= exp(-discard_regret(r, held | fill | bit(last_discard), s.seats[q].unlaid_eaten,
                                          last_discard) / temperature)
        elif last_discard >= 0 and not greedy_would_discard(r, held | fill | bit(last_discard),
                                                            s.seats[q].unlaid_eaten, last_discard,
                                                            unseen & ~held & ~fill):
            weight = 0.0
        if declined >= 0 and makes_phom_with(declined, fill | since):
            weight = 0.0
        if kept < 1 and s.seats[q].laid_down and meldable(held | fill):
            weight *= kept
        if weight > 0:
            total += weight
            if uniform01(&s.rng) * total < weight:
                chosen = fill
    return chosen if total > 0 else (fallback if total_history > 0 else fill)


cdef bint sample_hidden(StateC* s, const RulesC* r, int viewer, const int* sizes, int stock_size,
                        const int* last_discards, const int* declined, const mask_t* since,
                        int tries, double temperature, const double* penalties, double kept) noexcept nogil:
    """worlds.sample_world: keep the viewer's hand; give each other hand its unlaid eaten cards, two
    unseen cards completing a 3-card phỏm with each of them, and unseen cards up to its size; draw the
    stock from the rest in random order. Uses the state's generator; False after SUPPORT_ATTEMPTS failed
    attempts (only the partners of the eaten cards can fail, and a failed attempt costs little).

    With ``tries`` > 1, a seat q with ``last_discards[q]`` ≥ 0 (its latest discard, made in a normal
    turn) is refilled up to ``tries`` times until GreedyBot would have made that discard from the hand
    drawn (plus the card): opponents read as greedy players. ``tries`` = 1 is sample_world's draw.
    Likewise a seat q with ``declined[q]`` ≥ 0 (the discard offered to it at its latest take, which it
    drew instead of eating) is refilled until the drawn cards and ``since[q]`` (its discards after that
    take) make no 3-card phỏm with the declined card (``worlds.declined_offers``).

    ``temperature`` > 0 softens the reading of the latest discard: a try is kept with probability
    exp(−regret / temperature) (``discard_regret``: the points that discard kept above greedy's best),
    so each world is drawn in proportion to how likely a softened greedy player was to throw that card
    from it (rejection sampling, the last try kept).

    ``penalties`` (NULL: none; else players × 52 log-weights, ``worlds.discarded_partners`` times the
    reading's scale) reads the whole history instead (``read_history``).

    ``kept`` < 1 reads what a laid-down seat must still hold (``worlds.kept_readers``): his fill is
    drawn up to ``tries`` times, and one that keeps back a phỏm (``worlds.keeps_phom``: ``meldable``)
    stands only with probability ``kept`` (the last try stands), as ``worlds.sample_world`` does."""
    cdef mask_t pool, support, known, todo, options[6], choice, unseen, fill
    cdef mask_t hands[MAX_SEATS]
    cdef int8_t free[52]
    cdef int q, i, c, k, n_options, n_free, need, attempt, trial, regret
    cdef int8_t t
    cdef bint ok, reads_kept
    unseen = unseen_by(s, viewer)
    for attempt in range(SUPPORT_ATTEMPTS):
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
            reads_kept = kept < 1 and s.seats[q].laid_down
            if penalties != NULL:
                fill = read_history(s, r, q, hands[q], pool, need, unseen, last_discards[q], declined[q], since[q],
                                    tries, temperature, penalties, kept)
            else:
                for trial in range(tries if last_discards[q] >= 0 or declined[q] >= 0 or reads_kept else 1):
                    fill = random_subset(&s.rng, pool, need)
                    if trial == tries - 1:
                        break
                    if last_discards[q] >= 0 and temperature > 0:
                        regret = discard_regret(r, hands[q] | fill | bit(last_discards[q]), s.seats[q].unlaid_eaten,
                                                last_discards[q])
                        if regret > 0 and uniform01(&s.rng) >= exp(-regret / temperature):
                            continue
                    elif last_discards[q] >= 0 and not greedy_would_discard(
                            r, hands[q] | fill | bit(last_discards[q]), s.seats[q].unlaid_eaten,
                            last_discards[q], unseen & ~hands[q] & ~fill):
                        continue
                    if declined[q] >= 0 and makes_phom_with(declined[q], fill | since[q]):
                        continue
                    if reads_kept and meldable(hands[q] | fill) and uniform01(&s.rng) >= kept:
                        continue
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
