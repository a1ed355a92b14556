"""phom.phom.batch against the scalar functions, and its input checks."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import phom
from phom import batch, reference
from replay import replay_points
from strategies import JQK_TEN, hands, situations, tables, values_tables

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


def _rows(items):
    return (np.array([h for h, _ in items], dtype=np.uint64), np.array([e for _, e in items], dtype=np.uint64))


def _check_padding(melds, sends, plan, i):
    """Row i's columns past its phỏm are 0, past its sends (−1, −1)."""
    assert melds[i, len(plan.melds):].tolist() == [0] * (melds.shape[1] - len(plan.melds))
    assert (sends[i, len(plan.sends):] == -1).all()


@given(batches(with_table=True), st.booleans(), st.booleans(), values_tables)
def test_best_lay_rows_equal_the_scalar_call(data, discard, already_laid, values):
    items, table = data
    hands_, eaten = _rows(items)
    plans = batch.best_lay(hands_, eaten, table, discard=discard, already_laid=already_laid, values=values)
    width = max(bin(h).count("1") for h, _ in items)
    assert len(plans) == len(items)
    assert plans.melds.shape == (len(items), width // 3) and plans.sends.shape == (len(items), width, 2)
    assert (plans.points.dtype, plans.melds.dtype, plans.sends.dtype, plans.discard.dtype) == (
        np.int16, np.uint64, np.int8, np.int8)
    for i, (h, e) in enumerate(items):
        expected = phom.best_lay(h, e, table, discard=discard, already_laid=already_laid, values=values)
        assert plans.plan(i) == expected
        if expected is None:
            assert (plans.points[i], plans.u[i], plans.mom[i], plans.discard[i]) == (-1, False, False, -1)
            assert not plans.melds[i].any() and (plans.sends[i] == -1).all()
            continue
        assert plans.points[i] == expected.points and plans.u[i] == expected.u and plans.mom[i] == expected.mom
        assert plans.melds[i, :len(expected.melds)].tolist() == [m.mask for m in expected.melds]
        assert [tuple(pair) for pair in plans.sends[i, :len(expected.sends)].tolist()] == [
            (c.index, t) for c, t in expected.sends]
        assert plans.discard[i] == (-1 if expected.discard is None else expected.discard.index)
        _check_padding(plans.melds, plans.sends, expected, i)
    assert batch.best_lay_points(hands_, eaten, table, discard=discard, already_laid=already_laid,
                                 values=values).tolist() == plans.points.tolist()


@given(batches(), values_tables)
def test_arrange_rows_equal_the_scalar_call(data, values):
    items, _ = data
    hands_, eaten = _rows(items)
    found = batch.arrange(hands_, eaten, values=values)
    assert found.melds.shape == (len(items), max(bin(h).count("1") for h, _ in items) // 3)
    for i, (h, e) in enumerate(items):
        expected = phom.arrange(h, e, values=values)
        assert found.arrangement(i) == expected
        if expected is None:
            assert (found.points[i], found.deadwood[i]) == (-1, 0) and not found.melds[i].any()
            continue
        assert (found.points[i], found.deadwood[i]) == (expected.points, expected.deadwood.mask)
        assert found.melds[i].tolist() == [m.mask for m in expected.melds] + [0] * (
            found.melds.shape[1] - len(expected.melds))
    assert batch.min_points(hands_, eaten, values=values).tolist() == found.points.tolist()


@given(batches(with_table=True), st.booleans(), st.booleans(), values_tables)
def test_batches_equal_the_plain_python_reference(data, discard, already_laid, values):
    items, table = data
    items = items[:4]                                   # the reference is slow
    hands_, eaten = _rows(items)
    plans = batch.best_lay(hands_, eaten, table, discard=discard, already_laid=already_laid, values=values)
    found = batch.arrange(hands_, eaten, values=values)
    for i, (h, e) in enumerate(items):
        assert found.arrangement(i) == reference.arrange(h, e, values=values)
        expected = reference.best_lay(h, e, table, discard=discard, already_laid=already_laid, values=values)
        got = plans.plan(i)
        if expected is None:
            assert got is None
            continue
        assert got is not None
        # the reference sends in some replayable order; the batch in the compiled core's documented one
        assert (got.melds, got.discard, got.points, got.u, got.mom) == (
            expected.melds, expected.discard, expected.points, expected.u, expected.mom)
        assert sorted(c for c, _ in got.sends) == sorted(c for c, _ in expected.sends)
        assert replay_points(got, h, e, table, values, already_laid) == got.points


@pytest.mark.parametrize("sizes", [[0], [1, 2], [3, 0, 5], [13, 2], [20, 9]])
def test_widths_follow_the_largest_hand(sizes):
    rng = np.random.default_rng(sum(sizes))
    hands_ = np.array([sum(1 << int(c) for c in rng.choice(52, n, replace=False)) for n in sizes], dtype=np.uint64)
    plans, found = batch.best_lay(hands_), batch.arrange(hands_)
    assert plans.melds.shape == found.melds.shape == (len(sizes), max(sizes) // 3)
    assert plans.sends.shape == (len(sizes), max(sizes), 2)
    for i, h in enumerate(hands_.tolist()):
        assert plans.plan(i) == phom.best_lay(h) and found.arrangement(i) == phom.arrange(h)


def test_dtypes_and_empty_input():
    hand = phom.cards("9H 10H JH 3C").mask
    for dtype in (np.int64, np.uint64, np.int32 if hand < 2**31 else np.int64):
        assert batch.min_points(np.array([hand], dtype=dtype)).tolist() == [3]
    assert batch.min_points([hand]).tolist() == [3]
    assert batch.min_points(np.zeros(0, dtype=np.uint64)).tolist() == []
    assert batch.min_points(np.zeros(0, dtype=np.uint64)).dtype == np.int16
    empty = batch.best_lay(np.zeros(0, dtype=np.uint64))
    assert len(empty) == 0 and empty.melds.shape == (0, 0) and empty.sends.shape == (0, 0, 2)
    assert batch.arrange([]).points.tolist() == []


@pytest.mark.parametrize("call", [batch.best_lay, batch.arrange, batch.min_points, batch.can_u])
def test_one_hand_in_a_batch_call_names_the_scalar_call(call):
    with pytest.raises(TypeError, match=r"one hand.*phom\.best_lay"):
        call(np.uint64(7))


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
        (lambda: batch.best_lay([7], table=[7]), r"hands\[0\] shares cards"),
        (lambda: batch.best_lay([7, 8], [0]), "eaten has shape"),
        (lambda: batch.arrange([3, 7], [0, 8]), r"eaten\[1\].*not in hands\[1\]"),
        (lambda: batch.arrange([1 << 52]), r"hands\[0\].*bits above 51"),
        (lambda: batch.min_points([7], values=[1] * 12), "13"),
        # several faults at once: the first in the order hands, eaten, table, values is named
        (lambda: batch.best_lay([1 << 52], [[1]], table=["AS 2S"]), r"hands\[0\].*bits above 51"),
        (lambda: batch.best_lay([7, 8], [0, 16], table=["AS 2S"]), r"eaten\[1\].*not in hands\[1\]"),
        (lambda: batch.best_lay([8], table=["AS 2S"], values=[1] * 12), r"table\[0\].*not a phỏm"),
        (lambda: batch.best_lay([8, 7], table=[7], values=[1] * 12), r"hands\[1\] shares cards"),
        (lambda: batch.arrange([8, 1 << 60], [9], values=[1] * 12), r"hands\[1\].*bits above 51"),
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
    table = [phom.cards("JH QH KH").mask]
    hands_ &= np.uint64(~table[0] & ((1 << 52) - 1))
    whole_plans = batch.best_lay(hands_, table=table)
    with ThreadPoolExecutor(2) as pool:
        parts = list(pool.map(lambda part: batch.best_lay(part, table=table), np.array_split(hands_, 4)))
    assert np.concatenate([p.points for p in parts]).tolist() == whole_plans.points.tolist()
    assert np.concatenate([p.discard for p in parts]).tolist() == whole_plans.discard.tolist()


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
    table = _solver.value_table(None)
    rows = np.array([0, 1 << 60], dtype=np.uint64)
    with pytest.raises(ValueError, match=r"hands\[1\] has bits above 51"):
        _batch.best_lay(rows, None, [], True, False, table)
    with pytest.raises(ValueError, match=r"hands\[0\] has bits above 51 or cards of the table"):
        _batch.best_lay(np.array([7], dtype=np.uint64), None, [7], True, False, table)
    with pytest.raises(ValueError, match=r"hands\[1\] has bits above 51"):
        _batch.arrange(rows, None, table)
    with pytest.raises(ValueError, match=r"eaten\[0\] is not inside"):
        _batch.arrange(np.array([7], dtype=np.uint64), np.array([8], dtype=np.uint64), table)
    with pytest.raises(ValueError, match="same length"):
        _batch.arrange(np.zeros(2, dtype=np.uint64), np.zeros(1, dtype=np.uint64), table)
    with pytest.raises(ValueError, match=r"table\[0\].*not a phỏm"):
        _batch.best_lay(np.zeros(1, dtype=np.uint64), None, [3], True, False, table)


def test_a_table_in_any_cards_like_form_gives_the_same_plans():
    hands_ = np.array([phom.cards("3S 3H 3D 5C 6C 7C 8C 10H 4D KS").mask, phom.cards("QS KS 9D 4D").mask],
                      dtype=np.uint64)
    texts = ["JH QH KH", "4S 4C 4H"]
    masks = [phom.cards(t).mask for t in texts]
    expected = [phom.best_lay(int(h), None, masks) for h in hands_]
    for table in (texts, tuple(masks), [phom.cards(t) for t in texts], masks, iter(masks)):
        plans = batch.best_lay(hands_, table=table)
        assert [plans.plan(i) for i in range(len(hands_))] == expected
