"""The compiled engine against the Python referee: lockstep games over every rule set and player count,
mid-game loads from sampled worlds, the greedy policy against GreedyBot, and checked input."""

from __future__ import annotations

import os
import random
import threading

import numpy as np
import pytest

from phom import Game, Rules, Stakes
from phom import _engine
from phom.bots import GreedyBot
from phom.bots.planner import RAC_PRICE, PlannerBot
from phom.phom.vector import VectorGame
from phom.phom.worlds import sample_world
from game_helpers import POLICIES
from test_invariants import RULESETS

pytestmark = pytest.mark.computational

THOROUGH = os.environ.get("PHOM_HYPOTHESIS_PROFILE") == "thorough"
#: games per (rule set, player count, policy): 36 combinations, about 1,000 games (20,000 when thorough)
GAMES = 560 if THOROUGH else 28
FIRST_SEED = random.randrange(10**6) if THOROUGH else 0


#: the rule sets of the invariant tests, and one with every stake changed
ENGINE_RULESETS = {**RULESETS, "stakes": Rules(stakes=Stakes(eat=2, chot=5, second=1, third=3, last=6, mom=7,
                                                             u=8, u_tron=11, u_khan=9), den_chot_eater=True)}


def with_players(rules: Rules, players: int) -> Rules:
    return Rules(**{**{f: getattr(rules, f) for f in rules.__dataclass_fields__}, "players": players})


def lockstep(games: list[Game], rng: random.Random, policy: str) -> int:
    """Step the Python games and a VectorGame loaded from them with the same legal ids; compare
    legal masks, players to move and observations at every step, and the money at the end."""
    v = VectorGame.from_games(games)
    choose = POLICIES[policy]
    steps = 0
    while not all(g.is_over for g in games):
        masks, to_move, obs = v.legal_mask(), v.to_move, v.observation()
        ids = []
        for i, game in enumerate(games):
            if game.is_over:
                assert not masks[i].any() and to_move[i] == -1
                ids.append(-1)
                continue
            assert np.array_equal(masks[i], game.legal_action_mask()), (i, steps)
            assert to_move[i] == game.to_move
            assert np.array_equal(obs[i], game.observation(game.to_move)), (i, steps)
            action = choose(rng, game)
            game.apply(action)
            ids.append(action.id)
        v.step(ids)
        steps += 1
    assert v.done.all()
    for i, game in enumerate(games):
        assert tuple(v.net[i]) == game.result.net, i
        state = v.state(i)
        assert state.seats == game.state.seats and state.stock == game.state.stock
        assert list(state.payments) == list(game.result.payments)
    return steps


@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("ruleset", sorted(ENGINE_RULESETS))
def test_lockstep_with_the_referee(ruleset, players, policy):
    rules = with_players(ENGINE_RULESETS[ruleset], players)
    seeds = range(FIRST_SEED, FIRST_SEED + GAMES)
    games = [Game(rules, seed=s, leader=s % players) for s in seeds]
    assert lockstep(games, random.Random(FIRST_SEED), policy) > 20


@pytest.mark.parametrize("ruleset", sorted(ENGINE_RULESETS))
def test_lockstep_from_sampled_worlds_mid_game(ruleset):
    rules = ENGINE_RULESETS[ruleset]
    rng = random.Random(7)
    worlds = []
    for seed in range(12):
        game = Game(rules, seed=seed)
        for _ in range(rng.randrange(3, 40)):
            if game.is_over:
                break
            game.apply(POLICIES["eager"](rng, game))
        if not game.is_over:
            worlds.append(sample_world(game.view(game.to_move), rng))
    assert len(worlds) >= 6
    lockstep(worlds, rng, "eager")


@pytest.mark.parametrize("policy", ["greedy", "planner"])
def test_core_policy_makes_its_bots_decisions(policy):
    """On every decision of 1,000 games (250 of each player count, 4 rule sets), the core's greedy
    (planner) choice is GreedyBot's (PlannerBot's)."""
    bot = GreedyBot() if policy == "greedy" else PlannerBot()
    decisions = 0
    for players, ruleset in ((4, "standard"), (3, "victim_last"), (2, "jqk10"), (4, "strict")):
        rules = with_players(RULESETS[ruleset], players)
        games = [Game(rules, seed=s, leader=s % players) for s in range(250)]
        v = VectorGame.from_games(games)
        while not all(g.is_over for g in games):
            chosen = v.policy_actions(policy)
            ids = []
            for i, game in enumerate(games):
                if game.is_over:
                    ids.append(-1)
                    continue
                action = bot.act(game.view(game.to_move))
                assert chosen[i] == action.id, (ruleset, i, game.history)
                game.apply(action)
                ids.append(action.id)
                decisions += 1
            v.step(ids)
        assert [tuple(row) for row in v.net] == [g.result.net for g in games]
    assert decisions > 20_000


def test_playout_is_the_same_from_two_threads_as_from_one():
    def run(policy: str) -> np.ndarray:
        v = VectorGame(300, seed=11)
        v.playout(policy, seed=4)
        return v.net

    alone = {p: run(p) for p in ("random", "greedy")}
    found: dict[str, np.ndarray] = {}
    threads = [threading.Thread(target=lambda p=p: found.__setitem__(p, run(p))) for p in ("random", "greedy")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for p in alone:
        assert np.array_equal(found[p], alone[p])
    shared = VectorGame(300, seed=11)
    workers = [threading.Thread(target=shared.playout, args=("greedy",)) for _ in range(2)]
    for t in workers:
        t.start()
    for t in workers:
        t.join()
    assert np.array_equal(shared.net, alone["greedy"])


def test_playouts_keep_the_money_straight_and_reset_deals_again():
    v = VectorGame(500, Rules(players=3), seed=2)
    v.playout("random", seed=1)
    assert v.done.all() and (v.net.sum(axis=1) == 0).all() and v.net.shape == (500, 3)
    first = v.net.copy()
    v.reset(seed=9)
    assert not v.done.any() and (v.net == 0).all()
    v.playout("greedy")
    assert v.done.all() and (v.net.sum(axis=1) == 0).all()
    v.reset([0, 1])
    assert v.done.tolist()[:3] == [False, False, True]
    again = VectorGame(500, Rules(players=3), seed=2)
    again.playout("random", seed=1)
    assert np.array_equal(again.net, first)


def test_an_illegal_entry_names_the_game_and_changes_nothing():
    v = VectorGame(3, seed=5)
    before = [v.state(i) for i in range(3)]
    legal = v.legal_mask()
    good = [int(np.flatnonzero(legal[i])[0]) for i in range(3)]
    bad_id = int(np.flatnonzero(~legal[1])[0])
    with pytest.raises(ValueError, match=rf"game 1: action {bad_id} is refused"):
        v.step([good[0], bad_id, good[2]])
    with pytest.raises(ValueError, match="game 2: action -1 .*not over"):
        v.step([good[0], good[1], -1])
    assert [v.state(i) for i in range(3)] == before
    v.playout("random", seed=1)
    with pytest.raises(ValueError, match="game 0: action 0 .*over"):
        v.step([0, -1, -1])
    v.step([-1, -1, -1])


@pytest.mark.parametrize(
    ("actions", "message"),
    [([0, 0], r"shape \(3,\)"), ([[0, 0, 0]], "shape"), ([0.5, 0, 0], "integer"), (np.array([True, False, True]), "integer"),
     ([0, 2101, 0], r"actions\[1\] = 2101"), ([0, -2, 0], r"actions\[1\] = -2"), ("abc", "shape")],
)
def test_bad_arrays_are_refused_before_the_core(actions, message):
    v = VectorGame(3, seed=5)
    with pytest.raises(ValueError, match=message):
        v.step(actions)


def test_bad_arguments():
    with pytest.raises(ValueError, match="n -1"):
        VectorGame(-1)
    with pytest.raises(ValueError, match="policy 'clever'"):
        VectorGame(1).playout("clever")
    with pytest.raises(ValueError, match="other rules"):
        VectorGame.from_games([Game(seed=1), Game(Rules(players=3), seed=1)])
    with pytest.raises(ValueError, match="is over"):
        game = Game(seed=1)
        v = VectorGame.from_games([game])
        v.playout("random")
        VectorGame.from_games([Game.from_json(game.to_json())] if False else [_finished()])
    with pytest.raises(ValueError, match="player"):
        VectorGame(2).observation(4)
    with pytest.raises(ValueError, match="game index"):
        VectorGame(2).state(2)
    assert VectorGame(0).legal_mask().shape == (0, 2101)


def _unreachable_state():
    """A fresh deal in which seat 1 is said to have eaten a card of his hand that no phỏm can hold."""
    from phom.phom.solver import min_points_mask

    game = Game(seed=8)
    state = game.state.clone()
    seat = state.seats[1]
    card = next(c for c in range(52) if seat.hand >> c & 1
                and min_points_mask(seat.hand, 1 << c, game.rules.value_table) < 0)
    seat.eaten = seat.unlaid_eaten = 1 << card
    return game.rules, state


def test_a_state_no_game_reaches_is_refused_at_load_and_the_core_never_picks_from_nothing():
    rules, state = _unreachable_state()
    with pytest.raises(ValueError, match=r"games\[0\]: seat 1 holds eaten cards that no phỏm"):
        VectorGame.from_states(rules, [state])
    # the core's own guard, below the check: it stops at the seat with no legal action instead of
    # playing a garbage id (it used to loop for ever there)
    engine = _engine.Engine(2, rules)
    engine.load(0, Game(seed=8).state, 1)
    engine.load(1, state, 1)
    engine.playout(np.zeros(4, dtype=np.int8) + _engine.POLICY_GREEDY, 3, True)
    assert engine.stuck == 1
    out = np.empty(2, dtype=np.int64)
    engine.choose(_engine.POLICY_RANDOM, out)
    assert engine.stuck == 1 and out[1] == -1


def _finished() -> Game:
    game = Game(seed=1)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    return game


def test_the_cores_rac_price_is_the_planners():
    assert _engine.PLANNER_RAC_PRICE == RAC_PRICE
