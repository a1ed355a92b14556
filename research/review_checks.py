"""The review's own consistency, measured: options in order (``best == options[0][0]``, values
sorted) with the seconds a Phỏm game's review takes, and the error rates of the project's bots.

    python3 research/review_checks.py order
    python3 research/review_checks.py rates --game tienlen --games 40 --seed 72
    python3 research/review_checks.py evaluators --games 40 --seed 81
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from phom import Game
from phom.bots import make_bot
from phom.review import review
from phom.tienlen.review_replay import TienLenReplay
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


NAMES = ["random", "greedy", "montecarlo", "greedy"]


def played(game_name: str, games: int, seed: int) -> list[tuple[list[str], Game | TienLenGame]]:
    """The rates' games: random, greedy, montecarlo and greedy in every rotation."""
    out: list[tuple[list[str], Game | TienLenGame]] = []
    for g in range(games):
        seats = NAMES[g % 4:] + NAMES[:g % 4]
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
        out.append((seats, game))
    return out


def evaluators(games: int, seed: int, variants: list[str]) -> None:
    """The same Tiến lên games reviewed with each playout setting (``TienLenReplay.PLAYOUT``: the
    reviewed seat's policy, then the others' in equal blocks of the worlds): the error rates, and
    the loss charged to the passes."""
    tables = played("tienlen", games, seed)
    default = TienLenReplay.PLAYOUT
    for variant in variants:
        TienLenReplay.PLAYOUT = tuple(json.loads(variant))
        losses: dict[str, list[float]] = {n: [] for n in NAMES}
        passes: dict[str, list[float]] = {n: [] for n in NAMES}
        started = time.perf_counter()
        for seats, game in tables:
            for d in review(game, seed=seed).decisions:
                if not d.forced:
                    losses[seats[d.seat]].append(d.loss)
                    if d.played == "pass":
                        passes[seats[d.seat]].append(d.loss)
        parts = []
        for name in NAMES[:3]:
            ci = 1.96 * statistics.stdev(losses[name]) / len(losses[name]) ** 0.5
            parts.append(f"{name} {statistics.fmean(losses[name]):.3f} ± {ci:.3f} (its passes "
                         f"{statistics.fmean(passes[name]) if passes[name] else 0:.3f} over {len(passes[name])})")
        print(f"{variant}: {'; '.join(parts)} [{time.perf_counter() - started:.0f} s]", flush=True)
    TienLenReplay.PLAYOUT = default


def rates(game_name: str, games: int, seed: int) -> None:
    """Loss per unforced decision of random, greedy and montecarlo, seated in every rotation."""
    losses: dict[str, list[float]] = {n: [] for n in NAMES}
    for seats, game in played(game_name, games, seed):
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
    three = sub.add_parser("evaluators")
    three.add_argument("--games", type=int, default=40)
    three.add_argument("--seed", type=int, default=81)
    three.add_argument("variants", nargs="*", default=['["greedy", "greedy"]', '["greedy", "random"]',
                                                       '["greedy", "greedy", "random"]',
                                                       '["greedy", "greedy", "random", "random", "random"]'])
    args = parser.parse_args()
    if args.mode == "order":
        order()
    elif args.mode == "evaluators":
        evaluators(args.games, args.seed, args.variants)
    else:
        rates(args.game, args.games, args.seed)


if __name__ == "__main__":
    main()
