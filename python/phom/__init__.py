"""phom — a fast, exact engine and solver for Phỏm (Tá lả), the Vietnamese rummy.

This module only re-exports the public names; the submodules ``batch``, ``bots``, ``reference``,
``referee``, ``render``, ``state``, ``observation``, ``vector`` and ``worlds`` are attributes after
``import phom``.

>>> import phom
>>> phom.min_points("9H 10H JH 3C 5D")
8
>>> [str(m) for m in phom.eat_melds("7D 7C 6H 8H 2S 4D 10C QS KD", "7H")]
['7♣ 7♦ 7♥', '6♥ 7♥ 8♥']
"""

from __future__ import annotations

from .phom.actions import (
    NUM_ACTIONS,
    Action,
    AutoLay,
    DeclareU,
    DeclareUKhan,
    Discard,
    Draw,
    Eat,
    LayMeld,
    Send,
)
from . import bots
from .phom import batch, observation, reference, referee, render, state, vector, worlds
from .cards import Card, CardError, CardSet, Suit, cards
from .phom.game import Game, IllegalAction
from .phom.hints import Hint, hint
from .phom.match import Match
from .phom.observation import OBSERVATION_SIZE
from .phom.results import Arrangement, LayPlan
from .phom.rules import Rules, Stakes
from .phom.scoring import Result
from .simulation import Stats, simulate
from .version import __version__
from .phom.view import PlayerView
from .phom import phom_kind as _phom_kind  # noqa: F401  (registers Phỏm in phom.games)
from .tienlen import kind as _tienlen_kind  # noqa: F401  (registers Tiến lên in phom.games)
from .phom.solver import (
    arrange,
    best_lay,
    bound_cards,
    can_eat,
    can_u,
    eat_melds,
    is_meld,
    is_u_khan,
    isolated,
    legal_discards,
    melds,
    min_points,
    partial_melds,
)

__all__ = [
    "NUM_ACTIONS",
    "OBSERVATION_SIZE",
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
    "PlayerView",
    "Result",
    "Rules",
    "Send",
    "Stakes",
    "Stats",
    "Suit",
    "__version__",
    "batch",
    "bots",
    "observation",
    "referee",
    "reference",
    "render",
    "state",
    "vector",
    "worlds",
    "arrange",
    "best_lay",
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
    "partial_melds",
    "simulate",
]
