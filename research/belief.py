"""How well could a learnt card-location model know the opponents' hands? Measured offline, against the
samplers MonteCarloBot uses (issue 25: the next step after the whole-history reading).

    python3 research/belief.py collect --games 400 --seed 91 --out /tmp/belief91.npz
    python3 research/belief.py collect --games 80 --seed 92 --samplers --out /tmp/belief92.npz
    python3 research/belief.py fit /tmp/belief91.npz /tmp/belief92.npz

- ``collect`` plays games of four MonteCarloBots (64 worlds) and keeps, at the start of each turn (the take), the
  seat's observation, which unseen card each opponent truly holds (his hidden cards: his hand less the
  eaten cards everyone saw), and the hand sizes. With ``--samplers`` it also keeps, per opponent, the
  share of his true hidden cards that 64 worlds give him, for montecarlo's sampler (``tries`` = 20) and
  the whole-history reading (``history`` = 2), as LADDER.md's belief table measures them.
- ``fit`` trains, on the first file, a network from the observation to a logit per card and place (each
  opponent, or the stock; PyTorch, the ``train`` extra), and on the second file turns its output into
  marginals that respect the hand sizes (Sinkhorn scaling: each unseen card is somewhere once, each
  opponent holds his count) and reports the mean marginal on each opponent's true hidden cards: the
  share a world drawn from those marginals would give him, on the samplers' scale.
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import numpy.typing as npt
from phom import Game
from phom.bots import MonteCarloBot
from phom.cards import card_indices
from phom.observation import encode
from phom.vector import VectorGame

Z95 = 1.959963984540054
PLAYERS = 4


def world_hands(worlds: VectorGame, seat: int) -> npt.NDArray[np.bool_]:
    """(worlds, 52) bool: ``seat``'s hand in each world."""
    obs = worlds.observation(np.full(len(worlds), seat, dtype=np.int64))
    return obs[:, :52] > 0.5


def collect_game(args: tuple[int, int, bool]) -> list[tuple[np.ndarray, ...]]:
    seed, index, samplers = args
    game = Game(seed=seed * 100_003 + index, leader=index % PLAYERS)
    bots = [MonteCarloBot(64, seed=seed * 1000 + index * 10 + s) for s in range(PLAYERS)]
    rows = []
    while not game.is_over:
        p = game.to_move
        assert p is not None
        view = game.view(p)
        if game.phase == "take":
            hidden = np.zeros((PLAYERS - 1, 52), dtype=bool)
            for k in range(1, PLAYERS):
                q = (p + k) % PLAYERS
                hidden[k - 1, card_indices(game.hands[q].mask & ~game.eaten[q].mask)] = True
            stock = np.zeros(52, dtype=bool)
            stock[list(game.state.stock)] = True
            unseen = hidden.any(axis=0) | stock
            sizes = np.array([*hidden.sum(axis=1), stock.sum()], dtype=np.int64)
            shares = np.full((2, PLAYERS - 1), np.nan)
            if samplers:
                for r, history in enumerate((0.0, 2.0)):
                    worlds = VectorGame.sample_worlds(view, 64, seed=index * 7919 + len(rows), tries=20,
                                                      history=history)
                    for k in range(1, PLAYERS):
                        held = world_hands(worlds, (p + k) % PLAYERS) & hidden[k - 1]
                        if hidden[k - 1].any():
                            shares[r, k - 1] = held.sum(axis=1).mean() / hidden[k - 1].sum()
            rows.append((encode(view), hidden, unseen, sizes, shares, np.array([index])))
        game.apply(bots[p].act(view))
    return rows


def collect(args: argparse.Namespace) -> None:
    began = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = [r for part in pool.map(collect_game, [(args.seed, i, args.samplers) for i in range(args.games)])
                for r in part]
    names = ("observation", "hidden", "unseen", "sizes", "shares", "game")
    np.savez_compressed(args.out, **{n: np.stack([r[i] for r in rows]) for i, n in enumerate(names)})
    print(f"{len(rows)} positions of {args.games} games in {time.perf_counter() - began:.0f} s → {args.out}")


def sinkhorn(logits: npt.NDArray[np.float64], unseen: npt.NDArray[np.bool_], sizes: npt.NDArray[np.int64],
             rounds: int = 60) -> npt.NDArray[np.float64]:
    """(n, 4, 52) logits → marginals: zero off the unseen cards, each card's column summing to 1, each
    place's row to its size."""
    weight = np.exp(logits - logits.max(axis=1, keepdims=True)) * unseen[:, None, :]
    for _ in range(rounds):
        weight /= np.maximum(weight.sum(axis=1, keepdims=True), 1e-300)
        weight *= (sizes / np.maximum(weight.sum(axis=2), 1e-300))[:, :, None]
    return weight


def share_row(name: str, shares: npt.NDArray[np.float64], base: npt.NDArray[np.float64]) -> str:
    ok = ~np.isnan(shares) & ~np.isnan(base)
    s, b = shares[ok], base[ok]
    spread = Z95 * s.std() / math.sqrt(len(s))
    gap = Z95 * (s - b).std() / math.sqrt(len(s))
    return f"| {name} | {s.mean():.4f} ± {spread:.4f} | {(s - b).mean():+.4f} ± {gap:.4f} |"


def fit(args: argparse.Namespace) -> None:
    import torch

    torch.manual_seed(1)
    with np.load(args.train) as train, np.load(args.test) as test:
        xa, ha, ua = train["observation"], train["hidden"], train["unseen"]
        xb, hb, ub, sb, shares = test["observation"], test["hidden"], test["unseen"], test["sizes"], test["shares"]

    def places(hidden: np.ndarray, unseen: np.ndarray) -> np.ndarray:
        stock = unseen & ~hidden.any(axis=1)
        return np.concatenate([hidden, stock[:, None, :]], axis=1).argmax(axis=1)   # (n, 52): 0-2 opp, 3 stock

    x = torch.tensor(xa, dtype=torch.float32)
    target = torch.tensor(places(ha, ua), dtype=torch.int64)
    mask = torch.tensor(ua, dtype=torch.bool)
    net = torch.nn.Sequential(torch.nn.Linear(xa.shape[1], args.hidden), torch.nn.ReLU(),
                              torch.nn.Linear(args.hidden, 4 * 52))
    opt = torch.optim.Adam(net.parameters(), lr=1e-3, weight_decay=1e-5)
    for _ in range(args.epochs):
        order = torch.randperm(len(x))
        for start in range(0, len(x), 256):
            pick = order[start:start + 256]
            logits = net(x[pick]).view(-1, 4, 52)
            loss = torch.nn.functional.cross_entropy(logits, target[pick], reduction="none")[mask[pick]].mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
    with torch.no_grad():
        logits = net(torch.tensor(xb, dtype=torch.float32)).view(-1, 4, 52).double().numpy()
    marginals = sinkhorn(logits, ub, sb)
    uniform = sinkhorn(np.zeros_like(logits), ub, sb)

    def on_true(m: np.ndarray) -> np.ndarray:
        held = (m[:, :3, :] * hb).sum(axis=2)
        count = hb.sum(axis=2)
        return np.where(count > 0, held / np.maximum(count, 1), np.nan)

    base = on_true(uniform)
    print(f"{len(xa)} training positions, {len(xb)} test positions ({int(np.isfinite(base).sum())} opponents with hidden cards)\n")
    print("| belief | share of his true hidden cards ± 95 % | minus uniform's, paired ± 95 % |\n|---|---|---|")
    print(share_row("uniform (Sinkhorn of equal weights)", base, base))
    if np.isfinite(shares).any():
        print(share_row("montecarlo's sampler (tries = 20), 64 worlds", shares[:, 0], base))
        print(share_row("whole history, `history` = 2, 64 worlds", shares[:, 1], base))
    print(share_row(f"learnt card locations (one layer of {args.hidden}), marginals", on_true(marginals), base))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    c = commands.add_parser("collect")
    c.add_argument("--games", type=int, default=400)
    c.add_argument("--seed", type=int, default=91)
    c.add_argument("--samplers", action="store_true")
    c.add_argument("--jobs", type=int, default=2)
    c.add_argument("--out", required=True)
    f = commands.add_parser("fit")
    f.add_argument("train")
    f.add_argument("test")
    f.add_argument("--hidden", type=int, default=256)
    f.add_argument("--epochs", type=int, default=20)
    args = parser.parse_args()
    {"collect": collect, "fit": fit}[args.command](args)


if __name__ == "__main__":
    main()
