"""MonteCarloBot's curves: strength against worlds and against time, on one and on two threads.

    python3 benchmarks/montecarlo_curve.py --worlds 16,32,64,128,256,512,1024 --deals 150 --seeds 21,22 --write

Each point is ``phom.arena.duplicate("montecarlo:W:T", ["greedy"])``: every deal in every seat rotation,
games played one at a time (so a decision has the machine's two cores to itself and its time is the
wall time a player would wait). With ``--write`` the table replaces the curve section of
``benchmarks/LADDER.md`` (between its markers).
"""

from __future__ import annotations

import argparse
import datetime
import pathlib
import time

from phom.arena import duplicate

BEGIN, END = "<!-- curve:begin -->", "<!-- curve:end -->"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--worlds", default="16,32,64,128,256,512,1024")
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--seeds", default="21,22")
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    rows = ["| worlds | threads | mean net vs 3 × " + args.opponent + " ± 95 % | per seed | sign p | ms/decision |",
            "|---|---|---|---|---|---|"]
    started = time.perf_counter()
    for worlds in [int(w) for w in args.worlds.split(",")]:
        for threads in [int(t) for t in args.threads.split(",")]:
            if threads > worlds:
                continue
            row = duplicate(f"montecarlo:{worlds}:{threads}", [args.opponent], deals=args.deals, seeds=seeds).rows[0]
            seeds_text = " / ".join(f"{m:+.2f}" for m in row.seed_means)
            line = (f"| {worlds} | {threads} | **{row.mean_net:+.3f} ± {row.ci95:.3f}** | {seeds_text} | "
                    f"{row.p_value:.2g} | {row.ms_per_decision:.2f} |")
            rows.append(line)
            print(line, flush=True)
    total = time.perf_counter() - started
    if args.write:
        ladder = pathlib.Path(__file__).with_name("LADDER.md")
        text = ladder.read_text(encoding="utf-8")
        body = (f"{BEGIN}\n## MonteCarloBot: strength against worlds and time\n\n"
                f"Measured with `python3 benchmarks/montecarlo_curve.py --worlds {args.worlds} --threads {args.threads} "
                f"--deals {args.deals} --seeds {args.seeds} --write`, {datetime.date.today()}, {total / 60:.0f} "
                f"minutes: duplicate games against three {args.opponent} bots ({len(seeds)} seeds × {args.deals} deals × "
                "4 seat rotations per row), one game at a time; ms/decision is the mean wall time of the bot's "
                "decisions (forced ones included).\n\n" + "\n".join(rows) + f"\n{END}")
        if BEGIN in text and END in text:
            text = text[:text.index(BEGIN)] + body + text[text.index(END) + len(END):]
        else:
            text = text.rstrip("\n") + "\n\n" + body + "\n"
        ladder.write_text(text, encoding="utf-8")
        print(f"wrote {ladder}")


if __name__ == "__main__":
    main()
