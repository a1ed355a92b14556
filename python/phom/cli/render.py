"""Text rendering for the terminal: cards with Unicode suits, red hearts and diamonds on a colour terminal.

>>> Painter(colour=False).cards(CardSet.parse("9H 10S"))
'10♠ 9♥'
>>> Painter(colour=True).card(Card.parse("9H"))
'\\x1b[31m9♥\\x1b[0m'
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from typing import TextIO

from ..cards import Card, CardSet
from ..language import display_width, wrap

__all__ = ["Painter", "terminal_width", "visible_width", "wants_colour", "wrap"]

_RED = "\x1b[31m"
_BOLD = "\x1b[1m"
_RESET = "\x1b[0m"


def wants_colour(stream: TextIO) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set."""
    return hasattr(stream, "isatty") and stream.isatty() and "NO_COLOR" not in os.environ


class Painter:
    """Formats cards, with or without ANSI colour."""

    def __init__(self, colour: bool | None = None, stream: TextIO | None = None) -> None:
        self.colour = wants_colour(stream or sys.stdout) if colour is None else colour

    def card(self, card: Card) -> str:
        text = str(card)
        if self.colour and card.suit in (2, 3):
            return f"{_RED}{text}{_RESET}"
        return text

    def cards(self, cards: Iterable[Card]) -> str:
        shown = [self.card(c) for c in cards]
        return " ".join(shown) if shown else "—"

    def melds(self, melds: Iterable[CardSet]) -> str:
        shown = [self.cards(m) for m in melds]
        return " · ".join(shown) if shown else "—"

    def bold(self, text: str) -> str:
        return f"{_BOLD}{text}{_RESET}" if self.colour else text


def terminal_width(stream: TextIO | None = None) -> int | None:
    """The columns of the terminal ``stream`` writes to; when it is no terminal, ``COLUMNS`` if set, else
    None (a file or a pipe takes lines of any length).

    >>> import io
    >>> terminal_width(io.StringIO(), ) == (int(os.environ["COLUMNS"]) if "COLUMNS" in os.environ else None)
    True
    """
    try:
        if stream is not None and stream.isatty():
            return os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):
        pass
    columns = os.environ.get("COLUMNS", "")
    return int(columns) if columns.isdigit() and int(columns) > 0 else None


def visible_width(text: str) -> int:
    """The columns ``text`` takes on a terminal: colour codes and combining marks take none, wide
    characters two (``phom.language.display_width``).

    >>> visible_width(Painter(colour=True).card(Card.parse("9H")))
    2
    """
    return display_width(text)
