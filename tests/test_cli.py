"""The phom command line, through main(argv) and a real subprocess."""

from __future__ import annotations

import io
import json
import pathlib
import re
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
    assert "Lay down  5♣ 6♣ 7♣ 8♣ · 3♠ 3♦ 3♥" in text and "Points    0 — ù!" in text
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
    assert code == 0 and "games a second" in text and "Seat 1: greedy" in text and "0:greedy" not in text


def test_replay(tmp_path):
    game = play_out(Game(seed=4), "first")
    path = tmp_path / "game.json"
    path.write_text(game.to_json(), encoding="utf-8")
    code, text = run(["replay", str(path)])
    assert code == 0 and "Net:" in text and "Seat 1: discard" in text and "seat 0" not in text
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
    code, text = run(["play", "--players", "2", "--seed", "1", "--seat", "1"], stdin="lay AS 2S 3S\nq\n")
    assert code == 0 and "Not allowed:" in text and "You left the game." in text


def test_play_input_ending_early_is_an_error(capsys):
    code, _ = run(["play", "--seed", "1"], stdin="")
    assert code == 1 and "input ended" in capsys.readouterr().err


def test_bench_runs():
    code, text = run(["bench", "--hands", "10"])
    assert code == 0 and "min_points" in text and "x" in text


@pytest.mark.parametrize(("hands", "lang", "said"), [("0", "en", "from 1 to 10,000"), ("10001", "vi", "từ 1 đến 10.000")])
def test_bench_bounds_its_hands_before_timing_any(capsys, hands, lang, said):
    code, text = run(["bench", "--hands", hands, "--lang", lang])
    assert code == 1 and text == "" and said in capsys.readouterr().err


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


def test_help_of_every_command_in_both_languages(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "vi_VN.UTF-8")
    for lang in ("LANG", "--lang"):
        argv = ["solve", "--help"] if lang == "LANG" else ["play", "--lang", "en", "--help"]
        assert run(argv)[0] == 0
    vi_help, en_help = capsys.readouterr().out.split("Usage: ")
    assert vi_help.startswith("Cách dùng: phom solve") and "Tuỳ chọn:" in vi_help
    assert "In trang trợ giúp này rồi thoát" in vi_help and "mã xáo bài" not in en_help
    assert "Options:" in en_help and "Show this help message and exit" in en_help
    assert "--save FILE" in en_help and "cách" not in en_help
    monkeypatch.delenv("LANG")
    for argv in (["tienlen", "play"], ["review"], ["bot", "play"], ["replay"], ["serve"]):
        assert run([*argv, "--lang", "vi", "--help"] if argv[-1] != "serve" else [*argv, "--help"])[0] == 0
    seen = capsys.readouterr().out
    assert seen.count("Cách dùng:") == 4 and seen.count("Usage:") == 1
    assert run(["solve", "--lang", "vi"])[0] == 2
    assert "phom solve: lỗi: thiếu các tham số sau: BÀI" in capsys.readouterr().err
    assert run(["--version"])[0] == 0 and "phom " in capsys.readouterr().out


def test_solve_in_vietnamese_and_an_empty_hand(capsys):
    code, text = run(["solve", "QH 10H 9H JH 2S", "--eaten", "JH", "--lang", "vi"])
    assert code == 0 and "Trên tay" in text and "Hạ           9♥ 10♥ J♥ Q♥" in text
    assert "Ù ngay       có; ù khan: không" in text and "Lay down" not in text
    for lang in ("vi", "en"):
        code, text = run(["solve", "", "--lang", lang])
        err = capsys.readouterr().err
        assert code == 1 and text == "" and err.count("\n") == 1 and "móm" not in err
    assert "CARDS is empty" in err


def test_play_save_writes_a_record_that_review_and_replay_read(tmp_path):
    path = tmp_path / "phom.json"
    code, text = run(["play", "--players", "2", "--seed", "1", "--save", str(path), "--lang", "vi"],
                     stdin="foo\n" + "1\n" * 80)
    said = " ".join(text.split())       # a long temporary path is put on a line of its own by the terminal's width
    assert code == 0 and f"Đã ghi biên bản vào {path}" in said and "ghế 2 Cấp 4 · Khá" in text
    assert "Không hiểu: “foo”" in text and "unknown keyword" not in text
    assert Game.from_json(path.read_text(encoding="utf-8")).is_over
    code, text = run(["replay", str(path), "--lang", "vi"])
    assert code == 0 and "Ghế 1: Đánh" in text and "Tổng:" in text and "discard" not in text
    code, text = run(["play", "--players", "2", "--seed", "1", "--save", str(tmp_path / "q.json")], stdin="q\n")
    assert code == 0 and "no record written" in text and not (tmp_path / "q.json").exists()


def test_tienlen_play_save_and_replay(tmp_path):
    from phom.tienlen import TienLenGame

    path = tmp_path / "tienlen.json"
    code, text = run(["tienlen", "play", "--seed", "3", "--save", str(path)], stdin="1\n" * 120)
    assert code == 0 and "Record written to" in text and "greedy (Level 6 · Advanced)" in text
    game = TienLenGame.from_json(path.read_text(encoding="utf-8"))
    code, text = run(["replay", str(path), "--lang", "vi"])
    assert len(game.history) > 10
    assert code == 0 and text.startswith("Tiến lên, 4 người chơi; ghế 2 đi đầu") and "Tổng:" in text
    numbers = [int(n) for n in re.findall(r"(?m)^ *(\d+)\. Ghế", text)]       # a move a line, as the review counts them
    assert numbers == list(range(1, len(game.history) + 1)) and "seat" not in text
    code, text = run(["tienlen", "play", "--seed", "3", "--lang", "vi"], stdin="1\n" * 120)
    assert "Về: nhất" in text and "(về nhì)" in text and "−" in text and "-" not in text.split("Tổng:")[1]


def test_tienlen_solve_in_vietnamese():
    code, text = run(["tienlen", "solve", "3S 3C 3D 3H 5C 7D 9S JH QC KS AD 2C 6H", "--lang", "vi"])
    assert code == 0 and "Các lá" in text and "(không thành một bộ)" in text and "Tới trắng ván đầu: tứ quý 3; các ván sau: không" in text
    code, text = run(["tienlen", "solve", "5S 6S 7H", "--table", "3S 4S 5S", "--lang", "vi"])
    assert "(sảnh 3 lá, từ 5♠ đến 7♥)" in text and "1 cách chặn sảnh 3 lá, từ 3♠ đến 5♠" in text and "Plays" not in text


def test_a_number_out_of_range_with_one_move_says_type_1():
    """Seed 0, seat 2: the first decision is to draw, the only move; a 7 is answered with what to type."""
    code, text = run(["play", "--seed", "0", "--seat", "2", "--lang", "vi"], stdin="7\nq\n")
    assert "Không phải nước đi: chỉ có nước 1, hãy gõ 1." in text and "từ 1 đến 1" not in text
