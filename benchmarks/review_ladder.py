"""The review's rating ladder and its label calibration, measured on the project's own bots.

    python3 benchmarks/review_ladder.py --game phom --games 240 --seed 1 --jobs 2 --write
    python3 benchmarks/review_ladder.py --game tienlen --games 200 --seed 1 --jobs 2 --write

Each block of four games deals one deal to four different bots of the ladder (drawn by the seed) in
the four seat rotations, and ``phom.review.review`` weighs every seat's decisions. A bot's error rate is its mean loss
per unforced decision, pooled over its games (a ratio estimate with a 95 % interval clustered by
game). The games are then reviewed again with another review seed: how many mistakes and blunders
keep their interval above 0. With ``--write`` the rungs go to ``python/phom/review/ladder.json``
(``Review.rating`` reads them) and the tables to the review section of ``benchmarks/LADDER.md``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import pathlib
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ladder_sections import GAME_TITLES, write_section
from phom import Game
from phom.bots import make_bot
from phom.review import review
from phom.review.calibration import thresholds_of
from phom.tienlen import TienLenGame
from phom.tienlen.bots import make_tienlen_bot

BOTS = {"phom": ["random", "greedy", "planner", "search", "montecarlo:16", "montecarlo:128", "montecarlo:1024"],
        "tienlen": ["random", "greedy", "search", "montecarlo:16", "montecarlo:128", "montecarlo:1024"]}
ROOT = pathlib.Path(__file__).resolve().parent.parent


def seating(game: str, index: int, seed: int) -> list[str]:
    """Four different bots of the ladder for game ``index``: each block of four games deals one deal
    to the same four bots in the four seat rotations."""
    names = BOTS[game]
    rng = random.Random(f"{seed}:{index // 4}")
    chosen = rng.sample(names, 4)
    shift = index % 4
    return chosen[shift:] + chosen[:shift]


def play_and_review(game: str, index: int, seed: int) -> dict[str, Any]:
    """One game of the seated bots, reviewed twice (two review seeds)."""
    bots_named = seating(game, index, seed)
    deal_seed = seed * 1_000_003 + index // 4
    if game == "phom":
        bots = [make_bot(name, seed=deal_seed + s) for s, name in enumerate(bots_named)]
        played: Any = Game(seed=deal_seed)
    else:
        bots = [make_tienlen_bot(name, seed=deal_seed + s) for s, name in enumerate(bots_named)]
        played = TienLenGame(seed=deal_seed)
    while not played.is_over:
        seat = played.to_move
        played.apply(bots[seat].act(played.view(seat)))
    started = time.process_time()
    first = review(played, seed=seed)
    cpu = time.process_time() - started
    second = review(played, seed=seed + 7919)
    rows = []
    again = {(d.index, d.seat): d for d in second.decisions}
    for d in first.decisions:
        other = again[(d.index, d.seat)]
        rows.append({"seat": d.seat, "bot": bots_named[d.seat], "forced": d.forced, "loss": d.loss,
                     "lo": d.loss_ci[0], "hi": d.loss_ci[1], "label": d.label, "again_lo": other.loss_ci[0],
                     "again_label": other.label, "differs": d.played != d.best})
    return {"bots": bots_named, "rows": rows, "cpu": cpu, "decisions": len(first.decisions),
            "net": [e.net for e in first.ledger]}


def rung(bot: str, games: list[dict[str, Any]]) -> dict[str, Any]:
    """A bot's error rate: total loss over unforced decisions, clustered by game."""
    clusters = []
    for g in games:
        losses = [r["loss"] for r in g["rows"] if r["bot"] == bot and not r["forced"]]
        if losses:
            clusters.append((sum(losses), len(losses)))
    total, count = sum(c[0] for c in clusters), sum(c[1] for c in clusters)
    rate = total / count
    m = len(clusters)
    mean_n = count / m
    var = sum((s - rate * n) ** 2 for s, n in clusters) / (m - 1) / (m * mean_n ** 2) if m > 1 else 0.0
    half = 1.96 * math.sqrt(var)
    return {"bot": bot, "error_rate": round(rate, 4), "low": round(rate - half, 4), "high": round(rate + half, 4),
            "decisions": count, "games": m}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(BOTS), default="phom")
    parser.add_argument("--games", type=int, default=240)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(play_and_review, [args.game] * args.games, range(args.games),
                              [args.seed] * args.games, chunksize=2))
    minutes = (time.perf_counter() - started) / 60
    rungs = [rung(bot, games) for bot in BOTS[args.game] if any(bot in g["bots"] for g in games)]
    rows = [r for g in games for r in g["rows"]]
    serious = [r for r in rows if r["label"] in ("mistake", "blunder")]
    kept = sum(1 for r in serious if r["again_lo"] > 0)
    labelled = [r for r in rows if r["label"]]
    same_label = sum(1 for r in labelled if r["again_label"] == r["label"])
    halves = sorted((r["hi"] - r["lo"]) / 2 for r in rows if not r["forced"])
    differs = sorted((r["hi"] - r["lo"]) / 2 for r in rows if not r["forced"] and r["differs"])
    cpu = sorted(g["cpu"] for g in games)
    lines = ["| bot | error rate (stakes a decision) | 95 % interval | unforced decisions | games |",
             "|---|---|---|---|---|"]
    for r in rungs:
        lines.append(f"| {r['bot']} | {r['error_rate']:.3f} | {r['low']:.3f} … {r['high']:.3f} | "
                     f"{r['decisions']} | {r['games']} |")
    order = " > ".join(r["bot"] for r in sorted(rungs, key=lambda r: -r["error_rate"]))
    inaccuracy, mistake, blunder = thresholds_of(args.game)
    counts = {name: sum(1 for r in rows if r["label"] == name) for name in ("inaccuracy", "mistake", "blunder")}
    summary = [
        f"Measured with `python3 benchmarks/review_ladder.py --game {args.game} --games {args.games} "
        f"--seed {args.seed} --jobs {args.jobs} --write`, {datetime.date.today()}, {minutes:.0f} minutes "
        f"on the 2-core machine ({args.jobs} process{'es' if args.jobs > 1 else ''}).",
        "",
        "\n".join(lines),
        "",
        f"- Order by error rate: {order}.",
        f"- Labels at {inaccuracy} / {mistake} / {blunder} stakes: {counts['inaccuracy']} inaccuracies, "
        f"{counts['mistake']} mistakes, {counts['blunder']} blunders among {len(rows)} decisions.",
        f"- Re-reviewed with another seed: {kept} of {len(serious)} mistakes and blunders "
        f"({100 * kept / max(len(serious), 1):.1f} %) keep their interval above 0; {same_label} of "
        f"{len(labelled)} labels ({100 * same_label / max(len(labelled), 1):.1f} %) are the same.",
        f"- Loss interval half-width over unforced decisions: median {statistics.median(halves):.3f}, "
        f"over those whose best differs from the played: median {statistics.median(differs) if differs else 0:.3f}.",
        f"- Review CPU time per game (all four seats, default settings): median {statistics.median(cpu):.2f} s, "
        f"90th percentile {cpu[int(0.9 * (len(cpu) - 1))]:.2f} s.",
    ]
    text = "\n".join(summary)
    print(text)
    if args.write:
        path = ROOT / "python" / "phom" / "review" / "ladder.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        data[args.game] = rungs
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        write_section(ROOT / "benchmarks" / "LADDER.md", f"review:{args.game}",
                      f"{GAME_TITLES[args.game]}: the review's rating ladder", text)


if __name__ == "__main__":
    main()
