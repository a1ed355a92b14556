"""A review as text for the terminal: the ledger of each seat, its rating, the labelled decisions.

>>> from phom import Game
>>> from phom.bots import GreedyBot
>>> game = Game(seed=3)
>>> while not game.is_over:
...     game.apply(GreedyBot().act(game.view(game.to_move)))
>>> from phom.review import review
>>> print(review_text(review(game, seats=[0], worlds=16)).splitlines()[0])
Review of a Phỏm game (4 seats; seat 1 reviewed; 16 worlds a batch, seed 0)
"""

from __future__ import annotations

from typing import Any

from ..bots.levels import LEVELS, level_of
from ..cards import CardSet
from ..language import N_, number, translator

__all__ = ["LABELS", "action_words", "position_text", "rating_words", "review_text"]

_GAME = {"phom": "Phỏm", "tienlen": "Tiến lên"}


def _cards(codes: str | list[str]) -> str:
    text = codes if isinstance(codes, str) else " ".join(codes)
    return str(CardSet.parse(text)) if text.strip() else "—"


def position_text(decision: Any, lang: str = "en") -> str:
    """What the seat saw when it chose, in one line (in ``lang``)."""
    _ = translator(lang)
    p = decision.position
    if "last_discard" in p:
        eaten = ", " + _("eaten {cards}").format(cards=_cards(p["eaten"])) if p.get("eaten") else ""
        if p.get("drawn"):
            took = _("drew {cards}").format(cards=_cards(p["drawn"]))
        elif p["last_discard"]:
            took = _("offered {cards}").format(cards=_cards(p["last_discard"]))
        else:
            took = _("opening discard")
        return _("hand {cards}{eaten}; {took}; stock {stock}").format(cards=_cards(p["hand"]), eaten=eaten,
                                                                      took=took, stock=p["stock"])
    table = _cards(p["table"]) if p.get("table") else _("empty (a new round)")
    sizes = " ".join(str(s) for s in p.get("hand_sizes", []))
    return _("hand {cards}; table {table}; cards left per seat {sizes}").format(cards=_cards(p["hand"]), table=table,
                                                                               sizes=sizes)


def _signed(x: float, lang: str = "en") -> str:
    return number(x, lang, 2, signed=True)


def action_words(game: str, text: str, lang: str = "en") -> str:
    """An action of the review (its text form) as the table says it.

    >>> action_words("phom", "discard J♥", "vi"), action_words("tienlen", "play 3♠ 3♥", "vi")
    ('Đánh J♥', 'Đánh 3♠ 3♥')
    """
    try:
        if game == "tienlen":
            from ..tienlen.game import parse_action
            from ..tienlen.render import action_text as tienlen_text
            return tienlen_text(parse_action(text), lang)
        from ..actions import Action
        from ..render import action_text
        return action_text(Action.parse(text), lang)
    except ValueError:
        return text


def rating_words(game: str, rating: str, lang: str = "en") -> str:
    """The review's rating (``level:N`` or "played like BOT") as a level's name.

    >>> rating_words("phom", "level:8", "vi"), rating_words("phom", "played like greedy", "vi")
    ('Cấp 8 · Cao thủ', 'Cấp 4 · Khá')
    """
    _ = translator(lang)
    bot = rating.removeprefix("played like ")
    found = int(bot.split(":")[1]) if bot.startswith("level:") else level_of(game, bot)
    if found is None:
        return _("unrated")
    return _("Level {number} · {name}").format(number=found, name=LEVELS[found - 1].name(lang))


#: the labels of decisions, as people read them
LABELS = {"inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"), "blunder": N_("blunder")}


def review_text(result: Any, lang: str = "en") -> str:
    """The whole review as plain text in ``lang`` (``phom review`` prints it)."""
    _ = translator(lang)
    seats = [e.seat for e in result.ledger]
    named = ", ".join(str(s + 1) for s in seats)
    head = _("Review of a {game} game ({players} seats; seat {seats} reviewed; {worlds} worlds a batch, seed {seed})"
             ) if len(seats) == 1 else _("Review of a {game} game ({players} seats; seats {seats} reviewed; {worlds} "
                                         "worlds a batch, seed {seed})")
    lines = [head.format(game=_GAME[result.game], players=result.players, seats=named, worlds=result.worlds,
                         seed=result.seed), ""]
    lines.append(_("Ledger (stakes): expected + skill + luck + others = net"))
    lines.append(_("expected: what the deal gave; skill: your choices; luck: the draws; others: the other seats' "
                   "choices; net − luck: the money without the draws' luck."))
    columns = [_("seat"), _("expected"), _("skill"), _("luck"), _("others"), _("net"), _("net − luck"), _("rating")]
    lines.append(f"{columns[0]:>4}  {columns[1]:>8}  {columns[2]:>7}  {columns[3]:>7}  {columns[4]:>7}  "
                 f"{columns[5]:>4}  {columns[6]:>10}  {columns[7]}")
    for e in result.ledger:
        lines.append(f"{e.seat + 1:>4}  {_signed(e.expected, lang):>8}  {_signed(e.skill, lang):>7}  "
                     f"{_signed(e.luck, lang):>7}  {_signed(e.others, lang):>7}  {number(e.net, lang, signed=True):>4}  "
                     f"{_signed(e.adjusted, lang):>10}  " + rating_words(result.game, result.rating[e.seat], lang))
    lines.append("")
    lines.append(_("others holds the evaluator's look-ahead at the seat's own choices: {list} (each decision's best "
                   "choice against the playouts' own).").format(list=", ".join(
                       _("seat {seat} {money}").format(seat=e.seat + 1, money=_signed(e.lookahead, lang))
                       for e in result.ledger)))
    labelled = result.labelled()
    lines.append("")
    if not labelled:
        lines.append(_("No labelled decision: every loss was within noise of the best choice or under "
                       "the inaccuracy threshold."))
    else:
        lines.append(_("Labelled decisions ({count}):").format(count=len(labelled)))
        for d in labelled:
            label = _(LABELS[d.label]) if d.label in LABELS else (d.label or "")
            lines.append("  " + _("move {index}  seat {seat}  {label} loses {loss} (95 % {low} … {high})").format(
                index=f"{d.index + 1:>3}", seat=d.seat + 1, label=f"{label.upper():<10}", loss=number(d.loss, lang, 2),
                low=number(d.loss_ci[0], lang, 2), high=number(d.loss_ci[1], lang, 2)))
            lines.append("      " + _("saw: {position}").format(position=position_text(d, lang)))
            lines.append("      " + _("played {played}; best {best}").format(
                played=action_words(result.game, d.played, lang), best=action_words(result.game, d.best, lang)))
            if d.hindsight is not None and d.hindsight != d.best:
                lines.append("      " + _("hindsight (every card known, not rated): {choice}").format(
                    choice=action_words(result.game, d.hindsight, lang)))
    return "\n".join(lines)
