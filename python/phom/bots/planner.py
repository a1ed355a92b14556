"""Shim: ``phom.phom.bots.planner`` under its old path, the same objects.

>>> from phom.bots.planner import PlannerBot
>>> from phom.phom.bots import planner
>>> PlannerBot is planner.PlannerBot
True
"""

from __future__ import annotations

from ..phom.bots.planner import RAC_PRICE, PlannerBot, rac_price

__all__ = ["RAC_PRICE", "PlannerBot", "rac_price"]
