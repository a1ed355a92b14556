"""One house for two games: the machinery asks ``phom.games`` about a game, never which game it is. The
proof is a toy game ("three cards", ``tests/toy_game.py``) registered at run time, with no compiled engine
and no knowledge of the machinery: the service hosts it (its store rows, fair deals, bots, the table clock
and its stand-in, the HTTP views and moves), ``phom verify`` proves its records (bots and clock moves
replayed by the protocol alone), and a tampered record of it is refused; the review weighs its
decisions (its Python referee playing the worlds, over its ``sample_world``), and a program plays a seat
through the bot protocol from the view a hosted game sends (``view_data``, ``view_from_data``)."""

from __future__ import annotations

import copy
import json

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient  # noqa: E402
from toy_game import ToyKind, strength  # noqa: E402
from web_helpers import bearer, fixed_seeds  # noqa: E402

from phom.fairness import FairnessError, verify_record  # noqa: E402
from phom.games import GAMES, game_kind, kind_of_record, register_game, unregister_game  # noqa: E402
from phom.web.app import create_app  # noqa: E402
from phom.web.hosting import GameHost  # noqa: E402
from phom.web.store import GameStore  # noqa: E402


@pytest.fixture
def toy():
    kind = register_game(ToyKind())
    yield kind
    unregister_game("toy")


def test_the_registry_names_its_games_and_refuses_a_second_of_a_name(toy):
    assert {"phom", "tienlen", "toy"} <= set(GAMES) and game_kind("toy") is toy     # and any plug-in installed
    assert kind_of_record({"format": "toy-three-cards"}) is toy
    with pytest.raises(ValueError, match="registered already"):
        register_game(ToyKind())
    with pytest.raises(ValueError, match="not 'chess-game'"):
        kind_of_record({"format": "chess-game"})
    assert game_kind("phom").engine is not None and toy.engine is None      # it says it has no engine


def play(host: GameHost, game_id: str, token: str) -> dict:
    for _ in range(10):
        seat, hosted = host.seat_of(game_id, token)
        if hosted.game.is_over:
            return hosted.record()
        host.act(game_id, token, hosted.game.legal_actions()[-1])
    raise AssertionError("the toy game never ended")


def test_the_service_hosts_a_game_registered_at_run_time_and_verify_proves_it(toy, tmp_path):
    host = GameHost(GameStore(str(tmp_path / "games.sqlite3")), server_seeds=fixed_seeds(3))
    created = host.create(kind="toy", humans=[0], bots=["random"], client_seed="toy")
    record = play(host, created.id, created.tokens[0])
    assert record["format"] == "toy-three-cards" and len(record["actions"]) == 6
    line = verify_record(json.dumps(record))
    assert line.startswith("verified: the Three cards deal") and "3 bot moves reproduced" in line
    restarted = GameHost(GameStore(str(tmp_path / "games.sqlite3")))        # rebuilt from its store rows
    assert restarted.get(created.id).record() == record
    tampered = copy.deepcopy(record)
    bot_move = next(v for v, e in enumerate(record["history"]) if e["player"] == 1)
    seat_cards = [e["action"] for e in record["history"] if e["player"] == 1]
    other = next(a for a in seat_cards if a != record["actions"][bot_move])
    tampered["actions"][bot_move], tampered["history"][bot_move]["action"] = other, other
    with pytest.raises(FairnessError):
        verify_record(json.dumps(tampered))


def test_its_clock_and_stand_in_are_the_services_and_verify_replays_them(toy):
    now = [1000.0]
    host = GameHost(clock=lambda: now[0], server_seeds=fixed_seeds(5))
    created = host.create(kind="toy", humans=[0, 1], client_seed="clocked")
    assert host.get(created.id).turn_seconds == 10                       # the game's own default
    for _ in range(20):
        now[0] += 11
        host.fire_due()
    hosted = host.get(created.id)
    assert hosted.game.is_over and hosted.away == {0, 1}
    record = hosted.record()
    assert "6 clock moves reproduced" in verify_record(json.dumps(record))


def test_its_views_and_moves_go_through_http(toy):
    host = GameHost(server_seeds=fixed_seeds(9))
    client = TestClient(create_app(host))
    created = host.create(kind="toy", humans=[0], client_seed="http")
    view = client.get(f"/api/games/{created.id}", headers=bearer(created.tokens[0])).json()
    assert view["game"] == "toy" and view["clock"] is None and view["version"] in (0, 1)
    while not view["is_over"]:
        view = client.post(f"/api/games/{created.id}/actions", headers=bearer(created.tokens[0]),
                           json={"action": view["legal_actions"][0]["text"]}).json()
    assert view["result"]["net"] in ([1, -1], [-1, 1])
    hint = client.post("/api/hint", json={"game": created.id}, headers=bearer(created.tokens[0]))
    assert hint.status_code == 409                                       # the game is over: nobody is to move


def test_the_arena_plays_it_on_its_python_referee_and_names_it(toy):
    from phom.arena import duplicate, sequential

    report = duplicate("greedy", ["random", "greedy"], deals=6, seeds=(1, 2), game="toy")
    against_random, mirror = report.rows
    assert report.game == "toy" and report.players == 2 and report.engine == "Python referee"
    assert "engine: Python referee" in report.table() and json.loads(report.to_json())["engine"] == "Python referee"
    assert against_random.games == 2 * 6 * 2 and list(against_random.finish) == ["3–0"]
    assert mirror.mean_net == 0 and mirror.deals_won == mirror.deals_lost == 0    # every deal in both seats
    again = duplicate("greedy", ["random"], deals=6, seeds=(1, 2), game=toy).rows[0]
    assert (again.mean_net, again.deals_won, again.deals_lost) == (
        against_random.mean_net, against_random.deals_won, against_random.deals_lost)
    decided = sequential("greedy", ["random"], 0.5, max_deals=40, game="toy")
    assert decided.sprt is not None and decided.rows[0].deals == decided.sprt.deals and decided.engine == "Python referee"


def test_the_simulation_plays_it_by_the_protocol_and_says_it_has_no_engine(toy):
    from concurrent.futures import ThreadPoolExecutor

    from phom.simulation import simulate

    bots = [toy.make_bot("greedy"), toy.make_bot("random")]
    stats = simulate(bots, 40, seed=3, rotate=True, game="toy", keep_summaries=True)
    assert stats.games == 40 and sum(stats.mean_net) == 0 and stats.engine == "Python referee"
    assert set(stats.rates) == {"3–0"} and "engine: Python referee" in stats.table()
    assert all(s.decisions == (3, 3) for s in stats.summaries)
    with ThreadPoolExecutor(2) as pool:
        assert simulate(bots, 40, seed=3, rotate=True, game="toy", executor=pool, chunk=7).mean_net == stats.mean_net
    with pytest.raises(ValueError, match="Three cards has no compiled engine"):
        simulate(bots, 4, game="toy", core=True)


def test_a_round_of_it(toy):
    pytest.importorskip("openskill")
    from phom.tournament import round_robin

    crosstable = round_robin(["greedy", "random"], game="toy", deals=4, seeds=(1,))
    assert crosstable.game == "toy" and crosstable.players == 2
    assert crosstable.cell("greedy", "random").mean_net == -crosstable.cell("random", "greedy").mean_net


def test_the_review_weighs_its_decisions_by_the_protocol_alone(toy):
    from phom.review import review

    game = toy.deal(toy.rules(None), 0, "00" * 32, "review 1")
    while not game.is_over:                     # seat 0 plays its highest card, seat 1 its lowest
        choose = max if game.to_move == 0 else min
        game.apply(choose(game.legal_actions(), key=lambda a: strength(a.card)))
    result = review(game.to_json(), worlds=32)
    assert result.game == "toy" and result.players == 2 and "Python referee" in result.expected_note
    assert [e.expected + e.skill + e.luck + e.others == e.net for e in result.ledger] == [True, True]
    assert [e.net for e in result.ledger] == list(game.result.net)
    labelled = [d for d in result.decisions if d.label is not None]
    assert labelled and all(d.played != d.best and d.loss > 0 for d in labelled)
    assert review(game, worlds=32).decisions == result.decisions        # the game itself, the same seed
    from phom.review.text import review_text

    said = review_text(result, you=0, width=None)               # in its own words (review_words)
    assert said.startswith("Review of a Three cards game, 2 players.") and "luck: the cards dealt;" in said


def test_a_program_and_a_hosted_view_play_it_through_the_bot_protocol(toy):
    import shlex
    import sys
    from pathlib import Path

    from phom.external import ExternalBot
    from phom.hosted_views import view_from_api

    eager = Path(__file__).resolve().parents[1] / "examples" / "bots" / "eager.py"
    program = ExternalBot([sys.executable, str(eager)], "toy", move_seconds=30)
    game = toy.deal(toy.rules(None), 1, "00" * 32, "program")
    program.game_started(game, 1, 1)
    try:
        while not game.is_over:
            seat = game.to_move
            hosted = view_from_api(toy.report(game, seat, drawn=False))        # the view a hosted game sends
            assert hosted == game.view(seat)
            bot = program if seat == 1 else toy.make_bot("greedy")
            game.apply(bot.act(hosted))
        program.game_ended(game, 1)
    finally:
        program.close()
    assert len(game.history) == 6 and shlex.join([sys.executable, str(eager)]) in program.name


def test_the_command_line_says_in_one_line_that_a_game_has_no_terminal_table(toy, tmp_path, capsys):
    from phom.cli import main

    game = toy.deal(toy.rules(None), 1, "00" * 32, "replay")
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    path = tmp_path / "toy.json"
    path.write_text(game.to_json(), encoding="utf-8")
    assert toy.terminal() is None and main(["replay", str(path)]) == 1
    said = capsys.readouterr()
    assert said.out == "" and said.err == ("phom replay: error: Three cards has no terminal table: it is played "
                                           "through the API and the page\n")
