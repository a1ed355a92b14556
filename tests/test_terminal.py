"""The terminal as a player reads it (issue 42): numbers in Vietnamese through Babel, lines that fit the
terminal broken between words, seats counted from 1 in every option, a typo'd option answered with the
one meant, a closed pipe said nothing about, a busy port said before anything else."""

from __future__ import annotations

import io
import os
import re
import socket
import subprocess
import sys

import pytest

from phom import Game
from phom.bots import GreedyBot
from phom.games import game_specs
from phom.cli import main
from phom.cli.play import Console
from phom.cli.render import visible_width

#: numbers written the English way: a thousands comma (59,520) or a decimal point (0.3, -1.30); a point
#: before three digits (59.520) is Vietnamese thousands
_NUMBER = re.compile(r"(?<![\w.,])[+\-−]?\d+(?:[.,]\d+)*(?![\w.,]\d)")


def english_numbers(text: str) -> list[str]:
    found = []
    for number in _NUMBER.findall(text):
        digits = number.lstrip("+-−")
        thousands_vi = re.fullmatch(r"\d{1,3}(\.\d{3})+(,\d+)?", digits)
        if not thousands_vi and ("." in digits or re.search(r",\d{3}(?!\d)", digits)):
            found.append(number)
    return found


def played(argv: list[str], typed: str, monkeypatch: pytest.MonkeyPatch, columns: int | None = None) -> str:
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", str(columns))
    out = io.StringIO()
    assert main(argv, stdin=io.StringIO(typed), stdout=out) == 0
    return out.getvalue()


def test_the_pattern_finds_english_numbers():
    found = english_numbers("qua 59,520 ván (+1.30 cược), hơn J♠ 0.3; 59.520 ván, +1,30 cược, 10♠ 2♥ 3:1, −0,45.")
    assert found == ["59,520", "+1.30", "0.3"]


@pytest.mark.parametrize("game", ["play", "tienlen"])
def test_every_number_of_a_whole_vi_game_is_written_the_vietnamese_way(game, monkeypatch):
    """A whole game in Vietnamese, with a hint and a deeper hint (trial games: thousands and decimals) at
    the first turns: no 59,520 and no 0.3 anywhere (Babel writes 59.520 and 0,3)."""
    typed = "?\n??\n1\n" * 3 + "1\n" * 150
    argv = ["play", "--seed", "3", "--lang", "vi"] if game == "play" else ["tienlen", "play", "--seed", "3", "--lang", "vi"]
    text = played(argv, typed, monkeypatch)
    assert "Gợi ý" in text and "Tổng:" in text and re.search(r"\d\.\d{3} ván", text)      # 1.248 ván
    assert not english_numbers(text), [line for line in text.splitlines() if english_numbers(line)]


@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("game", ["play", "tienlen"])
def test_lines_fit_80_columns_broken_between_words(game, lang, monkeypatch):
    argv = (["play"] if game == "play" else ["tienlen", "play"]) + ["--seed", "5", "--lang", lang]
    typed = "?\nh\n" + "1\n" * 120
    wide = played(argv, typed, monkeypatch)
    narrow = played(argv, typed, monkeypatch, columns=80)

    def lines(text: str) -> list[str]:            # the prompt "> " stands before the next line when input is no terminal
        return [re.sub(r"^(> )+", "", line) for line in text.splitlines()]

    assert max(visible_width(line) for line in lines(narrow)) <= 80
    assert max(visible_width(line) for line in lines(wide)) > 80         # there was something to break
    # the same words, only the breaks differ: every break falls between two words
    assert narrow.split() == wide.split()


def test_console_counts_one_card():
    console = Console(io.StringIO(), io.StringIO(), "en")
    assert (console.cards(1), console.cards(9)) == ("1 card", "9 cards")
    assert Console(io.StringIO(), io.StringIO(), "vi").cards(1) == "1 lá"


def test_seats_are_counted_from_1_in_the_options(monkeypatch, capsys):
    text = played(["play", "--seat", "2", "--players", "2", "--seed", "1"], "q\n", monkeypatch)
    assert "You are seat 2;" in text and "bots: seat 1 " in text
    assert main(["play", "--seat", "0"], stdin=io.StringIO("")) == 1
    assert "--seat 0 is not a seat from 1 to 4" in capsys.readouterr().err
    assert main(["tienlen", "play", "--seat", "5"], stdin=io.StringIO("")) == 1
    assert "--seat 5 is not a seat from 1 to 4" in capsys.readouterr().err
    assert main(["play", "--help", "--lang", "vi"]) == 0
    said = capsys.readouterr().out
    most = max(spec.seats[1] for spec in game_specs())        # phom play --game: the most any installed game seats
    assert "đếm từ 0" not in said and f"từ 1 đến {most}" in said
    assert "máy đánh bừa" in said and "Cấp 4 · Khá" in said                # the bots in the players' words


def test_review_takes_seats_from_1(tmp_path, capsys):
    game = Game(seed=3)
    while not game.is_over:
        game.apply(GreedyBot().act(game.view(game.to_move)))
    record = tmp_path / "game.json"
    record.write_text(game.to_json(), encoding="utf-8")
    out = io.StringIO()
    assert main(["review", str(record), "--seats", "2", "--worlds", "16"], stdout=out) == 0
    said = out.getvalue()
    assert said.splitlines()[2].startswith("Seat 2 ") and "Seat 1 " not in said and "Seat 3 " not in said
    assert main(["review", str(record), "--seats", "0"]) == 1
    assert "counted from 1" in capsys.readouterr().err
    from phom import Rules

    two = Game(Rules(players=2), seed=3)
    while not two.is_over:
        two.apply(GreedyBot().act(two.view(two.to_move)))
    record.write_text(two.to_json(), encoding="utf-8")
    assert main(["review", str(record), "--seats", "3", "--worlds", "8"]) == 1
    assert "seat 3 is not at this table (seats 1 to 2)" in capsys.readouterr().err


def test_a_mistyped_option_is_answered_with_the_one_meant(capsys):
    assert main(["play", "--sead", "3"]) == 2
    assert "did you mean --seed?" in capsys.readouterr().err
    assert main(["tienlen", "play", "--sead", "3", "--lang", "vi"]) == 2
    assert "có phải ý bạn là --seed?" in capsys.readouterr().err


def _script() -> list[str]:
    return [sys.executable, "-m", "phom"]


def test_a_closed_pipe_ends_the_replay_quietly(tmp_path):
    """``phom replay game.json | head``: the reader goes away; no 'Broken pipe' error line."""
    game = Game(seed=4)
    while not game.is_over:
        game.apply(GreedyBot().act(game.view(game.to_move)))
    path = tmp_path / "game.json"
    path.write_text(game.to_json(), encoding="utf-8")
    read, write = os.pipe()
    os.close(read)                                  # nobody reads: the first write fails with EPIPE
    try:
        done = subprocess.run([*_script(), "replay", str(path)], stdout=write, stderr=subprocess.PIPE, text=True,
                              check=False, timeout=120)
    finally:
        os.close(write)
    assert done.returncode == 0 and done.stderr == "", done.stderr


def test_serve_on_a_busy_port_says_only_the_error(capsys):
    pytest.importorskip("uvicorn")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        out = io.StringIO()
        assert main(["serve", "--port", str(port), "--store", ":memory:"], stdout=out) == 1
    assert out.getvalue() == ""                     # not first "the table is at http://…"
    err = capsys.readouterr().err
    assert f"--port {port}" in err and "is another server there?" in err
