"""The phom command line, through main(argv) and a real subprocess."""

from __future__ import annotations

import io
import json
import pathlib
import shutil
import subprocess
import sys

import pytest

from phom import Game
from phom.cli import main
from game_helpers import play_out


def run(argv, stdin=""):
    out = io.StringIO()
    code = main(argv, stdin=io.StringIO(stdin), stdout=out)
    return code, out.getvalue()


def test_solve_text_and_json():
    code, text = run(["solve", "3S 3H 3D 5C 6C 7C 8C 10H 4D KS", "--table", "JH QH KH", "10S 10C 10D",
                      "4S 4C 4H"])
    assert code == 0
    assert "Lay down  5♣ 6♣ 7♣ 8♣ | 3♠ 3♦ 3♥" in text and "Points    0 — ù!" in text
    assert "\x1b[" not in text          # plain when not a terminal
    code, text = run(["solve", "QH 10H 9H JH 2S", "--eaten", "JH", "--json"])
    data = json.loads(text)
    assert code == 0 and data["bound"] == "10H" and data["arrangement"]["points"] == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "9H 9X"], "'9X'"),
        (["solve", "9H 10H", "--eaten", "JH"], "--eaten"),
        (["solve", "9H", "--table", "AS 2S"], "table"),
        (["simulate", "--games", "0"], "--games"),
        (["simulate", "--bots", "greedy"], "2 to 4"),
        (["simulate", "--bots", "greedy,wizard"], "unknown bot"),
        (["replay", "/nonexistent/game.json"], "no such file"),
        (["play", "--players", "7"], "players"),
    ],
)
def test_errors_are_one_line(argv, message, capsys):
    code, _ = run(argv)
    err = capsys.readouterr().err
    assert code == 1
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_usage_errors_exit_2(capsys):
    code, _ = run(["frobnicate"])
    assert code == 2


def test_simulate_json():
    code, text = run(["simulate", "--games", "8", "--bots", "greedy,random", "--json", "--seed", "2"])
    data = json.loads(text)
    assert code == 0 and data["games"] == 8 and abs(sum(data["mean_net"])) < 1e-9


def test_simulate_table_with_jobs():
    code, text = run(["simulate", "--games", "8", "--bots", "greedy,random,random", "--jobs", "2"])
    assert code == 0 and "games/s" in text and "0:greedy" in text


def test_replay(tmp_path):
    game = play_out(Game(seed=4), "first")
    path = tmp_path / "game.json"
    path.write_text(game.to_json(), encoding="utf-8")
    code, text = run(["replay", str(path)])
    assert code == 0 and "Net:" in text and "seat 0: discard" in text
    data = json.loads(game.to_json())
    data["actions"][3] = "discard KH" if "KH" not in data["deal"]["hands"][1] else "discard AS"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, _ = run(["replay", str(path)])
    assert code == 1


def test_play_to_the_end_with_scripted_input():
    script = "?\nh\n99\nfly\n" + "1\n" * 80
    code, text = run(["play", "--players", "3", "--seed", "8", "--bots", "random,greedy"], stdin=script)
    assert code == 0
    assert "Hint:" in text and "Not a move" in text and "Not understood" in text and "Net:" in text


def test_play_rejects_illegal_moves_with_a_reason():
    code, text = run(["play", "--players", "2", "--seed", "1", "--seat", "0"], stdin="lay AS 2S 3S\nq\n")
    assert code == 0 and "Not allowed:" in text and "You left the game." in text


def test_play_input_ending_early_is_an_error(capsys):
    code, _ = run(["play", "--seed", "1"], stdin="")
    assert code == 1 and "input ended" in capsys.readouterr().err


def test_bench_runs():
    code, text = run(["bench", "--hands", "10"])
    assert code == 0 and "min_points" in text and "x" in text


def _script() -> str:
    """The installed console script: beside this interpreter, or on PATH."""
    beside = pathlib.Path(sys.executable).with_name("phom")
    return str(beside) if beside.exists() else (shutil.which("phom") or "phom")


def test_console_script_and_module_entry_points():
    for command in ([_script(), "solve", "9H 10H JH"], [sys.executable, "-m", "phom", "solve", "9H 10H JH"]):
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
        assert "9♥ 10♥ J♥" in done.stdout
    done = subprocess.run([_script(), "solve", "ZZ"], capture_output=True, text=True, check=False)
    assert done.returncode == 1 and done.stderr.startswith("phom solve: error:")
