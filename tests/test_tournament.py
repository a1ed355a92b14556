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


#: a tiny bot module, as a bot author would write it beside his work: the first legal move, and a factory
TINY_BOT = '''
class FirstMove:
    """Plays the first legal action, in either game."""

    name = "first"

    def act(self, view):
        return view.legal_actions[0]


def make():
    return FirstMove()
'''


@pytest.fixture
def tiny_bot_dir(tmp_path, monkeypatch):
    (tmp_path / "tinybot.py").write_text(TINY_BOT, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    sys.modules.pop("tinybot", None)


@pytest.mark.parametrize("game", ["phom", "tienlen"])
def test_a_python_bot_object_goes_wherever_a_bot_name_goes(tiny_bot_dir, game):
    from phom.simulation import simulate
    from phom.bot_names import python_bot

    bot = python_bot("py:tinybot:FirstMove")
    crosstable = round_robin([bot, "greedy"], game=game, deals=2, seeds=(1,))
    assert crosstable.bots == ("first", "greedy")
    assert crosstable.cell("first", "greedy").deals == 2
    by_name = round_robin(["py:tinybot:make", "greedy"], game=game, deals=2, seeds=(1,))
    assert by_name.cell("py:tinybot:make", "greedy").mean_net == crosstable.cell("first", "greedy").mean_net
    report = duplicate(bot, ["greedy"], deals=2, seeds=(1,), game=game)
    assert report.challenger == "first" and report.rows[0].mean_net == crosstable.cell("first", "greedy").mean_net
    players = 4
    stats = simulate([bot] + [python_bot("py:tinybot:make") for _ in range(players - 1)], 2, game=game, seed=1)
    assert stats.games == 2


@pytest.mark.parametrize("game", ["phom", "tienlen"])
def test_py_bots_on_the_command_line(tiny_bot_dir, capsys, game):
    prefix = [] if game == "phom" else ["tienlen"]
    assert main([*prefix, "arena", "--challengers", "greedy,py:tinybot:FirstMove", "--deals", "2", "--seeds", "1",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bots"] == ["greedy", "py:tinybot:FirstMove"]
    assert main([*prefix, "arena", "--challengers", "greedy,py:tinybot:Missing", "--deals", "1", "--seeds", "1"]) == 1
    assert "has no class or factory 'Missing'" in capsys.readouterr().err
    assert main([*prefix, "arena", "--challengers", "greedy,py:nosuchmodule:Bot", "--deals", "1", "--seeds", "1"]) == 1
    assert "module 'nosuchmodule' cannot be imported" in capsys.readouterr().err


def test_a_round_refuses_what_is_not_a_bot():
    with pytest.raises(ValueError, match=r"bots\[1\] = 7 is neither a bot name nor a bot"):
        round_robin(["greedy", 7], deals=1, seeds=(1,))
    with pytest.raises(ValueError, match="at least two distinct bots"):
        from phom.phom.bots.greedy import GreedyBot
        round_robin([GreedyBot(), "greedy"], deals=1, seeds=(1,))


def test_a_record_naming_a_python_bot_is_refused():
    from phom.bot_names import is_python_bot

    assert is_python_bot(" PY:tinybot:make") and not is_python_bot("greedy")


def test_an_arena_report_prints_as_a_short_table_and_a_one_line_repr():
    import dataclasses

    report = duplicate("greedy", ["random"], deals=2, seeds=(1,))
    text = str(report)
    assert text.splitlines()[0] == "greedy vs 3 × each opponent (phom, Python referee)"
    assert "random" in text.splitlines()[2] and f"{report.rows[0].mean_net:+.3f}" in text
    many = dataclasses.replace(report, rows=tuple(dataclasses.replace(report.rows[0], opponent=f"bot{i}")
                                                  for i in range(40)))
    assert len(str(many).splitlines()) <= 30 and "… and 20 more opponents" in str(many)
    for r in (report, many):
        assert "\n" not in repr(r) and repr(r).startswith("<ArenaReport greedy (phom)")


def test_a_round_without_openskill_says_the_extra_before_any_game(monkeypatch):
    """The ratings need openskill (``phom[tournament]``): without it the round stops before its first
    deal, naming the install (a bot that is asked to move fails the test)."""

    class NeverAsked:
        name = "never"

        def act(self, view):
            raise AssertionError("a game was played before the missing extra was said")

    monkeypatch.setitem(sys.modules, "openskill", None)
    monkeypatch.setitem(sys.modules, "openskill.models", None)
    with pytest.raises(ImportError, match=r'pip install "phom\[tournament\]"'):
        round_robin([NeverAsked(), "greedy"], deals=2, seeds=(1,))


def test_a_round_prints_as_its_table():
    round_ = round_robin(["greedy", "random"], deals=4, seeds=(1,))
    assert str(round_) == round_.table() and str(round_).startswith("| challenger")
