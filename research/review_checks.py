"""The review's own consistency, measured: options in order (``best == options[0][0]``, values
sorted) with the seconds a Phỏm game's review takes, and the error rates of the project's bots.

    python3 research/review_checks.py order
    python3 research/review_checks.py rates --game tienlen --games 40 --seed 72
"""

from __future__ import annotations

import argparse
import statistics
import time

from phom import Game
from phom.bots import make_bot
from phom.review import review
from phom.tienlen import TienLenGame
from phom.tienlen.bots import make_tienlen_bot


def order() -> None:
    """Three games of montecarlo against three greedy, every seat reviewed."""
    seconds, bad, decisions = [], 0, 0
    for seed in (3, 11, 17):
        game = Game(seed=seed)
        bots = [make_bot("montecarlo", seed=seed)] + [make_bot("greedy") for _ in range(3)]
        while not game.is_over:
            p = game.to_move
            assert p is not None
            game.apply(bots[p].act(game.view(p)))
        started = time.perf_counter()
        result = review(game, seed=1)
        seconds.append(round(time.perf_counter() - started, 2))
        for d in result.decisions:
            decisions += 1
            values = [v for _, v, _ in d.options]
            bad += d.best != d.options[0][0] or values != sorted(values, reverse=True)
    print(f"seconds a review {seconds}; {decisions} decisions, {bad} out of order")


def rates(game_name: str, games: int, seed: int) -> None:
    """Loss per unforced decision of random, greedy and montecarlo, seated in every rotation."""
    names = ["random", "greedy", "montecarlo", "greedy"]
    losses: dict[str, list[float]] = {n: [] for n in names}
    for g in range(games):
        seats = names[g % 4:] + names[:g % 4]
        game: Game | TienLenGame
        if game_name == "phom":
            game = Game(seed=seed * 1000 + g)
            bots = [make_bot(n, seed=seed * 10 + i) for i, n in enumerate(seats)]
        else:
            game = TienLenGame(seed=seed * 1000 + g)
            bots = [make_tienlen_bot(n, seed=seed * 10 + i) for i, n in enumerate(seats)]
        while not game.is_over:
            p = game.to_move
            assert p is not None
            game.apply(bots[p].act(game.view(p)))  # type: ignore[arg-type]
        for d in review(game, seed=seed).decisions:
            if not d.forced:
                losses[seats[d.seat]].append(d.loss)
    for name, values in losses.items():
        ci = 1.96 * statistics.stdev(values) / len(values) ** 0.5
        print(f"{game_name} {name}: {statistics.fmean(values):.3f} ± {ci:.3f} over {len(values)} decisions")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    sub.add_parser("order")
    two = sub.add_parser("rates")
    two.add_argument("--game", choices=("phom", "tienlen"), default="phom")
    two.add_argument("--games", type=int, default=24)
    two.add_argument("--seed", type=int, default=72)
    args = parser.parse_args()
    if args.mode == "order":
        order()
    else:
        rates(args.game, args.games, args.seed)


if __name__ == "__main__":
    main()
