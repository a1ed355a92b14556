"""The adapters pass their own projects' conformance tests: PettingZoo's api/seed/render tests,
Gymnasium's env checker, OpenSpiel's random simulation test, and OpenSpiel's ISMCTS plays full games."""

from __future__ import annotations

import numpy as np
import pytest

from phom import Rules


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


def test_pettingzoo_games_end_with_the_referees_money():
    from phom.envs.pettingzoo import env

    e = env(rules=Rules(players=3))
    rng = np.random.default_rng(1)
    for game in range(5):
        e.reset(seed=game)
        totals = dict.fromkeys(e.possible_agents, 0)
        for agent in e.agent_iter():
            observation, reward, termination, truncation, _ = e.last()
            totals[agent] += reward
            action = None if termination or truncation else int(rng.choice(np.flatnonzero(observation["action_mask"])))
            e.step(action)
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
