"""The review's view of a Phỏm game: the seats' turns as decisions, their candidate plans, worlds and
playouts in the compiled core.

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

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..phom.actions import Action, AutoLay, DeclareU, DeclareUKhan, Discard, Draw, Eat
from ..bots.greedy import GreedyBot
from ..cards import Card
from ..phom.game import Game
from ..phom.rules import Rules
from ..phom.vector import VectorGame
from .calibration import PHOM_THRESHOLDS
from .model import Turn

__all__ = ["EXPECTED_GAMES", "PhomReplay", "Turn", "expected_net", "people_text", "plan_text", "turn_plans"]

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


def people_text(action: object) -> str:
    """An action's text with its cards as people write them (``discard K♥``); ``Action.parse`` and
    Tiến lên's ``parse_action`` read it back.

    >>> people_text(Discard("KH")), people_text(Draw())
    ('discard K♥', 'draw')
    """
    words = []
    for word in str(action).split():
        try:
            words.append(str(Card.parse(word)))
        except ValueError:
            words.append(word)
    return " ".join(words)


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
        """What the seat saw before action ``index``: hand, eaten cards, the last discard, the stock."""
        game = self.states[index]
        last = game.last_discard
        drawn = None
        if index and self.history[index - 1] == (seat, Draw()):
            drawn = (game.hands[seat] - self.states[index - 1].hands[seat]).codes
        return {"hand": game.hands[seat].codes, "eaten": game.unlaid_eaten[seat].codes,
                "last_discard": last[0].code if last is not None else None, "drawn": drawn,
                "stock": game.stock_size, "laid": [[m.codes for m in melds] for melds in game.laid],
                "rows": [[c.code for c in row] for row in game.rows], "phase": game.phase}
