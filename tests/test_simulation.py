"""simulate: identical statistics on every executor, and checked input."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from phom.bots import GreedyBot, RandomBot, SearchBot
from phom.simulation import simulate


def test_simulate_is_reproducible_across_executors():
    bots = [GreedyBot(), RandomBot(), SearchBot(samples=2), RandomBot()]
    plain = simulate(bots, 12, seed=3, chunk=5)
    with ThreadPoolExecutor(2) as pool:
        threaded = simulate(bots, 12, seed=3, executor=pool, chunk=5)
    with ProcessPoolExecutor(2) as pool:
        processes = simulate(bots, 12, seed=3, executor=pool, chunk=4)
    assert plain.summaries == threaded.summaries == processes.summaries
    assert plain.mean_net == processes.mean_net
    assert abs(sum(plain.mean_net)) < 1e-9 and plain.games == 12


def test_simulate_checks_its_input():
    with pytest.raises(ValueError, match="seat 4"):
        simulate([GreedyBot()] * 3, 5)
    with pytest.raises(ValueError, match="games"):
        simulate([GreedyBot()] * 4, 0)
    with pytest.raises(ValueError, match="act"):
        simulate([GreedyBot()] * 3 + [object()], 1)  # type: ignore[list-item]
