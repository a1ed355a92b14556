"""Shim: ``phom.phom.bots.search`` under its old path, the same objects.

>>> from phom.bots.search import SearchBot
>>> from phom.phom.bots import search
>>> SearchBot is search.SearchBot
True
"""

from __future__ import annotations

from ..phom.bots.search import MOM_PENALTY, POINTS_PER_STAKE, U_BONUS, SearchBot

__all__ = ["MOM_PENALTY", "POINTS_PER_STAKE", "U_BONUS", "SearchBot"]
