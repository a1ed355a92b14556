"""A table of people (API.md): the clock and its stand-in, away seats and coming back, names and reactions,
and the proof of every move played for an absent player. The host's clock is the test's, so a deadline
passes when the test says so."""

from __future__ import annotations

import copy
import json

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient  # noqa: E402
from web_helpers import bearer, fixed_seeds  # noqa: E402

from phom.clock import FIRST_TURN_EXTRA_SECONDS  # noqa: E402
from phom.fairness import FairnessError, verify_record  # noqa: E402
from phom.web.app import create_app  # noqa: E402
from phom.web.hosting import PACE_SECONDS, GameHost  # noqa: E402


class Table:
    """A test's table: a client, the host and its clock (seconds, moved by ``wait``)."""

    def __init__(self, **body: object) -> None:
        self.now = 1_000_000.0
        self.host = GameHost(clock=lambda: self.now, server_seeds=fixed_seeds(7))
        self.client = TestClient(create_app(self.host))
        created = self.client.post("/api/games", json=body)
        assert created.status_code == 200, created.text
        self.id, self.tokens = created.json()["id"], created.json()["tokens"]

    def view(self, seat: int = 0, **params: str) -> dict:
        answer = self.client.get(f"/api/games/{self.id}", headers=bearer(self.tokens[str(seat)]), params=params)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def wait(self, seconds: float) -> int:
        """Let ``seconds`` pass and play the deadlines that passed; how many were played."""
        self.now += seconds
        return self.host.fire_due()

    def post(self, route: str, seat: int, **body: object):
        return self.client.post(f"/api/games/{self.id}/{route}", headers=bearer(self.tokens[str(seat)]),
                                json=body or None)

    def play_to_the_end(self) -> None:
        for _ in range(400):
            if self.view()["is_over"]:
                return
            self.wait(700)
        raise AssertionError("the table never finished")


@pytest.mark.parametrize("game, default", [("phom", 30), ("tienlen", 20)])
def test_a_table_of_people_has_a_clock_by_default_and_one_person_has_none(game, default):
    people = Table(game=game, humans=[0, 1])
    view = people.view()
    assert view["turn_seconds"] == default and view["away"] == [] and view["names"] == {}
    seat = view["to_move"]
    if seat in (0, 1):
        assert view["clock"]["seat"] == seat
        # the first turn of a game, before anyone has seen the cards, has 10 s more
        assert view["clock"]["deadline_ms"] - view["clock"]["now_ms"] == (default + FIRST_TURN_EXTRA_SECONDS) * 1000
    alone = Table(game=game)
    assert alone.view()["turn_seconds"] is None and alone.view()["clock"] is None


@pytest.mark.parametrize("value", [4, 601, 4.5, "30", True, -1])
def test_a_bad_turn_seconds_is_refused_in_the_players_words(value):
    client = TestClient(create_app(GameHost()))
    answer = client.post("/api/games?lang=vi", json={"humans": [0, 1], "turn_seconds": value})
    assert answer.status_code == 400 and answer.json()["code"] == "turn_seconds"
    assert answer.json()["message"].startswith("Thời gian mỗi lượt")


@pytest.mark.parametrize("game", ["phom", "tienlen"])
def test_the_stand_in_plays_a_silent_seats_whole_turn_and_the_seat_comes_back(game):
    people = Table(game=game, humans=[0, 1, 2, 3], turn_seconds=10)
    first = people.view()
    mover = first["to_move"]
    assert people.wait(9 + FIRST_TURN_EXTRA_SECONDS) == 0      # not yet: a game's first turn has 10 s more
    assert people.wait(2) == 1
    after = people.view()
    assert after["away"] == [mover] and after["to_move"] != mover
    played = [e for e in after["history"] if e.get("by") == "clock"]
    assert played and all(e["player"] == mover for e in played)
    assert {e["player"] for e in after["history"][first["version"]:]} == {mover}   # his whole turn, nobody else's
    nxt = after["to_move"]
    assert after["clock"]["seat"] == nxt and after["clock"]["deadline_ms"] == int((people.now + 10) * 1000)
    back = people.post("back", mover)
    assert back.status_code == 200 and back.json()["away"] == []
    # an away seat's turns are paced: the stand-in waits PACE_SECONDS, not the whole turn
    people.post("back", nxt)
    people.wait(11)
    assert people.view()["away"] == [nxt]
    people.now += 0.0
    while people.view()["to_move"] != nxt and not people.view()["is_over"]:
        people.wait(11)
    if not people.view()["is_over"]:
        clock = people.view()["clock"]
        assert clock["seat"] == nxt and clock["deadline_ms"] - clock["now_ms"] <= PACE_SECONDS * 1000


def away_and_to_move(people: Table) -> dict:
    """Let the clock run until seat 0 is away and to move again; its view then. The other seats come back
    each time the clock took them (a table whose people are all away is played to its end at once)."""
    for _ in range(12):
        people.wait(11 + FIRST_TURN_EXTRA_SECONDS)
        view = people.view()
        if 0 in view["away"] and view["to_move"] == 0:
            return view
        for seat in view["away"]:
            if seat != 0:
                assert people.post("back", seat).status_code == 200
    pytest.fail("seat 0 never came round")


@pytest.mark.parametrize("game", ["phom", "tienlen"])
def test_a_table_whose_people_are_all_away_is_played_to_its_end_at_once(game):
    people = Table(game=game, humans=[0, 1], turn_seconds=5)
    for _ in range(4):
        if people.view()["is_over"]:
            break
        people.wait(5 + FIRST_TURN_EXTRA_SECONDS + 1)
    view = people.view()
    assert view["is_over"] and view["away"] == [0, 1] and view["clock"] is None
    assert sum(1 for entry in view["history"] if entry.get("by") == "clock") > 2
    record = people.client.get(f"/api/games/{people.id}/record", headers=bearer(people.tokens["0"])).json()
    assert verify_record(json.dumps(record)).startswith("verified")


def test_coming_back_on_ones_own_turn_starts_the_clock_afresh():
    people = Table(humans=[0, 1, 2, 3], turn_seconds=10)
    view = away_and_to_move(people)
    assert view["clock"]["deadline_ms"] - view["clock"]["now_ms"] <= PACE_SECONDS * 1000
    back = people.post("back", 0).json()
    assert back["away"] == [s for s in view["away"] if s != 0]
    assert back["clock"]["deadline_ms"] - back["clock"]["now_ms"] == 10_000


def test_a_move_brings_a_seat_back():
    people = Table(game="tienlen", humans=[0, 1, 2, 3], turn_seconds=10)
    view = away_and_to_move(people)
    action = view["legal_actions"][0]["text"]
    moved = people.post("actions", 0, action=action)
    assert moved.status_code == 200 and 0 not in moved.json()["away"]


def test_the_view_cache_never_freezes_the_clock():
    people = Table(humans=[0, 1], turn_seconds=30)
    one = people.view()
    people.now += 3
    two = people.view()
    assert one["version"] == two["version"] and two["clock"]["now_ms"] - one["clock"]["now_ms"] == 3000


def test_a_clocked_table_whose_people_all_left_plays_to_its_end_and_keeps_its_record():
    people = Table(humans=[0, 1], turn_seconds=5)
    unclocked = people.client.post("/api/games", json={"humans": [0, 1], "turn_seconds": None}).json()
    people.now += 2 * people.host.idle_seconds
    people.host.expire()
    assert people.client.get(f"/api/games/{unclocked['id']}", headers=bearer(unclocked["tokens"]["0"])).status_code == 404
    people.play_to_the_end()
    record = people.client.get(f"/api/games/{people.id}/record", headers=bearer(people.tokens["0"])).json()
    assert record["turn_seconds"] == 5 and len(record["history"]) == len(record["actions"])
    assert "verified" in verify_record(json.dumps(record)) and "clock moves reproduced" in verify_record(json.dumps(record))


@pytest.fixture(scope="module", params=["phom", "tienlen"])
def finished(request):
    people = Table(game=request.param, humans=[0, 1], turn_seconds=5)
    people.play_to_the_end()
    record = people.client.get(f"/api/games/{people.id}/record", headers=bearer(people.tokens["0"])).json()
    assert any(e.get("by") == "clock" for e in record["history"])
    return record


def clock_move(record: dict) -> int:
    return next(v for v, e in enumerate(record["history"]) if e.get("by") == "clock")


def test_verify_refuses_a_clock_move_that_is_not_the_stand_ins(finished):
    v = clock_move(finished)
    seat = finished["history"][v]["player"]
    from phom.web.kinds import KINDS
    kind = KINDS["tienlen" if finished["format"] == "phom-tienlen" else "phom"]
    game_cls = type(kind.deal(kind.rules(None), 0, "00" * 32, ""))
    replay = game_cls.from_json(json.dumps({**{k: finished[k] for k in finished if k not in (
        "fairness", "bots", "result", "turn_seconds", "history")}, "actions": finished["actions"][:v]}))
    others = [str(a) for a in replay.legal_actions() if str(a) != finished["actions"][v]]
    if not others:
        pytest.skip("the stand-in's move was forced here")
    tampered = copy.deepcopy(finished)
    tampered["actions"] = finished["actions"][:v] + [others[0]]
    tampered["history"] = finished["history"][:v] + [{"player": seat, "action": others[0], "by": "clock"}]
    tampered["result"] = None
    with pytest.raises(FairnessError, match="clock move .* is not what the stand-in"):
        verify_record(json.dumps(tampered))


@pytest.mark.parametrize("tamper, reason", [
    (lambda r: r.__setitem__("turn_seconds", 600), "seating, rules or bots were changed"),
    (lambda r: r.pop("turn_seconds"), "seating, rules or bots were changed"),
    (lambda r: r["history"][clock_move(r)].__setitem__("by", "robot"), "by must be 'clock'"),
    (lambda r: r["history"].pop(), "history must list"),
    (lambda r: r.pop("history"), "must have its history"),
    (lambda r: r["history"][0].__setitem__("player", (r["history"][0]["player"] + 1) % 4), "is not action 0"),
    (lambda r: r["history"][next(v for v, e in enumerate(r["history"]) if str(e["player"]) in r["bots"])]
     .__setitem__("by", "clock"), "a bot's seat"),
])
def test_verify_refuses_a_changed_clock_or_history(finished, tamper, reason):
    assert verify_record(json.dumps(finished)).startswith("verified")
    tampered = copy.deepcopy(finished)
    tamper(tampered)
    with pytest.raises(FairnessError, match=reason):
        verify_record(json.dumps(tampered))


@pytest.mark.parametrize("name", ["<img src=x onerror=alert(1)>", "a\u202eb", "An\u200dh", "x" * 21, "", "   ",
                                  "a\nb", "a\tb", "☃", "a;b", "x" * 10 + "  " + "y" * 10, "\u3164", "Lan\u034f",
                                  "\u0301a", "\u115f\u1160"])
def test_a_name_is_text_never_markup_and_bounded(name):
    people = Table(humans=[0, 1])
    answer = people.client.put(f"/api/games/{people.id}/name?lang=vi", headers=bearer(people.tokens["0"]),
                               json={"name": name})
    assert answer.status_code == 400 and answer.json()["code"] in ("bad_name", "bad_request")
    assert people.view()["names"] == {}


def test_a_ten_kilobyte_name_is_refused_before_it_is_read_as_a_name():
    people = Table(humans=[0, 1])
    answer = people.client.put(f"/api/games/{people.id}/name", headers=bearer(people.tokens["0"]),
                               json={"name": "é" * 10_000})
    assert answer.status_code == 400


def test_names_are_normalised_kept_through_the_series_and_left_out_of_the_record():
    people = Table(humans=[0, 1], turn_seconds=5)
    answer = people.client.put(f"/api/games/{people.id}/name", headers=bearer(people.tokens["1"]),
                               json={"name": "  Tua\u0302\u0301n  2  "})
    assert answer.status_code == 200 and answer.json()["names"] == {"1": "Tuấn 2"}
    assert people.view(0)["names"] == {"1": "Tuấn 2"}
    people.play_to_the_end()
    record = people.client.get(f"/api/games/{people.id}/record", headers=bearer(people.tokens["0"])).json()
    assert "Tuấn" not in json.dumps(record, ensure_ascii=False)
    following = people.post("next", 0)
    assert following.status_code == 200
    nxt = people.client.get(f"/api/games/{following.json()['id']}", headers=bearer(people.tokens["0"])).json()
    assert nxt["names"] == {"1": "Tuấn 2"} and nxt["away"] == [] and nxt["turn_seconds"] == 5


def test_a_strangers_token_can_neither_come_back_nor_name_nor_react():
    people, other = Table(humans=[0, 1]), Table(humans=[0, 1])
    stranger = bearer(other.tokens["0"])
    assert people.client.post(f"/api/games/{people.id}/back", headers=stranger).status_code == 403
    assert people.client.put(f"/api/games/{people.id}/name", headers=stranger, json={"name": "x"}).status_code == 403
    assert people.client.post(f"/api/games/{people.id}/react", headers=stranger,
                              json={"reaction": "nice"}).status_code == 403
    assert people.client.post(f"/api/games/{people.id}/back").status_code == 401


def test_reactions_are_a_fixed_set_reach_every_socket_and_a_flood_is_refused():
    people = Table(humans=[0, 1])
    assert people.post("react", 0, reaction="<script>").status_code == 400
    with people.client.websocket_connect(f"/api/games/{people.id}/ws") as one:
        one.send_json({"token": people.tokens["1"], "html": False})
        assert "version" in one.receive_json()
        assert people.post("react", 0, reaction="nice").status_code == 200
        flood = [people.client.post(f"/api/games/{people.id}/react?lang=vi", headers=bearer(people.tokens["0"]),
                                    json={"reaction": "laugh"}) for _ in range(20)]
        assert {answer.status_code for answer in flood} == {429}
        assert flood[0].json()["message"].startswith("Chậm chút nhé: 2 giây")
        assert people.post("react", 1, reaction="thanks").status_code == 200     # each seat its own limit
        frames = [one.receive_json(), one.receive_json()]
        assert frames == [{"reaction": {"seat": 0, "key": "nice"}}, {"reaction": {"seat": 1, "key": "thanks"}}]


def test_a_seats_names_and_comebacks_are_bounded():
    people = Table(humans=[0, 1])
    answers = [people.client.put(f"/api/games/{people.id}/name", headers=bearer(people.tokens["0"]),
                                 json={"name": f"Lan {n}"}).status_code for n in range(15)]
    assert answers.count(200) == 10 and set(answers[10:]) == {429}
    assert people.post("back", 1).status_code == 200                     # each seat its own count


@pytest.mark.parametrize("change", ["back", "name"])
def test_a_move_never_undoes_another_processs_back_or_name(tmp_path, change):
    """Two processes over one store: while one decides a move (the bot after it thinking), the other brings
    a seat back or names it; the move is decided again on the stored state, and the change stands."""
    from phom.web.store import GameStore

    now = [1000.0]
    path = str(tmp_path / "games.sqlite3")
    one = GameHost(GameStore(path), clock=lambda: now[0], shared=True, server_seeds=fixed_seeds(11))
    two = GameHost(GameStore(path), clock=lambda: now[0], shared=True)
    created = one.create(humans=[0, 2], bots=["greedy", "greedy"], turn_seconds=10)
    for _ in range(60):                                   # until seat 2 is away and seat 0 is to move
        hosted = one.fresh(created.id)
        if 2 in hosted.away and hosted.game.to_move == 0 and 0 not in hosted.away:
            break
        if hosted.game.to_move == 0:
            one.act(created.id, created.tokens[0], hosted.game.legal_actions()[0])
        else:
            now[0] += 11
            one.fire_due()
    else:
        pytest.fail("seat 2 never went away with seat 0 to move")
    bot = one.get(created.id).bots[1]
    thinking = bot.act

    def meanwhile(view):                                  # the other process acts while this one decides
        bot.act = thinking
        if change == "back":
            two.back(created.id, created.tokens[2])
        else:
            two.rename(created.id, created.tokens[2], "Lan")
        return thinking(view)

    bot.act = meanwhile
    while one.fresh(created.id).game.to_move == 0:        # seat 0's turn, to its end
        one.act(created.id, created.tokens[0], one.fresh(created.id).game.legal_actions()[0])
    assert bot.act is thinking                            # the other process did act meanwhile
    stored = two.fresh(created.id)
    if change == "back":
        assert 2 not in stored.away and 2 not in one.fresh(created.id).away
        if stored.game.to_move == 2:                      # his turn has a whole turn's time, not a paced one
            assert stored.deadline == now[0] + 10
    else:
        assert stored.names == {2: "Lan"} and one.fresh(created.id).names == {2: "Lan"}
    assert stored.version > hosted.version
