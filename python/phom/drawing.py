"""Playing cards drawn as SVG: plain strings, no drawing library, no phom imports (so every module can
draw; ``phom.language`` is stdlib only). ``phom.phom.render`` composes these into hands, tables and views; ``Card``, ``CardSet``,
``Arrangement`` and ``LayPlan`` use them for ``_repr_svg_`` in notebooks.

A card is given as ``(rank, suit)`` with ranks 1..13 (A..K) and suits 0..3 (♠ ♣ ♦ ♥); hearts and
diamonds are red. A group is a list of cards drawn overlapping, with an optional label under it and a
mark per card (``"meld"``, ``"ca"``, ``"rac"``, ``"eaten"``, ``"selected"``, ``"new"`` or None).

>>> svg = cards_svg([[(9, 3), (10, 3), (11, 3)], [(2, 0)]], labels=["phỏm", "left"])
>>> svg.startswith("<svg") and svg.count('class="card"') == 4 and "J" in svg and "♥" in svg
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from .language import N_, card_name, translator

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "MARKS", "card_back", "card_face", "cards_svg"]

CARD_WIDTH = 46
CARD_HEIGHT = 66
#: how far the next card of a group starts (cards overlap), and the gap between groups
STEP = 30
GAP = 18
LABEL_HEIGHT = 16
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_SYMBOLS = "♠♣♦♥"
RED, BLACK = "#c8102e", "#1a1a1a"
#: card marks: (fill of the card, colour of the band under it, what the band means)
MARKS = {
    "meld": ("#ffffff", "#2e7d32", N_("in a phỏm")),
    "ca": ("#fffbea", "#f9a825", N_("cạ: one card from a phỏm")),
    "rac": ("#f1f1f1", "#9e9e9e", N_("rác: in no phỏm and no cạ")),
    "eaten": ("#eef5ff", "#1565c0", N_("eaten")),
    "selected": ("#fff3c4", "#ef6c00", N_("selected")),
    "new": ("#f0fff0", "#6a1b9a", N_("just taken")),
}

Card = tuple[int, int]


def card_face(rank: int, suit: int, x: float, y: float, *, mark: str | None = None,
              attrs: str = "", lang: str = "en") -> str:
    """One card face at (x, y): rank at the corners, a large suit symbol in the middle; its title (what a
    screen reader says) names the card in ``lang``."""
    colour = RED if suit in (2, 3) else BLACK
    fill, band, meaning = MARKS.get(mark or "", ("#ffffff", "", ""))
    name = card_name((rank, suit), lang)
    title = f"{name} — {translator(lang)(meaning)}" if meaning else name
    parts = [
        f'<g class="card" data-card="{RANK_NAMES[rank - 1]}{"SCDH"[suit]}" transform="translate({x:g},{y:g})"'
        f'{" " + attrs if attrs else ""}>',
        f"<title>{escape(title)}</title>",
        f'<rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" fill="{fill}" stroke="#6b6b6b" '
        f'stroke-width="1"/>',
        f'<text x="4" y="15" font-size="13" font-weight="bold" fill="{colour}" '
        f'font-family="DejaVu Sans, Arial, sans-serif">{RANK_NAMES[rank - 1]}</text>',
        f'<text x="4" y="28" font-size="12" fill="{colour}" font-family="DejaVu Sans, Arial, sans-serif">'
        f"{SUIT_SYMBOLS[suit]}</text>",
        f'<text x="{CARD_WIDTH * 0.62:g}" y="{CARD_HEIGHT * 0.72:g}" font-size="24" text-anchor="middle" '
        f'fill="{colour}" font-family="DejaVu Sans, Arial, sans-serif">{SUIT_SYMBOLS[suit]}</text>',
    ]
    if band:
        parts.append(f'<rect class="mark mark-{mark}" x="3" y="{CARD_HEIGHT - 7}" width="{CARD_WIDTH - 6}" '
                     f'height="4" rx="2" fill="{band}"/>')
    parts.append("</g>")
    return "".join(parts)


def card_back(x: float, y: float, lang: str = "en") -> str:
    """The back of a card (a hidden card)."""
    _ = translator(lang)
    title = _("a hidden card")
    return (f'<g class="card-back" transform="translate({x:g},{y:g})"><title>{escape(title)}</title>'
            f'<rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" fill="#35507a" stroke="#22334d"/>'
            f'<rect x="5" y="5" width="{CARD_WIDTH - 10}" height="{CARD_HEIGHT - 10}" rx="3" fill="none" '
            f'stroke="#8ea6cc" stroke-dasharray="3 2"/></g>')


def cards_svg(groups: Sequence[Sequence[Card]], *, labels: Sequence[str] | None = None,
              marks: Sequence[Sequence[str | None]] | None = None, hidden: int = 0,
              title: str | None = None, lang: str = "en") -> str:
    """A standalone SVG of card groups side by side (each drawn overlapping), an optional label under
    each group, then ``hidden`` card backs. An empty drawing says "no cards" (in ``lang``)."""
    _ = translator(lang)
    labels = list(labels or [])
    has_labels = any(labels)
    x = 4.0
    body: list[str] = []
    for g, group in enumerate(groups):
        if not group:
            continue
        start = x
        for k, (rank, suit) in enumerate(group):
            mark = marks[g][k] if marks is not None else None
            body.append(card_face(rank, suit, x, 4, mark=mark, lang=lang))
            x += STEP
        x += CARD_WIDTH - STEP
        if g < len(labels) and labels[g]:
            centre = (start + x) / 2
            body.append(f'<text class="label" x="{centre:g}" y="{CARD_HEIGHT + 4 + 13}" font-size="11" '
                        f'text-anchor="middle" fill="#444" font-family="DejaVu Sans, Arial, sans-serif">'
                        f"{escape(labels[g])}</text>")
        x += GAP
    for _ in range(hidden):
        body.append(card_back(x, 4, lang))
        x += STEP
    if hidden:
        x += CARD_WIDTH - STEP + GAP
    if not body:
        empty = _("no cards")
        body.append('<text x="4" y="20" font-size="12" fill="#666" '
                    f'font-family="DejaVu Sans, Arial, sans-serif">{escape(empty)}</text>')
        x = max(80, 12 + 7 * len(empty))
    width = max(x - GAP + 4, 60)
    height = CARD_HEIGHT + 8 + (LABEL_HEIGHT if has_labels else 0)
    head = f"<title>{escape(title)}</title>" if title else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height}" '
            f'viewBox="0 0 {width:g} {height}" role="img">{head}{"".join(body)}</svg>')
