"""A game is a plug-in: Xì dách (``examples/xidach``, the package ``phom-xidach``), installed beside phom, is
found by its entry point and goes through every part of the machinery by the protocol alone — the terminal
against bots (a real ``phom play`` subprocess fed by its stdin), ``phom replay``, simulate and the arena, the
service (a table of six, moves over HTTP, its own refusal answered 409, the clock and its stand-in, the
record, ``phom verify``), the bot protocol, the hint and the review — and its referee keeps its invariants
over hundreds of random games (the money sums to 0, a refused move changes nothing). Nothing in phom names
the game: these tests are its only mention outside its folder.

CI installs it (``.ci/run``); here: ``pip install -e examples/xidach --no-deps``."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("phom_xidach", reason="the Xì dách plug-in is not installed: pip install ./examples/xidach")

from phom_xidach.game import Draw, Settle, Stand, XiDachGame, XiDachRefusal  # noqa: E402
from phom_xidach.rules import XiDachRules  # noqa: E402
from phom_xidach.spec import SPEC  # noqa: E402

from phom.games import GAMES, broken_games, game_kind, game_spec, kind_of_record  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
EAGER = ROOT / "examples" / "bots" / "eager.py"


def phom(*argv: str, stdin: str = "", timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``phom ARGV`` in a real subprocess (the installed console script's module), its stdin fed."""
    return subprocess.run([sys.executable, "-m", "phom", *argv], input=stdin, capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, env={**_env(), "NO_COLOR": "1"})


def _env() -> dict[str, str]:
    """The environment without ``COLUMNS`` (a pipe then takes lines of any length, as the assertions read them)."""
    import os

    return {name: value for name, value in os.environ.items() if name not in ("COLUMNS", "LINES")}


def played(game: XiDachGame, bots: list[object]) -> XiDachGame:
    for _ in range(200):
        if game.is_over:
            return game
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].act(game.view(seat)))  # type: ignore[attr-defined]
    raise AssertionError("a Xì dách game ends within 200 moves")


def test_the_entry_point_registers_it_and_phom_games_lists_it():
    assert "xidach" in GAMES and "xidach" not in broken_games()
    spec = game_spec("xidach")
    assert spec is SPEC and game_kind("xidach") is SPEC.kind and spec.seats == (2, 6)
    assert kind_of_record({"format": "xidach-game"}) is SPEC.kind
    assert spec.refusal is XiDachRefusal and spec.lacks == frozenset({"engine", "session"})
    listed = phom("games")
    assert listed.returncode == 0, listed.stderr
    line = next(line for line in listed.stdout.splitlines() if line.startswith("xidach"))
    assert "2 to 6 seats" in line and "no compiled engine" in line


@pytest.mark.slow
def test_a_person_plays_it_in_the_terminal_against_bots_and_replays_and_reviews_it(tmp_path):
    record = tmp_path / "xidach.json"
    said = phom("play", "--game", "xidach", "--players", "5", "--seed", "4", "--bots",
                "random,greedy,level:5,threshold:18", "--lang", "vi", "--save", str(record), stdin="?\n" + "1\n" * 20)
    assert said.returncode == 0, said.stderr
    out = said.stdout
    assert "Ghế 4 làm nhà cái." in out and "Bài của bạn:" in out and "Gợi ý:" in out
    assert "Tổng:" in out and "★" in out and "xì dách" in out          # the deal's xì dách is settled at once
    game = game_kind("xidach").from_record(record.read_text(encoding="utf-8"))
    assert game.is_over and sum(game.result.net) == 0 and game.players == 5
    replay = phom("replay", str(record), "--lang", "vi")
    assert replay.returncode == 0, replay.stderr
    assert replay.stdout.startswith("Xì dách") and "Ghế 1: rút" in replay.stdout and "Tổng:" in replay.stdout
    review = phom("review", str(record), "--you", "1", "--lang", "vi")
    assert review.returncode == 0, review.stderr
    assert review.stdout.startswith("Xem lại ván Xì dách, 5 người chơi.")


@pytest.mark.slow
def test_the_terminal_reads_the_games_own_move_words():
    """rút, dằn and xét ghế N typed as words (the spec's verbs, in either language); a stand under 16 refused
    in the player's words, and nothing changed."""
    said = phom("play", "--game", "xidach", "--players", "3", "--seed", "14", "--bots", "greedy", "--lang", "vi",
                stdin="dằn\nrút\n" + "1\n" * 8)
    assert said.returncode == 0, said.stderr
    assert "Bài của bạn: 9♣ 2♦ (11 điểm, non)\nNước đi: 1) rút\n> Không được phép: Bài non (dưới 16 điểm): bạn phải " \
           "rút.\n>   Bạn: rút\n" in said.stdout
    banker = phom("play", "--game", "xidach", "--players", "2", "--seed", "1", "--bots", "greedy", "--lang", "en",
                  stdin="settle seat 2\n")
    assert banker.returncode == 0, banker.stderr
    assert "Moves: 1) rút  2) dằn  3) xét seat 2\n>   You: xét seat 2\n" in banker.stdout
    assert "seat 2 and you, the banker: hòa" in banker.stdout


def test_its_opening_help_replay_title_and_review_explanation_are_in_its_own_vietnamese(tmp_path):
    """The texts phom's machinery says for a game (the terminal's opening and help, the replay's title, the
    review's explanation of its ledger) come through the game's own ``translate``, not phom's catalog."""
    from phom.review import review
    from phom.review.text import explain_words, summary_sentence

    record = tmp_path / "xidach.json"
    said = phom("play", "--game", "xidach", "--players", "3", "--seed", "14", "--bots", "greedy", "--lang", "vi",
                "--save", str(record), stdin="h\n" + "1\n" * 12)
    assert said.returncode == 0, said.stderr
    lines = said.stdout.splitlines()
    assert lines[0] == "Xì dách, 3 người. Bạn ngồi ghế 1; máy: ghế 2 Cấp 4 · Khá, ghế 3 Cấp 4 · Khá."
    help_vi = ("Gõ số của nước đi, rút hoặc dằn; nhà cái còn có xét N (xét bài ghế N); ? để xem gợi ý, ?? gợi ý kỹ "
               "hơn; h để xem lại hướng dẫn này; q để thoát.")
    assert lines[1] == help_vi and said.stdout.count(help_vi) == 2          # said first, and again at h
    assert "players" not in said.stdout and "Type a move" not in said.stdout
    english = phom("play", "--game", "xidach", "--players", "3", "--seed", "14", "--bots", "greedy", "--lang", "en",
                   stdin="1\n" * 12)
    assert english.stdout.startswith("Xì dách, 3 players. You are seat 1; bots: seat 2 ")
    replay = phom("replay", str(record), "--lang", "vi")
    assert replay.returncode == 0, replay.stderr
    assert replay.stdout.startswith("Xì dách, 3 người; ghế 3 làm nhà cái\n")
    assert explain_words("xidach", "vi").startswith("kỳ vọng: điều ghế đó có thể mong trước khi chia")
    assert explain_words("xidach", "en").startswith("expected: what the seat could expect before the deal")
    result = review(record.read_text(encoding="utf-8"), seats=[0], worlds=8)
    sentence = summary_sentence("xidach", result.ledger[0], "level:4", "vi", you=0)
    assert "bài mang lại" in sentence                  # the luck's words a game leaves to phom: phom's catalog


def test_simulate_and_the_arena_play_it_on_its_python_referee():
    from phom.arena import duplicate
    from phom.simulation import simulate

    kind = game_kind("xidach")
    bots = [kind.make_bot("greedy"), kind.make_bot("random"), kind.make_bot("threshold:15")]
    stats = simulate(bots, 150, seed=3, rotate=True, game="xidach", rules=kind.rules({"players": 3}))
    assert stats.games == 150 and abs(sum(stats.mean_net)) < 1e-9 and stats.engine == "Python referee"
    assert set(stats.rates) == {"xì dách", "ngũ linh", "quắc"} and set(stats.figures) == {"bank_net"}
    with pytest.raises(ValueError, match="no compiled engine"):
        simulate(bots, 3, game="xidach", rules=kind.rules({"players": 3}), core=True)
    report = duplicate("montecarlo:8", ["random"], deals=4, seeds=(1,), game="xidach",
                       rules=kind.rules({"players": 3}))
    row = report.rows[0]
    assert report.game == "xidach" and report.players == 3 and report.engine == "Python referee"
    assert row.games == 4 * 3 and set(row.finish) == {"nhà cái", "xì dách", "ngũ linh", "quắc"}
    cli = phom("simulate", "--game", "xidach", "--bots", "greedy,random,greedy,random,greedy,random", "--games", "30",
               "--lang", "vi")
    assert cli.returncode == 0, cli.stderr
    assert "quắc" in cli.stdout.lower() and "ghế 6" in cli.stdout.lower()


def test_a_program_plays_a_seat_through_the_bot_protocol():
    from phom.hosted_views import view_from_api

    kind = game_kind("xidach")
    program = kind.seeded_bot(f"cmd:{sys.executable} {EAGER}", None, move_seconds=30)
    game = kind.deal(kind.rules({"players": 3}), 1, "00" * 32, "program")
    try:
        while not game.is_over:
            seat = game.to_move
            view = view_from_api(kind.report(game, seat, drawn=False))       # the view a hosted game sends
            assert view == game.view(seat)
            game.apply((program if seat == 2 else kind.make_bot("greedy")).act(view))
    finally:
        program.close()
    assert sum(game.result.net) == 0


@pytest.fixture
def client():
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient
    from web_helpers import UNLIMITED, fixed_seeds

    from phom.web.app import create_app
    from phom.web.hosting import GameHost

    host = GameHost(server_seeds=fixed_seeds(7))
    return host, TestClient(create_app(host, rate_limits=UNLIMITED))


def test_the_service_plays_its_own_bot_names_and_bounds_them_by_its_own_limits(client):
    """Over HTTP a table of Xì dách takes the names its bots answer to (``threshold:18``, ``montecarlo:N`` up to
    its own 512), read from its ``bot_names`` without building a bot; a name past its bounds, another game's
    bot and a program are refused naming the bot (400 by the API document's pattern, which is every game's; 422
    for a name of that pattern the table's game does not play: the document cannot say it)."""
    import re

    from phom.web.api import bot_pattern

    _host, http = client
    created = http.post("/api/games", json={"game": "xidach", "rules": {"players": 4},
                                           "bots": ["threshold:18", "montecarlo:512", "level:8"]})
    assert created.status_code == 200, created.text
    for bot, status in (("montecarlo:600", 422), ("planner", 422), ("threshold:22", 400), ("cmd:sleep 100", 400),
                        ("py:os:getcwd", 400), ("threshold:18:2", 400)):
        refused = http.post("/api/games", json={"game": "xidach", "rules": {"players": 3}, "bots": [bot]})
        assert refused.status_code == status, (bot, refused.text)
        assert bot in refused.json()["error"] or "pattern" in refused.json()["error"], refused.text
    refused = http.post("/api/games", json={"game": "xidach", "rules": {"players": 3}, "bots": ["montecarlo:600"]})
    assert "bots/0: 'montecarlo:600' is not a bot this server plays in Xì dách" in refused.json()["error"]
    assert "montecarlo[:WORLDS] (WORLDS 1 to 512)" in refused.json()["error"]
    assert http.post("/api/games", json={"bots": ["threshold:18"] * 3}).status_code == 422   # not a Phỏm bot
    schema = http.get("/api/openapi.json").json()["components"]["schemas"]["NewGame"]
    assert schema["properties"]["bots"]["items"]["pattern"] == bot_pattern()
    assert re.match(bot_pattern(), "threshold:18") and re.match(bot_pattern(), "planner")


def test_the_service_hosts_a_table_of_six_and_verify_proves_its_record(client, tmp_path):
    from web_helpers import bearer

    from phom.fairness import FairnessError, verify_record

    host, http = client
    refused = http.post("/api/games?lang=vi", json={"game": "xidach", "rules": {"players": 7}})
    assert refused.status_code == 422 and refused.json()["message"] == "Xì dách chơi từ 2 đến 6 người, không phải 7."
    refused = http.post("/api/games", json={"game": "xidach", "rules": {"players": 3, "jokers": 2}})
    assert refused.status_code == 422 and "no field 'jokers'" in refused.json()["error"]
    kinds = http.get("/api/kinds").json()
    assert "xidach" in json.dumps(kinds)
    created = http.post("/api/games", json={"game": "xidach", "rules": {"players": 6}, "humans": [0, 5],
                                           "bots": ["greedy", "random", "montecarlo:8", "level:3"],
                                           "client_seed": "six seats"})
    assert created.status_code == 200, created.text
    game_id, tokens = created.json()["id"], created.json()["tokens"]
    view = http.get(f"/api/games/{game_id}?lang=vi", headers=bearer(tokens["0"])).json()
    assert view["game"] == "xidach" and view["players"] == 6 and len(view["hand_sizes"]) == 6
    for _ in range(40):
        if view["is_over"]:
            break
        seat = str(view["to_move"])
        mine = http.get(f"/api/games/{game_id}", headers=bearer(tokens[seat])).json()
        moves = [a["text"] for a in mine["legal_actions"]]
        view = http.post(f"/api/games/{game_id}/actions", headers=bearer(tokens[seat]),
                         json={"action": moves[-1]}).json()
    assert view["is_over"] and sum(view["result"]["net"]) == 0
    import jsonschema

    spec = http.get("/api/openapi.json").json()       # its result table is what the service's contract says
    jsonschema.validate(view["result_table"], spec["components"]["schemas"]["View"]["properties"]["result_table"])
    record = http.get(f"/api/games/{game_id}/record", headers=bearer(tokens["0"]))
    assert record.status_code == 200
    jsonschema.validate(record.json(), spec["components"]["schemas"]["Record"])   # its own keys beside the reserved
    line = verify_record(record.text)
    assert line.startswith("verified") and "bot moves reproduced" in line
    path = tmp_path / "hosted.json"
    path.write_text(record.text, encoding="utf-8")
    checked = phom("verify", str(path))
    assert checked.returncode == 0 and checked.stdout.startswith("verified"), checked.stderr
    data = record.json()
    bot_move = next(v for v, e in enumerate(data["history"]) if str(e["player"]) in data["bots"]
                    and e["action"] in ("draw", "stand"))
    tampered = copy.deepcopy(data)
    other = "stand" if data["actions"][bot_move] == "draw" else "draw"
    tampered["actions"][bot_move] = tampered["history"][bot_move]["action"] = other
    with pytest.raises(FairnessError):
        verify_record(json.dumps(tampered))


def test_its_refusal_answers_409_in_the_players_words_and_changes_nothing(client):
    from web_helpers import bearer

    host, http = client
    for attempt in range(30):          # a deal where seat 1 (the first player) holds a hand under 16: it must draw
        created = host.create(kind="xidach", rules={"players": 3}, humans=[1], bots=["greedy", "greedy"],
                              client_seed=f"non {attempt}")
        hosted = host.get(created.id)
        if hosted.game.banker == 0 and hosted.game.to_move == 1 and hosted.game.worth(1).points < 16:
            break
    else:
        raise AssertionError("no deal of 30 gave seat 1 a non hand to move")
    token = created.tokens[1]
    before = http.get(f"/api/games/{created.id}", headers=bearer(token)).json()
    refused = http.post(f"/api/games/{created.id}/actions?lang=vi", headers=bearer(token), json={"action": "stand"})
    assert refused.status_code == 409, refused.text
    assert refused.json()["message"] == "Bài non (dưới 16 điểm): bạn phải rút."
    after = http.get(f"/api/games/{created.id}", headers=bearer(token)).json()
    assert after["version"] == before["version"] and after["hand"] == before["hand"]
    hint = http.post("/api/hint", json={"game": created.id}, headers=bearer(token))
    assert hint.status_code == 200 and hint.json()["action"]["text"] == "draw"


def test_its_clock_and_stand_in_play_silent_seats_and_verify_replays_them():
    from web_helpers import fixed_seeds

    from phom.fairness import verify_record
    from phom.web.hosting import GameHost

    now = [1000.0]
    host = GameHost(clock=lambda: now[0], server_seeds=fixed_seeds(5))
    created = host.create(kind="xidach", rules={"players": 4}, humans=[0, 1, 2], bots=["random"],
                          client_seed="clocked")
    assert host.get(created.id).turn_seconds == game_kind("xidach").turn_seconds
    for _ in range(60):
        now[0] += 16
        host.fire_due()
    hosted = host.get(created.id)
    assert hosted.game.is_over
    record = hosted.record()
    clocked = sum(1 for e in record["history"] if e.get("by") == "clock")
    assert clocked > 0 and f"{clocked} clock moves reproduced" in verify_record(json.dumps(record))


def test_the_review_weighs_its_decisions_and_says_them_in_its_words():
    from phom.review import review
    from phom.review.text import review_text

    kind = game_kind("xidach")
    game = kind.deal(kind.rules({"players": 3}), 0, "00" * 32, "review")
    game = played(game, [kind.make_bot("random"), kind.make_bot("greedy"), kind.make_bot("random")])
    result = review(game.to_json(), worlds=24)
    assert result.game == "xidach" and result.players == 3 and "Python referee" in result.expected_note
    assert [e.net for e in result.ledger] == list(game.result.net)
    assert all(abs(e.expected + e.skill + e.luck + e.others - e.net) < 1e-9 for e in result.ledger)
    said = review_text(result, you=0, width=None, lang="vi")
    assert said.startswith("Xem lại ván Xì dách, 3 người chơi.")


def test_its_modules_pass_their_doctests_and_every_text_has_its_vietnamese():
    import doctest
    import importlib
    import pkgutil
    import re

    import phom_xidach
    from phom_xidach.words import VIETNAMESE

    for info in pkgutil.iter_modules(phom_xidach.__path__):
        module = importlib.import_module(f"phom_xidach.{info.name}")
        failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert failed == 0, f"phom_xidach.{info.name}'s examples fail"
    fields = re.compile(r"\{(\w*)\}")
    for english, vietnamese in VIETNAMESE.items():
        assert vietnamese.strip() and sorted(fields.findall(english)) == sorted(fields.findall(vietnamese)), english


@pytest.mark.parametrize(("players", "deals"), [*((n, 12) for n in range(2, 7)),
                                               *(pytest.param(n, 60, marks=pytest.mark.slow) for n in range(2, 7))])
def test_the_referee_keeps_its_invariants_over_random_games(players, deals):
    """Money sums to 0, every move not on offer is refused by the game's own refusal and changes nothing, the
    record plays back to the same game, and a seat's view never shows a hidden hand: 60 games at each table
size (300) in the slow run, 12 (60) in the quick one."""
    kind = game_kind("xidach")
    rng = random.Random(players * 1000 + deals)
    rules = XiDachRules(players=players)
    every = [Draw(), Stand(), *(Settle(q) for q in range(players + 1))]
    for deal in range(deals):
        game = kind.deal_of(rules, deals, deal, rng.randrange(players))
        while not game.is_over:
            legal = game.legal_actions()
            assert legal and len(set(legal)) == len(legal)
            for action in every:
                if action in legal:
                    continue
                before = game.to_json()
                with pytest.raises(XiDachRefusal):
                    game.apply(action)
                assert game.to_json() == before
            seat = game.to_move
            view = game.view(seat)
            for q, size in enumerate(view.hand_sizes):
                assert size == len(game.hands[q]) and 2 <= size <= 5
            shown = kind.view_data(view)
            hidden = {c.code for q in range(players) if q != seat and q not in game.shown() for c in game.hands[q]}
            assert not hidden & set(" ".join([shown["hand"], *shown["shown"].values()]).split())
            game.apply(rng.choice(legal))
        result = game.result
        assert sum(result.net) == 0 and result.net[game.banker] == -sum(game.settled.values())
        assert all(abs(v) <= 3 for q, v in enumerate(result.net) if q != game.banker)
        with pytest.raises(XiDachRefusal):
            game.apply(Draw())
        again = kind.from_record(game.to_json())
        assert again.to_json() == game.to_json() and again.result.net == result.net


@pytest.fixture(scope="module")
def served():
    """A real service on a loopback port (uvicorn), every registered game on offer."""
    pytest.importorskip("uvicorn")
    import socket
    import threading
    import time

    import uvicorn

    from phom.web.app import create_app
    from phom.web.hosting import GameHost

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    seeds = iter(range(1000))
    host = GameHost(server_seeds=lambda: f"{next(seeds):064x}")
    running = uvicorn.Server(uvicorn.Config(create_app(host), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    for _ in range(200):
        if running.started:
            break
        time.sleep(0.05)
    assert running.started, "the server did not start"
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(timeout=10)


@pytest.mark.server
@pytest.mark.slow
def test_phom_bot_play_plays_a_hosted_seat_for_a_series_and_the_bank_passes(served):
    """``phom bot play`` (a real subprocess, its token in PHOM_TOKEN) plays seat 3 of a served table for two
    games; the second game is dealt by the next seat's bank (``next_leader``)."""
    import os
    import re
    import urllib.request

    def call(path: str, body: dict | None = None, token: str | None = None) -> dict:
        headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
        data = None if body is None else json.dumps(body).encode()
        with urllib.request.urlopen(urllib.request.Request(served + path, data=data, headers=headers), timeout=30) as r:
            return json.load(r)

    created = call("/api/games", {"game": "xidach", "rules": {"players": 4}, "humans": [2],
                                  "bots": ["greedy", "random", "level:5"], "client_seed": "bot play"})
    token = created["tokens"]["2"]
    played = subprocess.run([sys.executable, "-m", "phom", "bot", "play", served, created["id"], "--bot", "level:6",
                             "--series", "2"], env={**os.environ, "PHOM_TOKEN": token}, capture_output=True,
                            text=True, timeout=300)
    assert played.returncode == 0, played.stderr
    ids = re.findall(r"game [12]/2 (\S+) \(xidach\)", played.stdout)
    assert len(ids) == 2 and ids[0] == created["id"], played.stdout
    first, second = (call(f"/api/games/{game_id}", token=token) for game_id in ids)
    assert first["is_over"] and second["is_over"] and (first["banker"], second["banker"]) == (0, 1)


@pytest.mark.browser
@pytest.mark.server
@pytest.mark.slow
def test_the_page_offers_it_and_a_person_plays_a_table_of_six_by_tapping(served):
    """The page's menu (made from the registry) offers Xì dách with its six seats; a game is played by its
    buttons (rút, dằn, xét) to the result table, whose money sums to 0."""
    import shutil

    playwright = pytest.importorskip("playwright.sync_api")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("Debian's chromium is needed for the browser tests: apt-get install chromium (.ci/run does)")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            page = browser.new_page(locale="vi-VN", viewport={"width": 390, "height": 844}, bypass_csp=True)
            page.goto(served + "/")
            page.wait_for_selector('#game-kind option[value="xidach"]', state="attached")
            page.select_option("#game-kind", "xidach")
            assert page.inner_text("#game-title") == "Xì dách" and page.title() == "Xì dách — phom: bài Việt tại bàn"
            assert page.locator("#seat-count option").all_inner_texts()[-1] == "6"
            page.select_option("#seat-count", "6")
            page.click("#house-rules summary")                  # its own house rules, from its spec
            switches = page.locator('#house-rules label[data-game="xidach"]')
            assert switches.all_inner_texts() == ["xì bàn ăn gấp ba (không thì gấp đôi)", "ngũ linh ăn gấp đôi"]
            assert not page.locator('#house-rules label[data-game="phom"]').first.is_visible()
            page.uncheck('#house-rules input[name="xi_ban_triple"]')
            page.click("#new-game-button")
            page.wait_for_selector("#moves button, #result:not([hidden])")
            assert page.inner_text("#game-title") == "Xì dách" and page.locator(".phom-seat").count() == 6
            assert "xì bàn ăn 2 cược" in page.inner_text("#rules-line")        # the switch set xi_ban_pays 2
            idle = ("document.body.getAttribute('aria-busy') !== 'true' && (document.querySelectorAll("
                    "'#moves button').length > 0 || !document.getElementById('result').hidden)")
            for _ in range(40):
                page.wait_for_function(idle)
                if page.locator("#result:not([hidden])").count():
                    break
                labels = [b.inner_text().lower() for b in page.locator("#moves button").all()]
                assert set(labels) <= {"rút", "dằn"} | {f"xét ghế {n}" for n in range(2, 7)}, labels
                page.locator("#moves button").last.click()
            page.wait_for_selector("#result:not([hidden]) #result-table")
            rows = page.locator("#result-table tr")
            assert rows.count() == 7
            money = [int(rows.nth(i).locator("td").nth(2).inner_text().replace("\u2212", "-").replace("+", ""))
                     for i in range(1, 7)]
            assert sum(money) == 0 and page.inner_text("#result p").startswith("Bạn ")
        finally:
            browser.close()
