"""A review as text for the terminal: the ledger of each seat, its rating, the labelled decisions.

>>> from phom import Game
>>> from phom.bots import GreedyBot
>>> game = Game(seed=3)
>>> while not game.is_over:
...     game.apply(GreedyBot().act(game.view(game.to_move)))
>>> from phom.review import review
>>> print(review_text(review(game, seats=[0], worlds=16), you=0).splitlines()[0])
Review of a Phỏm game, 4 players.
"""

from __future__ import annotations

from typing import Any

from ..bots.levels import LEVELS, level_of
from ..cards import CardSet
from ..language import N_, aligned, number, percent, term, translator, wrap

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
    sizes = ", ".join(number(s, lang) for s in p.get("hand_sizes", []))
    if not p.get("table"):
        return _("hand {cards}; empty table; cards left, seat by seat: {sizes}").format(
            cards=_cards(p["hand"], "tienlen"), sizes=sizes)
    table = _cards(p["table"], "tienlen")
    if len(table.split()) == 1 and table.startswith("2"):
        table = f"{term('heo', lang)} {table}"              # a lone 2 is heo
    return _("hand {cards}; to beat {table}; cards left, seat by seat: {sizes}").format(
        cards=_cards(p["hand"], "tienlen"), table=table, sizes=sizes)


def _signed(x: float, lang: str = "en") -> str:
    return number(x, lang, 2, signed=True)


def action_words(game: str, text: str, lang: str = "en") -> str:
    """An action of the review (its text form) as the table says it; a Phỏm plan of several moves
    (``eat 5♥, discard 7♣``; ``lay 2♦ 3♦ 4♦; send 8♥, discard 10♠``) as one phrase.

    >>> action_words("phom", "discard J♥", "vi"), action_words("tienlen", "play 3♠ 3♥", "vi")
    ('Đánh J♥', 'Đánh 3♠ 3♥')
    >>> action_words("tienlen", "play 2♣", "vi"), move_phrase("tienlen", "play 2♣", "vi")
    ('Đánh heo 2♣', 'đánh heo 2♣')
    >>> action_words("phom", "lay 2♦ 3♦ 4♦ | 7♠ 7♣ 7♦; send 8♥, 9♥, discard 10♠", "vi")
    'Hạ 2♦ 3♦ 4♦ · 7♠ 7♣ 7♦; gửi 8♥, 9♥, đánh 10♠'
    """
    try:
        if game == "tienlen":
            from ..tienlen.game import Play, parse_action
            from ..tienlen.reference import in_order
            from ..tienlen.render import action_text as tienlen_text

            action = parse_action(text)
            if isinstance(action, Play) and len(action.cards) == 1 and next(iter(action.cards)).rank == 2:
                return translator(lang)("play {cards}").format(cards=f"{term('heo', lang)} {in_order(action.cards)}")
            return tienlen_text(action, lang)
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
    from ..phom.actions import Action, Draw
    from ..phom.render import action_text

    if not part.startswith("lay"):
        return action_text(Action.parse(part), lang)
    _ = translator(lang)
    melds, _sep, sent = part.removeprefix("lay").partition("; send ")
    melds = " · ".join(m.strip() for m in melds.split("|") if m.strip())     # the phỏm, a dot between
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
EXPLAIN = {"phom": N_("expected: what the seat could expect before the deal; skill: the seat's own choices; luck: "
                      "the cards dealt and drawn; others: the other seats' choices; net − luck: the money without "
                      "the cards' luck."),
           "tienlen": N_("expected: what the seat's place at the table gave; skill: the seat's own choices; luck: "
                         "the cards dealt; others: the other seats' choices; net − luck: the money without the "
                         "deal's luck.")}


def explain_words(game: str, lang: str = "en") -> str:
    """What the ledger's columns mean, in the game's own terms.

    >>> "bốc" in explain_words("tienlen", "vi"), "bốc" in explain_words("phom", "vi")
    (False, True)
    """
    return translator(lang)(EXPLAIN["tienlen" if game == "tienlen" else "phom"])


def _seat_words(seat: int, you: int | None, lang: str) -> str:
    """A seat as the review names it: ``bạn`` for the reader's own seat, ``ghế N`` for the others."""
    _ = translator(lang)
    return (_("you (seat {seat})") if seat == you else _("seat {seat}")).format(seat=seat + 1)


def summary_sentence(game: str, entry: Any, rating: str, lang: str = "en", you: int | None = None) -> str:
    """One seat's game in a sentence a player says, before the figures: what it won or lost, what the
    cards and the others brought, what its own choices cost, and the level it played like. Only the
    reader's own seat ``you`` (from 0) is "you" (bạn); every other seat is named by its number.

    >>> from phom.review.model import Ledger
    >>> print(summary_sentence("phom", Ledger(0, 0.25, -0.5, 2.5, 0.75, 3), "level:6", "vi"))
    Ghế 1 thắng 3 cược: bài mang lại +2,50, nước đi của người khác +0,75, còn các nước ghế 1 chọn mất 0,50 (chơi như Cấp 6 · Rất giỏi).
    >>> print(summary_sentence("phom", Ledger(0, 0.25, -0.5, 2.5, 0.75, 3), "level:6", "vi", you=0))
    Bạn thắng 3 cược: bài mang lại +2,50, nước đi của người khác +0,75, còn các nước bạn chọn mất 0,50 (chơi như Cấp 6 · Rất giỏi).
    """
    _ = translator(lang)
    money = number(abs(entry.net), lang)
    mine, one = entry.seat == you, abs(entry.net) == 1
    if entry.net > 0:
        head = (_("You won {money} stake") if one else _("You won {money} stakes")) if mine else (
            _("Seat {seat} won {money} stake") if one else _("Seat {seat} won {money} stakes"))
    elif entry.net < 0:
        head = (_("You lost {money} stake") if one else _("You lost {money} stakes")) if mine else (
            _("Seat {seat} lost {money} stake") if one else _("Seat {seat} lost {money} stakes"))
    else:
        head = _("You broke even") if mine else _("Seat {seat} broke even")
    cards = _("the cards brought {luck}") if game != "tienlen" else _("the deal brought {luck}")
    sentence = _("{head}: {cards}, the other seats' moves {others}, and your own choices cost {skill} (you played "
                 "like {level}).") if mine else _("{head}: {cards}, the other seats' moves {others}, and the "
                                                 "choices of seat {seat} cost {skill} (it played like {level}).")
    return sentence.format(head=head.format(seat=entry.seat + 1, money=money), seat=entry.seat + 1,
                           cards=cards.format(luck=_signed(entry.luck, lang)), others=_signed(entry.others, lang),
                           skill=number(-entry.skill, lang, 2), level=rating_words(game, rating, lang))


#: the labels of decisions, as people read them
LABELS = {"inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"), "blunder": N_("blunder")}

#: the width of the review's lines (a terminal's 80 columns)
WIDTH = 80


def review_text(result: Any, lang: str = "en", you: int | None = None, width: int | None = WIDTH) -> str:
    """The whole review as plain text in ``lang`` (``phom review`` prints it): first what happened in
    sentences a player says, then the figures; only the reader's own seat ``you`` (from 0) is "you",
    the others are "seat N"; lines broken between words at ``width`` columns (None: unbroken), the
    ledger's columns aligned by the columns their words take on a terminal."""
    _ = translator(lang)
    seats = [e.seat for e in result.ledger]
    lines = [_("Review of a {game} game, {players} players.").format(game=_GAME[result.game], players=result.players),
             ""]
    lines += [summary_sentence(result.game, e, result.rating[e.seat], lang, you) for e in result.ledger]
    labelled = result.labelled()
    lines.append("")
    if not labelled:
        lines.append(_("No move stood out: every choice was the best one or close to it."))
    else:
        lines.append(_("Moves to look at again ({count}):").format(count=number(len(labelled), lang)))
        for d in labelled:
            label = _(LABELS[d.label]) if d.label in LABELS else (d.label or "")
            lines.append("  " + _("Move {index}, {who}: {label}: {played}, where {best} was better; it lost "
                                  "{loss} stakes.").format(
                index=number(d.index + 1, lang), who=_seat_words(d.seat, you, lang), label=label,
                played=move_phrase(result.game, d.played, lang), best=move_phrase(result.game, d.best, lang),
                loss=number(d.loss, lang, 2)))
            lines.append("      " + _("saw: {position}").format(position=position_text(d, lang)))
            if d.hindsight is not None and d.hindsight != d.best:
                lines.append("      " + _("hindsight (every card known, not rated): {choice}").format(
                    choice=move_phrase(result.game, d.hindsight, lang)))
            crossed = bool(getattr(d, "cross_fitted", False))
            lines.append("      " + _("the loss lies between {low} and {high} stakes ({sure} sure)").format(
                low=number(d.loss_ci[0], lang, 2), high=number(d.loss_ci[1], lang, 2), sure=percent(0.95, lang))
                + (" *" if crossed else ""))
        if any(getattr(d, "cross_fitted", False) for d in labelled):
            lines.append("  * " + _(CROSS_FITTED))          # said once, under the moves it is about
    lines.append("")
    lines.append(_("Ledger (stakes): expected + skill + luck + others = net"))
    lines.append(explain_words(result.game, lang))
    rows = [[_("seat"), _("expected"), _("skill"), _("luck"), _("others"), _("net"), _("net − luck")]]
    rows += [[_("you") if e.seat == you else number(e.seat + 1, lang), _signed(e.expected, lang),
              _signed(e.skill, lang), _signed(e.luck, lang), _signed(e.others, lang),
              number(e.net, lang, signed=True), _signed(e.adjusted, lang)] for e in result.ledger]
    lines += aligned(rows, right=[True] * len(rows[0]))
    lines.append("")
    lines.append(_("others holds the evaluator's look-ahead at the seat's own choices: {list} (each decision's best "
                   "choice against the playouts' own).").format(list=", ".join(
                       _("{who} {money}").format(who=_seat_words(e.seat, you, lang), money=_signed(e.lookahead, lang))
                       for e in result.ledger)))
    lines.append(_("Each move was weighed over {worlds} trial games a batch; seats reviewed: {seats}.").format(
        worlds=number(result.worlds, lang), seats=", ".join(_seat_words(s, you, lang) for s in seats)))
    text = "\n".join(lines)
    return text if width is None else wrap(text, width)
