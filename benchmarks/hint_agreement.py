"""Does the review call the hint a mistake? One seat of each game follows the default hint (the page's
"Gợi ý", the terminal's ``?``) through whole games against the project's bots; the review, at its
defaults and with another seed than the hint's, then labels that seat's unforced decisions. The
contract ("Advice with one voice"): a mistake or a blunder in at most 2 % of at least 300 of them.

    nice -n 10 python3 benchmarks/hint_agreement.py --game phom --games 30 --seed 7001
    nice -n 10 python3 benchmarks/hint_agreement.py --game tienlen --games 30 --seed 7001

It also prints the hint's cost a decision (mean and 90th percentile) and the review's time a game.
``--old`` plays the greedy bot's move instead (the hint before the judgement), for comparison.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from typing import Any

from phom import Game, hint
from phom.bots import make_bot
from phom.review import review
from phom.tienlen import TienLenGame
from phom.tienlen.bots import make_tienlen_bot
from phom.tienlen.hints import tienlen_hint

#: the other seats, in turn: the project's bots from weakest to strongest
PHOM_BOTS = ("greedy", "montecarlo:64", "random", "planner", "montecarlo", "level:3")
TIENLEN_BOTS = ("greedy", "montecarlo:64", "random", "search", "montecarlo", "level:3")


def play_one(game_name: str, index: int, seed: int, old: bool = False) -> tuple[Any, int, list[float]]:
    """One game with seat ``index % 4`` following the hint: the finished game, that seat, the hint's
    times (seconds)."""
    seat = index % 4
    names = PHOM_BOTS if game_name == "phom" else TIENLEN_BOTS
    deal_seed = seed * 1000 + index
    game: Any
    if game_name == "phom":
        game = Game(seed=deal_seed)
        bots = {p: make_bot(names[(index + p) % len(names)], seed=deal_seed + p) for p in range(4) if p != seat}
    else:
        game = TienLenGame(seed=deal_seed)
        bots = {p: make_tienlen_bot(names[(index + p) % len(names)], seed=deal_seed + p) for p in range(4) if p != seat}
    times: list[float] = []
    while not game.is_over:
        p = game.to_move
        view = game.view(p)
        if p != seat:
            game.apply(bots[p].act(view))
            continue
        if old:
            action = (make_bot("greedy") if game_name == "phom" else make_tienlen_bot("greedy")).act(view)
        else:
            started = time.perf_counter()
            if game_name == "phom":
                action = hint(game, seed=deal_seed).action
            else:
                action = tienlen_hint(game, seat, seed=deal_seed)[0]
            if len(view.legal_actions) > 1:
                times.append(time.perf_counter() - started)
        game.apply(action)
    return game, seat, times


def measure(game_name: str, games: int, seed: int, old: bool = False, quiet: bool = False) -> dict[str, Any]:
    """Play ``games`` games and review the hint's seat in each (the review's seed: ``seed + 1``)."""
    unforced = labelled = inaccuracies = 0
    hint_times: list[float] = []
    review_times: list[float] = []
    for index in range(games):
        game, seat, times = play_one(game_name, index, seed, old)
        hint_times += times
        started = time.perf_counter()
        result = review(game, seats=[seat], seed=seed + 1)
        review_times.append(time.perf_counter() - started)
        for d in result.decisions:
            if d.seat != seat or d.forced:
                continue
            unforced += 1
            labelled += d.label in ("mistake", "blunder")
            inaccuracies += d.label == "inaccuracy"
        if not quiet:
            print(f"game {index + 1}: {unforced} unforced, {labelled} mistakes or blunders", file=sys.stderr)
    rate = labelled / unforced if unforced else 0.0
    low, high = wilson(labelled, unforced)
    return {"game": game_name, "games": games, "seed": seed, "old": old, "unforced": unforced,
            "mistakes": labelled, "rate": rate, "low": low, "high": high, "inaccuracies": inaccuracies,
            "hint_ms_mean": 1000 * statistics.mean(hint_times) if hint_times else 0.0,
            "hint_ms_p90": 1000 * sorted(hint_times)[int(0.9 * len(hint_times))] if hint_times else 0.0,
            "review_s_mean": statistics.mean(review_times), "review_s_max": max(review_times)}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95 % interval of a proportion k / n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("phom", "tienlen"), default="phom")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7001)
    parser.add_argument("--old", action="store_true", help="play greedy's move (the old hint) instead")
    args = parser.parse_args()
    r = measure(args.game, args.games, args.seed, args.old)
    print(f"{r['game']}{' (old greedy hint)' if r['old'] else ''}, {r['games']} games, seed {r['seed']}: "
          f"{r['mistakes']} mistakes or blunders in {r['unforced']} unforced decisions = {100 * r['rate']:.1f} % "
          f"[{100 * r['low']:.1f}, {100 * r['high']:.1f}]; {r['inaccuracies']} inaccuracies; hint "
          f"{r['hint_ms_mean']:.1f} ms a decision (p90 {r['hint_ms_p90']:.1f}); review {r['review_s_mean']:.2f} s a "
          f"seat-game (max {r['review_s_max']:.2f})")


if __name__ == "__main__":
    main()
