"""A toy game for the game protocol's test: "three cards", two players, three tricks. Each player is
dealt three cards from the fair deck (``phom.fairness.shuffled_deck``); the leader plays a card, the other
answers, the higher rank (ace high) takes the trick and leads the next; whoever takes more tricks wins one
stake. It has no compiled engine, and knows nothing of the machinery: it only implements
``phom.games.GameKind``."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from phom.cards import DECK_SIZE, Card, CardSet
from phom.fairness import shuffled_deck
from phom.review.text import ReviewWords

RANKS = "A23456789TJQK"


def strength(card: Card) -> int:
    return 14 if card.rank == 1 else card.rank


@dataclass(frozen=True)
class ToyRules:
    players: int = 2

    def __post_init__(self) -> None:
        if self.players != 2:
            raise ValueError("three cards is played by 2")

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players}


@dataclass(frozen=True)
class Lead:
    card: Card

    def __str__(self) -> str:
        return f"play {self.card.code}"


@dataclass
class ToyResult:
    net: list[int]
    winner: int

    def to_dict(self) -> dict[str, Any]:
        return {"net": self.net}


@dataclass
class ToyView:
    player: int
    hand: CardSet
    legal_actions: list[Lead]
    history: list[tuple[int, Lead]]


@dataclass
class ToyGame:
    rules: ToyRules
    deal: list[CardSet]
    leader: int = 0
    hands: list[CardSet] = field(default_factory=list)
    history: list[tuple[int, Lead]] = field(default_factory=list)
    tricks: list[int] = field(default_factory=lambda: [0, 0])
    to_move: int = 0
    table: list[tuple[int, Card]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.hands = list(self.deal) if not self.hands else self.hands
        self.to_move = self.leader if not self.history else self.to_move

    @property
    def is_over(self) -> bool:
        return sum(self.tricks) == 3

    @property
    def result(self) -> ToyResult | None:
        if not self.is_over:
            return None
        winner = 0 if self.tricks[0] > self.tricks[1] else 1
        return ToyResult([1 if p == winner else -1 for p in range(2)], winner)

    def legal_actions(self) -> list[Lead]:
        return [] if self.is_over else [Lead(c) for c in self.hands[self.to_move]]

    def view(self, seat: int) -> ToyView:
        return ToyView(seat, self.hands[seat], self.legal_actions() if seat == self.to_move else [],
                       list(self.history))

    def apply(self, action: Lead) -> None:
        if self.is_over or action not in self.legal_actions():
            raise ValueError(f"{action} is not a move of seat {self.to_move} now")
        p = self.to_move
        self.hands[p] = CardSet(self.hands[p].mask & ~(1 << action.card.index))
        self.history.append((p, action))
        self.table.append((p, action.card))
        if len(self.table) == 2:
            (a, ca), (b, cb) = self.table
            taker = a if strength(ca) > strength(cb) else b
            self.tricks[taker] += 1
            self.table, self.to_move = [], taker
        else:
            self.to_move = 1 - p

    def clone(self) -> ToyGame:
        twin = ToyGame(self.rules, list(self.deal), self.leader, list(self.hands), list(self.history),
                       list(self.tricks), self.to_move, list(self.table))
        return twin

    def to_json(self) -> str:
        return json.dumps({"format": "toy-three-cards", "rules": self.rules.to_dict(), "leader": self.leader,
                           "deal": [h.codes for h in self.deal], "actions": [str(a) for _, a in self.history]})


def parse(text: str) -> Lead:
    word, _, code = text.partition(" ")
    if word != "play" or not code:
        raise ValueError(f"{text!r} is not 'play CARD'")
    return Lead(Card(code))


class GreedyToyBot:
    def act(self, view: ToyView) -> Lead:
        return max(view.legal_actions, key=lambda a: strength(a.card))


class RandomToyBot:
    def __init__(self) -> None:
        self.rng = random.Random(0)

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def act(self, view: ToyView) -> Lead:
        return self.rng.choice(view.legal_actions)


class ToyKind:
    """Three cards behind ``phom.games.GameKind``."""

    name = "toy"
    title = "Three cards"
    record_format = "toy-three-cards"
    default_bot = "greedy"
    turn_seconds = 10
    engine = None
    engine_bots = ""
    review_words = ReviewWords("expected: what the seat could expect before the deal; skill: its own choices; "
                               "luck: the cards dealt; others: the other seat's choices.")

    def rules(self, data: Any) -> ToyRules:
        return ToyRules() if data is None else ToyRules(**data)

    def rules_data(self, rules: ToyRules) -> dict[str, Any]:
        return rules.to_dict()

    def deal(self, rules: ToyRules, leader: int, server_seed: str, client_seed: str, *,
             first_game: bool = True) -> ToyGame:
        deck = shuffled_deck(server_seed, client_seed)
        return ToyGame(rules, [CardSet(sum(1 << c for c in deck[3 * p:3 * p + 3])) for p in range(2)], leader)

    def start_of(self, game: ToyGame) -> tuple[int, bool]:
        return game.leader, True

    def deal_difference(self, game: ToyGame, other: ToyGame) -> str | None:
        for p, (a, b) in enumerate(zip(game.deal, other.deal)):
            if a != b:
                return f"hand {p} is {a.codes}, but these seeds deal {b.codes}"
        return None

    def next_leader(self, game: ToyGame) -> int:
        assert game.result is not None
        return game.result.winner

    def deal_of(self, rules: ToyRules, seed: int, deal: int, leader: int = 0) -> ToyGame:
        cards = random.Random(seed * 1_000_003 + deal).sample(range(52), 6)
        return ToyGame(rules, [CardSet(sum(1 << c for c in cards[3 * p:3 * p + 3])) for p in range(2)], leader)

    def bot_seed(self, seed: int, index: int, seat: int) -> int:
        return seed * 1_000_003 + 2 * index + seat

    def seeded_bot(self, name: str, seed: int | None, *, move_seconds: float) -> Any:
        bot = self.make_bot(name)
        if seed is not None and hasattr(bot, "reseed"):
            bot.reseed(seed)
        return bot

    def finish(self, game: ToyGame, seat: int) -> dict[str, float]:
        return {"3–0": game.tricks[seat] == 3}

    def summary_fields(self, game: ToyGame, order: list[int]) -> dict[str, Any]:
        return {"rates": {"3–0": tuple(game.tricks[q] == 3 for q in order)}}

    def parse_action(self, text: str) -> Lead:
        return parse(text)

    def action_of_id(self, number: int) -> Lead:
        raise ValueError("three cards' moves are sent as text")

    def make_bot(self, name: str) -> Any:
        bots = {"greedy": GreedyToyBot, "random": RandomToyBot}
        if name not in bots:
            raise ValueError(f"three cards has no bot {name!r}")
        return bots[name]()

    def from_record(self, text: str) -> ToyGame:
        data = json.loads(text)
        game = ToyGame(ToyRules(**data["rules"]), [CardSet(h) for h in data["deal"]], data["leader"])
        for action in data["actions"]:
            game.apply(parse(action))
        return game

    def move_text(self, player: int, action: Lead, lang: str = "en") -> str:
        return f"seat {player + 1} played {action.card}"

    def report(self, game: ToyGame, seat: int, *, drawn: bool, lang: str = "en") -> dict[str, Any]:
        view = game.view(seat)
        report: dict[str, Any] = {
            "game": "toy", "player": seat, "to_move": None if game.is_over else game.to_move,
            "hand": view.hand.codes, "is_over": game.is_over, "tricks": list(game.tricks),
            "legal_actions": [{"id": None, "text": str(a), "label": str(a.card)} for a in view.legal_actions],
            "history": [{"player": p, "action": str(a)} for p, a in game.history], "moments": []}
        if game.result is not None:
            report["result"] = {**game.result.to_dict(), "winner": game.result.winner}
            report["payments"] = []
        return report

    def rules_words(self, rules: ToyRules, lang: str = "en") -> list[str]:
        return ["three tricks"]

    def sample_world(self, view: ToyView, rng: random.Random) -> ToyGame:
        """The other hand: its played cards and unseen ones; the history played again on that deal."""
        other = 1 - view.player
        played = [sum(1 << a.card.index for q, a in view.history if q == p) for p in range(2)]
        mine = view.hand.mask | played[view.player]
        unseen = [i for i in range(DECK_SIZE) if not (mine | played[other]) >> i & 1]
        theirs = played[other] | sum(1 << i for i in rng.sample(unseen, 3 - played[other].bit_count()))
        deal = [CardSet(mine), CardSet(theirs)][::1 if view.player == 0 else -1]
        leader = view.history[0][0] if view.history else (view.player if view.legal_actions else other)
        game = ToyGame(ToyRules(), deal, leader)
        for _, action in view.history:
            game.apply(action)
        return game

    def view_data(self, view: ToyView) -> dict[str, Any]:
        return {"game": "toy", "player": view.player, "hand": view.hand.codes,
                "legal_actions": [{"id": None, "text": str(a), "label": str(a.card)} for a in view.legal_actions],
                "history": [{"player": p, "action": str(a)} for p, a in view.history]}

    def view_from_data(self, data: dict[str, Any]) -> ToyView:
        return ToyView(int(data["player"]), CardSet.parse(data["hand"]), [parse(e["text"]) for e in data["legal_actions"]],
                       [(int(e["player"]), parse(e["action"])) for e in data["history"]])

    def hint(self, game: ToyGame, seat: int, *, search: bool, lang: str = "en", seconds: float = 0.5
             ) -> dict[str, Any]:
        action = GreedyToyBot().act(game.view(seat))
        return {"action": {"id": None, "text": str(action), "label": str(action.card)},
                "reason": "the highest card", "alternatives": []}

    def terminal(self) -> None:
        """No table in the terminal: ``phom replay`` of its record says so in one line."""
