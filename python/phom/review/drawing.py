"""A review drawn (``phom.review.model.Review`` objects, read by their fields): each seat's value
through the game as a line, luck as bars, errors marked (SVG as plain strings, as ``phom.drawing``
draws cards), and the HTML that notebooks, ``to_html`` and the page show, in Vietnamese or English:
first what a teacher says (each seat's game in a sentence, the moves that cost the most in words, the
stand-in's moves), then the figures behind a "Chi tiết" / "Details" switch (``<details>``).

>>> from phom.review.model import Point, Review
>>> chain = (Point(0, 0.0, "expected"), Point(0, 1.5, "luck"), Point(3, 1.0, "skill"), Point(9, -2.0, "others"))
>>> r = Review("phom", 4, (), (), {0: 0.0}, {0: "-"}, {0: chain}, (), "", 0, 16, 0)
>>> svg = review_svg(r, 0)
>>> svg.startswith("<svg") and svg.count('class="luck"') == 1 and "polyline" in svg
True
"""

from __future__ import annotations

from html import escape

from typing import Any

from ..cards import Card
from ..games import DEFAULT_GAME, game_kind
from ..drawing import cards_svg
from ..language import N_, check_language, number, percent, translator
from .text import (CROSS_FITTED, LESSONS, action_words, explain_words, lesson_sentence, lessons_title, move_phrase,
                   position_text, rating_words, standin_sentence, summary_sentence)

__all__ = ["LABEL_COLOURS", "WORDS", "review_html", "review_svg"]

LABEL_COLOURS = {"inaccuracy": "#f9a825", "mistake": "#ef6c00", "blunder": "#c62828"}
#: The words of the drawing and the page, in English (their Vietnamese is in the gettext catalog); the
#: game's own terms stay Vietnamese.
WORDS = {"title": N_("Review"), "seat": N_("Seat"), "expected": N_("expected"), "skill": N_("skill"),
         "luck": N_("luck"), "others": N_("others"), "net": N_("net"), "adjusted": N_("net − luck"),
         "rating": N_("rating"), "value": N_("value"), "move": N_("move"), "played": N_("played"),
         "best": N_("best"), "loss": N_("loss"), "hindsight": N_("hindsight (every card known, not rated)"),
         "saw": N_("saw"), "none": N_("No labelled decision."), "inaccuracy": N_("inaccuracy"),
         "mistake": N_("mistake"), "blunder": N_("blunder"), "choice": N_("choice"),
         "off_by": N_("give or take ({sure} sure)"),
         "why": N_("On fresh worlds {best} wins {before} stakes a game on average and {played} {after}."),
         "plot": N_("How seat {seat}'s money went, move by move, in stakes: the line is what the seat could "
                    "expect to win; a bar is a stroke of luck, good or bad; a dot is a move to look at again."),
         "explain": N_("expected: what the deal gave; skill: your choices; luck: the draws; others: the other seats' "
                       "choices; net − luck: the money without the draws' luck."),
         "details": N_("Details"), "standin": N_("Stand-in"),
         "standin_moves": N_("The stand-in's moves (not rated):"),
         "none_costly": N_("No move stood out: every choice was the best one or close to it."),
         "notation": N_("The position, to copy (phom hint POSITION):")}


def _words(lang: str) -> dict[str, str]:
    _ = translator(check_language(lang))
    return {key: _(text) for key, text in WORDS.items()}


def review_svg(result: Any, seat: int, *, width: int = 640, height: int = 220, lang: str = "en") -> str:
    """The value of ``seat`` through the game: a line over the history, luck as bars from the line's
    previous value, labelled decisions as coloured marks."""
    if seat not in result.chains:
        raise ValueError(f"seat {seat!r} was not reviewed")
    words = _words(lang)
    chain = result.chains[seat]
    length: int = max(max(int(p.index) for p in chain), 1)
    values = [float(p.value) for p in chain]
    top, bottom = max(max(values), 1.0), min(min(values), -1.0)
    left, right, up, down = 44, 12, 14, 26
    plot_w, plot_h = width - left - right, height - up - down

    def x(index: float) -> float:
        return left + plot_w * index / length

    def y(value: float) -> float:
        return up + plot_h * (top - value) / (top - bottom)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(words["plot"].format(seat=seat + 1))}">',
             f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fcfcf7"/>',
             f'<line x1="{left}" y1="{y(0):.1f}" x2="{width - right}" y2="{y(0):.1f}" stroke="#999" '
             'stroke-dasharray="3 3"/>']
    for tick in _ticks(bottom, top):
        parts.append(f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" font-size="11" text-anchor="end" '
                     f'font-family="sans-serif" fill="#555">{number(tick, lang, signed=True)}</text>')
    parts.append(f'<text x="{left + plot_w / 2:.0f}" y="{height - 6}" font-size="11" text-anchor="middle" '
                 f'font-family="sans-serif" fill="#555">{escape(words["move"])} 1 … {length}</text>')
    previous = None
    for point in chain:
        if point.step == "luck" and previous is not None:
            y0, y1 = sorted((y(previous.value), y(point.value)))
            colour = "#2e7d32" if point.value >= previous.value else "#c62828"
            parts.append(f'<rect class="luck" x="{x(point.index) - 3:.1f}" y="{y0:.1f}" width="6" '
                         f'height="{max(y1 - y0, 1):.1f}" fill="{colour}" opacity="0.45"/>')
        previous = point
    coords = " ".join(f"{x(p.index):.1f},{y(p.value):.1f}" for p in chain)
    parts.append(f'<polyline points="{coords}" fill="none" stroke="#1565c0" stroke-width="2"/>')
    for d in result.decisions:
        if d.seat == seat and d.label is not None:
            parts.append(f'<circle class="error" cx="{x(d.index):.1f}" cy="{y(d.before):.1f}" r="5" '
                         f'fill="{LABEL_COLOURS[d.label]}" stroke="#000" stroke-width="0.5">'
                         f'<title>{escape(words[d.label])}: {escape(action_words(result.game, d.played, lang))} '
                         f'(−{number(d.loss, lang, 2)})</title></circle>')
    parts.append("</svg>")
    return "".join(parts)


def _ticks(low: float, high: float) -> list[float]:
    span = high - low
    step = next(s for s in (0.5, 1, 2, 5, 10, 20, 50) if span / s <= 6)
    first = int(low / step) * step
    return [first + k * step for k in range(int(span / step) + 2) if low <= first + k * step <= high]


def _hand_svg(codes: str | list[str], lang: str = "en", game: str = DEFAULT_GAME) -> str:
    text = codes if isinstance(codes, str) else " ".join(codes)
    if not text.strip():
        return ""
    # in the order the game's players hold them (Tiến lên: weakest first, 3 … 2)
    cards = [(c.rank, c.suit) for c in (Card.parse(code) for code in game_kind(game).cards_in_order(text))]
    return cards_svg([cards], lang=lang)


def _decision_html(d: Any, words: dict[str, str], lang: str, game: str = DEFAULT_GAME) -> str:
    colour = LABEL_COLOURS[d.label] if d.label else "#999"
    played, best = action_words(game, d.played, lang), action_words(game, d.best, lang)
    _ = translator(lang)
    said = _("played {played}, better {best}").format(played="\0", best="\1")
    head = escape(said).replace("\0", f"<b>{escape(move_phrase(game, d.played, lang))}</b>").replace(
        "\1", f"<b>{escape(move_phrase(game, d.best, lang))}</b>")
    crossed = (f'<p class="cross-fitted">{escape(_(CROSS_FITTED))}</p>' if getattr(d, "cross_fitted", False)
               else "")
    hind = (f'<div class="hindsight">{escape(words["hindsight"])}: {escape(action_words(game, d.hindsight, lang))}</div>'
            if d.hindsight and d.hindsight != d.best else "")
    options = "".join(f"<tr{' class=played' if text == d.played else ''}><td>{escape(action_words(game, text, lang))}</td>"
                      f"<td>{number(mean, lang, 2, signed=True)}</td><td>± {number(1.96 * err, lang, 2)}</td></tr>"
                      for text, mean, err in d.options)
    between = _("the loss lies between {low} and {high} stakes ({sure} sure)").format(   # as the terminal says it
        low=number(d.loss_ci[0], lang, 2), high=number(d.loss_ci[1], lang, 2), sure=percent(0.95, lang))
    lost = _("lost {loss} stakes").format(loss=number(d.loss, lang, 2))
    why = words["why"].format(best=move_phrase(game, d.best, lang), played=move_phrase(game, d.played, lang), before=number(d.before, lang, 2, signed=True),
                              after=number(d.after, lang, 2, signed=True))
    return (f'<li class="decision" data-index="{d.index}" data-seat="{d.seat}"><details><summary>'
            f'<span class="label" style="background:{colour}">{escape(words[d.label] if d.label else "")}</span> '
            f'{escape(words["move"])} {d.index + 1}, {escape(words["seat"].lower())} {d.seat + 1}: '
            f'{head} '
            f'({escape(lost)}; {escape(between)})</summary>'
            f'<div class="position">{_hand_svg(d.position.get("hand", ""), lang, game)}</div>'
            f'<div class="saw">{escape(words["saw"])}: {escape(position_text(d, lang, game))}</div>'
            f'{_notation_html(d, words)}'
            f'<p class="why">{escape(why)}</p>{crossed}<table class="options"><thead><tr><th>{escape(words["choice"])}</th>'
            f'<th>{escape(words["value"])}</th><th>{escape(words["off_by"].format(sure=percent(0.95, lang)))}</th></tr></thead><tbody>{options}</tbody></table>'
            f'{hind}</details></li>')


def _notation_html(d: Any, words: dict[str, str]) -> str:
    """The decision's position as a line of the notation (docs/en/position.md), selected whole on a click
    so that it can be copied; nothing for a position written before the notation existed."""
    line = d.position.get("notation")
    if not line:
        return ""
    return (f'<div class="notation">{escape(words["notation"])} '
            f'<code class="position-line" style="user-select:all">{escape(line)}</code></div>')


def _standin_html(d: Any, words: dict[str, str], lang: str, game: str) -> str:
    """A move the stand-in played for a seat: shown, marked as the stand-in's, never labelled."""
    return (f'<li class="decision standin" data-index="{d.index}" data-seat="{d.seat}">'
            f'<span class="label standin-label">{escape(words["standin"])}</span> '
            f'{escape(words["move"])} {number(d.index + 1, lang)}, {escape(words["seat"].lower())} {d.seat + 1}: '
            f'<b>{escape(move_phrase(game, d.played, lang))}</b> ({escape(words["best"])}: '
            f'{escape(move_phrase(game, d.best, lang))})</li>')


def review_html(result: Any, lang: str = "en") -> str:
    """The review as an HTML fragment (``lang`` ``"vi"`` or ``"en"``): what a teacher says first, the
    figures behind the details switch."""
    words = _words(lang)
    head = "".join(f"<th>{escape(words[k])}</th>" for k in
                   ("seat", "expected", "skill", "luck", "others", "net", "adjusted", "rating"))
    rows = "".join(
        f"<tr><td>{e.seat + 1}</td>" + "".join(f"<td>{number(v, lang, 2, signed=True)}</td>" for v in
                                               (e.expected, e.skill, e.luck, e.others))
        + f"<td>{number(e.net, lang, signed=True)}</td><td>{number(e.adjusted, lang, 2, signed=True)}</td>"
        f"<td>{escape(rating_words(result.game, result.rating[e.seat], lang))}</td></tr>" for e in result.ledger)
    plots = "".join(f'<figure class="review-plot"><figcaption>{escape(words["plot"].format(seat=e.seat + 1))}'
                    f'</figcaption>{review_svg(result, e.seat, lang=lang)}</figure>' for e in result.ledger)
    labelled = result.labelled()
    items = ("<ol class='decisions'>" + "".join(_decision_html(d, words, lang, result.game) for d in labelled) + "</ol>"
             if labelled else f"<p>{escape(words['none'])}</p>")
    standins = [d for d in result.standins() if not d.forced]
    stood = (f'<p class="standin-title">{escape(words["standin_moves"])}</p><ol class="standins">'
             + "".join(_standin_html(d, words, lang, result.game) for d in standins) + "</ol>") if standins else ""
    summary = "".join(f'<p class="summary">{escape(summary_sentence(result.game, e, result.rating[e.seat], lang))}</p>'
                      for e in result.ledger)
    costly = result.costliest(LESSONS)
    lessons = (f'<p class="lessons-title">{escape(lessons_title(lang))}</p><ol class="lessons">'
               + "".join(f'<li class="lesson" data-index="{d.index}" data-seat="{d.seat}">'
                         f'{escape(lesson_sentence(result.game, d, lang))}</li>' for d in costly) + "</ol>"
               if costly else f'<p class="lessons-none">{escape(words["none_costly"])}</p>')
    said = [standin_sentence(result, e.seat, lang) for e in result.ledger]
    standin = "".join(f'<p class="standin-note">{escape(line)}</p>' for line in said if line is not None)
    return (f'<section class="phom-review" lang="{lang}"><h2>{escape(words["title"])}</h2>{summary}{lessons}'
            f'{standin}<details class="review-details"><summary>{escape(words["details"])}</summary>'
            f'<div class="ledger-box"><table class="ledger"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody>'
            f'</table></div><p class="ledger-words">{escape(explain_words(result.game, lang))}</p>'
            f"{plots}{items}{stood}</details></section>")
