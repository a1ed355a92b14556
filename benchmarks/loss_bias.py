"""Is the review's loss money? Each unforced decision's reported ``loss`` against the same two moves
(the review's best and the played one) re-valued on independent worlds (``--held-out`` of them, a
seed the review never used). The contract ("Advice with one voice"): over a few hundred decisions
the means agree within 0.02 stakes. The difference of the shown values (``before − after``, the
loss before cross-fitting) is printed beside it.

    nice -n 10 python3 benchmarks/loss_bias.py --game phom --games 40 --seed 8101
    nice -n 10 python3 benchmarks/loss_bias.py --game tienlen --games 40 --seed 8101
"""

from __future__ import annotations

import argparse
import math
import sys
from typing import Any

import numpy as np

from phom import Game
from phom.bots import make_bot
from phom.racing import stage_seed
from phom.review import review
from phom.phom.review_replay import PhomReplay
from phom.tienlen.review_replay import TienLenReplay
from phom.tienlen import TienLenGame
from phom.tienlen.bots import make_tienlen_bot

SEATS = ("montecarlo", "greedy", "random", "greedy")


def played(game_name: str, index: int, seed: int) -> Any:
    names = SEATS[index % 4:] + SEATS[:index % 4]
    deal = seed * 1000 + index
    game: Any = Game(seed=deal) if game_name == "phom" else TienLenGame(seed=deal)
    maker = make_bot if game_name == "phom" else make_tienlen_bot
    bots = [maker(names[p], seed=deal + p) for p in range(4)]
    while not game.is_over:
        game.apply(bots[game.to_move].act(game.view(game.to_move)))
    return game


def measure(game_name: str, games: int, seed: int, held_out: int) -> dict[str, Any]:
    reported, naive, truth = [], [], []
    for index in range(games):
        game = played(game_name, index, seed)
        result = review(game, seed=seed + index)
        replay: Any = PhomReplay(game) if game_name == "phom" else TienLenReplay(game)
        turns = {(t.seat, t.index): t for s in range(4) for t in replay.turns(s)}
        for d in result.decisions:
            if d.forced:
                continue
            reported.append(d.loss)
            naive.append(d.before - d.after)
            if d.best == d.played:
                truth.append(0.0)
                continue
            turn = turns[(d.seat, d.index)]
            plans = dict(turn.candidates)
            worlds = replay.sample(d.seat, d.index, held_out, stage_seed("held out", seed, index, d.index))
            won = replay.values(worlds, d.seat, [plans[d.best], plans[d.played]], stage_seed("held", index))
            truth.append(float((won[:, 0] - won[:, 1]).mean()))
        print(f"game {index + 1}: {len(reported)} decisions, reported {np.mean(reported):.3f}, "
              f"held-out {np.mean(truth):.3f}", file=sys.stderr)
    r, n, t = (np.array(x) for x in (reported, naive, truth))
    gap, naive_gap = r - t, n - t
    half = 1.96 * gap.std(ddof=1) / math.sqrt(len(gap))
    naive_half = 1.96 * naive_gap.std(ddof=1) / math.sqrt(len(gap))
    return {"game": game_name, "games": games, "seed": seed, "decisions": len(r), "reported": float(r.mean()),
            "naive": float(n.mean()), "held_out": float(t.mean()), "bias": float(gap.mean()), "bias_half": half,
            "naive_bias": float(naive_gap.mean()), "naive_half": naive_half}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("phom", "tienlen"), default="phom")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=8101)
    parser.add_argument("--held-out", type=int, default=1024)
    args = parser.parse_args()
    m = measure(args.game, args.games, args.seed, args.held_out)
    print(f"{m['game']}, {m['games']} games, seed {m['seed']}: {m['decisions']} unforced decisions; mean loss "
          f"reported {m['reported']:.3f} (cross-fitted), shown values' difference {m['naive']:.3f}, held-out "
          f"{m['held_out']:.3f}; reported − held-out {m['bias']:+.3f} ± {m['bias_half']:.3f}, "
          f"shown − held-out {m['naive_bias']:+.3f} ± {m['naive_half']:.3f}")


if __name__ == "__main__":
    main()
