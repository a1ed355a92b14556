"""The arenas' yardstick, measured: mirror matches (a bot against copies of itself: every deal tied?)
and the plain mean against the luck-corrected one (``mean_cv``) on the same deals, with the ratio of
their 95 % intervals.

    python3 research/yardstick.py mirror --deals 8 --seed 63
    python3 research/yardstick.py cv montecarlo:256 --panel montecarlo --deals 100 --seed 62
"""

from __future__ import annotations

import argparse
import time

from phom.arena import duplicate
from phom.tienlen.arena import duplicate as tienlen_duplicate


def mirror(deals: int, seed: int) -> None:
    """Phỏm montecarlo and level:4, Tiến lên montecarlo, each against three copies of itself."""
    for game, bot, arena in (("phom", "montecarlo", duplicate), ("phom", "level:4", duplicate),
                             ("tienlen", "montecarlo", tienlen_duplicate)):
        started = time.perf_counter()
        row = arena(bot, [bot], deals=deals, seeds=(seed,)).rows[0]
        print(f"{game} {bot} vs 3 × {bot}: {row.deals_tied}/{row.deals} deals tied, mean {row.mean_net:+.3f}"
              f" ({time.perf_counter() - started:.0f} s)")


def cv(challenger: str, panel: list[str], deals: int, seed: int) -> None:
    """The plain mean and ``mean_cv`` of each row, on the same deals."""
    report = duplicate(challenger, panel, deals=deals, seeds=(seed,))
    for row in report.rows:
        print(f"{challenger} vs 3 × {row.opponent}, {row.deals} deals (seed {seed}): mean {row.mean_net:+.3f} ± "
              f"{row.ci95:.3f}, mean_cv {row.mean_cv:+.3f} ± {row.ci95_cv:.3f}, interval ratio "
              f"{row.ci95 / row.ci95_cv:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    one = sub.add_parser("mirror")
    one.add_argument("--deals", type=int, default=8)
    one.add_argument("--seed", type=int, default=63)
    two = sub.add_parser("cv")
    two.add_argument("challenger")
    two.add_argument("--panel", default="montecarlo")
    two.add_argument("--deals", type=int, default=100)
    two.add_argument("--seed", type=int, default=62)
    args = parser.parse_args()
    if args.mode == "mirror":
        mirror(args.deals, args.seed)
    else:
        cv(args.challenger, args.panel.split(","), args.deals, args.seed)


if __name__ == "__main__":
    main()
