"""``phom bot play`` and ``phom.client`` against a real ``phom serve --store FILE`` on loopback: a ``cmd:``
bot plays a hosted Phỏm game through a SIGKILL of the server (restarted on the same store and port)
with no move doubled or lost, Python bots play series through ``next`` in both games,
the token never appears in the process's argv, and refusals are one line and exit 1."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from phom import Action, AutoLay, Game, Rules
from phom.bots import GreedyBot, RandomBot
from phom.cli import main
from phom.client import ApiError, PhomClient
from phom.hosted_views import view_from_api
from phom.tienlen import TienLenGame, TienLenRules
from phom.tienlen.bots import GreedyTienLenBot
from phom.tienlen.game import parse_action
from phom.tienlen.render import view_report as tienlen_view_report
from phom.phom.view import PlayerView
from phom.phom.view_data import view_report
from real_services import free_port, wait_ready

pytestmark = pytest.mark.stress

pytest.importorskip("websockets.sync.client")

ROOT = Path(__file__).resolve().parent.parent


class Server:
    """A real ``phom serve --store FILE`` on 127.0.0.1 that can be killed and started again."""

    def __init__(self, folder: Path) -> None:
        self.port, self.store, self.log = free_port(), folder / "games.sqlite3", folder / "serve.log"
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.process = subprocess.Popen([sys.executable, "-m", "phom", "serve", "--store", str(self.store),
                                             "--port", str(self.port)], stdout=out, stderr=subprocess.STDOUT)
        wait_ready(self.base)

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        assert self.process is not None
        self.process.terminate()
        self.process.wait(timeout=20)
        text = self.log.read_text(encoding="utf-8", errors="replace")
        assert "Traceback" not in text, text[-3000:]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    served = Server(tmp_path_factory.mktemp("bot-client"))
    yield served
    served.stop()


def bot_play(base: str, game_id: str, token: str | None, spec: str, *extra: str) -> subprocess.Popen[str]:
    environment = {k: v for k, v in os.environ.items() if k != "PHOM_TOKEN"}
    if token is not None:
        environment["PHOM_TOKEN"] = token
    return subprocess.Popen([sys.executable, "-m", "phom", "bot", "play", base, game_id, "--bot", spec, *extra],
                            env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)


def finished(process: subprocess.Popen[str], seconds: float = 60) -> tuple[int, str, str]:
    out, err = process.communicate(timeout=seconds)
    return process.returncode, out, err


def command_line(pid: int) -> list[str]:
    """The argv of a running process, read from /proc once it has started ``phom bot play``."""
    for _ in range(500):
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")
        if "bot" in argv:
            return argv
        time.sleep(0.01)
    raise AssertionError(f"process {pid} never showed its command line")


def moves_sent(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def check_moves(record: dict[str, Any], seat: int, moves: list[dict[str, Any]]) -> None:
    """Every move the client sent is in the record once, at the version it was decided at, and the
    record holds no other move of the seat: nothing doubled, nothing lost."""
    kind = TienLenGame if record["format"] == "phom-tienlen" else Game
    game = kind.from_json(json.dumps(record))
    assert game.is_over
    mine = [(v, a) for v, (p, a) in enumerate(game.history) if p == seat]
    parse = parse_action if kind is TienLenGame else Action.parse
    assert mine == [(m["version"], parse(m["action"])) for m in moves]


def test_a_cmd_bot_plays_a_phom_game_through_a_server_kill(tmp_path: Path):
    """Seat 0 is a ``cmd:`` bot that thinks half a second at its third decision; the server is killed
    then and started again, so the bot's move meets a dead server (sent again with its key) and its
    socket must reconnect to hear seat 1, played by the test."""
    served = Server(tmp_path)
    moves, marker = tmp_path / "moves.jsonl", tmp_path / "decisions"
    spec = f"cmd:{sys.executable} {ROOT / 'tests' / 'external_bots' / 'slow.py'} {marker} 3 0.5"
    try:
        with PhomClient(served.base) as client:
            table = client.create_game("phom", humans=[0, 1], bots=["greedy", "greedy"], client_seed="restart")
            process = bot_play(served.base, table.id, table.tokens[0], spec, "--moves", str(moves))
            assert table.tokens[0] not in " ".join(command_line(process.pid))
            killed, deadline = False, time.monotonic() + 60
            while time.monotonic() < deadline:
                if not killed and marker.exists() and len(marker.read_text().split()) >= 3:
                    served.kill()                         # the bot is thinking over its third move
                    served.start()
                    killed = True
                view = client.view(table.id, table.tokens[1])
                if view["is_over"]:
                    break
                if view["to_move"] == 1:                  # the test plays seat 1 by hand
                    client.act(table.id, table.tokens[1], view["legal_actions"][-1]["text"])
                else:
                    time.sleep(0.01)
            code, out, err = finished(process)
            assert (code, err, killed) == (0, "", True)
            assert out.startswith(f"game 1/1 {table.id} (phom): seat 0 ") and out.count("\n") == 1
            sent = moves_sent(moves)
            assert len(sent) >= 3 and sent[2]["version"] > 0
            check_moves(client.record(table.id, table.tokens[0]), 0, sent)
    finally:
        served.stop()


def test_a_python_bot_plays_a_three_game_tienlen_series(server: Server, tmp_path: Path):
    moves = tmp_path / "moves.jsonl"
    with PhomClient(server.base) as client:
        table = client.create_game("tienlen", bots=["greedy"] * 3, client_seed="series")
        token = table.tokens[0]
        code, out, err = finished(bot_play(server.base, table.id, token, "level:3", "--series", "3",
                                           "--moves", str(moves)))
        assert (code, err) == (0, "")
        lines = out.splitlines()
        assert [line.split()[1] for line in lines] == ["1/3", "2/3", "3/3"]
        game_id, sent = table.id, moves_sent(moves)
        for number, line in enumerate(lines, 1):
            assert line.split()[2] == game_id
            view = client.view(game_id, token)
            assert view["is_over"] and view["series"]["number"] == number
            assert f"series {view['series']['totals'][0]:+d}" in line
            check_moves(client.record(game_id, token), 0, [m for m in sent if m["game"] == game_id])
            game_id = view["series"]["next"] or game_id
        assert len({m["game"] for m in sent}) == 3


def test_a_python_bot_plays_a_phom_series(server: Server, tmp_path: Path):
    moves = tmp_path / "moves.jsonl"
    with PhomClient(server.base) as client:
        table = client.create_game("phom", bots=["greedy"] * 3, client_seed="phom series")
        code, out, err = finished(bot_play(server.base, table.id, table.tokens[0], "level:4", "--series", "2",
                                           "--moves", str(moves)))
        assert (code, err, out.count("\n")) == (0, "", 2)
        following = client.view(table.id, table.tokens[0])["series"]["next"]
        for game_id in (table.id, following):
            check_moves(client.record(game_id, table.tokens[0]), 0,
                        [m for m in moves_sent(moves) if m["game"] == game_id])


def test_a_bot_plays_on_at_a_clocked_table_beside_a_silent_person(server: Server, tmp_path: Path):
    """A clocked table of two people: ``phom bot play`` plays seat 0 while seat 1 never moves; the stand-in
    plays seat 1 (away), a reaction frame reaches the bot's socket and is skipped, the game ends."""
    with PhomClient(server.base) as client:
        table = client.create_game("phom", humans=[0, 1], bots=["greedy"] * 2, client_seed="clocked",
                                   turn_seconds=5)
        process = bot_play(server.base, table.id, table.tokens[0], "greedy")
        time.sleep(1)
        client.react(table.id, table.tokens[1], "hurry")
        code, out, err = finished(process, seconds=180)
        assert (code, err) == (0, ""), err
        assert "played by the clock" not in out                   # the bot itself was never late
        record = client.record(table.id, table.tokens[0])
        played = {entry["player"] for entry in record["history"] if entry.get("by") == "clock"}
        assert played == {1} and client.view(table.id, table.tokens[1])["away"] == [1]


def test_refusals_are_one_line_and_exit_1(server: Server, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]):
    with PhomClient(server.base) as client:
        table = client.create_game("phom", bots=["greedy"] * 3)
        dead = f"http://127.0.0.1:{free_port()}"
        for token, url, spec, words in ((None, server.base, "greedy", "PHOM_TOKEN is not set"),
                                        ("not-a-token", server.base, "greedy", "403 this token is not a seat"),
                                        (table.tokens[0], server.base, "nonsense", "nonsense"),
                                        ("t", dead, "greedy", "unreachable for 0.5 s")):
            if token is None:
                monkeypatch.delenv("PHOM_TOKEN", raising=False)
            else:
                monkeypatch.setenv("PHOM_TOKEN", token)
            code = main(["bot", "play", url, table.id, "--bot", spec, "--retry-seconds", "0.5"])
            out, err = capsys.readouterr()
            assert code == 1 and out == "" and err.count("\n") == 1 and words in err, err
            assert err.startswith("phom bot play: error: ")
        with pytest.raises(ApiError) as refused:
            client.act(table.id, table.tokens[0], "discard ZZ")
        assert refused.value.status == 422 and "ZZ" in str(refused.value)


def test_views_rebuilt_from_the_api_json_are_the_seats_own_views():
    """At every decision of random and greedy games (both games, house rules varied), the view rebuilt
    from its JSON equals the seat's real view: the same public state, legal actions and history (what
    this turn's autolay laid and sent aside: the JSON does not say; only that the turn is under way)."""
    rules = [Rules(), Rules.eight_cards(), Rules(tai_gui=False, u_by_gui=True, den_chot=True, must_lay_all=True)]
    decisions = 0
    for seed in range(24):
        game = Game(rules[seed % 3], seed=seed)
        bots = [GreedyBot(), RandomBot(seed), GreedyBot(), RandomBot(seed + 1)]
        while not game.is_over:
            seat = game.to_move
            view = game.view(seat)
            rebuilt = view_from_api(json.loads(json.dumps({**view_report(view), "rules": game.rules.to_dict()})))
            assert isinstance(rebuilt, PlayerView)
            if (seat, AutoLay()) in game.history[-3:] and game.state.turn_actions > 1:    # this turn's autolay
                assert rebuilt.public.state.laid_this_turn > 0 and (game.state.laid_this_turn > 0
                                                                    or game.state.sent_this_turn)
                rebuilt.public.state.laid_this_turn = game.state.laid_this_turn
                rebuilt.public.state.sent_this_turn = game.state.sent_this_turn
            assert rebuilt.public == view.public and rebuilt.legal_actions == view.legal_actions
            assert rebuilt.history == view.history
            game.apply(bots[seat].act(view))
            decisions += 1
    for seed in range(12):
        first = seed % 3 != 0
        tienlen = TienLenGame(TienLenRules(pass_locks_round=seed % 2 == 0), seed=seed, first_game=first,
                              leader=None if first else seed % 4)
        bot = GreedyTienLenBot()
        while not tienlen.is_over:
            view = tienlen.view(tienlen.to_move)
            data = json.loads(json.dumps({**tienlen_view_report(view), "rules": tienlen.rules.to_dict()}))
            assert view_from_api(data) == view
            tienlen.apply(bot.act(view))
            decisions += 1
    assert decisions > 1000


def test_a_view_that_does_not_add_up_is_refused():
    game = Game(seed=5)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    data = {**view_report(game.view(game.to_move)), "rules": game.rules.to_dict()}
    assert len(data["legal_actions"]) > 1
    for field, value, words in (("rows", ["", "", "", ""], "rows"), ("history", data["history"][:-1], "history"),
                                ("legal_actions", data["legal_actions"][1:], "legal actions")):
        with pytest.raises(ValueError, match=words):
            view_from_api({**data, field: value})
    with pytest.raises(ValueError, match="only phom(, | and )tienlen"):      # and any game installed beside them
        view_from_api({**data, "game": "chess"})
