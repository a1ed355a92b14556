"""The review's view of a Tiến lên game: every play or pass of a seat is a decision among the legal
actions (GreedyTienLenBot's order, its choice first, at most ``MAX_CANDIDATES``, and always the one played), worlds and
playouts in the compiled core (the reviewed seat plays on greedily; the others greedily in a quarter of
the worlds and at random in the rest: ``TienLenReplay.PLAYOUT``). Nothing is drawn in Tiến lên, so the
deal is the seat's only luck. Also the hint's judgement of a decision (``judge_tienlen``) and the
review's words for Tiến lên (``REVIEW_WORDS``: its moves and positions as a player says them).

>>> from phom.tienlen import TienLenGame
>>> from phom.tienlen.bots import GreedyTienLenBot
>>> game = TienLenGame(seed=5)
>>> while not game.is_over:
...     game.apply(GreedyTienLenBot().act(game.view(game.to_move)))
>>> replay = TienLenReplay(game)
>>> turn = replay.turns(game.leader)[0]
>>> turn.index, turn.played < len(turn.candidates)
(0, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..language import N_, number, term, translator
from ..racing import stage_seed
from ..review.judge import Judgement, verdict
from ..review.model import Turn, people_text
from ..review.text import ReviewWords
from .bots import ranked_actions
from .game import Pass, Play, TienLenGame, TienLenView, parse_action
from .position import Position
from .reference import in_order
from .render import action_text
from .rules import TienLenRules
from .vector import TienLenVectorGame
from .worlds import sample_deal

__all__ = ["EXPECTED_GAMES", "MAX_CANDIDATES", "REVIEW_WORDS", "TIENLEN_THRESHOLDS", "TienLenReplay", "action_words", "expected_tienlen_net",
           "judge_tienlen", "playout_values", "position_words", "sample_turn", "turn_candidates"]

#: The review's (inaccuracy, mistake, blunder) thresholds in stakes (``TienLenKind.label_thresholds``; how
#: they were measured: ``phom.review.calibration``).
TIENLEN_THRESHOLDS = (0.12, 0.24, 0.48)
#: Deals that measure a seat's expected money before the deal (``expected_tienlen_net``).
EXPECTED_GAMES = 4096
#: The most candidates a Tiến lên decision races (the played one is added if it is not among them).
MAX_CANDIDATES = 12


@lru_cache(maxsize=64)
def expected_tienlen_net(rules: TienLenRules, first_game: bool) -> tuple[float, ...]:
    """Each seat's mean money before it sees its cards, as the review's playouts value a state
    (``TienLenReplay.PLAYOUT``: the seat greedy, the others greedy in a quarter of the deals and at
    random in the rest), over ``EXPECTED_GAMES`` deals (fixed seeds), seat 0 leading a later game; in a
    first game the holder of the opening card leads. Measured so, the deal's luck (the value after the
    deal less this) is mean zero; greedy self-play would leave +3 stakes a game of it (the playouts'
    random opponents are weaker than greedy ones).

    >>> values = expected_tienlen_net(TienLenRules(), True)
    >>> len(values), all(v > 0 for v in values)
    (4, True)
    """
    mine, *others = TienLenReplay.PLAYOUT
    n = rules.players
    out = []
    for seat in range(n):
        total = 0.0
        for j, other in enumerate(others):
            games = TienLenVectorGame(EXPECTED_GAMES // len(others), rules, seed=20261201 + j, first_game=first_game)
            games.playout([mine if q == seat else other for q in range(n)], seed=20261201 + j)
            total += float(games.net[:, seat].mean())
        out.append(total / len(others))
    return tuple(out)


def _mask(action: Play | Pass) -> int:
    return action.cards.mask if isinstance(action, Play) else 0


class TienLenReplay:
    """A finished Tiến lên game replayed from its deal, with the game before every action kept."""

    name = "tienlen"
    #: (inaccuracy, mistake, blunder) in stakes (``phom.review.calibration``)
    thresholds = TIENLEN_THRESHOLDS
    #: a forced pass is not valued: it changes nothing the seat knows
    value_forced = False
    #: How the hidden hands are read (``TienLenVectorGame.sample_worlds``'s ``unlike_greedy``; 1: every
    #: deal the history allows, equally; a deal none allows falls back to 1). Reading the others as
    #: greedy players (0.5) did not help the error rates' order and took 5× longer (LADDER.md).
    UNLIKE_GREEDY = 1.0
    #: The playouts' policies: the reviewed seat's, then the other seats' in each of equal blocks of the
    #: worlds. The review does not know its opponents: greedy opponents alone pass so often that
    #: keeping a card looked worthless (greedy's passes were charged 1.75 stakes each and greedy
    #: rated below random); a quarter greedy, three quarters random orders the project's bots as their
    #: strength (tuned on seed 81 among greedy only, 1:1, 1:3 and random only; LADDER.md).
    PLAYOUT = ("greedy", "greedy", "random", "random", "random")

    def __init__(self, game: TienLenGame) -> None:
        if not game.is_over or game.result is None:
            raise ValueError("the game is not over: only finished games are reviewed")
        self.rules = game.rules
        self.players = game.rules.players
        self.first_game = game.first_game
        self.leader = game.leader
        self.history = list(game.history)
        self.net = tuple(int(x) for x in game.result.net)
        replay = TienLenGame(game.rules, deal=game.deal, first_game=game.first_game,
                             leader=None if game.first_game else game.leader)
        self.start = replay.clone()
        self.states: list[TienLenGame] = []
        for _, action in self.history:
            self.states.append(replay.clone())
            replay.apply(action)
        self.moves = tuple(f"{p}: {a}" for p, a in self.history)

    def turns(self, seat: int) -> list[Turn]:
        out = []
        for i, (player, action) in enumerate(self.history):
            if player != seat:
                continue
            view = self.states[i].view(seat)
            ranked = turn_candidates(view)
            if action not in ranked:
                ranked.append(action)
            candidates = tuple((people_text(a), (a,)) for a in ranked)
            out.append(Turn(seat, i, i + 1, candidates, ranked.index(action), False, "play", 0))
        return out

    def sample(self, seat: int, index: int, count: int, seed: int) -> TienLenVectorGame:
        """Worlds agreeing with what ``seat`` knew before action ``index`` (the deal alone at 0 when
        another seat leads)."""
        game = self.states[index] if index < len(self.states) else None
        if game is not None and game.to_move == seat:
            try:
                return sample_turn(game.view(seat), count, seed)
            except ValueError:
                raise ValueError(f"no deal of the hidden cards agrees with what seat {seat} saw before action "
                                 f"{index}") from None
        if index != 0:
            raise ValueError("Tiến lên positions are valued at the deal or on the seat's own turn")
        rng = random.Random(seed)
        view = self.start.view(seat)
        deals = [sample_deal(view, rng) for _ in range(count)]
        return TienLenVectorGame.from_deals(self.rules, deals, first_game=self.first_game,
                                            leaders=None if self.first_game else [self.leader] * count)

    def truth(self, index: int) -> TienLenVectorGame:
        return TienLenVectorGame.from_games([self.states[index]])

    def values(self, worlds: TienLenVectorGame, seat: int, plans: Sequence[tuple[Any, ...]], seed: int
               ) -> npt.NDArray[np.float64]:
        return playout_values(worlds, seat, plans, seed, self.players)

    def expected(self, seat: int) -> float:
        table = expected_tienlen_net(self.rules, self.first_game)
        return table[seat] if self.first_game else table[(seat - self.leader) % self.players]

    def position(self, seat: int, index: int) -> dict[str, Any]:
        game = self.states[index]
        view = game.view(seat)
        return {"hand": view.hand.codes, "table": view.table.codes, "table_owner": view.table_owner,
                "hand_sizes": list(view.hand_sizes), "passed": sorted(view.passed),
                "notation": str(Position.of(view))}


def turn_candidates(view: TienLenView) -> list[Play | Pass]:
    """The actions a decision weighs: GreedyTienLenBot's order, its choice first, at most
    ``MAX_CANDIDATES`` (the review adds the played one).

    >>> game = TienLenGame(seed=5)
    >>> len(turn_candidates(game.view(game.to_move))) <= MAX_CANDIDATES
    True
    """
    return ranked_actions(view)[:MAX_CANDIDATES]


def sample_turn(view: TienLenView, count: int, seed: int) -> TienLenVectorGame:
    """``count`` worlds agreeing with what the seat to move knows (``TienLenReplay.UNLIKE_GREEDY``'s
    reading, then every deal the history allows, with more attempts); ValueError when none agrees.

    >>> game = TienLenGame(seed=5)
    >>> len(sample_turn(game.view(game.to_move), 4, seed=1))
    4
    """
    for belief in dict.fromkeys((TienLenReplay.UNLIKE_GREEDY, 1.0)):
        for attempts in (20, 400):
            worlds = TienLenVectorGame.sample_worlds(view, count, seed=seed, attempts=attempts, unlike_greedy=belief)
            if len(worlds):
                return worlds
    raise ValueError(f"no deal of the hidden cards agrees with what seat {view.player} saw")


def playout_values(worlds: TienLenVectorGame, seat: int, plans: Sequence[tuple[Any, ...]], seed: int,
                   players: int) -> npt.NDArray[np.float64]:
    """The seat's money in every world (rows) after each plan (columns), played out by
    ``TienLenReplay.PLAYOUT``'s policies.

    >>> game = TienLenGame(seed=5)
    >>> view = game.view(game.to_move)
    >>> playout_values(sample_turn(view, 8, 1), view.player, [(a,) for a in turn_candidates(view)[:2]], 3, 4).shape
    (8, 2)
    """
    count = len(worlds)
    out = np.zeros((count, len(plans)), dtype=np.float64)
    mine, *others = TienLenReplay.PLAYOUT
    blocks = min(len(others), count) or 1
    for k, plan in enumerate(plans):
        start = 0
        for j, copy in enumerate(worlds.split(blocks)):
            size = len(copy)
            for action in plan:
                copy.step(np.full(size, _mask(action), dtype=np.uint64), only=~copy.done)
            copy.playout([mine if q == seat else others[j] for q in range(players)], seed=seed + j)
            out[start:start + size, k] = copy.net[:, seat]
            start += size
    return out


def judge_tienlen(view: TienLenView, worlds: int, seed: int) -> Judgement:
    """``phom.review.judge.judge`` of a Tiến lên view (``TienLenKind.judge``): the legal plays in
    GreedyTienLenBot's order, raced."""
    if not view.legal_actions:
        raise ValueError(f"seat {view.player} has no move now")
    seat, players = view.player, view.rules.players
    actions = turn_candidates(view)
    plans = [(a,) for a in actions]
    texts = tuple(str(a) for a in actions)
    turn = len(view.history)

    def sample(count: int, s: int) -> Any:
        return sample_turn(view, count, s)

    def values(games: Any, chosen: Sequence[Any]) -> Any:
        return playout_values(games, seat, chosen, stage_seed(seed, "hint", turn, "playout"), players)

    return verdict(sample, values, plans, texts, 0, worlds, stage_seed(seed, "hint", seat, turn))


# -- the review's words ------------------------------------------------------------------------------
def _cards(codes: str) -> str:
    """Cards weakest first (3 … 2), as people write them; a dash for none."""
    return in_order(codes) if codes.strip() else "—"


def action_words(text: str, lang: str = "en") -> str:
    """A review's move (its text form) as the table says it, a lone 2 called heo; ValueError for a text
    that is no move.

    >>> action_words("play 3♠ 3♥", "vi"), action_words("play 2♣", "vi")
    ('Đánh 3♠ 3♥', 'Đánh heo 2♣')
    """
    action = parse_action(text)
    if isinstance(action, Play) and len(action.cards) == 1 and next(iter(action.cards)).rank == 2:
        return translator(lang)("play {cards}").format(cards=f"{term('heo', lang)} {in_order(action.cards)}")
    return action_text(action, lang)


def position_words(position: dict[str, Any], lang: str = "en") -> str | None:
    """What the seat saw (``TienLenReplay.position``) in one line: its hand, the play to beat, the cards
    each seat has left; None for a position of another game.

    >>> position_words({"hand": "3S 4S", "table": "2H", "hand_sizes": [3, 2, 5, 7]}, "vi")
    'bài 3♠ 4♠; cần chặn heo 2♥; số lá còn lại từng ghế: 3, 2, 5, 7'
    """
    if "table" not in position and "hand_sizes" not in position:
        return None
    p, _ = position, translator(lang)
    sizes = ", ".join(number(s, lang) for s in p.get("hand_sizes", []))
    if not p.get("table"):
        return _("hand {cards}; empty table; cards left, seat by seat: {sizes}").format(cards=_cards(p["hand"]),
                                                                                         sizes=sizes)
    table = _cards(p["table"])
    if len(table.split()) == 1 and table.startswith("2"):
        table = f"{term('heo', lang)} {table}"              # a lone 2 is heo
    return _("hand {cards}; to beat {table}; cards left, seat by seat: {sizes}").format(
        cards=_cards(p["hand"]), table=table, sizes=sizes)


#: Tiến lên's words in its review (``TienLenKind.review_words``): nobody draws, its luck is the deal
REVIEW_WORDS = ReviewWords(
    explain=N_("expected: what the seat's place at the table gave; skill: the seat's own choices; luck: "
               "the cards dealt; others: the other seats' choices; net − luck: the money without the "
               "deal's luck."),
    luck=N_("the deal brought {luck}"), action=action_words, position=position_words)
