"""Xì dách, declared (``phom.games.GameSpec``): what the entry point ``phom.games: xidach`` of this package's
``pyproject.toml`` names. Installed, phom reads it at first use of its registry; nothing in phom names it.

>>> SPEC.name, SPEC.seats, SPEC.default_seats, SPEC.words("vi")
('xidach', (2, 6), 4, {'rút': 'draw', 'dằn': 'stand', 'xét': 'settle'})
"""

from __future__ import annotations

from phom.games import Figure, GameSpec, HouseRule

from .bots import XIDACH_BOTS
from .game import XiDachRefusal
from .kind import XiDachKind
from .rules import FEWEST_SEATS, MOST_SEATS, XiDachRules

__all__ = ["SPEC"]

#: Xì dách: 2 to 6 seats (4 by default), one of them the banker; its figure, the money a bot made as the banker;
#: no compiled engine, no adapters' session; two house rules the page offers as switches
SPEC = GameSpec(
    name="xidach", titles={"vi": "Xì dách", "en": "Xì dách (Vietnamese blackjack)"},
    seats=(FEWEST_SEATS, MOST_SEATS), default_seats=XiDachRules().players,
    verbs={"vi": {"draw": ("rút",), "stand": ("dằn",), "settle": ("xét",)},
           "en": {"draw": ("draw", "hit"), "stand": ("stand",), "settle": ("settle",)}},
    refusal=XiDachRefusal, kind=XiDachKind(), record_keys=("banker", "deck"),
    levels=tuple(recipe.spec for recipe in XIDACH_BOTS.levels),
    figures=(Figure("bank", "bank_net", {"vi": "tiền làm cái", "en": "money as banker"}),),
    lacks=frozenset({"engine", "session"}),
    house_rules=(HouseRule("xi_ban_triple", {"vi": "xì bàn ăn gấp ba (không thì gấp đôi)",
                                             "en": "a xì bàn wins three stakes (else two)"},
                           field="xi_ban_pays", on=3, off=2),
                 HouseRule("ngu_linh_double", {"vi": "ngũ linh ăn gấp đôi", "en": "a ngũ linh wins two stakes"},
                           field="ngu_linh_pays", on=2, off=1)))
