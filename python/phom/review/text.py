"""A review as text for the terminal: first what a teacher says (each seat's game in a sentence, the
moves that cost the most in words, the moves the table's stand-in played), then, behind the details
switch, the figures: the ledger of each seat, the labelled decisions with their intervals.

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

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..levels import LEVELS, level_of
from ..cards import CardSet
from ..games import GAMES, game_kind, own_words
from ..language import N_, aligned, number, percent, translator, wrap
from .calibration import STANDIN_UNRATED

__all__ = ["CROSS_FITTED", "EXPLAIN", "LABELS", "LESSONS", "ReviewWords", "action_words", "explain_words",
           "lesson_sentence", "lessons_title", "move_phrase", "position_text", "rating_words", "review_text",
           "standin_sentence", "summary_sentence"]


@dataclass(frozen=True)
class ReviewWords:
    """What a game's review says in the game's own terms (``GameKind.review_words``): ``explain``, what the
    ledger's columns mean (a message marked with ``N_``: it is translated when said); ``luck``, the luck's
    part of a seat's sentence (``{luck}`` in it); ``action(text, lang)``, an action of the review (its
    text) as the table says it, ValueError for a text that is none (None: the text as it is);
    ``position(position, lang)``, what the seat saw (a decision's ``position``) in one line, None for a
    position that is not the game's (None: the seat's hand); ``translate(text, lang)``, the game's own
    translation of ``explain`` and ``luck`` (LookupError for a text it does not know; None: phom's catalog,
    as for the built-in games; ``phom.games.own_words``).

    >>> words = ReviewWords("expected: the seat's share; luck: the cards dealt.")
    >>> words.luck, words.action is None
    ('the cards brought {luck}', True)
    """

    explain: str
    luck: str = N_("the cards brought {luck}")
    action: Callable[[str, str], str] | None = None
    position: Callable[[dict[str, Any], str], str | None] | None = None
    translate: Callable[[str, str], str] | None = None


def _words(game: str) -> ReviewWords:
    words: ReviewWords = game_kind(game).review_words
    return words


def position_text(decision: Any, lang: str = "en", game: str | None = None) -> str:
    """What the seat saw when it chose, in one line (in ``lang``), in ``game``'s words (None: the
    registered game whose words tell such a position).

    >>> from types import SimpleNamespace
    >>> print(position_text(SimpleNamespace(position={"hand": "3S 4S", "table": "", "hand_sizes": [3, 2]}), "vi"))
    bài 3♠ 4♠; bàn trống; số lá còn lại từng ghế: 3, 2
    """
    p = decision.position
    for kind in [game_kind(game)] if game is not None else list(GAMES.values()):
        words: ReviewWords = kind.review_words
        said = words.position(p, lang) if words.position is not None else None
        if said is not None:
            return said
    hand = p.get("hand") or ""
    return str(CardSet.parse(hand)) if hand.strip() else "—"


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
    said = _words(game).action
    if said is None:
        return text
    try:
        return said(text, lang)
    except ValueError:
        return text


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
    if rating == STANDIN_UNRATED:
        return _("not rated: the stand-in made every choice")
    bot = rating.removeprefix("played like ")
    if bot.startswith("unrated"):                   # no ladder was measured for the game
        return _("unrated")
    found = int(bot.split(":")[1]) if bot.startswith("level:") else level_of(game, bot)
    if found is None:
        return _("unrated")
    return _("Level {number} · {name}").format(number=found, name=LEVELS[found - 1].name(lang))


#: said under a decision whose loss is not the difference of its shown values
CROSS_FITTED = N_("The loss is cross-fitted: the best choice is picked on half of the fresh worlds and valued "
                  "on the other half, so it is not inflated by luck in the worlds that picked it; it can "
                  "differ from the difference of the values shown.")
class _Explained(Mapping[str, str]):
    """Every registered game's ``ReviewWords.explain``, by the game's name."""

    def __getitem__(self, game: str) -> str:
        if game not in GAMES:
            raise KeyError(game)
        return _words(game).explain

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


#: what the ledger's words mean, per registered game (each game's ``ReviewWords.explain``; nobody draws in
#: Tiến lên: its luck is the deal)
EXPLAIN: Mapping[str, str] = _Explained()


def explain_words(game: str, lang: str = "en") -> str:
    """What the ledger's columns mean, in the game's own terms.

    >>> "bốc" in explain_words("tienlen", "vi"), "bốc" in explain_words("phom", "vi")
    (False, True)
    """
    words = _words(game)
    return own_words(words, lang)(words.explain)


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
    words = _words(game)
    cards = own_words(words, lang)(words.luck)
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
#: the most costly moves the review's first screen names
LESSONS = 3


def lessons_title(lang: str = "en") -> str:
    """The heading of the moves that cost the most."""
    return translator(lang)("The moves that cost the most:")


def lesson_sentence(game: str, decision: Any, lang: str = "en", you: int | None = None) -> str:
    """One costly move as a teacher says it: the move, the better move, about how much it cost (in the
    reader's numbers).

    >>> from types import SimpleNamespace
    >>> d = SimpleNamespace(index=11, seat=1, played="discard K♠", best="discard 7♣", loss=0.8349)
    >>> print(lesson_sentence("phom", d, "vi"))
    Nước 12: ghế 2 đã đánh K♠, nhưng đánh 7♣ tốt hơn; nước này mất khoảng 0,8 cược.
    >>> print(lesson_sentence("phom", d, "en", you=1))
    Move 12: you (seat 2) chose discard K♠, but discard 7♣ was better; it cost about 0.8 stakes.
    """
    _ = translator(lang)
    return _("Move {index}: {who} chose {played}, but {best} was better; it cost about {loss} stakes.").format(
        index=number(decision.index + 1, lang), who=_seat_words(decision.seat, you, lang),
        played=move_phrase(game, decision.played, lang), best=move_phrase(game, decision.best, lang),
        loss=number(max(decision.loss, 0.1), lang, 1))


def standin_sentence(result: Any, seat: int, lang: str = "en", you: int | None = None) -> str | None:
    """What the table's stand-in ("Máy đánh hộ") played for ``seat`` when its clock ran out, and that it
    is not counted against the seat; None when it played nothing for it."""
    moves = result.standins(seat)
    if not moves:
        return None
    _ = translator(lang)
    who = _seat_words(seat, you, lang)
    listed = ", ".join(number(d.index + 1, lang) for d in moves)
    if len(moves) == 1:
        return _("The stand-in played one move for {who} when the clock ran out (move {list}); it is not counted "
                 "against {who}.").format(who=who, list=listed)
    return _("The stand-in played {count} moves for {who} when the clock ran out (moves {list}); they are not "
             "counted against {who}.").format(count=number(len(moves), lang), who=who, list=listed)


def review_text(result: Any, lang: str = "en", you: int | None = None, width: int | None = WIDTH,
                details: bool = True) -> str:
    """The whole review as plain text in ``lang`` (``phom review`` prints it): first what happened in
    sentences a player says and the moves that cost the most, then (``details``) the figures; only the
    reader's own seat ``you`` (from 0) is "you", the others are "seat N"; lines broken between words at
    ``width`` columns (None: unbroken), the ledger's columns aligned by the columns their words take on a
    terminal."""
    _ = translator(lang)
    seats = [e.seat for e in result.ledger]
    lines = [_("Review of a {game} game, {players} players.").format(game=game_kind(result.game).title, players=result.players),
             ""]
    lines += [summary_sentence(result.game, e, result.rating[e.seat], lang, you) for e in result.ledger]
    lines.append("")
    costly = result.costliest(LESSONS)
    if not costly:
        lines.append(_("No move stood out: every choice was the best one or close to it."))
    else:
        lines.append(lessons_title(lang))
        lines += ["  " + lesson_sentence(result.game, d, lang, you) for d in costly]
    stood_in = [said for seat in seats if (said := standin_sentence(result, seat, lang, you)) is not None]
    if stood_in:
        lines.append("")
        lines += stood_in
    if not details:
        lines.append("")
        lines.append(_("Details (the ledger and every move weighed): add {flag}.").format(flag="--details"))
        text = "\n".join(lines)
        return text if width is None else wrap(text, width)
    lines.append("")
    lines.append("— " + _("Details") + " —")
    labelled = result.labelled()
    if labelled:
        lines.append(_("Moves to look at again ({count}):").format(count=number(len(labelled), lang)))
        for d in labelled:
            label = _(LABELS[d.label]) if d.label in LABELS else (d.label or "")
            lines.append("  " + _("Move {index}, {who}: {label}: {played}, where {best} was better; it lost "
                                  "{loss} stakes.").format(
                index=number(d.index + 1, lang), who=_seat_words(d.seat, you, lang), label=label,
                played=move_phrase(result.game, d.played, lang), best=move_phrase(result.game, d.best, lang),
                loss=number(d.loss, lang, 2)))
            lines.append("      " + _("saw: {position}").format(position=position_text(d, lang, result.game)))
            if d.hindsight is not None and d.hindsight != d.best:
                lines.append("      " + _("hindsight (every card known, not rated): {choice}").format(
                    choice=move_phrase(result.game, d.hindsight, lang)))
            crossed = bool(getattr(d, "cross_fitted", False))
            lines.append("      " + _("the loss lies between {low} and {high} stakes ({sure} sure)").format(
                low=number(d.loss_ci[0], lang, 2), high=number(d.loss_ci[1], lang, 2), sure=percent(0.95, lang))
                + (" *" if crossed else ""))
        if any(getattr(d, "cross_fitted", False) for d in labelled):
            lines.append("  * " + _(CROSS_FITTED))          # said once, under the moves it is about
    standins = [d for d in result.standins() if not d.forced]
    if standins:
        lines.append(_("The stand-in's moves (not rated):"))
        for d in standins:
            lines.append("  " + _("Move {index}, the stand-in for {who}: {played} (best: {best}).").format(
                index=number(d.index + 1, lang), who=_seat_words(d.seat, you, lang),
                played=move_phrase(result.game, d.played, lang), best=move_phrase(result.game, d.best, lang)))
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
    if any(getattr(e, "standin", 0.0) for e in result.ledger):
        lines.append(_("others also holds what the stand-in's moves brought: {list}.").format(list=", ".join(
            _("{who} {money}").format(who=_seat_words(e.seat, you, lang), money=_signed(e.standin, lang))
            for e in result.ledger if e.standin)))
    lines.append(_("Each move was weighed over {worlds} trial games a batch; seats reviewed: {seats}.").format(
        worlds=number(result.worlds, lang), seats=", ".join(_seat_words(s, you, lang) for s in seats)))
    text = "\n".join(lines)
    return text if width is None else wrap(text, width)
