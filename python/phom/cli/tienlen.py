"""``phom tienlen``'s commands, read from their home in Tiến lên's folder (``phom.tienlen.commands``) by their
old names here.

>>> from phom.cli.tienlen import play_tienlen, solve_tienlen
>>> from phom.tienlen import commands
>>> solve_tienlen is commands.solve_tienlen and play_tienlen is commands.play_tienlen
True
"""

from __future__ import annotations

from ..moved import forwarding

__all__ = ["HELP", "SHOWN_MOVES", "combination_words", "describe", "moves_in_order", "play_tienlen", "result_lines",
           "simulate_tienlen", "solve_tienlen", "tienlen_hint"]

__getattr__ = forwarding(__name__, {name: "phom.tienlen.commands" for name in __all__})
