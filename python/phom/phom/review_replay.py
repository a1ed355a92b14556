"""The review's view of a Phỏm game: the seats' turns as decisions, their candidate plans, worlds and
playouts in the compiled core; the hint's judgement of a decision (``judge_phom``); and the review's
words for Phỏm (``REVIEW_WORDS``: its plans and positions as a player says them).

A decision lasts until the seat learns something: a take is eat-or-draw, and an eat goes on with the
rest of the turn (its discard, or its lay-down plan), since nothing is revealed between; a draw ends
the decision (the card drawn is luck), and what the seat does after it is the next decision. A
lay-down turn is one decision with several plans: the solver's (AutoLay) with each discard it leaves,
the plain discards where the rules allow them, and what was played.

>>> from phom import Game
>>> from phom.bots import GreedyBot
>>> game = Game(seed=5)
>>> while not game.is_over:
...     game.apply(GreedyBot().act(game.view(game.to_move)))
>>> replay = PhomReplay(game)
>>> turns = replay.turns(0)
>>> turns[0].index, turns[0].candidates[turns[0].played][0]
(0, 'discard K♦')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from .bots.greedy import GreedyBot
from ..cards import CardSet
from ..language import N_, translator
from ..racing import stage_seed
from ..review.judge import Judgement, verdict
from ..review.model import Turn, people_text
from ..review.text import ReviewWords
from .actions import Action, AutoLay, DeclareU, DeclareUKhan, Discard, Draw, Eat
from .game import Game
from .position import Position
from .render import action_text
from .rules import Rules
from .vector import VectorGame
from .view import PlayerView
from .worlds import sample_world

__all__ = ["EXPECTED_GAMES", "PHOM_THRESHOLDS", "REVIEW_WORDS", "PhomReplay", "Turn", "action_words", "expected_net", "judge_phom",
           "people_text", "plan_text", "position_words", "turn_plans"]

#: The review's (inaccuracy, mistake, blunder) thresholds in stakes (``PhomKind.label_thresholds``; how they
#: were measured: ``phom.review.calibration``).
PHOM_THRESHOLDS = (0.14, 0.28, 0.56)
#: Greedy self-play deals that measure a seat's expected money before the deal.
EXPECTED_GAMES = 4096
#: Deals per opponent until his latest discard is the one GreedyBot would make (as MonteCarloBot reads).
TRIES = 20

Plan = tuple[Action, ...]


@lru_cache(maxsize=64)
def expected_net(rules: Rules) -> tuple[float, ...]:
    """Each seat's mean money when seat 0 leads, over ``EXPECTED_GAMES`` greedy self-play deals
    (fixed seed): the value of a seat before it sees its cards.

    >>> from phom import Rules
    >>> round(sum(expected_net(Rules())), 6)
    0.0
    """
    games = VectorGame(EXPECTED_GAMES, rules, seed=20261201)
    games.playout("greedy")
    return tuple(float(x) for x in games.net.mean(axis=0))


def plan_text(before: Game, plan: Plan, seat: int) -> str:
    """The plan as people read it; AutoLay spelled out as the phỏm it lays and the cards it sends."""
    parts = []
    game = before.clone()
    for action in plan:
        if isinstance(action, AutoLay):
            laid_before = [list(ms) for ms in game.laid]
            game.apply(action)
            new = [str(m) for m in game.laid[seat][len(laid_before[seat]):]]
            sent = [str(m - old) for p in range(game.players) for old, m in zip(laid_before[p], game.laid[p])
                    if m != old]
            text = "lay " + " | ".join(new) if new else "lay"
            if sent:
                text += "; send " + ", ".join(sent)
            parts.append(text)
            continue
        parts.append(people_text(action))
        game.apply(action)
    return ", ".join(parts)


def _greedy_plan(game: Game, seat: int) -> Plan:
    """What GreedyBot (the playouts' policy) plays from here until its turn ends or it draws."""
    game = game.clone()
    bot = GreedyBot()
    plan: list[Action] = []
    while not game.is_over and game.to_move == seat:
        action = bot.act(game.view(seat))
        plan.append(action)
        game.apply(action)
        if isinstance(action, Draw):
            break
    return tuple(plan)


def _rest(game: Game, seat: int) -> list[Plan]:
    """The ways to finish a turn from here: ù, each discard, AutoLay then each discard."""
    if game.is_over or game.to_move != seat:
        return [()]
    legal = game.legal_actions()
    plans: list[Plan] = [(a,) for a in legal if isinstance(a, (DeclareU, DeclareUKhan, Discard))]
    if any(isinstance(a, AutoLay) for a in legal):
        laid = game.clone()
        laid.apply(AutoLay())
        if laid.is_over or laid.to_move != seat:
            plans.append((AutoLay(),))
        else:
            plans += [(AutoLay(), a) for a in laid.legal_actions() if isinstance(a, (DeclareU, Discard))]
    return plans or [()]


def turn_plans(game: Game, seat: int) -> tuple[list[Plan], int, str]:
    """The plans a decision of ``seat`` (to move in ``game``) weighs, GreedyBot's among them: every
    take (ù, draw, each eat with each way to finish the turn) or every way to finish the turn; the
    index of GreedyBot's plan and the decision's kind (take, discard or lay). Only the seat's own cards
    and the table are read, so any world that agrees with its view gives the same plans.

    >>> plans, greedy, kind = turn_plans(Game(seed=5), 0)
    >>> kind, len(plans), plans[greedy] in plans
    ('discard', 10, True)
    """
    plans: list[Plan] = []
    legal = game.legal_actions()
    if game.phase == "take":
        plans += [(a,) for a in legal if isinstance(a, (DeclareUKhan, DeclareU, Draw))]
        for eat in (a for a in legal if isinstance(a, Eat)):
            after = game.clone()
            after.apply(eat)
            plans += [(eat, *rest) for rest in _rest(after, seat)]
        kind = "take"
    else:
        plans += _rest(game, seat)
        kind = "lay" if any(isinstance(a, AutoLay) for a in legal) else "discard"
    greedy_plan = _greedy_plan(game, seat)
    plans = list(dict.fromkeys([*plans, greedy_plan]))
    return plans, plans.index(greedy_plan), kind


class PhomReplay:
    """A finished Phỏm game replayed from its deal, with the game before every action kept."""

    name = "phom"
    #: (inaccuracy, mistake, blunder) in stakes (``phom.review.calibration``)
    thresholds = PHOM_THRESHOLDS
    #: every turn is valued, forced ones too: a draw's card is luck between two values
    value_forced = True

    def __init__(self, game: Game) -> None:
        if game.deal is None:
            raise ValueError("this game was built from a sampled state and has no deal to replay")
        if not game.is_over or game.result is None:
            raise ValueError("the game is not over: only finished games are reviewed")
        self.rules = game.rules
        self.players = game.rules.players
        self.history = list(game.history)
        self.net = tuple(int(x) for x in game.result.net)
        replay = Game(game.rules, leader=game.leader, deal=(list(game.deal.hands), [c.code for c in game.deal.stock]))
        self.leader = game.leader
        self.states: list[Game] = []
        for _, action in self.history:
            self.states.append(replay.clone())
            replay.apply(action)
        self.moves = tuple(f"{p}: {a}" for p, a in self.history)

    # -- the seat's turns --------------------------------------------------------------------------
    def turns(self, seat: int) -> list[Turn]:
        """The seat's turns in order (see the module docstring)."""
        out, i, n = [], 0, len(self.history)
        while i < n:
            if self.history[i][0] != seat:
                i += 1
                continue
            end = i + 1
            if not isinstance(self.history[i][1], Draw):
                while end < n and self.history[end][0] == seat and not isinstance(self.history[end][1], Draw):
                    end += 1
            out.append(self._turn(seat, i, end))
            i = end
        return out

    def _turn(self, seat: int, index: int, end: int) -> Turn:
        game = self.states[index]
        played_plan: Plan = tuple(a for _, a in self.history[index:end])
        plans, greedy, kind = turn_plans(game, seat)
        plans = list(dict.fromkeys([*plans, played_plan]))
        candidates = tuple((plan_text(game, plan, seat), plan) for plan in plans)
        return Turn(seat, index, end, candidates, plans.index(played_plan), isinstance(played_plan[-1], Draw),
                    kind, greedy)

    # -- the evaluator's primitives ------------------------------------------------------------------
    def sample(self, seat: int, index: int, count: int, seed: int) -> VectorGame:
        """``count`` worlds agreeing with what ``seat`` knew before action ``index``."""
        return VectorGame.sample_worlds(self.states[index].view(seat), count, seed=seed, tries=TRIES)

    def truth(self, index: int) -> VectorGame:
        """The real game before action ``index`` (every card known), as one world."""
        return VectorGame.from_games([self.states[index]])

    @staticmethod
    def values(worlds: VectorGame, seat: int, plans: Sequence[Plan], seed: int) -> npt.NDArray[np.float64]:
        """The seat's money in every world (rows) after each plan (columns) and greedy play to the end."""
        k, count = len(plans), len(worlds)
        tiled = worlds.tile(k)
        for step in range(max((len(p) for p in plans), default=0)):
            ids = np.array([p[step].id if step < len(p) else -1 for p in plans] * count, dtype=np.int64)
            only = ids >= 0
            tiled.step(ids, only=only)
        tiled.playout("greedy", seed=seed)
        return tiled.net[:, seat].reshape(count, k).astype(np.float64)

    def expected(self, seat: int) -> float:
        """The seat's money before the deal (its position from the leader), measured by self-play."""
        return expected_net(self.rules)[(seat - self.leader) % self.players]

    def position(self, seat: int, index: int) -> dict[str, Any]:
        """What the seat saw before action ``index``: hand, eaten cards, the last discard, the stock, and the
        whole of it as a line of the position notation (``notation``, docs/en/position.md)."""
        game = self.states[index]
        last = game.last_discard
        drawn = None
        if index and self.history[index - 1] == (seat, Draw()):
            drawn = (game.hands[seat] - self.states[index - 1].hands[seat]).codes
        return {"hand": game.hands[seat].codes, "eaten": game.unlaid_eaten[seat].codes,
                "last_discard": last[0].code if last is not None else None, "drawn": drawn,
                "stock": game.stock_size, "laid": [[m.codes for m in melds] for melds in game.laid],
                "rows": [[c.code for c in row] for row in game.rows], "phase": game.phase,
                "notation": str(Position.of(game, seat))}


def judge_phom(view: PlayerView, worlds: int, seed: int) -> Judgement:
    """``phom.review.judge.judge`` of a Phỏm view (``PhomKind.judge``): every way to finish the turn, raced."""
    if not view.legal_actions:
        raise ValueError(f"player {view.player} is not to move")
    seat = view.player
    # the plans read only the seat's own cards and the table: any world agreeing with the view will do
    world = sample_world(view, random.Random(seed))
    found, greedy_index, _kind = turn_plans(world, seat)
    greedy_plan = found[greedy_index]
    plans = [plan for plan in found if plan]        # a turn half laid by hand offers no whole-turn plan
    greedy = plans.index(greedy_plan)
    texts = tuple(plan_text(world, plan, seat) for plan in plans)
    turn = len(view.history)

    def sample(count: int, s: int) -> VectorGame:
        return VectorGame.sample_worlds(view, count, seed=s, tries=TRIES)

    def values(games: VectorGame, chosen: Sequence[Any]) -> Any:
        return PhomReplay.values(games, seat, chosen, stage_seed(seed, "hint", turn, "playout"))

    return verdict(sample, values, plans, texts, greedy, worlds, stage_seed(seed, "hint", seat, turn))


# -- the review's words ------------------------------------------------------------------------------
def _cards(codes: str) -> str:
    """Cards in Phỏm's order (by rank), as people write them; a dash for none."""
    return str(CardSet.parse(codes)) if codes.strip() else "—"


def action_words(text: str, lang: str = "en") -> str:
    """A review's plan (its text form) as the table says it, several moves (``eat 5♥, discard 7♣``;
    ``lay 2♦ 3♦ 4♦; send 8♥, discard 10♠``) as one phrase; ValueError for a text that is no plan.

    >>> action_words("lay 2♦ 3♦ 4♦ | 7♠ 7♣ 7♦; send 8♥, 9♥, discard 10♠", "vi")
    'Hạ 2♦ 3♦ 4♦ · 7♠ 7♣ 7♦; gửi 8♥, 9♥, đánh 10♠'
    """
    parts = [_part_words(part, lang) for part in _plan_parts(text)]
    return ", ".join(p if i == 0 else p[:1].lower() + p[1:] for i, p in enumerate(parts))


def _plan_parts(text: str) -> list[str]:
    """A Phỏm plan's text split into its moves (a lay-down's list of sent cards stays with it)."""
    parts: list[str] = []
    for piece in text.split(", "):
        if parts and parts[-1].startswith("lay") and "; send " in parts[-1] and not piece.split()[0].isalpha():
            parts[-1] += ", " + piece            # another card sent by the lay-down
        else:
            parts.append(piece)
    return parts


def _part_words(part: str, lang: str) -> str:
    if not part.startswith("lay"):
        return action_text(Action.parse(part), lang)
    _ = translator(lang)
    melds, _sep, sent = part.removeprefix("lay").partition("; send ")
    melds = " · ".join(m.strip() for m in melds.split("|") if m.strip())     # the phỏm, a dot between
    said = _("lay {melds}").format(melds=melds) if melds else _("lay down")
    if sent:
        said += "; " + _("send {cards}").format(cards=sent)
    capital = action_text(Draw(), lang)[:1].isupper()          # as the table's buttons are written
    return said[:1].upper() + said[1:] if capital else said


def position_words(position: dict[str, Any], lang: str = "en") -> str | None:
    """What the seat saw (``PhomReplay.position``) in one line: its hand, what it ate, the card it took
    or was offered, the stock; None for a position of another game.

    >>> position_words({"hand": "3S 4S KD", "eaten": "", "last_discard": "5H", "drawn": None, "stock": 20})
    'hand 3♠ 4♠ K♦; offered 5♥; stock 20'
    """
    if "last_discard" not in position:
        return None
    p, _ = position, translator(lang)
    eaten = ", " + _("eaten {cards}").format(cards=_cards(p["eaten"])) if p.get("eaten") else ""
    if p.get("drawn"):
        took = _("drew {cards}").format(cards=_cards(p["drawn"]))
    elif p["last_discard"]:
        took = _("offered {cards}").format(cards=_cards(p["last_discard"]))
    else:
        took = _("opening discard")
    return _("hand {cards}{eaten}; {took}; stock {stock}").format(cards=_cards(p["hand"]), eaten=eaten, took=took,
                                                                  stock=p["stock"])


#: Phỏm's words in its review (``PhomKind.review_words``): the cards dealt and drawn are its luck
REVIEW_WORDS = ReviewWords(
    explain=N_("expected: what the seat could expect before the deal; skill: the seat's own choices; luck: "
               "the cards dealt and drawn; others: the other seats' choices; net − luck: the money without "
               "the cards' luck."),
    action=action_words, position=position_words)
