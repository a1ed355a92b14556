"""Xì dách as phom's machinery sees it (``phom.games.GameKind``): its rules as data, the fair deal of a hosted
game (``phom``'s shuffle of the server and client seeds), ``draw`` / ``stand`` / ``settle N``, its bots, its
records, its hint, its big moments and payments, and a seat's view as the API sends it. It has no compiled
engine: every tool plays its Python referee, and the review replays it over ``sample_world``.

>>> kind = XiDachKind()
>>> game = kind.deal(kind.rules({"players": 5}), 2, "00" * 32, "alice")
>>> game.banker, game.players, kind.parse_action("settle 3"), kind.default_bot
(2, 5, Settle(seat=3), 'greedy')
"""

from __future__ import annotations

import random
import time
from typing import Any

from phom.cards import Card, CardSet
from phom.review.text import ReviewWords

from . import render
from .bots import XIDACH_BOTS, MonteCarloXiDachBot, make_xidach_bot
from .game import RECORD_FORMAT, XiDachGame, XiDachView, parse_action
from .hands import worth
from .rules import XiDachRules
from .words import say
from .worlds import sample_world

__all__ = ["HINT_SECONDS", "HINT_WORLDS", "LOOKAHEAD_SECONDS", "LOOKAHEAD_WORLDS", "XiDachKind", "shuffled_deck"]

#: the most worlds the quick hint weighs each move on, and the deeper one (``??``, ``search``)
HINT_WORLDS, LOOKAHEAD_WORLDS = 64, 400
#: the seconds each weighs them for at most, unless told (the service tells its own bound)
HINT_SECONDS, LOOKAHEAD_SECONDS = 0.5, 2.0


def shuffled_deck(server_seed: str, client_seed: str) -> list[int]:
    """The 52 cards in dealing order for these seeds: phom's fair shuffle, which ``phom verify`` repeats."""
    try:
        from phom.dealing import shuffled_deck as shuffle
    except ImportError:                      # a phom from before the deal stream moved below the games
        from phom.fairness import shuffled_deck as shuffle
    deck: list[int] = shuffle(server_seed, client_seed)
    return deck


def _position(position: dict[str, Any], lang: str) -> str | None:
    """What the seat saw when it chose, for the review: its hand and its worth."""
    hand = position.get("hand")
    if not isinstance(hand, str):
        return None
    cards = CardSet.parse(hand) if hand else CardSet()
    return f"{' '.join(str(c) for c in sorted(cards))} ({render.hand_words(cards, lang)})"


def _review_action(text: str, lang: str) -> str:
    return render.action_label(parse_action(text), lang)


class XiDachKind:
    """Xì dách: ``XiDachRules``, ``XiDachGame`` from the banker's seat and a deck, ``draw`` / ``stand`` /
    ``settle N``, ``make_xidach_bot``."""

    name = "xidach"
    title = "Xì dách"
    record_format = RECORD_FORMAT
    default_bot = "greedy"
    turn_seconds = 15
    engine: str | None = None
    engine_bots = ""
    bot_names = XIDACH_BOTS
    view_type = XiDachView
    hint_worlds = HINT_WORLDS
    #: the review's thresholds when asked directly (its Python replay measures its own)
    label_thresholds = (0.2, 0.5, 1.0)
    review_words = ReviewWords(
        "expected: what the seat could expect before the deal; skill: its own choices (rút, dằn, xét); luck: the "
        "cards dealt and drawn; others: the other seats' choices.", action=_review_action, position=_position,
        translate=say)

    def rules(self, data: Any) -> XiDachRules:
        return XiDachRules() if data is None else XiDachRules.from_dict(data)

    def rules_data(self, rules: XiDachRules) -> dict[str, Any]:
        return rules.to_dict()

    def rules_words(self, rules: XiDachRules, lang: str = "en") -> list[str]:
        """The table's rules as players say them.

        >>> XiDachKind().rules_words(XiDachRules(), "vi")[0]
        'người chơi non dưới 16 điểm phải rút; nhà cái dưới 15'
        """
        return [say("players must draw under {points}; the banker under {banker}", lang).format(
                    points=rules.player_min, banker=rules.banker_min),
                say("xì bàn pays {xi_ban}, xì dách {xi_dach}, ngũ linh {ngu_linh}", lang).format(
                    xi_ban=render.stakes(rules.xi_ban_pays, lang), xi_dach=render.stakes(rules.xi_dach_pays, lang),
                    ngu_linh=render.stakes(rules.ngu_linh_pays, lang))]

    def deal(self, rules: XiDachRules, leader: int, server_seed: str, client_seed: str, *, first_game: bool = True
             ) -> XiDachGame:
        """A game on the fair deck of these seeds, ``leader`` the banker."""
        return XiDachGame(rules, leader, shuffled_deck(server_seed, client_seed))

    def start_of(self, game: XiDachGame) -> tuple[int, bool]:
        return game.banker, True

    def deal_difference(self, game: XiDachGame, other: XiDachGame) -> str | None:
        """The first card of the deck where the two deals differ."""
        for i, (a, b) in enumerate(zip(game.deck, other.deck)):
            if a != b:
                return f"card {i + 1} of the deck is {Card.from_index(a)}, but these seeds deal {Card.from_index(b)}"
        return None

    def next_leader(self, game: XiDachGame) -> int:
        """The bank passes to the next seat."""
        return (game.banker + 1) % game.players

    def deal_of(self, rules: XiDachRules, seed: int, deal: int, leader: int = 0) -> XiDachGame:
        """Deal ``deal`` of the integer seed block ``seed``, ``leader`` the banker."""
        deck = list(range(52))
        random.Random(seed * 1_000_003 + deal).shuffle(deck)
        return XiDachGame(rules, leader, deck)

    def bot_seed(self, seed: int, index: int, seat: int) -> int:
        return (seed * 1_000_003 + index) * 8 + seat

    def seeded_bot(self, name: str, seed: int | None, *, move_seconds: float) -> Any:
        return make_xidach_bot(name, seed, move_seconds=move_seconds)

    def finish(self, game: XiDachGame, seat: int) -> dict[str, float]:
        """How the seat's hand ended: xì bàn or xì dách, ngũ linh, quắc; and whether it held the bank."""
        kind = worth(game.hands[seat]).kind
        return {"nhà cái": seat == game.banker, "xì dách": kind in ("xi_ban", "xi_dach"),
                "ngũ linh": kind == "ngu_linh", "quắc": kind == "quac"}

    def summary_fields(self, game: XiDachGame, order: list[int]) -> dict[str, Any]:
        """Its rates (xì dách or xì bàn, ngũ linh, quắc) and its figure, each bot's money as the banker (0 in a
        game it did not hold the bank), per bot."""
        finishes = [self.finish(game, q) for q in order]
        result = game.result
        assert result is not None, "the game is not over"
        return {"rates": {name: tuple(bool(f[name]) for f in finishes) for name in ("xì dách", "ngũ linh", "quắc")},
                "figures": {"bank": tuple(result.net[q] if q == game.banker else 0 for q in order)}}

    def engine_policies(self, bots: Any) -> list[str] | None:
        return None

    def play_in_engine(self, policies: list[str], rules: Any, seed: int, indices: list[int], rotate: bool
                       ) -> list[Any]:
        raise ValueError("Xì dách has no compiled engine")

    def parse_action(self, text: str) -> Any:
        return parse_action(text)

    def action_of_id(self, number: int) -> Any:
        raise ValueError("Xì dách moves are sent as text: draw, stand or settle N")

    def make_bot(self, name: str) -> Any:
        return make_xidach_bot(name)

    def from_record(self, text: str) -> XiDachGame:
        return XiDachGame.from_json(text)

    def move_text(self, player: int, action: Any, lang: str = "en") -> str:
        return render.move_text(player, action, lang)

    def report(self, game: XiDachGame, seat: int, *, drawn: bool, lang: str = "en") -> dict[str, Any]:
        """The seat's view as data, its big moments (each settlement) and, at the end, every hand, the result
        and each payment told to the seat."""
        report = render.view_report(game.view(seat), lang)
        report["moments"] = render.moments(game, lang, seat)
        if drawn:
            report["html"] = render.html(game, seat, lang)
        if game.result is not None:
            report["result"] = {**game.result.to_dict(), "winner": game.result.winner,
                                "text": render.result_lines(game, seat, lang)[-1]}
            report["payments"] = render.payment_lines(game, lang, seat)
            report["final_hands"] = [h.codes for h in game.hands]
            report["result_table"] = render.result_table(game, seat, lang)
        return report

    def hint(self, game: XiDachGame, seat: int, *, search: bool, lang: str = "en", seconds: float | None = None
             ) -> dict[str, Any]:
        """The move that wins most over at most ``HINT_WORLDS`` worlds that agree with the seat's view
        (``LOOKAHEAD_WORLDS`` with ``search``), weighed for at most ``seconds`` (by default ``HINT_SECONDS``,
        ``LOOKAHEAD_SECONDS`` with ``search``), the next best beside it."""
        view = game.view(seat)
        if not view.legal_actions:
            raise ValueError(f"seat {seat} has no move now")
        worlds = LOOKAHEAD_WORLDS if search else HINT_WORLDS
        budget = seconds if seconds is not None else LOOKAHEAD_SECONDS if search else HINT_SECONDS
        bot = MonteCarloXiDachBot(worlds, seed=len(game.history) * 8 + seat)
        values = sorted(bot.values(view, time.monotonic() + budget), key=lambda v: -v[1]) \
            if len(view.legal_actions) > 1 else [(view.legal_actions[0], 0.0, 0)]
        best, gain, weighed = values[0]
        if len(values) == 1:
            reason = say("the only move", lang)
        else:
            other, other_gain, _ = values[1]
            reason = say("{move} is worth {gain} a game on average over {worlds} deals (the next best, {other}: "
                         "{other_gain})", lang).format(
                move=render.action_label(best, lang), gain=render.signed(gain, lang), worlds=weighed,
                other=render.action_label(other, lang), other_gain=render.signed(other_gain, lang))
        return {"action": render.action_report(best, lang), "reason": reason,
                "alternatives": [{**render.action_report(a, lang), "value": round(v, 3)} for a, v, _ in values[1:]]}

    def sample_world(self, view: XiDachView, rng: Any) -> XiDachGame | None:
        return sample_world(view, rng)

    def judge(self, view: XiDachView, worlds: int, seed: int) -> Any:
        raise ValueError("Xì dách's review weighs its moves by its Python referee (phom.review.referee)")

    def money_spread(self, games: int) -> float:
        """The standard deviation of seat 0's money over ``games`` greedy deals (a fixed seed), 4 seats."""
        rules, bot = XiDachRules(), make_xidach_bot("greedy")
        money = []
        for i in range(games):
            game = self.deal_of(rules, 20261204, i, i % rules.players)
            while not game.is_over:
                assert game.to_move is not None
                game.apply(bot.act(game.view(game.to_move)))
            assert game.result is not None
            money.append(game.result.net[0])
        mean = sum(money) / len(money)
        return float((sum((m - mean) ** 2 for m in money) / len(money)) ** 0.5)

    def cards_in_order(self, codes: str) -> list[str]:
        """Aces first, then by rank, as a Xì dách player holds them."""
        return [c.code for c in sorted(CardSet.parse(codes))]

    def terminal(self) -> Any:
        from .terminal import XIDACH_TERMINAL

        return XIDACH_TERMINAL

    def replay(self, game: XiDachGame) -> Any:
        """The review's replay: its Python referee's (``phom.review.referee.RefereeReplay``)."""
        from phom.review.referee import RefereeReplay

        return RefereeReplay(self, game)

    def session(self, rules: Any = None) -> Any:
        raise ValueError("Xì dách has no adapters' session: Gymnasium, PettingZoo and OpenSpiel do not play it")

    def view_data(self, view: XiDachView) -> dict[str, Any]:
        return render.view_report(view)

    def view_from_data(self, data: dict[str, Any]) -> XiDachView:
        """The seat's view rebuilt from ``view_data``'s JSON (its ``rules`` in it); ValueError naming the
        first part that does not add up."""
        try:
            rules = XiDachRules.from_dict(data["rules"])
            player, banker = int(data["player"]), int(data["banker"])
            hand = CardSet.parse(data["hand"]) if data["hand"] else CardSet()
            sizes = [int(s) for s in data["hand_sizes"]]
            shown = {int(q): CardSet.parse(c) for q, c in data["shown"].items()}
            settled = {int(q): int(v) for q, v in data["settled"].items()}
            to_move = None if data["to_move"] is None else int(data["to_move"])
            legal = [parse_action(e["text"]) for e in data["legal_actions"]]
            history = [(int(e["player"]), parse_action(e["action"])) for e in data["history"]]
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"a Xì dách view lacks or mistypes {exc}") from None
        if len(sizes) != rules.players or len(hand) != sizes[player]:
            raise ValueError("a Xì dách view's hand_sizes do not match its seats and hand")
        return XiDachView(rules, player, banker, hand, sizes, shown, settled, to_move, legal, history)
