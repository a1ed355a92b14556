"""Bots from outside (``cmd:``): real programs, a Python script and the Perl example, through the arenas,
``simulate`` and ``play`` of both games; every message they receive checked against the shipped schemas
and for cards their seat cannot see; and the faults: late, garbage, illegal, exited, forked-and-died."""

import io
import json
import os
import re
import shlex
import sys
import time
from pathlib import Path

import jsonschema
import pytest
from phom import Rules
from phom.bots import make_bot
from phom.cli import main
from phom.external import MESSAGES, BotFault, ExternalBot, is_external, schema
from phom.hooks import close_bots
from phom.simulation import simulate
from phom.tienlen.bots import make_tienlen_bot
from phom.tienlen.match import TienLenMatch
from phom.tienlen.rules import TienLenRules

ROOT = Path(__file__).resolve().parents[1]
PERL_BOT = f"cmd:perl {shlex.quote(str(ROOT / 'examples' / 'bots' / 'first.pl'))}"
EAGER_BOT = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(ROOT / 'examples' / 'bots' / 'eager.py'))}"
HERE = Path(__file__).resolve().parent / "external_bots"
CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])([SCDH♠♣♦♥])(?![A-Za-z])")
SUITS = {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}


def recorder(tmp_path: Path, name: str) -> tuple[str, Path, Path]:
    log, pids = tmp_path / f"{name}.jsonl", tmp_path / f"{name}.pids"
    spec = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(HERE / 'recorder.py'))} {shlex.quote(str(log))} " \
           f"{shlex.quote(str(pids))}"
    return spec, log, pids


def messages(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


def cards_named(data: object) -> set[str]:
    return {rank + SUITS.get(suit, suit) for rank, suit in CARD.findall(json.dumps(data, ensure_ascii=False))}


def gone(pid: int) -> bool:
    """No such process, or a zombie some other parent (init) has still to reap: it runs no more."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return True
    return state in ("Z", "X")


def check_exchange(received: list[dict], game: str) -> int:
    """Every message valid against its schema, in the order start, act…, end; no view names a card that
    was in another seat's hand at the end and never shown (it stayed hidden all game). Returns the games."""
    validators = {name: jsonschema.Draft202012Validator(schema(name)) for name in MESSAGES}
    games, current = 0, None
    for message in received:
        validators[message["type"]].validate(message)
        if message["type"] == "start":
            assert current is None and message["game"] == game and message["protocol"] == 1
            current = {"seat": message["seat"], "views": []}
        elif message["type"] == "act":
            assert current is not None and message["view"]["player"] == current["seat"]
            assert message["legal"] == [a["text"] for a in message["view"]["legal_actions"]]
            current["views"].append(message["view"])
        else:
            assert current is not None and current["views"], "an end without a decision"
            result, seat = message["result"], current["seat"]
            shown = set()
            for view in current["views"]:
                shown |= cards_named(view["history"])
            hidden = set().union(*(cards_named(hand) for s, hand in enumerate(result["final_hands"]) if s != seat)) - shown
            for view in current["views"]:
                leaked = cards_named(view) & hidden
                assert not leaked, f"seat {seat} saw {leaked}, hidden in other hands all game"
            games, current = games + 1, None
    assert current is None
    return games


def test_names_and_the_server_rule():
    assert is_external("cmd:x") and is_external("  CMD:./x") and not is_external("greedy") and not is_external(3)
    bot = make_bot(PERL_BOT, move_seconds=0.5)
    assert isinstance(bot, ExternalBot) and bot.game == "phom" and bot.move_seconds == 0.5
    assert make_tienlen_bot(PERL_BOT).game == "tienlen"
    with pytest.raises(ValueError, match="names no program"):
        make_bot("cmd:   ")
    with pytest.raises(ValueError, match="cannot be split"):
        make_bot("cmd:perl 'unclosed")
    from phom.web.api import BOT_PATTERN
    assert not re.match(BOT_PATTERN, "cmd:perl bot.pl") and not re.match(BOT_PATTERN, "CMD:x")


@pytest.mark.parametrize("game", ["phom", "tienlen"])
def test_simulate_with_a_python_program_and_the_perl_example(game, tmp_path, capsys):
    spec, log, pids = recorder(tmp_path, "python")
    argv = ["simulate"] if game == "phom" else ["tienlen", "simulate"]
    code = main([*argv, "--bots", f"{spec},{PERL_BOT},greedy", "--games", "6", "--seed", "3"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "cmd:perl" in out.out
    assert check_exchange(messages(log), game) == 6
    started = [int(p) for p in pids.read_text().split()]
    assert len(started) == 1, "one program for the whole match, not one a game"
    assert all(gone(p) for p in started)


@pytest.mark.parametrize("game", ["phom", "tienlen"])
def test_arena_times_the_programs(game, tmp_path, capsys):
    spec, log, pids = recorder(tmp_path, "arena")
    argv = ["arena"] if game == "phom" else ["tienlen", "arena"]
    code = main([*argv, spec, "--panel", f"random,{EAGER_BOT}", "--deals", "2", "--seeds", "1", "--json"])
    out = capsys.readouterr()
    assert code == 0, out.err
    report = json.loads(out.out)
    assert [row["opponent"] for row in report["rows"]] == ["random", EAGER_BOT]
    assert all(row["ms_per_decision"] > 0 for row in report["rows"])
    assert check_exchange(messages(log), game) == 2 * 2 * 4     # 2 opponents × 2 deals × 4 rotations
    assert all(gone(int(p)) for p in pids.read_text().split())


def test_phom_play_seats_programs(tmp_path, capsys):
    spec, log, _ = recorder(tmp_path, "play")
    code = main(["play", "--players", "3", "--seed", "2", "--bots", f"{spec},{PERL_BOT}"],
                stdin=io.StringIO("1\n" * 200))
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "Net:" in out.out
    assert check_exchange(messages(log), "phom") == 1


def test_tienlen_play_and_a_match_through_the_api(tmp_path, capsys):
    code = main(["tienlen", "play", "--players", "2", "--seed", "2", "--bots", EAGER_BOT],
                stdin=io.StringIO("1\n" * 200))
    assert code == 0, capsys.readouterr().err
    spec, log, pids = recorder(tmp_path, "tl")
    bots = [make_tienlen_bot(spec), make_tienlen_bot("greedy"), make_tienlen_bot(PERL_BOT)]
    try:
        totals = TienLenMatch(TienLenRules(players=3), seed=4).play(bots, games=3)
    finally:
        close_bots(bots)
    assert sum(totals) == 0
    received = messages(log)
    assert check_exchange(received, "tienlen") == 3
    assert "seed" not in received[0]                 # a match seeds no bot
    assert len(pids.read_text().split()) == 1 and all(gone(int(p)) for p in pids.read_text().split())


def test_parallel_jobs_are_refused_clearly(capsys):
    assert main(["simulate", "--bots", f"{PERL_BOT},greedy", "--jobs", "2", "--games", "2"]) == 1
    assert "--jobs 2 cannot play cmd:perl" in capsys.readouterr().err
    assert main(["arena", PERL_BOT, "--panel", "random", "--jobs", "2"]) == 1
    assert "use --jobs 1" in capsys.readouterr().err
    assert main(["simulate", "--bots", f"{PERL_BOT},greedy", "--move-seconds", "0"]) == 2


@pytest.mark.parametrize("mode, said", [
    ("sleep", "gave no answer within 1 s"),
    ("garbage", "it answered 'hello, table', which is not a JSON object"),
    ("illegal", "it answered 'fly away', not one of the"),
    ("exit", "exited (code 3) before answering"),
    ("fork", "gave no answer within 1 s"),            # its child holds the pipe open: the clock ends it
])
@pytest.mark.parametrize("game", ["phom", "tienlen"])
def test_a_fault_is_one_line_and_leaves_no_process(mode, said, game, tmp_path, capsys):
    pids = tmp_path / "pids"
    spec = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(HERE / 'faulty.py'))} {mode} {shlex.quote(str(pids))}"
    argv = ["simulate"] if game == "phom" else ["tienlen", "simulate"]
    started = time.monotonic()
    code = main([*argv, "--bots", f"greedy,{spec}", "--games", "3", "--move-seconds", "1"])
    took = time.monotonic() - started
    err = capsys.readouterr().err
    assert code == 1
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert f"bot {spec} (seat 1), game 1, decision 1: " in lines[0] and said in lines[0], lines[0]
    log = lines[0].rsplit("its stderr is in ", 1)[1]
    assert os.path.exists(log)
    assert took < 1 + 4, f"the fault took {took:.1f} s"
    started_pids = [int(p) for p in pids.read_text().split()]
    assert len(started_pids) == (2 if mode == "fork" else 1)
    deadline = time.monotonic() + 2
    while not all(gone(p) for p in started_pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert all(gone(p) for p in started_pids), [Path(f"/proc/{p}/stat").read_text() for p in started_pids
                                                 if not gone(p)]


def test_a_fault_raises_from_the_library_too(tmp_path):
    pids = tmp_path / "pids"
    bot = ExternalBot([sys.executable, str(HERE / "faulty.py"), "illegal", str(pids)], "phom", move_seconds=1)
    with pytest.raises(BotFault, match=r"game 1, decision 1: it answered 'fly away'"):
        simulate([bot, make_bot("greedy")], 2, seed=1, rules=Rules(players=2))
    bot.close()
    assert all(gone(int(p)) for p in pids.read_text().split())
