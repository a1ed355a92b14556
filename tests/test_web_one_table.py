"""One table on every phone (API.md): the next game reaches every socket at the table, a move carries the
version it was chosen on (a late tap is refused as stale in both games), one Idempotency-Key sent twice at
the same moment is one move with one answer for both (threads against a real ``phom serve``), the stand-in's
moves are marked in every view, names in any script but none that reads as another seat's or the table's
own words, and the per-address limits of ``phom serve`` (carrier-grade NAT, IPv6 /64)."""

from __future__ import annotations

import json
import socket
import threading
from pathlib import Path

import pytest

pytest.importorskip("starlette")

import httpx  # noqa: E402
from real_services import Worker  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402
from web_helpers import bearer, fixed_seeds, play_to_the_end  # noqa: E402

from phom.clock import FIRST_TURN_EXTRA_SECONDS  # noqa: E402
from phom.web.app import RateLimits, create_app  # noqa: E402
from phom.web.hosting import GameHost  # noqa: E402
from phom.web.limits import ClientQuotas, address_group  # noqa: E402
from phom.web.names import MAX_NAME, check_name  # noqa: E402
from phom.refusals import Refusal  # noqa: E402

ws_client = pytest.importorskip("websockets.sync.client")
from websockets.exceptions import ConnectionClosed  # noqa: E402


class Table:
    """A table with its own clock (seconds, moved by ``wait``)."""

    def __init__(self, **body: object) -> None:
        self.now = 2_000_000.0
        self.host = GameHost(clock=lambda: self.now, server_seeds=fixed_seeds(3))
        self.client = TestClient(create_app(self.host, rate_limits=RateLimits(create="1000/minute",
                                                                          seating="1000/minute")))
        created = self.client.post("/api/games", json=body)
        assert created.status_code == 200, created.text
        self.id, self.tokens = created.json()["id"], created.json()["tokens"]

    def view(self, seat: int = 0, game_id: str | None = None) -> dict:
        answer = self.client.get(f"/api/games/{game_id or self.id}?html=false", headers=bearer(self.tokens[str(seat)]))
        assert answer.status_code == 200, answer.text
        return answer.json()

    def act(self, seat: int, action: object, lang: str = "en", **body: object) -> httpx.Response:
        return self.client.post(f"/api/games/{self.id}/actions?html=false&lang={lang}",
                                headers=bearer(self.tokens[str(seat)]), json={"action": action, **body})


@pytest.mark.parametrize("game", ["phom", "tienlen"])
def test_the_next_game_reaches_every_socket_and_starts_with_more_time(game):
    table = Table(game=game, humans=[0, 1], turn_seconds=None, client_seed="next")
    play_to_the_end(table.client, table.id, table.tokens)
    with table.client.websocket_connect(f"/api/games/{table.id}/ws") as friend:
        friend.send_text(json.dumps({"token": table.tokens["1"], "html": False}))
        finished = json.loads(friend.receive_text())
        assert finished["is_over"] and finished["next_id"] is None
        dealt = table.client.post(f"/api/games/{table.id}/next", headers=bearer(table.tokens["0"]), json={})
        assert dealt.status_code == 200
        new_id = dealt.json()["id"]
        frames = [json.loads(friend.receive_text()) for _ in range(2)]
        assert {"next": {"id": new_id}} in frames                       # the friend's page follows on its own
        assert any(frame.get("next_id") == new_id for frame in frames if "version" in frame)
    assert table.view(1)["next_id"] == new_id
    assert table.view(1, new_id)["player"] == 1                         # the seat's token works there
    clocked = Table(game=game, humans=[0, 1], turn_seconds=30)
    clock = clocked.view()["clock"]
    assert clock["deadline_ms"] - clock["now_ms"] == (30 + FIRST_TURN_EXTRA_SECONDS) * 1000


@pytest.mark.parametrize("game", ["phom", "tienlen"])
def test_a_late_tap_is_refused_as_stale_and_changes_nothing(game):
    table = Table(game=game, humans=[0, 1], turn_seconds=5)
    seen = table.view(table.view()["to_move"])
    mover = seen["player"]
    action = seen["legal_actions"][0]["text"]
    table.now += 5 + FIRST_TURN_EXTRA_SECONDS + 1
    assert table.host.fire_due() == 1                                  # the stand-in played his turn
    moved_on = table.view(mover)
    late = table.act(mover, action, lang="vi", version=seen["version"])
    assert late.status_code == 409 and late.json()["code"] == "stale", late.text
    assert "chưa đánh gì" in late.json()["message"]
    assert table.view(mover)["version"] == moved_on["version"]          # nothing was played
    now = table.view(moved_on["to_move"])
    fresh = table.act(now["player"], now["legal_actions"][0]["text"], version=now["version"])
    assert fresh.status_code == 200 and fresh.json()["version"] > now["version"]
    wrong_type = table.act(now["player"], "draw", version="3")
    assert wrong_type.status_code == 400


def test_the_stand_ins_moves_are_marked_in_every_view_and_the_missed_moves():
    table = Table(humans=[0, 1], turn_seconds=5)
    first = table.view()
    table.now += 5 + FIRST_TURN_EXTRA_SECONDS + 1
    table.host.fire_due()
    for seat in (0, 1):
        view = table.view(seat)
        marked = [v for v, entry in enumerate(view["history"]) if entry.get("by") == "clock"]
        assert marked and len(view["log"]) == len(view["history"])
    with table.client.websocket_connect(f"/api/games/{table.id}/ws") as live:
        live.send_text(json.dumps({"token": table.tokens["1"], "html": False, "since": first["version"]}))
        missed = json.loads(live.receive_text())["missed"]
    assert any(entry.get("by") == "clock" for entry in missed)
    record = table.host.get(table.id).record()
    assert [e.get("by") for e in record["history"]] == [e.get("by") for e in table.view()["history"]]


def test_names_in_any_script_and_never_another_seats():
    table = Table(humans=[0, 1, 2], turn_seconds=None)

    def name(seat: int, text: str, lang: str = "en") -> httpx.Response:
        return table.client.put(f"/api/games/{table.id}/name?lang={lang}", headers=bearer(table.tokens[str(seat)]),
                                json={"name": text})

    for text in ("สมชาย", "देवनागरी", "សុខា", "ສົມພອນ", "မောင်မောင်", "Nguyễn Thị Tuyết", "Ольга"):
        assert name(2, text).status_code == 200, text
    assert name(0, "Tuấn").status_code == 200
    for text, code in (("\u0422u\u1ea5n", "name_taken"), ("TUẤN", "name_taken"), ("Máy", "name_reserved"),
                       ("bạn", "name_reserved"), ("Cấp 4", "name_reserved"), ("Level 7", "name_reserved"),
                       ("B0t", "name_reserved"), ("You", "name_reserved"), ("Ghế 2", "name_reserved"),
                       ("Zalgo\u0300\u0301\u0302\u0303", "name_marks"), ("a" * (MAX_NAME + 1), "bad_name")):
        refused = name(1, text, lang="vi")
        assert refused.status_code == 400 and refused.json()["code"] == code, (text, refused.text)
        assert refused.json()["message"] and refused.json()["message"][0].isupper()
    assert "Tuấn" in name(1, "Тuấn", lang="vi").json()["message"]
    assert name(1, "Tuân").status_code == 200                          # another name, not a disguise
    assert name(1, "Tuấn").json()["code"] == "name_taken"
    assert name(0, "Tuấn").status_code == 200                          # one's own name again
    assert table.view()["names"] == {"0": "Tuấn", "1": "Tuân", "2": "Ольга"}
    # twenty letters with their marks are twenty, however many code points they take
    assert len(check_name("क्षि" * 20)) > MAX_NAME
    with pytest.raises(Refusal):
        check_name("क्षि" * 21)


def test_an_address_is_counted_as_its_ipv6_64_and_quotas_hold():
    assert address_group("2001:db8:aa:bb:1::9") == address_group("2001:db8:aa:bb:ffff::1") == "2001:db8:aa:bb::/64"
    assert address_group("2001:db8:aa:bc::1") != address_group("2001:db8:aa:bb::1")
    assert address_group("127.0.0.1") == "127.0.0.1" and address_group("testclient") == "testclient"
    quotas = ClientQuotas(RateLimits(sockets=2))
    group = address_group("2001:db8::1")
    assert quotas.open_socket(group) and quotas.open_socket(address_group("2001:db8::2"))
    assert not quotas.open_socket(address_group("2001:db8::3:4"))      # the same /64
    assert quotas.open_socket(address_group("2001:db8:0:1::1"))         # another /64
    defaults = RateLimits()
    assert (defaults.live_games, defaults.sockets) == (100, 200)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory):
    folder: Path = tmp_path_factory.mktemp("one-table")
    worker = Worker(str(folder / "games.sqlite3"), None, "--sockets-per-address", "3", "--tables-per-address", "4")
    yield worker
    worker.kill()


def test_one_idempotency_key_sent_twice_at_once_is_one_move_and_one_answer(served):
    """Threads against a real ``phom serve``: each move sent twice at the same moment with one key; both
    answers are 200 with the same version, and the move was played once."""
    with httpx.Client(base_url=served.url, timeout=60) as client:
        created = client.post("/api/games", json={"game": "tienlen", "humans": [0, 1, 2, 3]}).json()
        game_id, tokens = created["id"], created["tokens"]
        rounds = 0
        for round_number in range(40):
            view = client.get(f"/api/games/{game_id}?html=false", headers=bearer(tokens["0"])).json()
            if view["is_over"]:
                break
            seat = str(view["to_move"])
            mine = client.get(f"/api/games/{game_id}?html=false", headers=bearer(tokens[seat])).json()
            body = {"action": mine["legal_actions"][0]["text"], "version": mine["version"]}
            key = {"Idempotency-Key": f"round-{round_number}", **bearer(tokens[seat])}
            start, answers = threading.Barrier(2), [None, None]

            def send(slot: int) -> None:
                with httpx.Client(base_url=served.url, timeout=60) as own:
                    start.wait()
                    answers[slot] = own.post(f"/api/games/{game_id}/actions?html=false", json=body, headers=key)

            threads = [threading.Thread(target=send, args=(slot,)) for slot in (0, 1)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(60)
            assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
            versions = {a.json()["version"] for a in answers}
            assert versions == {mine["version"] + 1}                   # one move, one answer for both
            rounds += 1
    assert rounds >= 20


def test_per_address_limits_are_options_and_a_refused_socket_says_why(served):
    with httpx.Client(base_url=served.url, timeout=30,
                      transport=httpx.HTTPTransport(local_address="127.0.2.1")) as client:
        made = [client.post("/api/games", json={}) for _ in range(5)]
    assert [a.status_code for a in made] == [200] * 4 + [429]
    assert "unfinished games" in made[-1].json()["error"] and int(made[-1].headers["Retry-After"]) >= 1
    game_id, token = made[0].json()["id"], made[0].json()["tokens"]["0"]
    url = served.url.replace("http", "ws") + f"/api/games/{game_id}/ws"

    def connect():
        raw = socket.create_connection(("127.0.0.1", served.port), source_address=("127.0.2.2", 0))
        return ws_client.connect(url, sock=raw, open_timeout=10)

    held = [connect() for _ in range(3)]
    for connection in held:
        connection.send(json.dumps({"token": token, "html": False}))
        assert "version" in json.loads(connection.recv(timeout=10))
    refused = connect()
    with pytest.raises(ConnectionClosed) as closed:
        refused.recv(timeout=10)
    assert closed.value.rcvd.code == 4429 and closed.value.rcvd.reason == "too many sockets from this address"
    bad = ws_client.connect(served.url.replace("http", "ws") + "/api/games/nosuchgame/ws", open_timeout=10)
    bad.send(json.dumps({"token": token}))
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            bad.recv(timeout=10)
    assert closed.value.rcvd.code == 4404 and "no game" in closed.value.rcvd.reason
    for connection in held:
        connection.close()
