"""Racing candidates over common random numbers (phom.racing) and the racing Monte Carlo bots."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from phom import Game
from phom.bots import GreedyBot, MonteCarloBot, make_bot
from phom.racing import race
from phom.tienlen import TienLenGame
from phom.tienlen.bots import MonteCarloTienLenBot

pytestmark = pytest.mark.computational


def synthetic(values, *, worlds=16, spread=1.0, seed=0):
    """A play function: candidate i wins values[i] plus a noise common to all candidates of a world,
    and a small noise of its own."""
    rng = np.random.default_rng(seed)
    calls = []

    def play(round_, alive):
        calls.append((round_, list(alive)))
        common = rng.normal(scale=spread, size=(worlds, 1))
        own = rng.normal(scale=0.3, size=(worlds, len(alive)))
        return common + own + np.array([values[i] for i in alive])
    return play, calls


def test_a_clear_winner_is_found_and_the_losers_stop_early():
    play, calls = synthetic([0.0, -3.0, 1.0, -2.5])
    result = race(play, 4, rounds=8, z=2.0, flat=0.0)
    assert result.best == 2 and result.alive == (2,)
    assert result.rounds == 2 and result.spent == 2 * 16 * 4 and calls == [(0, [0, 1, 2, 3]), (1, [0, 1, 2, 3])]
    play, calls = synthetic([0.0, -3.0, 0.05, -2.5])      # 0 and 2 too close to call: they race on
    result = race(play, 4, rounds=8, z=2.0, flat=0.0)
    assert calls[2][1] == [0, 2] and result.worlds[1] == 32 < result.worlds[2]
    assert set(result.alive) <= {0, 2} and result.spent < 8 * 16 * 4


def test_a_flat_decision_stops_at_the_first_look():
    """Candidates that end the same on every world (e.g. two rác of one rank): nothing to decide."""
    def play(round_, alive):
        return np.repeat(np.arange(16.0)[:, None], len(alive), axis=1)
    result = race(play, 5, rounds=8, min_rounds=2, preference=[4, 3, 0, 2, 1])
    assert result.rounds == 2 and result.best == 2 and result.spent == 2 * 16 * 5   # ties: preference 0


def test_no_world_ends_the_race_and_bad_arguments_are_named():
    result = race(lambda r, alive: np.zeros((0, len(alive))), 3, rounds=4)
    assert result.worlds == (0, 0, 0) and result.best == 0
    with pytest.raises(ValueError, match="rounds"):
        race(lambda r, alive: np.zeros((1, len(alive))), 2, rounds=0)
    with pytest.raises(ValueError, match="preference"):
        race(lambda r, alive: np.zeros((1, len(alive))), 2, rounds=2, preference=[0, 0])
    with pytest.raises(ValueError, match="shape"):
        race(lambda r, alive: np.zeros((3, 1)), 2, rounds=2)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(-3, 3, allow_nan=False), min_size=2, max_size=8), st.integers(0, 2**31))
def test_the_race_keeps_the_leader_and_never_drops_a_candidate_too_close_to_call(values, seed):
    """Whatever the values, the winner has the best mean among those left, a dropped candidate trailed
    when it was dropped, and with an impossible bar (z huge, flat 0) nobody is dropped."""
    play, _ = synthetic(values, seed=seed)
    result = race(play, len(values), rounds=6, z=2.0, flat=0.0)
    assert result.best in result.alive
    assert result.means[result.best] == max(result.means[i] for i in result.alive)
    assert all(result.worlds[i] <= result.worlds[result.best] for i in range(len(values)))
    play, _ = synthetic(values, seed=seed)
    patient = race(play, len(values), rounds=3, z=1e6, flat=0.0)
    assert patient.alive == tuple(range(len(values))) or patient.rounds == 3
    assert patient.spent == 16 * len(values) * patient.rounds


def test_a_racing_montecarlo_bot_spends_less_and_plays_legally():
    game = Game(seed=12)
    view = game.view(0)
    greedy = GreedyBot().act(view)
    fixed = MonteCarloBot(worlds=128, seed=2)
    racing = MonteCarloBot(worlds=128, seed=2, race=True)
    candidates = fixed.candidates(view, greedy)
    full = fixed.evaluate(view, candidates, greedy)
    raced = racing.evaluate(view, candidates, greedy)
    assert full.spent == 128 * len(candidates) and raced.spent < full.spent
    assert {a for a, _ in raced.values} == set(candidates) and raced.best in candidates
    assert raced.playouts <= 128
    bots = [MonteCarloBot(worlds=64, race=True, seed=s) for s in range(4)]
    while not game.is_over:
        p = game.to_move
        action = bots[p].act(game.view(p))
        assert action in game.legal_actions()
        game.apply(action)


def test_racing_options_are_checked():
    with pytest.raises(ValueError, match="round_worlds"):
        MonteCarloBot(worlds=8, race=True, round_worlds=16)
    with pytest.raises(ValueError, match="noise"):
        MonteCarloBot(race=True, noise=1.0)
    with pytest.raises(ValueError, match="z"):
        MonteCarloBot(race=True, z=-1)
    with pytest.raises(ValueError, match="race"):
        MonteCarloTienLenBot(race="yes")  # type: ignore[arg-type]


def test_a_racing_tienlen_bot_plays_legally_and_counts_its_playouts():
    game = TienLenGame(seed=3)
    bots = [MonteCarloTienLenBot(64, seed=s, race=True) for s in range(4)]
    searched = 0
    while not game.is_over:
        p = game.to_move
        view = game.view(p)
        action = bots[p].act(view)
        assert action in game.legal_actions()
        if bots[p].worlds_used:
            searched += 1
            assert 0 < bots[p].spent <= 64 * 4 and bots[p].worlds_used <= 64
        game.apply(action)
    assert searched


def test_best_is_a_racing_montecarlo_bot_with_a_budget():
    bot = make_bot("best", seed=1)
    assert isinstance(bot, MonteCarloBot) and bot.race and bot.opponents == "model" and bot.threads == 2
    assert make_bot("best:5").worlds < bot.worlds < make_bot("best:500").worlds
    assert make_bot("best:5").name == "best:5"
    for bad in ("best:0", "best:x", "best:60001", "best:5:2"):
        with pytest.raises(ValueError, match="best:MS"):
            make_bot(bad)
    game = Game(seed=5)
    assert bot.act(game.view(game.to_move)) in game.legal_actions()


def test_a_sampler_draws_what_sample_worlds_draws():
    from phom.phom.vector import VectorGame, WorldSampler

    game = Game(seed=3)
    for _ in range(9):
        game.apply(game.legal_actions()[0])
    view = game.view(game.to_move)
    sampler = WorldSampler(view, tries=20, declines=True)
    for seed in (1, 2):
        one, other = sampler.draw(6, seed=seed), VectorGame.sample_worlds(view, 6, seed=seed, tries=20, declines=True)
        assert [one.state(i) for i in range(6)] == [other.state(i) for i in range(6)]
    with pytest.raises(ValueError, match="count"):
        sampler.draw(0)


def test_opponents_may_play_another_policy_in_the_playouts():
    game = Game(seed=12)
    view = game.view(0)
    greedy = GreedyBot().act(view)
    candidates = MonteCarloBot.candidates(view, greedy)
    same = MonteCarloBot(32, seed=4).evaluate(view, candidates, greedy)
    named = MonteCarloBot(32, seed=4, opponents="greedy").evaluate(view, candidates, greedy)
    other = MonteCarloBot(32, seed=4, opponents="random").evaluate(view, candidates, greedy)
    assert same.values == named.values != other.values
    with pytest.raises(ValueError, match="opponents"):
        MonteCarloBot(opponents="clever")


def test_a_race_on_threads_plays_its_short_last_round():
    """100 worlds in rounds of 16 leave a last round of 4 worlds, fewer than the 8 threads."""
    game = Game(seed=12)
    view = game.view(0)
    greedy = GreedyBot().act(view)
    bot = MonteCarloBot(worlds=100, race=True, round_worlds=16, threads=8, z=100.0, flat=0.0, seed=3)
    found = bot.evaluate(view, bot.candidates(view, greedy), greedy)
    assert found.playouts == 100


def test_kept_candidates_stay_and_no_flat_stop_without_flat():
    # the review's way: the played one (1, far behind) is never dropped; flat=None races every round
    play, calls = synthetic([0.0, -3.0, 1.0, -2.5])
    result = race(play, 4, rounds=3, z=2.0, flat=None, min_rounds=1, keep=(1,))
    assert result.alive == (1, 2) and result.best == 2 and result.rounds == 3
    assert calls[1][1] == [1, 2] and result.worlds[1] == 48 and result.stderrs[1] > 0
    play, calls = synthetic([0.0, 0.0], spread=0.0)
    assert race(play, 2, rounds=4, flat=None).rounds == 4 > race(synthetic([0.0, 0.0])[0], 2, rounds=4, flat=1.0).rounds
