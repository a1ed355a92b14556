"""The referee: one game of Phỏm, exactly as RULES.md sections 2–8 say.

``legal_actions()`` is computed from the state with the compiled solver; ``apply`` accepts exactly those
actions and raises ``IllegalAction`` with the reason (changing nothing) for anything else.

>>> from phom import Game, Draw
>>> g = Game(seed=1)
>>> g.to_move, g.phase, len(g.hands[0]), g.stock_size
(0, 'play', 10, 15)
>>> g.apply(g.legal_actions()[-1])
>>> g.to_move, g.phase
(1, 'take')
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from . import _solver
from .actions import (
    AUTO_LAY_ID,
    DECLARE_U_ID,
    DECLARE_U_KHAN_ID,
    DISCARD_BASE,
    DRAW_ID,
    EAT_BASE,
    LAY_BASE,
    MELDS,
    MELDS_PER_PLAYER,
    NUM_ACTIONS,
    SEND_BASE,
    Action,
    AutoLay,
    DeclareU,
    DeclareUKhan,
    Discard,
    Draw,
    Eat,
    LayMeld,
    Send,
    send_id,
)
from .cards import DECK_MASK, RANKS, Card, CardSet, CardsLike, to_card, to_mask
from .rules import Rules
from .scoring import Payment, Result, UKind, rank_and_settle, settle_u
from .solver import arrange, best_lay

__all__ = ["Game", "IllegalAction", "Phase", "TurnKind"]

Phase = Literal["take", "play", "over"]
#: normal turn; lay-down turn (hạ); tái turn (after lay-down, row below 4)
TurnKind = Literal["normal", "lay", "tai"]

_ACES = sum(1 << (s * RANKS) for s in range(4))
_KINGS = _ACES << 12
_UNIT = _solver.value_table([1] * 13)
_MELD_POSITION = {m.mask: i for i, m in enumerate(MELDS)}
_CARDS = [Card.from_index(c) for c in range(52)]
_as_set = CardSet._from_mask   # masks the engine made itself need no checking


class IllegalAction(ValueError):
    """An action that is not legal in this state; the message says why. The game is unchanged."""


def _cards_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def extension_cards(meld: int) -> int:
    """The cards that would keep a table phỏm valid if sent onto it: the ends of a run, the 4th of a set.

    >>> str(CardSet(extension_cards(CardSet.parse("7H 8H 9H").mask)))
    '6♥ 10♥'
    """
    low = meld & -meld
    if meld >> (low.bit_length() - 1) >> RANKS:  # it spans suit fields: a set (a run stays in one field)
        if meld.bit_count() == 3:
            rank = (low.bit_length() - 1) % RANKS
            return (_ACES << rank) & ~meld
        return 0
    high = 1 << (meld.bit_length() - 1)
    return ((high & ~_KINGS) << 1) | ((low & ~_ACES) >> 1)


class _Seat:
    """One player's state (masks and lists of card indices)."""

    __slots__ = ("hand", "eaten", "eaten_all", "eats", "row", "laid", "laid_down", "lay_order", "had_tai",
                 "turns", "ever_laid")

    def __init__(self, hand: int) -> None:
        self.hand = hand
        self.eaten = 0          # eaten cards still in hand (not yet laid)
        self.eaten_all = 0      # every card eaten this game (public)
        self.eats = 0
        self.row: list[int] = []
        self.laid: list[int] = []   # his phỏm on the table, grown by gửi
        self.laid_down = False
        self.lay_order = -1
        self.had_tai = False
        self.turns = 0
        self.ever_laid = False

    def copy(self) -> _Seat:
        other = object.__new__(_Seat)
        for name in _Seat.__slots__:
            setattr(other, name, getattr(self, name))
        other.row = list(self.row)
        other.laid = list(self.laid)
        return other


@dataclass(frozen=True)
class Deal:
    """The cards of a game: each seat's hand, the stock in draw order, and the cards set aside."""

    hands: tuple[CardSet, ...]
    stock: tuple[Card, ...]
    set_aside: CardSet


class Game:
    """One game. ``deal=(hands, stock)`` fixes the cards; otherwise ``seed`` makes the shuffle reproducible.

    >>> g = Game(Rules(players=2), seed=7)
    >>> len(g.hands[0]), len(g.hands[1]), g.stock_size
    (10, 9, 7)
    """

    num_actions = NUM_ACTIONS

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None, leader: int = 0,
                 deal: tuple[Sequence[CardsLike], Sequence[CardsLike]] | None = None) -> None:
        self.rules = rules if rules is not None else Rules()
        if not isinstance(self.rules, Rules):
            raise ValueError(f"rules {rules!r} is not a Rules")
        n = self.rules.players
        if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < n:
            raise ValueError(f"leader {leader!r} is not a seat from 0 to {n - 1}")
        self.leader = leader
        self.seed = seed
        self.deal = self._make_deal(deal, seed)
        self._values = _solver.value_table(self.rules.values)
        self._seats = [_Seat(h.mask) for h in self.deal.hands]
        self._stock = [c.index for c in reversed(self.deal.stock)]  # pop() draws
        self._lead = leader            # L: the player due to lay down first (chuyển bài)
        self._last_discard: tuple[int, int] | None = None   # (card, player) that may be eaten
        self._lay_counter = 0
        self._chot_eaters: list[int] = []
        self._payments: list[Payment] = []
        self.history: list[tuple[int, Action]] = []
        self.result: Result | None = None
        self._draws = 0
        self._sampled = False   # True for worlds built by from_view: they have no record
        self._begin_turn(leader, first_of_game=True)

    # ------------------------------------------------------------------------------------------
    # Setup

    def _make_deal(self, deal: object, seed: int | None) -> Deal:
        rules, n = self.rules, self.rules.players
        sizes = [rules.leader_hand_size if p == self.leader else rules.hand_size for p in range(n)]
        if deal is None:
            deck = list(range(52))
            random.Random(seed).shuffle(deck)
            hands, pos = [], 0
            for size in sizes:
                hands.append(CardSet(sum(1 << c for c in deck[pos:pos + size])))
                pos += size
            stock = tuple(Card.from_index(c) for c in deck[pos:pos + rules.stock_size])
        else:
            raw_hands: Any
            raw_stock: Any
            try:
                raw_hands, raw_stock = deal  # type: ignore[misc]
            except (TypeError, ValueError):
                raise ValueError("deal must be a pair (hands, stock)") from None
            if isinstance(raw_hands, (str, int, CardSet)) or len(raw_hands) != n:
                raise ValueError(f"deal hands must hold one cards-like per seat ({n} seats)")
            hands = [CardSet(to_mask(h, f"deal hand {p}")) for p, h in enumerate(raw_hands)]
            for p, (hand, size) in enumerate(zip(hands, sizes)):
                if len(hand) != size:
                    role = "the leader" if p == self.leader else "a non-leader"
                    raise ValueError(f"deal hand {p} has {len(hand)} cards; {role} gets {size}")
            if isinstance(raw_stock, str):
                raw_stock = raw_stock.replace(",", " ").split()
            if isinstance(raw_stock, (int, CardSet)):
                raise ValueError("deal stock must be a sequence of cards in draw order, not a set of cards")
            stock = tuple(to_card(c, f"deal stock card {i}") for i, c in enumerate(raw_stock))
            if len(stock) != rules.stock_size:
                raise ValueError(f"deal stock has {len(stock)} cards; {n} players need 4N − 1 = {rules.stock_size}")
            seen = 0
            for name, mask in [(f"deal hand {p}", h.mask) for p, h in enumerate(hands)] + \
                              [(f"deal stock card {i}", c.mask) for i, c in enumerate(stock)]:
                if mask & seen:
                    raise ValueError(f"{name} repeats {CardSet(mask & seen)}")
                seen |= mask
        used = sum(h.mask for h in hands) | sum(c.mask for c in stock)
        return Deal(tuple(hands), stock, CardSet(DECK_MASK & ~used))

    # ------------------------------------------------------------------------------------------
    # Public state

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def hands(self) -> tuple[CardSet, ...]:
        return tuple(_as_set(s.hand) for s in self._seats)

    @property
    def eaten(self) -> tuple[CardSet, ...]:
        """Every card each player ate this game (public information)."""
        return tuple(_as_set(s.eaten_all) for s in self._seats)

    @property
    def unlaid_eaten(self) -> tuple[CardSet, ...]:
        """Eaten cards still in each hand (they must be laid, each in its own phỏm)."""
        return tuple(_as_set(s.eaten) for s in self._seats)

    @property
    def rows(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple([_CARDS[c] for c in s.row]) for s in self._seats)

    @property
    def laid(self) -> tuple[list[CardSet], ...]:
        return tuple([_as_set(m) for m in s.laid] for s in self._seats)

    @property
    def stock_size(self) -> int:
        return len(self._stock)

    @property
    def draws(self) -> int:
        return self._draws

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def last_discard(self) -> tuple[Card, int] | None:
        """The discard that the player to move may eat, and who made it."""
        if self._last_discard is None or self.phase != "take":
            return None
        return Card.from_index(self._last_discard[0]), self._last_discard[1]

    @property
    def laid_down(self) -> tuple[bool, ...]:
        return tuple(s.laid_down for s in self._seats)

    @property
    def payments(self) -> tuple[Payment, ...]:
        """Payments made so far (eats); the final list is ``result.payments``."""
        return self.result.payments if self.result else tuple(self._payments)

    def next_seat(self, p: int) -> int:
        return (p + 1) % self.rules.players

    def prev_seat(self, p: int) -> int:
        return (p - 1) % self.rules.players

    # ------------------------------------------------------------------------------------------
    # Turn flow

    def _begin_turn(self, p: int, first_of_game: bool = False) -> None:
        seat = self._seats[p]
        self.to_move: int | None = p
        if seat.laid_down:
            if len(seat.row) >= 4:
                raise AssertionError(f"seat {p} is to move with a full row")
            self.turn_kind: TurnKind = "tai"
        elif len(seat.row) == 3:
            self.turn_kind = "lay"
        else:
            self.turn_kind = "normal"
        self.phase: Phase = "play" if first_of_game else "take"
        self._turn_actions = 0
        self._laid_this_turn = 0
        self._sent_this_turn = False
        self._ate_chot_from: int | None = None
        self._legal: dict[int, Action] | None = None
        self._auto: tuple[list[int], list[tuple[int, int, int]]] | None = None

    def _table_targets(self, p: int) -> list[tuple[int, int, int]]:
        """(player, index, mask) of the table phỏm p may send to now."""
        if self.turn_kind == "lay":
            return [(q, i, m) for q, s in enumerate(self._seats) if q != p for i, m in enumerate(s.laid)]
        if self.turn_kind == "tai" and self.rules.tai_gui:
            return [(q, i, m) for q, s in enumerate(self._seats) for i, m in enumerate(s.laid)]
        return []

    def _is_chot(self, eater: int, victim: int, card: int) -> bool:
        if self.rules.chot_rule == "victim_last":
            row = self._seats[victim].row
            return len(row) == 4 and row[-1] == card
        return self.turn_kind in ("lay", "tai")

    def _must_lay_all(self) -> bool:
        return self.rules.must_lay_all and self.turn_kind == "lay"

    def _nothing_left_to_lay(self, seat: _Seat) -> bool:
        """must_lay_all: the lay-down already leaves the fewest points possible."""
        best = _solver.min_points_mask(seat.hand, seat.eaten, self._values)
        return best == sum(self.rules.values[c % RANKS] for c in _cards_of(seat.hand))

    # ------------------------------------------------------------------------------------------
    # Legal actions

    def legal_actions(self) -> list[Action]:
        """Exactly the legal actions of the player to move (empty when the game is over), by id."""
        return list(self._legal_map().values())

    def legal_action_mask(self) -> Any:
        """A bool NumPy vector of length ``num_actions``: True at the id of every legal action."""
        import numpy as np

        mask = np.zeros(NUM_ACTIONS, dtype=bool)
        mask[list(self._legal_map())] = True
        return mask

    def _legal_map(self) -> dict[int, Action]:
        if self._legal is None:
            ids = sorted(self._legal_ids())
            self._legal = {i: Action.from_id(i) for i in ids}
        return self._legal

    def _legal_ids(self) -> list[int]:
        if self.phase == "over":
            return []
        p = self.to_move
        assert p is not None
        seat = self._seats[p]
        ids: list[int] = []
        if self._can_declare_u_khan(seat):
            ids.append(DECLARE_U_KHAN_ID)
        if self.phase == "take":
            if self._stock:
                ids.append(DRAW_ID)
            card = self._eatable()
            if card is not None:
                ids.append(EAT_BASE + card)
            return ids
        # play phase
        acting = self.turn_kind in ("lay", "tai")
        untouched = self._laid_this_turn == 0 and not self._sent_this_turn
        if not seat.laid_down and untouched and _solver.min_points_mask(seat.hand, seat.eaten, _UNIT) in (0, 1):
            ids.append(DECLARE_U_ID)
        if not acting:
            ids.extend(DISCARD_BASE + c for c in _cards_of(_solver.legal_discard_mask(seat.hand, seat.eaten)))
            return ids
        if untouched:
            self._auto = self._auto_plan(p)   # kept for apply(AutoLay()) in this same state
            if self._auto is not None:
                ids.append(AUTO_LAY_ID)
        if not self._sent_this_turn:
            ids.extend(LAY_BASE + _MELD_POSITION[m] for m in self._layable(seat))
        lay_done = not self._must_lay_all() or self._nothing_left_to_lay(seat)
        if lay_done:
            ids.extend(self._send_ids(p, seat))
        if seat.eaten == 0 and seat.hand and lay_done:
            ids.extend(DISCARD_BASE + c for c in _cards_of(seat.hand))
        return ids

    def _can_declare_u_khan(self, seat: _Seat) -> bool:
        if not self.rules.u_khan or seat.turns != 0 or self._turn_actions != 0:
            return False
        return _solver.is_u_khan(seat.hand)

    def _eatable(self) -> int | None:
        """The card the player to move may eat now, if any (RULES 4.1, 4.4, 4.5)."""
        if self._last_discard is None:
            return None
        card, by = self._last_discard
        p = self.to_move
        assert p is not None
        if by != self.prev_seat(p):
            return None
        seat = self._seats[p]
        if seat.laid_down and self.turn_kind != "tai":
            return None
        # after lay-down only a new phỏm entirely from hand: seat.eaten is empty then
        return card if _solver.can_eat(seat.hand, card, seat.eaten) else None

    def _layable(self, seat: _Seat) -> list[int]:
        out = []
        base = _solver.min_points_mask(seat.hand, seat.eaten, self._values) if self._must_lay_all() else None
        for m in _solver.meld_masks(seat.hand):
            if (m & seat.eaten).bit_count() > 1:
                continue
            rest, rest_eaten = seat.hand & ~m, seat.eaten & ~m
            if not rest and not self.rules.u_by_gui:
                continue
            best = _solver.min_points_mask(rest, rest_eaten, self._values)
            if best < 0 or (base is not None and best != base):
                continue
            out.append(m)
        return out

    def _send_ids(self, p: int, seat: _Seat) -> list[int]:
        if seat.eaten or not (seat.ever_laid or self._laid_this_turn):
            return []
        ids: list[int] = []
        single = seat.hand.bit_count() == 1
        if single and not self.rules.u_by_gui:
            return []   # sending the last card would leave nothing to discard
        for q, i, m in self._table_targets(p):
            if i < MELDS_PER_PLAYER:
                ids.extend(send_id(c, q, i) for c in _cards_of(extension_cards(m) & seat.hand))
        return ids

    def _auto_plan(self, p: int) -> tuple[list[int], list[tuple[int, int, int]]] | None:
        """AutoLay: (phỏm masks, sends as (card, player, index)) of the best plan, None if it does nothing.

        The plan is ``best_lay`` over the phỏm this player may send to; with ``must_lay_all`` in the
        lay-down turn the phỏm are a minimum-points arrangement and only the sends are optimised.
        """
        seat = self._seats[p]
        targets = self._table_targets(p)
        table = [m for _, _, m in targets]
        values = self.rules.values
        if self._must_lay_all():
            arrangement = arrange(seat.hand, seat.eaten, values=values)
            assert arrangement is not None
            melds = [m.mask for m in arrangement.melds]
            rest = seat.hand & ~sum(melds)
            plan = best_lay(rest, None, table, values=values, already_laid=bool(melds))
            assert plan is not None
            sends = [(c.index, *targets[i][:2]) for c, i in plan.sends]
        else:
            plan = best_lay(seat.hand, seat.eaten, table, values=values, already_laid=seat.ever_laid)
            assert plan is not None
            melds = [m.mask for m in plan.melds]
            sends = [(c.index, *targets[i][:2]) for c, i in plan.sends]
        if not melds and not sends:
            return None
        if not self.rules.u_by_gui and sum(melds) + sum(1 << c for c, _, _ in sends) == seat.hand:
            return None
        return melds, sends

    # ------------------------------------------------------------------------------------------
    # Applying actions

    def apply(self, action: Action) -> None:
        """Apply a legal action for the player to move; raise IllegalAction (state unchanged) otherwise."""
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an Action")
        if action.id not in self._legal_map():
            raise IllegalAction(self._why_illegal(action))
        p = self.to_move
        assert p is not None
        self.history.append((p, action))
        self._turn_actions += 1
        self._legal = None
        auto, self._auto = self._auto, None
        aid = action.id
        if aid == DRAW_ID:
            self._do_draw(p)
        elif aid == DECLARE_U_ID:
            self._do_declare_u(p)
        elif aid == DECLARE_U_KHAN_ID:
            self._finish_u(p, "u_khan")
        elif aid == AUTO_LAY_ID:
            plan = auto   # computed with the legal actions of this state
            assert plan is not None
            melds, sends = plan
            for m in melds:
                if self.phase != "over":
                    self._do_lay(p, m)
            for c, q, i in sends:
                if self.phase != "over":
                    self._do_send(p, c, q, i)
        elif aid < DISCARD_BASE:
            self._do_eat(p, aid - EAT_BASE)
        elif aid < SEND_BASE:
            self._do_discard(p, aid - DISCARD_BASE)
        elif aid < LAY_BASE:
            send = action
            assert isinstance(send, Send)
            self._do_send(p, send.card.index, *send.target)
        else:
            assert isinstance(action, LayMeld)
            self._do_lay(p, action.meld.mask)

    def _do_draw(self, p: int) -> None:
        card = self._stock.pop()
        self._seats[p].hand |= 1 << card
        self._draws += 1
        self._last_discard = None
        self.phase = "play"

    def _do_eat(self, p: int, card: int) -> None:
        victim = self.prev_seat(p)
        seat, vseat = self._seats[p], self._seats[victim]
        chot = self._is_chot(p, victim, card)
        assert vseat.row and vseat.row[-1] == card
        vseat.row.pop()
        lead = self._lead
        if victim != lead and self._seats[lead].row:
            vseat.row.append(self._seats[lead].row.pop())
        self._lead = self.next_seat(lead)
        seat.hand |= 1 << card
        seat.eaten |= 1 << card
        seat.eaten_all |= 1 << card
        seat.eats += 1
        if chot:
            self._payments.append((victim, p, self.rules.stakes.chot, "chot"))
            self._chot_eaters.append(p)
            self._ate_chot_from = victim
        else:
            amount = self.rules.stakes.eat * (seat.eats if self.rules.eat_pay == "progressive" else 1)
            self._payments.append((victim, p, amount, "eat"))
        self._last_discard = None
        self.phase = "play"

    def _do_lay(self, p: int, meld: int) -> None:
        seat = self._seats[p]
        seat.hand &= ~meld
        seat.eaten &= ~meld
        seat.laid.append(meld)
        seat.ever_laid = True
        self._laid_this_turn += 1
        if seat.hand == 0:
            self._finish_u(p, self._empty_hand_kind())

    def _do_send(self, p: int, card: int, q: int, i: int) -> None:
        seat = self._seats[p]
        seat.hand &= ~(1 << card)
        self._seats[q].laid[i] |= 1 << card
        self._sent_this_turn = True
        if seat.hand == 0:
            self._finish_u(p, self._empty_hand_kind())

    def _empty_hand_kind(self) -> UKind:
        """Ù kind when the hand empties by hạ/gửi with no discard (RULES 7.1, 7.2)."""
        if self.turn_kind == "tai":
            return "u_tron" if self.rules.u_tron_in_tai else "u"
        return "u" if self._sent_this_turn else "u_tron"

    def _do_discard(self, p: int, card: int) -> None:
        seat = self._seats[p]
        seat.hand &= ~(1 << card)
        seat.row.append(card)
        seat.turns += 1
        self._last_discard = (card, p)
        if self.turn_kind == "lay":
            seat.laid_down = True
            seat.lay_order = self._lay_counter
            self._lay_counter += 1
        elif self.turn_kind == "tai":
            seat.had_tai = True
        if self.turn_kind in ("lay", "tai") and seat.hand == 0 and seat.laid and self.rules.u_by_gui:
            self._finish_u(p, "u")
            return
        if not self._stock:
            self._finish_ranked()
            return
        self._begin_turn(self.next_seat(p))

    def _do_declare_u(self, p: int) -> None:
        seat = self._seats[p]
        arrangement = arrange(seat.hand, seat.eaten, values=[1] * 13)
        assert arrangement is not None and len(arrangement.deadwood) <= 1
        for meld in arrangement.melds:
            seat.laid.append(meld.mask)
        seat.ever_laid = True
        seat.eaten = 0
        seat.hand = arrangement.deadwood.mask
        kind: UKind = "u_tron" if not seat.hand else "u"
        if seat.hand:
            seat.row.append(seat.hand.bit_length() - 1)
            seat.hand = 0
        self._finish_u(p, kind)

    # ------------------------------------------------------------------------------------------
    # The end

    def _points(self) -> list[int]:
        values = self.rules.values
        return [sum(values[c % RANKS] for c in _cards_of(s.hand)) for s in self._seats]

    def _finish_ranked(self) -> None:
        seats = self._seats
        self.result = rank_and_settle(
            self.rules, points=self._points(), mom=[not s.laid for s in seats],
            had_tai=[s.had_tai for s in seats], lay_order=[s.lay_order for s in seats],
            eat_payments=self._payments)
        self._end()

    def _finish_u(self, p: int, kind: UKind) -> None:
        rules = self.rules
        den: int | None = None
        seat = self._seats[p]
        if kind != "u_khan":
            if rules.den_three and seat.eats >= 3:
                den = self.prev_seat(p)
            elif rules.den_chot and self._ate_chot_from is not None:
                den = self._ate_chot_from
            elif rules.den_chot_eater and self._chot_eaters and self._chot_eaters[-1] != p:
                den = self._chot_eaters[-1]
        self.result = settle_u(rules, winner=p, kind=kind, points=self._points(),
                               mom=[not s.laid for s in self._seats], eat_payments=self._payments,
                               den_payer=den)
        self._end()

    def _end(self) -> None:
        self.phase = "over"
        self.to_move = None
        self._legal = {}

    # ------------------------------------------------------------------------------------------
    # Reasons

    def _why_illegal(self, action: Action) -> str:
        if self.phase == "over":
            return f"{action}: the game is over"
        p = self.to_move
        assert p is not None
        seat = self._seats[p]
        who = f"{action}: player {p}"
        if isinstance(action, DeclareUKhan):
            if not self.rules.u_khan:
                return f"{action}: ù khan is off in these rules"
            if seat.turns != 0 or self._turn_actions != 0:
                return f"{who} may declare ù khan only at the very start of his first turn"
            return f"{who}'s hand has a cạ or a phỏm, so it is not ù khan"
        if self.phase == "take":
            if isinstance(action, (Draw, Eat)):
                if isinstance(action, Draw):
                    return f"{action}: the stock is empty"
                return self._why_not_eat(p, seat, action.card.index)
            return f"{who} must first take a card: draw, or eat the previous discard"
        if isinstance(action, (Draw, Eat)):
            return f"{who} has already taken a card this turn"
        if isinstance(action, DeclareU):
            if seat.laid_down:
                return f"{who} has laid down; after that ù comes only by hạ and gửi"
            if self._laid_this_turn or self._sent_this_turn:
                return f"{who} has started laying this turn"
            return f"{who} cannot arrange every card but one in phỏm (with each eaten card in its own phỏm)"
        acting = self.turn_kind in ("lay", "tai")
        if isinstance(action, (LayMeld, Send, AutoLay)) and not acting:
            return f"{who} may lay down or send only in his lay-down turn (row of 3) or a tái turn"
        if isinstance(action, Discard):
            c = action.card.index
            if not seat.hand >> c & 1:
                return f"{who} does not hold {action.card}"
            if seat.eaten >> c & 1:
                return f"{who} cannot discard {action.card}: it was eaten"
            if acting and seat.eaten:
                return f"{who} must lay every eaten card ({CardSet(seat.eaten)}) before discarding"
            if acting and self._must_lay_all():
                return f"{who} must lay the lay-down that leaves the fewest points before discarding"
            return f"{who} cannot discard {action.card}: it is bound (trói) to an eaten card's phỏm"
        if isinstance(action, AutoLay):
            if self._laid_this_turn or self._sent_this_turn:
                return f"{who} has already started laying this turn"
            return f"{action}: the solver finds nothing to lay or send"
        if isinstance(action, LayMeld):
            m = action.meld.mask
            if self._sent_this_turn:
                return f"{who} has sent cards; phỏm are laid before gửi"
            if m & ~seat.hand:
                return f"{who} does not hold {CardSet(m & ~seat.hand)}"
            if (m & seat.eaten).bit_count() > 1:
                return f"{who} cannot lay two eaten cards ({CardSet(m & seat.eaten)}) in one phỏm"
            if not (seat.hand & ~m) and not self.rules.u_by_gui:
                return f"{who} must keep a card to discard (ù by gửi is off)"
            if self._must_lay_all():
                return f"{who} must lay a lay-down leaving the fewest points; {action.meld} does not"
            return f"{who} cannot lay {action.meld}: the other eaten cards could not all be laid"
        if isinstance(action, Send):
            c, (q, i) = action.card.index, action.target
            if not seat.hand >> c & 1:
                return f"{who} does not hold {action.card}"
            if seat.eaten >> c & 1:
                return f"{who} cannot send {action.card}: eaten cards are laid, not sent"
            if seat.eaten:
                return f"{who} must lay every eaten card ({CardSet(seat.eaten)}) before sending"
            if not (seat.ever_laid or self._laid_this_turn):
                return f"{who} has laid no phỏm (móm) and cannot send"
            if self.turn_kind == "tai" and not self.rules.tai_gui:
                return f"{who} cannot send in a tái turn (tai_gui is off)"
            if q >= self.players or i >= len(self._seats[q].laid):
                return f"{action}: player {q} has no phỏm {i} on the table"
            if self.turn_kind == "lay" and q == p:
                return f"{who} may send only onto phỏm laid before his, in his lay-down turn"
            if not _solver.is_meld_mask(self._seats[q].laid[i] | 1 << c):
                return f"{action}: {action.card} does not extend {CardSet(self._seats[q].laid[i])}"
            if self._must_lay_all():
                return f"{who} must lay the lay-down that leaves the fewest points before sending"
            return f"{who} must keep a card to discard (ù by gửi is off)"
        return f"{action} is not legal now"

    def _why_not_eat(self, p: int, seat: _Seat, card: int) -> str:
        name = Card.from_index(card)
        if self._last_discard is None or self._last_discard[0] != card:
            return f"eat {name.code}: only the previous player's latest discard may be eaten"
        if seat.laid_down and self.turn_kind != "tai":
            return f"eat {name.code}: player {p} has laid down and this is not a tái turn"
        if seat.laid_down:
            return f"eat {name.code}: after lay-down a card may be eaten only to make a new phỏm from the hand"
        return (f"eat {name.code}: no arrangement puts {name} in a phỏm while every eaten card keeps "
                f"its own phỏm")

    # ------------------------------------------------------------------------------------------
    # Copies, views and records

    def clone(self) -> Game:
        """An independent copy of the game (history included)."""
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._seats = [s.copy() for s in self._seats]
        other._stock = list(self._stock)
        other._chot_eaters = list(self._chot_eaters)
        other._payments = list(self._payments)
        other.history = list(self.history)
        other._legal = None if self._legal is None else dict(self._legal)
        return other

    @classmethod
    def from_view(cls, view: Any, hands: Sequence[CardsLike], stock: Sequence[Card | int]) -> Game:
        """A game that matches ``view`` in everything public, with chosen hidden cards: ``hands`` per
        seat (the viewer's must be his own) and the ``stock`` in draw order. Used to sample worlds for
        search (``phom.worlds``); such a game has no record (``to_json`` refuses).
        """
        game = object.__new__(cls)
        rules = view.rules
        n = rules.players
        masks = [to_mask(h, f"hands[{p}]") for p, h in enumerate(hands)]
        if len(masks) != n:
            raise ValueError(f"hands must hold one cards-like per seat ({n} seats)")
        if masks[view.player] != view.hand.mask:
            raise ValueError("hands[viewer] must be the viewer's own hand")
        for p in range(n):
            if masks[p].bit_count() != view.hand_sizes[p]:
                raise ValueError(f"hands[{p}] has {masks[p].bit_count()} cards; the view shows {view.hand_sizes[p]}")
        stock_idx = [c.index if isinstance(c, Card) else int(c) for c in stock]
        if len(stock_idx) != view.stock_size:
            raise ValueError(f"stock has {len(stock_idx)} cards; the view shows {view.stock_size}")
        pub = view.public
        game.rules = rules
        game.leader = view.history[0][0] if view.history else view.to_move
        game.seed = None
        used = sum(masks) | sum(1 << c for c in stock_idx)
        game.deal = Deal(tuple(CardSet(m) for m in masks), tuple(Card.from_index(c) for c in stock_idx),
                         CardSet(DECK_MASK & ~used))
        game._values = _solver.value_table(rules.values)
        game._seats = []
        for p in range(n):
            seat = _Seat(masks[p])
            seat.eaten = view.unlaid_eaten.mask if p == view.player else 0
            seat.eaten_all = view.eaten[p].mask
            seat.eats = pub.eats[p]
            seat.row = [c.index for c in view.rows[p]]
            seat.laid = [m.mask for m in view.laid[p]]
            seat.laid_down = view.laid_down[p]
            seat.lay_order = pub.lay_order[p]
            seat.had_tai = pub.had_tai[p]
            seat.turns = pub.turns[p]
            seat.ever_laid = pub.ever_laid[p]
            game._seats.append(seat)
        for p in range(n):
            laid = sum(game._seats[p].laid)
            game._seats[p].eaten = game._seats[p].eaten_all & ~laid & masks[p]
        game._stock = list(reversed(stock_idx))
        game._lead = pub.lead
        game._last_discard = pub.eatable
        game._lay_counter = pub.lay_counter
        game._chot_eaters = list(pub.chot_eaters)
        game._payments = list(pub.payments)
        game.history = list(view.history)
        game.result = None
        game._draws = pub.draws
        game.to_move = view.to_move
        game.turn_kind = view.turn_kind
        game.phase = view.phase
        game._turn_actions = pub.turn_actions
        game._laid_this_turn = pub.laid_this_turn
        game._sent_this_turn = pub.sent_this_turn
        game._ate_chot_from = pub.ate_chot_from
        game._legal = None
        game._auto = None
        game._sampled = True
        if view.is_over:
            raise ValueError("the game in this view is over")
        return game

    def view(self, player: int) -> Any:
        """What ``player`` may know: see ``phom.view.PlayerView``."""
        from .view import player_view

        return player_view(self, player)

    def observation(self, player: int) -> Any:
        """A fixed-shape float32 vector for learning agents: see ``phom.view.observation``."""
        from .view import observation

        return observation(self, player)

    def to_json(self) -> str:
        """The rules, the deal and every action, as JSON text; ``Game.from_json`` replays it."""
        if self._sampled:
            raise ValueError("a game sampled from a view has no record of its deal")
        return json.dumps({
            "format": "phom-game",
            "version": 1,
            "rules": self.rules.to_dict(),
            "leader": self.leader,
            "deal": {"hands": [h.codes for h in self.deal.hands], "stock": [c.code for c in self.deal.stock]},
            "actions": [str(a) for _, a in self.history],
        }, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Rebuild a game by replaying a record; a bad record raises ValueError naming what is wrong."""
        from .record import load_game

        return load_game(cls, text)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"player {self.to_move} to {self.phase} ({self.turn_kind} turn)"
        return f"<Game {self.players} players, stock {self.stock_size}, {state}>"
