"""The opponent model in the arena (issue 33, item 3): ``best``'s racing search with the opponents of
its playouts played by GreedyBot's policy or by the opponent model (``opponents="model"``,
``phom.phom.opponent_model``), 1-vs-3 against three ``montecarlo`` on the same duplicate deals, with the
plain mean and ``mean_cv``.

    python3 research/opponent_screen.py --opponents greedy --deals 150 --seed 95
    python3 research/opponent_screen.py --opponents model --deals 150 --seed 95
"""

from __future__ import annotations

import argparse
import time

from phom.arena import duplicate
from phom.bots import BEST, MonteCarloBot, best_worlds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponents", default="model", help="the playouts' policy of the other seats")
    parser.add_argument("--ms", type=int, default=50, help="the budget, as best:MS")
    parser.add_argument("--panel", default="montecarlo")
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--seed", type=int, default=95)
    args = parser.parse_args()
    options = dict(BEST, opponents=args.opponents)
    bot = MonteCarloBot(worlds=best_worlds(args.ms), **options)  # type: ignore[arg-type]
    bot.name = f"best:{args.ms} ({args.opponents} opponents)"  # type: ignore[misc]
    started = time.perf_counter()
    report = duplicate(bot, args.panel.split(","), deals=args.deals, seeds=(args.seed,))
    for row in report.rows:
        print(f"{bot.name} vs 3 × {row.opponent}, {row.deals} deals (seed {args.seed}): mean {row.mean_net:+.3f} ± "
              f"{row.ci95:.3f}, mean_cv {row.mean_cv:+.3f} ± {row.ci95_cv:.3f}, {row.ms_per_decision:.1f} ms a "
              f"decision ({time.perf_counter() - started:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
