# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
# cython: binding=True, embedsignature=True, embedsignature.format=python
"""The compiled game engine: whole games of Phỏm in C, many at once, without the GIL.

A ``StateC`` (state.pxd) mirrors ``phom.phom.state.State`` field for field. The functions below mirror
``phom.phom.referee``: ``legal_ids`` lists the legal action ids as ``referee.legal`` does, ``apply_id``
carries one out as ``referee.apply`` does, ``finish_*`` settle as ``phom.phom.scoring`` does. The Python
referee is the specification: tests step both in lockstep on thousands of games and compare legal
masks, observations and money. ``phom.phom.vector.VectorGame`` is the checked Python face of this module;
``Engine`` below trusts its caller for shapes but still refuses any illegal id.

The id layout and the observation layout have one home each, ``phom.phom.actions`` and ``phom.phom.observation``:
``phom.phom.vector`` hands them to ``bind_layout`` when it loads (the core imports nothing of phom), and an
``Engine`` refuses to exist before that.
"""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.math cimport exp, log1p
from libc.string cimport memcpy, memset

from masks cimport *
from kernels cimport *
from state cimport *
from rng cimport next_random, random_below, random_subset, seed_of_game, shuffled_deck

import numpy as np

# ---------------------------------------------------------------------------------------------------
# Layouts, handed down once from their Python homes (bind_layout)

cdef enum:
    MELD_COUNT = 329
    LEGAL_CAPACITY = 192

cdef bint LAYOUT_BOUND = False
cdef int DRAW_ID, DECLARE_U_ID, DECLARE_U_KHAN_ID, AUTO_LAY_ID, EAT_BASE, DISCARD_BASE, SEND_BASE, LAY_BASE
cdef int ACTION_PLAYERS, MELDS_PER_PLAYER, NUM_ACTIONS
cdef mask_t MELD_MASKS[MELD_COUNT]
cdef int OBS_SIZE, OBS_HAND, OBS_UNLAID, OBS_ROW, OBS_EATEN, OBS_LAID, OBS_EATABLE, OBS_STOCK, OBS_PHASE
cdef int OBS_KIND, OBS_TO_MOVE, OBS_LAID_DOWN, OBS_HAND_SIZE, OBS_ROW_SIZE, OBS_PRESENT

#: the names bind_layout's ``ids`` holds (phom.phom.actions: the fixed ids, the first id of each family, the sizes)
LAYOUT_IDS = ("draw", "declare_u", "declare_u_khan", "auto_lay", "eat", "discard", "send", "lay", "players",
              "melds_per_player", "count")


def bind_layout(*, dict ids, melds, dict offsets, int observation_size):
    """Set the action-id layout (``ids``: each name of LAYOUT_IDS, e.g. ``"eat"`` the id of eating card 0;
    ``melds``: the masks of the 329 phỏm in id order) and the observation layout (``offsets`` by block
    name, ``observation_size`` floats). phom.phom.vector calls it once, from phom.phom.actions and phom.phom.observation.

    >>> from phom.phom import vector   # binds the layouts
    >>> LAYOUT_IDS[0], len(vector.POLICIES)
    ('draw', 5)
    """
    global LAYOUT_BOUND, DRAW_ID, DECLARE_U_ID, DECLARE_U_KHAN_ID, AUTO_LAY_ID, EAT_BASE, DISCARD_BASE
    global SEND_BASE, LAY_BASE, ACTION_PLAYERS, MELDS_PER_PLAYER, NUM_ACTIONS
    global OBS_SIZE, OBS_HAND, OBS_UNLAID, OBS_ROW, OBS_EATEN, OBS_LAID, OBS_EATABLE, OBS_STOCK, OBS_PHASE
    global OBS_KIND, OBS_TO_MOVE, OBS_LAID_DOWN, OBS_HAND_SIZE, OBS_ROW_SIZE, OBS_PRESENT
    missing = [name for name in LAYOUT_IDS if name not in ids]
    if missing:
        raise ValueError(f"the id layout lacks {', '.join(missing)}")
    masks = [int(m) for m in melds]
    if len(masks) != MELD_COUNT:
        raise ValueError(f"the id layout holds {len(masks)} phỏm, not the 329 of the deck")
    for k in range(1, 4):
        if offsets[f"seat{k}_row"] != offsets["seat0_row"] + 52 * k \
                or offsets[f"seat{k}_eaten"] != offsets["seat0_eaten"] + 52 * k \
                or offsets[f"seat{k}_laid"] != offsets["seat0_laid"] + 52 * k:
            raise ValueError("the observation layout no longer has consecutive seat blocks")
    for i, m in enumerate(masks):
        MELD_MASKS[i] = m
    DRAW_ID, DECLARE_U_ID, DECLARE_U_KHAN_ID = ids["draw"], ids["declare_u"], ids["declare_u_khan"]
    AUTO_LAY_ID, EAT_BASE, DISCARD_BASE = ids["auto_lay"], ids["eat"], ids["discard"]
    SEND_BASE, LAY_BASE, ACTION_PLAYERS = ids["send"], ids["lay"], ids["players"]
    MELDS_PER_PLAYER, NUM_ACTIONS = ids["melds_per_player"], ids["count"]
    OBS_SIZE = observation_size
    OBS_HAND, OBS_UNLAID = offsets["hand"], offsets["unlaid_eaten"]
    OBS_ROW, OBS_EATEN, OBS_LAID = offsets["seat0_row"], offsets["seat0_eaten"], offsets["seat0_laid"]
    OBS_EATABLE, OBS_STOCK = offsets["eatable_discard"], offsets["stock_fraction"]
    OBS_PHASE, OBS_KIND = offsets["phase_take_play_over"], offsets["turn_normal_lay_tai"]
    OBS_TO_MOVE, OBS_LAID_DOWN = offsets["to_move_relative"], offsets["seat_laid_down"]
    OBS_HAND_SIZE, OBS_ROW_SIZE = offsets["seat_hand_size_div10"], offsets["seat_row_size_div4"]
    OBS_PRESENT = offsets["seat_present"]
    LAYOUT_BOUND = True


# every card worth 1 point: the table of can_u (kernels.pxd builds it, as phom._solver does for its own)
cdef int32_t UNIT_VALUES[52]
cdef int16_t UNIT_RUNS[RUN_TABLE_SIZE]
for _i in range(52):
    UNIT_VALUES[_i] = 1
build_run_table(UNIT_VALUES, UNIT_RUNS)

cdef enum:
    RANDOM_POLICY = 0
    GREEDY_POLICY = 1
    PLANNER_POLICY = 2
    SOFT_POLICY = 3
    MODEL_POLICY = 4
    MODEL_SIZE = 6         # len(phom.phom.opponent_model.MODEL_FEATURES)
    RAC_PRICE = 4          # bots.planner.RAC_PRICE (tests/test_vector.py holds them equal)

POLICY_RANDOM = RANDOM_POLICY
POLICY_GREEDY = GREEDY_POLICY
POLICY_PLANNER = PLANNER_POLICY
POLICY_SOFT = SOFT_POLICY
POLICY_MODEL = MODEL_POLICY

#: MODEL_POLICY's weights: phom.phom.opponent_model.MODEL_WEIGHTS, set by phom.phom.vector at import
cdef double MODEL_WEIGHTS[MODEL_SIZE]


def set_model_weights(weights):
    """Set MODEL_POLICY's weights (phom.phom.opponent_model.MODEL_WEIGHTS, one per feature)."""
    if len(weights) != MODEL_SIZE:
        raise ValueError(f"the opponent model takes {MODEL_SIZE} weights, not {len(weights)}")
    cdef int k
    for k in range(MODEL_SIZE):
        MODEL_WEIGHTS[k] = float(weights[k])
PLANNER_RAC_PRICE = RAC_PRICE


# ---------------------------------------------------------------------------------------------------
# Phỏm's rules in the core, one file a job (src/phomcore/phom/); the machinery both engines share is in
# rng.pxd (the generator, shuffling, random subsets) and masks.pxd (card masks)

include "phom/legal.pxi"
include "phom/transitions.pxi"
include "phom/policies.pxi"
include "phom/dealing.pxi"
include "phom/observation.pxi"
include "phom/engine.pxi"
