"""A round of duplicate matches between several bots (``phom arena --challengers``): every cell is the
arena's own matchup on the same deals, the ratings order the bots as the money does, a ``cmd:`` program
takes part, and the page carries no script."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from phom.arena import duplicate
from phom.cli import main
from phom.tournament import round_robin

EAGER = f"cmd:{sys.executable} {Path(__file__).resolve().parent.parent / 'examples' / 'bots' / 'eager.py'}"


def test_each_cell_is_the_arenas_matchup_and_the_ratings_follow_the_money():
    crosstable = round_robin(["greedy", "random", EAGER], deals=4, seeds=(3,))
    alone = duplicate("greedy", ["random"], deals=4, seeds=(3,)).rows[0]
    cell = crosstable.cell("greedy", "random")
    assert (cell.mean_net, cell.deals_won, cell.deals_lost) == (alone.mean_net, alone.deals_won, alone.deals_lost)
    assert crosstable.cell("random", "greedy").mean_net < 0 < cell.mean_net
    assert crosstable.ratings[0].name == "greedy" and crosstable.ratings[-1].name in ("random", EAGER)
    assert all(r.ordinal == pytest.approx(r.mu - 3 * r.sigma) for r in crosstable.ratings)
    table = crosstable.table()
    assert "| greedy | — |" in table and "6 matchups" in table
    page = crosstable.to_html()
    assert "<script" not in page and page.count("<tr>") == 1 + 3 + 1 + 3


def test_the_round_on_the_command_line(tmp_path, capsys):
    page = tmp_path / "round.html"
    assert main(["tienlen", "arena", "--challengers", "greedy,random", "--deals", "2", "--seeds", "1", "--json",
                 "--html", str(page)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bots"] == ["greedy", "random"] and [r["name"] for r in data["ratings"]] == ["greedy", "random"]
    assert page.read_text(encoding="utf-8").startswith("<!doctype html>")
    assert main(["arena", "greedy", "--challengers", "greedy,random"]) == 1
    assert "name one challenger, or a round" in capsys.readouterr().err
    assert main(["arena", "--challengers", "greedy"]) == 1
    assert "at least two distinct bots" in capsys.readouterr().err


def test_the_round_asks_the_registry_for_its_game():
    with pytest.raises(ValueError, match="no game is named 'chess': the games are"):
        round_robin(["greedy", "random"], game="chess", deals=1, seeds=(1,))
    crosstable = round_robin(["greedy", "random"], game="tienlen", deals=2, seeds=(1,))
    assert crosstable.game == "tienlen" and all(report.game == "tienlen" for report in crosstable.reports)
