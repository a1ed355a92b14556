"""Game records: the JSON format, as pure encoding and decoding (``Game.from_json`` replays them).

A record holds the rules, the leader, the deal and every action's text. ``decode`` checks the shape
of a record and refuses anything malformed, oversized or nested too deeply with a one-line
ValueError; whether the deal and the actions are legal is the referee's business, on replay.

>>> from phom import Rules
>>> from phom.phom.referee import deal_cards
>>> text = encode(Rules(), 0, deal_cards(Rules(), 0, seed=5), [])
>>> data = decode(text)
>>> data.leader, len(data.hands), len(data.stock), data.actions
(0, 4, 15, [])
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .rules import Rules
from .state import Deal

__all__ = ["MAX_RECORD_CHARS", "GameRecord", "decode", "encode"]

#: The longest record text accepted (a real game's record is a few kilobytes).
MAX_RECORD_CHARS = 1_000_000
_FIELDS = {"format", "version", "rules", "leader", "deal", "actions"}
#: Fields a hosted game's record adds (``phom.fairness.verify_record`` reads them; a replay ignores them).
_OPTIONAL = {"fairness", "bots", "result", "turn_seconds", "history"}


@dataclass(frozen=True)
class GameRecord:
    """A decoded record: everything needed to replay the game, not yet checked against the rules."""

    rules: Rules
    leader: Any
    hands: Any
    stock: Any
    actions: list[Any]


def encode(rules: Rules, leader: int, deal: Deal, actions: Sequence[Action]) -> str:
    """The record of a game as JSON text."""
    return json.dumps({
        "format": "phom-game",
        "version": 1,
        "rules": rules.to_dict(),
        "leader": leader,
        "deal": {"hands": [h.codes for h in deal.hands], "stock": [c.code for c in deal.stock]},
        "actions": [str(a) for a in actions],
    }, ensure_ascii=False)


def decode(text: str) -> GameRecord:
    """Parse and check the shape of a record; ValueError names the first bad part."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise ValueError(f"game record must be JSON text, not {type(text).__name__}")
    if len(text) > MAX_RECORD_CHARS:
        raise ValueError(f"game record is {len(text)} characters long; at most {MAX_RECORD_CHARS} are read")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"game record is not valid JSON: {exc}") from None
    except RecursionError:
        raise ValueError("game record is nested too deeply to be a game record") from None
    except (TypeError, UnicodeDecodeError) as exc:
        raise ValueError(f"game record is not valid JSON text: {exc}") from None
    if not isinstance(data, dict):
        raise ValueError("game record must be a JSON object")
    if data.get("format") != "phom-game":
        raise ValueError("game record: 'format' must be 'phom-game'")
    if data.get("version") != 1:
        raise ValueError(f"game record: version {data.get('version')!r} is not supported (only 1)")
    unknown = sorted(set(data) - _FIELDS - _OPTIONAL)
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
    actions = data["actions"]
    if not isinstance(actions, list):
        raise ValueError("game record: 'actions' must be a list of action texts")
    return GameRecord(rules, data["leader"], deal["hands"], deal["stock"], actions)
