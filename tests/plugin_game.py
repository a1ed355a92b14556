"""A game declared as a plug-in would be (``phom.games.GameSpec``), for tests/test_plugins.py: the toy game
("three cards", ``tests/toy_game.py``) under the name ``strict``, whose referee refuses an illegal move with
its own exception (``ToyRefusal``, no ``ValueError``), so the service must learn the refusal from the spec."""

from __future__ import annotations

import json
from typing import Any

from toy_game import ToyGame, ToyKind

from phom.games import Figure, GameSpec


class ToyRefusal(Exception):
    """The strict toy's referee refusing a move."""


class StrictToyGame(ToyGame):
    def apply(self, action: Any) -> None:
        try:
            super().apply(action)
        except ValueError as exc:
            raise ToyRefusal(str(exc)) from None

    def clone(self) -> StrictToyGame:
        return strict(super().clone())

    def to_json(self) -> str:
        return json.dumps({**json.loads(super().to_json()), "format": "toy-strict"})


def strict(game: ToyGame) -> StrictToyGame:
    return StrictToyGame(game.rules, list(game.deal), game.leader, list(game.hands), list(game.history),
                         list(game.tricks), game.to_move, list(game.table))


class StrictToyKind(ToyKind):
    name = "strict"
    title = "Strict three cards"
    record_format = "toy-strict"

    def deal(self, *args: Any, **kwargs: Any) -> StrictToyGame:
        return strict(super().deal(*args, **kwargs))

    def deal_of(self, *args: Any, **kwargs: Any) -> StrictToyGame:
        return strict(super().deal_of(*args, **kwargs))

    def from_record(self, text: str) -> StrictToyGame:
        return strict(super().from_record(json.dumps({**json.loads(text), "format": "toy-three-cards"})))

    def summary_fields(self, game: ToyGame, order: list[int]) -> dict[str, Any]:
        return {**super().summary_fields(game, order), "figures": {"sweep": tuple(game.tricks[q] == 3 for q in order)}}


SPEC = GameSpec(name="strict", titles={"vi": "Ba lá", "en": "Strict three cards"}, seats=(2, 2), default_seats=2,
                verbs={"vi": {"discard": ("ra",)}, "en": {"discard": ("lead",)}}, refusal=ToyRefusal,
                kind=StrictToyKind(), record_keys=("deal", "leader"), levels=("random", "greedy"),
                figures=(Figure("sweep", "sweep_rate", {"vi": "ăn trắng", "en": "3–0"}),),
                lacks=frozenset({"engine", "terminal", "session", "lookahead"}))

#: what a broken entry point may name: no GameSpec
NOT_A_SPEC = 42
