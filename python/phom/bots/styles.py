"""Shim: ``phom.phom.bots.styles`` under its old path, the same objects.

>>> from phom.bots.styles import HolderBot
>>> from phom.phom.bots import styles
>>> HolderBot is styles.HolderBot
True
"""

from __future__ import annotations

from ..phom.bots.styles import HolderBot, HunterBot

__all__ = ["HolderBot", "HunterBot"]
