"""``phom review RECORD.json``: a finished game's review in the terminal, as JSON or as an HTML page.

>>> import io
>>> from phom import Game
>>> from phom.bots import GreedyBot
>>> game = Game(seed=3)
>>> while not game.is_over:
...     game.apply(GreedyBot().act(game.view(game.to_move)))
>>> out = io.StringIO()
>>> run_review(parse_seats("0"), 16, 0, False, None, game.to_json(), out, progress=False)
>>> out.getvalue().startswith("Review of a Phỏm game")
True
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from ..language import LANGUAGES, pick_language
from ..review import review
from ..review.text import review_text

__all__ = ["add_review_parser", "parse_seats", "review_command", "run_review"]


def add_review_parser(sub: Any) -> None:
    """The ``review`` subcommand's arguments."""
    parser = sub.add_parser("review", help="weigh every decision of a finished game: skill, luck, errors, rating")
    parser.add_argument("file", help="the game's JSON record (Game.to_json, TienLenGame.to_json or a hosted "
                                     "record; - for stdin)")
    parser.add_argument("--seats", default=None, help="the seats to review, e.g. 0,2 (default: all)")
    parser.add_argument("--worlds", type=int, default=None, help="worlds per batch of the evaluator (default 128)")
    parser.add_argument("--seed", type=int, default=0, help="the evaluator's seed (default 0)")
    parser.add_argument("--json", action="store_true", help="print the review as JSON")
    parser.add_argument("--html", default=None, metavar="FILE", help="also write the review as an HTML page")
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="vi or en (default: Vietnamese when LANGUAGE, LC_ALL, LC_MESSAGES or LANG selects vi)")


def parse_seats(text: str | None) -> list[int] | None:
    """``"0,2"`` → [0, 2]; ValueError naming the text otherwise."""
    if text is None:
        return None
    try:
        return [int(part) for part in text.split(",")]
    except ValueError:
        raise ValueError(f"--seats {text!r}: write seat numbers separated by commas, e.g. 0,2") from None


def run_review(seats: list[int] | None, worlds: int | None, seed: int, as_json: bool, html_file: str | None,
               record: str, out: TextIO, *, progress: bool, lang: str = "en") -> None:
    """Review ``record`` and print it (text in ``lang``, or JSON); write the HTML page if asked."""
    result = review(record, seats=seats, worlds=worlds, seed=seed, progress=progress)
    if html_file is not None:
        with open(html_file, "w", encoding="utf-8") as page:
            page.write(f"<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\"><title>phom review</title>"
                       "<style>body{font-family:sans-serif;max-width:720px;margin:1em auto;padding:0 8px}"
                       "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}"
                       ".label{color:#fff;padding:0 4px;border-radius:3px}svg{max-width:100%;height:auto}"
                       ".saw,.hindsight{color:#555;font-size:90%}</style></head><body>"
                       + result.to_html(lang) + "</body></html>")
    print(result.to_json() if as_json else review_text(result, lang), file=out)


def review_command(args: argparse.Namespace, record: str, out: TextIO, progress: bool) -> None:
    run_review(parse_seats(args.seats), args.worlds, args.seed, args.json, args.html, record, out,
               progress=progress, lang=pick_language(args.lang))
