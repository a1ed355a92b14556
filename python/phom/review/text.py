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

__all__ = ["CROSS_FITTED", "EXPLAIN", "LABELS", "action_words", "explain_words", "move_phrase", "position_text", "rating_words", "review_text",
           "summary_sentence"]

_GAME = {"phom": "Phỏm", "tienlen": "Tiến lên"}


def _cards(codes: str | list[str], game: str = "phom") -> str:
    """Cards as each game lists them: Phỏm's order, or Tiến lên's weakest first (3 … 2)."""
    text = codes if isinstance(codes, str) else " ".join(codes)
    if not text.strip():
        return "—"
    if game == "tienlen":
        from ..tienlen.reference import in_order

        return in_order(text)
    return str(CardSet.parse(text))


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
    table = _cards(p["table"], "tienlen") if p.get("table") else _("empty (a new round)")
    sizes = " ".join(str(s) for s in p.get("hand_sizes", []))
    return _("hand {cards}; table {table}; cards left per seat {sizes}").format(
        cards=_cards(p["hand"], "tienlen"), table=table, sizes=sizes)


def _signed(x: float, lang: str = "en") -> str:
    return number(x, lang, 2, signed=True)


def action_words(game: str, text: str, lang: str = "en") -> str:
    """An action of the review (its text form) as the table says it; a Phỏm plan of several moves
    (``eat 5♥, discard 7♣``; ``lay 2♦ 3♦ 4♦; send 8♥, discard 10♠``) as one phrase.

    >>> action_words("phom", "discard J♥", "vi"), action_words("tienlen", "play 3♠ 3♥", "vi")
    ('Đánh J♥', 'Đánh 3♠ 3♥')
    >>> action_words("phom", "lay 2♦ 3♦ 4♦ | 7♠ 7♣ 7♦; send 8♥, 9♥, discard 10♠", "vi")
    'Hạ 2♦ 3♦ 4♦ | 7♠ 7♣ 7♦; gửi 8♥, 9♥, đánh 10♠'
    """
    try:
        if game == "tienlen":
            from ..tienlen.game import parse_action
            from ..tienlen.render import action_text as tienlen_text
            return tienlen_text(parse_action(text), lang)
        parts = [_part_words(part, lang) for part in _plan_parts(text)]
    except ValueError:
        return text
    return ", ".join(p if i == 0 else p[:1].lower() + p[1:] for i, p in enumerate(parts))


def _plan_parts(text: str) -> list[str]:
    """A Phỏm plan's text split into its moves (a lay-down's list of sent cards stays with it)."""
    parts: list[str] = []
    for piece in text.split(", "):
        if parts and parts[-1].startswith("lay") and "; send " in parts[-1] and not piece.split()[0].isalpha():
            parts[-1] += ", " + piece            # another card sent by the lay-down
        else:
            parts.append(piece)
    return parts


def _part_words(part: str, lang: str) -> str:
    from ..actions import Action, Draw
    from ..render import action_text

    if not part.startswith("lay"):
        return action_text(Action.parse(part), lang)
    _ = translator(lang)
    melds, _sep, sent = part.removeprefix("lay").partition("; send ")
    melds = melds.strip()
    said = _("lay {melds}").format(melds=melds) if melds else _("lay down")
    if sent:
        said += "; " + _("send {cards}").format(cards=sent)
    capital = action_text(Draw(), lang)[:1].isupper()          # as the table's buttons are written
    return said[:1].upper() + said[1:] if capital else said


def move_phrase(game: str, text: str, lang: str = "en") -> str:
    """An action of the review inside a sentence: its words with a small first letter (``đánh K♠``,
    ``bỏ lượt``).

    >>> move_phrase("tienlen", "pass", "vi"), move_phrase("phom", "discard K♠", "vi")
    ('bỏ lượt', 'đánh K♠')
    """
    words = action_words(game, text, lang)
    return words[:1].lower() + words[1:]


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


#: said under a decision whose loss is not the difference of its shown values
CROSS_FITTED = N_("The loss is cross-fitted: the best choice is picked on half of the fresh worlds and valued "
                  "on the other half, so it is not inflated by luck in the worlds that picked it; it can "
                  "differ from the difference of the values shown.")
#: what the ledger's words mean, per game (nobody draws in Tiến lên: its luck is the deal)
EXPLAIN = {"phom": N_("expected: what the deal gave; skill: your choices; luck: the draws; others: the other "
                      "seats' choices; net − luck: the money without the draws' luck."),
           "tienlen": N_("expected: what your place at the table gave; skill: your choices; luck: the cards you were "
                         "dealt; others: the other seats' choices; net − luck: the money without the deal's luck.")}


def explain_words(game: str, lang: str = "en") -> str:
    """What the ledger's columns mean, in the game's own terms.

    >>> "bốc" in explain_words("tienlen", "vi"), "bốc" in explain_words("phom", "vi")
    (False, True)
    """
    return translator(lang)(EXPLAIN["tienlen" if game == "tienlen" else "phom"])


def summary_sentence(game: str, entry: Any, rating: str, lang: str = "en") -> str:
    """One seat's game in a sentence a player says, before the figures: what it won or lost, what the
    cards and the others brought, what its own choices cost, and the level it played like.

    >>> from phom.review.model import Ledger
    >>> print(summary_sentence("phom", Ledger(0, 0.25, -0.5, 2.5, 0.75, 3), "level:6", "vi"))
    Ghế 1 thắng 3 cược: bài mang lại +2,50, nước đi của người khác +0,75, còn các nước bạn chọn mất 0,50 (chơi như Cấp 6 · Rất giỏi).
    """
    _ = translator(lang)
    money = number(abs(entry.net), lang)
    if entry.net > 0:
        head = _("Seat {seat} won {money} stakes").format(seat=entry.seat + 1, money=money)
    elif entry.net < 0:
        head = _("Seat {seat} lost {money} stakes").format(seat=entry.seat + 1, money=money)
    else:
        head = _("Seat {seat} broke even").format(seat=entry.seat + 1)
    cards = _("the cards brought {luck}") if game != "tienlen" else _("the deal brought {luck}")
    return _("{head}: {cards}, the other seats' moves {others}, and your own choices cost {skill} (you played "
             "like {level}).").format(head=head, cards=cards.format(luck=_signed(entry.luck, lang)),
                                      others=_signed(entry.others, lang), skill=number(-entry.skill, lang, 2),
                                      level=rating_words(game, rating, lang))


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
    lines += [summary_sentence(result.game, e, result.rating[e.seat], lang) for e in result.ledger] + [""]
    lines.append(_("Ledger (stakes): expected + skill + luck + others = net"))
    lines.append(explain_words(result.game, lang))
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
            lines.append("      " + _("played {played}, better {best}").format(
                played=move_phrase(result.game, d.played, lang), best=move_phrase(result.game, d.best, lang)))
            if getattr(d, "cross_fitted", False):
                lines.append("      " + _(CROSS_FITTED))
            if d.hindsight is not None and d.hindsight != d.best:
                lines.append("      " + _("hindsight (every card known, not rated): {choice}").format(
                    choice=action_words(result.game, d.hindsight, lang)))
    return "\n".join(lines)
