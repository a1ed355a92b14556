"""Game records: JSON with the rules, the deal and every action; loading replays and checks each one.

>>> from phom import Game
>>> g = Game(seed=5)
>>> g.apply(g.legal_actions()[0])
>>> Game.from_json(g.to_json()).history == g.history
True
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, TypeVar

from .actions import Action
from .rules import Rules

if TYPE_CHECKING:
    from .game import Game

__all__ = ["load_game"]

G = TypeVar("G", bound="Game")
_FIELDS = {"format", "version", "rules", "leader", "deal", "actions"}


def load_game(cls: type[G], text: str) -> G:
    """Parse a record, rebuild the deal and replay every action; ValueError names the first bad part."""
    try:
        data = json.loads(text)
    except (TypeError, json.JSONDecodeError) as exc:
        raise ValueError(f"game record is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ValueError("game record must be a JSON object")
    if data.get("format") != "phom-game":
        raise ValueError("game record: 'format' must be 'phom-game'")
    if data.get("version") != 1:
        raise ValueError(f"game record: version {data.get('version')!r} is not supported (only 1)")
    unknown = sorted(set(data) - _FIELDS)
    if unknown:
        raise ValueError(f"game record: unknown fields {', '.join(unknown)}")
    missing = sorted(_FIELDS - set(data))
    if missing:
        raise ValueError(f"game record: missing fields {', '.join(missing)}")
    try:
        rules = Rules.from_dict(data["rules"])
    except (TypeError, ValueError) as exc:
        raise ValueError(f"game record: bad rules: {exc}") from None
    deal = data["deal"]
    if not isinstance(deal, dict) or set(deal) != {"hands", "stock"}:
        raise ValueError("game record: 'deal' must be an object with 'hands' and 'stock'")
    try:
        game = cls(rules, leader=data["leader"], deal=(deal["hands"], deal["stock"]))
    except (TypeError, ValueError) as exc:
        raise ValueError(f"game record: bad deal: {exc}") from None
    actions = data["actions"]
    if not isinstance(actions, list):
        raise ValueError("game record: 'actions' must be a list of action texts")
    for i, text in enumerate(actions):
        try:
            action = Action.parse(text)
            game.apply(action)
        except ValueError as exc:
            raise ValueError(f"game record: action {i} ({text!r}) is illegal: {exc}") from None
    return game
