"""Text rendering for the terminal: cards with Unicode suits, red hearts and diamonds on a colour terminal.

>>> Painter(colour=False).cards(CardSet.parse("9H 10S"))
'10♠ 9♥'
>>> Painter(colour=True).card(Card.parse("9H"))
'\\x1b[31m9♥\\x1b[0m'
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable
from typing import TextIO

from ..cards import Card, CardSet

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
        return " | ".join(shown) if shown else "—"

    def bold(self, text: str) -> str:
        return f"{_BOLD}{text}{_RESET}" if self.colour else text


_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
_ITEMS = re.compile(r"(?<=\S) {2,}(?=\S)")


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
    """The columns ``text`` takes on a terminal: colour codes take none.

    >>> visible_width(Painter(colour=True).card(Card.parse("9H")))
    2
    """
    return len(_ESCAPE.sub("", text))


def wrap(text: str, width: int = 80, indent: str = "    ") -> str:
    """``text`` in lines of at most ``width`` columns, broken between words, never inside one: first
    between the items of a list (two spaces apart: ``1) Đánh 9♥  2) Bốc``), an item kept whole when it
    fits a line; the lines after the first indented by ``indent``.

    >>> print(wrap("Moves: 1) Đánh 9♥  2) Đánh 10♥  3) Đánh J♥  4) Bốc", 24))
    Moves: 1) Đánh 9♥
        2) Đánh 10♥
        3) Đánh J♥  4) Bốc
    """
    lines: list[str] = []
    for line in text.split("\n"):
        if visible_width(line) <= width:
            lines.append(line)
            continue
        lead = line[:len(line) - len(line.lstrip(" "))]
        room = max(10, width - len(indent))
        pieces: list[tuple[str, str]] = []          # (the text, the space before it)
        for n, item in enumerate(_ITEMS.split(line.strip(" "))):
            words = item.split(" ")
            if visible_width(item) <= room:
                pieces.append((item, "  " if n else ""))
            else:
                pieces += [(word, ("  " if n else "") if k == 0 else " ") for k, word in enumerate(words) if word]
        current, used = lead, visible_width(lead)
        started = False
        for piece, space in pieces:
            size = visible_width(piece)
            if started and used + len(space) + size > width:
                lines.append(current)
                current, used = indent + piece, len(indent) + size
            else:
                current += (space if started else "") + piece
                used += (len(space) if started else 0) + size
            started = True
        lines.append(current)
    return "\n".join(lines)
