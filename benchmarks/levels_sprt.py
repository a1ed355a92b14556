"""The bot levels measured pair by pair with the arena's sequential test, within a wall budget.

    nice -n 10 python3 benchmarks/levels_sprt.py --until 16:05 --out /tmp/ladder
    python3 benchmarks/levels_sprt.py --report /tmp/ladder [--write]  # the table (into LADDER.md)

Each pair is ``level:N`` 1-vs-3 against three ``level:N−1`` on duplicate deals (every deal in every seat
rotation, the deals of ``--seed``), played one deal at a time until Wald's test of the arena
(``phom.matchups.sprt``, the test of ``phom arena --sprt``) decides between "stronger by ``--delta``
stakes a game" and "no stronger" (α = β = 0.05), or ``--max-deals`` deals are played (undecided: the two
levels are not told apart). Both games, the cheap pairs first (by the levels' measured ms a decision),
one process (the machine is shared). A pair still running at its share of the wall budget stops there
and is reported as undecided with the deals it played and its log-likelihood ratio. Each pair's result is
written to ``OUT/GAME-N.json`` as it goes (every 10 deals, and when it ends).
"""

from __future__ import annotations

import argparse
import datetime
import json
import pathlib
import statistics
import time
from typing import Any

from phom.arena import matchup_of, play_deals
from phom.external import DEFAULT_MOVE_SECONDS
from phom.hooks import close_bots
from phom.levels import LEVELS, level_recipe
from phom.matchups import SPRT_MIN_DEALS, sprt
from phom.simulation import kind_of

ROOT = pathlib.Path(__file__).resolve().parent.parent

#: the pairs (game, N: level N against level N−1), cheap first: by the ms a decision of the two levels
#: measured in LADDER.md's earlier ladder (Tiến lên's low levels ≤ 0.6 ms, Phỏm's up to planner ≤ 1 ms,
#: montecarlo:32 3 ms, montecarlo:128 10 ms, Tiến lên's montecarlo:512:2 28 ms, Phỏm's best ~50 ms).
ORDER = ([("tienlen", n) for n in range(2, 8)] + [("phom", n) for n in range(2, 7)]
         + [("phom", 7), ("tienlen", 8), ("phom", 8)])


class OutOfTime(Exception):
    """The pair's share of the wall budget ran out."""


def measure(game: str, number: int, *, delta: float, seed: int, max_deals: int, stop_at: float,
            out: pathlib.Path) -> dict[str, Any]:
    """Level ``number`` against three of level ``number − 1`` until the test decides, the cap, or
    ``stop_at`` (a ``time.time()``); the result as data, written to ``out`` as it goes."""
    kind = kind_of(game)
    rules = kind.rules(None)
    n = rules.players
    challenger = kind.seeded_bot(f"level:{number}", 0, move_seconds=DEFAULT_MOVE_SECONDS)
    opponent = kind.seeded_bot(f"level:{number - 1}", seed, move_seconds=DEFAULT_MOVE_SECONDS)
    games: list[Any] = []
    values: list[float] = []
    began = time.time()

    def record(status: str, result: Any) -> dict[str, Any]:
        row = matchup_of(f"level:{number - 1}", [[g for g, _ in games]], n) if games else None
        data = {"game": game, "level": number, "below": number - 1,
                "recipe": recipe_text(game, number), "below_recipe": recipe_text(game, number - 1),
                "status": status, "delta": delta, "seed": seed, "max_deals": max_deals,
                "deals": len(values), "seconds": round(time.time() - began, 1),
                "finished_utc": datetime.datetime.now(datetime.timezone.utc).strftime("%H:%M:%S"),
                "mean": statistics.fmean(values) if values else None,
                "ci95": row.ci95 if row is not None else None,
                "ms_per_decision": row.ms_per_decision if row is not None else None,
                "deals_won": row.deals_won if row is not None else None,
                "deals_lost": row.deals_lost if row is not None else None,
                "sprt": None if result is None else result.to_dict()}
        out.write_text(json.dumps(data, indent=1), encoding="utf-8")
        return data

    def play_deal(deal: int) -> float:
        if time.time() >= stop_at:
            raise OutOfTime
        played = play_deals(kind, challenger, opponent, rules, seed, [deal])[0]
        games.extend(played)
        value = sum(g.net[0] for g, _ in played) / n
        values.append(value)
        if len(values) % 10 == 0:
            record("running", replay(values, delta))
        return value

    try:
        result = sprt(play_deal, delta, max_deals=max_deals)
        return record("decided" if result.decision != "undecided" else "cap", result)
    except OutOfTime:
        return record("out of time", replay(values, delta))
    finally:
        close_bots([challenger, opponent])


def replay(values: list[float], delta: float) -> Any:
    """The test's state on the deals played so far (the same test, fed the recorded deals): where it
    stands when a pair stops early; None before it may decide."""
    if len(values) < SPRT_MIN_DEALS:
        return None
    return sprt(lambda d: values[d], delta, max_deals=len(values))


def recipe_text(game: str, number: int) -> str:
    recipe = level_recipe(game, number)
    return recipe.spec + (f", noise {recipe.noise:g}" if recipe.noise else "")


def report(folder: pathlib.Path) -> str:
    """The measured pairs as a Markdown table, from ``folder``'s JSON files."""
    lines = ["| game | level N vs N−1 | recipes | decision | deals | LLR | mean net a game (± 95 %) | "
             "deals won–lost | ms/decision (N) | wall s | ended (UTC) |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for game, number in ORDER:
        path = folder / f"{game}-{number}.json"
        if not path.exists():
            lines.append(f"| {game} | {number} vs {number - 1} | `{recipe_text(game, number)}` vs "
                         f"`{recipe_text(game, number - 1)}` | not started | — | — | — | — | — | — | — |")
            continue
        d = json.loads(path.read_text(encoding="utf-8"))
        test = d["sprt"] or {}
        decision = test.get("decision", "—")
        if d["status"] in ("out of time", "running"):
            decision = f"undecided ({d['status']})"
        elif d["status"] == "cap":
            decision = "undecided at the cap"
        ci = f" ± {d['ci95']:.3f}" if d.get("ci95") is not None else ""
        mean = f"{d['mean']:+.3f}{ci}" if d.get("mean") is not None else "—"
        llr = f"{test['llr']:+.2f}" if "llr" in test else "—"
        won = f"{d['deals_won']}–{d['deals_lost']}" if d.get("deals_won") is not None else "—"
        ms = f"{d['ms_per_decision']:.2f}" if d.get("ms_per_decision") is not None else "—"
        lines.append(f"| {game} | {number} vs {number - 1} | `{d['recipe']}` vs `{d['below_recipe']}` | {decision} | "
                     f"{d['deals']} | {llr} | {mean} | {won} | {ms} | {d['seconds']:.0f} | {d['finished_utc']} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--until", default="16:05", help="UTC time (HH:MM, today) by which every pair stops")
    parser.add_argument("--delta", type=float, default=0.15)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--max-deals", type=int, default=2000)
    parser.add_argument("--out", default="/tmp/ladder")
    parser.add_argument("--pairs", default=None, help="only these, e.g. phom-8,tienlen-8")
    parser.add_argument("--report", default=None, metavar="FOLDER", help="print the table of FOLDER and stop")
    parser.add_argument("--write", action="store_true", help="with --report: the table into LADDER.md")
    args = parser.parse_args()
    if args.report:
        table = report(pathlib.Path(args.report))
        print(table)
        if args.write:
            from ladder_sections import write_section

            write_section(ROOT / "benchmarks" / "LADDER.md", "levels:sprt",
                          "Both games: each level against the one below, sequentially (issue 51)", table)
        return
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    now = datetime.datetime.now(datetime.timezone.utc)
    hour, minute = (int(x) for x in args.until.split(":"))
    deadline = now.replace(hour=hour, minute=minute, second=0, microsecond=0).timestamp()
    pairs = ORDER if args.pairs is None else [p for p in ORDER if f"{p[0]}-{p[1]}" in args.pairs.split(",")]
    assert len(LEVELS) == 8
    for k, (game, number) in enumerate(pairs):
        left = deadline - time.time()
        if left <= 0:
            break
        # each pair may use its share of what is left, the pairs still to come each keeping theirs
        stop_at = time.time() + left / (len(pairs) - k)
        data = measure(game, number, delta=args.delta, seed=args.seed, max_deals=args.max_deals, stop_at=stop_at,
                       out=out / f"{game}-{number}.json")
        test = data["sprt"] or {}
        print(f"{game} level {number} vs {number - 1}: {data['status']} {test.get('decision', '')} after "
              f"{data['deals']} deals, LLR {test.get('llr', float('nan')):+.2f}, mean {data['mean'] or 0:+.3f}, "
              f"{data['seconds']:.0f} s", flush=True)


if __name__ == "__main__":
    main()
