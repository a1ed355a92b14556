"""Shim: ``phom.bot_names`` (both games' bot-name grammar) under its old path, the same objects.

>>> from phom.bots.names import BotNames
>>> from phom import bot_names
>>> BotNames is bot_names.BotNames
True
"""

from __future__ import annotations

from ..bot_names import BotName, BotNames, Counted, make_named_bot

__all__ = ["BotName", "BotNames", "Counted", "make_named_bot"]
