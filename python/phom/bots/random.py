"""Shim: ``phom.phom.bots.random`` under its old path, the same objects.

>>> from phom.bots.random import RandomBot
>>> from phom.phom.bots import random
>>> RandomBot is random.RandomBot
True
"""

from __future__ import annotations

from ..phom.bots.random import RandomBot

__all__ = ["RandomBot"]
