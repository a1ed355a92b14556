"""MonteCarloBot: determinized playouts of whole games inside the compiled core, judged by money.

For a decision with more than one sensible choice (take: eat or draw; play: which card to discard) it
samples ``worlds`` deals of the hidden cards consistent with its view (``VectorGame.sample_worlds``:
``phom.worlds``' sampling done in C, reading each opponent's latest discard as a greedy player's),
copies each world once per candidate, applies the candidate and plays every copy
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
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from ..actions import Action, AutoLay, DeclareU, DeclareUKhan, Discard, Draw, Eat
from ..vector import POLICIES, VectorGame
from ..view import PlayerView
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


_POOLS: dict[int, ThreadPoolExecutor] = {}


def _pool(threads: int) -> ThreadPoolExecutor:
    """One shared pool per thread count (a decision takes milliseconds: no pool per decision)."""
    pool = _POOLS.get(threads)
    if pool is None:
        pool = _POOLS.setdefault(threads, ThreadPoolExecutor(threads, thread_name_prefix="montecarlo"))
    return pool


class MonteCarloBot:
    """Determinized Monte Carlo over whole games in the core (see the module docstring).

    ``worlds``: sampled deals per decision (each candidate is played once in every world);
    ``tries``: deals per opponent until his latest discard is the one GreedyBot would have made
    (``VectorGame.sample_worlds``; 1 samples uniformly); ``declines``: the tries also read each
    opponent's latest take (he drew instead of eating: his cards make no phỏm with that discard);
    ``margin``: how many standard errors a
    candidate must beat GreedyBot's choice by (paired over the same worlds) to be played instead;
    ``policy``: the core policy of every seat in the playouts (``"greedy"``, ``"planner"`` or ``"random"``);
    ``threads``: the worlds are split into this many blocks, sampled and played out in parallel threads
    (the core releases the GIL), so two threads play twice the worlds in about the time of one on two
    cores. The blocks' seeds are drawn first, so a decision depends on (seed, worlds, threads) only.
    ``noise``: the standard deviation, in stakes, of a normal error added to every candidate's value
    before the choice (drawn from the bot's own generator, so repeatable from its seed), as GNU
    Backgammon weakens its levels; 0 plays the values as they are.
    """

    name = "montecarlo"

    def __init__(self, worlds: int = 128, *, policy: str = "greedy", margin: float = 0.0, tries: int = 20,
                 declines: bool = False, seed: int | None = None, threads: int = 1, noise: float = 0.0) -> None:
        if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
            raise ValueError(f"worlds {worlds!r} must be a whole number ≥ 1")
        if policy not in POLICIES:
            raise ValueError(f"policy {policy!r}: choose one of {', '.join(map(repr, POLICIES))}")
        if isinstance(margin, bool) or not isinstance(margin, (int, float)) or margin < 0:
            raise ValueError(f"margin {margin!r} must be a number ≥ 0 (standard errors)")
        if isinstance(tries, bool) or not isinstance(tries, int) or tries < 1:
            raise ValueError(f"tries {tries!r} must be a whole number ≥ 1")
        if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= min(worlds, 64):
            raise ValueError(f"threads {threads!r} must be a whole number from 1 to min(worlds, 64)")
        if not isinstance(declines, bool):
            raise ValueError(f"declines {declines!r} must be True or False")
        if isinstance(noise, bool) or not isinstance(noise, (int, float)) or not 0 <= noise <= 100:
            raise ValueError(f"noise {noise!r} must be a number of stakes from 0 to 100")
        self.noise = float(noise)
        self.declines = declines
        self.threads = threads
        self.worlds = worlds
        self.tries = tries
        self.policy = policy
        self.margin = float(margin)
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
        ids = [a.id for a in candidates]
        sizes = [len(block) for block in np.array_split(np.arange(self.worlds), self.threads)]
        seeds = [(self.rng.getrandbits(63), self.rng.getrandbits(63)) for _ in sizes]

        def play(size: int, world_seed: int, playout_seed: int) -> np.ndarray:
            worlds = VectorGame.sample_worlds(view, size, seed=world_seed, tries=self.tries, declines=self.declines)
            tiled = worlds.tile(len(candidates))
            tiled.step(np.tile(ids, size))
            tiled.playout(self.policy, seed=playout_seed)
            return tiled.net[:, view.player].reshape(size, len(candidates)).astype(np.float64)

        if self.threads == 1:
            won = play(sizes[0], *seeds[0])
        else:
            blocks = list(_pool(self.threads).map(play, sizes, *zip(*seeds)))
            won = np.concatenate(blocks)
        money = won.mean(axis=0)
        error = np.zeros(len(candidates))
        if self.noise:
            error = np.array([self.rng.gauss(0.0, self.noise) for _ in candidates])
            money = money + error
        # how sure each candidate beats greedy's choice: the paired difference over the same worlds
        # (the noise is part of the values, so it moves this choice as it moves the others)
        g = candidates.index(greedy) if greedy in candidates else 0
        gain = won - won[:, [g]] + (error - error[g])
        spread = gain.std(axis=0, ddof=1) / np.sqrt(self.worlds) if self.worlds > 1 else np.zeros(len(candidates))
        order = sorted(range(len(candidates)),
                       key=lambda k: (-float(money[k]), candidates[k] is not greedy, candidates[k].id))
        best = order[0]
        if best != g and gain[:, best].mean() <= self.margin * spread[best]:
            order.remove(g)
            order.insert(0, g)
        return Valuation(tuple((candidates[k], float(money[k])) for k in order), self.worlds, greedy)
