"""Rewrite the Tiến lên golden games (run from the repository root after a deliberate rules change):

    python3 tests/golden/tienlen/regenerate.py

It plays seeded games (greedy and random bots in turn) and keeps the first that ends by tới trắng,
with a chặt chain of two bombs or more, with a cóng, with a thối, with hưởng sái, with three players,
and the second game of a match (led by the first game's nhất).
"""

from __future__ import annotations

import json
import pathlib
import random

from phom.tienlen import TienLenGame, TienLenRules
from phom.tienlen.bots import GreedyTienLenBot, RandomTienLenBot

HERE = pathlib.Path(__file__).resolve().parent


def play(game: TienLenGame, seed: int) -> tuple[TienLenGame, set[str]]:
    """Greedy at even seats, random at odd ones; also says whether a round passed to the next seat
    because its owner had gone out (hưởng sái) and whether a bomb beat a bomb that beat a heo."""
    rng = random.Random(seed)
    bots = [GreedyTienLenBot() if q % 2 == 0 else RandomTienLenBot(rng.randrange(10**9)) for q in range(game.players)]
    seen = set()
    while game.to_move is not None:
        owner = game.table_owner
        game.apply(bots[game.to_move].act(game.view(game.to_move)))
        if game.table == 0 and game.to_move is not None and owner in game.finished and game.to_move != owner:
            seen.add("huong_sai")
        if len(game.chain) >= 2:
            seen.add("chat_chain")
    return game, seen


def kinds(game: TienLenGame, seen: set[str]) -> set[str]:
    result = game.result
    assert result is not None
    reasons = [p[3] for p in result.payments]
    found = set(seen)
    if result.toi_trang:
        found.add("toi_trang")
    found |= {r for r in ("cong", "thoi") if r in reasons}
    if game.players == 3:
        found.add("three_players")
    if not game.first_game:
        found.add("later_game")
    return found


def main() -> None:
    found: dict[str, TienLenGame] = {}
    wanted = {"toi_trang", "chat_chain", "cong", "thoi", "huong_sai", "three_players", "later_game"}
    for seed in range(20000):
        players = 3 if seed % 5 == 0 else 4
        first = seed % 7 != 0
        game = TienLenGame(TienLenRules(players=players), seed=seed, first_game=first,
                           leader=None if first else seed % players)
        game, seen = play(game, seed)
        for kind in kinds(game, seen) - set(found):
            found[kind] = game
        if set(found) == wanted:
            break
    for kind, game in sorted(found.items()):
        assert game.result is not None
        data = {"record": json.loads(game.to_json()), "result": game.result.to_dict(),
                "transcript": [f"{p}: {a}" for p, a in game.history]}
        (HERE / f"{kind}.json").write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(kind, len(game.history), "actions")


if __name__ == "__main__":
    main()
