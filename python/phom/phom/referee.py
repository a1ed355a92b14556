"""The referee: the Phỏm rules (docs/en/rules-phom.md), deal to money, written once, over a ``State``.

For every kind of action, the rule that refuses it (``refusal``: a sentence, or None when legal) and
the code that lists the legal ones (``legal``) sit side by side, and the listing asks the refusing
code wherever it can: the single source of legality. ``apply`` carries out a legal action and
returns the ``Result`` when it ends the game. ``phom.phom.game.Game`` wraps these functions with a
history, records and views; the compiled engine is tested against them.

>>> from phom import Game, Rules, Draw
>>> game = Game(seed=1)
>>> refusal(game.rules, game.state, Draw())
'draw: player 0 has already taken a card this turn'
>>> legal(game.rules, game.state).ids[:3]
(58, 61, 65)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from .actions import (
    AUTO_LAY_ID,
    DECLARE_U_ID,
    DECLARE_U_KHAN_ID,
    DRAW_ID,
    MELDS_PER_PLAYER,
    Action,
    AutoLay,
    DeclareU,
    DeclareUKhan,
    Discard,
    Draw,
    Eat,
    LayMeld,
    Send,
    discard_ids,
    eat_id,
    lay_id,
    send_ids,
)
from ..cards import DECK_MASK, Card, CardSet, CardsLike, card_indices, to_card, to_mask
from ..refusals import Refusal
from .rules import Rules
from .scoring import Result, UKind, rank_and_settle, settle_u
from .solver import (
    arrange,
    best_lay,
    can_eat,
    extension_mask,
    is_u_khan,
    legal_discard_mask,
    meld_masks,
    min_points_mask,
    value_table,
)
from .state import Deal, SeatState, State, TurnKind

__all__ = [
    "AutoPlan",
    "Legal",
    "apply",
    "begin_turn",
    "deal_cards",
    "eat_is_chot",
    "legal",
    "refusal",
    "refusal_of",
    "send_targets",
    "turn_kind_of",
]

_UNIT = value_table([1] * 13)

#: AutoLay's plan: (phỏm masks to lay, sends as (card, player, meld index)), in playing order.
AutoPlan = tuple[tuple[int, ...], tuple[tuple[int, int, int], ...]]


class Legal(NamedTuple):
    """The legal action ids of a state, ascending, and the plan ``AutoLay`` would play (if legal)."""

    ids: tuple[int, ...]
    auto_plan: AutoPlan | None


# ----------------------------------------------------------------------------------------------
# RULES 2: the deal


def deal_cards(rules: Rules, leader: int, *, seed: int | None = None,
               fixed: tuple[Sequence[CardsLike], Sequence[CardsLike]] | None = None,
               deck: Sequence[int] | None = None) -> Deal:
    """The deal: ``fixed=(hands, stock)`` checked against the rules, or a shuffled ``deck`` (the 52 card
    indices in dealing order: the hands seat by seat, then the stock in draw order), or a shuffle seeded
    by ``seed``.

    >>> deal = deal_cards(Rules(players=2), 0, seed=7)
    >>> [len(h) for h in deal.hands], len(deal.stock), len(deal.set_aside)
    ([10, 9], 7, 26)
    """
    n = rules.players
    sizes = [rules.leader_hand_size if p == leader else rules.hand_size for p in range(n)]
    if fixed is None:
        if deck is None:
            shuffled = list(range(52))
            random.Random(seed).shuffle(shuffled)
            deck = shuffled
        elif sorted(deck) != list(range(52)):
            raise ValueError("deck must hold each of the 52 card indices once")
        hands, pos = [], 0
        for size in sizes:
            hands.append(CardSet.from_mask(sum(1 << c for c in deck[pos:pos + size])))
            pos += size
        stock = tuple(Card.from_index(c) for c in deck[pos:pos + rules.stock_size])
    else:
        try:
            raw_hands, raw_stock = fixed
        except (TypeError, ValueError):
            raise ValueError("deal must be a pair (hands, stock)") from None
        if isinstance(raw_hands, (str, int, CardSet)) or len(raw_hands) != n:
            raise ValueError(f"deal hands must hold one cards-like per seat ({n} seats)")
        hands = [CardSet(to_mask(h, f"deal hand {p}")) for p, h in enumerate(raw_hands)]
        for p, (hand, size) in enumerate(zip(hands, sizes)):
            if len(hand) != size:
                role = "the leader" if p == leader else "a non-leader"
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
    return Deal(tuple(hands), stock, CardSet.from_mask(DECK_MASK & ~used))


# ----------------------------------------------------------------------------------------------
# Facts several rules read


def turn_kind_of(seat: SeatState) -> TurnKind:
    """The kind of the turn this seat plays when it comes (RULES 5.2, 5.5): tái after the lay-down,
    the lay-down turn when his row holds 3, else normal."""
    if seat.laid_down:
        return "tai"
    return "lay" if len(seat.row) == 3 else "normal"


def send_targets(rules: Rules, state: State, player: int, kind: TurnKind | None = None
                 ) -> list[tuple[int, int, int]]:
    """The table phỏm ``player`` may send to in a turn of ``kind`` (default: the current turn), as
    (owner, index, mask) (RULES 5.4): in the lay-down turn the phỏm of the others, in a tái turn every
    phỏm when ``tai_gui``, else none."""
    kind = state.turn_kind if kind is None else kind
    if kind == "lay":
        return [(q, i, m) for q, s in enumerate(state.seats) if q != player for i, m in enumerate(s.laid)]
    if kind == "tai" and rules.tai_gui:
        return [(q, i, m) for q, s in enumerate(state.seats) for i, m in enumerate(s.laid)]
    return []


def eat_is_chot(rules: Rules, eater_kind: TurnKind, victim_row: Sequence[int], card: int) -> bool:
    """Is eating ``card`` an ăn chốt (RULES 5.6)? ``eater_kind``: the eater's turn; ``victim_row``:
    the victim's row with ``card`` last. Under ``chot_rule="victim_last"`` only the victim's 4th discard."""
    if rules.chot_rule == "victim_last":
        return len(victim_row) == 4 and victim_row[-1] == card
    return eater_kind in ("lay", "tai")


#: Why an action is refused: a template (``{action}``, ``{who}`` and ``{0}``… for the data) and its
#: data. Formatting waits until a refusal is reported, so listing the legal actions stays cheap.
Why = tuple[str, tuple[object, ...]]


#: each refusal's code (phom.refusals: the player's sentence) and the names of its data
_CODES: dict[str, tuple[str, tuple[str, ...]]] = {
    "{action}: the game is over": ("game_over", ()),
    "{action}: {who} has already taken a card this turn": ("already_taken", ()),
    "{action}: {who} must first take a card: draw, or eat the previous discard": ("take_first", ()),
    "{action}: {who} must first draw a card (the previous discard cannot be eaten)": ("draw_first", ()),
    "{action}: {who} may lay down or send only in his lay-down turn (row of 3) or a tái turn": ("lay_turn_only", ()),
    "{action}: ù khan is off in these rules": ("u_khan_off", ()),
    "{action}: {who} may declare ù khan only at the very start of his first turn": ("u_khan_first_turn", ()),
    "{action}: {who}'s hand has a cạ or a phỏm, so it is not ù khan": ("not_u_khan", ()),
    "{action}: the stock is empty": ("stock_empty", ()),
    "{action}: only the previous player's latest discard may be eaten": ("eat_latest_only", ()),
    "{action}: {who} has laid down and this is not a tái turn": ("eat_after_lay", ()),
    "{action}: after lay-down a card may be eaten only to make a new phỏm from the hand": ("eat_new_phom_only", ()),
    "{action}: no arrangement puts {0} in a phỏm while every eaten card keeps its own phỏm": ("eat_no_phom", ("card",)),
    "{action}: {who} has laid down; after that ù comes only by hạ and gửi": ("u_after_lay", ()),
    "{action}: {who} has started laying this turn": ("u_started_laying", ()),
    "{action}: {who} cannot arrange every card but one in phỏm (with each eaten card in its own phỏm)": ("not_u", ()),
    "{action}: {who} must lay every eaten card ({0}) before discarding": ("lay_eaten_first", ("cards",)),
    "{action}: {who} must lay the lay-down that leaves the fewest points before discarding": ("lay_fewest_first", ()),
    "{action}: {who} does not hold {0}": ("not_held", ("cards",)),
    "{action}: {who} cannot discard {0}: it was eaten": ("discard_eaten", ("card",)),
    "{action}: {who} cannot discard {0}: it is bound (trói) to an eaten card's phỏm": ("discard_bound", ("card",)),
    "{action}: {who} has sent cards; phỏm are laid before gửi": ("lay_after_send", ()),
    "{action}: {who} cannot lay two eaten cards ({0}) in one phỏm": ("two_eaten_in_phom", ("cards",)),
    "{action}: {who} must keep a card to discard (ù by gửi is off)": ("keep_a_card", ()),
    "{action}: {who} cannot lay {0}: the other eaten cards could not all be laid": ("lay_strands_eaten", ("cards",)),
    "{action}: {who} must lay a lay-down leaving the fewest points; {0} does not": ("lay_not_fewest", ("cards",)),
    "{action}: {who} must lay every eaten card ({0}) before sending": ("send_eaten_first", ("cards",)),
    "{action}: {who} has laid no phỏm (móm) and cannot send": ("send_mom", ()),
    "{action}: {who} cannot send in a tái turn (tai_gui is off)": ("send_tai_off", ()),
    "{action}: {who} must lay the lay-down that leaves the fewest points before sending": ("send_fewest_first", ()),
    "{action}: player {0} has no phỏm {1} on the table": ("no_such_phom", ("owner", "meld")),
    "{action}: {who} may send only onto phỏm laid before his, in his lay-down turn": ("send_own_lay_turn", ()),
    "{action}: {0} does not extend {1}": ("no_extend", ("card", "cards")),
    "{action}: {who} has already started laying this turn": ("autolay_started", ()),
    "{action}: the solver's best lay-down lays and sends nothing (or would leave no card to discard)":
        ("autolay_nothing", ()),
}


class _Turn:
    """The player to move and the facts of his turn that several rules read (computed once)."""

    __slots__ = ("rules", "state", "p", "seat", "acting", "untouched", "_lay_complete")

    def __init__(self, rules: Rules, state: State) -> None:
        self.rules, self.state = rules, state
        self.p = state.to_move
        self.seat = state.seats[self.p] if self.p >= 0 else _NOBODY
        self.acting = state.turn_kind != "normal"
        self.untouched = state.laid_this_turn == 0 and not state.sent_this_turn
        self._lay_complete: bool | None = None

    @property
    def must_lay_all(self) -> bool:
        return self.rules.must_lay_all and self.state.turn_kind == "lay"

    @property
    def lay_complete(self) -> bool:
        """Under ``must_lay_all`` in the lay-down turn: what is laid already leaves the fewest points."""
        if self._lay_complete is None:
            seat, values = self.seat, self.rules.value_table
            best = min_points_mask(seat.hand, seat.unlaid_eaten, values)
            self._lay_complete = best == sum(values.per_card[c] for c in card_indices(seat.hand))
        return self._lay_complete


_NOBODY = SeatState(0)


def _cards(mask: int) -> CardSet:
    return CardSet.from_mask(mask)


def _take_gate(t: _Turn) -> Why | None:
    """Draw and Eat: only in the take phase."""
    if t.state.phase == "over":
        return "{action}: the game is over", ()
    if t.state.phase == "play":
        return "{action}: {who} has already taken a card this turn", ()
    return None


def _play_gate(t: _Turn) -> Why | None:
    """Everything but Draw, Eat and DeclareUKhan: only after taking a card."""
    if t.state.phase == "over":
        return "{action}: the game is over", ()
    if t.state.phase == "take":
        card = t.state.last_discard
        if card >= 0 and _eat_refusal(t, card) is None:
            return "{action}: {who} must first take a card: draw, or eat the previous discard", ()
        return "{action}: {who} must first draw a card (the previous discard cannot be eaten)", ()
    return None


def _lay_gate(t: _Turn) -> Why | None:
    """LayMeld, Send and AutoLay: only in a lay-down or tái turn."""
    if (why := _play_gate(t)) is not None:
        return why
    if not t.acting:
        return "{action}: {who} may lay down or send only in his lay-down turn (row of 3) or a tái turn", ()
    return None


# ----------------------------------------------------------------------------------------------
# Each kind of action: why it is refused, and how the legal ones are listed


def _declare_u_khan_refusal(t: _Turn) -> Why | None:
    """RULES 7.3: at the very start of his first turn, a dealt hand with no cạ and no phỏm."""
    if t.state.phase == "over":
        return "{action}: the game is over", ()
    if not t.rules.u_khan:
        return "{action}: ù khan is off in these rules", ()
    if t.seat.turns != 0 or t.state.turn_actions != 0:
        return "{action}: {who} may declare ù khan only at the very start of his first turn", ()
    if not is_u_khan(t.seat.hand):
        return "{action}: {who}'s hand has a cạ or a phỏm, so it is not ù khan", ()
    return None


def _draw_refusal(t: _Turn) -> Why | None:
    """RULES 3.2: draw the top of the stock."""
    if (why := _take_gate(t)) is not None:
        return why
    if not t.state.stock:
        return "{action}: the stock is empty", ()
    return None


def _eat_refusal(t: _Turn, card: int) -> Why | None:
    """RULES 4.1, 4.4, 4.5: the previous player's latest discard, if the eat condition holds."""
    if (why := _take_gate(t)) is not None:
        return why
    seat, state = t.seat, t.state
    if state.last_discard != card:
        return "{action}: only the previous player's latest discard may be eaten", ()
    if seat.laid_down and state.turn_kind != "tai":
        return "{action}: {who} has laid down and this is not a tái turn", ()
    # after the lay-down nothing eaten is left unlaid, so this asks for a new phỏm from the hand
    if not can_eat(seat.hand, card, seat.unlaid_eaten):
        if seat.laid_down:
            return "{action}: after lay-down a card may be eaten only to make a new phỏm from the hand", ()
        return ("{action}: no arrangement puts {0} in a phỏm while every eaten card keeps its own phỏm",
                (Card.from_index(card),))
    return None


def _declare_u_refusal(t: _Turn) -> Why | None:
    """RULES 7.1: before laying anything, every card but at most one fits in phỏm (eat condition kept)."""
    if (why := _play_gate(t)) is not None:
        return why
    seat = t.seat
    if seat.laid_down:
        return "{action}: {who} has laid down; after that ù comes only by hạ and gửi", ()
    if not t.untouched:
        return "{action}: {who} has started laying this turn", ()
    if min_points_mask(seat.hand, seat.unlaid_eaten, _UNIT) not in (0, 1):
        return "{action}: {who} cannot arrange every card but one in phỏm (with each eaten card in its own phỏm)", ()
    return None


def _discard_gate(t: _Turn) -> Why | None:
    """RULES 3.5, 5.2: in a lay-down or tái turn, only once every eaten card is laid."""
    if (why := _play_gate(t)) is not None:
        return why
    seat = t.seat
    if t.acting and seat.unlaid_eaten:
        return "{action}: {who} must lay every eaten card ({0}) before discarding", (_cards(seat.unlaid_eaten),)
    if t.must_lay_all and not t.lay_complete:
        return "{action}: {who} must lay the lay-down that leaves the fewest points before discarding", ()
    return None


def _discardable(t: _Turn) -> int:
    """RULES 4.3: in a normal turn neither eaten nor bound cards; after laying, any card left."""
    seat = t.seat
    return seat.hand if t.acting else legal_discard_mask(seat.hand, seat.unlaid_eaten)


def _discard_refusal(t: _Turn, card: int) -> Why | None:
    if (why := _discard_gate(t)) is not None:
        return why
    seat, name = t.seat, Card.from_index(card)
    if not seat.hand >> card & 1:
        return "{action}: {who} does not hold {0}", (name,)
    if seat.unlaid_eaten >> card & 1:
        return "{action}: {who} cannot discard {0}: it was eaten", (name,)
    if not _discardable(t) >> card & 1:
        return "{action}: {who} cannot discard {0}: it is bound (trói) to an eaten card's phỏm", (name,)
    return None


def _lay_meld_gate(t: _Turn) -> Why | None:
    if (why := _lay_gate(t)) is not None:
        return why
    if t.state.sent_this_turn:
        return "{action}: {who} has sent cards; phỏm are laid before gửi", ()
    return None


def _meld_refusal(t: _Turn, meld: int, best_total: int | None) -> Why | None:
    """RULES 5.2: a phỏm from the hand, at most one eaten card in it, the other eaten cards still layable;
    ``best_total``: under must_lay_all, the fewest points of the hand (the lay-down must keep them)."""
    seat = t.seat
    if meld & ~seat.hand:
        return "{action}: {who} does not hold {0}", (_cards(meld & ~seat.hand),)
    if (meld & seat.unlaid_eaten).bit_count() > 1:
        return "{action}: {who} cannot lay two eaten cards ({0}) in one phỏm", (_cards(meld & seat.unlaid_eaten),)
    rest = seat.hand & ~meld
    if not rest and not t.rules.u_by_gui:
        return "{action}: {who} must keep a card to discard (ù by gửi is off)", ()
    best = min_points_mask(rest, seat.unlaid_eaten & ~meld, t.rules.value_table)
    if best < 0:
        return "{action}: {who} cannot lay {0}: the other eaten cards could not all be laid", (_cards(meld),)
    if best_total is not None and best != best_total:
        return "{action}: {who} must lay a lay-down leaving the fewest points; {0} does not", (_cards(meld),)
    return None


def _best_total(t: _Turn) -> int | None:
    if not t.must_lay_all:
        return None
    return min_points_mask(t.seat.hand, t.seat.unlaid_eaten, t.rules.value_table)


def _lay_refusal(t: _Turn, meld: int) -> Why | None:
    if (why := _lay_meld_gate(t)) is not None:
        return why
    return _meld_refusal(t, meld, _best_total(t))


def _send_gate(t: _Turn) -> Why | None:
    """RULES 5.4: after his own hạ (not móm), every eaten card laid; in tái turns only with tai_gui."""
    if (why := _lay_gate(t)) is not None:
        return why
    seat = t.seat
    if seat.unlaid_eaten:
        return "{action}: {who} must lay every eaten card ({0}) before sending", (_cards(seat.unlaid_eaten),)
    if not seat.laid:
        return "{action}: {who} has laid no phỏm (móm) and cannot send", ()
    if t.state.turn_kind == "tai" and not t.rules.tai_gui:
        return "{action}: {who} cannot send in a tái turn (tai_gui is off)", ()
    if t.must_lay_all and not t.lay_complete:
        return "{action}: {who} must lay the lay-down that leaves the fewest points before sending", ()
    if seat.hand.bit_count() == 1 and not t.rules.u_by_gui:
        return "{action}: {who} must keep a card to discard (ù by gửi is off)", ()
    return None


def _send_refusal(t: _Turn, card: int, owner: int, index: int) -> Why | None:
    if (why := _send_gate(t)) is not None:
        return why
    seats, name = t.state.seats, Card.from_index(card)
    if not t.seat.hand >> card & 1:
        return "{action}: {who} does not hold {0}", (name,)
    if owner >= len(seats) or index >= len(seats[owner].laid):
        return "{action}: player {0} has no phỏm {1} on the table", (owner, index)
    if t.state.turn_kind == "lay" and owner == t.p:
        return "{action}: {who} may send only onto phỏm laid before his, in his lay-down turn", ()
    target = seats[owner].laid[index]
    if not extension_mask(target) >> card & 1:
        return "{action}: {0} does not extend {1}", (name, _cards(target))
    return None


def _auto_plan(t: _Turn) -> AutoPlan | None:
    """AutoLay's plan: ``best_lay`` over the phỏm this player may send to; with ``must_lay_all`` in the
    lay-down turn the phỏm are a minimum-points arrangement and only the sends are optimised. None when
    it would do nothing, or leave no card to discard while ù by gửi is off."""
    seat, rules = t.seat, t.rules
    targets = send_targets(rules, t.state, t.p)
    table = [m for _, _, m in targets]
    if t.must_lay_all:
        arrangement = arrange(seat.hand, seat.unlaid_eaten, values=rules.value_table)
        assert arrangement is not None
        melds = tuple(m.mask for m in arrangement.melds)
        plan = best_lay(seat.hand & ~sum(melds), None, table, values=rules.value_table,
                        already_laid=bool(melds))
    else:
        plan = best_lay(seat.hand, seat.unlaid_eaten, table, values=rules.value_table,
                        already_laid=bool(seat.laid))
        assert plan is not None
        melds = tuple(m.mask for m in plan.melds)
    assert plan is not None
    sends = tuple((c.index, *targets[i][:2]) for c, i in plan.sends)
    if not melds and not sends:
        return None
    if not rules.u_by_gui and sum(melds) + sum(1 << c for c, _, _ in sends) == seat.hand:
        return None
    return melds, sends


def _auto_lay_refusal(t: _Turn, plan: AutoPlan | None) -> Why | None:
    if (why := _lay_gate(t)) is not None:
        return why
    if not t.untouched:
        return "{action}: {who} has already started laying this turn", ()
    if plan is None:
        return "{action}: the solver's best lay-down lays and sends nothing (or would leave no card to discard)", ()
    return None


# ----------------------------------------------------------------------------------------------
# The single source of legality


def legal(rules: Rules, state: State) -> Legal:
    """Every legal action id of the player to move, ascending (none once the game is over)."""
    if state.phase == "over":
        return Legal((), None)
    t = _Turn(rules, state)
    seat = t.seat
    ids: list[int] = []
    if _declare_u_khan_refusal(t) is None:
        ids.append(DECLARE_U_KHAN_ID)
    if state.phase == "take":
        if _draw_refusal(t) is None:
            ids.append(DRAW_ID)
        card = state.last_discard
        if card >= 0 and _eat_refusal(t, card) is None:
            ids.append(eat_id(card))
        return Legal(tuple(sorted(ids)), None)
    if _declare_u_refusal(t) is None:
        ids.append(DECLARE_U_ID)
    plan = None
    if t.acting:
        if t.untouched:
            plan = _auto_plan(t)
            if _auto_lay_refusal(t, plan) is None:
                ids.append(AUTO_LAY_ID)
        if _lay_meld_gate(t) is None:
            best_total = _best_total(t)
            ids.extend(lay_id(m) for m in meld_masks(seat.hand) if _meld_refusal(t, m, best_total) is None)
        if _send_gate(t) is None:
            for owner, index, meld in send_targets(rules, state, t.p):
                if index < MELDS_PER_PLAYER:
                    ids += send_ids(extension_mask(meld) & seat.hand, owner, index)
    if _discard_gate(t) is None:
        ids += discard_ids(_discardable(t))
    return Legal(tuple(sorted(ids)), plan)


def refusal(rules: Rules, state: State, action: Action) -> str | None:
    """Why ``action`` is not legal now, as a sentence; None when it is legal."""
    why = refusal_of(rules, state, action)
    return None if why is None else str(why)


def refusal_of(rules: Rules, state: State, action: Action) -> Refusal | None:
    """Why ``action`` is not legal now as a ``Refusal`` (its code, parameters and English sentence);
    None when it is legal.

    >>> from phom import Game, Draw
    >>> game = Game(seed=1)
    >>> why = refusal_of(game.rules, game.state, Draw())
    >>> why.code, why.text("vi")
    ('already_taken', 'Bạn đã lấy bài trong lượt này rồi.')
    """
    if not isinstance(action, Action):
        return Refusal(f"{action!r} is not an Action")
    t = _Turn(rules, state)
    why: Why | None
    if isinstance(action, DeclareUKhan):
        why = _declare_u_khan_refusal(t)
    elif isinstance(action, Draw):
        why = _draw_refusal(t)
    elif isinstance(action, Eat):
        why = _eat_refusal(t, action.card.index)
    elif isinstance(action, DeclareU):
        why = _declare_u_refusal(t)
    elif isinstance(action, Discard):
        why = _discard_refusal(t, action.card.index)
    elif isinstance(action, LayMeld):
        why = _lay_refusal(t, action.meld.mask)
    elif isinstance(action, Send):
        why = _send_refusal(t, action.card.index, *action.target)
    else:
        assert isinstance(action, AutoLay)
        why = _lay_gate(t)
        if why is None and t.untouched:
            why = _auto_lay_refusal(t, _auto_plan(t))
        elif why is None:
            why = _auto_lay_refusal(t, None)
    if why is None:
        return None
    template, data = why
    code, names = _CODES[template]
    params: dict[str, object] = {name: (value if isinstance(value, int) else str(value)) for name, value in zip(names, data)}
    return Refusal(template.format(*data, action=action, who=f"player {t.p}"), code, **params)


# ----------------------------------------------------------------------------------------------
# Applying a legal action


def apply(rules: Rules, state: State, action: Action, auto_plan: AutoPlan | None = None) -> Result | None:
    """Carry out ``action``, which must be legal (the caller checks ``legal``), changing ``state``;
    returns the Result when the game ends. ``auto_plan``: ``legal(...).auto_plan`` for an AutoLay."""
    state.turn_actions += 1
    return _CARRY_OUT[type(action)](rules, state, state.to_move, action, auto_plan)


def _auto_lay(rules: Rules, state: State, p: int, plan: AutoPlan | None) -> Result | None:
    assert plan is not None, "AutoLay needs the plan that legal() found"
    melds, sends = plan
    for meld in melds:
        if (result := _lay(rules, state, p, meld)) is not None:
            return result
    for card, owner, index in sends:
        if (result := _send(rules, state, p, card, owner, index)) is not None:
            return result
    return None


def begin_turn(state: State, player: int) -> None:
    """Hand the turn to ``player``: take phase, the kind of turn his seat is due."""
    seat = state.seats[player]
    if len(seat.row) >= 4:
        raise AssertionError(f"seat {player} is to move with a full row")
    state.to_move = player
    state.turn_kind = turn_kind_of(seat)
    state.phase = "take"
    state.turn_actions = 0
    state.laid_this_turn = 0
    state.sent_this_turn = False
    state.ate_chot_from = -1


def _draw(state: State, p: int) -> None:
    state.seats[p].hand |= 1 << state.stock.pop()
    state.last_discard = -1
    state.phase = "play"


def _eat(rules: Rules, state: State, p: int, card: int) -> None:
    """RULES 4 and 5.1: take the card, move the rows (chuyển bài), pay for the eat at once (8.1)."""
    n = len(state.seats)
    victim = (p - 1) % n
    seat, victim_seat = state.seats[p], state.seats[victim]
    chot = eat_is_chot(rules, state.turn_kind, victim_seat.row, card)
    victim_seat.row.pop()
    lead = state.lead
    if victim != lead and state.seats[lead].row:
        victim_seat.row.append(state.seats[lead].row.pop())
    state.lead = (lead + 1) % n
    bit = 1 << card
    seat.hand |= bit
    seat.unlaid_eaten |= bit
    seat.eaten |= bit
    if chot:
        state.payments.append((victim, p, rules.stakes.chot, "chot"))
        state.last_chot_eater = p
        state.ate_chot_from = victim
    else:
        eats = seat.eaten.bit_count()
        amount = rules.stakes.eat * (eats if rules.eat_pay == "progressive" else 1)
        state.payments.append((victim, p, amount, "eat"))
    state.last_discard = -1
    state.phase = "play"


def _lay(rules: Rules, state: State, p: int, meld: int) -> Result | None:
    seat = state.seats[p]
    seat.hand &= ~meld
    seat.unlaid_eaten &= ~meld
    seat.laid.append(meld)
    state.laid_this_turn += 1
    return _finish_u(rules, state, p, _empty_hand_kind(rules, state)) if seat.hand == 0 else None


def _send(rules: Rules, state: State, p: int, card: int, owner: int, index: int) -> Result | None:
    seat = state.seats[p]
    seat.hand &= ~(1 << card)
    state.seats[owner].laid[index] |= 1 << card
    state.sent_this_turn = True
    return _finish_u(rules, state, p, _empty_hand_kind(rules, state)) if seat.hand == 0 else None


def _empty_hand_kind(rules: Rules, state: State) -> UKind:
    """The ù when the hand empties by hạ/gửi with no discard (RULES 7.1, 7.2)."""
    if state.turn_kind == "tai":
        return "u_tron" if rules.u_tron_in_tai else "u"
    return "u" if state.sent_this_turn else "u_tron"


def _discard(rules: Rules, state: State, p: int, card: int) -> Result | None:
    seat = state.seats[p]
    seat.hand &= ~(1 << card)
    seat.row.append(card)
    seat.turns += 1
    state.last_discard = card
    if state.turn_kind == "lay":
        seat.laid_down = True
        seat.lay_order = sum(s.laid_down for s in state.seats) - 1
    elif state.turn_kind == "tai":
        seat.had_tai = True
    if state.turn_kind != "normal" and seat.hand == 0 and seat.laid and rules.u_by_gui:
        return _finish_u(rules, state, p, "u")
    if not state.stock:
        return _finish_ranked(rules, state)
    begin_turn(state, (p + 1) % len(state.seats))
    return None


def _declare_u(rules: Rules, state: State, p: int) -> Result:
    """RULES 7.1: lay every phỏm of the arrangement, discard the card left (if any)."""
    seat = state.seats[p]
    arrangement = arrange(seat.hand, seat.unlaid_eaten, values=_UNIT)
    assert arrangement is not None and len(arrangement.deadwood) <= 1
    seat.laid.extend(m.mask for m in arrangement.melds)
    seat.unlaid_eaten = 0
    left = arrangement.deadwood.mask
    if left:
        seat.row.append(left.bit_length() - 1)
    seat.hand = 0
    return _finish_u(rules, state, p, "u" if left else "u_tron")


# ----------------------------------------------------------------------------------------------
# RULES 6 and 8: the end


def _points(rules: Rules, state: State) -> list[int]:
    per_card = rules.value_table.per_card
    return [sum(per_card[c] for c in card_indices(s.hand)) for s in state.seats]


def _finish_ranked(rules: Rules, state: State) -> Result:
    seats = state.seats
    result = rank_and_settle(rules, points=_points(rules, state), mom=[not s.laid for s in seats],
                             had_tai=[s.had_tai for s in seats], lay_order=[s.lay_order for s in seats],
                             eat_payments=state.payments)
    _end(state)
    return result


def _finish_u(rules: Rules, state: State, p: int, kind: UKind) -> Result:
    """RULES 8.3–8.4: the ù settlement, with the đền payer by priority a → b → c."""
    den: int | None = None
    if kind != "u_khan":
        if rules.den_three and state.seats[p].eaten.bit_count() >= 3:
            den = (p - 1) % len(state.seats)
        elif rules.den_chot and state.ate_chot_from >= 0:
            den = state.ate_chot_from
        elif rules.den_chot_eater and state.last_chot_eater >= 0 and state.last_chot_eater != p:
            den = state.last_chot_eater
    result = settle_u(rules, winner=p, kind=kind, points=_points(rules, state),
                      mom=[not s.laid for s in state.seats], eat_payments=state.payments, den_payer=den)
    _end(state)
    return result


def _end(state: State) -> None:
    state.phase = "over"
    state.to_move = -1


_Carry = Callable[[Rules, State, int, Any, "AutoPlan | None"], "Result | None"]
#: How each kind of action is carried out (rules, state, player, action, AutoLay's plan).
_CARRY_OUT: dict[type, _Carry] = {
    Draw: lambda rules, state, p, action, plan: _draw(state, p),
    Eat: lambda rules, state, p, action, plan: _eat(rules, state, p, action.card.index),
    Discard: lambda rules, state, p, action, plan: _discard(rules, state, p, action.card.index),
    LayMeld: lambda rules, state, p, action, plan: _lay(rules, state, p, action.meld.mask),
    Send: lambda rules, state, p, action, plan: _send(rules, state, p, action.card.index, *action.target),
    DeclareU: lambda rules, state, p, action, plan: _declare_u(rules, state, p),
    DeclareUKhan: lambda rules, state, p, action, plan: _finish_u(rules, state, p, "u_khan"),
    AutoLay: lambda rules, state, p, action, plan: _auto_lay(rules, state, p, plan),
}

