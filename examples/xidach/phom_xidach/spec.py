"""Xì dách, declared (``phom.games.GameSpec``): what the entry point ``phom.games: xidach`` of this package's
``pyproject.toml`` names. Installed, phom reads it at first use of its registry; nothing in phom names it.

>>> SPEC.name, SPEC.seats, SPEC.default_seats, SPEC.words("vi")
('xidach', (2, 6), 4, {'rút': 'draw', 'dằn': 'stand', 'xét': 'settle'})
"""

from __future__ import annotations

from phom.games import Figure, GameSpec

from .bots import XIDACH_BOTS
from .game import XiDachRefusal
from .kind import XiDachKind
from .rules import FEWEST_SEATS, MOST_SEATS, XiDachRules

__all__ = ["SPEC"]

#: Xì dách: 2 to 6 seats (4 by default), one of them the banker; its figure, the money a bot made as the banker;
#: no compiled engine, no adapters' session
SPEC = GameSpec(
    name="xidach", titles={"vi": "Xì dách", "en": "Xì dách (Vietnamese blackjack)"},
    seats=(FEWEST_SEATS, MOST_SEATS), default_seats=XiDachRules().players,
    verbs={"vi": {"draw": ("rút",), "stand": ("dằn",), "settle": ("xét",)},
           "en": {"draw": ("draw", "hit"), "stand": ("stand",), "settle": ("settle",)}},
    refusal=XiDachRefusal, kind=XiDachKind(), record_keys=("banker", "deck"),
    levels=tuple(recipe.spec for recipe in XIDACH_BOTS.levels),
    figures=(Figure("bank", "bank_net", {"vi": "tiền làm cái", "en": "money as banker"}),),
    lacks=frozenset({"engine", "session"}))
