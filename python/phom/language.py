"""The two languages people read phom in: Vietnamese (``"vi"``) and English (``"en"``).

English is the source language: every text meant for a person is written in English and marked with
``_()`` (or ``N_()`` where it is defined before a language is known); the Vietnamese is a
gettext catalog, ``locale/vi.po`` in the source tree, compiled with Babel when the wheel is built into
``phom/locale/vi/LC_MESSAGES/phom.mo``. A missing catalog is an error, never a silent fall back to
English. The game's own terms (phỏm, cạ, ù, móm, đền, chốt, heo, chặt) stay Vietnamese in English
too. Texts come out normalised to NFC.

>>> _ = translator("vi")
>>> _("Seat {seat}").format(seat=2)
'Ghế 2'
>>> card_name((1, 0), "vi"), card_name((10, 3), "vi"), card_name((1, 0), "en")
('Át Bích', '10 Cơ', 'Ace of spades')
>>> pick_language(None, {"LANG": "vi_VN.UTF-8"}), pick_language("en", {"LANG": "vi_VN.UTF-8"})
('vi', 'en')
"""

from __future__ import annotations

import functools
import gettext
import json
import os
import pathlib
import re
import sys
import unicodedata
from collections.abc import Callable, Mapping, Sequence

from .version import PACKAGE

__all__ = ["DOMAIN", "LANGUAGES", "N_", "CatalogMissing", "aligned", "capital", "card_name", "catalog_path", "check_language",
           "display_width", "glossary", "number", "percent", "pick_language", "preferred_language", "term", "translator",
           "wrap"]

#: the languages, the source language first
LANGUAGES = ("en", "vi")
DOMAIN = PACKAGE
LOCALE_DIR = pathlib.Path(__file__).resolve().parent / "locale"
GLOSSARY_PATH = pathlib.Path(__file__).resolve().parent / "glossary.json"

_RANKS = {"en": ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King"),
          "vi": ("Át", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Bồi", "Đầm", "Già")}
_SUITS = {"en": ("spades", "clubs", "diamonds", "hearts"), "vi": ("Bích", "Chuồn", "Rô", "Cơ")}


class CatalogMissing(RuntimeError):
    """The compiled Vietnamese catalog is not in the installed package (a broken build)."""


def N_(message: str) -> str:
    """Marks a text for translation where it is defined; ``translator(lang)(text)`` translates it later."""
    return message


def check_language(lang: str) -> str:
    """``lang`` if it is one of LANGUAGES, else ValueError naming the choices."""
    if lang not in LANGUAGES:
        raise ValueError(f"lang {lang!r}: choose 'vi' or 'en'")
    return lang


def catalog_path(lang: str = "vi") -> pathlib.Path:
    """Where the compiled catalog of ``lang`` is: in the package beside this module (a wheel's install),
    else where an editable install put the build's files (the same path under an entry of ``sys.path``:
    the package's modules are then read from the source tree, which has no compiled catalog); the
    package's own path when neither has it.

    >>> catalog_path("vi").parts[-4:]
    ('locale', 'vi', 'LC_MESSAGES', 'phom.mo')
    """
    own = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if own.is_file():
        return own
    for entry in sys.path:
        built = pathlib.Path(entry or os.curdir, PACKAGE, "locale", lang, "LC_MESSAGES", f"{DOMAIN}.mo")
        if built.is_file():
            return built
    return own


@functools.lru_cache(maxsize=None)
def _catalog(lang: str) -> gettext.NullTranslations:
    if lang == "en":
        return gettext.NullTranslations()
    path = catalog_path(lang)
    if not path.is_file():
        raise CatalogMissing(f"the {lang} catalog {path} is missing: reinstall phom (the wheel's build "
                             "compiles locale/*.po with Babel)")
    with path.open("rb") as stream:
        return gettext.GNUTranslations(stream)


def translator(lang: str = "en") -> Callable[[str], str]:
    """The function that gives a marked English text in ``lang`` (NFC).

    >>> translator("en")("Seat {seat}")
    'Seat {seat}'
    """
    catalog = _catalog(check_language(lang))

    def translate(message: str) -> str:
        return unicodedata.normalize("NFC", catalog.gettext(message))

    return translate


def capital(text: str) -> str:
    """``text`` with its first letter in capitals, as a sentence starts (the rest as it is: a card, a
    name, a term keep their own letters).

    >>> capital("ghế 2 trả bạn"), capital("9♥ bị ăn"), capital("")
    ('Ghế 2 trả bạn', '9♥ bị ăn', '')
    """
    return text[:1].upper() + text[1:]


def card_name(card: tuple[int, int] | object, lang: str = "en") -> str:
    """A card's name as people say it: ``(rank, suit)`` (ranks 1..13, suits ♠ ♣ ♦ ♥ = 0..3) or a Card."""
    if isinstance(card, tuple):
        rank, suit = card
    else:
        rank, suit = getattr(card, "rank"), int(getattr(card, "suit"))
    check_language(lang)
    if lang == "vi":
        return f"{_RANKS['vi'][rank - 1]} {_SUITS['vi'][suit]}"
    return f"{_RANKS['en'][rank - 1]} of {_SUITS['en'][suit]}"


def pick_language(explicit: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language of a terminal command: ``explicit`` (``--lang``) if given, else the first of
    LANGUAGE, LC_ALL, LC_MESSAGES, LANG that is set (``vi`` if it names Vietnamese), else English."""
    if explicit is not None:
        return check_language(explicit)
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            first = value.split(":")[0].lower()
            return "vi" if first.startswith("vi") else "en"
    return "en"


def preferred_language(accept_language: str | None) -> str:
    """The language a browser prefers, from its ``Accept-Language`` header: ``vi`` when Vietnamese has
    the highest weight of our two languages, ``en`` otherwise.

    >>> preferred_language("vi-VN,vi;q=0.9,en;q=0.8"), preferred_language("en-US,en;q=0.9,vi;q=0.5")
    ('vi', 'en')
    """
    best, best_weight = "en", 0.0
    for part in (accept_language or "").split(","):
        code, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        base = code.strip().lower().split("-")[0]
        if base in LANGUAGES and weight > best_weight:
            best, best_weight = base, weight
    return best


@functools.lru_cache(maxsize=1)
def glossary() -> dict[str, dict[str, object]]:
    """The glossary (``phom/glossary.json``), the home of every term a player reads, by term id: each
    term's ``vi`` and ``en`` words, a definition in each language and the variants to avoid.

    >>> glossary()["stake"]["vi"], glossary()["next_seat"]["vi"]
    ('cược', 'nhà dưới')
    """
    with GLOSSARY_PATH.open(encoding="utf-8") as stream:
        terms = json.load(stream)["terms"]
    return {entry["id"]: entry for entry in terms}


def term(name: str, lang: str = "en") -> str:
    """A glossary term in ``lang``.

    >>> term("invite", "vi"), term("invite", "en")
    ('link mời', 'invite link')
    """
    return str(glossary()[name][check_language(lang)])


def number(value: float, lang: str = "en", digits: int | None = None, *, signed: bool = False) -> str:
    """A number as people write it in ``lang`` (Babel: vi-VN groups with ``.`` and has a decimal ``,``);
    ``digits`` fixes the decimals; ``signed`` puts + before a positive number; minus is U+2212.

    >>> number(39680, "vi"), number(-0.45, "vi", 2), number(1.5, "en", 2, signed=True)
    ('39.680', '−0,45', '+1.50')
    """
    from babel.numbers import format_decimal

    pattern = None if digits is None else ("#,##0." + "0" * digits if digits else "#,##0")
    text = format_decimal(abs(value), format=pattern, locale="vi_VN" if check_language(lang) == "vi" else "en_US")
    if value < 0 and text.strip("0.,") != "":
        return "\u2212" + text
    return ("+" + text) if signed and value > 0 else text


def percent(value: float, lang: str = "en", digits: int = 0) -> str:
    """A share as a percentage people read in ``lang`` (Babel), ``digits`` decimals.

    >>> percent(0.95, "vi"), percent(0.125, "vi", 1), percent(0.125, "en", 1)
    ('95%', '12,5%', '12.5%')
    """
    from babel.numbers import format_percent

    pattern = "#,##0" + ("." + "0" * digits if digits else "") + "%"
    return format_percent(value, format=pattern, locale="vi_VN" if check_language(lang) == "vi" else "en_US")


_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
_ITEMS = re.compile(r"(?<=\S) {2,}(?=\S)")


def display_width(text: str) -> int:
    """The columns ``text`` takes on a terminal: colour codes and combining marks (a diacritic written
    apart, as in NFD) take none, wide characters two, every other character one.

    >>> display_width("người khác"), display_width(unicodedata.normalize("NFD", "người khác")), display_width("\\x1b[31m9♥\\x1b[0m")
    (10, 10, 2)
    """
    width = 0
    for ch in _ESCAPE.sub("", text):
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def aligned(rows: Sequence[Sequence[str]], right: Sequence[bool] = (), gap: str = "  ") -> list[str]:
    """Rows of cells as lines whose columns line up on a terminal, measured by ``display_width`` (so
    Vietnamese words with diacritics line up too): column ``i`` to the right when ``right[i]``.

    >>> print("\\n".join(aligned([["ghế", "kỳ vọng"], ["1", "−0,10"]], right=[True, True])))
    ghế  kỳ vọng
      1    −0,10
    """
    count = max((len(row) for row in rows), default=0)
    widths = [max((display_width(row[i]) for row in rows if i < len(row)), default=0) for i in range(count)]
    lines = []
    for row in rows:
        cells = []
        for i, cell in enumerate(row):
            room = " " * (widths[i] - display_width(cell))
            cells.append(room + cell if i < len(right) and right[i] else cell + room)
        lines.append(gap.join(cells).rstrip())
    return lines


#: the widest group of a list (``5♠ 5♣ · 3♣ 5♣``) that ``wrap`` keeps on one line; wider ones are sentences
GROUP = 24


def wrap(text: str, width: int = 80, indent: str = "    ") -> str:
    """``text`` in lines of at most ``width`` columns (``display_width``), broken between words, never
    inside one: first between the items of a list (two spaces apart: ``1) Đánh 9♥  2) Bốc``), an item
    kept whole when it fits a line, then between the short groups of an item (`` · `` apart:
    ``5♠ 5♣ · 3♣ 5♣``, each at most ``GROUP`` columns);
    the lines after the first indented by ``indent`` (a line that starts with spaces keeps them, before
    the indent).

    >>> print(wrap("Moves: 1) Đánh 9♥  2) Đánh 10♥  3) Đánh J♥  4) Bốc", 24))
    Moves: 1) Đánh 9♥
        2) Đánh 10♥
        3) Đánh J♥  4) Bốc
    """
    lines: list[str] = []
    for line in text.split("\n"):
        if display_width(line) <= width:
            lines.append(line)
            continue
        lead = line[:len(line) - len(line.lstrip(" "))]
        room = max(10, width - len(lead) - len(indent))
        pieces: list[tuple[str, str]] = []          # (the text, the space before it)
        for n, item in enumerate(_ITEMS.split(line.strip(" "))):
            before = "  " if n else ""
            if display_width(item) <= room:
                pieces.append((item, before))
                continue
            groups = item.split(" · ")                 # then between short groups (phỏm, cạ: 5♠ 5♣ · 3♣ 5♣), then words
            if max(display_width(group) for group in groups) > GROUP:
                groups = [item]
            for g, group in enumerate(groups):
                said, space = group + (" ·" if g < len(groups) - 1 else ""), before if g == 0 else " "
                if display_width(said) <= room:
                    pieces.append((said, space))
                else:
                    pieces += [(word, space if k == 0 else " ") for k, word in enumerate(said.split(" ")) if word]
        current, used = lead, display_width(lead)
        started = False
        for piece, space in pieces:
            size = display_width(piece)
            if started and used + len(space) + size > width:
                lines.append(current)
                current, used = lead + indent + piece, len(lead) + len(indent) + size
            else:
                current += (space if started else "") + piece
                used += (len(space) if started else 0) + size
            started = True
        lines.append(current)
    return "\n".join(lines)
