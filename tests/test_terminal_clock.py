"""The terminal's clock (``phom play --turn-seconds``, ``phom tienlen play --turn-seconds``): a person who
types nothing is played for by the stand-in when his turn's time runs out, and from then on at once until
he types again; the saved record marks those moves ``"by": "clock"`` and each is the stand-in's move.
Without the option there is no clock. Real processes with a silent pipe for their input."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from phom import Game
from phom.bots import make_bot
from phom.clock import STANDIN
from phom.tienlen import TienLenGame
from phom.tienlen.bots import make_tienlen_bot


def silent_game(tmp_path, *command: str) -> tuple[str, dict]:
    saved, said = tmp_path / "game.json", tmp_path / "out.txt"
    with said.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "phom", *command, "--players", "2", "--seed", "3",
                                    "--turn-seconds", "5", "--save", str(saved), "--lang", "vi"],
                                   stdin=subprocess.PIPE, stdout=out, stderr=subprocess.STDOUT)
        try:
            process.wait(timeout=120)                    # the pipe stays open and silent until the game ends
        finally:
            process.kill()
            assert process.stdin is not None
            process.stdin.close()
    return said.read_text(encoding="utf-8"), json.loads(saved.read_text(encoding="utf-8"))


@pytest.mark.parametrize("command, game_class, standin", [
    (("play",), Game, lambda: make_bot(STANDIN)),
    (("tienlen", "play"), TienLenGame, lambda: make_tienlen_bot(STANDIN)),
])
def test_a_silent_player_is_played_for_and_the_record_says_so(tmp_path, command, game_class, standin):
    started = time.monotonic()
    out, record = silent_game(tmp_path, *command)
    assert "Đến lượt bạn (còn 5 giây)." in out and "Hết giờ: máy đánh hộ" in out and "(máy đánh hộ)" in out
    assert time.monotonic() - started >= 5                  # the first turn waited for its clock
    assert record["turn_seconds"] == 5 and len(record["history"]) == len(record["actions"])
    played = [v for v, entry in enumerate(record["history"]) if entry.get("by") == "clock"]
    assert played and all(record["history"][v]["player"] == 0 for v in played)
    replay = game_class.from_json(json.dumps({k: v for k, v in record.items() if k not in ("history",
                                                                                          "turn_seconds")}))
    game = game_class.from_json(json.dumps({**{k: v for k, v in record.items() if k not in ("history",
                                                                                           "turn_seconds")},
                                            "actions": []}))
    bot = standin()
    for v, (seat, action) in enumerate(replay.history):
        if v in played:
            assert bot.act(game.view(seat)) == action          # every clock move is the stand-in's
        game.apply(action)


def test_without_the_option_there_is_no_clock(tmp_path):
    process = subprocess.run([sys.executable, "-m", "phom", "play", "--players", "2", "--seed", "3"],
                             input=b"q\n", capture_output=True, timeout=60)
    assert b"seconds" not in process.stdout and b"Time is up" not in process.stdout


@pytest.mark.parametrize("value", ["4", "601", "x"])
def test_a_bad_turn_seconds_is_refused(value):
    process = subprocess.run([sys.executable, "-m", "phom", "play", "--turn-seconds", value], input=b"",
                             capture_output=True, timeout=60)
    assert process.returncode == 2 and b"--turn-seconds" in process.stderr
