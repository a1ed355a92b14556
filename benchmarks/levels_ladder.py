"""The bot levels of both games, measured: each level against the one below it, and a rating per level.

    python3 benchmarks/levels_ladder.py --game phom --deals 200 --seeds 21,22 --mixed 60 --jobs 2 --write
    python3 benchmarks/levels_ladder.py --game tienlen --deals 150 --seeds 21,22 --mixed 60 --jobs 2 --write

1. **Adjacent matches**: ``level:N+1`` 1-vs-3 against three ``level:N`` in the arena (every deal in every
   seat rotation, ``--seeds`` blocks of ``--deals`` deals; the verdict by the mean of the per-deal sums,
   Holm across the seven pairs).
2. **Ratings**: ``--mixed`` deals, each dealt to four different levels in all four seat rotations, and
   openskill's Plackett–Luce model rates every level from the places (ranked by money; ties share a
   place). Plackett–Luce is chosen because a table has four seats: it rates from whole rankings, where
   Bradley–Terry sees only pairs, and openskill is a maintained implementation of it (install it
   with ``pip install openskill``: only this script needs it). A rating is μ ± 1.96 σ.

With ``--write`` the tables replace the levels section of ``benchmarks/LADDER.md`` for that game.
"""

from __future__ import annotations

import argparse
import datetime
import pathlib
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ladder_sections import GAME_TITLES, write_section
from phom import Game
from phom.arena import duplicate as phom_duplicate
from phom.bots import make_bot
from phom.levels import LEVELS, level_recipe
from phom.matchups import holm_rows
from phom.tienlen import TienLenGame
from phom.tienlen.arena import duplicate as tienlen_duplicate
from phom.tienlen.bots import make_tienlen_bot

ROOT = pathlib.Path(__file__).resolve().parent.parent


def mixed_deal(game: str, deal: int, seed: int) -> list[tuple[list[int], list[int]]]:
    """One deal to four different levels in the four seat rotations: (levels by seat, net by seat)."""
    rng = random.Random(f"{seed}:{deal}")
    chosen = rng.sample(range(1, len(LEVELS) + 1), 4)
    out = []
    for rotation in range(4):
        seated = chosen[rotation:] + chosen[:rotation]
        base = seed * 1_000_003 + deal
        if game == "phom":
            bots: list[Any] = [make_bot(f"level:{n}", seed=base * 7 + s) for s, n in enumerate(seated)]
            played: Any = Game(seed=base)
        else:
            bots = [make_tienlen_bot(f"level:{n}", seed=base * 7 + s) for s, n in enumerate(seated)]
            played = TienLenGame(seed=base)
        while not played.is_over:
            seat = played.to_move
            played.apply(bots[seat].act(played.view(seat)))
        out.append((seated, list(played.result.net)))
    return out


def ratings(games: list[tuple[list[int], list[int]]]) -> dict[int, tuple[float, float]]:
    """openskill's Plackett–Luce over the games' places: level → (μ, σ)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rated = {n: model.rating(name=f"level {n}") for n in range(1, len(LEVELS) + 1)}
    for seated, net in games:
        order = sorted(set(net), reverse=True)
        ranks = [order.index(x) + 1 for x in net]
        teams = model.rate([[rated[n]] for n in seated], ranks=ranks)
        for n, team in zip(seated, teams):
            rated[n] = team[0]
    return {n: (r.mu, r.sigma) for n, r in rated.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=["phom", "tienlen"], default="phom")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seeds", default="21,22")
    parser.add_argument("--mixed", type=int, default=60, help="mixed-level deals for the ratings")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    duplicate = phom_duplicate if args.game == "phom" else tienlen_duplicate
    started = time.perf_counter()
    rows = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for n in range(1, len(LEVELS)):
            began = time.perf_counter()
            report = duplicate(f"level:{n + 1}", [f"level:{n}"], deals=args.deals, seeds=seeds, executor=pool)
            rows.append(report.rows[0])
            print(f"level {n + 1} vs level {n}: {report.rows[0].mean_net:+.3f} ± {report.rows[0].ci95:.3f} "
                  f"({time.perf_counter() - began:.0f} s)", flush=True)
        rows = list(holm_rows(rows))
        mixed = [g for deal in pool.map(mixed_deal, [args.game] * args.mixed, range(args.mixed),
                                         [seeds[0] + 100] * args.mixed) for g in deal]
    rated = ratings(mixed)
    minutes = (time.perf_counter() - started) / 60
    lines = ["| level | name | recipe | vs the level below: mean net ± 95 % | mean p (Holm) | deals won–lost | "
             "ms/decision | rating μ ± 1.96 σ (Plackett–Luce) |", "|---|---|---|---|---|---|---|---|"]
    for level in LEVELS:
        recipe = level_recipe(args.game, level.number)
        spec = recipe.spec + (f", noise {recipe.noise:g}" if recipe.noise else "")
        mu, sigma = rated[level.number]
        if level.number == 1:
            match = "— | — | — | —"
        else:
            r = rows[level.number - 2]
            match = (f"**{r.mean_net:+.3f} ± {r.ci95:.3f}** ({r.verdict}) | {r.p_mean:.2g} ({r.p_mean_holm:.2g}) | "
                     f"{r.deals_won}–{r.deals_lost} | {r.ms_per_decision:.2f}")
        lines.append(f"| {level.number} | {level.vi} ({level.en}) | `{spec}` | {match} | "
                     f"{mu:.1f} ± {1.96 * sigma:.1f} |")
    separated = sum(r.verdict == "ahead" for r in rows)
    text = "\n".join([
        f"Measured with `python3 benchmarks/levels_ladder.py --game {args.game} --deals {args.deals} "
        f"--seeds {args.seeds} --mixed {args.mixed} --jobs {args.jobs} --write`, {datetime.date.today()}, "
        f"{minutes:.0f} minutes on the 2-core machine. Each adjacent match: level N+1 against three copies of "
        f"level N, {len(seeds)} seeds × {args.deals} deals × 4 seat rotations; ratings from {len(mixed)} "
        "mixed-level games (openskill Plackett–Luce on places, μ ± 1.96 σ).",
        "", "\n".join(lines), "",
        f"{separated} of {len(rows)} adjacent pairs are shown apart (the higher level ahead, Holm p < 0.05)."])
    print(text)
    if args.write:
        write_section(ROOT / "benchmarks" / "LADDER.md", f"levels:{args.game}",
                      f"{GAME_TITLES[args.game]}: the bot levels 1–8", text)


if __name__ == "__main__":
    main()
