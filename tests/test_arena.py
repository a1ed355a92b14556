"""The arena: its statistics against hand-computed cases, the duplicate protocol (every deal in every
seat rotation, per seed), the panel styles, and `phom arena`."""

from __future__ import annotations

import json
import math

import pytest

from phom import Game
from phom.arena import matchup_of, duplicate, holm, sign_test
from phom.bots import GreedyBot, HolderBot, HunterBot, make_bot
from phom.phom.actions import Eat
from phom.cli import main
from phom.simulation import GameSummary


@pytest.mark.parametrize(("wins", "losses", "p"), [
    (8, 2, 2 * (1 + 10 + 45) / 1024),          # P(X ≤ 2) for Bin(10, ½), both tails
    (5, 5, 1.0), (0, 0, 1.0), (10, 0, 2 / 1024), (0, 3, 0.25),
])
def test_the_sign_test_by_hand(wins, losses, p):
    assert sign_test(wins, losses) == pytest.approx(p)


def test_holm_by_hand():
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert holm([0.5, 0.001]) == pytest.approx([0.5, 0.002])
    assert holm([0.9, 0.8]) == pytest.approx([1.0, 1.0])      # 2 × 0.8 capped at 1, then monotone


def summary(net0: int, *, u=False, mom=False, den=False, chot_paid=0, chot_eaten=0, ns=2_000_000) -> GameSummary:
    return GameSummary(net=(net0, -net0, 0, 0), won=(net0 > 0, False, False, False), u=(u, False, False, False),
                       mom=(mom, False, False, False), actions=10, den=(den, False, False, False),
                       chot_paid=(chot_paid, 0, 0, 0), chot_eaten=(chot_eaten, 0, 0, 0), decisions=(4, 3, 3, 3),
                       decision_ns=(ns, 0, 0, 0))


def test_a_matchup_by_hand():
    # seed A: deals summing to +4 and −2; seed B: +8 and 0 (4 rotations each)
    seed_a = [summary(v) for v in (1, 1, 1, 1)] + [summary(v, mom=True) for v in (-1, -1, 0, 0)]
    seed_b = [summary(v, u=True) for v in (2, 2, 2, 2)] + [summary(v, den=True, chot_paid=1) for v in (1, -1, 0, 0)]
    row = matchup_of("x", [seed_a, seed_b], 4)
    per_game = [1.0, -0.5, 2.0, 0.0]
    assert row.mean_net == pytest.approx(0.625) and row.seed_means == pytest.approx((0.25, 1.0))
    sd = math.sqrt(sum((x - 0.625) ** 2 for x in per_game) / 3)
    assert row.ci95 == pytest.approx(1.96 * sd / 2)
    assert (row.deals_won, row.deals_lost, row.deals_tied) == (2, 1, 1)
    assert row.p_value == pytest.approx(sign_test(2, 1)) == pytest.approx(1.0)
    assert row.u_rate == pytest.approx(4 / 16) and row.mom_rate == pytest.approx(4 / 16)
    assert row.den_rate == pytest.approx(4 / 16) and row.chot_paid == pytest.approx(4 / 16)
    assert row.ms_per_decision == pytest.approx(0.5)          # 2 ms over 4 decisions


def test_duplicate_plays_every_deal_in_every_rotation():
    report = duplicate(GreedyBot(), ["greedy", "holder"], deals=5, seeds=(3, 4))
    mirror, holder = report.rows
    # three greedy copies against greedy: every deal's four rotations sum to zero
    assert mirror.mean_net == pytest.approx(0) and mirror.deals_won == mirror.deals_lost == 0
    assert mirror.games == holder.games == 2 * 5 * 4 and holder.deals == 10
    assert [r.p_holm for r in report.rows] == pytest.approx(holm([r.p_value for r in report.rows]))
    again = duplicate(GreedyBot(), ["holder"], deals=5, seeds=(3, 4))
    assert again.rows[0].mean_net == holder.mean_net and again.rows[0].seed_means == holder.seed_means
    assert "| holder |" in report.table() and json.loads(report.to_json())["rows"][1]["opponent"] == "holder"
    with pytest.raises(ValueError, match="seeds"):
        duplicate("greedy", ["random"], seeds=(1, 1))
    with pytest.raises(ValueError, match="panel"):
        duplicate("greedy", [])


def play_out_with(bot_factory, games=30):
    for seed in range(games):
        game = Game(seed=seed)
        bots = [bot_factory(), GreedyBot(), bot_factory(), GreedyBot()]
        while not game.is_over:
            p = game.to_move
            view = game.view(p)
            action = bots[p].act(view)
            assert action in view.legal_actions
            yield p, view, action
            game.apply(action)


def test_the_holder_never_eats_and_the_hunter_always_does():
    holder_eats = [a for p, v, a in play_out_with(HolderBot) if p in (0, 2) and isinstance(a, Eat)]
    assert holder_eats == []
    offered = eaten = 0
    for p, view, action in play_out_with(HunterBot):
        if p in (0, 2) and any(isinstance(a, Eat) for a in view.legal_actions):
            offered += 1
            eaten += isinstance(action, Eat)
    assert offered > 20 and eaten == offered


def test_montecarlo_threads_are_reproducible_and_named():
    game = Game(seed=4)
    one = make_bot("montecarlo:32:2", seed=5)
    two = make_bot("montecarlo:32:2", seed=5)
    assert one.threads == 2
    assert one.evaluate(game.view(0), list(game.view(0).legal_actions)[:3]).values == \
        two.evaluate(game.view(0), list(game.view(0).legal_actions)[:3]).values
    with pytest.raises(ValueError, match="THREADS"):
        make_bot("montecarlo:32:x")


def test_phom_arena_on_the_command_line(capsys):
    assert main(["arena", "greedy", "--panel", "random,hunter", "--deals", "3", "--seeds", "1,2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["opponent"] for r in data["rows"]] == ["random", "hunter"] and data["rows"][0]["games"] == 24
    assert main(["arena", "greedy", "--panel", "nobody"]) == 1
    assert main(["arena", "greedy", "--seeds", "a"]) == 1


def test_the_sprt_decides_as_wald_says_on_known_means():
    """Normal deals of known mean: a mean of delta is found stronger, a mean of 0 no stronger, each
    wrong in at most 5.5 % of 400 runs (α = β = 0.05; 3.75 % and 3.5 % here, where the plain plug-in
    variance erred in 6 % and 7.5 %)."""
    import random

    from phom.matchups import sprt

    rng = random.Random(3)
    strong = [sprt(lambda d: rng.gauss(0.3, 1.5), 0.3) for _ in range(400)]
    weak = [sprt(lambda d: rng.gauss(0.0, 1.5), 0.3) for _ in range(400)]
    assert sum(r.decision != "stronger" for r in strong) <= 22
    assert sum(r.decision != "no stronger" for r in weak) <= 22
    assert all(r.decision in ("stronger", "no stronger") for r in strong + weak)
    capped = sprt(lambda d: rng.gauss(0.15, 1.5), 0.3, max_deals=20)
    assert capped.deals == 20 and capped.decision in ("stronger", "no stronger", "undecided")
    with pytest.raises(ValueError, match="delta"):
        sprt(lambda d: 0.0, -1)


@pytest.mark.parametrize("argv", [["arena"], ["tienlen", "arena"]])
def test_arena_sprt_on_the_command_line(argv, capsys):
    """``--sprt DELTA``: greedy against random is stronger by half a stake within a few dozen deals;
    against itself it nets 0 on every deal and is no stronger; the JSON says so."""
    assert main([*argv, "greedy", "--panel", "random", "--sprt", "0.5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["sprt"]) >= {"delta", "decision", "deals", "llr"}
    assert data["sprt"]["decision"] == "stronger" and data["sprt"]["delta"] == 0.5
    assert data["rows"][0]["deals"] == data["sprt"]["deals"] and data["sprt"]["llr"] >= math.log(19)
    assert main([*argv, "greedy", "--panel", "greedy", "--sprt", "0.5", "--json"]) == 0
    same = json.loads(capsys.readouterr().out)["sprt"]
    assert same["decision"] == "no stronger" and same["llr"] <= math.log(1 / 19)
    assert main([*argv, "greedy", "--panel", "random", "--sprt", "-1"]) == 1
    assert "--sprt" in capsys.readouterr().err


def test_one_arena_for_both_games_names_its_engine():
    """``phom.tienlen.arena.duplicate`` is ``phom.arena.duplicate(..., game="tienlen")``: the same rows;
    both reports name what played (the Python referee: every decision is timed)."""
    from phom.tienlen.arena import duplicate as tienlen_duplicate

    shared = duplicate("greedy", ["random"], deals=3, seeds=(2,), game="tienlen")
    own = tienlen_duplicate("greedy", ["random"], deals=3, seeds=(2,))
    assert shared.game == own.game == "tienlen" and shared.engine == own.engine == "Python referee"
    timeless = [{**row.__dict__, "ms_per_decision": 0} for row in (shared.rows[0], own.rows[0])]
    assert timeless[0] == timeless[1] and sorted(shared.rows[0].finish) == ["bét", "cóng", "nhất", "tới trắng"]
    phom = duplicate("greedy", ["random"], deals=2, seeds=(2,))
    assert list(phom.rows[0].finish) == ["ù", "móm", "đền"] and phom.table().endswith("engine: Python referee.")
    assert json.loads(phom.to_json())["engine"] == "Python referee"
    with pytest.raises(ValueError, match="no game is named 'chess'"):
        duplicate("greedy", ["random"], deals=2, game="chess")
