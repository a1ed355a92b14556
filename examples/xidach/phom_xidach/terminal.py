"""Xì dách at the terminal (``phom.games.GameTerminal``): its help, its table (who holds the bank, each seat's
cards and what the settled took, the hand and its worth), its moves as players say them (rút, dằn, xét ghế
N), its hint and its result, for phom's one play loop (``phom play --game xidach``) and ``phom replay``.

>>> from phom.cli.render import Painter
>>> game = XIDACH_TERMINAL.new_game(XIDACH_TERMINAL.rules(3), 7)
>>> game.players, XIDACH_TERMINAL.opening_lines(game, game.banker, "vi")
(3, ['Bạn làm nhà cái: bạn xét bài từng người.'])
"""

from __future__ import annotations

import random
from typing import Any

from phom.cards import Card

from . import render
from .game import Draw, Settle, Stand, XiDachAction, XiDachGame
from .rules import XiDachRules
from .words import say

__all__ = ["HELP", "OPENING", "REPLAY_TITLE", "XIDACH_TERMINAL", "XiDachTerminal"]

OPENING = "Xì dách, {players} players. You are seat {seat}; bots: {bots}."
HELP = ("Type a move's number, rút (draw) or dằn (stand); the banker also xét N (settle with seat N); ? for a hint, "
        "?? for a deeper hint; h for this help; q to quit.")
REPLAY_TITLE = "Xì dách, {players} players; seat {seat} is the banker"


class XiDachTerminal:
    """Xì dách's table in the terminal."""

    command = "phom play --game xidach"
    opening = OPENING
    help = HELP
    replay_title = REPLAY_TITLE

    def translate(self, text: str, lang: str) -> str:
        """Its opening, help and replay title in ``lang``, from the game's own words (``phom.games.own_words``)."""
        return say(text, lang)

    def rules(self, players: int) -> XiDachRules:
        return XiDachRules(players=players)

    def new_game(self, rules: XiDachRules, seed: int | None) -> XiDachGame:
        """A game on the shuffle of ``seed``, the banker drawn from it too."""
        rng = random.Random(seed)
        deck = list(range(52))
        rng.shuffle(deck)
        return XiDachGame(rules, rng.randrange(rules.players), deck)

    def opening_lines(self, game: XiDachGame, seat: int, lang: str = "en") -> list[str]:
        """Who holds the bank (a hand settled at the deal is told next, as a big moment)."""
        return [say("You are the banker: you settle with each player.", lang) if seat == game.banker else
                 say("Seat {seat} is the banker (nhà cái).", lang).format(seat=game.banker + 1)]

    def table_lines(self, game: XiDachGame, seat: int, paint: Any, lang: str = "en") -> list[str]:
        view = game.view(seat)
        least = game.rules.banker_min if seat == game.banker else game.rules.player_min
        lines = ["", paint.bold(say("Your turn (seat {seat})", lang).format(seat=seat + 1))]
        for q in range(game.players):
            if q == seat:
                continue
            mark = ""
            if q in view.settled:
                mark = ": " + say("settled, {hand}, {money}", lang).format(
                    hand=render.hand_words(view.shown[q], lang), money=f"{view.settled[q]:+d}".replace("-", "\u2212"))
            elif q == game.banker:
                mark = " (" + say("the banker", lang) + ")"
            lines.append(say("  seat {seat}: {count} cards{mark}", lang).format(
                seat=q + 1, count=view.hand_sizes[q], mark=mark))
        lines.append(say("Your hand: {cards} ({value})", lang).format(
            cards=paint.cards(render.ranked(view.hand)), value=render.hand_words(view.hand, lang, least)))
        lines.append(say("Moves: {list}", lang).format(list="  ".join(
            f"{i}) {render.action_label(a, lang)}" for i, a in enumerate(self.moves(game), start=1))))
        return lines

    def moves(self, game: XiDachGame) -> list[Any]:
        return list(game.legal_actions())

    def move_text(self, game: XiDachGame, action: XiDachAction, paint: Any, lang: str = "en") -> str:
        return render.action_label(action, lang)

    def advice(self, game: XiDachGame, seat: int, search: bool, paint: Any, lang: str = "en") -> tuple[str, str]:
        from .kind import XiDachKind

        hint = XiDachKind().hint(game, seat, search=search, lang=lang)
        return hint["action"]["label"], hint["reason"]

    def move_parts(self, action: Any) -> tuple[str, list[Card], tuple[int, int] | None] | None:
        """rút is a ``draw``, dằn a ``stand``, xét ghế N a ``settle`` aimed at seat N (the spec's move kinds)."""
        if isinstance(action, Draw):
            return "draw", [], None
        if isinstance(action, Stand):
            return "stand", [], None
        return ("settle", [], (action.seat, 0)) if isinstance(action, Settle) else None

    def notation(self, typed: Any, codes: str) -> str | None:
        """``draw``, ``stand`` or ``settle N`` (N from 0) of a typed line, None when it leaves the move open."""
        kinds = typed.kinds
        if kinds is None or len(kinds) != 1 or codes:
            return None
        kind = next(iter(kinds))
        if kind == "settle":
            return None if typed.seat is None else f"settle {typed.seat}"
        return {"draw": "draw", "stand": "stand"}.get(kind)

    def moments(self, game: XiDachGame, seat: int, lang: str = "en") -> list[dict[str, Any]]:
        return render.moments(game, lang, seat)

    def result_lines(self, game: XiDachGame, seat: int, lang: str = "en") -> list[str]:
        """Every settlement is said as it happens (``moments``): the end is each seat's money."""
        return render.result_lines(game, seat, lang)[-1:]

    def dealt_hands(self, game: XiDachGame) -> list[list[Any]]:
        """Each seat's two cards as dealt."""
        n = game.players
        order = game.seats_in_order() + [game.banker]
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i in range(2 * n):
            hands[order[i % n]].append(Card.from_index(game.deck[i]))
        return [sorted(h) for h in hands]

    def replayed_moves(self, game: XiDachGame, lang: str = "en") -> list[str]:
        """Each move as the replay says it, with the settlements it made after it."""
        said = render.moments(game, lang)
        lines = []
        for i, (_p, action) in enumerate(game.history):
            made = [m["text"] for m in said if m["index"] == i + 1]
            lines.append("\n        ★ ".join([render.action_label(action, lang), *made]))
        return lines

    def replay_result(self, game: XiDachGame, lang: str = "en") -> str:
        """The settlements at the deal (a xì bàn or xì dách, said before any move), then each seat's money."""
        at_deal = [m["text"] for m in render.moments(game, lang) if m["index"] == 0]
        return "\n".join([*at_deal, *render.result_lines(game, None, lang)[-1:]])


#: Xì dách's terminal (``XiDachKind.terminal``)
XIDACH_TERMINAL = XiDachTerminal()

