"""The learned bot: the shipped weights load and play legal moves from every phase; NumPy inference
equals PyTorch's forward pass; a short training run learns what it cannot learn by chance."""

from __future__ import annotations

import os
from importlib import resources

import numpy as np
import pytest

from phom import Game, Rules
from phom.bots import GreedyBot, LearnedBot, make_bot
from phom.bots.learned import INPUT_SIZE, QNetwork, action_features, candidate_ids, masks_of
from phom.phom.observation import encode


def test_the_shipped_weights_are_small_and_load():
    path = resources.files("phom.phom.bots").joinpath("learned.npz")
    assert path.is_file() and len(path.read_bytes()) <= 1024 * 1024
    network = QNetwork.load()
    assert network.layers[0][0].shape[0] == INPUT_SIZE and network.layers[-1][0].shape[1] == 1
    assert isinstance(make_bot("learned"), LearnedBot)


@pytest.mark.parametrize("rules", [Rules(), Rules(players=2), Rules(players=3, tai_gui=False),
                                   Rules(u_khan=False, must_lay_all=True)], ids=["4p", "2p", "3p-no-tai", "other"])
def test_the_learned_bot_plays_legal_moves_from_every_phase(rules):
    seen = set()
    for seed in range(12):
        game = Game(rules, seed=seed)
        bots = [LearnedBot(), GreedyBot(), LearnedBot(), GreedyBot()][:rules.players]
        while not game.is_over:
            view = game.view(game.to_move)
            action = bots[game.to_move].act(view)
            assert action in view.legal_actions
            if game.to_move % 2 == 0:
                seen.add((view.phase, view.turn_kind))
            game.apply(action)
    assert {"take", "play"} <= {phase for phase, _ in seen} and "lay" in {kind for _, kind in seen}


def test_observation_masks_read_back_the_view():
    game = Game(seed=5)
    for _ in range(9):
        game.apply(GreedyBot().act(game.view(game.to_move)))
    view = game.view(game.to_move)
    hand, eaten, unseen = masks_of(encode(view))
    assert (hand, eaten, unseen) == (view.hand.mask, view.unlaid_eaten.mask, view.unseen.mask)


def test_numpy_inference_equals_the_pytorch_forward_pass():
    torch = pytest.importorskip("torch")
    from phom.phom.training import torch_model

    network = QNetwork.load()
    model = torch_model([w.shape[1] for w, _ in network.layers[:-1]], network)
    rng = np.random.default_rng(1)
    inputs = rng.random((64, INPUT_SIZE), dtype=np.float32)
    game = Game(seed=8)
    view = game.view(0)
    legal = np.zeros(2101, dtype=bool)
    legal[[a.id for a in view.legal_actions]] = True
    ids = candidate_ids(GreedyBot().act(view).id, legal)
    real = np.concatenate([np.broadcast_to(encode(view), (len(ids), 807)),
                           action_features(encode(view), ids, view.rules.value_table)], axis=1)
    for batch in (inputs, real.astype(np.float32)):
        expected = model(torch.from_numpy(batch)).detach().numpy()[:, 0]
        assert np.allclose(network(batch), expected, atol=1e-5)


def held_out_error(network, X, y) -> float:
    return float(np.mean((network(np.asarray(X, dtype=np.float32)) - y) ** 2))


def test_a_short_training_run_learns_more_than_chance():
    """A few thousand frames labelled by search: the trained network's held-out error must fall well
    below the error of always predicting the mean label; with the labels shuffled (nothing to learn)
    the same training must not, so the margin is not reachable by chance."""
    pytest.importorskip("torch")
    from phom.phom.training import search_targets, train_network

    games = int(os.environ.get("PHOM_TRAIN_GAMES", "60"))
    X, y = search_targets(None, games, seed=3, worlds=8)
    X_test, y_test = search_targets(None, games // 2, seed=4, worlds=8)
    assert len(X) > 3000
    baseline = float(np.mean((y_test - y.mean()) ** 2))
    trained = train_network(X, y, epochs=8, seed=0, threads=1)
    shuffled = train_network(X, np.random.default_rng(0).permutation(y), epochs=8, seed=0, threads=1)
    assert held_out_error(trained, X_test, y_test) < 0.9 * baseline          # 0.83 measured
    assert held_out_error(shuffled, X_test, y_test) > 0.97 * baseline        # 1.06 measured
