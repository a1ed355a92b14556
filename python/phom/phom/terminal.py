"""Phỏm at the terminal (``phom.games.GameTerminal``): its help, its table, its moves as the log says them,
its hints and its result, for the command line's one play loop (``phom play``) and ``phom replay``.

>>> from phom.cli.render import Painter
>>> game = Game(Rules(players=2), seed=1)
>>> PHOM_TERMINAL.table_lines(game, 0, Painter(colour=False), "vi")[1:3]
['Lượt của bạn (ghế 1): đánh', 'Nọc còn 7 lá']
>>> PHOM_TERMINAL.move_text(game, game.legal_actions()[0], Painter(colour=False), "vi")
'Đánh 3♠'
"""

from __future__ import annotations

from typing import Any

from ..games import CardPainter, GameTerminal
from ..language import N_, translator
from ..table_words import seat_words
from ..cards import Card, CardSet
from .actions import Action, AutoLay, DeclareU, DeclareUKhan, Discard, Draw, Eat, LayMeld, Send
from .game import Game
from .hints import hint
from .render import action_text, moments, result_text
from .rules import Rules

__all__ = ["HELP", "OPENING", "PHOM_TERMINAL", "REPLAY_TITLE", "PhomTerminal", "said_move", "send_words", "unsaid"]

HELP = N_("Type a move as the list says it, or its number: draw, eat 7H, lay 5H 6H 7H, send 8H to seat 2 phỏm 1, "
          "discard KS (or K spades), autolay, ù, ù khan; ? for a hint, ?? for a deeper hint; h for this help; q to quit.")
OPENING = N_("Phỏm, {players} players. You are seat {seat}; bots: {bots}.")
REPLAY_TITLE = N_("Phỏm, {players} players; seat {seat} leads")


def unsaid(game: Game, found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The moments a move's own line has not said already: not the gửi of a Gửi move (``said_move``
    names its card and phỏm); the gửi inside a lay-down stay."""
    return [m for m in found if not (m["kind"] == "gui" and isinstance(game.history[m["index"]][1], Send))]


def said_move(game: Game, action: Action, lang: str = "en") -> str:
    """A move just made, as the terminal's log says it: its label, and for a lay-down the phỏm it laid
    (only those: a phỏm laid by hand earlier in the turn was said with its own move, never twice).

    >>> from phom.bots import GreedyBot
    >>> game = Game(seed=165)
    >>> while not any(isinstance(a, AutoLay) for _p, a in game.history):
    ...     game.apply(GreedyBot().act(game.view(game.to_move)))
    >>> said_move(game, game.history[-1][1], "vi")
    'Hạ phỏm: J♠ J♦ J♥'
    """
    if isinstance(action, Send):
        return send_words(game, action, lang)
    label = action_text(action, lang)
    if isinstance(action, AutoLay) and game.history and game.history[-1][1] is action:
        seat = game.history[-1][0]
        by_hand = 0                                  # this turn's phỏm laid one by one before the lay-down
        for p, earlier in reversed(game.history[:-1]):
            if p != seat or not isinstance(earlier, LayMeld):
                break
            by_hand += 1
        laid = game.laid[seat][len(game.laid[seat]) - game.state.laid_this_turn + by_hand:]
        if laid:
            return f"{label}: {'; '.join(str(meld) for meld in laid)}"
    return label


def send_words(game: Game, action: Send, lang: str = "en") -> str:
    """A gửi as the table says it: the card and the phỏm it goes onto, by its cards and its owner (the
    phỏm as it was before the card joined it, whether the gửi is on offer or just made).

    >>> from phom.cards import Card
    >>> game = Game(Rules(players=2), seed=1)
    >>> game.state.seats[1].laid.append(CardSet("5H 6H 7H").mask)
    >>> send_words(game, Send(Card("8H"), (1, 0)), "vi")
    'Gửi 8♥ vào phỏm 5♥ 6♥ 7♥ của ghế 2'
    """
    owner, index = action.target
    meld = game.laid[owner][index]
    done = bool(game.history) and game.history[-1][1] is action
    onto = CardSet(meld.mask & ~action.card.mask) if done else meld
    return translator(lang)("send {card} to the phỏm {meld} of {who}").format(
        card=action.card, meld=onto, who=seat_words(owner, lang))


class PhomTerminal:
    """Phỏm's table in the terminal: the seats' rows and laid phỏm, the hand, the numbered moves."""

    command = "phom play"
    opening = OPENING
    help = HELP
    replay_title = REPLAY_TITLE

    def rules(self, players: int) -> Rules:
        return Rules(players=players)

    def new_game(self, rules: Rules, seed: int | None) -> Game:
        return Game(rules, seed=seed)

    def opening_lines(self, game: Game, seat: int, lang: str = "en") -> list[str]:
        return []

    def table_lines(self, game: Game, seat: int, paint: CardPainter, lang: str = "en") -> list[str]:
        """Whose turn and what kind, the stock and the last discard, each seat's row and phỏm, the hand, the moves."""
        _ = translator(lang)
        view = game.view(seat)
        heads = {("take", "normal"): _("Your turn (seat {seat}): take a card"),
                 ("take", "lay"): _("Your turn (seat {seat}) — your lay-down turn: take a card"),
                 ("take", "tai"): _("Your turn (seat {seat}) — a tái turn: take a card"),
                 ("play", "lay"): _("Your turn (seat {seat}) — your lay-down turn: play"),
                 ("play", "tai"): _("Your turn (seat {seat}) — a tái turn: play")}
        if view.phase == "take" and not any(isinstance(a, Eat) for a in view.legal_actions):     # only Bốc
            heads.update({("take", "normal"): _("Your turn (seat {seat}): draw a card"),
                          ("take", "lay"): _("Your turn (seat {seat}) — your lay-down turn: draw a card"),
                          ("take", "tai"): _("Your turn (seat {seat}) — a tái turn: draw a card")})
        lines = ["", paint.bold(heads.get((view.phase, view.turn_kind), _("Your turn (seat {seat}): play")).format(
            seat=seat + 1))]
        eat = (" · " + _("last discard: {card} (seat {seat})").format(card=paint.card(view.last_discard[0]),
                                                                       seat=view.last_discard[1] + 1)
               if view.last_discard else "")
        lines.append(_("Stock {count}").format(count=view.stock_size) + eat)
        for p, row in enumerate(view.rows):
            table = "  ".join(f"phỏm {i}: {paint.cards(m)}" for i, m in enumerate(view.laid[p], start=1))
            count = view.hand_sizes[p]
            mark = _("you") if p == seat else _("1 card") if count == 1 else _("{count} cards").format(count=count)
            lines.append("  " + _("Seat {seat} ({who}): row {cards}").format(seat=p + 1, who=mark, cards=paint.cards(row))
                         + (f" · {table}" if table else ""))
        eaten = ("  " + _("(eaten, to lay: {cards})").format(cards=paint.cards(view.unlaid_eaten))
                 if view.unlaid_eaten else "")
        lines.append(_("Your hand: {cards}").format(cards=paint.cards(view.hand)) + eaten)
        lines.append(_("Moves: {list}").format(list="  ".join(
            f"{i}) {send_words(game, a, lang) if isinstance(a, Send) else action_text(a, lang)}"
            for i, a in enumerate(view.legal_actions, start=1))))
        return lines

    def moves(self, game: Game) -> list[Any]:
        return list(game.legal_actions())

    def move_text(self, game: Game, action: Action, paint: CardPainter, lang: str = "en") -> str:
        return said_move(game, action, lang)

    def advice(self, game: Game, seat: int, search: bool, paint: CardPainter, lang: str = "en") -> tuple[str, str]:
        advice = hint(game, seat, search=search, lang=lang)
        return action_text(advice.action, lang), advice.reason

    def move_parts(self, action: Any) -> tuple[str, list[Card], tuple[int, int] | None] | None:
        """``Send("8H", (2, 0))`` is ``("send", [8♥], (2, 0))``; a draw, ù or laying down names no card."""
        kinds: tuple[tuple[type, str], ...] = (
            (Draw, "draw"), (Eat, "eat"), (Discard, "discard"), (LayMeld, "lay"), (Send, "send"), (AutoLay, "autolay"),
            (DeclareU, "u"), (DeclareUKhan, "u-khan"))
        kind = next((name for cls, name in kinds if isinstance(action, cls)), None)
        if kind is None:
            return None
        cards = [action.card] if isinstance(action, (Eat, Discard, Send)) else list(action.meld) \
            if isinstance(action, LayMeld) else []
        return kind, cards, action.target if isinstance(action, Send) else None

    def notation(self, typed: Any, codes: str) -> str | None:
        """``draw``, ``eat 7H``, ``lay 5H 6H 7H``, ``send 8H 2:0`` (seat and phỏm from 0), ``discard KS``, ``u``."""
        kinds = typed.kinds
        if kinds is None or len(kinds) != 1:
            return None
        kind = next(iter(kinds))
        if kind in ("draw", "u", "u-khan", "autolay"):
            return None if codes else str(kind)
        if kind == "send":
            if len(typed.slots) != 1 or typed.seat is None or typed.meld is None:
                return None
            return f"send {codes} {typed.seat}:{typed.meld}"
        if not codes or kind not in ("eat", "discard", "lay"):
            return None
        return f"{kind} {codes}"

    def moments(self, game: Game, seat: int, lang: str = "en") -> list[dict[str, Any]]:
        """The game's moments but the gửi a Gửi move made: its own line said it already."""
        return unsaid(game, moments(game, lang, seat))

    def result_lines(self, game: Game, seat: int, lang: str = "en") -> list[str]:
        return ["", translator(lang)("The game is over:"), result_text(game, lang, seat)]

    def dealt_hands(self, game: Game) -> list[list[Any]]:
        assert game.deal is not None   # a replayed record always has its deal
        return [list(hand) for hand in game.deal.hands]

    def replayed_moves(self, game: Game, lang: str = "en") -> list[str]:
        """Played again: a lay-down says the phỏm it laid, and the big moments it made follow it (the cards it sent …)."""
        assert game.deal is not None
        again = Game(game.rules, leader=game.leader, deal=(game.deal.hands, [card.code for card in game.deal.stock]))
        said, told = [], 0
        for _p, action in game.history:
            again.apply(action)
            found = unsaid(again, moments(again, lang))
            new, told = found[told:], len(found)
            said.append("".join([said_move(again, action, lang), *("\n      ★ " + m["text"] for m in new)]))
        return said

    def replay_result(self, game: Game, lang: str = "en") -> str:
        return result_text(game, lang)


#: Phỏm's terminal (``PhomKind.terminal``)
PHOM_TERMINAL: GameTerminal = PhomTerminal()
