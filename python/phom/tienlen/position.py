"""The Tiến lên position notation (docs/en/position.md): one line of text for what the player to move sees
at a decision, read back exactly, taken from a game or a view and turned back into a ``TienLenView``
that every Tiến lên bot and the hint take.

A player of Tiến lên sees every play made, and the bots' worlds replay them (``phom.tienlen.worlds``), so
the line ends with the game's moves; the fields before them say what the moves lead to (the hands'
sizes, the play to beat and its owner, the seats that passed, the seats out and cóng), for the reader,
and are checked against the moves.

>>> p = Position.parse("2 3H4C4H8S8C10S10DJHKSKCAH2C2D 13/12/13/13 3S@1 - - F1 std 1:3S")
>>> p.table, p.table_owner, [str(a) for a in p.view().legal_actions][:3]
('3S', 1, ['play 8S', 'play 10S', 'play KS'])
>>> Position.parse("2 3H4C4H8S8C10S10DJHKSKCAH2C2D 13/13/13/13 3S@1 - - F1 std 1:3S")
Traceback (most recent call last):
...
phom.notation.PositionError: position field 'sizes': '13/13/13/13', but the moves lead to '13/12/13/13'

"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..cards import DECK_MASK, Card, card_indices
from ..language import N_
from ..notation import PositionError, cards_text, parse_card_list, parse_rules, position_fields, rules_of, rules_text
from .combos import classify
from .game import Action, Pass, Play, TienLenGame, TienLenView, bomb_value
from .reference import HEO, order, strength
from .rules import TienLenRules

__all__ = ["Position", "PositionError"]

_FIELD_NAMES = ("turn", "hand", "sizes", "table", "passed", "out", "game", "rules", "moves")
_PRESETS = {"std": TienLenRules().to_dict()}
_GAME = re.compile(r"^([FL])([0-3])(?::(.+))?$")


def _in_order(mask: int) -> str:
    """Cards weakest first (3♠ … 2♥), the way a Tiến lên player sorts them."""
    return cards_text(sorted(card_indices(mask), key=lambda i: strength(Card.from_index(i))))


def _is_bomb(mask: int) -> bool:
    combo = classify(mask)
    return combo is not None and combo.is_bomb


def _heo_or_bomb(mask: int) -> bool:
    combo = classify(mask)
    return combo is not None and (combo.is_bomb or (combo.kind in ("single", "pair") and order(combo.high) == HEO))


@dataclass(frozen=True)
class Position:
    """What ``player``, to move, sees of a game of Tiến lên: his ``hand`` (mask), the ``rules``, whether
    it is the match's ``first_game``, its ``leader``, the ``opening`` card the first play must hold (−1
    once played or in a later game) and the ``moves`` so far as (seat, cards mask; 0 for a pass). The
    properties ``sizes``, ``table``, ``table_owner``, ``passed``, ``out`` and ``cong`` are what the moves
    lead to.

    >>> from phom.tienlen import TienLenGame
    >>> game = TienLenGame(seed=3)
    >>> text = str(Position.of(game))
    >>> text
    '1 3S5C5H6S6C6D6H8D9C9H10HQC2S 13/13/13/13 - - - F1:3S std -'
    >>> str(Position.parse(text)) == text
    True
    """

    #: the names of its fields, in the order the line writes them (a line of another count is no Tiến lên position)
    FIELDS: ClassVar[tuple[str, ...]] = _FIELD_NAMES

    player: int
    hand: int
    rules: TienLenRules
    first_game: bool
    leader: int
    opening: int
    moves: tuple[tuple[int, int], ...]
    _replayed: dict[str, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_replayed", _replay(self))

    # -- what the moves lead to ------------------------------------------------------------------

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(self._replayed["sizes"])

    @property
    def table(self) -> str:
        """The play to beat (cards weakest first), ``""`` when the player starts a round."""
        return _in_order(self._replayed["table"]) if self._replayed["table"] else ""

    @property
    def table_owner(self) -> int:
        return int(self._replayed["owner"])

    @property
    def passed(self) -> frozenset[int]:
        return frozenset(self._replayed["passed"])

    @property
    def out(self) -> tuple[int, ...]:
        """The seats that went out, in order."""
        return tuple(self._replayed["finished"])

    @property
    def cong(self) -> tuple[int, ...]:
        return tuple(self._replayed["cong"])

    # -- text ----------------------------------------------------------------------------------

    @property
    def text(self) -> str:
        """The position as one line (the same as ``str``)."""
        r = self._replayed
        table = f"{_in_order(r['table'])}@{r['owner']}" if r["table"] else "-"
        out = "".join(map(str, r["finished"])) or "-"
        if r["cong"]:
            out = ("" if out == "-" else out) + "x" + "".join(map(str, r["cong"]))
        game = f"{'F' if self.first_game else 'L'}{self.leader}" + \
            (f":{Card.from_index(self.opening).code}" if self.opening >= 0 else "")
        moves = ",".join(f"{q}:{_in_order(m) if m else '-'}" for q, m in self.moves) or "-"
        return " ".join([str(self.player), _in_order(self.hand), "/".join(map(str, r["sizes"])), table,
                         "".join(map(str, sorted(r["passed"]))) or "-", out, game,
                         rules_text(self.rules.to_dict(), {**_PRESETS["std"], "players": self.rules.players}), moves])

    def __str__(self) -> str:
        return self.text

    @classmethod
    def parse(cls, text: str) -> Position:
        """The position ``text`` writes; PositionError (a ValueError) names the field that is wrong."""
        f, players = position_fields(text, _FIELD_NAMES, "Tiến lên")
        rules = rules_of(TienLenRules, f["rules"], _PRESETS, players)
        if not re.fullmatch(r"[0-3]", f["turn"]) or int(f["turn"]) >= players:
            raise PositionError("turn", N_("{turn!r}: write the seat to move, 0 to {top}"), turn=f["turn"],
                                top=players - 1)
        game = _GAME.match(f["game"])
        if game is None or int(game.group(2)) >= players:
            raise PositionError("game", N_("{part!r}: write F (the match's first game) or L (a later one) and the "
                                           "leader's seat, and in a first game before its first play ':' and the card "
                                           "it must hold (e.g. F0:3S)"), part=f["game"])
        opening = -1
        if game.group(3):
            card = parse_card_list(game.group(3), "game")
            if len(card) != 1 or game.group(1) != "F":
                raise PositionError("game", N_("only a first game names one opening card, after ':'"))
            opening = card[0]
        moves = []
        for k, item in enumerate([] if f["moves"] == "-" else f["moves"].split(",")):
            seat, colon, cards = item.partition(":")
            if not colon or not re.fullmatch(r"[0-3]", seat) or int(seat) >= players:
                raise PositionError("moves", N_("move {number} {item!r}: write SEAT:CARDS, or SEAT:- for a pass"),
                                    number=k + 1, item=item)
            moves.append((int(seat), sum(1 << c for c in parse_card_list(cards, "moves"))))
        position = cls(int(f["turn"]), sum(1 << c for c in parse_card_list(f["hand"], "hand")), rules,
                       game.group(1) == "F", int(game.group(2)), opening, tuple(moves))
        shown = position.text.split()
        for name, mine in zip(_FIELD_NAMES, shown):
            theirs = f[name]
            if name in ("sizes", "table", "passed", "out") and mine != theirs:
                raise PositionError(name, N_("{theirs!r}, but the moves lead to {mine!r}"), theirs=theirs, mine=mine)
        return position

    # -- from and to games ---------------------------------------------------------------------

    @classmethod
    def of(cls, game_or_view: Any, player: int | None = None) -> Position:
        """The position of the player to move in a ``TienLenGame`` (or of ``player``, who must be the one
        to move) or of a ``TienLenView`` whose player is to move."""
        view = game_or_view
        if isinstance(game_or_view, TienLenGame):
            if game_or_view.to_move is None:
                raise PositionError("turn", N_("the game is over: a position is a decision"))
            view = game_or_view.view(game_or_view.to_move if player is None else player)
        if not isinstance(view, TienLenView):
            raise PositionError("game", N_("a Tiến lên position is read from a TienLenGame or a TienLenView, not "
                                           "{kind}"), kind=type(game_or_view).__name__)
        if view.to_move != view.player:
            raise PositionError("turn", N_("player {seat} is not to move: a position is a decision"), seat=view.player)
        moves = tuple((q, a.cards.mask if isinstance(a, Play) else 0) for q, a in view.history)
        return cls(view.player, view.hand.mask, view.rules, view.first_game, view.leader,
                   view.opening_card.index if view.opening_card is not None else -1, moves)

    def game(self) -> TienLenGame:
        """A ``TienLenGame`` in this position, the other hands stand-ins from the unseen cards (their
        sizes right): what a bot that plays a game out may start from."""
        r = self._replayed
        n = self.rules.players
        game = object.__new__(TienLenGame)
        hands = [0] * n
        hands[self.player] = self.hand
        free = card_indices(DECK_MASK & ~self.hand & ~r["gone"])
        for q in range(n):
            if q != self.player:
                hands[q], free = sum(1 << c for c in free[:r["sizes"][q]]), free[r["sizes"][q]:]
        game.__dict__.update(
            rules=self.rules, seed=None, first_game=self.first_game, deal=(), hands_=hands,
            opening_card=Card.from_index(self.opening) if self.opening >= 0 else None, leader=self.leader,
            to_move=self.player, table=r["table"], table_owner=r["owner"], passed=set(r["passed"]),
            finished=list(r["finished"]), cong=list(r["cong"]), played=list(r["played"]), chain=list(r["chain"]),
            chain_victim=r["chain_victim"], chain_winner=r["chain_winner"], payments=list(r["payments"]),
            history=[(q, Play(m) if m else Pass()) for q, m in self.moves], result=None)
        return game

    def view(self) -> TienLenView:
        """The player's ``TienLenView`` of this position, which every Tiến lên bot and the hint take."""
        return self.game().view(self.player)


def _replay(position: Position) -> dict[str, Any]:
    """What the public moves lead to, by the referee's rules of rounds (``TienLenGame``): a seat between
    the last mover and the next that did not act was skipped; the round ends when the turn comes back
    to the owner of the last play. PositionError names the field that does not fit."""
    rules, n = position.rules, position.rules.players
    if not 0 <= position.leader < n or not 0 <= position.player < n:
        raise PositionError("turn", N_("seats are 0 to {top}"), top=n - 1)
    if position.opening >= 0 and not position.first_game:
        raise PositionError("game", N_("only a first game has an opening card"))
    sizes, played = [13] * n, [False] * n
    table, owner, finished, cong = 0, -1, [], []
    passed: set[int] = set()
    chain: list[int] = []
    chain_victim = chain_winner = -1
    payments: list[tuple[int, int, int, str]] = []
    gone = 0
    last = -1

    def in_play(q: int) -> bool:
        return sizes[q] > 0 and q not in finished and q not in cong

    def settle() -> None:
        nonlocal chain, chain_victim, chain_winner
        if chain:
            payments.append((chain_victim, chain_winner, sum(chain), "chat"))
        chain, chain_victim, chain_winner = [], -1, -1

    def turn_of(mover: int, where: str) -> None:
        """Move the turn from ``last`` to ``mover``, starting a new round on the way if it passes the owner."""
        nonlocal table, owner, passed
        if last < 0:
            if mover != position.leader:
                raise PositionError(where, N_("seat {seat} moves first, but the leader is seat {leader}"), seat=mover,
                                    leader=position.leader)
            return
        for k in range(1, n + 1):
            q = (last + k) % n
            if q == owner:
                settle()
                table, passed, owner = 0, set(), -1
                lead = next((s for s in ((q + j) % n for j in range(n)) if in_play(s)), None)
                if lead != mover:
                    raise PositionError(where, N_("seat {seat} moves, but the round is seat {leader}'s to start"),
                                        seat=mover, leader=lead)
                return
            if q == mover:
                if not in_play(q) or (q in passed and rules.pass_locks_round and not (
                        rules.chat_after_pass and _heo_or_bomb(table))):
                    raise PositionError(where, N_("seat {seat} moves, but he is out of this round"), seat=mover)
                return
        raise PositionError(where, N_("seat {seat} cannot move after seat {previous}"), seat=mover, previous=last)

    for k, (mover, mask) in enumerate(position.moves):
        where = "moves"
        turn_of(mover, where)
        if mask == 0:
            if table == 0:
                raise PositionError(where, N_("move {number}: seat {seat} passes where he starts a round"),
                                    number=k + 1, seat=mover)
            passed.add(mover)
        else:
            if classify(mask) is None:
                raise PositionError(where, N_("move {number}: {cards} is not a combination"), number=k + 1,
                                    cards=_in_order(mask))
            if mask & gone:
                raise PositionError(where, N_("move {number}: {cards} was played before"), number=k + 1,
                                    cards=_in_order(mask & gone))
            if mask & position.hand and mover != position.player:
                raise PositionError("hand", N_("{cards} is in the hand, but move {number} played it"),
                                    cards=_in_order(mask & position.hand), number=k + 1)
            if bin(mask).count("1") > sizes[mover]:
                raise PositionError(where, N_("move {number}: seat {seat} holds fewer cards"), number=k + 1,
                                    seat=mover)
            if table and _is_bomb(mask) and _heo_or_bomb(table):
                chain.append(bomb_value(table, rules.stakes))
                chain_victim, chain_winner = owner, mover
            gone |= mask
            sizes[mover] -= bin(mask).count("1")
            played[mover] = True
            table, owner = mask, mover
            if sizes[mover] == 0:
                finished.append(mover)
                if len(finished) == 1:
                    cong = [q for q in ((position.leader + j) % n for j in range(n))
                            if not played[q] and q not in finished]
                    passed -= set(cong)
        last = mover
    if position.moves and position.opening >= 0:
        raise PositionError("game", N_("the opening card is named only before the first play"))
    if position.first_game and not position.moves and position.opening < 0:
        raise PositionError("game", N_("a first game names the card its first play must hold until it is played"))
    turn_of(position.player, "turn")
    if position.hand & gone:
        raise PositionError("hand", N_("{cards} was played already"), cards=_in_order(position.hand & gone))
    if bin(position.hand).count("1") != sizes[position.player]:
        raise PositionError("hand", N_("the hand holds {count} cards; the moves leave seat {seat} {size}"),
                            count=bin(position.hand).count("1"), seat=position.player, size=sizes[position.player])
    if position.opening >= 0 and not position.hand & (1 << position.opening) and position.player == position.leader:
        raise PositionError("game", N_("the leader holds the opening card"))
    return {"sizes": sizes, "table": table, "owner": owner, "passed": passed, "finished": finished, "cong": cong,
            "played": played, "chain": chain, "chain_victim": chain_victim, "chain_winner": chain_winner,
            "payments": payments, "gone": gone}
