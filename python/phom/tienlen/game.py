"""``TienLenGame``: the referee of one game of Tiến lên (the Tiến lên rules).

``legal_actions()`` is exactly what ``apply`` accepts; anything else raises ``IllegalAction`` (a
ValueError) with the reason and changes nothing. Actions are ``Play(cards)`` and ``Pass()``.

>>> game = TienLenGame(seed=3)
>>> leader = game.to_move
>>> "3♠" in str(game.hands[leader]) and all("3S" in str(a) for a in game.legal_actions())
True
>>> while not game.is_over:
...     game.apply(game.legal_actions()[0])
>>> sum(game.result.net), sorted(game.result.places) == list(range(4))
(0, True)
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card, CardSet, CardsLike, to_mask
from ..refusals import IllegalAction, Refusal
from .combos import beats, classify, legal_plays, toi_trang
from .reference import HEO, in_order, order, strength
from .rules import TienLenRules, TienLenStakes

__all__ = ["IllegalAction", "Pass", "Play", "TienLenGame", "TienLenResult", "TienLenView", "bomb_value", "parse_action",
           "thoi"]

Payment = tuple[int, int, int, str]


#: rule options added after version 1 of the record, with the default a record without them means
_ADDED_RULES: dict[str, object] = {"later_toi_trang_in_first_game": False}


@dataclass(frozen=True)
class Play:
    """Play these cards (one combination)."""

    cards: CardSet

    def __init__(self, cards: CardsLike) -> None:
        object.__setattr__(self, "cards", CardSet(to_mask(cards, "play")))

    def __str__(self) -> str:
        return f"play {self.cards.codes}"


@dataclass(frozen=True)
class Pass:
    """Pass (bỏ lượt): out of this round."""

    def __str__(self) -> str:
        return "pass"


Action = Play | Pass


def parse_action(text: str) -> Action:
    """``pass`` or ``play CARDS``."""
    words = text.strip().split(None, 1) if isinstance(text, str) else []
    if words[:1] == ["pass"] and len(words) == 1:
        return Pass()
    if words[:1] == ["play"] and len(words) == 2:
        return Play(words[1])
    raise ValueError(f"action {text!r}: write 'pass' or 'play CARDS'")


@dataclass(frozen=True)
class TienLenResult:
    """How a game ended: ``places`` (seats, nhất first), ``toi_trang`` (the instant winner's kind, or
    None), ``cong`` (cóng seats), ``payments`` ``(payer, payee, amount, reason)`` and ``net`` (sums to 0)."""

    places: tuple[int, ...]
    toi_trang: str | None
    cong: tuple[int, ...]
    payments: tuple[Payment, ...]
    net: tuple[int, ...]

    @property
    def winner(self) -> int:
        return self.places[0]

    def next_leader(self, rules: TienLenRules) -> int:
        """Who leads the next game (the Tiến lên rules: the leader): this game's nhất, or with ``cong_leads`` a player
        who was cóng (the first of them).

        >>> TienLenResult((2, 0, 1, 3), None, (3,), (), (0, 0, 0, 0)).next_leader(TienLenRules(cong_leads=True))
        3
        """
        return self.cong[0] if rules.cong_leads and self.cong else self.places[0]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (payments as lists)."""
        return {"places": list(self.places), "toi_trang": self.toi_trang, "cong": list(self.cong),
                "payments": [list(p) for p in self.payments], "net": list(self.net)}


def _heo_value(mask: int, stakes: TienLenStakes) -> int:
    return sum(stakes.black_heo if int(c.suit) < 2 else stakes.red_heo for c in CardSet(mask) if order(c) == HEO)


def bomb_value(cards: CardsLike, stakes: TienLenStakes | None = None) -> int:
    """What a beaten play is worth in a chặt chain (§7.3): heo 1 (black) or 2 (red) each, 3 đôi thông
    3, tứ quý 4, 4 or more đôi thông 6; 0 for anything else.

    >>> bomb_value("2H"), bomb_value("2S 2H"), bomb_value("3S 3C 4D 4H 5S 5C"), bomb_value("7S 7C 7D 7H")
    (2, 3, 3, 4)
    """
    stakes = stakes if stakes is not None else TienLenStakes()
    combo = classify(cards)
    if combo is None:
        return 0
    if combo.kind in ("single", "pair") and order(combo.high) == HEO:
        return _heo_value(to_mask(cards, "cards"), stakes)
    if combo.kind == "four":
        return stakes.four_kind
    if combo.kind == "pairs_run":
        return stakes.three_pairs if combo.pairs == 3 else stakes.four_pairs
    return 0


def thoi(hand: CardsLike, stakes: TienLenStakes | None = None) -> int:
    """What the heo and hàng left in a hand cost (§6.2): each heo, each tứ quý (other than heo), and
    each maximal run of 3 or more pairs among the other ranks (3 pairs: 3, 4 or more: 6).

    >>> thoi("2S 2H 7S 7C 7D 7H 3S"), thoi("4S 4C 5S 5C 6D 6H 9S")
    (7, 3)
    """
    stakes = stakes if stakes is not None else TienLenStakes()
    mask = to_mask(hand, "hand")
    cards = list(CardSet(mask))
    counts = [0] * 13
    for c in cards:
        counts[order(c)] += 1
    total = _heo_value(mask, stakes)
    total += stakes.four_kind * sum(1 for o in range(12) if counts[o] == 4)
    run = 0
    for o in range(13):
        if o < 12 and 2 <= counts[o] < 4:
            run += 1
            continue
        if run >= 3:
            total += stakes.three_pairs if run == 3 else stakes.four_pairs
        run = 0
    return total


@dataclass(frozen=True)
class TienLenView:
    """One player's knowledge of a game (no other hand): see ``TienLenGame.view``."""

    player: int
    rules: TienLenRules
    first_game: bool
    leader: int
    hand: CardSet
    hand_sizes: tuple[int, ...]
    table: CardSet
    table_owner: int
    passed: frozenset[int]
    finished: tuple[int, ...]
    to_move: int | None
    legal_actions: tuple[Action, ...]
    history: tuple[tuple[int, Action], ...]
    cong: tuple[int, ...] = ()
    opening_card: Card | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "first_game": self.first_game, "leader": self.leader,
                "hand": self.hand.codes, "hand_sizes": list(self.hand_sizes),
                "table": self.table.codes, "table_owner": self.table_owner, "passed": sorted(self.passed),
                "finished": list(self.finished), "to_move": self.to_move,
                "legal_actions": [str(a) for a in self.legal_actions],
                "history": [[p, str(a)] for p, a in self.history], "cong": list(self.cong),
                "opening_card": self.opening_card.code if self.opening_card is not None else None}


class TienLenGame:
    """One game. ``deal`` (one cards-like of 13 per seat) fixes the cards; otherwise ``seed`` shuffles.
    ``first_game``: the holder of 3♠ (with 2–3 players, of the lowest dealt card) leads and must play it;
    later games are led by ``leader`` (the previous nhất)."""

    def __init__(self, rules: TienLenRules | None = None, *, seed: int | None = None,
                 deal: Sequence[CardsLike] | None = None, first_game: bool = True, leader: int | None = None
                 ) -> None:
        self.rules = rules if rules is not None else TienLenRules()
        if not isinstance(self.rules, TienLenRules):
            raise ValueError(f"rules {rules!r} is not a TienLenRules")
        n = self.rules.players
        if deal is None:
            deck = list(range(52))
            random.Random(seed).shuffle(deck)
            hands = [sum(1 << c for c in deck[13 * p:13 * p + 13]) for p in range(n)]
        else:
            if isinstance(deal, (str, int, CardSet)) or len(deal) != n:
                raise ValueError(f"deal must hold one hand of 13 cards per seat ({n} seats)")
            hands = [to_mask(h, f"deal hand {p}") for p, h in enumerate(deal)]
            seen = 0
            for p, hand in enumerate(hands):
                if hand.bit_count() != 13:
                    raise ValueError(f"deal hand {p} has {hand.bit_count()} cards; every seat gets 13")
                if hand & seen:
                    raise ValueError(f"deal hand {p} repeats {CardSet(hand & seen)}")
                seen |= hand
        self.seed, self.first_game = seed, bool(first_game)
        self.deal = tuple(CardSet(h) for h in hands)
        self.hands_ = list(hands)
        if first_game:
            lowest = min((c for h in hands for c in CardSet(h)), key=strength)
            self.opening_card: Card | None = lowest
            start = next(p for p, h in enumerate(hands) if h & lowest.mask)
        else:
            if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < n:
                raise ValueError(f"leader {leader!r} is not a seat from 0 to {n - 1}")
            self.opening_card = None
            start = leader
        self.leader = start
        self.to_move: int | None = start
        self.table = 0                    # the last play of this round (0: a new round)
        self.table_owner = -1
        self.passed: set[int] = set()     # seats out of this round
        self.finished: list[int] = []     # seats that went out, in order
        self.cong: list[int] = []
        self.played = [False] * n
        self.chain: list[int] = []        # values of the plays beaten by bombs in this round
        self.chain_victim = -1
        self.chain_winner = -1
        self.payments: list[Payment] = []
        self.history: list[tuple[int, Action]] = []
        self.result: TienLenResult | None = None
        self._instant_win()

    # -- reading -----------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def hands(self) -> tuple[CardSet, ...]:
        return tuple(CardSet(h) for h in self.hands_)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def _in_play(self, p: int) -> bool:
        return bool(self.hands_[p]) and p not in self.finished and p not in self.cong

    def legal_actions(self) -> list[Action]:
        """Exactly the legal actions of the player to move: plays (ascending masks), then Pass."""
        if self.to_move is None:
            return []
        p = self.to_move
        hand = self.hands_[p]
        if self.table == 0:
            plays = legal_plays(hand).tolist()
            if self.opening_card is not None:
                plays = [m for m in plays if m & self.opening_card.mask]
            return [Play(int(m)) for m in plays]
        plays = legal_plays(hand, self.table, self.rules).tolist()
        if p in self.passed and self.rules.pass_locks_round:   # a locked seat may only chặt
            plays = [m for m in plays if self._is_bomb(int(m))]
        return [Play(int(m)) for m in plays] + [Pass()]

    @staticmethod
    def _is_bomb(mask: int) -> bool:
        combo = classify(mask)
        return combo is not None and combo.is_bomb

    @staticmethod
    def _heo_or_bomb(mask: int) -> bool:
        combo = classify(mask)
        return combo is not None and (combo.is_bomb or (combo.kind in ("single", "pair") and order(combo.high) == HEO))

    # -- moves -------------------------------------------------------------------------------------

    def _refusal(self, action: object) -> Refusal | None:
        if self.to_move is None:
            return Refusal("the game is over", "game_over")
        p = self.to_move
        if isinstance(action, Pass):
            return Refusal("the player who starts a round cannot pass", "lead_cannot_pass") if self.table == 0 else None
        if not isinstance(action, Play):
            return Refusal(f"{action!r} is not a Play or a Pass")
        mask = action.cards.mask
        if mask & ~self.hands_[p]:
            missing = in_order(CardSet(mask & ~self.hands_[p]))      # weakest first, as a player holds them
            return Refusal(f"player {p} does not hold {missing}", "not_held", cards=missing)
        if classify(mask) is None:
            return Refusal(f"{action.cards} is not a combination", "not_a_combo", cards=in_order(action.cards))
        if self.table == 0:
            if self.opening_card is not None and not mask & self.opening_card.mask:
                return Refusal(f"the first play of the game must contain {self.opening_card}", "first_play_needs",
                               card=str(self.opening_card))
            return None
        if not beats(mask, self.table, self.rules):
            return Refusal(f"{action.cards} does not beat {CardSet(self.table)}", "does_not_beat",
                           cards=in_order(action.cards), table=in_order(CardSet(self.table)))
        if p in self.passed and self.rules.pass_locks_round and not self._is_bomb(mask):
            return Refusal(f"player {p} passed this round; he may only chặt with a bomb", "passed_bomb_only")
        return None

    def apply(self, action: Action) -> None:
        """Apply a legal action for the player to move; IllegalAction (nothing changed) otherwise."""
        reason = self._refusal(action)
        if reason is not None:
            raise IllegalAction(str(reason), reason.code, **reason.params)
        p = self.to_move
        assert p is not None
        self.history.append((p, action))
        if isinstance(action, Pass):
            self.passed.add(p)
            self._next_turn(p)
            return
        mask = action.cards.mask
        if self.table and self._is_bomb(mask) and self._heo_or_bomb(self.table):
            self.chain.append(bomb_value(self.table, self.rules.stakes))
            self.chain_victim, self.chain_winner = self.table_owner, p
        self.hands_[p] &= ~mask
        self.played[p] = True
        self.opening_card = None
        self.table, self.table_owner = mask, p
        if not self.hands_[p]:
            self.finished.append(p)
            if len(self.finished) == 1:
                self._mark_cong()
            if self._game_ends():
                self._settle_chain()
                self._finish()
                return
        self._next_turn(p)

    def _mark_cong(self) -> None:
        """§6.1: when the first player goes out, those who have not played a card are cóng."""
        n = self.players
        order_from_leader = [(self.leader + k) % n for k in range(n)]
        self.cong = [q for q in order_from_leader if not self.played[q] and q not in self.finished]
        self.passed -= set(self.cong)

    def _game_ends(self) -> bool:
        holding = [q for q in range(self.players) if self._in_play(q)]
        return len(holding) <= 1 or self.rules.end_at_first_out

    def _may_act(self, q: int) -> bool:
        """Does seat q get a turn against the current table?"""
        if not self._in_play(q):
            return False
        if q not in self.passed or not self.rules.pass_locks_round:
            return True
        if not (self.rules.chat_after_pass and self._heo_or_bomb(self.table)):
            return False
        return any(self._is_bomb(int(m)) for m in legal_plays(self.hands_[q], self.table, self.rules).tolist())

    def _next_turn(self, p: int) -> None:
        n = self.players
        for k in range(1, n + 1):
            q = (p + k) % n
            if q == self.table_owner:
                self._new_round(q)
                return
            if self._may_act(q):
                self.to_move = q
                return
        self._new_round(self.table_owner)

    def _new_round(self, owner: int) -> None:
        """Everyone else passed: the owner of the last play leads; if he went out, the next seat in
        play order that still holds cards (hưởng sái)."""
        self._settle_chain()
        self.table, self.passed = 0, set()
        n = self.players
        for k in range(n):
            q = (owner + k) % n
            if self._in_play(q):
                self.to_move, self.table_owner = q, -1
                return
        self._finish()

    def _settle_chain(self) -> None:
        if self.chain:
            self.payments.append((self.chain_victim, self.chain_winner, sum(self.chain), "chat"))
        self.chain, self.chain_victim, self.chain_winner = [], -1, -1

    def _instant_win(self) -> None:
        """§5: tới trắng before the first play, the seat nearest the leader first."""
        n = self.players
        for k in range(n):
            q = (self.leader + k) % n
            kind = toi_trang(self.hands_[q], first_game=self.first_game, rules=self.rules)
            if kind is not None:
                stakes = self.rules.stakes
                factor = 2 if self.rules.dem_heo else 1
                for other in range(n):
                    if other != q:
                        self.payments.append((other, q, stakes.toi_trang * factor, "toi_trang"))
                        if self.rules.dem_heo and thoi(self.hands_[other], stakes):
                            self.payments.append((other, q, thoi(self.hands_[other], stakes), "thoi"))
                places = [q] + [(q + j) % n for j in range(1, n)]
                self._close(places, kind, [])
                return

    def _finish(self) -> None:
        n = self.players
        stakes = self.rules.stakes
        remaining = [q for q in ((self.leader + k) % n for k in range(n))
                     if q not in self.finished and q not in self.cong]
        places = self.finished + remaining + self.cong
        first = places[0]
        by_place = stakes.by_place(n)
        for place, q in enumerate(places[1:], start=1):
            if q in self.cong:
                self.payments.append((q, first, stakes.cong, "cong"))
            elif by_place[place]:
                self.payments.append((q, first, by_place[place], "place"))
            if (q in self.cong or place == n - 1 - len(self.cong)) and q not in self.finished:
                owed = thoi(self.hands_[q], stakes)
                if owed:
                    self.payments.append((q, first, owed, "thoi"))
        self._close(places, None, self.cong)

    def _close(self, places: list[int], kind: str | None, cong: list[int]) -> None:
        net = [0] * self.players
        for payer, payee, amount, _ in self.payments:
            net[payer] -= amount
            net[payee] += amount
        self.result = TienLenResult(tuple(places), kind, tuple(cong), tuple(self.payments), tuple(net))
        self.to_move = None

    def clone(self) -> TienLenGame:
        """An independent copy (searching bots play copies out).

        >>> game = TienLenGame(seed=1)
        >>> copy = game.clone(); copy.apply(copy.legal_actions()[0])
        >>> len(copy.history), len(game.history)
        (1, 0)
        """
        twin = object.__new__(TienLenGame)
        twin.__dict__.update(self.__dict__)
        twin.hands_, twin.played, twin.passed = list(self.hands_), list(self.played), set(self.passed)
        twin.finished, twin.cong, twin.chain = list(self.finished), list(self.cong), list(self.chain)
        twin.payments, twin.history = list(self.payments), list(self.history)
        return twin

    # -- views and records -------------------------------------------------------------------------

    def view(self, player: int) -> TienLenView:
        """What ``player`` may know: his hand, every hand size, the table, passes, places, the history."""
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            raise ValueError(f"player {player!r} is not a seat from 0 to {self.players - 1}")
        return TienLenView(
            player=player, rules=self.rules, first_game=self.first_game, leader=self.leader,
            hand=CardSet(self.hands_[player]),
            hand_sizes=tuple(h.bit_count() for h in self.hands_), table=CardSet(self.table),
            table_owner=self.table_owner, passed=frozenset(self.passed), finished=tuple(self.finished),
            to_move=self.to_move,
            legal_actions=tuple(self.legal_actions()) if self.to_move == player else (),
            history=tuple(self.history), cong=tuple(self.cong), opening_card=self.opening_card)

    def to_json(self) -> str:
        """The rules, the deal, the leader and every action; ``TienLenGame.from_json`` replays it. A rule
        option added after version 1 of the record is written only when it is not at its default, so a
        record of a game under the rules as before reads the same as it did."""
        rules = {k: v for k, v in self.rules.__dict__.items()
                 if k != "stakes" and not (k in _ADDED_RULES and v == _ADDED_RULES[k])}
        return json.dumps({"format": "phom-tienlen", "version": 1, "rules": rules,
                           "stakes": self.rules.stakes.__dict__, "first_game": self.first_game,
                           "leader": self.leader, "deal": [h.codes for h in self.deal],
                           "actions": [str(a) for _, a in self.history]}, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> TienLenGame:
        """Replay a record; ValueError names the first bad part."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError, TypeError) as exc:
            raise ValueError(f"record is not valid JSON: {str(exc).splitlines()[0]}") from None
        if not isinstance(data, dict) or data.get("format") != "phom-tienlen" or data.get("version") != 1:
            raise ValueError("record: not a phom-tienlen record of version 1")
        try:
            rules = TienLenRules(**data["rules"], stakes=TienLenStakes(**data["stakes"]))
            game = cls(rules, deal=data["deal"], first_game=data["first_game"],
                       leader=None if data["first_game"] else data["leader"])
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"record: bad rules or deal: {exc}") from None
        for i, text_ in enumerate(data.get("actions", [])):
            try:
                game.apply(parse_action(text_))
            except ValueError as exc:
                raise ValueError(f"record: action {i} ({text_!r}) is illegal: {exc}") from None
        return game
