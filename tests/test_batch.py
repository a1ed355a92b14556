"""phom.phom.batch against the scalar functions, and its input checks."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import phom
from phom import batch
from strategies import JQK_TEN, hands, situations, tables

pytestmark = pytest.mark.computational


@st.composite
def batches(draw, with_table=False):
    table = draw(tables()) if with_table else []
    items = draw(st.lists(situations(), min_size=1, max_size=20))
    used = sum(table)
    items = [(h & ~used, e & ~used) for h, e, _ in items]
    return items, table


@given(batches(), st.sampled_from([None, JQK_TEN]))
def test_min_points_and_can_u_match_scalar(data, values):
    items, _ = data
    hands_ = np.array([h for h, _ in items], dtype=np.uint64)
    eaten = np.array([e for _, e in items], dtype=np.uint64)
    expected = [phom.min_points(h, e, values=values) for h, e in items]
    assert batch.min_points(hands_, eaten, values=values).tolist() == [-1 if x is None else x for x in expected]
    assert batch.can_u(hands_, eaten).tolist() == [phom.can_u(h, e) for h, e in items]
    assert batch.legal_discards(hands_, eaten).tolist() == [phom.legal_discards(h, e).mask for h, e in items]


@given(st.lists(hands(size=9), min_size=1, max_size=20), st.data())
def test_can_eat_matches_scalar(hand_list, data):
    cards = [data.draw(st.integers(0, 51).filter(lambda c, h=h: not h >> c & 1)) for h in hand_list]
    got = batch.can_eat(np.array(hand_list, dtype=np.uint64), np.array(cards))
    assert got.tolist() == [phom.can_eat(h, c) for h, c in zip(hand_list, cards)]


@given(batches(with_table=True), st.booleans(), st.booleans())
def test_best_lay_points_matches_scalar(data, discard, already_laid):
    items, table = data
    hands_ = np.array([h for h, _ in items], dtype=np.uint64)
    eaten = np.array([e for _, e in items], dtype=np.uint64)
    expected = []
    for h, e in items:
        plan = phom.best_lay(h, e, table, discard=discard, already_laid=already_laid)
        expected.append(-1 if plan is None else plan.points)
    got = batch.best_lay_points(hands_, eaten, table, discard=discard, already_laid=already_laid)
    assert got.tolist() == expected


def test_dtypes_and_empty_input():
    hand = phom.cards("9H 10H JH 3C").mask
    for dtype in (np.int64, np.uint64, np.int32 if hand < 2**31 else np.int64):
        assert batch.min_points(np.array([hand], dtype=dtype)).tolist() == [3]
    assert batch.min_points([hand]).tolist() == [3]
    assert batch.min_points(np.zeros(0, dtype=np.uint64)).tolist() == []
    assert batch.min_points(np.zeros(0, dtype=np.uint64)).dtype == np.int16


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: batch.min_points(np.array([[1, 2]], dtype=np.uint64)), "1-D"),
        (lambda: batch.min_points(np.array([1 << 52], dtype=np.uint64)), r"hands\[0\].*bits above 51"),
        (lambda: batch.min_points(np.array([3, -1])), r"hands\[1\] is a negative"),
        (lambda: batch.min_points(np.array([1.5])), "integer"),
        (lambda: batch.min_points([3, 7], [1]), "eaten has shape"),
        (lambda: batch.min_points([3, 7], [0, 8]), r"eaten\[1\].*not in hands\[1\]"),
        (lambda: batch.can_eat([3], [52]), r"cards\[0\] = 52"),
        (lambda: batch.can_eat([3], [1]), r"cards\[0\] = 1 is already in hands\[0\]"),
        (lambda: batch.can_eat([3, 4], [9]), "cards has shape"),
        (lambda: batch.best_lay_points([7], table=[7]), r"hands\[0\] shares cards"),
        (lambda: batch.best_lay_points([7], table=["AS 2S"]), r"table\[0\].*not a phỏm"),
        (lambda: batch.min_points([7], values=[1] * 12), "13"),
    ],
)
def test_bad_input_is_named(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_loops_release_the_gil():
    # A thread pool over slices must give the same answer as one call.
    from concurrent.futures import ThreadPoolExecutor

    rng = np.random.default_rng(7)
    hands_ = np.array([sum(1 << int(i) for i in rng.choice(52, 10, replace=False)) for _ in range(4000)],
                      dtype=np.uint64)
    whole = batch.min_points(hands_)
    with ThreadPoolExecutor(2) as pool:
        parts = list(pool.map(batch.min_points, np.array_split(hands_, 4)))
    assert np.concatenate(parts).tolist() == whole.tolist()


def test_the_compiled_loops_check_their_input_too():
    from phom import _batch

    out = np.empty(1, dtype=np.int16)
    values, runs = np.ones(52, dtype=np.int32), np.zeros(8192, dtype=np.int16)
    with pytest.raises(ValueError, match="bits above 51"):
        _batch.min_points(np.array([1 << 60], dtype=np.uint64), np.zeros(1, dtype=np.uint64), values, runs, out)
    with pytest.raises(ValueError, match="same length"):
        _batch.min_points(np.zeros(2, dtype=np.uint64), np.zeros(1, dtype=np.uint64), values, runs, out)
    with pytest.raises(ValueError, match="52 per-card"):
        _batch.min_points(np.zeros(1, dtype=np.uint64), np.zeros(1, dtype=np.uint64), values[:5], runs, out)
    with pytest.raises(ValueError, match=r"cards\[0\]"):
        _batch.can_eat(np.array([3], dtype=np.uint64), np.array([99], dtype=np.int32),
                       np.zeros(1, dtype=np.uint64), np.empty(1, dtype=np.uint8))
    from phom import _solver

    with pytest.raises(ValueError, match="bits above 51"):
        _solver.min_points_mask(1 << 60, 0, _solver.value_table(None))
