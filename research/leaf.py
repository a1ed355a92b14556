"""A leaf evaluator for MonteCarloBot's playouts (issue 25, item 4), measured against full playouts.

    python3 research/leaf.py collect --games 300 --seed 81 --out /tmp/leaf81.npz
    python3 research/leaf.py fit /tmp/leaf81.npz --out /tmp/leaf_model.npz
    python3 research/leaf.py timing /tmp/leaf_model.npz --cuts 8,16 --games 10 --seed 47
    python3 research/leaf.py challenge /tmp/leaf_model.npz --configs "cut16=cut:16,worlds:160" --deals 300 --seeds 31

- ``collect`` plays games of four MonteCarloBots (64 worlds) and keeps every state they pass through,
  each with every seat's final money: the value the model learns is montecarlo's, not greedy's.
- ``fit`` trains a small network (one hidden layer, PyTorch from the ``train`` extra) on 80 % of the
  games and reports, on the other 20 %, its error beside two baselines: the mean, and one greedy playout
  from the true state (what a full playout estimates).
- ``timing`` and ``challenge``: ``LeafMonteCarloBot`` plays each world ``cut`` plies greedily after the
  candidate, then takes the model's value of the state reached (a finished game counts its money), in
  place of the greedy playout to the end; timed like for like, then 1-vs-3 against three montecarlo on
  duplicate deals in every seat.

The features of a state for seat p are read from the core's observations of each seat (so nothing
hidden from the world is used, and nothing beyond it): per seat, in order from p, the fewest points of
the hand (``phom.phom.batch.min_points``), cards held, laid down or not, cards eaten, cards thrown; p's
points minus each other seat's, whether p holds the fewest; the stock left, the phase, the turn's kind
and who is to move.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
import numpy.typing as npt
from phom import Game
from phom.arena import duplicate
from phom.phom.batch import min_points
from phom.bots import MonteCarloBot, make_bot
from phom.phom.observation import OBSERVATION_OFFSETS
from phom.phom.vector import VectorGame

Z95 = 1.959963984540054
PLAYERS = 4


def masks_of(block: npt.NDArray[np.float32]) -> npt.NDArray[np.uint64]:
    """(n, 52) one-hot cards → (n,) uint64 masks."""
    packed = np.zeros((len(block), 8), dtype=np.uint8)
    packed[:, :7] = np.packbits(block > 0.5, axis=1, bitorder="little")
    return packed.view("<u8")[:, 0].astype(np.uint64)


def leaf_features(games: VectorGame, seat: int) -> npt.NDArray[np.float32]:
    """(n, 35) features of each game for ``seat`` (see the module's docstring).

    >>> leaf_features(VectorGame(3, seed=1), 0).shape
    (3, 35)
    """
    at = OBSERVATION_OFFSETS
    n = len(games)
    per_seat = []
    own = None
    for k in range(PLAYERS):
        q = (seat + k) % PLAYERS
        obs = games.observation(np.full(n, q, dtype=np.int64))
        if k == 0:
            own = obs
        hand = masks_of(obs[:, at["hand"]:at["hand"] + 52])
        eaten = masks_of(obs[:, at["unlaid_eaten"]:at["unlaid_eaten"] + 52])
        points = min_points(hand, eaten).astype(np.float32)
        points = np.where(points < 0, 0.0, points) / 10.0
        per_seat.append(np.stack([
            points,
            obs[:, at["seat_hand_size_div10"]],
            obs[:, at["seat_laid_down"]],
            obs[:, at["seat0_eaten"]:at["seat0_eaten"] + 52].sum(axis=1),
            obs[:, at["seat_row_size_div4"]],
        ], axis=1))
    assert own is not None
    mine: npt.NDArray[np.float32] = per_seat[0][:, 0]
    others = np.stack([s[:, 0] for s in per_seat[1:]], axis=1)
    fewest = (mine[:, None] < others).all(axis=1).astype(np.float32)
    public = own[:, at["stock_fraction"]:at["stock_fraction"] + 1 + 3 + 3 + 4]
    return np.concatenate([*per_seat, mine[:, None] - others, fewest[:, None], public], axis=1).astype(np.float32)


class LeafModel:
    """One hidden layer (tanh) on standardised features, weights as NumPy arrays (no PyTorch at play)."""

    def __init__(self, arrays: dict[str, npt.NDArray[np.float64]]) -> None:
        self.mean, self.scale = arrays["mean"], arrays["scale"]
        self.w1, self.b1, self.w2, self.b2 = arrays["w1"], arrays["b1"], arrays["w2"], arrays["b2"]

    @classmethod
    def load(cls, path: str) -> LeafModel:
        with np.load(path) as data:
            return cls({k: data[k].astype(np.float64) for k in data.files})

    def __call__(self, features: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
        x = (features - self.mean) / self.scale
        return np.asarray(np.tanh(x @ self.w1 + self.b1) @ self.w2 + self.b2)


class LeafMonteCarloBot(MonteCarloBot):
    """MonteCarloBot whose playouts stop ``cut`` plies after the candidate (``cut`` = −1: at the seat's
    next turn) and are finished by ``model``."""

    def __init__(self, model: LeafModel, cut: int, **options: Any) -> None:
        super().__init__(**options)
        self.model, self.cut = model, cut

    def playout_money(self, view: Any, ids: list[int], size: int, sampler: Any = None) -> np.ndarray:
        source = sampler if sampler is not None else self.sampler(view)
        world_seed = self.rng.getrandbits(63)
        worlds = source.draw(size, seed=world_seed)
        tiled = worlds.tile(len(ids))
        tiled.step(np.tile(ids, size))
        if self.cut < 0:  # to the seat's next turn: its own plies, then the others' (one core call)
            while (mine := tiled.to_move == view.player).any():
                tiled.step(tiled.policy_actions("greedy"), only=mine)
            tiled.advance(view.player, "greedy")
        for _ in range(max(self.cut, 0)):
            if tiled.done.all():
                break
            tiled.step(tiled.policy_actions("greedy"))
        money = tiled.net[:, view.player].astype(np.float64)
        open_games = np.flatnonzero(~tiled.done)
        if len(open_games):
            money[open_games] = self.model(leaf_features(tiled.select(open_games), view.player))
        return money.reshape(size, len(ids))


# -- collect ------------------------------------------------------------------------------------

def collect_game(args: tuple[int, int, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    seed, index, worlds = args
    game = Game(seed=seed * 100_003 + index, leader=index % PLAYERS)
    bots = [MonteCarloBot(worlds, seed=seed * 1000 + index * 10 + s) for s in range(PLAYERS)]
    states = []
    while not game.is_over:
        states.append(game.clone())
        p = game.to_move
        assert p is not None
        game.apply(bots[p].act(game.view(p)))
    batch = VectorGame.from_games(states)
    assert game.result is not None
    net = np.array(game.result.net, dtype=np.float64)
    features = np.concatenate([leaf_features(batch, p) for p in range(PLAYERS)])
    targets = np.concatenate([np.full(len(states), net[p]) for p in range(PLAYERS)])
    # one greedy playout from each true state: what a full playout estimates
    batch.playout("greedy", seed=index)
    greedy = np.concatenate([batch.net[:, p].astype(np.float64) for p in range(PLAYERS)])
    return features, targets, np.stack([greedy, np.full(len(targets), index)], axis=1)


def collect(args: argparse.Namespace) -> None:
    jobs = [(args.seed, i, args.worlds) for i in range(args.games)]
    began = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        parts = list(pool.map(collect_game, jobs))
    features = np.concatenate([p[0] for p in parts])
    targets = np.concatenate([p[1] for p in parts])
    extra = np.concatenate([p[2] for p in parts])
    np.savez_compressed(args.out, features=features, targets=targets, greedy=extra[:, 0], game=extra[:, 1])
    print(f"{len(targets)} samples of {args.games} games in {time.perf_counter() - began:.0f} s → {args.out}")


# -- fit ----------------------------------------------------------------------------------------

def fit(args: argparse.Namespace) -> None:
    import torch

    torch.manual_seed(args.seed)
    with np.load(args.data) as data:
        x, y, greedy, game = data["features"], data["targets"], data["greedy"], data["game"]
    test = game % 5 == 0
    mean, scale = x[~test].mean(axis=0), x[~test].std(axis=0) + 1e-6
    xt = torch.tensor((x[~test] - mean) / scale, dtype=torch.float32)
    yt = torch.tensor(y[~test], dtype=torch.float32)
    net = torch.nn.Sequential(torch.nn.Linear(x.shape[1], args.hidden), torch.nn.Tanh(), torch.nn.Linear(args.hidden, 1))
    opt = torch.optim.Adam(net.parameters(), lr=3e-3, weight_decay=1e-5)
    for epoch in range(args.epochs):
        order = torch.randperm(len(xt))
        for start in range(0, len(xt), 512):
            pick = order[start:start + 512]
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(net(xt[pick]).squeeze(1), yt[pick])
            loss.backward()
            opt.step()
    w1, b1 = net[0].weight.detach().numpy().T, net[0].bias.detach().numpy()
    w2, b2 = net[2].weight.detach().numpy().T[:, 0], net[2].bias.detach().numpy()[0]
    np.savez(args.out, mean=mean, scale=scale, w1=w1, b1=b1, w2=w2, b2=np.array(b2))
    model = LeafModel.load(args.out)
    predicted = model(x[test])

    def mse(values: np.ndarray) -> str:
        errors = (values - y[test]) ** 2
        return f"{errors.mean():.2f} ± {Z95 * errors.std() / math.sqrt(len(errors)):.2f}"

    print(f"{len(y)} samples, {int(test.sum())} held out (games with index % 5 == 0)")
    print("| value of a state | squared error against montecarlo's outcome |\n|---|---|")
    print(f"| the mean ({y[~test].mean():+.2f}) | {mse(np.full(int(test.sum()), y[~test].mean()))} |")
    print(f"| one greedy playout from the true state | {mse(greedy[test])} |")
    print(f"| the model | {mse(predicted)} |")


# -- timing and arena ---------------------------------------------------------------------------

def bots_of(model_path: str, configs: str) -> dict[str, MonteCarloBot]:
    model = LeafModel.load(model_path)
    bots: dict[str, MonteCarloBot] = {}
    for item in filter(None, configs.split(";")):
        name, _, body = item.partition("=")
        options = {k: int(v) for k, _, v in (p.partition(":") for p in body.split(","))}
        cut = options.pop("cut")
        bots[name] = LeafMonteCarloBot(model, cut, **options)
        bots[name].name = name
    return bots


def timing(args: argparse.Namespace) -> None:
    bots: dict[str, Any] = {"montecarlo": make_bot("montecarlo", seed=1)}
    bots.update(bots_of(args.model, args.configs))
    views = []
    for index in range(args.games):
        game = Game(seed=args.seed * 100_003 + index, leader=index % PLAYERS)
        players = [MonteCarloBot(128, seed=index * 10 + s) for s in range(PLAYERS)]
        while not game.is_over:
            p = game.to_move
            assert p is not None
            view = game.view(p)
            if len(view.legal_actions) > 1:
                views.append(view)
            game.apply(players[p].act(view))
    spent: dict[str, list[float]] = {name: [] for name in bots}
    for k, view in enumerate(views):
        for name in (list(bots) if k % 2 == 0 else list(bots)[::-1]):
            began = time.perf_counter()
            bots[name].act(view)
            spent[name].append(time.perf_counter() - began)
    print(f"{len(views)} decisions with more than one legal action, {args.games} games, one process\n")
    print("| bot | median ms | mean ms |\n|---|---|---|")
    for name, times in spent.items():
        print(f"| {name} | {statistics.median(times) * 1e3:.2f} | {statistics.fmean(times) * 1e3:.2f} |")


def challenge(args: argparse.Namespace) -> None:
    seeds = [int(s) for s in args.seeds.split(",")]
    with ProcessPoolExecutor(args.jobs) as pool:
        for name, bot in bots_of(args.model, args.configs).items():
            began = time.perf_counter()
            report = duplicate(bot, ["montecarlo"], deals=args.deals, seeds=seeds, executor=pool)
            for row in report.rows:
                per_seed = " / ".join(f"{m:+.3f}" for m in row.seed_means)
                print(f"| {name} | {row.opponent} | **{row.mean_net:+.3f} ± {row.ci95:.3f}** | {per_seed} | "
                      f"{row.p_mean_holm:.2g} | {row.ms_per_decision:.2f} | {row.verdict} |", flush=True)
            print(f"({name}: {time.perf_counter() - began:.0f} s)", file=sys.stderr, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    c = commands.add_parser("collect")
    c.add_argument("--games", type=int, default=300)
    c.add_argument("--seed", type=int, default=81)
    c.add_argument("--worlds", type=int, default=64)
    c.add_argument("--jobs", type=int, default=2)
    c.add_argument("--out", required=True)
    f = commands.add_parser("fit")
    f.add_argument("data")
    f.add_argument("--out", required=True)
    f.add_argument("--hidden", type=int, default=64)
    f.add_argument("--epochs", type=int, default=30)
    f.add_argument("--seed", type=int, default=1)
    t = commands.add_parser("timing")
    t.add_argument("model")
    t.add_argument("--configs", default="cut8=cut:8;cut16=cut:16")
    t.add_argument("--games", type=int, default=10)
    t.add_argument("--seed", type=int, default=47)
    h = commands.add_parser("challenge")
    h.add_argument("model")
    h.add_argument("--configs", required=True)
    h.add_argument("--deals", type=int, default=300)
    h.add_argument("--seeds", default="31")
    h.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    {"collect": collect, "fit": fit, "timing": timing, "challenge": challenge}[args.command](args)


if __name__ == "__main__":
    main()
