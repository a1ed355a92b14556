"""``phom review RECORD.json``: a finished game's review in the terminal, as JSON or as an HTML page.

>>> import io
>>> from phom import Game
>>> from phom.bots import GreedyBot
>>> game = Game(seed=3)
>>> while not game.is_over:
...     game.apply(GreedyBot().act(game.view(game.to_move)))
>>> out = io.StringIO()
>>> run_review(parse_seats("1"), 16, 0, False, None, game.to_json(), out, progress=False)
>>> out.getvalue().startswith("Review of a Phỏm game")
True
"""

from __future__ import annotations

import argparse
import json
from html import escape
from collections.abc import Callable
from typing import Any, TextIO

from ..language import LANGUAGES, pick_language, translator
from ..review import review
from ..review.text import review_text

__all__ = ["add_review_parser", "parse_seats", "review_command", "run_review"]


def add_review_parser(sub: Any, command: Callable[[str, str], argparse.ArgumentParser] | None = None,
                      _: Callable[[str], str] = str) -> None:
    """The ``review`` subcommand's arguments (``command(name, help)`` makes the subparser; ``_`` gives the
    help texts in the reader's language)."""
    text = _("weigh every decision of a finished game: skill, luck, errors, rating")
    parser = command("review", text) if command is not None else sub.add_parser("review", help=text)
    parser.add_argument("file", metavar="FILE",
                        help=_("the game's record: the file {save} wrote, or one downloaded from the table's page (or - "
                               "to read it from the input)").format(save="--save"))
    parser.add_argument("--seats", default=None,
                        help=_("the seats to review, 1 to 4, e.g. {example} (default: all)").format(example="1,3"))
    parser.add_argument("--worlds", type=int, default=None,
                        help=_("worlds per batch of the evaluator (default {default})").format(default=128))
    parser.add_argument("--seed", type=int, default=0, help=_("the evaluator's shuffle code (default 0)"))
    parser.add_argument("--you", type=int, default=None, metavar=_("SEAT"),
                        help=_("your seat at that table, 1 to 4: the review calls it you (default: every seat by "
                               "its number)"))
    parser.add_argument("--details", action="store_true",
                        help=_("also print the figures: the ledger, every move weighed, how sure each figure is"))
    parser.add_argument("--json", action="store_true", help=_("print the review as JSON"))
    parser.add_argument("--html", default=None, metavar="FILE", help=_("also write the review as an HTML page"))
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help=_("language: vi (Vietnamese) or en (English); by default the one this computer is set to"))


def parse_seats(text: str | None, lang: str = "en") -> list[int] | None:
    """``--seats`` as the player counts seats (``"1,3"``) → the seats from 0 the review takes ([0, 2]);
    ValueError naming the text otherwise (in ``lang``).

    >>> parse_seats("1,3"), parse_seats(None)
    ([0, 2], None)
    """
    if text is None:
        return None
    _ = translator(lang)
    try:
        seats = [int(part) for part in text.split(",")]
    except ValueError:
        raise ValueError(_("--seats {text}: write seat numbers separated by commas, e.g. 1,3").format(
            text=repr(text))) from None
    if any(not 1 <= seat <= 4 for seat in seats):
        raise ValueError(_("--seats {text}: seats are counted from 1 to 4, e.g. 1,3").format(text=repr(text)))
    return [seat - 1 for seat in seats]


def _players(record: str) -> int | None:
    """How many seats a record's table has; None when the record cannot be read (the review says why)."""
    from ..games import kind_of_record

    try:
        players: int = kind_of_record(json.loads(record)).from_record(record).rules.players
        return players
    except (ValueError, TypeError, KeyError):
        return None


def run_review(seats: list[int] | None, worlds: int | None, seed: int, as_json: bool, html_file: str | None,
               record: str, out: TextIO, *, progress: bool, lang: str = "en", you: int | None = None,
               details: bool = False) -> None:
    """Review ``record`` and print it (text in ``lang``: what a teacher says, and the figures with
    ``details``; or JSON); write the HTML page if asked (its figures behind a details switch)."""
    players = _players(record)
    absent = [seat + 1 for seat in seats or () if players is not None and seat >= players]
    if absent:
        raise ValueError(translator(lang)("--seats: seat {seat} is not at this table (seats 1 to {players})").format(
            seat=absent[0], players=players))
    result = review(record, seats=seats, worlds=worlds, seed=seed, progress=progress, lang=lang)
    if html_file is not None:
        title = escape(translator(lang)("Review"))
        with open(html_file, "w", encoding="utf-8") as page:
            page.write(f"<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\"><title>{title}</title>"
                       "<style>body{font-family:sans-serif;max-width:720px;margin:1em auto;padding:0 8px}"
                       "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}"
                       ".label{color:#fff;padding:0 4px;border-radius:3px}svg{max-width:100%;height:auto}"
                       ".saw,.hindsight{color:#555;font-size:90%}</style></head><body>"
                       + result.to_html(lang) + "</body></html>")
    print(result.to_json() if as_json else review_text(result, lang, you, details=details), file=out)


def review_command(args: argparse.Namespace, record: str, out: TextIO, progress: bool) -> None:
    lang = pick_language(args.lang)
    run_review(parse_seats(args.seats, lang), args.worlds, args.seed, args.json, args.html, record, out,
               progress=progress, lang=lang, you=parse_you(args.you, lang), details=args.details)


def parse_you(seat: int | None, lang: str = "en") -> int | None:
    """``--you`` as the player counts seats (1 to 4) → the seat from 0; ValueError otherwise (in ``lang``).

    >>> parse_you(2), parse_you(None)
    (1, None)
    """
    if seat is not None and not 1 <= seat <= 4:
        raise ValueError(translator(lang)("--you {seat}: seats are counted from 1 to 4").format(seat=seat))
    return None if seat is None else seat - 1
