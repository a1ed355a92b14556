"""Golden playthroughs: stored records of games that reached ù, ù tròn, đền, and chốt + tái + gửi.

Replaying each must give the same transcript and the same result; a change here is a change of rules.
After a deliberate rules change, rewrite them with `python3 tests/golden/regenerate.py`.
"""

from __future__ import annotations

import json
import pathlib

import pytest

from phom import Game

GOLDEN = sorted((pathlib.Path(__file__).parent / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_playthrough(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    game = Game.from_json(json.dumps(data["record"]))
    assert [f"{p}: {a}" for p, a in game.history] == data["transcript"]
    assert game.is_over
    assert game.result.to_dict() == data["result"]


def test_there_are_golden_games():
    assert {p.stem for p in GOLDEN} >= {"u", "u_tron", "den", "ranked_chot_tai"}
