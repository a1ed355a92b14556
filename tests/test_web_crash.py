"""The kill -9 fault test: clients play several games (Phỏm and Tiến lên) against `phom serve --store FILE` while the server
is killed with SIGKILL at random moments and restarted, over several cycles. Afterwards every action a
client saw acknowledged is in the store, no move is half-applied (a committed batch always ends with a
human to move, or the game over), the file passes SQLite's integrity check, and every game, played to
its end, yields a record that `phom verify` accepts."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time

import httpx
import pytest
from phom.fairness import verify_record
from real_services import free_port, wait_ready

pytestmark = pytest.mark.stress

CYCLES = int(os.environ.get("PHOM_CRASH_CYCLES", "6"))
CLIENTS = 4


class Server:
    def __init__(self, store: str, port: int) -> None:
        self.store, self.port = store, port
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "phom", "serve", "--store", self.store,
                                         "--port", str(self.port)], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        wait_ready(f"http://127.0.0.1:{self.port}")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()


def player(base: str, seed: int, stop: threading.Event, acknowledged: dict[str, list], lock: threading.Lock,
           tokens: dict[str, str]) -> None:
    """Create games and play them, remembering the history of every acknowledged answer."""
    rng = random.Random(seed)
    game_id: str | None = None
    with httpx.Client(base_url=base, timeout=5) as http:
        while not stop.is_set():
            try:
                if game_id is None:
                    created = http.post("/api/games", json={"bots": [rng.choice(["greedy", "random"]) for _ in range(3)],
                                                            "client_seed": f"client {seed}",
                                                            "game": "tienlen" if seed % 2 else "phom"})
                    if created.status_code != 200:
                        time.sleep(0.05)
                        continue
                    game_id = created.json()["id"]
                    with lock:
                        tokens[game_id] = created.json()["tokens"]["0"]
                        acknowledged[game_id] = []
                auth = {"Authorization": f"Bearer {tokens[game_id]}"}
                view = http.get(f"/api/games/{game_id}", headers=auth).json()
                if view["is_over"]:
                    game_id = None
                    continue
                action = rng.choice(view["legal_actions"])["text"]
                answer = http.post(f"/api/games/{game_id}/actions", headers=auth, json={"action": action})
                if answer.status_code == 200:
                    with lock:
                        acknowledged[game_id] = answer.json()["history"]
            except (httpx.HTTPError, ValueError):
                time.sleep(0.05)            # the server is down: try again when it is back


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_games_survive_sigkill_at_random_moments(tmp_path):
    store = str(tmp_path / "games.sqlite3")
    server = Server(store, free_port())
    base = f"http://127.0.0.1:{server.port}"
    acknowledged: dict[str, list] = {}
    tokens: dict[str, str] = {}
    lock = threading.Lock()
    stop = threading.Event()
    server.start()
    threads = [threading.Thread(target=player, args=(base, i, stop, acknowledged, lock, tokens)) for i in range(CLIENTS)]
    for thread in threads:
        thread.start()
    rng = random.Random(2026)
    kills = 0
    try:
        for _ in range(CYCLES):
            time.sleep(rng.uniform(0.3, 1.5))
            server.kill()
            kills += 1
            time.sleep(rng.uniform(0.0, 0.3))
            server.start()
        time.sleep(0.5)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
        server.kill()
    assert sqlite3.connect(store).execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    server.start()
    try:
        acked_moves = sum(len(h) for h in acknowledged.values())
        print(f"\n{kills} kills; {len(acknowledged)} games; {acked_moves} actions acknowledged")
        assert kills == CYCLES and len(acknowledged) >= CLIENTS and acked_moves > 20
        bots = {}
        kinds = []
        with httpx.Client(base_url=base, timeout=10) as http:
            for game_id, history in acknowledged.items():
                auth = {"Authorization": f"Bearer {tokens[game_id]}"}
                view = http.get(f"/api/games/{game_id}", headers=auth).json()
                assert view["history"][:len(history)] == history, "an acknowledged action was lost"
                assert view["is_over"] or view["to_move"] == 0, "a move was half-applied (a bot is left to move)"
                bots[game_id] = view["bots"]
                kinds.append(view["game"])
                while not view["is_over"]:
                    view = http.post(f"/api/games/{game_id}/actions", headers=auth,
                                     json={"action": view["legal_actions"][0]["text"]}).json()
                record = http.get(f"/api/games/{game_id}/record", headers=auth).json()
                assert verify_record(json.dumps(record)).startswith("verified")
        assert {"phom", "tienlen"} <= set(kinds), "both games were played through the kills"
    finally:
        server.kill()
