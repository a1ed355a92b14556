"""What advice costs: the hint's time a decision (quick and look-ahead) and the review's time a game
(every seat, at its defaults), in both games, on games of the project's bots.

    nice -n 10 python3 benchmarks/hint_cost.py --games 8 --seed 9001

The contract ("Advice with one voice"): the default hint at most 50 ms a decision on this machine, the
review at most 2 s a game. Figures are wall-clock on a shared machine: the load average is printed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

from phom import Game, hint
from phom.bots import make_bot
from phom.review import review
from phom.tienlen import TienLenGame
from phom.tienlen.bots import make_tienlen_bot
from phom.tienlen.hints import tienlen_hint

SEATS = ("montecarlo:64", "greedy", "random", "greedy")


def _quantiles(times: list[float]) -> str:
    ordered = sorted(times)
    return (f"mean {1000 * statistics.fmean(ordered):.1f} ms, p50 {1000 * ordered[len(ordered) // 2]:.1f}, "
            f"p90 {1000 * ordered[int(0.9 * len(ordered))]:.1f}, max {1000 * ordered[-1]:.1f} "
            f"({len(ordered)} decisions)")


def measure(game_name: str, games: int, seed: int, search_every: int = 4) -> dict[str, Any]:
    quick: list[float] = []
    searched: list[float] = []
    reviews: list[float] = []
    for index in range(games):
        deal = seed * 1000 + index
        game: Any = Game(seed=deal) if game_name == "phom" else TienLenGame(seed=deal)
        maker = make_bot if game_name == "phom" else make_tienlen_bot
        bots = [maker(SEATS[(index + p) % 4], seed=deal + p) for p in range(4)]
        decisions = 0
        while not game.is_over:
            p = game.to_move
            view = game.view(p)
            if len(view.legal_actions) > 1:
                decisions += 1
                started = time.perf_counter()
                if game_name == "phom":
                    hint(game, seed=deal)
                else:
                    tienlen_hint(game, p, seed=deal)
                quick.append(time.perf_counter() - started)
                if decisions % search_every == 0:
                    started = time.perf_counter()
                    if game_name == "phom":
                        hint(game, search=True, seed=deal)
                    else:
                        tienlen_hint(game, p, search=True, seed=deal)
                    searched.append(time.perf_counter() - started)
            game.apply(bots[p].act(view))
        started = time.perf_counter()
        review(game, seed=seed)
        reviews.append(time.perf_counter() - started)
    return {"game": game_name, "quick": quick, "search": searched, "review": reviews}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=9001)
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for game_name in ("phom", "tienlen"):
        m = measure(game_name, args.games, args.seed)
        print(f"{game_name}: hint {_quantiles(m['quick'])}; look-ahead {_quantiles(m['search'])}; review "
              f"(4 seats, defaults) mean {statistics.fmean(m['review']):.2f} s a game, max {max(m['review']):.2f} s "
              f"({len(m['review'])} games)")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
