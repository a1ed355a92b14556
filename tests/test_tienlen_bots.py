"""Tiến lên bots, the worlds a searching bot samples, seat-rotated simulation, matches and the
``phom tienlen play`` command."""

from __future__ import annotations

import io
import random

import pytest

from phom.cli import main
from phom.tienlen import Pass, Play, TienLenGame, TienLenMatch, TienLenRules
from phom.tienlen.bots import GreedyTienLenBot, RandomTienLenBot, SearchTienLenBot, make_tienlen_bot, ranked_actions
from phom.tienlen.simulation import simulate
from phom.tienlen.worlds import sample_deal, sample_world

RULES = [TienLenRules(), TienLenRules(players=3), TienLenRules(players=2), TienLenRules(pass_locks_round=False)]


def positions(rules: TienLenRules, games: int):
    """Random positions (game, seat to move) of random games under ``rules``."""
    for seed in range(games):
        rng = random.Random(seed)
        game = TienLenGame(rules, seed=seed, first_game=seed % 2 == 0, leader=seed % rules.players)
        while not game.is_over:
            if rng.random() < 0.15:
                yield game, game.to_move
            game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("rules", RULES, ids=["four", "three", "two", "no-lock"])
def test_sampled_worlds_look_the_same_to_the_viewer(rules):
    checked = 0
    for game, seat in positions(rules, 40):
        view = game.view(seat)
        world = sample_world(view, random.Random(checked))
        if world is None:
            continue
        seen = world.view(seat)
        assert (seen.hand, seen.hand_sizes, seen.table, seen.passed, seen.finished, seen.legal_actions,
                seen.history) == (view.hand, view.hand_sizes, view.table, view.passed, view.finished,
                                  view.legal_actions, view.history)
        deal = sample_deal(view, random.Random(checked))
        assert all(a & b == 0 for i, a in enumerate(deal) for b in deal[i + 1:])
        assert all(h.bit_count() == 13 for h in deal)
        checked += 1
    assert checked > 50


def test_ranked_actions_put_the_greedy_choice_first_and_list_every_action():
    for game, seat in positions(TienLenRules(), 10):
        view = game.view(seat)
        ranked = ranked_actions(view)
        assert ranked[0] == GreedyTienLenBot().act(view)
        assert sorted(map(str, ranked)) == sorted(map(str, view.legal_actions))


def test_the_search_bot_plays_legal_actions_and_is_reproducible():
    for seed in range(6):
        game = TienLenGame(seed=seed)
        bots = [SearchTienLenBot(worlds=3, candidates=3, seed=seed), GreedyTienLenBot(),
                RandomTienLenBot(seed), GreedyTienLenBot()]
        while not game.is_over:
            view = game.view(game.to_move)
            action = bots[game.to_move].act(view)
            assert action in view.legal_actions
            if game.to_move == 0 and len(view.legal_actions) > 1:
                values = SearchTienLenBot(worlds=3, candidates=3, seed=1).values(view)
                assert values == SearchTienLenBot(worlds=3, candidates=3, seed=1).values(view)
                assert [v for _, v in values] == sorted((v for _, v in values), reverse=True)
            game.apply(action)
    with pytest.raises(ValueError, match="worlds must be an int from 1 to 1000"):
        SearchTienLenBot(worlds=0)
    assert isinstance(make_tienlen_bot("search", seed=1), SearchTienLenBot)


def test_simulation_gives_the_same_statistics_with_worker_processes():
    bots = [GreedyTienLenBot(), RandomTienLenBot(1), RandomTienLenBot(2), RandomTienLenBot(3)]
    one, two = simulate(bots, 24, seed=9), simulate(bots, 24, seed=9, jobs=2)
    assert (one.mean_net, one.wins, one.ci95) == (two.mean_net, two.wins, two.ci95)
    with pytest.raises(ValueError, match="jobs"):
        simulate(bots, 4, jobs=0)


def test_a_match_is_led_by_the_previous_nhat_and_sums_the_money():
    match = TienLenMatch(TienLenRules(players=3), seed=2)
    totals = match.play([GreedyTienLenBot(), RandomTienLenBot(1), GreedyTienLenBot()], games=5)
    assert len(match.games) == 5 and sum(totals) == 0
    assert match.games[0].first_game and not any(g.first_game for g in match.games[1:])
    for before, after in zip(match.games, match.games[1:]):
        assert after.leader == before.result.winner
    assert totals == tuple(sum(g.result.net[q] for g in match.games) for q in range(3))
    match.next_game()
    with pytest.raises(ValueError, match="not over yet"):
        match.next_game()


def test_phom_tienlen_play_to_the_end_with_hints(capsys):
    moves = "?\n??\n" + "1\n" * 120
    assert main(["tienlen", "play", "--seed", "4", "--bots", "greedy,random,search"], stdin=io.StringIO(moves)) == 0
    out = capsys.readouterr().out
    assert "Hint: " in out and "trial games" in out and "Net:" in out
    assert "Places: " in out or "tới trắng" in out


def test_phom_tienlen_play_refuses_and_explains(capsys):
    game = TienLenGame(seed=4)
    other = next(iter(game.hands[(game.to_move + 1) % 4]))
    seat = game.to_move
    typed = f"{other.code}\nplay 3S 9H\nfoo\n999\nq\n"
    assert main(["tienlen", "play", "--seed", "4", "--seat", str(seat)], stdin=io.StringIO(typed)) == 0
    out = capsys.readouterr().out
    assert "Not allowed: You do not hold" in out and "Not a move: choose 1 to" in out   # the refusal in the player's words
    assert "You left the game." in out
    assert main(["tienlen", "play", "--seat", "7"], stdin=io.StringIO("")) == 1
    assert "--seat 7 is not a seat" in capsys.readouterr().err
    assert main(["tienlen", "play", "--bots", "greedy,greedy"], stdin=io.StringIO("")) == 1
    assert Pass() != Play("3S")


def test_a_forced_pass_is_explained_as_forced():
    from phom.cli.tienlen import tienlen_hint
    from phom.tienlen.game import Pass

    forced = 0
    for seed in range(40):
        game = TienLenGame(seed=seed)
        bot = GreedyTienLenBot()
        while not game.is_over:
            view = game.view(game.to_move)
            action, reason = tienlen_hint(game, game.to_move)
            if all(isinstance(a, Pass) for a in view.legal_actions):
                assert reason == "nothing in your hand beats the table: pass is the only move"
                forced += 1
            elif isinstance(action, Pass):
                assert "lengthen" in reason or "keep your split" in reason
            game.apply(bot.act(view))
    assert forced > 10


def test_the_monte_carlo_bot_plays_legal_reproducible_moves_by_mean_money():
    from phom.tienlen.bots import MonteCarloTienLenBot

    for seed in range(5):
        game = TienLenGame(TienLenRules(players=2 + seed % 3), seed=seed)
        bot = MonteCarloTienLenBot(worlds=6, seed=seed)
        while not game.is_over:
            view = game.view(game.to_move)
            action = bot.act(view) if game.to_move == 0 else GreedyTienLenBot().act(view)
            assert action in view.legal_actions
            if game.to_move == 0 and len(view.legal_actions) > 2:
                values = MonteCarloTienLenBot(worlds=6, seed=1, candidates=0).values(view)
                assert values == MonteCarloTienLenBot(worlds=6, seed=1, candidates=0).values(view)
                assert [v for _, v in values] == sorted((v for _, v in values), reverse=True)
                assert {a for a, _ in values} == set(view.legal_actions)
                assert MonteCarloTienLenBot(worlds=6, seed=1, candidates=0, threads=2).values(view) == values
                best4 = MonteCarloTienLenBot(worlds=6, seed=1).values(view)
                assert {a for a, _ in best4} == set(ranked_actions(view)[:4])
            game.apply(action)
    assert make_tienlen_bot("montecarlo", seed=1).worlds == 128
    assert make_tienlen_bot("montecarlo:16").worlds == 16 and make_tienlen_bot("montecarlo:64:2").threads == 2
    for bad in ("montecarlo:0", "montecarlo:x", "montecarlo:5000", "montecarlo:8:0", "montecarlo:8:x"):
        with pytest.raises(ValueError, match="montecarlo:WORLDS"):
            make_tienlen_bot(bad)
    with pytest.raises(ValueError, match="unlike_greedy"):
        MonteCarloTienLenBot(unlike_greedy=2.0)


def test_the_monte_carlo_values_are_the_mean_money_of_greedy_playouts():
    """Its values, recomputed by hand on the Python referee from the same worlds."""
    from phom.tienlen.bots import ranked_actions
    from phom.tienlen.vector import TienLenVectorGame

    game = TienLenGame(seed=12)
    for _ in range(9):
        game.apply(GreedyTienLenBot().act(game.view(game.to_move)))
    view = game.view(game.to_move)
    worlds = TienLenVectorGame.sample_worlds(view, 5, seed=3)
    candidates = ranked_actions(view)
    totals = worlds.evaluate(view.player, [a.cards.mask if isinstance(a, Play) else 0 for a in candidates])
    for k, action in enumerate(candidates):
        by_hand = 0
        for i in range(len(worlds)):
            hands = worlds.export(i)
            deal = [hands["hands"][q] | hands["shown"][q] for q in range(4)]
            world = TienLenGame(view.rules, deal=deal)
            for seat, past in game.history:
                world.apply(past)
            world.apply(action)
            while not world.is_over:
                world.apply(GreedyTienLenBot().act(world.view(world.to_move)))
            by_hand += world.result.net[view.player]
        assert by_hand == totals[k]


def test_core_tables_and_a_dask_cluster_give_the_statistics_of_one_process():
    import distributed

    from phom.tienlen.bots import MonteCarloTienLenBot
    from phom.tienlen.simulation import core_policies

    greedy = [GreedyTienLenBot()] * 4
    assert core_policies(greedy) == ["greedy"] * 4 and core_policies([SearchTienLenBot()] * 4) is None
    in_core = simulate(greedy[:1] + [RandomTienLenBot(1)] * 3, 400, seed=3)
    assert in_core.mean_net[0] > 2 and round(sum(in_core.mean_net), 9) == 0
    # greedy tables in the core are the referee's games: the same statistics on both paths
    python_path = simulate([GreedyTienLenBot(), GreedyTienLenBot(), SearchTienLenBot(worlds=1, candidates=1),
                            GreedyTienLenBot()], 8, seed=4)
    core_path = simulate(greedy, 8, seed=4)
    assert python_path.mean_net == core_path.mean_net
    bots = [MonteCarloTienLenBot(worlds=4, seed=1), GreedyTienLenBot(), RandomTienLenBot(2), GreedyTienLenBot()]
    local = simulate(bots, 12, seed=5)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=40) as cluster, distributed.Client(cluster) as client:
        remote = simulate(bots, 12, seed=5, executor=client.get_executor())
        remote_core = simulate(greedy[:1] + [RandomTienLenBot(1)] * 3, 400, seed=3, executor=client.get_executor())
    assert (remote.mean_net, remote.wins, remote.ci95) == (local.mean_net, local.wins, local.ci95)
    assert (remote_core.mean_net, remote_core.wins) == (in_core.mean_net, in_core.wins)
