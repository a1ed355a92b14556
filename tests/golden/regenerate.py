"""Rewrite the golden playthroughs (run from the repository root after a deliberate rules change):

    python3 tests/golden/regenerate.py

It plays seeded games with the eager test policy and keeps the first that ends by ù after a gửi, by ù
tròn, with a đền payment, and ranked after a chốt, a tái turn and a gửi.
"""

from __future__ import annotations

import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from game_helpers import play_out  # noqa: E402

from phom import Game  # noqa: E402


def kind_of(game: Game) -> str | None:
    result = game.result
    assert result is not None
    reasons = {p[3] for p in result.payments}
    actions = {type(a).__name__ for _, a in game.history}
    if result.u_kind == "u" and "Send" in actions and "den" not in reasons:
        return "u"
    if result.u_kind == "u_tron":
        return "u_tron"
    if "den" in reasons:
        return "den"
    if result.u is None and "chot" in reasons and "Send" in actions and any(s.had_tai for s in game.state.seats):
        return "ranked_chot_tai"
    return None


def main() -> None:
    found: dict[str, Game] = {}
    for seed in range(5000):
        game = play_out(Game(seed=seed), "eager", seed)
        kind = kind_of(game)
        if kind is not None and kind not in found:
            found[kind] = game
        if len(found) == 4:
            break
    for kind, game in found.items():
        assert game.result is not None
        data = {"record": json.loads(game.to_json()), "result": game.result.to_dict(),
                "transcript": [f"{p}: {a}" for p, a in game.history]}
        (HERE / f"{kind}.json").write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
        print(kind, len(game.history), "actions")


if __name__ == "__main__":
    main()
