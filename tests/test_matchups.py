"""The shared arena statistics (the mean decides, the sign test is a column) and the Tiến lên arena."""

from __future__ import annotations

import itertools
import json
import math
from dataclasses import replace

import pytest

from phom.cli import main
from phom.matchups import EXACT_DEALS, holm_rows, matchup, mean_test
from phom.tienlen.arena import duplicate as tienlen_duplicate

pytestmark = pytest.mark.computational


def test_the_mean_test_by_hand():
    assert mean_test([3, 5, 2, 4]) == pytest.approx(2 / 16)      # only all-plus and all-minus are as far out
    assert mean_test([1, -1]) == 1.0 and mean_test([]) == 1.0 and mean_test([0, 0, 0]) == 1.0
    values = [4, -1, 2, 3, -2, 5]                                # exact: count the sign flips by hand
    hits = sum(abs(sum(v * s for v, s in zip(values, signs))) >= 11
               for signs in itertools.product((1, -1), repeat=len(values)))
    assert mean_test(values) == pytest.approx(hits / 64)
    many = [1.0, -0.5] * 20                                       # past EXACT_DEALS: the normal approximation
    assert len(many) > EXACT_DEALS
    mean, sd = 0.25, math.sqrt(sum((v - 0.25) ** 2 for v in many) / (len(many) - 1))
    assert mean_test(many) == pytest.approx(math.erfc(mean / (sd / math.sqrt(40)) / math.sqrt(2)))


def test_the_verdict_follows_the_money_not_the_count_of_deals_won():
    sums = [[12, -2, -2, 12, -2, 12, -2, -2] * 5]                 # wins fewer deals, by much more
    row = holm_rows([matchup("x", sums, 4, ms_per_decision=0.0, finish={})])[0]
    assert row.deals_won < row.deals_lost and row.p_value > 0.05
    assert row.mean_net > 0 and row.p_mean_holm < 0.05 and row.verdict == "ahead"
    flat = holm_rows([matchup("y", [[3, -3] * 20], 4, ms_per_decision=0.0, finish={})])[0]
    assert flat.verdict == "no difference shown"


def test_holm_runs_over_the_panel_for_both_tests():
    rows = holm_rows([matchup(n, [s], 2, ms_per_decision=0.0, finish={})
                      for n, s in (("a", [5] * 20), ("b", [1, -1] * 10))])
    assert rows[0].p_mean_holm == pytest.approx(min(1.0, 2 * rows[0].p_mean))
    assert rows[1].p_mean_holm == 1.0 and rows[0].p_holm == pytest.approx(min(1.0, 2 * rows[0].p_value))


def test_the_tienlen_arena_plays_every_deal_in_every_seat():
    report = tienlen_duplicate("greedy", ["random", "greedy"], deals=6, seeds=(1, 2))
    vs_random, mirror = report.rows
    assert report.game == "tienlen" and vs_random.games == 2 * 6 * 4 and vs_random.deals == 12
    assert vs_random.verdict == "ahead" and vs_random.finish["nhất"] > 0.25
    assert mirror.mean_net == 0 and mirror.deals_won == mirror.deals_lost == 0    # duplicate: a mirror sums to 0
    assert len(vs_random.seed_means) == 2
    again = tienlen_duplicate("greedy", ["random", "greedy"], deals=6, seeds=(1, 2))
    untimed = [replace(r, ms_per_decision=0.0) for r in again.rows]
    assert untimed == [replace(r, ms_per_decision=0.0) for r in report.rows]     # the same games again


def test_phom_tienlen_arena(capsys):
    assert main(["tienlen", "arena", "greedy", "--panel", "random", "--deals", "3", "--seeds", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "tienlen" and data["rows"][0]["games"] == 12
    assert main(["tienlen", "arena", "greedy", "--panel", "random", "--deals", "3", "--seeds", "1"]) == 0
    assert "mean p (Holm)" in capsys.readouterr().out
    assert main(["tienlen", "arena", "nobody", "--panel", "random"]) == 1
