"""A position described as plain data (what a game server knows of one player's seat), checked and
turned into that player's ``PlayerView``, so hints can be asked for games phom does not host.

The description (JSON-ready; cards as in ``phom.cards``)::

    {"player": 0,                      # the viewer, who is to move
     "hand": "9H 10H ...",             # his hand
     "unlaid_eaten": "10H",            # optional: his eaten cards still in hand
     "phase": "take" | "play",
     "last_discard": "7C",             # optional, take phase: the previous seat's discard (last of its row)
     "stock_size": 11,
     "first_turn": false,              # optional: his very first turn (ù khan may be declared)
     "laid_this_turn": 0, "sent_this_turn": false,   # optional: what he did this turn
     "rules": {...},                   # optional: Rules.to_dict() fields
     "seats": [{"hand_size": 9, "row": "KS 2D", "eaten": "", "laid": ["5S 5C 5D"], "laid_down": true}, ...]}

>>> view = view_from_position({"player": 1, "hand": "9H 10H JH 3C 5D 8S 8C KD QD", "phase": "take",
...     "last_discard": "QS", "stock_size": 14, "seats": [{"hand_size": 9, "row": "QS"}, {"hand_size": 9},
...     {"hand_size": 9}, {"hand_size": 9}]})
>>> [str(a) for a in view.legal_actions]
['draw']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from .actions import ACTIONS, Action, Discard, Draw, Eat
from ..cards import DECK_MASK, Card, CardError, CardSet, card_indices, to_card, to_mask
from ..language import N_
from ..notation import PositionError, cards_text, parse_card_list, parse_rules, position_fields, rules_of, rules_text, seat_fields
from .referee import legal, turn_kind_of
from .rules import Rules
from .solver import is_meld_mask
from .state import Phase, SeatState, State, TurnKind
from .view import PlayerView

__all__ = ["Position", "PositionError", "view_from_position"]

_FIELDS = {"player", "hand", "unlaid_eaten", "phase", "last_discard", "stock_size", "first_turn",
           "laid_this_turn", "sent_this_turn", "rules", "seats"}
_SEAT_FIELDS = {"hand_size", "row", "eaten", "laid", "laid_down"}


def _int(data: dict[str, Any], name: str, low: int, high: int, default: int | None = None) -> int:
    value = data.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} = {value!r} must be an integer from {low} to {high}")
    return value


def _bool(data: dict[str, Any], name: str) -> bool:
    value = data.get(name, False)
    if not isinstance(value, bool):
        raise ValueError(f"{name} = {value!r} must be true or false")
    return value


def _cards(value: Any, name: str) -> int:
    if value is None:
        return 0
    if not isinstance(value, (str, list)):
        raise ValueError(f"{name} must be card text like \"9H 10H\" or a list of cards")
    try:
        return to_mask(value, name)
    except CardError as exc:
        raise ValueError(str(exc)) from None


def view_from_position(data: Any) -> PlayerView:
    """The view of ``data["player"]`` in the position ``data`` (see the module docstring); ValueError
    names the first thing that is wrong."""
    if not isinstance(data, dict):
        raise ValueError("a position must be a JSON object")
    unknown = sorted(set(data) - _FIELDS)
    if unknown:
        raise ValueError(f"unknown position fields: {', '.join(unknown)}")
    rules = Rules.from_dict(data["rules"]) if "rules" in data else Rules()
    n = rules.players
    seats_data = data.get("seats")
    if not isinstance(seats_data, list) or len(seats_data) != n:
        raise ValueError(f"seats must be a list of {n} seat objects (one per player)")
    player = _int(data, "player", 0, n - 1)
    phase = data.get("phase")
    if phase not in ("take", "play"):
        raise ValueError(f"phase = {phase!r} must be 'take' or 'play'")
    hand = _cards(data.get("hand"), "hand")
    unlaid = _cards(data.get("unlaid_eaten"), "unlaid_eaten")
    if unlaid & ~hand:
        raise ValueError(f"unlaid_eaten {CardSet(unlaid & ~hand)} is not in hand")
    seen, seats = hand, []
    for q, raw in enumerate(seats_data):
        if not isinstance(raw, dict):
            raise ValueError(f"seats[{q}] must be an object")
        extra = sorted(set(raw) - _SEAT_FIELDS)
        if extra:
            raise ValueError(f"seats[{q}]: unknown fields {', '.join(extra)}")
        size = _int(raw, "hand_size", 0, rules.leader_hand_size + 1)
        row_value = raw.get("row") or []
        row_texts = row_value.replace(",", " ").split() if isinstance(row_value, str) else row_value
        if not isinstance(row_texts, list) or len(row_texts) > 4:
            raise ValueError(f"seats[{q}].row must hold at most 4 cards, oldest first")
        row = [to_card(c, f"seats[{q}].row card").index for c in row_texts]
        laid_values = raw.get("laid") or []
        if not isinstance(laid_values, list) or len(laid_values) > 8:
            raise ValueError(f"seats[{q}].laid must be a list of at most 8 phỏm")
        laid = [_cards(m, f"seats[{q}].laid[{i}]") for i, m in enumerate(laid_values)]
        for i, meld in enumerate(laid):
            if not is_meld_mask(meld):
                raise ValueError(f"seats[{q}].laid[{i}] = {CardSet(meld)} is not a phỏm")
        eaten = _cards(raw.get("eaten"), f"seats[{q}].eaten")
        for name, mask in [(f"seats[{q}].row", sum(1 << c for c in row))] + \
                          [(f"seats[{q}].laid[{i}]", m) for i, m in enumerate(laid)]:
            if mask & seen or (name.endswith(".row") and len(row) != len(set(row))):
                raise ValueError(f"{name} repeats a card shown elsewhere")
            seen |= mask
        seat = SeatState(0)
        seat.row, seat.laid, seat.eaten = row, laid, eaten
        seat.laid_down = _bool(raw, "laid_down")
        seat.lay_order = q if seat.laid_down else -1
        seat.turns = max(1, len(row))
        seats.append((seat, size))
    me, my_size = seats[player]
    if my_size != hand.bit_count():
        raise ValueError(f"seats[{player}].hand_size is {my_size} but the hand holds {hand.bit_count()} cards")
    if me.eaten & ~(hand | sum(me.laid)) or unlaid & ~me.eaten:
        raise ValueError("the player's eaten cards must be in his hand or his laid phỏm, unlaid_eaten among them")
    stock_size = _int(data, "stock_size", 0, rules.stock_size)
    hidden = card_indices(DECK_MASK & ~seen & ~sum(s.eaten for s, _ in seats))
    for q, (seat, size) in enumerate(seats):
        if q == player:
            seat.hand, seat.unlaid_eaten = hand, unlaid
            continue
        seat.unlaid_eaten = seat.eaten & ~sum(seat.laid)
        need = size - seat.unlaid_eaten.bit_count()
        if need < 0 or len(hidden) < need:
            raise ValueError(f"seats[{q}]: hand_size {size} does not fit the cards left unseen")
        seat.hand = seat.unlaid_eaten | sum(1 << c for c in hidden[:need])   # stand-ins: hidden anyway
        hidden = hidden[need:]
    if len(hidden) < stock_size:
        raise ValueError(f"stock_size {stock_size} does not fit the cards left unseen")
    state = State([0] * n, hidden[:stock_size], player)
    state.seats = [seat for seat, _ in seats]
    state.to_move, state.phase = player, phase
    state.turn_kind = turn_kind_of(me)
    first = _bool(data, "first_turn")
    if first:
        me.turns = 0
    state.turn_actions = 0 if first or phase == "take" else 1
    state.laid_this_turn = _int(data, "laid_this_turn", 0, 8, 0)
    state.sent_this_turn = _bool(data, "sent_this_turn")
    discard = data.get("last_discard")
    if discard is not None:
        if phase != "take":
            raise ValueError("last_discard is only for the take phase")
        card = to_card(discard, "last_discard").index
        previous = state.seats[(player - 1) % n].row
        if not previous or previous[-1] != card:
            raise ValueError("last_discard must be the last card of the previous seat's row")
        state.last_discard = card
    if state.sent_this_turn or state.laid_this_turn:
        state.turn_actions = max(state.turn_actions, 1 + state.laid_this_turn)
    actions = tuple(ACTIONS[i] for i in legal(rules, state).ids)
    return PlayerView(rules, state.public(player), actions, [])


# ----------------------------------------------------------------------------------------------
# The position notation (docs/en/position.md): one line of text for what the player to move sees

_KINDS: dict[str, str] = {"normal": "N", "lay": "H", "tai": "T"}
_KIND_OF: dict[str, TurnKind] = {"N": "normal", "H": "lay", "T": "tai"}
_TURN = re.compile(r"^([0-3])([tp])([NHT])([0-8]?)(s?)(c?)$")
_FIELD_NAMES = ("turn", "hand", "sizes", "rows", "eaten", "laid", "down", "turns", "stock", "lead", "chot",
                "ply", "rules")
_PRESETS = {"std": Rules().to_dict(), "8la": Rules.eight_cards().to_dict()}


@dataclass(frozen=True)
class Position:
    """What the player to move sees at a decision of Phỏm, as one line of text (``str``; ``parse`` reads
    it back exactly; docs/en/position.md has the grammar). Cards are card indices; per-seat fields hold
    one entry per seat, seat 0 first.

    ``player`` is to move in ``phase`` (``"take"`` or ``"play"``) of a turn of ``kind`` (``"normal"``,
    ``"lay"``, ``"tai"``), having laid ``laid_this_turn`` phỏm, sent (``sent_this_turn``) and eaten a chốt
    (``ate_chot``) in it; ``hand`` his cards (mask); ``sizes`` every hand's size; ``rows`` the discard
    rows oldest first; ``latest`` each other seat's latest discard (−1: none); ``eaten`` the eaten cards
    in the order eaten and ``chot`` which of them were chốt; ``laid`` the phỏm on the table (masks);
    ``down`` the seats that laid down, in order, ``tai`` those that played a tái turn; ``turns`` each
    seat's discards; ``stock`` the cards left to draw; ``lead`` the seat due to lay down first (chuyển
    bài); ``last_chot_eater`` (−1: none); ``rules``; ``ply`` the actions played so far (the hint seeds
    its playouts by it, as chess's FEN counts moves).

    >>> text = "1tN 8S3C8C5DQDKD9H10HJH 9/9/9/9 QS/-/-/- -/-/-/- -/-/-/- - 1/0/0/0 15 0 - 1 std"
    >>> p = Position.parse(text)
    >>> [str(a) for a in p.view().legal_actions], str(p) == text, p.stock
    (['draw'], True, 15)
    >>> Position.parse("1tN 9H10H 9/9/9/9 QS/-/-/- -/-/-/- -/-/-/- - 1/0/0/0 15 0 - 1 std")
    Traceback (most recent call last):
    ...
    phom.notation.PositionError: position field 'hand': the hand holds 2 cards; field 'sizes' says seat 1 holds 9
    """

    #: the names of its fields, in the order the line writes them (a line of another count is no Phỏm position)
    FIELDS: ClassVar[tuple[str, ...]] = _FIELD_NAMES

    player: int
    phase: Phase
    kind: TurnKind
    hand: int
    sizes: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]
    latest: tuple[int, ...]
    eaten: tuple[tuple[int, ...], ...]
    chot: tuple[tuple[bool, ...], ...]
    laid: tuple[tuple[int, ...], ...]
    down: tuple[int, ...]
    tai: frozenset[int]
    turns: tuple[int, ...]
    stock: int
    lead: int
    last_chot_eater: int
    rules: Rules
    ply: int = 0
    laid_this_turn: int = 0
    sent_this_turn: bool = False
    ate_chot: bool = False

    # -- text ----------------------------------------------------------------------------------

    @property
    def text(self) -> str:
        """The position as one line (the same as ``str``)."""
        turn = (f"{self.player}{self.phase[0]}{_KINDS[self.kind]}{self.laid_this_turn or ''}"
                f"{'s' if self.sent_this_turn else ''}{'c' if self.ate_chot else ''}")
        rows = []
        for q, row in enumerate(self.rows):
            mark = q != self.player and self.latest[q] >= 0 and (not row or row[-1] != self.latest[q])
            rows.append(cards_text(row) + (f"!{Card.from_index(self.latest[q]).code}" if mark else ""))
        eaten = ["".join(Card.from_index(c).code + ("*" if hot else "") for c, hot in zip(cards, hots)) or "-"
                 for cards, hots in zip(self.eaten, self.chot)]
        laid = [",".join(cards_text(card_indices(m)) for m in melds) or "-" for melds in self.laid]
        down = "".join(f"{q}{'+' if q in self.tai else ''}" for q in self.down) or "-"
        rules = self.rules.to_dict()
        preset = "8la" if self.rules.hand_size == 8 else "std"
        fields = [turn, cards_text(card_indices(self.hand)), "/".join(map(str, self.sizes)), "/".join(rows),
                  "/".join(eaten), "/".join(laid), down, "/".join(map(str, self.turns)), str(self.stock),
                  str(self.lead), "-" if self.last_chot_eater < 0 else str(self.last_chot_eater), str(self.ply),
                  rules_text(rules, {**_PRESETS[preset], "players": self.rules.players}, preset)]
        return " ".join(fields)

    def __str__(self) -> str:
        return self.text

    @classmethod
    def parse(cls, text: str) -> Position:
        """The position ``text`` writes; PositionError (a ValueError) names the field that is wrong."""
        f, players = position_fields(text, _FIELD_NAMES, "Phỏm")
        rules = rules_of(Rules, f["rules"], _PRESETS, players)
        turn = _TURN.match(f["turn"])
        if turn is None or int(turn.group(1)) >= players:
            raise PositionError("turn", N_("{turn!r}: write the seat to move (0 to {top}), t (take) or p (play), N, H or "
                                           "T (normal, hạ or tái turn), then what this turn did: the phỏm laid, s "
                                           "(sent), c (ate a chốt), e.g. 2pH1s"), turn=f["turn"], top=players - 1)
        player = int(turn.group(1))
        hand = sum(1 << c for c in parse_card_list(f["hand"], "hand"))
        sizes = tuple(_count(s, "sizes", 0, rules.leader_hand_size + 1) for s in seat_fields(f["sizes"], "sizes", players))
        player = int(turn.group(1))
        rows, latest = [], []
        for q, part in enumerate(seat_fields(f["rows"], "rows", players)):
            row_text, bang, last = part.partition("!")
            row = parse_card_list(row_text, "rows")
            if len(row) > 4:
                raise PositionError("rows", N_("seat {seat}'s row holds {count} cards; a row holds at most 4"),
                                    seat=q, count=len(row))
            rows.append(tuple(row))
            if q == player:
                if bang:
                    raise PositionError("rows", N_("seat {seat} is to move: his latest discard is not written"), seat=q)
                latest.append(-1)
            elif bang:
                card = parse_card_list(last, "rows")
                if len(card) != 1 or (row and row[-1] == card[0]):
                    raise PositionError("rows", N_("seat {seat}: after '!' write the one card of his latest discard "
                                                   "that is not the last card of his row"), seat=q)
                latest.append(card[0])
            else:
                latest.append(row[-1] if row else -1)
        eaten, chot = [], []
        for part in seat_fields(f["eaten"], "eaten", players):
            cards = parse_card_list(part.replace("*", ""), "eaten")
            marks, at = [], 0
            for c in cards:
                at += len(Card.from_index(c).code)
                hot = part[at:at + 1] == "*"
                at += hot
                marks.append(hot)
            if part != "-" and "".join(Card.from_index(c).code + "*" * h for c, h in zip(cards, marks)) != part.upper():
                raise PositionError("eaten", N_("{part!r}: a '*' follows the chốt card it marks"), part=part)
            if len(cards) > 3:
                raise PositionError("eaten", N_("{part!r}: a player eats at most 3 cards"), part=part)
            eaten.append(tuple(cards))
            chot.append(tuple(marks))
        laid = []
        for q, part in enumerate(seat_fields(f["laid"], "laid", players)):
            melds = [] if part == "-" else [sum(1 << c for c in parse_card_list(m, "laid")) for m in part.split(",")]
            for meld in melds:
                if not is_meld_mask(meld):
                    raise PositionError("laid", N_("seat {seat}: {cards} is not a phỏm"), seat=q,
                                        cards=cards_text(card_indices(meld)))
            laid.append(tuple(melds))
        down_text = f["down"]
        if not re.fullmatch(r"-|([0-3]\+?)+", down_text):
            raise PositionError("down", N_("{part!r}: write the seats that laid down in their order, each followed by "
                                           "+ if he played a tái turn (e.g. 2+0), or -"), part=down_text)
        down = tuple(int(c) for c in down_text if c.isdigit())
        if len(set(down)) != len(down) or any(q >= players for q in down):
            raise PositionError("down", N_("{part!r}: each seat (0 to {top}) at most once"), part=down_text,
                                top=players - 1)
        tai = frozenset(int(m) for m in re.findall(r"([0-3])\+", down_text))
        turns = tuple(_count(s, "turns", 0, 40) for s in seat_fields(f["turns"], "turns", players))
        stock = _count(f["stock"], "stock", 0, rules.stock_size)
        lead = _count(f["lead"], "lead", 0, players - 1)
        last_chot = -1 if f["chot"] == "-" else _count(f["chot"], "chot", 0, players - 1)
        ply = _count(f["ply"], "ply", 0, 999)
        position = cls(player, "take" if turn.group(2) == "t" else "play", _KIND_OF[turn.group(3)], hand, sizes,
                       tuple(rows), tuple(latest), tuple(eaten), tuple(chot), tuple(laid), down, tai, turns,
                       stock, lead, last_chot, rules, ply, int(turn.group(4) or 0), bool(turn.group(5)),
                       bool(turn.group(6)))
        position.state()                      # every check of the whole (cards seen twice, sizes …)
        return position

    # -- from and to games ---------------------------------------------------------------------

    @classmethod
    def of(cls, game_or_view: Any, player: int | None = None) -> Position:
        """The position of the player to move in a ``Game`` (or of ``player``, who must be the one to
        move) or of a ``PlayerView`` whose player is to move."""
        view = game_or_view.view(game_or_view.to_move if player is None else player) \
            if hasattr(game_or_view, "state") and not isinstance(game_or_view, PlayerView) else game_or_view
        if not isinstance(view, PlayerView):
            raise PositionError("game", N_("a Phỏm position is read from a Game or a PlayerView, not {kind}"),
                                kind=type(game_or_view).__name__)
        state = view.public.state
        if view.is_over or state.to_move != view.player:
            raise PositionError("turn", N_("player {seat} is not to move: a position is a decision"), seat=view.player)
        n = view.rules.players
        eats: list[list[int]] = [[] for _ in range(n)]
        latest = [-1] * n
        for who, action in view.history:
            if isinstance(action, Eat):
                eats[who].append(action.card.index)
            latest[who] = action.card.index if isinstance(action, Discard) else -1
        latest[view.player] = -1
        kinds: list[list[bool]] = [[] for _ in range(n)]
        for _payer, payee, _amount, reason in state.payments:
            kinds[payee].append(reason == "chot")
        seats = state.seats
        down = tuple(sorted((q for q in range(n) if seats[q].laid_down), key=lambda q: seats[q].lay_order))
        return cls(view.player, view.phase, view.turn_kind, seats[view.player].hand, view.hand_sizes,
                   tuple(tuple(s.row) for s in seats), tuple(latest), tuple(map(tuple, eats)),
                   tuple(map(tuple, kinds)), tuple(tuple(s.laid) for s in seats), down,
                   frozenset(q for q in range(n) if seats[q].had_tai), tuple(s.turns for s in seats),
                   view.stock_size, state.lead, state.last_chot_eater, view.rules, len(view.history),
                   state.laid_this_turn,
                   state.sent_this_turn, state.ate_chot_from >= 0)

    def state(self) -> tuple[State, list[tuple[int, Action]]]:
        """A full ``State`` of this position (the hidden hands and the stock stand-ins from the unseen
        cards) and the history the view shows (each seat's eats in order, then its latest discard);
        PositionError names the field that does not fit."""
        n, rules, p = self.rules.players, self.rules, self.player
        if self.hand.bit_count() != self.sizes[p]:
            raise PositionError("hand", N_("the hand holds {count} cards; field 'sizes' says seat {seat} holds {size}"),
                                count=self.hand.bit_count(), seat=p, size=self.sizes[p])
        seen = self.hand
        for field, masks in (("rows", [sum(1 << c for c in row) for row in self.rows]),
                             ("laid", [m for melds in self.laid for m in melds]),
                             ("rows", [1 << c for q, c in enumerate(self.latest) if c >= 0 and c not in self.rows[q]
                                       and not any(c in e for e in self.eaten) and not any(c in r for r in self.rows)])):
            for mask in masks:
                if mask & seen:
                    raise PositionError(field, N_("{cards} is shown twice"), cards=cards_text(card_indices(mask & seen)))
                seen |= mask
        seats = []
        for q in range(n):
            seat = SeatState(0)
            seat.row, seat.laid = list(self.rows[q]), list(self.laid[q])
            seat.eaten = sum(1 << c for c in self.eaten[q])
            table = sum(seat.laid)
            held = self.hand if q == p else DECK_MASK & ~seen
            if seat.eaten & ~(table | held) or (q != p and seat.eaten & seen & ~table):
                raise PositionError("eaten", N_("seat {seat}'s eaten cards are in his hand or his phỏm, and nowhere "
                                                "else"), seat=q)
            seat.unlaid_eaten = seat.eaten & (self.hand if q == p else ~table)
            seat.laid_down = q in self.down
            seat.lay_order = self.down.index(q) if seat.laid_down else -1
            seat.had_tai = q in self.tai
            if seat.had_tai and not seat.laid_down:
                raise PositionError("down", N_("seat {seat} played a tái turn, so he laid down"), seat=q)
            seat.turns = self.turns[q]
            seats.append(seat)
        for q, seat in enumerate(seats):
            if q != p:
                seen |= seat.unlaid_eaten
        hidden = card_indices(DECK_MASK & ~seen)
        for q, seat in enumerate(seats):
            if q == p:
                seat.hand = self.hand
                continue
            need = self.sizes[q] - seat.unlaid_eaten.bit_count()
            if need < 0 or len(hidden) < need:
                raise PositionError("sizes", N_("seat {seat}'s hand of {size} does not fit the cards left unseen"),
                                    seat=q, size=self.sizes[q])
            seat.hand = seat.unlaid_eaten | sum(1 << c for c in hidden[:need])   # stand-ins: hidden anyway
            hidden = hidden[need:]
        if len(hidden) < self.stock:
            raise PositionError("stock", N_("{count} cards do not fit the {left} left unseen"), count=self.stock,
                                left=len(hidden))
        unused = 52 - rules.hand_size * (n - 1) - rules.leader_hand_size - rules.stock_size   # never dealt
        if len(hidden) != self.stock + unused:   # every dealt card is somewhere: a hand, a row, a phỏm, the stock
            raise PositionError("stock", N_("{count} cards, but the hands, the rows and the phỏm leave {left} for "
                                            "the stock: the deal has {dealt} cards"), count=self.stock,
                                left=len(hidden) - unused, dealt=52 - unused)
        state = State([0] * n, hidden[:self.stock], self.lead)
        state.seats = seats
        state.to_move, state.phase, state.turn_kind = p, self.phase, self.kind
        me = seats[p]
        if len(me.row) >= 4:
            raise PositionError("rows", N_("seat {seat} is to move with a full row"), seat=p)
        if self.kind != "tai" and me.laid_down or self.kind == "tai" and not me.laid_down:
            raise PositionError("turn", N_("a tái turn of a seat that has not laid down (field 'down')")
                                if self.kind == "tai" else
                                N_("a normal or hạ turn of a seat that has laid down (field 'down')"))
        if self.phase == "take":
            if self.laid_this_turn or self.sent_this_turn or self.ate_chot:
                raise PositionError("turn", N_("in the take phase nothing of the turn is done yet"))
            previous = seats[(p - 1) % n].row
            state.last_discard = previous[-1] if previous else -1
        first = self.phase == "take" or (not any(self.turns) and not any(self.rows) and not any(self.eaten)
                                         and self.stock == rules.stock_size)
        state.turn_actions = 0 if first else 1 + self.laid_this_turn + self.sent_this_turn
        state.laid_this_turn, state.sent_this_turn = self.laid_this_turn, self.sent_this_turn
        state.ate_chot_from = (p - 1) % n if self.ate_chot else -1
        state.last_chot_eater = self.last_chot_eater
        for q in range(n):
            for k, (card, hot) in enumerate(zip(self.eaten[q], self.chot[q]), start=1):
                amount = rules.stakes.chot if hot else rules.stakes.eat * (k if rules.eat_pay == "progressive" else 1)
                state.payments.append(((q - 1) % n, q, amount, "chot" if hot else "eat"))
        history: list[tuple[int, Action]] = [(q, Eat(Card.from_index(c))) for q in range(n) for c in self.eaten[q]]
        history += [(q, Discard(Card.from_index(c))) for q, c in enumerate(self.latest) if c >= 0 and q != p]
        if len(history) > self.ply:
            raise PositionError("ply", N_("{ply} actions cannot hold the {count} eats and discards shown"),
                                ply=self.ply, count=len(history))
        return state, [(p, Draw())] * (self.ply - len(history)) + history

    def view(self) -> PlayerView:
        """The player's ``PlayerView`` of this position, which every bot, ``hint`` and ``best_lay`` take.
        Its history holds what the position keeps of the game in ``ply`` actions: each seat's eats in order,
        then each other seat's latest discard (what the Monte Carlo bot's world sampler reads), after
        stand-in draws of the player that make up the count (the hint seeds its playouts by it)."""
        state, history = self.state()
        actions = tuple(ACTIONS[i] for i in legal(self.rules, state).ids)
        return PlayerView(self.rules, state.public(self.player), actions, history)


def _count(text: str, field: str, low: int, high: int) -> int:
    if not text.isdigit() or not low <= int(text) <= high:
        raise PositionError(field, N_("{part!r} must be a whole number from {low} to {high}"), part=text, low=low,
                            high=high)
    return int(text)
