"""How much is there to win above MonteCarloBot? The headroom, measured three ways.

    python3 research/headroom.py audit --games 140 --seed 41 --jobs 2 --out /tmp/audit.jsonl
    python3 research/headroom.py summary /tmp/audit.jsonl
    python3 research/headroom.py tienlen-audit --games 60 --seed 41 --jobs 2 --out /tmp/tienlen.jsonl
    python3 research/headroom.py omniscient --deals 500 --seeds 43,44 --jobs 2
    python3 research/headroom.py omniscient --hands 128 --deals 200 --seeds 43,44 --jobs 2
    python3 research/headroom.py reveal --fractions 0,0.05,0.1,0.2,0.4 --deals 300 --seed 53 --jobs 2
    python3 research/headroom.py hands-audit --games 110 --seed 51 --jobs 2 --out /tmp/hands.jsonl
    python3 research/headroom.py tune /tmp/hands.jsonl.positions --configs "h1=history:1.0"
    python3 research/headroom.py challenge --configs "soft2=temperature:2.0,tries:60" --deals 400 --seeds 31
    python3 research/headroom.py challenge --configs "kept=kept:0.0" --panel "" --panel-configs "before=kept:1.0" \
        --deals 200 --seeds 97 --jobs 2
    python3 research/headroom.py timing --bots montecarlo,best --games 20 --seed 47
    python3 research/headroom.py curve --worlds 16,64,256,1024,2048 --deals 100 --seed 45 --jobs 2

- ``audit``: games of four MonteCarloBots (128 worlds); at every decision with a choice (take: eat or
  draw; discard; lay-down: AutoLay against laying one phỏm first or discarding) every candidate is valued
  on ``--reference`` worlds (4,096 by default: the best chosen on one half, every loss measured on the
  other half, per world, so each loss has an interval and no selection bias), and the
  choices of other deciders on the same position are recorded beside the one played: MonteCarloBot
  with another seed (how often 128 worlds agree with themselves), racing configurations, and the
  omniscient choice (every hand and the stock order known, one greedy playout per candidate). One JSON
  line per position; ``summary`` prints the tables of LADDER.md from them. ``tienlen-audit`` does the
  same for MonteCarloTienLenBot and its races.
- ``omniscient``: the omniscient bot (as above) 1-vs-3 against three MonteCarloBots, every deal in
  every seat rotation: what knowing the cards is worth. With ``--hands W`` the seat knows every hand
  but not the stock order, and searches W stock orders as MonteCarloBot searches worlds: the ceiling
  of any inference about the hands.
- ``reveal``: MonteCarloBot told each of each opponent's hidden cards with probability ``--fractions``
  at every decision (its sampler's worlds, the told cards moved into their holders' hands), 1-vs-3
  against three MonteCarloBots: how the money grows with what a seat knows of the hands, beside the
  share of each opponent's true hidden cards its worlds give him, the scale on which the readings of
  the opponents are measured.
- ``hands-audit``: like ``audit``, but every take and discard is valued on worlds with every hand as
  it truly is (only the stock shuffled; ``--reference`` worlds, split in halves): what not knowing the
  hands costs each decision. Its stored positions let ``tune`` score readings of the opponents
  against the true hands.
- ``curve``: ``montecarlo:W`` against three ``montecarlo`` (128 worlds) for each W, with its ms per
  decision: what more time buys.
- ``tune`` values MonteCarloBot configurations on the positions an audit stored; ``challenge`` plays
  configurations 1-vs-3 against a panel; ``timing`` times bots on the same decisions, one core.
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
import pickle
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
from phom import Game
from phom._engine import Engine
from phom.phom.actions import Action, AutoLay, DeclareU, DeclareUKhan
from phom.arena import duplicate
from phom.bots import MonteCarloBot, greedy_action
from phom.cards import card_indices
from phom.matchups import holm_rows, matchup
from phom.phom.rules import Rules
from phom.phom.solver import min_points_mask
from phom.phom.vector import VectorGame, WorldSampler
from phom.phom.view import PlayerView

Z95 = 1.959963984540054

#: The racing configurations the audit records beside the fixed 128 worlds: name -> MonteCarloBot options.
RACES: dict[str, dict[str, Any]] = {
    "race128-r8-z1.5-f0.1": dict(worlds=128, race=True, round_worlds=8, z=1.5, flat=0.1),
    "race128-r8-z1.5-f0.15": dict(worlds=128, race=True, round_worlds=8, z=1.5, flat=0.15),
    "race256-r8-z2-f0.05": dict(worlds=256, race=True, round_worlds=8, z=2.0, flat=0.05),
    "race512-r16-z2.5-f0.03": dict(worlds=512, race=True, round_worlds=16, z=2.5, flat=0.03),
}


def greedy_of(view: PlayerView) -> Action:
    return greedy_action(view.hand.mask, view.unlaid_eaten.mask, view.legal_actions, view.unseen.mask,
                         view.phase, view.rules.value_table)


def decision(view: PlayerView) -> tuple[str, list[Action], Action] | None:
    """(kind, candidates, greedy's choice) of a decision with a choice, or None."""
    greedy = greedy_of(view)
    if isinstance(greedy, (DeclareU, DeclareUKhan)):
        return None
    if isinstance(greedy, AutoLay):
        candidates = [a for a in view.legal_actions if not isinstance(a, (DeclareU, DeclareUKhan))]
        return ("lay-down", candidates, greedy) if len(candidates) > 1 else None
    candidates = MonteCarloBot.candidates(view, greedy)
    if len(candidates) < 2:
        return None
    return ("take" if view.phase == "take" else "discard"), candidates, greedy


def omniscient_money(game: Game, ids: list[int]) -> np.ndarray:
    """The mover's money after each candidate on the true deal (every hand, the stock order), every
    seat then playing GreedyBot's policy: the same playouts as MonteCarloBot, one world, the real one."""
    player = game.to_move
    tiled = VectorGame.from_games([game], seed=0).tile(len(ids))
    tiled.step(np.asarray(ids))
    tiled.playout("greedy", seed=0)
    return tiled.net[:, player].astype(np.float64)


def omniscient_choice(game: Game, candidates: list[Action], greedy: Action) -> Action:
    money = omniscient_money(game, [a.id for a in candidates])
    return max(candidates, key=lambda a: (money[candidates.index(a)], a is greedy, -a.id))


def audit_table(seed: int, index: int) -> tuple[Game, list[MonteCarloBot]]:
    """Game ``index`` of an audit of ``seed`` and its four MonteCarloBots (128 worlds each)."""
    rules = Rules()
    game = Game(rules, seed=seed * 100_003 + index, leader=index % rules.players)
    return game, [MonteCarloBot(128, seed=seed * 1_000 + index * 10 + s) for s in range(rules.players)]


def audit_game(args: tuple[int, int, int]) -> list[dict[str, Any]]:
    """Every decision with a choice in game ``index`` of four MonteCarloBots (see the module docstring)."""
    seed, index, reference = args
    game, players = audit_table(seed, index)
    other = MonteCarloBot(128, seed=seed * 7_919 + index)
    races = {name: MonteCarloBot(seed=seed * 31 + index, **options) for name, options in RACES.items()}
    judge = MonteCarloBot(reference, seed=seed * 104_729 + index)
    rows = []
    turn = 0
    while not game.is_over:
        p = game.to_move
        assert p is not None
        view = game.view(p)
        found = decision(view)
        if found is None:
            game.apply(players[p].act(view))
            turn += 1
            continue
        kind, candidates, greedy = found
        ids = [a.id for a in candidates]
        # the reference's best is chosen on one half of its worlds and every loss is measured on the
        # other half: the maximum of noisy means is biased upward, fresh worlds are not
        picked = judge.playout_money(view, ids, reference // 2).mean(axis=0)
        best = max(range(len(ids)), key=lambda k: (picked[k], candidates[k] is greedy, -ids[k]))
        won = judge.playout_money(view, ids, reference - reference // 2)
        means = won.mean(axis=0)

        def loss(action: Action) -> tuple[float, float]:
            k = candidates.index(action)
            gap = won[:, best] - won[:, k]
            return float(gap.mean()), float(Z95 * gap.std(ddof=1) / math.sqrt(len(gap)))

        started = time.perf_counter()
        played = players[p].act(view)
        chosen: dict[str, Any] = {"montecarlo": (played.id, *loss(played), 128 * len(ids),
                                                 time.perf_counter() - started)}
        if kind != "lay-down":
            again = other.evaluate(view, candidates, greedy)
            chosen["montecarlo-again"] = (again.best.id, *loss(again.best), again.spent, 0.0)
            for name, bot in races.items():
                started = time.perf_counter()
                raced = bot.evaluate(view, candidates, greedy)
                chosen[name] = (raced.best.id, *loss(raced.best), raced.spent, time.perf_counter() - started)
        seen = omniscient_choice(game, candidates, greedy)
        chosen["omniscient"] = (seen.id, *loss(seen), len(ids), 0.0)
        chosen["greedy"] = (greedy.id, *loss(greedy), 0, 0.0)
        rows.append({"seed": seed, "game": index, "turn": turn, "kind": kind, "candidates": len(ids),
                     "best": ids[best], "spread": float(means.max() - means.min()), "chosen": chosen,
                     "position": (view, ids, greedy.id, best, means.tolist())})
        game.apply(played)
        turn += 1
    return rows


def hands_known_money(game: Game, ids: list[int], count: int, seed: int) -> np.ndarray:
    """The mover's money (rows: ``count`` worlds, columns: ``ids``) on worlds with every hand as it truly
    is and only the stock order shuffled, greedy playouts: the values of a seat that read every hand
    right, the ceiling of any inference (the stock order no reading can know)."""
    player = game.to_move
    assert player is not None
    view = game.view(player)
    hands = list(game.hands)
    stock = list(game.state.stock)
    rng = random.Random(seed)
    worlds = []
    for _ in range(count):
        rng.shuffle(stock)
        worlds.append(Game.from_view(view, hands, stock))
    tiled = VectorGame.from_games(worlds, seed=seed).tile(len(ids))
    tiled.step(np.tile(ids, count))
    tiled.playout("greedy", seed=seed)
    return tiled.net[:, player].reshape(count, len(ids)).astype(np.float64)


def hands_audit_game(args: tuple[int, int, int]) -> list[dict[str, Any]]:
    """Every take and discard with a choice in game ``index`` of four MonteCarloBots, valued with every
    hand known (``hands_known_money``: the best chosen on one half of the worlds, the losses measured on
    the other): how much a seat loses by not knowing the hands, and positions for ``tune``."""
    seed, index, reference = args
    game, players = audit_table(seed, index)
    rows = []
    turn = 0
    while not game.is_over:
        p = game.to_move
        assert p is not None
        view = game.view(p)
        found = decision(view)
        played = players[p].act(view)
        if found is not None and found[0] != "lay-down":
            kind, candidates, greedy = found
            ids = [a.id for a in candidates]
            salt = seed * 1_000_003 + index * 1_009 + turn
            picked = hands_known_money(game, ids, reference // 2, salt).mean(axis=0)
            best = max(range(len(ids)), key=lambda k: (picked[k], candidates[k] is greedy, -ids[k]))
            means = hands_known_money(game, ids, reference - reference // 2, salt + 1).mean(axis=0)
            seen = omniscient_choice(game, candidates, greedy)
            chosen = {name: float(means[best] - means[ids.index(action.id)])
                      for name, action in (("montecarlo", played), ("greedy", greedy), ("omniscient", seen))}
            rows.append({"seed": seed, "game": index, "turn": turn, "kind": kind, "candidates": len(ids),
                         "loss": chosen, "position": (view, ids, greedy.id, best, means.tolist())})
        game.apply(played)
        turn += 1
    return rows


def hands_summary(path: str) -> None:
    """The losses a ``hands-audit`` recorded, by decider and kind."""
    rows = [json.loads(line) for line in open(path, encoding="utf-8")]
    print(f"{len(rows)} positions, {len({(r['seed'], r['game']) for r in rows})} games\n")
    print("| decider | kind | positions | loss per decision ± 95 % | loss per game (4 seats) |")
    print("|---|---|---|---|---|")
    games = len({(r["seed"], r["game"]) for r in rows})
    for name in ("montecarlo", "greedy", "omniscient"):
        for kind in ("take", "discard", "all"):
            losses = [r["loss"][name] for r in rows if kind in ("all", r["kind"])]
            spread = Z95 * statistics.stdev(losses) / math.sqrt(len(losses))
            print(f"| {name} | {kind} | {len(losses):,} | {statistics.fmean(losses):.4f} ± {spread:.4f} | "
                  f"{sum(losses) / games:.3f} |")


def audit(args: argparse.Namespace) -> None:
    pathlib.Path(args.out + ".positions").unlink(missing_ok=True)
    work = [(args.seed, i, args.reference) for i in range(args.games)]
    count = 0
    with open(args.out, "w", encoding="utf-8") as out, ProcessPoolExecutor(args.jobs) as pool:
        for rows in pool.map(getattr(args, "worker", audit_game), work):
            positions = [row.pop("position") for row in rows if "position" in row]
            if positions:
                with open(args.out + ".positions", "ab") as kept:
                    pickle.dump(positions, kept)
            for row in rows:
                out.write(json.dumps(row) + "\n")
            count += len(rows)
            out.flush()
            print(f"\r{count} positions", end="", file=sys.stderr, flush=True)
    print(f"\n{count} positions written to {args.out}", file=sys.stderr)


def summary(args: argparse.Namespace) -> None:
    rows = [json.loads(line) for line in open(args.file, encoding="utf-8")]
    games = len({(r["seed"], r["game"]) for r in rows})
    print(f"{len(rows)} positions from {games} games; reference {args.reference_label}\n")
    kinds = ["take", "discard", "lay-down"]
    print("errs: another choice than the reference's best; loss: the reference's best minus the choice, in "
          "stakes, on the reference's fresh half (± 95 %); loss/game: the sum over the positions of a game\n")
    print("| decider | kind | positions | errs % | loss/decision | loss > 0.1 % | loss/game | playouts vs 128 |")
    print("|---|---|---|---|---|---|---|---|")
    deciders = sorted({name for r in rows for name in r["chosen"]},
                      key=lambda n: (n != "montecarlo", n != "montecarlo-again", n))
    for name in deciders:
        for kind in [*kinds, "all"]:
            chosen = [(r, r["chosen"][name]) for r in rows if name in r["chosen"] and kind in (r["kind"], "all")]
            if not chosen:
                continue
            losses = [c[1] for _, c in chosen]
            errs = sum(c[0] != r["best"] for r, c in chosen) / len(chosen)
            big = sum(c[1] > 0.1 for _, c in chosen) / len(chosen)
            mean = statistics.fmean(losses)
            half = Z95 * statistics.stdev(losses) / math.sqrt(len(losses)) if len(losses) > 1 else 0.0
            per_game = sum(losses) / games
            cost = (sum(c[3] for _, c in chosen) / sum(128 * r["candidates"] for r, _ in chosen)
                    if name.startswith(("race", "montecarlo")) else float("nan"))
            print(f"| {name} | {kind} | {len(chosen)} | {100 * errs:.1f} | {mean:.4f} ± {half:.4f} | "
                  f"{100 * big:.1f} | {per_game:.3f} | {cost:.2f} |")
    print("\nAgreement with the choice of montecarlo (128 worlds) on the take and discard positions:\n")
    print("| decider | same choice % | no worse than montecarlo % | loss − montecarlo's ± 95 % | "
          "playouts vs 128 | ms/decision (median) |")
    print("|---|---|---|---|---|---|")
    searched = [r for r in rows if r["kind"] != "lay-down"]
    for name in deciders:
        pairs = [r for r in searched if name in r["chosen"]]
        if not pairs or name == "montecarlo":
            continue
        same = sum(r["chosen"][name][0] == r["chosen"]["montecarlo"][0] for r in pairs) / len(pairs)
        diffs = [r["chosen"][name][1] - r["chosen"]["montecarlo"][1] for r in pairs]
        no_worse = sum(d <= args.tolerance for d in diffs) / len(diffs)
        half = Z95 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
        cost = sum(r["chosen"][name][3] for r in pairs) / sum(128 * r["candidates"] for r in pairs)
        ms = statistics.median(r["chosen"][name][4] for r in pairs) * 1e3
        print(f"| {name} | {100 * same:.1f} | {100 * no_worse:.1f} | {statistics.fmean(diffs):+.4f} ± {half:.4f} | "
              f"{cost:.2f} | {ms:.2f} |")
    ms = statistics.median(r["chosen"]["montecarlo"][4] for r in searched) * 1e3
    print(f"| montecarlo | 100 | 100 | 0 | 1.00 | {ms:.2f} |")
    print(f"\nno worse: the reference's loss of the choice at most {args.tolerance} stakes above montecarlo's")


#: Racing configurations of MonteCarloTienLenBot recorded by ``tienlen-audit``.
TIENLEN_RACES: dict[str, dict[str, Any]] = {
    "race128-r16-z2-f0.05": dict(worlds=128, race=True, round_worlds=16, z=2.0, flat=0.05),
    "race128-r16-z1.5-f0.2": dict(worlds=128, race=True, round_worlds=16, z=1.5, flat=0.2),
    "race128-r16-z1-f0.2": dict(worlds=128, race=True, round_worlds=16, z=1.0, flat=0.2),
}


def tienlen_audit_game(args: tuple[int, int, int]) -> list[dict[str, Any]]:
    """``audit`` for Tiến lên: games of four MonteCarloTienLenBots; at each searched decision the four
    candidates valued on ``reference`` worlds (the best chosen on one half, losses on the other; the
    values are means, so the intervals come from the spread over positions)."""
    from phom.tienlen import TienLenGame
    from phom.tienlen.bots import MonteCarloTienLenBot, ranked_actions

    seed, index, reference = args
    game = TienLenGame(seed=seed * 100_003 + index)
    players = [MonteCarloTienLenBot(128, seed=seed * 1_000 + index * 10 + s) for s in range(4)]
    other = MonteCarloTienLenBot(128, seed=seed * 7_919 + index)
    races = {name: MonteCarloTienLenBot(seed=seed * 31 + index, **options) for name, options in TIENLEN_RACES.items()}
    pick = MonteCarloTienLenBot(reference // 2, seed=seed * 104_729 + index)
    judge = MonteCarloTienLenBot(reference - reference // 2, seed=seed * 15_485_863 + index)
    rows = []
    while not game.is_over:
        p = game.to_move
        assert p is not None
        view = game.view(p)
        candidates = ranked_actions(view)[:4]
        searched = len(view.legal_actions) > 1 and not any(
            getattr(a, "cards", None) is not None and a.cards.mask == view.hand.mask for a in view.legal_actions)
        if not searched or len(candidates) < 2:
            game.apply(players[p].act(view))
            continue
        picked = dict((a, v) for a, v in pick.values(view))
        valued = dict((a, v) for a, v in judge.values(view))
        if not picked or not valued:
            game.apply(players[p].act(view))
            continue
        best = max(candidates, key=lambda a: (picked[a], -candidates.index(a)))
        chosen: dict[str, Any] = {}
        started = time.perf_counter()
        played = players[p].act(view)
        chosen["montecarlo"] = (str(played), valued[best] - valued[played], 0.0, 128 * len(candidates),
                                time.perf_counter() - started)
        again = other.values(view)[0][0]
        chosen["montecarlo-again"] = (str(again), valued[best] - valued[again], 0.0, 128 * len(candidates), 0.0)
        for name, bot in races.items():
            started = time.perf_counter()
            raced = bot.values(view)
            took = time.perf_counter() - started
            choice = raced[0][0] if raced else candidates[0]
            chosen[name] = (str(choice), valued[best] - valued[choice], 0.0, bot.spent, took)
        chosen["greedy"] = (str(candidates[0]), valued[best] - valued[candidates[0]], 0.0, 0, 0.0)
        rows.append({"seed": seed, "game": index, "turn": len(game.history), "kind": "play",
                     "candidates": len(candidates), "best": str(best), "chosen": chosen})
        game.apply(played)
    return rows


def tienlen_audit(args: argparse.Namespace) -> None:
    args.worker = tienlen_audit_game
    audit(args)


def tune_positions(args: tuple[str, list[Any], dict[str, Any], int]) -> list[tuple[float, int, int, float]]:
    """(reference loss, games spent, 128 × candidates, seconds) of one configuration on stored positions."""
    name, positions, options, seed = args
    bot = MonteCarloBot(seed=seed, **options)
    found = []
    for view, ids, greedy_id, best, means in positions:
        candidates = [a for i in ids for a in view.legal_actions if a.id == i]
        greedy = next(a for a in candidates if a.id == greedy_id) if greedy_id in ids else candidates[0]
        started = time.perf_counter()
        valued = bot.evaluate(view, candidates, greedy)
        took = time.perf_counter() - started
        found.append((means[best] - means[ids.index(valued.best.id)], valued.spent, 128 * len(ids), took))
    return found


def tune(args: argparse.Namespace) -> None:
    """Configurations of MonteCarloBot (``--configs``: name=key:value,key:value;…) on the take and
    discard positions an ``audit`` stored: the reference's loss, the playouts and the time of each."""
    positions = []
    with open(args.positions, "rb") as kept:
        while True:
            try:
                positions.extend(p for p in pickle.load(kept) if len(p[1]) > 1)
            except EOFError:
                break
    positions = [p for p in positions if not any(a.id == p[1][0] and type(a).__name__ in ("AutoLay", "LayMeld")
                                                 for a in p[0].legal_actions)][:args.limit]
    configs: dict[str, dict[str, Any]] = {"montecarlo": {}, **parse_configs(args.configs)}
    print(f"{len(positions)} positions\n")
    print("| configuration | loss/decision ± 95 % | loss − montecarlo's ± 95 % | playouts vs 128 | ms/decision (median) |")
    print("|---|---|---|---|---|")
    half = len(positions) // 2
    base: list[float] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for name, options in configs.items():
            parts = [(name, positions[:half], options, 1), (name, positions[half:], options, 2)]
            found = [f for part in pool.map(tune_positions, parts) for f in part]
            losses = [f[0] for f in found]
            base = base or losses
            diffs = [a - b for a, b in zip(losses, base)]
            spread = Z95 * statistics.stdev(losses) / math.sqrt(len(losses))
            gap = Z95 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if any(diffs) else 0.0
            cost = sum(f[1] for f in found) / sum(f[2] for f in found)
            print(f"| {name} | {statistics.fmean(losses):.4f} ± {spread:.4f} | {statistics.fmean(diffs):+.4f} ± {gap:.4f} "
                  f"| {cost:.2f} | {statistics.median(f[3] for f in found) * 1e3:.2f} |", flush=True)


def parse_configs(text: str) -> dict[str, dict[str, Any]]:
    """``name=key:value,key:value;…`` → {name: MonteCarloBot options} (true/false, ints, floats)."""
    configs: dict[str, dict[str, Any]] = {}
    for item in filter(None, text.split(";")):
        name, _, body = item.partition("=")
        options: dict[str, Any] = {}
        for part in filter(None, body.split(",")):
            key, _, value = part.partition(":")
            options[key] = value_of_text(value)
        configs[name] = options
    return configs


def value_of_text(text: str) -> Any:
    """true/false, a whole number, a number, or the text itself."""
    if text in ("true", "false"):
        return text == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def challenge(args: argparse.Namespace) -> None:
    """MonteCarloBot configurations (``--configs``, as ``tune`` takes them) 1-vs-3 against the panel
    (three copies of each style), duplicate deals in every seat: mean net ± 95 %, Holm across the panel."""
    seeds = [int(s) for s in args.seeds.split(",")]
    panel: list[Any] = list(args.panel.split(","))
    for name, options in parse_configs(args.panel_configs).items():
        member = configured_bot(options)
        member.name = name
        panel.append(member)
    panel = [p for p in panel if p]
    with ProcessPoolExecutor(args.jobs) as pool:
        for name, options in parse_configs(args.configs).items():
            bot = configured_bot(options)
            bot.name = name
            began = time.perf_counter()
            report = duplicate(bot, panel, deals=args.deals, seeds=seeds, executor=pool)
            for row in report.rows:
                per_seed = " / ".join(f"{m:+.3f}" for m in row.seed_means)
                print(f"| {name} | {row.opponent} | **{row.mean_net:+.3f} ± {row.ci95:.3f}** | {per_seed} | "
                      f"{row.p_mean_holm:.2g} | {row.ms_per_decision:.2f} | {row.verdict} |", flush=True)
            print(f"({name}: {time.perf_counter() - began:.0f} s)", file=sys.stderr, flush=True)


def timing(args: argparse.Namespace) -> None:
    """Time per decision of ``--bots`` (and ``--configs``) on the same decisions, one process, one
    core: every decision of ``--games`` games of four ``montecarlo`` (forced ones included), each bot
    timed on each in turn (the order alternating), so the machine's state is shared like for like."""
    from phom.bots import make_bot

    names = args.bots.split(",")
    configs = parse_configs(args.configs)
    bots = {name: make_bot(name, seed=1) for name in names}
    bots.update({name: MonteCarloBot(seed=1, **options) for name, options in configs.items()})
    names += list(configs)
    views = []
    for index in range(args.games):
        game = Game(seed=args.seed * 100_003 + index, leader=index % 4)
        players = [MonteCarloBot(128, seed=index * 10 + s) for s in range(4)]
        while not game.is_over:
            p = game.to_move
            assert p is not None
            view = game.view(p)
            views.append((view, decision(view) is not None))
            game.apply(players[p].act(view))
    spent: dict[str, list[float]] = {name: [] for name in names}
    for k, (view, _) in enumerate(views):
        for name in (names if k % 2 == 0 else names[::-1]):
            started = time.perf_counter()
            bots[name].act(view)
            spent[name].append(time.perf_counter() - started)
    searched = [k for k, (_, chosen) in enumerate(views) if chosen]
    print(f"{len(views)} decisions of {args.games} games ({len(searched)} with a choice), one process\n")
    print("| bot | median ms, all decisions | mean ms, all | median ms, decisions with a choice | mean ms, with a choice |")
    print("|---|---|---|---|---|")
    for name in names:
        times = spent[name]
        chosen = [times[k] for k in searched]
        print(f"| {name} | {statistics.median(times) * 1e3:.2f} | {statistics.fmean(times) * 1e3:.2f} | "
              f"{statistics.median(chosen) * 1e3:.2f} | {statistics.fmean(chosen) * 1e3:.2f} |")


def hands_known_choice(game: Game, candidates: list[Action], greedy: Action, worlds: int, seed: int) -> Action:
    """MonteCarloBot's choice for a seat that knows every hand (not the stock order): ``worlds`` stock
    orders, greedy playouts, the best mean (ties: greedy's choice, then the lower id)."""
    money = hands_known_money(game, [a.id for a in candidates], worlds, seed).mean(axis=0)
    return max(candidates, key=lambda a: (money[candidates.index(a)], a is greedy, -a.id))


def omniscient_game(args: tuple[int, int, int, int]) -> float:
    """The omniscient seat's net in one game: deal ``deal`` of ``seed``, the seat ``rotation``; with
    ``hands`` worlds > 0 the seat knows every hand but not the stock order (``hands_known_choice``)."""
    seed, deal, rotation, hands = args
    rules = Rules()
    game = Game(rules, seed=seed * 100_003 + deal, leader=0)
    seat = rotation
    bots = {s: MonteCarloBot(128, seed=seed * 1_000_003 + deal * 10 + s) for s in range(rules.players) if s != seat}
    while not game.is_over:
        p = game.to_move
        assert p is not None
        view = game.view(p)
        if p != seat:
            game.apply(bots[p].act(view))
            continue
        found = decision(view)
        if found is None or found[0] == "lay-down":
            game.apply(greedy_of(view) if found is None else found[2])
            continue
        if hands:
            game.apply(hands_known_choice(game, found[1], found[2], hands, seed * 7_001 + deal * 101 + len(view.history)))
        else:
            game.apply(omniscient_choice(game, found[1], found[2]))
    assert game.result is not None
    return float(game.result.net[seat])


def omniscient(args: argparse.Namespace) -> None:
    seeds = [int(s) for s in args.seeds.split(",")]
    n = Rules().players
    sums = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for seed in seeds:
            work = [(seed, d, r, args.hands) for d in range(args.deals) for r in range(n)]
            nets = list(pool.map(omniscient_game, work, chunksize=8))
            sums.append([sum(nets[d * n:(d + 1) * n]) for d in range(args.deals)])
    row = holm_rows([matchup("montecarlo", sums, n, ms_per_decision=0.0, finish={})])[0]
    who = f"knowing every hand ({args.hands} stock orders)" if args.hands else "omniscient"
    print(f"{who} vs 3 × montecarlo: {row.mean_net:+.3f} ± {row.ci95:.3f} stakes a game over "
          f"{len(seeds)} × {args.deals} deals × {n} seats (per seed: "
          + " / ".join(f"{m:+.3f}" for m in row.seed_means) + f"), p = {row.p_mean:.2g} (mean of the per-deal sums)")


def partner_mask(cards: int) -> int:
    """The cards that can stand in one phỏm with one of ``cards``: the same rank, or the same suit at
    most two ranks away (the cards themselves excluded).

    >>> partner_mask(1 << 0) == (1 << 1 | 1 << 2 | 1 << 13 | 1 << 26 | 1 << 39)
    True
    """
    mask = 0
    for card in card_indices(cards):
        rank, suit = card % 13, card // 13
        mask |= sum(1 << (other * 13 + rank) for other in range(4))
        mask |= sum(1 << (suit * 13 + near) for near in range(max(0, rank - 2), min(13, rank + 3)))
    return mask & ~cards


def revealed_world(state: Any, opponents: list[int], eaten: list[int], revealed: list[int],
                   rng: random.Random) -> Any:
    """``state`` (a sampled world, changed in place) with each opponent's ``revealed`` cards (masks by
    seat) moved into his hand. The cards they displace go, shuffled, to the hands left short and to the
    stock slots the revealed cards leave; a seat keeps first the cards that partner his ``eaten`` ones
    (masks of his unlaid eaten cards, by seat), so his eaten cards stay layable where the world had them
    so. Every hand keeps its size.

    >>> from phom import Game
    >>> game = Game(seed=5)
    >>> truth = game.state.seats[2].hand
    >>> world = VectorGame.sample_worlds(game.view(0), 1, seed=1).state(0)
    >>> revealed_world(world, [1, 2, 3], [0] * 4, [0, 0, truth, 0], random.Random(1)).seats[2].hand == truth
    True
    """
    everything = 0
    for seat in opponents:
        everything |= revealed[seat]
    spare: list[int] = []
    short: list[int] = []
    for seat in opponents:
        hidden = state.seats[seat].hand & ~eaten[seat]
        kept = card_indices(hidden & ~everything)
        room = hidden.bit_count() - revealed[seat].bit_count()
        rng.shuffle(kept)
        useful = partner_mask(eaten[seat])
        kept.sort(key=lambda c: bool(useful >> c & 1), reverse=True)
        spare += kept[room:]
        short += [seat] * max(0, room - len(kept))
        hand = eaten[seat] | revealed[seat]
        for c in kept[:room]:
            hand |= 1 << c
        state.seats[seat].hand = hand
    rng.shuffle(spare)
    for seat in short:
        state.seats[seat].hand |= 1 << spare.pop()
    state.stock = [spare.pop() if everything >> c & 1 else c for c in state.stock]
    if spare:
        raise AssertionError("the displaced cards and the slots they fill must balance")
    return state


class RevealingSampler:
    """A WorldSampler's worlds, each with the revealed cards moved into their holders' hands
    (``revealed_world``); ``shares`` gathers, per draw, the mean share of each opponent's true hidden
    cards that the worlds give him."""

    def __init__(self, base: Any, view: PlayerView, truth: Game, fraction: float, rng: random.Random,
                 shares: list[float]) -> None:
        self.base, self.view, self.rng, self.shares = base, view, rng, shares
        seats = view.public.state.seats
        self.opponents = [q for q in range(view.rules.players) if q != view.player]
        self.eaten = [s.unlaid_eaten for s in seats]
        self.hidden = [0 if q == view.player else truth.state.seats[q].hand & ~s.unlaid_eaten
                       for q, s in enumerate(seats)]
        self.revealed = [sum(1 << c for c in range(52) if h >> c & 1 and rng.random() < fraction)
                         for h in self.hidden]

    def draw(self, count: int, *, seed: int | None = None) -> VectorGame:
        """``count`` worlds with the revealed cards in place; a world whose move leaves an opponent's
        eaten card without a phỏm (its partners were another's revealed cards) is drawn again."""
        states: list[Any] = []
        for attempt in range(1000):
            worlds = self.base.draw(count, seed=None if seed is None else seed + attempt)
            for i in range(count):
                state = revealed_world(worlds.state(i), self.opponents, self.eaten, self.revealed, self.rng)
                if all(min_points_mask(state.seats[q].hand, self.eaten[q], self.view.rules.value_table) >= 0
                       for q in self.opponents if self.eaten[q]):
                    states.append(state)
            if len(states) >= count:
                break
        else:
            raise ValueError("no world with the revealed cards keeps every eaten card layable")
        states = states[:count]
        for q in self.opponents:
            if self.hidden[q]:
                self.shares.append(statistics.fmean((s.seats[q].hand & self.hidden[q]).bit_count()
                                                    for s in states) / self.hidden[q].bit_count())
        return VectorGame.from_states(self.view.rules, states)


class KeptSampler(WorldSampler):
    """WorldSampler with the core's ``kept`` given (the weight of a laid-down opponent's draw that keeps
    back a phỏm; ``phom.phom.worlds.KEPT_WEIGHT`` is the default every sampler reads): ``kept`` = 1 draws
    the worlds montecarlo drew before that reading. WorldSampler does not take ``kept`` yet, so its
    reading of the view is handed to the core here."""

    def __init__(self, view: PlayerView, *, kept: float, **options: Any) -> None:
        super().__init__(view, **options)
        self.kept = kept

    def draw(self, count: int, *, seed: int | None = None) -> VectorGame:
        worlds = VectorGame(0, self.view.rules)
        worlds._engine = Engine(count, self.view.rules)
        failed = worlds._engine.sample_worlds(
            self._source, self.view.player, self._hand_sizes, self._stock_size,
            seed if seed is not None else random.getrandbits(63), self._last_discards, self._declined, self._since,
            self.tries, self.temperature, self._penalties, self.kept)
        if failed:
            raise ValueError("no deal of the unseen cards fits this view")
        return worlds


class KeptBot(MonteCarloBot):
    """MonteCarloBot whose sampler reads a kept phỏm at weight ``kept`` (``challenge``'s ``kept:1.0``
    is montecarlo as it was before the reading)."""

    def __init__(self, kept: float, **options: Any) -> None:
        super().__init__(**options)
        self.kept = kept

    def sampler(self, view: PlayerView) -> Any:
        return KeptSampler(view, kept=self.kept, tries=self.tries, declines=self.declines,
                           temperature=self.temperature, history=self.history)


def configured_bot(options: dict[str, Any]) -> Any:
    """A bot from ``parse_configs``' options: ``spec`` (a bot name for make_bot, e.g. best), ``kept``
    (KeptBot), else MonteCarloBot's own options."""
    from phom.bots import make_bot

    options = dict(options)
    if "spec" in options:
        bot = make_bot(options.pop("spec"))
        if "kept" in options:               # the spec's MonteCarloBot, its sampler given ``kept``
            assert isinstance(bot, MonteCarloBot)
            kept = KeptBot(float(options.pop("kept")))
            kept.__dict__.update({k: v for k, v in bot.__dict__.items()})
            return kept
        return bot
    if "kept" in options:
        return KeptBot(float(options.pop("kept")), **options)
    return MonteCarloBot(**options)


class RevealingBot(MonteCarloBot):
    """MonteCarloBot (128 worlds, its own sampler) told, at every decision, each of each opponent's
    hidden cards with probability ``fraction``: how the money grows with what the seat knows of the
    hands, from montecarlo (0) to a seat that knows every hand (1). ``truth`` is set to the game before
    each decision."""

    def __init__(self, fraction: float, **options: Any) -> None:
        super().__init__(**options)
        self.fraction = fraction
        self.truth: Game | None = None
        self.shares: list[float] = []

    def sampler(self, view: PlayerView) -> Any:
        base = super().sampler(view)
        if self.truth is None:
            return base
        return RevealingSampler(base, view, self.truth, self.fraction, self.rng, self.shares)


def reveal_game(args: tuple[int, int, int, float, float]) -> tuple[float, list[float]]:
    """The revealing seat's net in deal ``deal`` of ``seed`` from seat ``rotation``, and its shares
    (``history``: its sampler's whole-history reading, as MonteCarloBot's)."""
    seed, deal, rotation, fraction, history = args
    rules = Rules()
    game = Game(rules, seed=seed * 100_003 + deal, leader=0)
    seat = rotation
    bots = {s: MonteCarloBot(128, seed=seed * 1_000_003 + deal * 10 + s) for s in range(rules.players) if s != seat}
    mine = RevealingBot(fraction, worlds=128, tries=20, history=history, seed=seed * 1_000_003 + deal * 10 + seat)
    while not game.is_over:
        p = game.to_move
        assert p is not None
        view = game.view(p)
        if p == seat:
            mine.truth = game
            game.apply(mine.act(view))
        else:
            game.apply(bots[p].act(view))
    assert game.result is not None
    return float(game.result.net[seat]), mine.shares


def reveal(args: argparse.Namespace) -> None:
    """The revealing seat 1-vs-3 against three montecarlo for each fraction, every deal in every seat."""
    n = Rules().players
    print("| cards known | share of his true hidden cards in the worlds | mean net vs 3 × montecarlo ± 95 % | p |")
    print("|---|---|---|---|")
    with ProcessPoolExecutor(args.jobs) as pool:
        for fraction in [float(f) for f in args.fractions.split(",")]:
            work = [(args.seed, d, r, fraction, args.history) for d in range(args.deals) for r in range(n)]
            played = list(pool.map(reveal_game, work, chunksize=4))
            nets = [net for net, _ in played]
            shares = [share for _, found in played for share in found]
            row = holm_rows([matchup("montecarlo", [[sum(nets[d * n:(d + 1) * n]) for d in range(args.deals)]], n,
                                     ms_per_decision=0.0, finish={})])[0]
            share = f"{statistics.fmean(shares):.3f} ± {Z95 * statistics.stdev(shares) / math.sqrt(len(shares)):.3f}"
            print(f"| {fraction:.2f} | {share} | {row.mean_net:+.3f} ± {row.ci95:.3f} | {row.p_mean:.2g} |", flush=True)


def curve(args: argparse.Namespace) -> None:
    print("| worlds | mean net vs 3 × montecarlo ± 95 % | ms/decision |")
    print("|---|---|---|")
    with ProcessPoolExecutor(args.jobs) as pool:
        for worlds in [int(w) for w in args.worlds.split(",")]:
            row = duplicate(f"montecarlo:{worlds}", ["montecarlo"], deals=args.deals, seeds=[args.seed],
                            executor=pool).rows[0]
            print(f"| {worlds} | {row.mean_net:+.3f} ± {row.ci95:.3f} | {row.ms_per_decision:.2f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    a = commands.add_parser("audit")
    a.add_argument("--games", type=int, default=140)
    a.add_argument("--seed", type=int, default=41)
    a.add_argument("--reference", type=int, default=4096)
    a.add_argument("--jobs", type=int, default=2)
    a.add_argument("--out", default="audit.jsonl")
    k = commands.add_parser("hands-audit")
    k.add_argument("--games", type=int, default=110)
    k.add_argument("--seed", type=int, default=51)
    k.add_argument("--reference", type=int, default=1024)
    k.add_argument("--jobs", type=int, default=2)
    k.add_argument("--out", default="hands-audit.jsonl")
    t = commands.add_parser("tienlen-audit")
    t.add_argument("--games", type=int, default=60)
    t.add_argument("--seed", type=int, default=41)
    t.add_argument("--reference", type=int, default=4096)
    t.add_argument("--jobs", type=int, default=2)
    t.add_argument("--out", default="tienlen-audit.jsonl")
    u = commands.add_parser("tune")
    u.add_argument("positions")
    u.add_argument("--configs", default="")
    u.add_argument("--limit", type=int, default=100_000)
    u.add_argument("--jobs", type=int, default=2)
    h = commands.add_parser("challenge")
    h.add_argument("--configs", required=True)
    h.add_argument("--panel", default="montecarlo")
    h.add_argument("--panel-configs", default="", help="panel members built as --configs builds challengers "
                   "(e.g. \"before=kept:1.0\": montecarlo before the kept-phỏm reading); --panel \"\" for these only")
    h.add_argument("--deals", type=int, default=400)
    h.add_argument("--seeds", default="31")
    h.add_argument("--jobs", type=int, default=2)
    m = commands.add_parser("timing")
    m.add_argument("--bots", default="montecarlo,best")
    m.add_argument("--configs", default="", help="MonteCarloBot configurations timed too, as tune takes them")
    m.add_argument("--games", type=int, default=20)
    m.add_argument("--seed", type=int, default=47)
    s = commands.add_parser("summary")
    s.add_argument("file")
    s.add_argument("--reference-label", default="4,096 worlds")
    s.add_argument("--tolerance", type=float, default=0.05)
    o = commands.add_parser("omniscient")
    o.add_argument("--deals", type=int, default=500)
    o.add_argument("--seeds", default="43,44")
    o.add_argument("--hands", type=int, default=0, help="worlds of stock orders for a seat that knows every hand")
    o.add_argument("--jobs", type=int, default=2)
    r = commands.add_parser("reveal")
    r.add_argument("--fractions", default="0,0.1,0.25,0.5")
    r.add_argument("--deals", type=int, default=300)
    r.add_argument("--seed", type=int, default=53)
    r.add_argument("--history", type=float, default=0.0, help="the revealing seat's history reading (0: montecarlo's)")
    r.add_argument("--jobs", type=int, default=2)
    c = commands.add_parser("curve")
    c.add_argument("--worlds", default="16,32,64,128,256,512,1024,2048")
    c.add_argument("--deals", type=int, default=100)
    c.add_argument("--seed", type=int, default=45)
    c.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.command == "hands-audit":
        args.worker = hands_audit_game
        audit(args)
        hands_summary(args.out)
        return
    {"audit": audit, "tune": tune, "challenge": challenge, "timing": timing, "tienlen-audit": tienlen_audit, "summary": summary, "omniscient": omniscient, "reveal": reveal, "curve": curve}[args.command](args)


if __name__ == "__main__":
    main()
