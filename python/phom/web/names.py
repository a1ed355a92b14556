"""The names seats choose at a hosted table: a person's name in any script, and never one that reads as
another seat's name at the table or as a word the table uses for its seats.

A name is NFC-normalised and trimmed (runs of spaces made one): 1 to ``MAX_NAME`` grapheme clusters
(what a person counts as letters: the ``regex`` module's ``\\X``) of letters of any script with their
combining marks (at most ``MAX_MARKS`` on one letter), digits, spaces and ``._-``; nothing that draws
nothing. Two names are told apart by their confusable skeletons (Unicode TR39 / UTS #39, computed by
ICU's spoof checker through PyICU), case left aside: a Cyrillic "Тuấn" reads as "Tuấn". The table's own
words (the glossary's "máy", "bạn", "nhà dưới", … in both languages, "Bot", and "Cấp N", "Level N",
"Ghế N", "Seat N") are no one's name.

>>> check_name("  Tuấn  "), check_name("สมชาย"), check_name("देवनागरी")
('Tuấn', 'สมชาย', 'देवनागरी')
>>> check_name("\u0422u\u1ea5n", others=["Tuấn"])       # a Cyrillic capital Te
Traceback (most recent call last):
...
phom.refusals.Refusal: 'Тuấn' reads as 'Tuấn', another seat's name at this table
>>> reserved_word("cấp  4"), reserved_word("Tuấn")
('Cấp 4', None)
"""

from __future__ import annotations

import functools
import threading
import unicodedata
from collections.abc import Iterable
from typing import Any

from ..extras import missing_extra
from ..language import term
from ..refusals import Refusal

try:
    import icu  # type: ignore[import-untyped]
    import regex  # type: ignore[import-untyped]
except ImportError:                                      # pragma: no cover - the extra is missing
    raise missing_extra("web", "phom serve's seat names (PyICU, regex)") from None

__all__ = ["INVISIBLE", "MAX_MARKS", "MAX_NAME", "check_name", "name_refusal", "reserved_word", "skeleton"]

#: The longest name a seat may choose, in grapheme clusters (after NFC and trimming).
MAX_NAME = 20
#: The most combining marks one letter may carry (Vietnamese needs 2, Thai, Lao or Myanmar up to 3).
MAX_MARKS = 3
#: The longest text looked at, in code points (every longer one is refused before any work).
MAX_TEXT = 8 * MAX_NAME
#: Letters and marks that draw nothing (fillers, joiners, variation selectors): never in a name, which would
#: look like another or like none.
INVISIBLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180e\u180f\u3164\uffa0"
                      "\ufe00\ufe01\ufe02\ufe03\ufe04\ufe05\ufe06\ufe07\ufe08\ufe09\ufe0a\ufe0b\ufe0c\ufe0d"
                      "\ufe0e\ufe0f")
#: The glossary's words for the table's seats (both languages), and other words the table shows for a seat.
SEAT_WORDS = ("bot", "standin", "you", "next_seat", "previous_seat")
OTHER_WORDS = ("Bot", "Máy đánh hộ")
#: Words the table shows with a number for a seat or a bot ("Cấp 3", "Level 3", "Ghế 2", "Seat 2").
NUMBERED_WORDS = ("Cấp", "Level", "Ghế", "Seat")

_SPOOF = icu.SpoofChecker()
_SPOOF_LOCK = threading.Lock()


def name_refusal() -> Refusal:
    """The refusal of a name that is not letters, digits, spaces or ._- (or too long), in the player's words."""
    return Refusal(f"a name is 1 to {MAX_NAME} letters, digits, spaces or ._-", "bad_name", most=MAX_NAME)


def skeleton(text: str) -> str:
    """The text's confusable skeleton (UTS #39), case left aside: two texts with one skeleton read alike.

    >>> skeleton("раураl") == skeleton("PayPal"), skeleton("Tuấn") == skeleton("Tuân")
    (True, False)
    """
    with _SPOOF_LOCK:
        first = str(_SPOOF.getSkeleton(0, text))
        return str(_SPOOF.getSkeleton(0, first.casefold()))


@functools.lru_cache(maxsize=1)
def _reserved() -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """The skeletons of the table's words (to the word), of its numbered words, and of the ten digits."""
    words = [term(name, lang) for name in SEAT_WORDS for lang in ("vi", "en")] + list(OTHER_WORDS)
    whole = {skeleton(word): word[:1].upper() + word[1:] for word in words}
    numbered = {skeleton(word): word for word in NUMBERED_WORDS}
    return whole, numbered, {skeleton(digit): digit for digit in "0123456789"}


def reserved_word(name: str) -> str | None:
    """The word of the table that ``name`` reads as ("Máy", "Bạn", "Cấp 4", …), or None.

    >>> reserved_word("MÁY"), reserved_word("Level l"), reserved_word("May")
    ('Máy', 'Level 1', None)
    """
    whole, numbered, digits = _reserved()
    shape = skeleton(" ".join(name.split()))
    if shape in whole:
        return whole[shape]
    for word_shape, word in numbered.items():
        rest = shape[len(word_shape):].replace(" ", "")
        if shape.startswith(word_shape) and rest and all(char in digits for char in rest):
            return f"{word} {''.join(digits[char] for char in rest)}"
    return None


def check_name(value: Any, others: Iterable[str] = ()) -> str:
    """A seat's name, NFC-normalised and trimmed, runs of spaces made one: 1–20 grapheme clusters of letters
    (any script, each with at most 3 marks), digits, spaces and ``._-``, reading neither as one of
    ``others`` (the other seats' names at the table) nor as a word of the table; a ``Refusal`` otherwise.
    A name is text, never markup.

    >>> check_name("Lan_2"), check_name("Tua\\u0302\\u0301n  Anh"), check_name("មករា")
    ('Lan_2', 'Tuấn Anh', 'មករា')
    >>> check_name("<img>")
    Traceback (most recent call last):
    ...
    phom.refusals.Refusal: a name is 1 to 20 letters, digits, spaces or ._-
    >>> check_name("Bạn")
    Traceback (most recent call last):
    ...
    phom.refusals.Refusal: 'Bạn' reads as 'Bạn', a word the table uses for its seats
    """
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise name_refusal()
    name = " ".join(part for part in unicodedata.normalize("NFC", value).split(" ") if part)
    clusters = regex.findall(r"\X", name)
    if not 1 <= len(clusters) <= MAX_NAME or unicodedata.category(name[0]).startswith("M"):
        raise name_refusal()
    for char in name:
        if char in INVISIBLE or not (char.isalnum() or char in " ._-" or unicodedata.category(char).startswith("M")):
            raise name_refusal()
    marks = 0
    for char in unicodedata.normalize("NFD", name):       # a precomposed letter counts its own marks too
        marks = marks + 1 if unicodedata.category(char).startswith("M") else 0
        if marks > MAX_MARKS:
            raise Refusal(f"a letter of a name carries at most {MAX_MARKS} marks", "name_marks", most=MAX_MARKS)
    word = reserved_word(name)
    if word is not None:
        raise Refusal(f"{name!r} reads as {word!r}, a word the table uses for its seats", "name_reserved", word=word)
    shape = skeleton(name)
    for other in others:
        if skeleton(other) == shape:
            raise Refusal(f"{name!r} reads as {other!r}, another seat's name at this table", "name_taken", name=other)
    return name
