"""Training the learned bot by self-play: MonteCarloBot's search distilled into a value network.

The method is expert iteration (Anthony, Tian and Barber, 2017; AlphaZero's training targets are the
same idea): a search labels the positions a player meets, a network learns to predict the labels, and the
network then plays the next games whose positions are labelled. Deep Monte Carlo as in DouZero
regresses Q on the money of single games; that label has a standard deviation of about 5 stakes against
differences between choices of a fraction of a stake, and with the frames a 2-core machine can make in
an hour it did not reach GreedyBot (see LADDER.md). Here every candidate of a decision is labelled with
its mean money over ``worlds`` determinized playouts in the compiled core (``MonteCarloBot.evaluate``),
which shares the worlds between candidates, so the differences the network must learn are far less
noisy.

Each iteration plays ``games`` games (every seat the current network, or GreedyBot's choices in
iteration 0; a random candidate with probability ``epsilon``), labels every decision that has a choice,
regresses Q(s, a) on the labels of the last ``window`` iterations (mean squared error, Adam), and
measures the network against three GreedyBots in duplicate games: the learning curve. Generation runs on
any ``concurrent.futures.Executor`` (``executor=``), as ``simulate`` does, so a Dask cluster scales it.

PyTorch does the training (``pip install "phom[train]"``); playing needs NumPy only. One command
reproduces the shipped weights::

    phom train --iterations 4 --games 2000 --worlds 32 --jobs 2 --out learned.npz --curve curve.csv

>>> X, y = search_targets(None, games=1, seed=1, worlds=4)
>>> X.shape[1] == INPUT_SIZE and len(X) == len(y) > 0
True
"""

from __future__ import annotations

import csv
import functools
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from .actions import NUM_ACTIONS, Action
from .bots.greedy import greedy_action
from .bots.learned import INPUT_SIZE, LearnedBot, QNetwork, action_features, candidate_ids
from .bots.montecarlo import MonteCarloBot
from .game import Game
from .observation import encode
from .rules import Rules

__all__ = ["CurvePoint", "search_targets", "train_learned", "train_network", "write_curve"]


def search_targets(layers: Sequence[tuple[npt.NDArray[Any], npt.NDArray[Any]]] | None, games: int, seed: int,
                   *, worlds: int = 32, epsilon: float = 0.1, rules: Rules | None = None
                   ) -> tuple[npt.NDArray[np.float16], npt.NDArray[np.float32]]:
    """Play ``games`` games (every seat: the network given by ``layers``, or GreedyBot's choices when
    None; a random candidate with probability ``epsilon``) and label every decision with a choice: each
    candidate's mean money over ``worlds`` MonteCarloBot playouts. Returns (inputs, targets), one row
    per candidate."""
    rules = rules if rules is not None else Rules()
    network = QNetwork(layers) if layers is not None else None
    rng = random.Random(seed)
    search = MonteCarloBot(worlds=worlds, seed=seed)
    values = rules.value_table
    inputs: list[npt.NDArray[np.float32]] = []
    targets: list[float] = []
    for g in range(games):
        game = Game(rules, seed=seed * 100_003 + g, leader=g % rules.players)
        while not game.is_over:
            view = game.view(game.to_move)  # type: ignore[arg-type]
            greedy = greedy_action(view.hand.mask, view.unlaid_eaten.mask, view.legal_actions, view.unseen.mask,
                                   view.phase, values)
            legal = np.zeros(NUM_ACTIONS, dtype=bool)
            legal[[a.id for a in view.legal_actions]] = True
            ids = candidate_ids(greedy.id, legal)
            chosen = greedy
            if len(ids) >= 2:
                observation = encode(view)
                rows = np.concatenate([np.broadcast_to(observation, (len(ids), len(observation))),
                                       action_features(observation, ids, values)], axis=1)
                found = dict((a.id, value) for a, value in
                             search.evaluate(view, [Action.from_id(i) for i in ids], greedy).values)
                inputs.extend(rows)
                targets.extend(found[i] for i in ids)
                if rng.random() < epsilon:
                    chosen = Action.from_id(rng.choice(ids))
                elif network is not None:
                    chosen = Action.from_id(ids[int(np.argmax(network(rows)))])
            game.apply(chosen)
    return np.asarray(inputs, dtype=np.float16).reshape(-1, INPUT_SIZE), np.asarray(targets, dtype=np.float32)


def train_network(X: npt.NDArray[Any], y: npt.NDArray[Any], *, hidden: Sequence[int] = (128, 64), epochs: int = 2,
                  batch: int = 512, lr: float = 1e-3, seed: int = 0, start: QNetwork | None = None,
                  threads: int | None = None) -> QNetwork:
    """Regress Q on the returns with PyTorch (mean squared error, Adam); the result as a QNetwork."""
    try:
        import torch
    except ImportError:
        from ..extras import missing_extra

        raise missing_extra("train", "phom.phom.training (PyTorch)") from None
    torch.manual_seed(seed)
    if threads:
        torch.set_num_threads(threads)
    model = torch_model(hidden, start)
    optimiser = torch.optim.Adam(model.parameters(), lr=lr)
    inputs = torch.from_numpy(np.asarray(X, dtype=np.float32))
    targets = torch.from_numpy(np.asarray(y, dtype=np.float32))
    generator = torch.Generator().manual_seed(seed)
    for _ in range(epochs):
        order = torch.randperm(len(inputs), generator=generator)
        for start_at in range(0, len(order), batch):
            chosen = order[start_at:start_at + batch]
            optimiser.zero_grad()
            loss = torch.mean((model(inputs[chosen]).squeeze(1) - targets[chosen]) ** 2)
            loss.backward()  # type: ignore[no-untyped-call]
            optimiser.step()
    return network_of(model)


def torch_model(hidden: Sequence[int], start: QNetwork | None = None) -> Any:
    """The PyTorch twin of a QNetwork (``start``'s weights, or fresh ones)."""
    import torch

    sizes = [INPUT_SIZE, *hidden, 1]
    layers: list[Any] = []
    for i in range(len(sizes) - 1):
        layers.append(torch.nn.Linear(sizes[i], sizes[i + 1]))
        if i < len(sizes) - 2:
            layers.append(torch.nn.ReLU())
    model = torch.nn.Sequential(*layers)
    if start is not None:
        linear = [m for m in model if isinstance(m, torch.nn.Linear)]
        with torch.no_grad():
            for module, (w, b) in zip(linear, start.layers):
                module.weight.copy_(torch.from_numpy(w.T.copy()))
                module.bias.copy_(torch.from_numpy(b.copy()))
    return model


def network_of(model: Any) -> QNetwork:
    import torch

    linear = [m for m in model if isinstance(m, torch.nn.Linear)]
    return QNetwork([(m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy()) for m in linear])


@dataclass(frozen=True)
class CurvePoint:
    """Strength after an iteration: frames (decisions) trained on so far, mean net against 3 × greedy."""

    iteration: int
    frames: int
    mean_net: float
    ci95: float
    seconds: float


def _generate(layers: Any, worlds: int, epsilon: float, games: int, seed: int) -> tuple[Any, Any]:
    return search_targets(layers, games, seed, worlds=worlds, epsilon=epsilon)


def train_learned(*, iterations: int = 4, games: int = 2000, worlds: int = 32, epsilon: float = 0.1,
                  window: int = 4, epochs: int = 4, hidden: Sequence[int] = (128, 64), eval_deals: int = 150,
                  seed: int = 1, executor: Executor | None = None, chunks: int = 16,
                  progress: Callable[[str], None] | None = None) -> tuple[QNetwork, list[CurvePoint]]:
    """Search distilled into the network, by self-play (see the module docstring); the final network
    and the learning curve."""
    from ..arena import duplicate

    network: QNetwork | None = None
    data: list[tuple[Any, Any]] = []
    curve: list[CurvePoint] = []
    frames = 0
    started = time.perf_counter()
    for it in range(iterations):
        layers = None if network is None else network.layers
        sizes = [len(part) for part in np.array_split(np.arange(games), chunks) if len(part)]
        seeds = [seed * 1_000_003 + it * 101 + k for k in range(len(sizes))]
        work = functools.partial(_generate, layers, worlds, epsilon)
        parts = list(executor.map(work, sizes, seeds) if executor is not None else map(work, sizes, seeds))
        X = np.concatenate([p[0] for p in parts])
        y = np.concatenate([p[1] for p in parts])
        frames += len(X)
        data = (data + [(X, y)])[-window:]
        network = train_network(np.concatenate([d[0] for d in data]), np.concatenate([d[1] for d in data]),
                                hidden=hidden, epochs=epochs, seed=seed + it, start=network)
        row = duplicate(LearnedBot(network), ["greedy"], deals=eval_deals, seeds=(10_000 + seed,),
                        executor=executor).rows[0]
        curve.append(CurvePoint(it, frames, row.mean_net, row.ci95, time.perf_counter() - started))
        if progress is not None:
            bar = "#" * (it + 1) + "." * (iterations - it - 1)
            progress(f"[{bar}] iteration {it + 1}/{iterations}: {frames:,} frames, vs 3 × greedy "
                     f"{row.mean_net:+.3f} ± {row.ci95:.3f}, {time.perf_counter() - started:.0f} s")
    assert network is not None
    return network, curve


def write_curve(curve: Sequence[CurvePoint], path: str, plot: str | None = None) -> None:
    """The curve as CSV, and as a PNG where matplotlib is installed."""
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["iteration", "frames", "mean_net_vs_3_greedy", "ci95", "seconds"])
        for point in curve:
            writer.writerow([point.iteration, point.frames, f"{point.mean_net:.4f}", f"{point.ci95:.4f}",
                             f"{point.seconds:.1f}"])
    if plot:
        try:
            import matplotlib

            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            print("phom train: matplotlib is not installed; the curve is in the CSV only", file=sys.stderr)
            return
        figure, axes = plt.subplots(figsize=(6, 3.5))
        axes.errorbar([p.frames for p in curve], [p.mean_net for p in curve], yerr=[p.ci95 for p in curve],
                      marker="o", capsize=3)
        axes.axhline(0, color="grey", linewidth=0.8)
        axes.set_xlabel("frames (decisions) trained on")
        axes.set_ylabel("mean net vs 3 × greedy")
        axes.set_title("LearnedBot: learning curve")
        figure.tight_layout()
        figure.savefig(plot, dpi=120)
