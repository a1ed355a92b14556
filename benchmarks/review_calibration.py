"""Does the review predict money? Duplicate deals of ``montecarlo`` against three ``greedy`` (the
challenger in every seat rotation, bots reseeded as the arena reseeds them), every seat reviewed at
the defaults. The review's prediction for the challenger is its own skill minus a third of the
others' skill (the money of a seat is the skill it keeps and the others lose, luck being mean zero);
the arena's answer is its mean net. Both, with 95 % intervals clustered by deal, and each seat's mean
luck.

    nice -n 10 python3 benchmarks/review_calibration.py --deals 200 --seed 9301 --jobs 2 \
        --plot benchmarks/review_calibration.svg

``--plot`` draws the calibration: the deals sorted by the review's prediction into eight groups of
equal size, each group's mean prediction against its mean net money (± 95 %), beside the line where
they are equal.
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


def calibration_svg(rows: list[dict[str, Any]], groups: int = 8) -> str:
    """The calibration plot as SVG: per group of deals (by predicted money), mean prediction against
    mean net with its 95 % interval, and the diagonal."""
    rows = sorted(rows, key=lambda r: r["predicted"])
    groups = max(1, min(groups, len(rows) // 2))
    size = len(rows) / groups
    points = []
    for g in range(groups):
        part = rows[round(g * size):round((g + 1) * size)]
        if len(part) >= 2:
            x = statistics.fmean(r["predicted"] for r in part)
            y, half = _ci([r["net"] for r in part])
            points.append((x, y, half))
    low = min(min(x for x, _, _ in points), min(y - h for _, y, h in points))
    high = max(max(x for x, _, _ in points), max(y + h for _, y, h in points))
    low, high = math.floor(low) - 0.5, math.ceil(high) + 0.5
    width, left, top = 360, 60, 20

    def px(v: float) -> float:
        return left + (v - low) / (high - low) * width

    def py(v: float) -> float:
        return top + (high - v) / (high - low) * width

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + left + 20}" height="{width + top + 50}" '
             'font-family="DejaVu Sans, sans-serif" font-size="12">',
             f'<rect x="{left}" y="{top}" width="{width}" height="{width}" fill="white" stroke="#888"/>',
             f'<line x1="{px(low):.1f}" y1="{py(low):.1f}" x2="{px(high):.1f}" y2="{py(high):.1f}" '
             'stroke="#bbb" stroke-dasharray="4 3"/>']
    step = max(1, math.ceil((high - low) / 8))
    for tick in range(math.ceil(low), math.floor(high) + 1):
        if tick % step == 0:
            label = f"{tick:+d}" if tick else "0"
            parts.append(f'<text x="{px(tick):.1f}" y="{top + width + 16}" text-anchor="middle">{label}</text>')
            parts.append(f'<text x="{left - 6}" y="{py(tick) + 4:.1f}" text-anchor="end">{label}</text>')
    for x, y, half in points:
        parts.append(f'<line x1="{px(x):.1f}" y1="{py(y - half):.1f}" x2="{px(x):.1f}" y2="{py(y + half):.1f}" '
                     'stroke="#2e7d32"/>')
        parts.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="4" fill="#2e7d32"/>')
    parts.append(f'<text x="{left + width / 2}" y="{top + width + 36}" text-anchor="middle">the review\'s '
                 'prediction, stakes a game (own skill − others\' / 3)</text>')
    parts.append(f'<text transform="translate(16 {top + width / 2}) rotate(-90)" text-anchor="middle">'
                 'the money the table paid, stakes a game</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _ci(values: list[float]) -> tuple[float, float]:
    return statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=9301)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--plot", metavar="SVG", help="write the calibration plot here")
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
    if args.plot:
        with open(args.plot, "w", encoding="utf-8") as out:
            out.write(calibration_svg(rows))
        print(f"plot: {args.plot}")


if __name__ == "__main__":
    main()
