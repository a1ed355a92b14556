"""Self-play at C speed: whole games in the core against the Python referee on the same deals.

Per-call times in the summary are per game (playouts, simulate), per game-step (legal_mask + step) and
per decision (MonteCarloBot). ``impl`` "reference" rows are the Python referee on the same deals.
"""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from phom import Game
from phom.bots import GreedyBot, MonteCarloBot, RandomBot
from phom.simulation import simulate
from phom.phom.vector import VectorGame

GAMES = 2000
PYTHON_GAMES = 200


def decks(count: int, seed: int = 5) -> list[list[int]]:
    out = []
    for i in range(count):
        deck = list(range(52))
        random.Random(seed * 100_000 + i).shuffle(deck)
        out.append(deck)
    return out


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_playout_core(benchmark, policy):
    benchmark.group = f"whole 4-player game, {policy} play, per game"
    benchmark.extra_info.update(impl="core", calls=GAMES)
    deals = decks(GAMES)

    def run() -> VectorGame:
        v = VectorGame.from_decks(VectorGame(0).rules, deals, [0] * GAMES, list(range(GAMES)))
        v.playout(policy)
        return v

    v = benchmark(run)
    assert v.done.all() and (v.net.sum(axis=1) == 0).all()


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_playout_reference(benchmark, policy):
    """The Python referee plays the same deals: RandomBot-style uniform choices, or GreedyBot."""
    benchmark.group = f"whole 4-player game, {policy} play, per game"
    benchmark.extra_info.update(impl="reference", calls=PYTHON_GAMES)
    deals = decks(PYTHON_GAMES)
    bot = GreedyBot()

    def run() -> int:
        rng = random.Random(1)
        played = 0
        for deck in deals:
            hands, pos = [], 0
            for size in (10, 9, 9, 9):
                hands.append(sum(1 << c for c in deck[pos:pos + size]))
                pos += size
            game = Game(deal=(hands, deck[pos:pos + 15]))
            while not game.is_over:
                if policy == "random":
                    game.apply(rng.choice(game.legal_actions()))
                else:
                    game.apply(bot.act(game.view(game.to_move)))
            played += 1
        return played

    assert benchmark.pedantic(run, rounds=3, iterations=1) == PYTHON_GAMES


def test_legal_mask_and_step(benchmark):
    """legal_mask() + step() on 1,024 games, per game-step (the ids chosen by the core's random policy)."""
    benchmark.group = "legal_mask + step, 1,024 games, per game-step"
    steps = []

    def run() -> None:
        v = VectorGame(1024, seed=3)
        count = 0
        while True:
            done = v.done
            if done.all():
                break
            mask = v.legal_mask()
            actions = v.policy_actions("random")
            assert mask[np.arange(1024)[~done], actions[~done]].all()
            v.step(actions)
            count += 1024
        steps.append(count)

    benchmark.pedantic(run, rounds=5, iterations=1)
    benchmark.extra_info.update(impl="core", calls=steps[-1])


def test_montecarlo_decision(benchmark):
    """MonteCarloBot at its default, on positions of greedy games where it searches (eat/draw, discards)."""
    benchmark.group = "MonteCarloBot.act (default), per searched decision"
    rng = random.Random(5)
    bot, greedy = MonteCarloBot(seed=1), GreedyBot()
    views = []
    seed = 0
    while len(views) < 20:
        game = Game(seed=seed)
        seed += 1
        while not game.is_over:
            view = game.view(game.to_move)
            action = greedy.act(view)
            if rng.random() < 0.3 and len(bot.candidates(view, action)) > 1:
                views.append(view)
            game.apply(action)
    benchmark.extra_info.update(impl="core", calls=len(views))
    moves = benchmark.pedantic(lambda: [bot.act(v) for v in views], rounds=3, iterations=1)
    assert all(m in v.legal_actions for m, v in zip(moves, views))


@pytest.mark.parametrize("impl", ["core", "reference"])
def test_simulate_greedy_against_random(benchmark, impl):
    """``simulate`` with greedy, random, random, random on 2 processes (phom simulate --jobs 2)."""
    benchmark.group = "simulate greedy vs 3 random, 2 jobs, per game"
    games = 20_000 if impl == "core" else 1000
    benchmark.extra_info.update(impl=impl, calls=games)
    bots = [GreedyBot(), RandomBot(), RandomBot(), RandomBot()]

    def run() -> float:
        with ProcessPoolExecutor(2) as pool:
            return simulate(bots, games, seed=1, executor=pool, core=impl == "core").mean_net[0]

    assert benchmark.pedantic(run, rounds=3, iterations=1) > 5


def test_gymnasium_vector_env_steps(benchmark):
    """PhomVectorEnv (256 games, greedy opponents in the core): one learner step per env, per step;
    the learner plays its first legal id."""
    pytest.importorskip("gymnasium", reason='the Gymnasium adapter needs the extra: python3 -m pip install ".[rl]"')
    from phom.envs.gymnasium import PhomVectorEnv

    benchmark.group = "gymnasium PhomVectorEnv step, 256 envs, per env-step"
    envs = PhomVectorEnv(256, opponents="greedy")
    _, info = envs.reset(seed=1)
    state = {"info": info}
    rounds = 50

    def run() -> None:
        for _ in range(rounds):
            actions = state["info"]["action_mask"].argmax(axis=1)
            _, _, _, _, state["info"] = envs.step(actions)

    benchmark.pedantic(run, rounds=5, iterations=1)
    benchmark.extra_info.update(impl="core", calls=256 * rounds)
