"""The games ``phom serve`` hosts: the registry's (``phom.games``), by name, and what the service says of
them (``GET /api/kinds``: the page builds its game menu and its seat choices from it). The host, the store
and the application are written once, over ``GameKind``; a stored game names its kind. The names here keep
working for code written before the registry.

>>> kind = KINDS["tienlen"]
>>> game = kind.deal(kind.rules({"players": 3}), 0, "00" * 32, "alice")
>>> game.players, kind.parse_action("play 3S 3C"), kind.default_bot
(3, Play(cards=CardSet('3S 3C')), 'greedy')
>>> [(k["name"], k["seats"]) for k in kinds_data()][:2]
[('phom', [2, 4]), ('tienlen', [2, 4])]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..games import GAMES, GameKind, game_specs
from ..moved import forwarding

__all__ = ["KINDS", "GameKind", "PhomKind", "TienLenKind", "kinds_data"]

#: The built-in kinds' classes, read from their games' folders by their old names here
__getattr__ = forwarding(__name__, {"PhomKind": "phom.phom.phom_kind", "TienLenKind": "phom.tienlen.kind"})

#: The hosted games by name: the registry itself (a game registered at run time is hosted too).
KINDS: Mapping[str, GameKind] = GAMES


def kinds_data() -> list[dict[str, Any]]:
    """``GET /api/kinds``: every registered game, the default first, as ``GameSpec.as_data`` says it (name,
    titles, seats [fewest, most], default_seats, levels, lacks, move words, figures)."""
    return [spec.as_data() for spec in game_specs()]
