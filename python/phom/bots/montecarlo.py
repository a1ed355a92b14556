"""Shim: ``phom.phom.bots.montecarlo`` under its old path, the same objects.

>>> from phom.bots.montecarlo import MonteCarloBot
>>> from phom.phom.bots import montecarlo
>>> MonteCarloBot is montecarlo.MonteCarloBot
True
"""

from __future__ import annotations

from ..phom.bots.montecarlo import MonteCarloBot, Valuation

__all__ = ["MonteCarloBot", "Valuation"]
