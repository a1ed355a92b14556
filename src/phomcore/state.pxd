# The game state of the compiled engine: python/phom/state.py field for field, in fixed-size C arrays.
#
# Cards are card indices (int8) and 52-bit masks; -1 marks "none", as in state.py. Lists of state.py
# become an array and its length. The rules of RULES.md live in _engine.pyx, which is tested in
# lockstep against the Python referee (python/phom/referee.py).
from libc.stdint cimport int8_t, int16_t, int32_t, uint64_t

from masks cimport mask_t

cdef enum:
    MAX_SEATS = 4
    MAX_STOCK = 15          # 4N - 1 for N = 4
    ROW_CAPACITY = 8        # rows hold at most 4 cards; chuyển bài never pushes one past that
    LAID_CAPACITY = 8       # phỏm per player that Send ids can address (actions.MELDS_PER_PLAYER)
    PAYMENT_CAPACITY = 48   # eats (at most 4N - 1) and the final settlement (at most N - 1)
    PLAN_CAPACITY = 24      # AutoLay: phỏm and sends of one lay-down

cdef enum Phase:
    PHASE_TAKE = 0
    PHASE_PLAY = 1
    PHASE_OVER = 2

cdef enum TurnKind:
    TURN_NORMAL = 0
    TURN_LAY = 1
    TURN_TAI = 2

cdef enum Reason:
    # payment reasons, in the order of scoring.Payment's documentation
    PAY_EAT = 0
    PAY_CHOT = 1
    PAY_PLACE = 2
    PAY_MOM = 3
    PAY_U = 4
    PAY_U_TRON = 5
    PAY_U_KHAN = 6
    PAY_DEN = 7

cdef enum UKind:
    U_NONE = 0
    U_PLAIN = 1
    U_TRON = 2
    U_KHAN = 3


ctypedef struct SeatC:
    mask_t hand
    mask_t eaten
    mask_t unlaid_eaten
    int8_t row[ROW_CAPACITY]
    int8_t row_len
    mask_t laid[LAID_CAPACITY]
    int8_t laid_len
    bint laid_down
    int8_t lay_order
    bint had_tai
    int8_t turns


ctypedef struct PaymentC:
    int8_t payer
    int8_t payee
    int32_t amount
    int8_t reason


ctypedef struct StateC:
    SeatC seats[MAX_SEATS]
    int8_t players
    int8_t stock[MAX_STOCK]     # the next card drawn is stock[stock_len - 1]
    int8_t stock_len
    int8_t lead
    int8_t to_move              # -1 once over
    int8_t phase
    int8_t turn_kind
    int8_t last_discard
    PaymentC payments[PAYMENT_CAPACITY]
    int8_t n_payments           # eat payments while playing; every payment once over
    int8_t last_chot_eater
    int16_t turn_actions
    int8_t laid_this_turn
    bint sent_this_turn
    int8_t ate_chot_from
    # the result (scoring.Result), once over
    int32_t net[MAX_SEATS]
    int8_t winner               # the ù player, or the nhất
    int8_t u_kind               # UKind
    int8_t ranking[MAX_SEATS]
    int32_t points[MAX_SEATS]
    # the plan AutoLay plays in this state (referee.AutoPlan), found with the legal actions
    bint plan_ready
    mask_t plan_melds[PLAN_CAPACITY]
    int8_t plan_n_melds
    int8_t plan_sends[PLAN_CAPACITY][3]   # (card, owner, index)
    int8_t plan_n_sends
    # this game's own random generator (the random policy, dealing)
    uint64_t rng
    # actions applied since the game was dealt or loaded (the engine's count, not part of state.py)
    int16_t actions


ctypedef struct RulesC:
    int8_t players
    int8_t hand_size
    bint chot_victim_last
    bint must_lay_all
    bint tai_gui
    bint u_by_gui
    bint u_tron_in_tai
    bint u_khan
    bint eat_progressive
    bint den_three
    bint den_chot
    bint den_chot_eater
    const int32_t* values        # 52 per-card values (owned by a ValueTable kept alive by the caller)
    const int16_t* run_deadwood  # its run table
    int32_t stake_eat
    int32_t stake_chot
    int32_t stake_by_place[MAX_SEATS]
    int32_t stake_mom
    int32_t stake_u
    int32_t stake_u_tron
    int32_t stake_u_khan
