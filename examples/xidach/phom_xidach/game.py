"""The Xì dách referee: one banker (nhà cái) against the other seats, each settled on its own.

The deck is dealt two cards a seat, one at a time, from the seat after the banker round to the banker. A
banker's xì bàn or xì dách settles every seat at once; a player's settles that player at once (the banker
pays, or hòa against the same). Then each player in turn, from the seat after the banker, rút (draws) or
dằn (stands): under ``player_min`` points (non) he must rút, at five cards he stops, and quắc (over 21) he
can only dằn — nobody sees it until he is settled. Last the banker: non under ``banker_min`` he must rút;
otherwise he may rút, xét one player (``settle N``: both hands shown, that player settled) and go on, or
dằn, which settles everyone left. Quắc or at five cards, the banker settles everyone left at once.

Moves are text: ``draw``, ``stand``, ``settle N`` (N the seat from 0, as the API counts it).

>>> from phom.cards import Card
>>> game = XiDachGame(XiDachRules(players=3), banker=0, deck=[Card(c).index for c in
...     "9S 5H 8S 7D KC 9C 4S 2H 3D".split()] + [i for i in range(52) if Card.from_index(i).code not in
...     "9S 5H 8S 7D KC 9C 4S 2H 3D".split()])
>>> [h.codes for h in game.hands], game.to_move, [str(a) for a in game.legal_actions()]
(['8S 9C', '9S 7D', 'KC 5H'], 1, ['draw', 'stand'])
>>> game.apply(Stand()); [str(a) for a in game.legal_actions()]
['draw']
>>> game.apply(Draw()); game.apply(Stand()); game.hands[2].codes, game.to_move
('4S KC 5H', 0)
>>> [str(a) for a in game.legal_actions()]
['draw', 'stand', 'settle 1', 'settle 2']
>>> game.apply(Stand()); game.result.net
[0, -1, 1]
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from phom.cards import Card, CardSet
from phom.refusals import Refusal

from .hands import NATURALS, Worth, player_net, worth
from .rules import XiDachRules
from .words import say

__all__ = ["FIVE", "RECORD_FORMAT", "Draw", "Settle", "Stand", "XiDachAction", "XiDachGame", "XiDachRefusal",
           "XiDachResult", "XiDachView", "parse_action"]

#: the record's format
RECORD_FORMAT = "xidach-game"
#: the most cards a hand holds
FIVE = 5


class XiDachRefusal(Refusal):
    """A move the Xì dách referee refuses: ``str`` the English for logs, ``text(lang)`` the player's sentence
    (from the game's own words); the game is unchanged.

    >>> XiDachRefusal("non", "Your hand is non (under {points}): you must rút.", points=16).text("vi")
    'Bài non (dưới 16 điểm): bạn phải rút.'
    """

    def __init__(self, message: str, sentence: str = "That move is not allowed now.", **params: Any) -> None:
        super().__init__(message, "xidach", **params)
        self.sentence = sentence

    def text(self, lang: str = "en") -> str:
        shown = {k: (v + 1 if k == "seat" and isinstance(v, int) else v) for k, v in self.params.items()}
        return say(self.sentence, lang).format(**shown)


@dataclass(frozen=True)
class Draw:
    """rút: take the next card."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Stand:
    """dằn: stop drawing (the banker: settle with everyone left)."""

    def __str__(self) -> str:
        return "stand"


@dataclass(frozen=True)
class Settle:
    """xét: the banker settles with one player now (``seat`` from 0), and may go on drawing."""

    seat: int

    def __str__(self) -> str:
        return f"settle {self.seat}"


XiDachAction = Draw | Stand | Settle


def parse_action(text: str) -> XiDachAction:
    """An action from its text; ValueError naming what is wrong.

    >>> parse_action("settle 2"), parse_action(" stand ")
    (Settle(seat=2), Stand())
    >>> parse_action("hit")
    Traceback (most recent call last):
    ...
    ValueError: 'hit' is not a Xì dách move: write draw, stand or settle N
    """
    words = text.split() if isinstance(text, str) else []
    if words == ["draw"]:
        return Draw()
    if words == ["stand"]:
        return Stand()
    if len(words) == 2 and words[0] == "settle" and words[1].isdigit() and len(words[1]) <= 2:
        return Settle(int(words[1]))
    raise ValueError(f"{text!r} is not a Xì dách move: write draw, stand or settle N")


@dataclass
class XiDachResult:
    """A finished game: each seat's ``net`` in stakes (the banker's the others' opposite), the hands' worth,
    the ``winner`` (the seat that took most; the banker on a tie)."""

    net: list[int]
    worths: list[Worth]
    banker: int

    @property
    def winner(self) -> int:
        best = max(self.net)
        return self.banker if self.net[self.banker] == best else self.net.index(best)

    def to_dict(self) -> dict[str, Any]:
        return {"net": list(self.net), "banker": self.banker,
                "hands": [{"kind": w.kind, "points": w.points} for w in self.worths]}


@dataclass
class XiDachView:
    """What ``player`` sees: his hand, every seat's count of cards, the hands shown at a settlement and what
    they paid, whose turn it is and his legal actions, the moves so far."""

    rules: XiDachRules
    player: int
    banker: int
    hand: CardSet
    hand_sizes: list[int]
    shown: dict[int, CardSet]
    settled: dict[int, int]
    to_move: int | None
    legal_actions: list[XiDachAction]
    history: list[tuple[int, XiDachAction]]

    @property
    def worth(self) -> Worth:
        """The worth of the viewer's own hand."""
        return worth(self.hand)


@dataclass
class XiDachGame:
    """A game from the banker's seat and the 52 cards in dealing order (card indices, ``phom.cards``)."""

    rules: XiDachRules
    banker: int
    deck: Sequence[int]
    hands: list[CardSet] = field(init=False)
    history: list[tuple[int, XiDachAction]] = field(init=False, default_factory=list)
    settled: dict[int, int] = field(init=False, default_factory=dict)
    #: each settlement in order: (the number of moves played then, the player settled, the banker's hand then)
    settlements: list[tuple[int, int, CardSet]] = field(init=False, default_factory=list)
    to_move: int | None = field(init=False, default=None)
    drawn: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        n = self.rules.players
        if not (isinstance(self.banker, int) and 0 <= self.banker < n):
            raise ValueError(f"banker: a seat from 0 to {n - 1}, not {self.banker!r}")
        if sorted(self.deck) != list(range(52)):
            raise ValueError("deck: the 52 cards, each once")
        self.deck = list(self.deck)
        self.history, self.settled, self.settlements = [], {}, []
        order = self.seats_in_order() + [self.banker]
        hands = [0] * n
        for i in range(2 * n):
            hands[order[i % n]] |= 1 << self.deck[i]
        self.drawn = 2 * n
        self.hands = [CardSet(mask) for mask in hands]
        if worth(self.hands[self.banker]).kind in NATURALS:
            self._settle_all()
            return
        for p in self.seats_in_order():
            if worth(self.hands[p]).kind in NATURALS:
                self._settle(p)
        self.to_move = self.banker
        self._next_player(None)

    @property
    def leader(self) -> int:
        """The banker (the seat a table's game is dealt from)."""
        return self.banker

    @property
    def players(self) -> int:
        return self.rules.players

    def seats_in_order(self) -> list[int]:
        """The players (every seat but the banker) in the order they play."""
        n = self.rules.players
        return [(self.banker + k) % n for k in range(1, n)]

    @property
    def is_over(self) -> bool:
        return len(self.settled) == self.rules.players - 1

    @property
    def result(self) -> XiDachResult | None:
        if not self.is_over:
            return None
        net = [self.settled.get(p, 0) for p in range(self.rules.players)]
        net[self.banker] = -sum(self.settled.values())
        return XiDachResult(net, [worth(h) for h in self.hands], self.banker)

    def worth(self, seat: int) -> Worth:
        return worth(self.hands[seat])

    def legal_actions(self) -> list[XiDachAction]:
        """The moves of the seat to move, in the order the table lists them."""
        p = self.to_move
        if p is None:
            return []
        hand, w = self.hands[p], worth(self.hands[p])
        if w.kind == "quac":
            return [Stand()]
        least = self.rules.banker_min if p == self.banker else self.rules.player_min
        moves: list[XiDachAction] = [Draw()] if len(hand) < FIVE else []
        if w.points >= least:
            moves.append(Stand())
            if p == self.banker:
                moves += [Settle(q) for q in self.seats_in_order() if q not in self.settled]
        return moves

    def refusal(self, action: Any) -> XiDachRefusal | None:
        """Why ``action`` is refused now, or None when it is legal."""
        if self.is_over:
            return XiDachRefusal("the game is over", "The game is over.")
        assert self.to_move is not None
        if action in self.legal_actions():
            return None
        p, hand = self.to_move, self.hands[self.to_move]
        w = worth(hand)
        if isinstance(action, Settle):
            if p != self.banker:
                return XiDachRefusal(f"seat {p} is not the banker: only the banker settles", "Only the banker xét.")
            if action.seat in self.settled or action.seat == self.banker or not 0 <= action.seat < self.players:
                return XiDachRefusal(f"seat {action.seat} is settled already or is not a player",
                                     "Seat {seat} is settled already, or is not a player.", seat=action.seat)
        if w.kind == "quac":
            return XiDachRefusal(f"seat {p} is quắc: it can only stand", "Your hand is quắc: you can only dằn.")
        if isinstance(action, Draw):
            return XiDachRefusal(f"seat {p} holds five cards", "You hold five cards: no more.")
        least = self.rules.banker_min if p == self.banker else self.rules.player_min
        if isinstance(action, (Stand, Settle)):
            if p == self.banker:
                return XiDachRefusal(f"the banker has {w.points} points, under {least}: it must draw",
                                     "The banker's hand is non (under {points}): the banker must rút.", points=least)
            return XiDachRefusal(f"seat {p} has {w.points} points, under {least}: it must draw",
                                 "Your hand is non (under {points}): you must rút.", points=least)
        return XiDachRefusal(f"{action!r} is not a Xì dách move")

    def apply(self, action: Any) -> None:
        """Play ``action`` for the seat to move; a ``XiDachRefusal`` (nothing changed) when it is not legal."""
        refused = self.refusal(action)
        if refused is not None:
            raise refused
        p = self.to_move
        assert p is not None
        self.history.append((p, action))
        if isinstance(action, Draw):
            self.hands[p] = CardSet(self.hands[p].mask | 1 << self.deck[self.drawn])
            self.drawn += 1
            if p == self.banker and (len(self.hands[p]) == FIVE or worth(self.hands[p]).kind == "quac"):
                self._settle_all()              # the banker quắc or at five cards: everyone left is settled
            elif p != self.banker and len(self.hands[p]) == FIVE:
                self._next_player(p)
        elif isinstance(action, Stand):
            if p == self.banker:
                self._settle_all()
            else:
                self._next_player(p)
        else:
            self._settle(action.seat)
            if self.is_over:
                self.to_move = None

    def _next_player(self, after: int | None) -> None:
        """The turn passes to the next player not settled after ``after`` (None: the first), else the banker."""
        order = self.seats_in_order()
        start = 0 if after is None else order.index(after) + 1
        for q in order[start:]:
            if q not in self.settled:
                self.to_move = q
                return
        self.to_move = None if self.is_over else self.banker
        if self.to_move == self.banker and worth(self.hands[self.banker]).kind == "quac":
            self._settle_all()

    def _settle(self, seat: int) -> None:
        self.settlements.append((len(self.history), seat, self.hands[self.banker]))
        self.settled[seat] = player_net(worth(self.hands[seat]), worth(self.hands[self.banker]), self.rules.pays)

    def _settle_all(self) -> None:
        for q in self.seats_in_order():
            if q not in self.settled:
                self._settle(q)
        self.to_move = None

    def shown(self, viewer: int | None = None) -> dict[int, CardSet]:
        """The hands every seat sees: the settled players', and the banker's once he settled anyone."""
        if self.is_over:
            return dict(enumerate(self.hands))
        seen = {q: self.hands[q] for q in self.settled}
        if seen:
            seen[self.banker] = self.hands[self.banker]
        return seen

    def view(self, seat: int) -> XiDachView:
        if not 0 <= seat < self.players:
            raise ValueError(f"seat: from 0 to {self.players - 1}, not {seat!r}")
        return XiDachView(self.rules, seat, self.banker, self.hands[seat], [len(h) for h in self.hands],
                          self.shown(), dict(self.settled), self.to_move,
                          self.legal_actions() if seat == self.to_move else [], list(self.history))

    def clone(self) -> XiDachGame:
        twin = XiDachGame.__new__(XiDachGame)
        twin.rules, twin.banker, twin.deck = self.rules, self.banker, self.deck
        twin.hands, twin.history, twin.settled = list(self.hands), list(self.history), dict(self.settled)
        twin.settlements = list(self.settlements)
        twin.to_move, twin.drawn = self.to_move, self.drawn
        return twin

    def to_json(self) -> str:
        """The record: rules, banker, the deck in dealing order, the actions (and the result once over)."""
        data: dict[str, Any] = {"format": RECORD_FORMAT, "version": 1, "rules": self.rules.to_dict(),
                                "banker": self.banker, "deck": [Card.from_index(i).code for i in self.deck],
                                "actions": [str(a) for _, a in self.history]}
        if self.result is not None:
            data["result"] = self.result.to_dict()
        return json.dumps(data, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> XiDachGame:
        """The game replayed from its record; ValueError naming the first bad part."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError, RecursionError):
            raise ValueError("a Xì dách record is JSON") from None
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise ValueError(f"a Xì dách record's format is {RECORD_FORMAT!r}")
        deck = data.get("deck")
        if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
            raise ValueError("deck: the 52 card codes in dealing order")
        try:
            indices = [Card.parse(c).index for c in deck]
        except ValueError as exc:
            raise ValueError(f"deck: {exc}") from None
        banker = data.get("banker")
        if isinstance(banker, bool) or not isinstance(banker, int):
            raise ValueError(f"banker: a seat number, not {banker!r}")
        game = cls(XiDachRules.from_dict(data.get("rules")), banker, indices)
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise ValueError("actions: a list of moves")
        for i, text_ in enumerate(actions):
            try:
                game.apply(parse_action(text_))
            except ValueError as exc:
                raise ValueError(f"action {i} ({text_!r}): {exc}") from None
        said = data.get("result")
        said = said.get("net") if isinstance(said, dict) else said      # a hosted record's result is the net
        if said is not None and game.result is not None and said != game.result.net:
            raise ValueError(f"result: the record says {said}, the moves give {game.result.net}")
        return game
