"""The Phỏm strength table of LADDER.md, measured by the arena: every challenger against every panel style.

    python3 benchmarks/arena_ladder.py --deals 250 --seeds 11,12 --jobs 2 --write

Each cell is ``phom.arena.duplicate``: the challenger 1-vs-3 against three copies of a panel style, every
deal in every seat rotation, ``--deals`` deals per seed; mean net stakes a game with a deal-clustered
95 % interval, the verdict by the mean of the per-deal sums with Holm's correction across the panel
(the sign test beside it). With
``--write`` the tables replace the Phỏm section of ``benchmarks/LADDER.md`` (between its markers).
"""

from __future__ import annotations

import argparse
import datetime
import pathlib
import time
from concurrent.futures import ProcessPoolExecutor

from phom.arena import duplicate

PANEL = ["random", "greedy", "search", "montecarlo", "holder", "hunter"]
CHALLENGERS = ["greedy", "planner", "holder", "hunter", "search", "learned", "montecarlo", "montecarlo:256:2"]
BEGIN, END = "<!-- arena:begin -->", "<!-- arena:end -->"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=250)
    parser.add_argument("--seeds", default="11,12")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--challengers", default=",".join(CHALLENGERS))
    parser.add_argument("--panel", default=",".join(PANEL))
    parser.add_argument("--write", action="store_true", help="rewrite the arena section of benchmarks/LADDER.md")
    args = parser.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    panel = args.panel.split(",")
    sections = []
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for challenger in args.challengers.split(","):
            began = time.perf_counter()
            report = duplicate(challenger, panel, deals=args.deals, seeds=seeds, executor=pool)
            table = report.table()
            print(f"\n### {challenger} ({time.perf_counter() - began:.0f} s)\n\n{table}", flush=True)
            sections.append(f"### `{challenger}` against the panel\n\n{table}\n")
    total = time.perf_counter() - started
    if args.write:
        ladder = pathlib.Path(__file__).with_name("LADDER.md")
        text = ladder.read_text(encoding="utf-8")
        head = (f"{BEGIN}\n## Phỏm: every bot against the panel (the arena)\n\n"
                f"Measured with `python3 benchmarks/arena_ladder.py --deals {args.deals} --seeds {args.seeds} "
                f"--jobs {args.jobs} --write` on the 2-core development machine, {datetime.date.today()}, "
                f"{total / 60:.0f} minutes. Protocol: `phom arena` (`phom.arena.duplicate`): each row is one "
                f"challenger 1-vs-3 against three copies of one panel style; every deal is played in all four "
                f"seat rotations; {len(seeds)} seeds × {args.deals} deals; mean net stakes a game ± a 95 % "
                "interval clustered by deal (the per-seed means beside it); the verdict tests the mean of the "
                "per-deal sums, Holm-corrected across the panel (a verdict needs Holm p < 0.05), and the exact "
                "two-sided sign test on the same sums stands beside it; ms per decision "
                "of the challenger (all games share the 2 cores of the machine); the challenger's finish mix. "
                "`montecarlo` is 128 worlds on one thread; `montecarlo:256:2` is 256 worlds on two threads.\n\n")
        body = head + "\n".join(sections) + f"\n{END}"
        if BEGIN in text and END in text:
            text = text[:text.index(BEGIN)] + body + text[text.index(END) + len(END):]
        else:
            text = text.replace("# Strength ladder\n", f"# Strength ladder\n\n{body}\n", 1)
        ladder.write_text(text, encoding="utf-8")
        print(f"wrote {ladder}")


if __name__ == "__main__":
    main()
