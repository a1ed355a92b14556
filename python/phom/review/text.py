"""A review as text for the terminal: the ledger of each seat, its rating, the labelled decisions.

>>> from phom import Game
>>> from phom.bots import GreedyBot
>>> game = Game(seed=3)
>>> while not game.is_over:
...     game.apply(GreedyBot().act(game.view(game.to_move)))
>>> from phom.review import review
>>> print(review_text(review(game, seats=[0], worlds=16)).splitlines()[0])
Review of a Phỏm game (4 seats; seat 0 reviewed; 16 worlds a batch, seed 0)
"""

from __future__ import annotations

from typing import Any

from ..cards import CardSet

__all__ = ["position_text", "review_text"]

_GAME = {"phom": "Phỏm", "tienlen": "Tiến lên"}


def _cards(codes: str | list[str]) -> str:
    text = codes if isinstance(codes, str) else " ".join(codes)
    return str(CardSet.parse(text)) if text.strip() else "—"


def position_text(decision: Any) -> str:
    """What the seat saw when it chose, in one line."""
    p = decision.position
    if "last_discard" in p:
        eaten = f", eaten {_cards(p['eaten'])}" if p.get("eaten") else ""
        if p.get("drawn"):
            took = f"drew {_cards(p['drawn'])}"
        elif p["last_discard"]:
            took = f"offered {_cards(p['last_discard'])}"
        else:
            took = "opening discard"
        return f"hand {_cards(p['hand'])}{eaten}; {took}; stock {p['stock']}"
    table = _cards(p["table"]) if p.get("table") else "empty (a new round)"
    sizes = " ".join(str(s) for s in p.get("hand_sizes", []))
    return f"hand {_cards(p['hand'])}; table {table}; cards left per seat {sizes}"


def _signed(x: float) -> str:
    return f"{x:+.2f}"


def review_text(result: Any) -> str:
    """The whole review as plain text (``phom review`` prints it)."""
    seats = [e.seat for e in result.ledger]
    named = ", ".join(str(s) for s in seats)
    lines = [f"Review of a {_GAME[result.game]} game ({result.players} seats; seat{'s' if len(seats) > 1 else ''} "
             f"{named} reviewed; {result.worlds} worlds a batch, seed {result.seed})", ""]
    lines.append("Ledger (stakes): expected + skill + luck + others = net")
    lines.append(f"{'seat':>4}  {'expected':>8}  {'skill':>7}  {'luck':>7}  {'others':>7}  {'net':>4}  "
                 f"{'net − luck':>10}  rating")
    for e in result.ledger:
        lines.append(f"{e.seat:>4}  {_signed(e.expected):>8}  {_signed(e.skill):>7}  {_signed(e.luck):>7}  "
                     f"{_signed(e.others):>7}  {e.net:>+4d}  {_signed(e.adjusted):>10}  "
                     f"{result.rating[e.seat]} ({result.error_rate[e.seat]:.3f} a decision)")
    lines.append("")
    lines.append("others holds the evaluator's look-ahead at the seat's own choices: "
                 + ", ".join(f"seat {e.seat} {_signed(e.lookahead)}" for e in result.ledger)
                 + " (each decision's best choice against the playouts' own).")
    labelled = result.labelled()
    lines.append("")
    if not labelled:
        lines.append("No labelled decision: every loss was within noise of the best choice or under "
                     "the inaccuracy threshold.")
    else:
        lines.append(f"Labelled decisions ({len(labelled)}):")
        for d in labelled:
            lines.append(f"  move {d.index:>3}  seat {d.seat}  {(d.label or '').upper():<10} loses {d.loss:.2f} "
                         f"(95 % {d.loss_ci[0]:.2f} … {d.loss_ci[1]:.2f})")
            lines.append(f"      saw: {position_text(d)}")
            lines.append(f"      played {d.played}; best {d.best}")
            if d.hindsight is not None and d.hindsight != d.best:
                lines.append(f"      hindsight (every card known, not rated): {d.hindsight}")
    return "\n".join(lines)
