# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled game engine: whole games of Phỏm in C, many at once, without the GIL.

A ``StateC`` (state.pxd) mirrors ``phom.state.State`` field for field. The functions below mirror
``phom.referee``: ``legal_ids`` lists the legal action ids as ``referee.legal`` does, ``apply_id``
carries one out as ``referee.apply`` does, ``finish_*`` settle as ``phom.scoring`` does. The Python
referee is the specification: tests step both in lockstep on thousands of games and compare legal
masks, observations and money. ``phom.vector.VectorGame`` is the checked Python face of this module;
``Engine`` below trusts its caller for shapes but still refuses any illegal id.

The id layout and the observation layout are read from ``phom.actions`` and ``phom.observation`` when
the module loads, so they have one home.
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

from phom import actions as _actions
from phom import observation as _observation
from phom.solver import value_table as _value_table

# ---------------------------------------------------------------------------------------------------
# Layouts, read once from their Python homes

cdef enum:
    MELD_COUNT = 329
    LEGAL_CAPACITY = 192

cdef int DRAW_ID = _actions.DRAW_ID
cdef int DECLARE_U_ID = _actions.DECLARE_U_ID
cdef int DECLARE_U_KHAN_ID = _actions.DECLARE_U_KHAN_ID
cdef int AUTO_LAY_ID = _actions.AUTO_LAY_ID
cdef int EAT_BASE = _actions.eat_id(0)
cdef int DISCARD_BASE = _actions.discard_id(0)
cdef int SEND_BASE = _actions.send_id(0, 0, 0)
cdef int LAY_BASE = _actions.lay_id(_actions.MELDS[0].mask)
cdef int ACTION_PLAYERS = _actions.MAX_PLAYERS
cdef int MELDS_PER_PLAYER = _actions.MELDS_PER_PLAYER
cdef int NUM_ACTIONS = _actions.NUM_ACTIONS
cdef mask_t MELD_MASKS[MELD_COUNT]
if len(_actions.MELDS) != MELD_COUNT:
    raise ImportError("phom.actions.MELDS does not hold the 329 phỏm of the deck")
for _i, _m in enumerate(_actions.MELDS):
    MELD_MASKS[_i] = _m.mask

cdef dict _at = _observation.OBSERVATION_OFFSETS
cdef int OBS_SIZE = _observation.OBSERVATION_SIZE
cdef int OBS_HAND = _at["hand"]
cdef int OBS_UNLAID = _at["unlaid_eaten"]
cdef int OBS_ROW = _at["seat0_row"]
cdef int OBS_EATEN = _at["seat0_eaten"]
cdef int OBS_LAID = _at["seat0_laid"]
cdef int OBS_EATABLE = _at["eatable_discard"]
cdef int OBS_STOCK = _at["stock_fraction"]
cdef int OBS_PHASE = _at["phase_take_play_over"]
cdef int OBS_KIND = _at["turn_normal_lay_tai"]
cdef int OBS_TO_MOVE = _at["to_move_relative"]
cdef int OBS_LAID_DOWN = _at["seat_laid_down"]
cdef int OBS_HAND_SIZE = _at["seat_hand_size_div10"]
cdef int OBS_ROW_SIZE = _at["seat_row_size_div4"]
cdef int OBS_PRESENT = _at["seat_present"]
for _k in range(1, 4):
    if _at[f"seat{_k}_row"] != OBS_ROW + 52 * _k or _at[f"seat{_k}_eaten"] != OBS_EATEN + 52 * _k \
            or _at[f"seat{_k}_laid"] != OBS_LAID + 52 * _k:
        raise ImportError("the observation layout no longer has consecutive seat blocks")

_UNIT_TABLE = _value_table([1] * 13)
cdef const int32_t[::1] _unit_values = _UNIT_TABLE.per_card_view
cdef const int16_t[::1] _unit_runs = _UNIT_TABLE.run_table_view
cdef const int32_t* UNIT_VALUES = &_unit_values[0]
cdef const int16_t* UNIT_RUNS = &_unit_runs[0]

cdef enum:
    RANDOM_POLICY = 0
    GREEDY_POLICY = 1
    PLANNER_POLICY = 2
    SOFT_POLICY = 3
    MODEL_POLICY = 4
    MODEL_SIZE = 6         # len(phom.opponent_model.MODEL_FEATURES)
    RAC_PRICE = 4          # bots.planner.RAC_PRICE (tests/test_vector.py holds them equal)

POLICY_RANDOM = RANDOM_POLICY
POLICY_GREEDY = GREEDY_POLICY
POLICY_PLANNER = PLANNER_POLICY
POLICY_SOFT = SOFT_POLICY
POLICY_MODEL = MODEL_POLICY

#: MODEL_POLICY's weights: phom.opponent_model.MODEL_WEIGHTS, set by phom.vector at import
cdef double MODEL_WEIGHTS[MODEL_SIZE]


def set_model_weights(weights):
    """Set MODEL_POLICY's weights (phom.opponent_model.MODEL_WEIGHTS, one per feature)."""
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
