"""The strength ladder: each bot against three copies of the one below it, seat-rotated on the same deals.

    python3 benchmarks/ladder.py --games 2000 --jobs 2

Rung 1: GreedyBot against three RandomBots. Rung 2: SearchBot against three GreedyBots. Rung 3:
MonteCarloBot against three GreedyBots. Rung 4: MonteCarloBot against three SearchBots. Each rung plays
``--games`` games (every deal once per seat rotation) and reports the challenger's mean net stakes per
game with a 95 % confidence interval; the challenger is significantly ahead when the interval lies
above zero (in a zero-sum game with three identical opponents, equal strength means 0).
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from phom.bots import GreedyBot, MonteCarloBot, RandomBot, SearchBot
from phom.simulation import simulate


def rung(name, bots, games, seed, pool):  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    stats = simulate(bots, games, seed=seed, rotate=True, executor=pool, chunk=20, progress=True)
    mean, ci = stats.mean_net[0], stats.ci95[0]
    verdict = "significantly ahead" if mean - ci > 0 else "NOT significantly ahead"
    print(f"{name}: {stats.games} games, challenger mean net {mean:+.3f} ± {ci:.3f} (95 %), "
          f"win rate {100 * stats.win_rate[0]:.1f} %, {verdict}; {time.perf_counter() - started:.0f} s")
    print(stats.table())
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--samples", type=int, default=32, help="SearchBot worlds per decision")
    parser.add_argument("--worlds", type=int, default=128, help="MonteCarloBot worlds per decision")
    parser.add_argument("--rungs", default="1,2,3,4", help="which rungs to play, e.g. 3,4")
    args = parser.parse_args()
    chosen = {int(r) for r in args.rungs.split(",")}
    with ProcessPoolExecutor(args.jobs) as pool:
        if 1 in chosen:
            rung("greedy vs 3 random", [GreedyBot(), RandomBot(), RandomBot(), RandomBot()], args.games,
                 args.seed, pool)
        if 2 in chosen:
            search = SearchBot(samples=args.samples)
            rung(f"search({args.samples}) vs 3 greedy", [search, GreedyBot(), GreedyBot(), GreedyBot()],
                 args.games, args.seed, pool)
        montecarlo = MonteCarloBot(worlds=args.worlds)
        if 3 in chosen:
            rung(f"montecarlo({args.worlds}) vs 3 greedy", [montecarlo, GreedyBot(), GreedyBot(), GreedyBot()],
                 args.games, args.seed, pool)
        if 4 in chosen:
            searchers = [SearchBot(samples=args.samples) for _ in range(3)]
            rung(f"montecarlo({args.worlds}) vs 3 search({args.samples})", [montecarlo, *searchers],
                 args.games, args.seed, pool)


if __name__ == "__main__":
    main()
