"""How long a Tiến lên bot takes to decide: GAMES games against three greedy bots, the bot in every seat
in turn; prints the median over all its decisions and, over the decisions with a choice, the median,
90th percentile and maximum (wall time, one process).

    python3 benchmarks/tienlen_decisions.py montecarlo montecarlo:128:2 search --games 30
"""

from __future__ import annotations

import argparse
import statistics
import time

from phom.tienlen import TienLenGame
from phom.tienlen.bots import GreedyTienLenBot, make_tienlen_bot


def measure(spec: str, games: int, first_seed: int) -> str:
    bot, greedy = make_tienlen_bot(spec, seed=1), GreedyTienLenBot()
    every: list[float] = []
    chosen: list[float] = []
    for k in range(games):
        game = TienLenGame(seed=first_seed + k)
        seat = k % game.players
        while not game.is_over:
            view = game.view(game.to_move)
            if game.to_move != seat:
                game.apply(greedy.act(view))
                continue
            started = time.perf_counter()
            action = bot.act(view)
            took = (time.perf_counter() - started) * 1e3
            every.append(took)
            if len(view.legal_actions) > 1:
                chosen.append(took)
            game.apply(action)
    chosen.sort()
    return (f"{spec}: {len(every)} decisions, median {statistics.median(every):.2f} ms; with a choice "
            f"({len(chosen)}): median {statistics.median(chosen):.2f} ms, p90 {chosen[int(0.9 * (len(chosen) - 1))]:.2f} "
            f"ms, max {chosen[-1]:.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bots", nargs="+")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    for spec in args.bots:
        print(measure(spec, args.games, args.seed), flush=True)


if __name__ == "__main__":
    main()
