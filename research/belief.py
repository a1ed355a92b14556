"""How well could a learnt card-location model know the opponents' hands? Measured offline, against the
samplers MonteCarloBot uses (issue 25: the next step after the whole-history reading).

    python3 research/belief.py collect --games 400 --seed 91 --out /tmp/belief91.npz
    python3 research/belief.py collect --games 80 --seed 92 --samplers --out /tmp/belief92.npz
    python3 research/belief.py fit /tmp/belief91.npz /tmp/belief92.npz
    python3 research/belief.py collect --games 80 --seed 95 --samplers --out /tmp/belief95.npz
    python3 research/belief.py screen /tmp/belief95.npz

- ``collect`` plays games of four MonteCarloBots (64 worlds) and keeps, at the start of each turn (the take), the
  seat's observation, which unseen card each opponent truly holds (his hidden cards: his hand less the
  eaten cards everyone saw), and the hand sizes. With ``--samplers`` it also keeps, per opponent, the
  share of his true hidden cards that 64 worlds give him, for each of ``SAMPLERS`` (montecarlo's sampler,
  ``tries`` = 20; the kept-phỏm reading; declines; the whole-history reading, ``history`` = 2), and
  for each laid-down opponent how often the worlds, and the truth, keep back a phỏm.
- ``screen`` prints those shares with paired intervals against montecarlo's sampler (LADDER.md, "The
  sampler keeps what it knows").
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
from phom._engine import Engine
from phom.phom.actions import Discard, Draw, Eat
from phom.bots import MonteCarloBot
from phom.cards import card_indices
from phom.phom.observation import encode
from phom.phom.vector import VectorGame, WorldSampler
from phom.phom.view import PlayerView
from phom.phom.worlds import declined_offers, keeps_phom, kept_readers, makes_phom_with

Z95 = 1.959963984540054
PLAYERS = 4

#: The samplers ``collect --samplers`` measures, in the order of its ``shares`` rows: name, then
#: ``sampler_worlds``' options. Rows 0 and 4 are the two LADDER.md's belief table measured before
#: (montecarlo's and the whole-history reading); the others add the kept-phỏm reading and declines.
SAMPLERS: tuple[tuple[str, dict[str, float | bool]], ...] = (
    ("montecarlo's sampler (`tries` = 20)", {}),
    ("kept phỏm read out (`kept` = 0)", {"kept": 0.0}),
    ("declines (`declines=True`)", {"declines": True}),
    ("kept = 0 and declines", {"kept": 0.0, "declines": True}),
    ("whole history, `history` = 2", {"history": 2.0}),
    ("`history` = 2 and kept = 0", {"history": 2.0, "kept": 0.0}),
)


def older_declines(view: PlayerView, player: int) -> list[int]:
    """The cards ``player`` was offered and drew instead of eating, at every take but his latest (which
    ``phom.phom.worlds.declined_offers`` reads); none once he has laid down."""
    if view.laid_down[player]:
        return []
    takes = [k for k, (who, action) in enumerate(view.history) if who == player and isinstance(action, (Draw, Eat))]
    cards = []
    for k in takes[:-1]:
        before = view.history[k - 1] if k > 0 else None
        if isinstance(view.history[k][1], Draw) and before is not None and before[0] != player \
                and isinstance(before[1], Discard):
            cards.append(before[1].card.index)
    return cards


def sampler_worlds(view: PlayerView, count: int, seed: int, *, tries: int = 20, declines: bool = False,
                   history: float = 0.0, kept: float = 1.0) -> VectorGame:
    """``count`` worlds of ``view`` as ``VectorGame.sample_worlds`` draws them, with the core's ``kept``
    (the weight of a laid-down opponent's draw that keeps back a phỏm: ``phom.phom.worlds.keeps_phom``).
    ``WorldSampler`` does not take ``kept`` yet, so its reading of the view is handed to the core here."""
    sampler = WorldSampler(view, tries=tries, declines=declines, history=history)
    worlds = VectorGame(0, view.rules)
    worlds._engine = Engine(count, view.rules)
    failed = worlds._engine.sample_worlds(sampler._source, view.player, sampler._hand_sizes, sampler._stock_size,
                                          seed, sampler._last_discards, sampler._declined, sampler._since, tries,
                                          0.0, sampler._penalties, kept)
    if failed:
        raise ValueError("no deal of the unseen cards fits this view")
    return worlds


def world_hands(worlds: VectorGame, seat: int) -> npt.NDArray[np.bool_]:
    """(worlds, 52) bool: ``seat``'s hand in each world."""
    obs = worlds.observation(np.full(len(worlds), seat, dtype=np.int64))
    return obs[:, :52] > 0.5


def true_places(game: Game, p: int) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.int64]]:
    """Where the cards seat ``p`` cannot see truly are: each opponent's hidden cards (his hand less the
    eaten cards everyone saw), the cards unseen by ``p`` (those and the stock), and the sizes of each
    opponent's hidden cards and of the stock."""
    hidden = np.zeros((PLAYERS - 1, 52), dtype=bool)
    for k in range(1, PLAYERS):
        q = (p + k) % PLAYERS
        hidden[k - 1, card_indices(game.hands[q].mask & ~game.eaten[q].mask)] = True
    stock = np.zeros(52, dtype=bool)
    stock[list(game.state.stock)] = True
    sizes = np.array([*hidden.sum(axis=1), stock.sum()], dtype=np.int64)
    return hidden, hidden.any(axis=0) | stock, sizes


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
            hidden, unseen, sizes = true_places(game, p)
            shares = np.full((len(SAMPLERS), PLAYERS - 1), np.nan)
            keeping = np.full((len(SAMPLERS) + 1, PLAYERS - 1), np.nan)    # the last row: the true hands
            readers = kept_readers(view)
            laid = np.array([readers[(p + k) % PLAYERS] for k in range(1, PLAYERS)])
            for k in range(1, PLAYERS):
                if laid[k - 1]:
                    keeping[-1, k - 1] = keeps_phom(game.hands[(p + k) % PLAYERS].mask)
            # declines as evidence: per opponent, does his hand make a phỏm with the card he declined at
            # his latest take (with his discards since), or with any card he declined before? In the
            # worlds of montecarlo's sampler (rows 0, 2) and in truth (rows 1, 3)
            declining = np.full((4, PLAYERS - 1), np.nan)
            declined, since = declined_offers(view)
            older = [older_declines(view, (p + k) % PLAYERS) for k in range(1, PLAYERS)]
            for k in range(1, PLAYERS):
                q = (p + k) % PLAYERS
                true = game.hands[q].mask
                if declined[q] >= 0:
                    declining[1, k - 1] = makes_phom_with(declined[q], true | since[q])
                if older[k - 1]:
                    declining[3, k - 1] = any(makes_phom_with(c, true) for c in older[k - 1])
            if samplers:
                worlds = sampler_worlds(view, 64, index * 7919 + len(rows))
                for k in range(1, PLAYERS):
                    q = (p + k) % PLAYERS
                    masks = [sum(1 << int(c) for c in np.flatnonzero(h)) for h in world_hands(worlds, q)]
                    if declined[q] >= 0:
                        declining[0, k - 1] = np.mean([makes_phom_with(declined[q], m | since[q]) for m in masks])
                    if older[k - 1]:
                        declining[2, k - 1] = np.mean([any(makes_phom_with(c, m) for c in older[k - 1])
                                                       for m in masks])
                for r, (_, options) in enumerate(SAMPLERS):
                    worlds = sampler_worlds(view, 64, index * 7919 + len(rows), **options)  # type: ignore[arg-type]
                    for k in range(1, PLAYERS):
                        hands = world_hands(worlds, (p + k) % PLAYERS)
                        held = hands & hidden[k - 1]
                        if hidden[k - 1].any():
                            shares[r, k - 1] = held.sum(axis=1).mean() / hidden[k - 1].sum()
                        if laid[k - 1]:
                            keeping[r, k - 1] = np.mean([keeps_phom(sum(1 << int(c) for c in np.flatnonzero(h)))
                                                         for h in hands])
            rows.append((encode(view), hidden, unseen, sizes, shares, np.array([index]), laid, keeping, declining))
        game.apply(bots[p].act(view))
    return rows


def collect(args: argparse.Namespace) -> None:
    began = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = [r for part in pool.map(collect_game, [(args.seed, i, args.samplers) for i in range(args.games)])
                for r in part]
    names = ("observation", "hidden", "unseen", "sizes", "shares", "game", "laid", "keeping", "declining")
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
        print(share_row("whole history, `history` = 2, 64 worlds", shares[:, 4], base))
    print(share_row(f"learnt card locations (one layer of {args.hidden}), marginals", on_true(marginals), base))


def screen(args: argparse.Namespace) -> None:
    """The offline screen of the samplers on ``collect --samplers`` files: the share of each opponent's
    true hidden cards 64 worlds give him, each sampler's paired difference from montecarlo's (row 0),
    over every opponent with hidden cards and over the laid-down ones; and how often a laid-down
    opponent keeps back a phỏm, in the worlds and in truth."""
    parts = [np.load(path) for path in args.files]
    shares = np.concatenate([p["shares"] for p in parts])
    laid = np.concatenate([p["laid"] for p in parts])
    keeping = np.concatenate([p["keeping"] for p in parts])
    print(f"{len(shares)} positions of {', '.join(args.files)}; {int(np.isfinite(shares[:, 0]).sum())} opponents "
          f"with hidden cards, {int((laid & np.isfinite(shares[:, 0])).sum())} of them laid down\n")
    print("| sampler | share, every opponent ± 95 % | minus montecarlo's, paired ± 95 % "
          "| share, laid-down opponents | minus montecarlo's, paired ± 95 % | worlds keeping a phỏm |")
    print("|---|---|---|---|---|---|")

    def cell(values: np.ndarray, base: np.ndarray) -> str:
        ok = np.isfinite(values) & np.isfinite(base)
        v, b = values[ok], base[ok]
        return (f"{v.mean():.4f} ± {Z95 * v.std() / math.sqrt(len(v)):.4f} | "
                f"{(v - b).mean():+.4f} ± {Z95 * (v - b).std() / math.sqrt(len(v)):.4f}")

    for r, (name, _) in enumerate(SAMPLERS):
        on_laid = np.where(laid, shares[:, r], np.nan)
        kept = keeping[:, r][np.isfinite(keeping[:, r])]
        print(f"| {name} | {cell(shares[:, r], shares[:, 0])} | {cell(on_laid, np.where(laid, shares[:, 0], np.nan))} "
              f"| {kept.mean():.3f} |")
    truth = keeping[:, -1][np.isfinite(keeping[:, -1])]
    print(f"\nIn truth, {int(truth.sum())} of {len(truth)} laid-down opponents kept back a phỏm ({truth.mean():.4f}).")
    if all("declining" in p for p in parts):
        declining = np.concatenate([p["declining"] for p in parts])
        print("\n| a decline | opponents | his hand makes a phỏm with the card: montecarlo's worlds | in truth |")
        print("|---|---|---|---|")
        for name, r in (("at his latest take (with his discards since)", 0), ("at any earlier take", 2)):
            ok = np.isfinite(declining[:, r + 1])
            w, t = declining[:, r][ok], declining[:, r + 1][ok]
            print(f"| {name} | {int(ok.sum())} | {w.mean():.3f} | {t.mean():.3f} "
                  f"± {Z95 * t.std() / math.sqrt(max(len(t), 1)):.3f} |")


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
    s = commands.add_parser("screen")
    s.add_argument("files", nargs="+")
    args = parser.parse_args()
    {"collect": collect, "fit": fit, "screen": screen}[args.command](args)


if __name__ == "__main__":
    main()
