"""phom — a fast, exact engine and solver for Phỏm (Tá lả), the Vietnamese rummy.

This module only re-exports the public names, each loaded from its module when it is first read
(PEP 562: ``import phom`` itself loads almost nothing beyond NumPy); the submodules ``batch``, ``bots``,
``reference``, ``referee``, ``render``, ``state``, ``observation``, ``vector``, ``worlds``, ``tienlen``,
``arena``, ``tournament`` and ``games`` are attributes of ``phom`` in the same way, and ``dir(phom)`` lists every name.

>>> import phom
>>> phom.min_points("9H 10H JH 3C 5D")
8
>>> [str(m) for m in phom.eat_melds("7D 7C 6H 8H 2S 4D 10C QS KD", "7H")]
['7♣ 7♦ 7♥', '6♥ 7♥ 8♥']
>>> str(phom.Position.parse("0pN 4S5S6S9SQSAC7C8CAD9D 10/9/9/9 -/-/-/- -/-/-/- -/-/-/- - 0/0/0/0 15 0 - 0 std"))[:9]
'0pN 4S5S6'
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

from .version import __version__

if TYPE_CHECKING:
    from .cards import Card, CardError, CardSet, Suit, cards
    from .phom.actions import NUM_ACTIONS, Action, AutoLay, DeclareU, DeclareUKhan, Discard, Draw, Eat, LayMeld, Send
    from .phom.game import Game, IllegalAction
    from .phom.hints import Hint, hint
    from .phom.match import Match
    from .phom.observation import OBSERVATION_SIZE
    from .phom.results import Arrangement, LayPlan
    from .phom.rules import Rules, Stakes
    from .phom.scoring import Result
    from .simulation import Stats, simulate
    from .phom.view import PlayerView
    from .phom.position import Position, PositionError
    from .phom.solver import arrange, best_lay, bound_cards, can_eat, can_u, eat_melds, is_meld, is_u_khan, isolated, legal_discards, melds, min_points, partial_melds
    from . import bots
    from . import arena, batch, games, reference, tienlen, tournament, vector
    from .phom import observation, referee, render, state, worlds

#: where each public name lives: the module it is read from on first use
_HOMES: dict[str, str] = {
    "Card": "phom.cards",
    "CardError": "phom.cards",
    "CardSet": "phom.cards",
    "Suit": "phom.cards",
    "cards": "phom.cards",
    "NUM_ACTIONS": "phom.phom.actions",
    "Action": "phom.phom.actions",
    "AutoLay": "phom.phom.actions",
    "DeclareU": "phom.phom.actions",
    "DeclareUKhan": "phom.phom.actions",
    "Discard": "phom.phom.actions",
    "Draw": "phom.phom.actions",
    "Eat": "phom.phom.actions",
    "LayMeld": "phom.phom.actions",
    "Send": "phom.phom.actions",
    "Game": "phom.phom.game",
    "IllegalAction": "phom.phom.game",
    "Hint": "phom.phom.hints",
    "hint": "phom.phom.hints",
    "Match": "phom.phom.match",
    "OBSERVATION_SIZE": "phom.phom.observation",
    "Arrangement": "phom.phom.results",
    "LayPlan": "phom.phom.results",
    "Rules": "phom.phom.rules",
    "Stakes": "phom.phom.rules",
    "Result": "phom.phom.scoring",
    "Stats": "phom.simulation",
    "simulate": "phom.simulation",
    "PlayerView": "phom.phom.view",
    "Position": "phom.phom.position",
    "PositionError": "phom.phom.position",
    "arrange": "phom.phom.solver",
    "best_lay": "phom.phom.solver",
    "bound_cards": "phom.phom.solver",
    "can_eat": "phom.phom.solver",
    "can_u": "phom.phom.solver",
    "eat_melds": "phom.phom.solver",
    "is_meld": "phom.phom.solver",
    "is_u_khan": "phom.phom.solver",
    "isolated": "phom.phom.solver",
    "legal_discards": "phom.phom.solver",
    "melds": "phom.phom.solver",
    "min_points": "phom.phom.solver",
    "partial_melds": "phom.phom.solver",
}
#: the submodules that are attributes of ``phom``
_SUBMODULES: dict[str, str] = {
    "batch": "phom.batch",
    "bots": "phom.bots",
    "observation": "phom.phom.observation",
    "reference": "phom.reference",
    "referee": "phom.phom.referee",
    "render": "phom.phom.render",
    "state": "phom.phom.state",
    "vector": "phom.vector",
    "worlds": "phom.phom.worlds",
    "tienlen": "phom.tienlen",
    "arena": "phom.arena",
    "tournament": "phom.tournament",
    "games": "phom.games",
}


class _Package(types.ModuleType):
    """``phom`` itself: the name ``phom.cards`` is the function ``cards``, so loading the submodule of that
    name (which Python binds on its package) leaves it alone; ``sys.modules["phom.cards"]`` is the module."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "cards" and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


def __getattr__(name: str) -> Any:
    """A public name read for the first time: imported from its home and kept (PEP 562)."""
    if name in _SUBMODULES:
        value = importlib.import_module(_SUBMODULES[name])
    elif name in _HOMES:
        value = getattr(importlib.import_module(_HOMES[name]), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__) | set(_SUBMODULES))


__all__ = [
    "Action",
    "Arrangement",
    "AutoLay",
    "Card",
    "CardError",
    "CardSet",
    "DeclareU",
    "DeclareUKhan",
    "Discard",
    "Draw",
    "Eat",
    "Game",
    "Hint",
    "IllegalAction",
    "LayMeld",
    "LayPlan",
    "Match",
    "NUM_ACTIONS",
    "OBSERVATION_SIZE",
    "PlayerView",
    "Position",
    "PositionError",
    "Result",
    "Rules",
    "Send",
    "Stakes",
    "Stats",
    "Suit",
    "__version__",
    "arrange",
    "batch",
    "best_lay",
    "bots",
    "bound_cards",
    "can_eat",
    "can_u",
    "cards",
    "eat_melds",
    "hint",
    "is_meld",
    "is_u_khan",
    "isolated",
    "legal_discards",
    "melds",
    "min_points",
    "observation",
    "partial_melds",
    "referee",
    "reference",
    "render",
    "simulate",
    "state",
    "vector",
    "worlds",
]
