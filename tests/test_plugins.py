"""A game is a plug-in: the registry reads the entry points of the group ``phom.games`` (both built-in games
are registered that way), names a broken plug-in in one line while the others work, and everything the
service and the command line offer is made from it — ``phom games``, ``--game``, ``GET /api/kinds``, the
OpenAPI's game enum and seat bounds, the refusal a game declares (409), the figures its results carry."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
from importlib.metadata import entry_points

import pytest

from phom.games import (BUILT_IN, DEFAULT_GAME, ENTRY_POINT_GROUP, GAMES, GameSpec, broken_games, game_kind,
                        game_spec, game_specs, register_game, unregister_game)

TESTS = pathlib.Path(__file__).resolve().parent


def test_the_built_in_games_are_registered_by_their_entry_points():
    found = {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    assert {name: found.get(name) for name in BUILT_IN} == dict(BUILT_IN)
    assert list(GAMES)[:2] == ["phom", "tienlen"] and DEFAULT_GAME == "phom" and not broken_games()
    for name in BUILT_IN:
        spec = game_spec(name)
        assert spec.kind is game_kind(name) and spec.name == name and spec.seats == (2, 4)
        assert spec.missing() == "" and len(spec.levels) == 8 and spec.words("vi")
    assert [f.mean for f in game_spec("phom").figures][:2] == ["u_rate", "mom_rate"] and not game_spec("tienlen").figures


def plugin_tree(tmp_path: pathlib.Path, entries: str) -> dict[str, str]:
    """A distribution's metadata naming ``entries`` under the group, on a path of its own: the environment
    of a Python that sees it installed (beside phom's own)."""
    info = tmp_path / "phom_test_plugins-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: phom-test-plugins\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\n{entries}", encoding="utf-8")
    paths = [str(tmp_path), str(TESTS), os.environ.get("PYTHONPATH", "")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p), "LANG": "C"}


def test_a_broken_plug_in_is_named_in_one_line_and_the_others_work(tmp_path):
    env = plugin_tree(tmp_path, "strict = plugin_game:SPEC\nbroken = no_such_module_here:SPEC\n"
                                "notaspec = plugin_game:NOT_A_SPEC\n")
    run = subprocess.run([sys.executable, "-m", "phom", "games"], capture_output=True, text=True, env=env,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("phom: Phỏm, 2 to 4 seats") and lines[1].startswith("tienlen: Tiến lên")
    assert any(line.startswith("strict: Strict three cards, 2 to 2 seats (usually 2), 2 levels; no compiled engine")
               for line in lines)
    broken = [line for line in lines if line.startswith("game plug-in")]
    assert len(broken) == 2 and "'broken' (no_such_module_here:SPEC) does not load: ModuleNotFoundError" in broken[0]
    assert "'notaspec'" in broken[1] and "neither a GameSpec nor a GameKind" in broken[1]
    listed = subprocess.run([sys.executable, "-c", "from phom.games import GAMES; print(' '.join(GAMES))"],
                            capture_output=True, text=True, env=env, timeout=120)
    assert listed.stdout.split()[:2] == ["phom", "tienlen"] and "strict" in listed.stdout.split()
    assert listed.stderr.count("does not load") == 2          # each named once, in one line of the log
    played = subprocess.run([sys.executable, "-m", "phom", "simulate", "--game", "strict", "--games", "6",
                             "--bots", "greedy,random", "--json"], capture_output=True, text=True, env=env,
                            timeout=120)
    assert played.returncode == 0, played.stderr
    assert json.loads(played.stdout)["games"] == 6 and "sweep_rate" in json.loads(played.stdout)


def test_a_spec_refuses_what_the_machinery_could_not_use():
    from plugin_game import SPEC, ToyRefusal

    good = dict(name="strict2", titles={"en": "x"}, seats=(2, 2), default_seats=2, verbs={}, refusal=ToyRefusal,
                kind=SPEC.kind)
    with pytest.raises(ValueError, match="its kind must be the GameKind named 'strict2'"):
        GameSpec(**good)
    for change, words in (({"seats": (3, 2)}, "fewest ≤ most"), ({"default_seats": 5}, "default_seats 5"),
                          ({"lacks": frozenset({"wings"})}, "the optional parts are engine"),
                          ({"record_keys": ("actions",)}, "the machinery's"), ({"refusal": "oops"}, "exception type"),
                          ({"name": "two words"}, "identifier")):
        with pytest.raises(ValueError, match=words):
            GameSpec(**{**good, "name": "strict", **change})


@pytest.fixture
def strict_game():
    from plugin_game import SPEC

    register_game(SPEC)
    yield SPEC
    unregister_game("strict")


def test_a_spec_registered_at_run_time_is_played_with_its_words_and_figures(strict_game):
    from phom.cli.moves import read_typed
    from phom.simulation import simulate

    assert game_spec("strict") is strict_game and game_kind("strict") is strict_game.kind
    kind = strict_game.kind
    stats = simulate([kind.make_bot("greedy"), kind.make_bot("random")], 8, seed=3, game="strict",
                     keep_summaries=True)
    assert set(stats.figures) == {"sweep_rate"} and stats.sweep_rate == stats.figures["sweep_rate"]
    assert all(set(s.figures) == {"sweep"} for s in stats.summaries)
    with pytest.raises(AttributeError, match="declares no such figure"):
        stats.u_rate                                                   # no Phỏm figure in another game's results
    phom_stats = simulate([kind_bot for kind_bot in (game_kind("phom").make_bot("greedy"),) * 4], 4, seed=3)
    assert set(phom_stats.figures) == {"u_rate", "mom_rate", "den_rate", "chot_paid", "chot_eaten"}
    assert read_typed("lead 8C").kinds == read_typed("ra 8C").kinds == frozenset({"discard"})   # its own words
    unregister_game("strict")
    with pytest.raises(ValueError, match="lead"):
        read_typed("lead 8C")                                            # no game registered says it
    register_game(strict_game)


def test_the_arena_reports_the_figures_the_spec_declares(strict_game):
    from phom.arena import duplicate

    report = duplicate("greedy", ["random"], deals=4, seeds=(1,), game="strict")
    row = json.loads(report.to_json())["rows"][0]
    assert "sweep_rate" in row and "u_rate" not in row and "mom_rate" not in row
    phom = json.loads(duplicate("greedy", ["random"], deals=2, seeds=(1,)).to_json())["rows"][0]
    keys = list(phom)
    assert keys[keys.index("ms_per_decision") + 1:keys.index("ms_per_decision") + 6] == [
        "u_rate", "mom_rate", "den_rate", "chot_paid", "chot_eaten"]                # Phỏm's report as it was


def test_the_service_lists_the_registry_and_answers_a_games_own_refusal_with_409(strict_game):
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient
    from web_helpers import bearer, fixed_seeds

    from phom.web.app import create_app
    from phom.web.bodies import ApiError, check_body
    from phom.web.hosting import GameHost

    host = GameHost(server_seeds=fixed_seeds(4))
    client = TestClient(create_app(host))
    kinds = client.get("/api/kinds").json()
    assert [k["name"] for k in kinds][:2] == ["phom", "tienlen"]
    strict = next(k for k in kinds if k["name"] == "strict")
    assert strict["seats"] == [2, 2] and strict["levels"] == ["random", "greedy"] and strict["titles"]["vi"] == "Ba lá"
    assert strict["lacks"] == ["engine", "lookahead", "session", "terminal"] and strict["default_seats"] == 2
    document = client.get("/api/openapi.json").json()
    assert "/api/kinds" in document["paths"]
    assert "strict" in document["components"]["schemas"]["NewGame"]["properties"]["game"]["enum"]
    created = host.create(kind="strict", humans=[0], client_seed="refused")
    view = client.get(f"/api/games/{created.id}", headers=bearer(created.tokens[0])).json()
    mine = view["hand"].split()
    while view["to_move"] != 0:                                       # pragma: no cover - the bot leads at most once
        view = client.get(f"/api/games/{created.id}", headers=bearer(created.tokens[0])).json()
    other = next(c for c in ("AS", "KS", "QS", "JS", "10S") if c not in mine)
    answer = client.post(f"/api/games/{created.id}/actions", headers=bearer(created.tokens[0]),
                         json={"action": f"play {other}"})
    assert answer.status_code == 409 and "is not a move of seat 0" in answer.json()["error"]
    most = max(spec.seats[1] for spec in game_specs())
    with pytest.raises(ApiError, match="humans"):
        check_body("NewGame", {"game": "strict", "humans": list(range(most + 1))})  # more seats than any game has


def test_seats_beyond_four_are_taken_where_a_game_allows_them():
    pytest.importorskip("fastjsonschema")
    from plugin_game import SPEC

    from phom.web.bodies import check_body

    from phom.web.bodies import ApiError

    six = {"game": "strict", "humans": [0, 5], "bots": ["greedy"] * 4}
    if max(spec.seats[1] for spec in game_specs()) < 6:                # no game installed here seats six
        with pytest.raises(ApiError):
            check_body("NewGame", six)
    wide = GameSpec(**{**{f: getattr(SPEC, f) for f in SPEC.__dataclass_fields__}, "seats": (2, 6)})
    register_game(wide)
    try:
        assert check_body("NewGame", six)
    finally:
        unregister_game("strict")


def test_phom_games_and_game_on_the_commands(capsys):
    from phom.cli import main

    assert main(["games"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == ["phom: Phỏm, 2 to 4 seats (usually 4), 8 levels",
                       "tienlen: Tiến lên, 2 to 4 seats (usually 4), 8 levels"]
    assert main(["simulate", "--game", "tienlen", "--games", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 4 and "u_rate" not in data and len(data["bots"]) == 4
    assert main(["play", "--game", "tienlen", "--players", "5"]) == 1
    assert "--players 5: Tiến lên seats 2 to 4" in capsys.readouterr().err
    assert main(["arena", "greedy", "--game", "nosuchgame"]) == 2


def test_every_house_rule_switch_sets_a_rules_field_both_ways():
    """A game's house rules (``GameSpec.house_rules``, the page's switches): each names a field of its
    rules that takes both of its values, starts as the defaults have it, and has words in vi and en."""
    from phom.web.kinds import kinds_data

    said = {kind["name"]: kind["house_rules"] for kind in kinds_data()}
    for spec in game_specs():
        defaults = spec.default_rules()
        for rule, data in zip(spec.house_rules, said[spec.name], strict=True):
            assert rule.rules_field in defaults, (spec.name, rule.name)
            for value in (rule.on, rule.off):
                rules = spec.kind.rules({**defaults, rule.rules_field: value})
                assert spec.kind.rules_data(rules)[rule.rules_field] == value
            assert data["checked"] == (defaults[rule.rules_field] == rule.on)
            assert rule.words.get("vi") and rule.words.get("en"), (spec.name, rule.name)
    assert [r["name"] for r in said["phom"]][-1] == "eight_cards" and said["phom"][-1]["on"] == 8


def test_a_spec_refuses_house_rules_that_share_a_name():
    from phom.games import HouseRule

    spec = game_spec("tienlen")
    with pytest.raises(ValueError, match="house_rules"):
        GameSpec(name=spec.name, titles=spec.titles, seats=spec.seats, default_seats=spec.default_seats,
                 verbs=spec.verbs, refusal=spec.refusal, kind=spec.kind,
                 house_rules=(HouseRule("dem_heo", {"en": "a"}), HouseRule("dem_heo", {"en": "b"})))
