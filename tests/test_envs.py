"""The adapters pass their own projects' conformance tests: PettingZoo's api/seed/render tests,
Gymnasium's env checker, OpenSpiel's random simulation test, and OpenSpiel's ISMCTS plays full games."""

from __future__ import annotations

import numpy as np
import pytest

from phom import Rules

pytestmark = pytest.mark.stress


@pytest.mark.parametrize(("module", "blocked", "extra"), [
    ("phom.envs.pettingzoo", "pettingzoo", "rl"), ("phom.envs.gymnasium", "gymnasium", "rl"),
    ("phom.envs.openspiel", "pyspiel", "openspiel")])
def test_a_missing_extra_is_a_one_line_error_naming_the_install(module, blocked, extra):
    import subprocess
    import sys

    code = (f"import sys; sys.modules[{blocked!r}] = None\n"
            f"try:\n    import {module}\nexcept ImportError as e:\n    print(e)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().endswith(f'needs the optional extra: pip install "phom[{extra}]"') and out.count("\n") == 1


# -- PettingZoo ---------------------------------------------------------------------------------------

def test_pettingzoo_api_seed_and_render_tests():
    from pettingzoo.test import api_test, render_test, seed_test

    from phom.envs.pettingzoo import env

    api_test(env(), num_cycles=400)
    api_test(env(rules=Rules(players=2)), num_cycles=200)
    seed_test(env, num_cycles=300)
    render_test(lambda render_mode=None: env(render_mode=render_mode),
                custom_tests={"ansi": lambda text: isinstance(text, str) and "seat 0: hand" in text})


def play_random_game(e, seed: int, rng) -> dict[str, float]:
    """One game of a PettingZoo env with uniformly random legal actions; every agent's total reward."""
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, _ = e.last()
        totals[agent] += reward
        action = None if termination or truncation else int(rng.choice(np.flatnonzero(observation["action_mask"])))
        e.step(action)
    return totals


def test_pettingzoo_games_end_with_the_referees_money():
    from phom.envs.pettingzoo import env

    e = env(rules=Rules(players=3))
    rng = np.random.default_rng(1)
    for game in range(5):
        totals = play_random_game(e, game, rng)
        assert sum(totals.values()) == 0 and any(totals.values())
        assert list(totals.values()) == list(e.unwrapped.game.result.net)


def test_pettingzoo_bad_parameters():
    from phom.envs.pettingzoo import env

    with pytest.raises(ValueError, match="render_mode"):
        env(render_mode="rgb_array")
    with pytest.raises(ValueError, match="Rules"):
        env(rules={"players": 2})  # type: ignore[arg-type]


# -- Gymnasium ----------------------------------------------------------------------------------------

def test_gymnasium_env_checker_and_registration():
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    import phom.envs.gymnasium as phom_gym

    env = gymnasium.make(phom_gym.ENV_ID, opponents=("greedy", "random", "search:2"))
    check_env(env.unwrapped, skip_render_check=False)
    observation, info = env.reset(seed=3)
    total, steps = 0.0, 0
    while True:
        action = int(np.flatnonzero(info["action_mask"])[0])
        observation, reward, terminated, truncated, info = env.step(action)
        total, steps = total + reward, steps + 1
        if terminated or truncated:
            break
    game = env.unwrapped.game
    assert game.is_over and total == game.result.net[0] and steps > 3


def test_gymnasium_illegal_actions_and_parameters():
    import phom.envs.gymnasium as phom_gym

    env = phom_gym.PhomEnv(opponents=("greedy",), rules=Rules(players=2), illegal_reward=-7)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == -7 and "illegal_action" in info and info["illegal_action"]
    with pytest.raises(ValueError, match="opponents names 2 bots"):
        phom_gym.PhomEnv(opponents=("greedy", "greedy"), rules=Rules(players=4))
    with pytest.raises(ValueError, match="unknown bot"):
        phom_gym.PhomEnv(opponents=("clever", "greedy", "greedy"))
    with pytest.raises(ValueError, match="seat"):
        phom_gym.PhomEnv(seat=5)


def test_gymnasium_vector_env_on_the_engine():
    import gymnasium

    import phom.envs.gymnasium as phom_gym

    envs = phom_gym.PhomVectorEnv(32, opponents="greedy")
    assert envs.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP
    observation, info = envs.reset(seed=2)
    assert observation.shape == (32, 807) and info["action_mask"].shape == (32, 2101)
    assert (info["action_mask"].sum(axis=1) > 0).all()
    rng = np.random.default_rng(0)
    ended = np.zeros(32, dtype=bool)
    episodes, money = 0, 0.0
    for _ in range(400):
        mask = info["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in mask])
        observation, reward, terminated, truncated, info = envs.step(actions)
        assert not info["illegal_action"].any()
        assert (reward[ended] == 0).all() and not terminated[ended].any()   # the autoreset step
        episodes += int(terminated.sum())
        money += float(reward.sum())
        ended = terminated
        assert envs.observation_space.contains(observation)
    assert episodes > 50 and money / episodes < 0   # a random learner loses to greedy opponents
    bad = np.full(32, 5000)
    _, reward, terminated, _, info = envs.step(bad)
    live = ~ended
    assert info["illegal_action"][live].all() and (reward[live] == -5.0).all() and terminated[live].all()


# -- OpenSpiel ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("params", [{}, {"players": 2}, {"players": 3, "chot_rule": "victim_last", "tai_gui": False},
                                    {"hand_size": 8, "must_lay_all": True, "u_by_gui": False, "eat_pay": "progressive"}])
def test_openspiel_random_sim_test(params):
    import pyspiel

    from phom.envs import openspiel

    openspiel.register()
    game = pyspiel.load_game("python_phom", params)
    pyspiel.random_sim_test(game, num_sims=6, serialize=False, verbose=False)


def test_openspiel_ismcts_plays_full_games_with_a_resampler():
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    from phom.envs import openspiel

    openspiel.register()
    for players in (2, 4):
        game = pyspiel.load_game("python_phom", {"players": players})
        rs = np.random.RandomState(players)
        bot = ismcts.ISMCTSBot(game=game, evaluator=mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0,
                               max_simulations=20, random_state=rs)
        bot.set_resampler(lambda state, player: state.resample_from_infostate(player, None))
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes())
                state.apply_action(int(rs.choice(outcomes, p=probabilities)))
            else:
                state.apply_action(bot.step(state))
                decisions += 1
        assert decisions > 3 and sum(state.returns()) == 0


def test_openspiel_information_hides_other_hands_and_resampling_keeps_it():
    import pyspiel

    from phom.envs import openspiel

    openspiel.register()
    game = pyspiel.load_game("python_phom")
    state = game.new_initial_state()
    rs = np.random.RandomState(5)
    while state.is_chance_node() or len(state.history()) < 80:
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rs.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rs.choice(state.legal_actions())))
    assert not state.is_terminal()
    player = state.current_player()
    other = (player + 1) % 4
    text = state.information_state_string(player)
    for card in state.view(other).hand:
        if card not in state.view(player).hand and card.code not in " ".join(
                str(x) for x in (state.view(player).rows, state.view(player).laid, state.view(player).eaten)):
            assert f" {card.code} " not in f" {state.observation_string(player)} "
    for _ in range(5):
        twin = state.resample_from_infostate(player, None)
        assert twin.information_state_string(player) == text
        assert twin.observation_string(player) == state.observation_string(player)
        assert np.array_equal(twin.information_state_tensor(player), state.information_state_tensor(player))
        assert twin.legal_actions() == state.legal_actions()
    assert len(state.information_state_tensor(player)) == openspiel.INFO_STATE_SIZE
    assert len(state.observation_tensor(player)) == 807


# -- Tiến lên: the same third-party tests, and the card-by-card action encoding ---------------------

def test_tienlen_action_encoding_spells_every_legal_play_once_and_nothing_else():
    import random

    from phom.tienlen import TienLenGame, TienLenRules
    from phom.tienlen.actions import PASS_ID, PLAY_ID, TienLenTurn, spell

    rng = random.Random(3)
    checked = 0
    for seed in range(25):
        game = TienLenGame(TienLenRules(players=rng.choice((2, 3, 4))), seed=seed)
        while not game.is_over and checked < 4000:
            legal = game.legal_actions()
            spelled: list[int] = []
            stack = [0]                     # every path of legal ids, depth first
            while stack:
                selection = stack.pop()
                turn = TienLenTurn(game)
                turn.selection = selection
                for action_id in turn.legal_ids():
                    if action_id == PLAY_ID:
                        spelled.append(selection)
                    elif action_id == PASS_ID:
                        spelled.append(-1)
                    else:
                        stack.append(selection | 1 << action_id)
            expected = [a.cards.mask if hasattr(a, "cards") else -1 for a in legal]
            assert sorted(spelled) == sorted(expected)      # each legal play by exactly one path
            action = rng.choice(legal)
            turn = TienLenTurn(game)
            for action_id in spell(action):
                turn.apply_id(action_id)
            checked += 1


def test_tienlen_action_refusals_name_the_problem_and_change_nothing():
    from phom.tienlen import TienLenGame
    from phom.tienlen.actions import PASS_ID, PLAY_ID, TienLenTurn

    turn = TienLenTurn(TienLenGame(seed=3))
    legal = turn.legal_ids()
    for bad, message in ((PASS_ID, "pass"), (PLAY_ID, "nothing is selected"), (99, "not an action id"),
                         (next(i for i in range(52) if i not in legal), "no legal play continues")):
        with pytest.raises(ValueError, match=message):
            turn.apply_id(bad)
        assert turn.selection == 0 and turn.legal_ids() == legal and not turn.game.history


def test_tienlen_pettingzoo_api_and_seed_tests():
    from pettingzoo.test import api_test, seed_test

    from phom.envs.pettingzoo import env
    from phom.tienlen import TienLenRules

    api_test(env(game="tienlen"), num_cycles=400)
    api_test(env(game="tienlen", rules=TienLenRules(players=2)), num_cycles=200)
    seed_test(lambda render_mode=None: env(game="tienlen", render_mode=render_mode), num_cycles=300)
    e = env(game="tienlen", rules=TienLenRules(players=3))
    rng = np.random.default_rng(2)
    for game in range(4):
        totals = play_random_game(e, game, rng)
        assert list(totals.values()) == list(e.unwrapped.game.result.net) and sum(totals.values()) == 0
    with pytest.raises(ValueError, match="game"):
        env(game="chess")


def test_tienlen_gymnasium_env_checker_and_vector_env():
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    import phom.envs.gymnasium as phom_gym

    env = gymnasium.make(phom_gym.TIENLEN_ENV_ID, opponents=("greedy", "random", "montecarlo:8"))
    check_env(env.unwrapped, skip_render_check=False)
    observation, info = env.reset(seed=3)
    total = 0.0
    while True:
        observation, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        total += reward
        if terminated or truncated:
            break
    assert env.unwrapped.game.is_over and total == env.unwrapped.game.result.net[0]

    envs = phom_gym.TienLenVectorEnv(16, opponents="greedy")
    observation, info = envs.reset(seed=2)
    assert observation.shape == (16, 402) and info["action_mask"].shape == (16, 54)
    rng = np.random.default_rng(0)
    episodes, money = 0, 0.0
    for _ in range(600):
        actions = np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in info["action_mask"]])
        observation, reward, terminated, truncated, info = envs.step(actions)
        assert not info["illegal_action"].any() and envs.observation_space.contains(observation)
        episodes += int(terminated.sum())
        money += float(reward.sum())
    assert episodes > 10 and money / episodes < 0     # a random learner loses to greedy opponents
    _, reward, terminated, _, info = envs.step(np.full(16, 99))
    assert info["illegal_action"].sum() > 0 and (reward[info["illegal_action"]] == -5.0).all()


@pytest.mark.parametrize("params", [{}, {"players": 2}, {"players": 3, "dem_heo": True, "pass_locks_round": False},
                                    {"end_at_first_out": True, "chat_after_pass": False,
                                     "four_kind_beats_single_heo": False}])
def test_tienlen_openspiel_random_sim_test(params):
    import pyspiel

    from phom.envs import openspiel

    openspiel.register()
    pyspiel.random_sim_test(pyspiel.load_game("python_tienlen", params), num_sims=4, serialize=False, verbose=False)


def test_tienlen_openspiel_ismcts_and_resampling_keep_the_information_state():
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    from phom.envs import openspiel, openspiel_tienlen

    openspiel.register()
    game = pyspiel.load_game("python_tienlen", {"players": 3})
    rs = np.random.RandomState(4)
    bot = ismcts.ISMCTSBot(game=game, evaluator=mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0,
                           max_simulations=10, random_state=rs)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, None))
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rs.choice(outcomes, p=probabilities)))
            continue
        player = state.current_player()
        if checked < 12:
            twin = state.resample_from_infostate(player, None)
            assert twin.information_state_string(player) == state.information_state_string(player)
            assert np.array_equal(twin.information_state_tensor(player), state.information_state_tensor(player))
            assert twin.legal_actions() == state.legal_actions()
            other = (player + 1) % 3
            hidden = state.turn.game.hands[other]
            assert not any(f" {c.code}" in state.observation_string(player) for c in hidden
                           if c not in state.turn.game.hands[player])
            checked += 1
        state.apply_action(bot.step(state))
    assert sum(state.returns()) == 0 and checked == 12
    assert len(state.information_state_tensor(0)) == openspiel_tienlen.INFO_STATE_SIZE
