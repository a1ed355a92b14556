"""Does the review predict money? Duplicate deals of ``montecarlo`` against three ``greedy`` (the
challenger in every seat rotation, bots reseeded as the arena reseeds them), every seat reviewed at
the defaults. The review's prediction for the challenger is its own skill minus a third of the
others' skill (the money of a seat is the skill it keeps and the others lose, luck being mean zero);
the arena's answer is its mean net. Both, with 95 % intervals clustered by deal, and each seat's mean
luck.

    nice -n 10 python3 benchmarks/review_calibration.py --deals 200 --seed 9301 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import statistics
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from phom import Game
from phom.bots import make_bot
from phom.matchups import decision_seed
from phom.review import review


def deal_rows(seed: int, deals: list[int]) -> list[dict[str, Any]]:
    """For each deal: the challenger's net, predicted money and luck, and the greedy seats' luck."""
    rows = []
    for deal in deals:
        row: dict[str, Any] = {"deal": deal, "net": 0.0, "predicted": 0.0, "luck": 0.0, "others_luck": []}
        for rotation in range(4):
            bots = [make_bot("montecarlo" if q == rotation else "greedy") for q in range(4)]
            game = Game(seed=(seed * 1_000_003 + deal * 7919) % 2**63, leader=0)
            while not game.is_over:
                p = game.to_move
                view = game.view(p)
                reseed = getattr(bots[p], "reseed", None)
                if reseed is not None:
                    reseed(decision_seed(seed, deal, view))
                game.apply(bots[p].act(view))
            result = review(game, seed=deal * 4 + rotation)
            ledger = {e.seat: e for e in result.ledger}
            others = [q for q in range(4) if q != rotation]
            row["net"] += ledger[rotation].net / 4
            row["predicted"] += (ledger[rotation].skill - sum(ledger[q].skill for q in others) / 3) / 4
            row["luck"] += ledger[rotation].luck / 4
            row["others_luck"] += [ledger[q].luck for q in others]
        rows.append(row)
    return rows


def _ci(values: list[float]) -> tuple[float, float]:
    return statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=9301)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    parts = [list(range(j, args.deals, args.jobs)) for j in range(args.jobs)]
    if args.jobs == 1:
        rows = deal_rows(args.seed, parts[0])
    else:
        with ProcessPoolExecutor(args.jobs) as pool:
            rows = [r for part in pool.map(deal_rows, [args.seed] * args.jobs, parts) for r in part]
    net, predicted = _ci([r["net"] for r in rows]), _ci([r["predicted"] for r in rows])
    gap = _ci([r["predicted"] - r["net"] for r in rows])
    luck = _ci([r["luck"] for r in rows])
    others = _ci([statistics.fmean(r["others_luck"]) for r in rows])
    print(f"montecarlo vs 3 greedy, {len(rows)} duplicate deals (seed {args.seed}): arena mean net {net[0]:+.3f} ± "
          f"{net[1]:.3f}; review's prediction (own skill − others' / 3) {predicted[0]:+.3f} ± {predicted[1]:.3f}; "
          f"prediction − net {gap[0]:+.3f} ± {gap[1]:.3f}; mean luck montecarlo {luck[0]:+.3f} ± {luck[1]:.3f}, "
          f"greedy {others[0]:+.3f} ± {others[1]:.3f} (per deal)")


if __name__ == "__main__":
    main()
