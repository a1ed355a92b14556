"""The attacker's probes against a real ``phom serve`` on loopback (bounded loops, 127.0.0.0/8 only):
a posted record's bots bounded like ``POST /api/games``, hostile reviews counted and refused while
another player plays on, proxy headers not trusted, odd unicode and types fuzzed into every JSON route,
WebSockets bounded before any check, an Idempotency-Key reused for another move, the headers a
browser needs, a foreign ``Host``, bodies that never arrive, and start-up errors in one line. Every
probe ends with the server's log free of tracebacks and no answer of 5xx.

Each test talks from its own loopback address (127.0.0.N), since the limits are per client address.
Latencies are recorded (``tests/artifacts/hostile.json``) for the closing note, never asserted."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from real_services import free_port, wait_ready
from web_helpers import bearer, play_to_the_end

pytestmark = pytest.mark.stress

ws_client = pytest.importorskip("websockets.sync.client")
from websockets.exceptions import ConnectionClosed  # noqa: E402

ARTIFACTS = Path(__file__).parent / "artifacts"
#: The sockets one address may hold by default (``phom serve --sockets-per-address``).
SOCKETS = 200


class Served:
    """A real ``phom serve --store FILE`` on 127.0.0.1, its output kept in a log."""

    def __init__(self, folder: Path, *extra: str) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = folder / f"serve-{self.port}.log"
        with self.log.open("wb") as out:
            self.process = subprocess.Popen([sys.executable, "-m", "phom", "serve", "--store",
                                             str(folder / f"games-{self.port}.sqlite3"), "--port", str(self.port),
                                             *extra], stdout=out, stderr=subprocess.STDOUT)
        wait_ready(self.base)

    def client(self, address: str) -> httpx.Client:
        """An HTTP client whose requests come from ``address`` (a loopback address of its own)."""
        return httpx.Client(base_url=self.base, timeout=60,
                            transport=httpx.HTTPTransport(local_address=address))

    def clean(self) -> None:
        """The server still answers, and its log holds no traceback."""
        assert httpx.get(f"{self.base}/healthz", timeout=5).status_code == 200
        text = self.log.read_text(encoding="utf-8", errors="replace")
        assert "Traceback" not in text and "Exception in ASGI" not in text, text[-3000:]

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=20)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory):
    server = Served(tmp_path_factory.mktemp("hostile"))
    yield server
    server.stop()


def record_figures(name: str, figures: dict[str, Any]) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / "hostile.json"
    data = json.loads(path.read_text()) if path.exists() else {}
    data[name] = figures
    path.write_text(json.dumps(data, indent=2))
    print(name, figures)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def finished_record(client: httpx.Client, bots: list[str]) -> dict[str, Any]:
    created = client.post("/api/games", json={"bots": bots, "client_seed": "probe"})
    assert created.status_code == 200, created.text
    game_id, tokens = created.json()["id"], created.json()["tokens"]
    play_to_the_end(client, game_id, tokens)
    answer = client.get(f"/api/games/{game_id}/record", headers=bearer(tokens["0"]))
    assert answer.status_code == 200
    return dict(answer.json())


def test_a_posted_records_bots_are_bounded_like_a_new_games(served: Served):
    with served.client("127.0.0.2") as client:
        record = finished_record(client, ["greedy"] * 3)
        for bots in ({"1": "search:40000"}, {"1": "montecarlo:20000"}, {"1": "montecarlo:1000000"},
                     {"1": "cmd:sleep 100"}, {"1": 7}, {str(s): "greedy" for s in range(4)}, ["greedy"]):
            started = time.monotonic()
            answer = client.post("/api/review", json={"record": {**record, "bots": bots}})
            assert answer.status_code == 400, (bots, answer.text)
            assert "bot" in answer.json()["error"] and time.monotonic() - started < 5
    served.clean()


def test_hostile_reviews_are_counted_and_another_player_plays_on(served: Served):
    """Ten posts of a record whose fairness proof replays strong bots, at once: at most two are
    computed (the rest 429 at once) while another player's views and /healthz keep answering."""
    with served.client("127.0.0.3") as attacker, served.client("127.0.0.4") as player:
        record = finished_record(attacker, ["montecarlo:96"] * 3)
        created = player.post("/api/games", json={"bots": ["greedy"] * 3}).json()
        game_id, token = created["id"], created["tokens"]["0"]
        statuses: list[int] = []
        spent: list[float] = []
        computed: list[tuple[float, float]] = []

        def post() -> None:
            started = time.monotonic()
            with served.client("127.0.0.3") as own:
                status = own.post("/api/review", json={"record": record}).status_code
            statuses.append(status)
            spent.append(time.monotonic() - started)
            if status == 200:
                computed.append((started, time.monotonic()))

        posts = [threading.Thread(target=post) for _ in range(10)]
        for thread in posts:
            thread.start()
        views, health = [], []
        while any(thread.is_alive() for thread in posts) and len(views) < 400:
            started = time.monotonic()
            assert player.get(f"/api/games/{game_id}", headers=bearer(token)).status_code == 200
            views.append(time.monotonic() - started)
            started = time.monotonic()
            assert player.get("/healthz").status_code == 200
            health.append(time.monotonic() - started)
        for thread in posts:
            thread.join()
    # every post is answered at once or computed, never more than two at a time (a post that starts after
    # one has finished may be computed too)
    assert sorted(set(statuses)) <= [200, 429] and statuses.count(429) >= 1 and computed, statuses
    assert max(sum(a < end and start < b for a, b in computed) for start, end in computed) <= 2, computed
    record_figures("hostile_reviews", {
        "posts": len(statuses), "computed": statuses.count(200), "refused_429": statuses.count(429),
        "slowest_post_s": round(max(spent), 3), "views": len(views),
        "view_p50_ms": round(1000 * percentile(views, 0.5), 1), "view_p99_ms": round(1000 * percentile(views, 0.99), 1),
        "healthz_p99_ms": round(1000 * percentile(health, 0.99), 1)})
    served.clean()


def test_forwarded_headers_do_not_make_new_clients(served: Served):
    """X-Forwarded-For from a peer that is no listed proxy changes nothing: the address that connects
    is the client, so its creations stop at the per-client rate (30 a minute; a burst meets 429 with
    Retry-After), whatever header it sends."""
    made, refused = 0, 0
    with served.client("127.0.0.5") as client:
        for i in range(34):
            answer = client.post("/api/games", json={}, headers={"X-Forwarded-For": f"10.0.{i}.1"})
            assert answer.status_code in (200, 429), answer.text
            made, refused = made + (answer.status_code == 200), refused + (answer.status_code == 429)
        assert made == 30 and refused == 4
        assert "new games per client" in answer.json()["error"] and 1 <= int(answer.headers["Retry-After"]) <= 60
        with served.client("127.0.0.6") as other:               # another address is not held up
            assert other.post("/api/games", json={}).status_code == 200
    served.clean()


ODD_TEXT = ["\ud800", "\udfff", "a\ud83d", "\x00", "\u202e", "\ufeff", "𝔭𝔥𝔬𝔪", "e\u0301" * 40, "\U0010ffff"]
ODD_BODIES: list[tuple[str, Any]] = [
    ("/api/games", {"rules": {"\ud800": 1}}),
    ("/api/games", {"rules": {"stakes": {"\ud800": 1}}}),
    ("/api/games", {"game": "tienlen", "rules": {"\ud800": True}}),
    ("/api/games", {"client_seed": "\ud800"}),
    ("/api/games", {"bots": ["\ud800"]}),
    ("/api/hint", {"position": {"rules": {"\ud800": 1}}}),
    ("/api/hint", {"position": {"hand": "\ud800"}}),
    ("/api/solve", {"hand": "\ud800"}),
    ("/api/review", {"record": {"format": "phom-game", "fairness": {"commitment": "\ud800"}}}),
    ("/api/review", {"record": {"fairness": {"server_seed": "\ud800" * 64, "commitment": "x"}}}),
]


HUGE = [2**64, -2**63 - 1, 10**400]


def test_huge_integers_in_rules_get_a_4xx(served: Served):
    """A whole number past a C long where the rules hold a card value: refused by name, on every route
    that takes rules (it once reached the core as an OverflowError, a 500 with a traceback)."""
    from phom import Rules

    position = {"player": 1, "hand": "9H 10H JH 3C 5D 8S 8C KD QD", "phase": "take", "last_discard": "QS",
                "stock_size": 14, "seats": [{"hand_size": 9, "row": "QS"}, {"hand_size": 9}, {"hand_size": 9},
                                            {"hand_size": 9}]}
    with served.client("127.0.0.14") as client:
        record = finished_record(client, ["greedy"] * 3)
        for number in HUGE:
            rules = {**Rules().to_dict(), "values": [number, *range(2, 14)]}
            for path, body in (("/api/hint", {"position": {**position, "rules": rules}}),
                               ("/api/games", {"rules": rules}),
                               ("/api/review", {"record": {**record, "rules": rules}}),
                               ("/api/review", {"record": {key: v for key, v in {**record, "rules": rules}.items()
                                                           if key != "fairness"}})):
                answer = client.post(path, json=body)
                assert 400 <= answer.status_code < 500, (path, number, answer.text)
    served.clean()


def test_a_client_that_leaves_mid_body_leaves_no_traceback(served: Served):
    for path in ("/api/solve", "/api/games", "/api/games/abc/actions"):
        with socket.create_connection(("127.0.0.1", served.port), source_address=("127.0.0.15", 0)) as raw:
            raw.sendall(f"POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                        "Content-Length: 30\r\n\r\n{}".encode())
    time.sleep(0.5)
    served.clean()


def test_look_ahead_hints_are_bounded_and_another_player_plays_on(served: Served):
    """Twelve look-ahead hints at once from one address (no token needed): at most two are computed
    at a time (the rest 429 at once), and one address is worked on four requests at a time, so
    another player's views keep answering."""
    position = {"player": 0, "hand": "9H 10H JH 3C 5D 8S 8C KD QD 2S", "phase": "play", "stock_size": 15,
                "seats": [{"hand_size": 10}, {"hand_size": 9}, {"hand_size": 9}, {"hand_size": 9}]}
    statuses: list[int] = []

    def ask() -> None:
        with served.client("127.0.0.16") as own:
            for _ in range(3):
                statuses.append(own.post("/api/hint", json={"position": position, "search": True}).status_code)

    with served.client("127.0.0.17") as player:
        created = player.post("/api/games", json={}).json()
        asks = [threading.Thread(target=ask) for _ in range(12)]
        for thread in asks:
            thread.start()
        views = []
        while any(thread.is_alive() for thread in asks) and len(views) < 400:
            started = time.monotonic()
            assert player.get(f"/api/games/{created['id']}", headers=bearer(created["tokens"]["0"])).status_code == 200
            views.append(time.monotonic() - started)
        for thread in asks:
            thread.join()
    assert set(statuses) <= {200, 429} and statuses.count(200) >= 2 and statuses.count(429) >= 1, statuses
    record_figures("search_hints", {"asked": len(statuses), "computed": statuses.count(200),
                                    "refused_429": statuses.count(429), "views": len(views),
                                    "view_p50_ms": round(1000 * percentile(views, 0.5), 1),
                                    "view_p99_ms": round(1000 * percentile(views, 0.99), 1)})
    served.clean()


@pytest.fixture(scope="module")
def counted(tmp_path_factory: pytest.TempPathFactory):
    """A server whose addresses may hold 20 unfinished tables (``--tables-per-address 20``)."""
    server = Served(tmp_path_factory.mktemp("counted"), "--tables-per-address", "20")
    yield server
    server.stop()


def test_next_games_count_among_an_addresss_unfinished_games(counted: Served):
    """An address at its 20 unfinished games (``--tables-per-address 20``) cannot grow past them through next."""
    served = counted
    with served.client("127.0.0.18") as client:
        first = client.post("/api/games", json={}).json()
        for _ in range(19):
            assert client.post("/api/games", json={}).status_code == 200
        assert client.post("/api/games", json={}).status_code == 429
        play_to_the_end(client, first["id"], first["tokens"])            # 19 unfinished now
        following = client.post(f"/api/games/{first['id']}/next", headers=bearer(first["tokens"]["0"]))
        assert following.status_code == 200                                 # 20 again
        assert client.post("/api/games", json={}).status_code == 429
        play_to_the_end(client, following.json()["id"], first["tokens"])
        assert client.post("/api/games", json={}).status_code == 200        # finishing one made room
        answer = client.post(f"/api/games/{following.json()['id']}/next", headers=bearer(first["tokens"]["0"]))
        assert answer.status_code == 429 and "unfinished games" in answer.json()["error"]
    served.clean()


def post_raw(client: httpx.Client, path: str, body: Any, headers: dict[str, str] | None = None) -> httpx.Response:
    return client.post(path, content=json.dumps(body, ensure_ascii=True).encode("ascii"),
                       headers={"content-type": "application/json", **(headers or {})})


def test_lone_surrogates_and_odd_unicode_get_a_4xx_with_an_error(served: Served):
    with served.client("127.0.0.7") as client:
        created = client.post("/api/games", json={}).json()
        auth = bearer(created["tokens"]["0"])
        probes = list(ODD_BODIES)
        probes += [(f"/api/games/{created['id']}/actions", {"action": text}) for text in ODD_TEXT]
        probes += [("/api/hint", {"game": created["id"], "lang": text}) for text in ODD_TEXT]
        for path, body in probes:
            answer = post_raw(client, path, body, auth)
            assert 400 <= answer.status_code < 500, (path, body, answer.status_code, answer.text)
            assert isinstance(answer.json()["error"], str)
        for text in ODD_TEXT:                     # a URL carries bytes: a surrogate arrives as invalid UTF-8
            raw = quote(text.encode("utf-8", "surrogatepass"))
            assert client.get(f"/api/games/{created['id']}?lang={raw}&html={raw}", headers=auth).status_code == 400
            assert client.get(f"/api/games/{text.encode('utf-8', 'surrogatepass').hex()}x",
                              headers=auth).status_code in (403, 404)
    served.clean()


def json_values(text: st.SearchStrategy[str]) -> st.SearchStrategy[Any]:
    scalars = st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False) | text
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) |
                        st.dictionaries(text, inner, max_size=4), max_leaves=12)


ODD = st.text(alphabet=st.characters(codec=None, categories=("Cs", "Cc", "Cf", "Mn", "So", "Lo", "Nd", "Zs")),
              max_size=12) | st.sampled_from(ODD_TEXT)
ROUTES = ["/api/solve", "/api/hint", "/api/games", "/api/review", "ACTIONS"]
FIELDS = {"/api/solve": ["hand", "eaten", "table"], "/api/hint": ["position", "game", "search", "lang"],
          "/api/games": ["game", "rules", "humans", "bots", "client_seed"], "/api/review": ["record", "seats"],
          "ACTIONS": ["action"]}


@pytest.fixture(scope="module")
def fuzzed_game(served: Served) -> tuple[str, str]:
    with served.client("127.0.0.8") as client:
        created = client.post("/api/games", json={"humans": [0, 1, 2, 3]}).json()
    return created["id"], created["tokens"]["0"]


@settings(max_examples=int(os.environ.get("PHOM_HOSTILE_EXAMPLES", "150")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(route=st.sampled_from(ROUTES), data=st.data())
def test_fuzzed_json_never_gives_a_5xx(served: Served, fuzzed_game: tuple[str, str], route: str, data: Any):
    """Every JSON route, its own field names with odd values (odd unicode, wrong types, nesting)
    or odd field names: always an answer below 500 with a JSON body."""
    game_id, token = fuzzed_game
    keys = st.sampled_from(FIELDS[route]) | ODD
    body = data.draw(st.dictionaries(keys, json_values(ODD), max_size=4) | json_values(ODD))
    path = f"/api/games/{game_id}/actions" if route == "ACTIONS" else route
    headers = bearer(token) if data.draw(st.booleans()) else {}
    with served.client("127.0.0.8") as client:
        answer = post_raw(client, path, body, headers)
    assert answer.status_code < 500, (path, body, answer.text)
    assert isinstance(answer.json(), dict)


def test_fuzzing_left_the_log_clean(served: Served):
    served.clean()


def open_socket(served: Served, game_id: str, address: str) -> Any:
    raw = socket.create_connection(("127.0.0.1", served.port), source_address=(address, 0))
    return ws_client.connect(f"ws://127.0.0.1:{served.port}/api/games/{game_id}/ws", sock=raw, open_timeout=10)


def closed_code(connection: Any, seconds: float) -> int | None:
    """The close code once the server closes the socket (waiting at most ``seconds``)."""
    try:
        while True:
            connection.recv(timeout=seconds)
    except TimeoutError:
        return None
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd is not None else -1


def test_websockets_are_bounded_before_any_check(served: Served):
    """A first frame over 64 KiB is refused; a socket that never logs in is closed after 5 s; one
    address holds at most 200 sockets (the default: the players behind one carrier-grade NAT), the next
    are closed with 4429 and a reason; /healthz answers meanwhile."""
    with served.client("127.0.0.9") as client:
        created = client.post("/api/games", json={}).json()
    game_id, token = created["id"], created["tokens"]["0"]
    with contextlib.ExitStack() as sockets:
        huge = sockets.enter_context(open_socket(served, game_id, "127.0.0.9"))
        huge.send(json.dumps({"token": "x" * (80 * 1024)}))
        assert closed_code(huge, 10) in (1009, 4400)
        started = time.monotonic()
        held = [sockets.enter_context(open_socket(served, game_id, "127.0.0.10")) for _ in range(SOCKETS + 4)]
        codes = [closed_code(connection, 0.5) for connection in held[SOCKETS:]]
        assert codes == [4429] * 4
        health = []
        for _ in range(20):
            begun = time.monotonic()
            assert httpx.get(f"{served.base}/healthz", timeout=5).status_code == 200
            health.append(time.monotonic() - begun)
        silent = [closed_code(connection, 15) for connection in held[:SOCKETS]]
        waited = time.monotonic() - started
        assert silent == [4400] * SOCKETS
        good = sockets.enter_context(open_socket(served, game_id, "127.0.0.10"))   # the sockets were given back
        good.send(json.dumps({"token": token, "html": False}))
        assert json.loads(good.recv(timeout=10))["version"] >= 0
    record_figures("websockets", {"silent_sockets_closed_after_s": round(waited, 2),
                                  "healthz_p99_ms": round(1000 * percentile(health, 0.99), 1)})
    served.clean()


def test_invalid_utf8_in_a_websocket_frame_is_one_line_in_the_log(served: Served):
    """A text frame holding a UTF-8-encoded lone surrogate: the client gets 1007, the log one line."""
    with socket.create_connection(("127.0.0.1", served.port), source_address=("127.0.0.19", 0), timeout=10) as raw:
        raw.sendall(b"GET /api/games/abc/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                    b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    b"Sec-WebSocket-Version: 13\r\n\r\n")
        assert raw.recv(300).startswith(b"HTTP/1.1 101")
        payload, mask = b'{"token": "\xed\xa0\x80"}', b"\x01\x02\x03\x04"
        raw.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
        assert raw.recv(100)[:4] == b"\x88\x02\x03\xef"                 # close 1007
    time.sleep(0.3)
    assert "Invalid UTF-8 sequence received from client" in served.log.read_text(encoding="utf-8", errors="replace")
    served.clean()


def test_an_idempotency_key_reused_for_another_move_is_422(served: Served):
    with served.client("127.0.0.11") as client:
        created = client.post("/api/games", json={"humans": [0]}).json()
        game_id, auth = created["id"], bearer(created["tokens"]["0"])
        view = client.get(f"/api/games/{game_id}", headers=auth).json()
        first, second = [a["text"] for a in view["legal_actions"][:2]]
        keyed = {**auth, "Idempotency-Key": "move-1"}
        applied = client.post(f"/api/games/{game_id}/actions", json={"action": first}, headers=keyed)
        assert applied.status_code == 200
        again = client.post(f"/api/games/{game_id}/actions", json={"action": first}, headers=keyed)
        assert again.status_code == 200 and again.json()["version"] == applied.json()["version"]
        other = client.post(f"/api/games/{game_id}/actions", json={"action": second}, headers=keyed)
        assert other.status_code == 422 and "another move" in other.json()["error"]
        assert client.get(f"/api/games/{game_id}", headers=auth).json()["version"] == applied.json()["version"]
    served.clean()


def test_the_page_and_the_api_carry_the_headers_a_browser_trusts(served: Served):
    with served.client("127.0.0.12") as client:
        for path in ("/", "/static/app.js", "/api/openapi.json", "/healthz"):
            headers = client.get(path).headers
            policy = headers["content-security-policy"]
            assert "script-src 'self'" in policy and "unsafe-inline" not in policy.split("style-src-attr")[0]
            assert "frame-ancestors 'none'" in policy
            assert headers["x-content-type-options"] == "nosniff" and headers["referrer-policy"] == "no-referrer"
        page = client.get("/").text
        assert "<script>" not in page and "<style" not in page and " style=" not in page
        assert " on" not in page.replace(" one", "").split("<body", 1)[1].split(">", 1)[0]
        assert client.get("/api/openapi.json", headers={"host": f"evil.example:{served.port}"}).status_code == 400
        assert client.get("/healthz", headers={"host": f"localhost:{served.port}"}).status_code == 200
        assert client.post("/api/solve", content=b'{"hand": "9H"}',
                           headers={"content-type": "text/plain"}).status_code == 415
    served.clean()


@contextlib.contextmanager
def uvicorn_in_a_thread(app: Any, **options: Any) -> Any:
    """A real uvicorn server over ``app`` on a free loopback port, in a thread of the test; its port."""
    uvicorn = pytest.importorskip("uvicorn")
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, **{"host": "127.0.0.1", "log_level": "error", **options,
                                                   "port": port}))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.02)
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def test_a_body_that_never_arrives_gets_408():
    """The application with a short body deadline under a real uvicorn: a client that sends the headers
    and part of its body, then nothing, gets 408 and the connection back."""
    from phom.web.app import create_app

    with uvicorn_in_a_thread(create_app(body_seconds=0.5)) as port, \
            socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
        raw.sendall(b"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    b"Content-Length: 100\r\n\r\n{\"hand\": ")
        answer = raw.recv(4096).decode("latin-1")
    assert answer.startswith("HTTP/1.1 408") and "did not arrive within 0.5 s" in answer


def test_headers_that_trickle_in_lose_their_connection():
    """phom serve's protocol (``phom.web.serving.HeaderDeadline``) with a short deadline under a real
    uvicorn: a request whose headers trickle in a byte at a time is closed at the deadline, while one
    that sends them at once is answered on the same kind of connection."""
    from phom.web.app import create_app
    from phom.web.serving import HeaderDeadline, uvicorn_options

    class Quick(HeaderDeadline):
        header_seconds = 0.6

    options = {**uvicorn_options(host="127.0.0.1", port=0, proxies=[]), "http": Quick, "log_level": "error"}
    with uvicorn_in_a_thread(create_app(), **options) as port:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as slow:
            started = time.monotonic()
            closed = False
            for byte in b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 40:
                try:
                    slow.sendall(bytes([byte]))
                    time.sleep(0.05)
                except OSError:
                    closed = True
                    break
            if not closed:
                slow.settimeout(5)
                closed = slow.recv(100) == b""
            assert closed and time.monotonic() - started < 5
        with socket.create_connection(("127.0.0.1", port), timeout=10) as quick:
            time.sleep(0.3)                           # idle under the deadline, then the whole request
            quick.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert quick.recv(100).startswith(b"HTTP/1.1 200")


@pytest.mark.parametrize("store", ["missing/games.sqlite3", "folder", "notes.txt",
                                   "postgresql://phom@127.0.0.1:1/games"])
def test_a_store_that_cannot_be_opened_is_one_line(tmp_path: Path, store: str):
    (tmp_path / "folder").mkdir()
    (tmp_path / "notes.txt").write_text("not a database")
    location = store if store.startswith("postgresql") else str(tmp_path / store)
    done = subprocess.run([sys.executable, "-m", "phom", "serve", "--store", location, "--port", str(free_port())],
                          capture_output=True, text=True, timeout=60)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 1 and len(lines) == 1 and "cannot open the store" in lines[0], done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_start_up_lines_hide_passwords_and_name_the_option(tmp_path: Path):
    for option, value, said in (("--store", "postgresql://:hunter2@127.0.0.1:1/x", "postgresql://:***@"),
                                ("--store", "postgresql://127.0.0.1:1/x?password=hunter3", "password=***"),
                                ("--broker", "garbage://x", "--broker garbage://x:"),
                                ("--store", "", "location is empty")):
        store = [] if option == "--store" else ["--store", str(tmp_path / "g.sqlite3")]
        done = subprocess.run([sys.executable, "-m", "phom", "serve", *store, option, value, "--port",
                               str(free_port())], capture_output=True, text=True, timeout=60)
        assert done.returncode == 1 and said in done.stderr and "hunter" not in done.stderr, done.stderr
        assert len(done.stderr.strip().splitlines()) == 1


def test_an_unreachable_broker_is_one_line_and_the_store_serves(tmp_path: Path):
    """A Redis that does not answer at start is one warning line, its password hidden; the server starts
    and serves from the store (it joins the doorbell when Redis answers: tests/test_web_deadlines.py)."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "phom", "serve", "--store", str(tmp_path / "g.sqlite3"),
                                "--broker", "redis://:hunter4@127.0.0.1:1/0", "--port", str(port)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(300):
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                    break
            time.sleep(0.1)
        assert httpx.post(f"http://127.0.0.1:{port}/api/games", json={}, timeout=30).status_code == 200
    finally:
        process.terminate()
        _, err = process.communicate(timeout=20)
    assert err.strip().splitlines()[0] == ("phom serve: --broker redis://:***@127.0.0.1:1/0: no Redis answers there "
                                           "yet; serving from the store and joining when it answers"), err
    assert "hunter" not in err


def test_the_table_of_peoples_routes_hold_against_an_attacker(served: Served):
    """Names with markup, bidi overrides and joiners, a 10 kB name, a flood of reactions (one every 2 s a
    seat gets through), a reaction that is not in the set, and a stranger's token on back, name and react:
    each refused with its status, no markup ever reaches a view, and the log stays clean."""
    with served.client("127.0.0.21") as client:
        created = client.post("/api/games", json={"humans": [0, 1], "turn_seconds": 30}).json()
        other = client.post("/api/games", json={"humans": [0, 1]}).json()
        game_id, seat = created["id"], bearer(created["tokens"]["0"])
        for name in ("<img src=x onerror=alert(1)>", "\u202eevil", "a\u200db", "é" * 10_000, "", "\x00"):
            answer = client.put(f"/api/games/{game_id}/name", headers=seat, json={"name": name})
            assert answer.status_code in (400, 413), (name[:20], answer.status_code)
        assert client.put(f"/api/games/{game_id}/name", headers=seat, json={"name": "Lan"}).status_code == 200
        statuses = [client.post(f"/api/games/{game_id}/react", headers=seat, json={"reaction": "laugh"}).status_code
                    for _ in range(200)]
        assert statuses.count(200) <= 2 and statuses.count(429) >= 198 and set(statuses) <= {200, 429}
        assert client.post(f"/api/games/{game_id}/react", headers=seat,
                           json={"reaction": "<script>alert(1)</script>"}).status_code == 400
        stranger = bearer(other["tokens"]["0"])
        assert client.post(f"/api/games/{game_id}/back", headers=stranger).status_code == 403
        assert client.put(f"/api/games/{game_id}/name", headers=stranger, json={"name": "x"}).status_code == 403
        assert client.post(f"/api/games/{game_id}/react", headers=stranger,
                           json={"reaction": "nice"}).status_code == 403
        view = client.get(f"/api/games/{game_id}", headers=seat).text
        assert view.count("<img") == 0 and "\u202e" not in view and json.loads(view)["names"] == {"0": "Lan"}
    served.clean()
