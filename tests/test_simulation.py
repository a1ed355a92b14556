"""simulate: identical statistics on every executor, and checked input."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from phom.bots import GreedyBot, PlannerBot, RandomBot, SearchBot
from phom.simulation import simulate

pytestmark = pytest.mark.computational


def test_simulate_is_reproducible_across_executors():
    bots = [GreedyBot(), RandomBot(), SearchBot(samples=2), RandomBot()]
    plain = simulate(bots, 12, seed=3, chunk=5, keep_summaries=True)
    with ThreadPoolExecutor(2) as pool:
        threaded = simulate(bots, 12, seed=3, executor=pool, chunk=5, keep_summaries=True)
    with ProcessPoolExecutor(2) as pool:
        processes = simulate(bots, 12, seed=3, executor=pool, chunk=4, keep_summaries=True)
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


def test_the_core_plays_greedy_and_planner_tables_exactly_as_the_referee():
    from phom import Rules

    for rules, rotate in ((None, False), (None, True), (Rules(players=3, chot_rule="victim_last"), True)):
        players = 4 if rules is None else rules.players
        bots = [PlannerBot(), *[GreedyBot()] * (players - 1)]
        python = simulate(bots, 90, seed=4, rotate=rotate, rules=rules, core=False, keep_summaries=True)
        core = simulate(bots, 90, seed=4, rotate=rotate, rules=rules, keep_summaries=True)
        assert python.summaries == core.summaries and python.mean_net == core.mean_net


def test_core_tables_are_the_same_on_every_executor_and_chunking():
    bots = [GreedyBot(), RandomBot(), RandomBot(), RandomBot()]
    plain = simulate(bots, 2500, seed=2, keep_summaries=True)
    with ThreadPoolExecutor(2) as pool:
        threaded = simulate(bots, 2500, seed=2, executor=pool, chunk=1000, keep_summaries=True)
    with ProcessPoolExecutor(2) as pool:
        processes = simulate(bots, 2500, seed=2, executor=pool, chunk=1200, keep_summaries=True)
    assert plain.summaries == threaded.summaries == processes.summaries
    assert plain.mean_net[0] - plain.ci95[0] > max(plain.mean_net[1:]) and abs(sum(plain.mean_net)) < 1e-9
    assert all(s.actions >= 1 for s in plain.summaries) and plain.actions > 20 * plain.games


def test_core_can_be_required_or_refused():
    with pytest.raises(ValueError, match="core=True"):
        simulate([GreedyBot(), SearchBot(samples=2), GreedyBot(), GreedyBot()], 2, core=True)
    python = simulate([RandomBot(), RandomBot()] + [GreedyBot()] * 2, 30, seed=1, core=False)
    assert python.games == 30 and abs(sum(python.mean_net)) < 1e-9


def test_statistics_stream_without_summaries_and_agree_with_them():
    bots = [GreedyBot(), RandomBot(), GreedyBot(), RandomBot()]
    streamed = simulate(bots, 60, seed=8, rotate=True, chunk=7, core=False)
    kept = simulate(bots, 60, seed=8, rotate=True, chunk=60, core=False, keep_summaries=True)
    assert streamed.summaries == () and len(kept.summaries) == 60
    assert (streamed.mean_net, streamed.std_net, streamed.wins, streamed.u_rate, streamed.mom_rate,
            streamed.actions) == (kept.mean_net, kept.std_net, kept.wins, kept.u_rate, kept.mom_rate, kept.actions)
    nets = [s.net[0] for s in kept.summaries]
    mean = sum(nets) / 60
    assert abs(kept.std_net[0] - (sum((x - mean) ** 2 for x in nets) / 59) ** 0.5) < 1e-9


def test_simulate_on_a_dask_cluster_gives_the_local_statistics():
    import distributed
    bots = [GreedyBot(), RandomBot(), SearchBot(samples=2), RandomBot()]
    local = simulate(bots, 16, seed=5, chunk=4)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=40) as cluster, distributed.Client(cluster) as client:
        remote = simulate(bots, 16, seed=5, chunk=4, executor=client.get_executor())
        core = simulate([GreedyBot(), RandomBot(), RandomBot(), RandomBot()], 3000, seed=5,
                        executor=client.get_executor())
    assert (remote.mean_net, remote.std_net, remote.wins, remote.actions) == \
        (local.mean_net, local.std_net, local.wins, local.actions)
    assert core.games == 3000 and core.mean_net == simulate([GreedyBot(), RandomBot(), RandomBot(), RandomBot()],
                                                           3000, seed=5).mean_net
