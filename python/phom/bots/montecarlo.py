"""MonteCarloBot: determinized playouts of whole games inside the compiled core, judged by money.

For a decision with more than one sensible choice (take: eat or draw; play: which card to discard) it
samples ``worlds`` deals of the hidden cards consistent with its view (``phom.worlds``), loads them
into a ``VectorGame``, copies each world once per candidate, applies the candidate and plays every copy
to the end with a core policy (``policy``, GreedyBot's decisions by default, for every seat). The
candidate with the highest mean net money for its seat wins; ties go to GreedyBot's choice. Ù, ù khan
and the lay-down (AutoLay) follow GreedyBot.

>>> from phom import Game
>>> game = Game(seed=4)
>>> bot = MonteCarloBot(worlds=8, seed=1)
>>> bot.act(game.view(0)) in game.legal_actions()
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from ..actions import Action, AutoLay, DeclareU, DeclareUKhan, Discard, Draw, Eat
from ..vector import VectorGame
from ..view import PlayerView
from ..worlds import sample_world
from .greedy import greedy_action

__all__ = ["MonteCarloBot", "Valuation"]


@dataclass(frozen=True)
class Valuation:
    """What a search found: each candidate's mean net money over ``playouts`` games, best first."""

    values: tuple[tuple[Action, float], ...]
    playouts: int
    greedy: Action

    @property
    def best(self) -> Action:
        return self.values[0][0]


class MonteCarloBot:
    """Determinized Monte Carlo over whole games in the core (see the module docstring).

    ``worlds``: sampled deals per decision (each candidate is played once in every world);
    ``policy``: the core policy of every seat in the playouts (``"greedy"`` or ``"random"``).
    """

    name = "montecarlo"

    def __init__(self, worlds: int = 64, *, policy: str = "greedy", seed: int | None = None) -> None:
        if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
            raise ValueError(f"worlds {worlds!r} must be a whole number ≥ 1")
        if policy not in ("greedy", "random"):
            raise ValueError(f"policy {policy!r}: choose 'greedy' or 'random'")
        self.worlds = worlds
        self.policy = policy
        self.rng = random.Random(seed)

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def act(self, view: PlayerView) -> Action:
        if not view.legal_actions:
            raise ValueError(f"player {view.player} has no action to take now")
        greedy = self._greedy(view)
        candidates = self.candidates(view, greedy)
        if len(candidates) < 2:
            return greedy
        return self.evaluate(view, candidates, greedy).best

    @staticmethod
    def _greedy(view: PlayerView) -> Action:
        return greedy_action(view.hand.mask, view.unlaid_eaten.mask, view.legal_actions, view.unseen.mask,
                             view.phase, view.rules.value_table)

    @staticmethod
    def candidates(view: PlayerView, greedy: Action) -> list[Action]:
        """The choices worth a search: eat or draw, or the discards; none when greedy's is forced."""
        if isinstance(greedy, (DeclareU, DeclareUKhan, AutoLay)):
            return []
        if view.phase == "take":
            return [a for a in view.legal_actions if isinstance(a, (Eat, Draw))]
        discards: list[Action] = [a for a in view.legal_actions if isinstance(a, Discard)]
        return discards if greedy in discards else []

    def evaluate(self, view: PlayerView, candidates: list[Action], greedy: Action | None = None) -> Valuation:
        """Mean net money of each candidate over ``worlds`` determinized playouts, best first."""
        greedy = greedy if greedy is not None else self._greedy(view)
        worlds = [sample_world(view, self.rng) for _ in range(self.worlds)]
        base = VectorGame.from_games(worlds, seed=self.rng.getrandbits(63))
        tiled = base.tile(len(candidates))
        tiled.step(np.tile([a.id for a in candidates], len(worlds)))
        tiled.playout(self.policy, seed=self.rng.getrandbits(63))
        money = tiled.net[:, view.player].reshape(len(worlds), len(candidates)).mean(axis=0)
        order = sorted(range(len(candidates)),
                       key=lambda k: (-float(money[k]), candidates[k] is not greedy, candidates[k].id))
        return Valuation(tuple((candidates[k], float(money[k])) for k in order), len(worlds), greedy)
