"""MonteCarloBot: determinized playouts of whole games inside the compiled core, judged by money.

For a decision with more than one sensible choice (take: eat or draw; play: which card to discard) it
samples ``worlds`` deals of the hidden cards consistent with its view (``VectorGame.sample_worlds``:
``phom.phom.worlds``' sampling done in C, reading each opponent's latest discard as a greedy player's and
giving a laid-down opponent no phỏm he could have laid, ``phom.phom.worlds.KEPT_WEIGHT``),
copies each world once per candidate, applies the candidate and plays every copy
to the end with a core policy (``policy``, GreedyBot's decisions by default, for every seat). The
candidate with the highest mean net money for its seat wins; ties go to GreedyBot's choice. Ù, ù khan
and the lay-down (AutoLay) follow GreedyBot.

With ``race=True`` the worlds are spent in rounds of ``round_worlds`` (``phom.racing.race``): a candidate
behind the leader by more than ``z`` standard errors (paired over the same worlds) is played no more,
and the decision stops when what is left is within ``flat`` stakes of the leader; ``worlds`` is then
the most a decision may sample.

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

from ...bot_base import offered
from ..actions import DISCARD_BASE, DRAW_ID, EAT_BASE, Action, AutoLay, DeclareU, DeclareUKhan, Discard, Draw, Eat
from ...racing import check_race_options, race as race_candidates
from ..vector import POLICIES, SOFTNESS, VectorGame, WorldSampler, checked_softness
from ..view import PlayerView
from .greedy import greedy_action

__all__ = ["MonteCarloBot", "Valuation"]


@dataclass(frozen=True)
class Valuation:
    """What a search found: each candidate's mean net money over ``playouts`` sampled worlds (in a
    race, the worlds of the longest-running candidate; eliminated ones played fewer), best first, and
    the games ``spent`` (worlds × candidates played out on them)."""

    values: tuple[tuple[Action, float], ...]
    playouts: int
    greedy: Action
    spent: int = 0

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
    ``tries``: deals per opponent until his latest discard is the one GreedyBot would have made, and a
    laid-down opponent's cards keep back no phỏm (``VectorGame.sample_worlds``; 1 samples uniformly); ``declines``: the tries also read each
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
    ``race``, ``round_worlds``, ``z``, ``flat``: racing the candidates (see the module docstring; no
    ``noise`` or ``margin`` with it). ``temperature`` > 0 reads each opponent's latest discard softly
    (``VectorGame.sample_worlds``: a world kept with probability exp(−regret / temperature)).
    ``history`` > 0 also reads every card each opponent has thrown (``VectorGame.sample_worlds``:
    players rarely keep the partners of their discards), at that scale.
    ``opponents``: the core policy of the other seats in the playouts (default: ``policy``), for
    playouts that model the opponents otherwise than the bot's own continuation; ``softness``: the
    temperature, in points, of the ``"soft"`` policy's discards (``bots.greedy.soft_discard_odds``).
    ``reply=True`` searches one ply more after a discard: in every world where the next player may eat
    the card, both of his answers (eat, draw) are played out and he takes the one that pays him more
    in that world (ties: GreedyBot's answer), instead of the playout policy's answer.
    """

    name = "montecarlo"

    def __init__(self, worlds: int = 128, *, policy: str = "greedy", margin: float = 0.0, tries: int = 20,
                 declines: bool = False, seed: int | None = None, threads: int = 1, noise: float = 0.0,
                 race: bool = False, round_worlds: int = 16, z: float = 2.0, flat: float = 0.05,
                 temperature: float = 0.0, opponents: str | None = None, softness: float = SOFTNESS,
                 reply: bool = False, history: float = 0.0) -> None:
        if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
            raise ValueError(f"worlds {worlds!r} must be a whole number ≥ 1")
        if policy not in POLICIES:
            raise ValueError(f"policy {policy!r}: choose one of {', '.join(map(repr, POLICIES))}")
        if opponents is not None and opponents not in POLICIES:
            raise ValueError(f"opponents {opponents!r}: choose one of {', '.join(map(repr, POLICIES))}")
        self.opponents = opponents
        self.softness = checked_softness(softness)
        if not isinstance(reply, bool):
            raise ValueError(f"reply {reply!r} must be True or False")
        self.reply = reply
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
        check_race_options(race, round_worlds, worlds, z, flat)
        if isinstance(temperature, bool) or not isinstance(temperature, (int, float)) or not 0 <= temperature <= 1e6:
            raise ValueError(f"temperature {temperature!r} must be a number of points from 0 to 1e6")
        self.temperature = float(temperature)
        if isinstance(history, bool) or not isinstance(history, (int, float)) or not 0 <= history <= 100:
            raise ValueError(f"history {history!r} must be a number from 0 to 100 (the reading's scale)")
        self.history = float(history)
        if race and (noise or margin):
            raise ValueError("a racing MonteCarloBot takes no noise and no margin")
        if race and threads > round_worlds:
            raise ValueError(f"threads {threads!r} must be at most round_worlds ({round_worlds}) in a race")
        self.race, self.round_worlds, self.z, self.flat = race, round_worlds, float(z), float(flat)
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
        offered(view)
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

    def sampler(self, view: PlayerView) -> WorldSampler:
        """The worlds of ``view`` as this bot reads the opponents (``tries``, ``declines``, ``temperature``,
        ``history``)."""
        return WorldSampler(view, tries=self.tries, declines=self.declines, temperature=self.temperature,
                            history=self.history)

    def playout_money(self, view: PlayerView, ids: list[int], size: int, sampler: WorldSampler | None = None
                      ) -> np.ndarray:
        """The seat's money on ``size`` fresh worlds (rows) for each candidate action id (columns), the
        worlds split into ``threads`` blocks played in parallel; the blocks' seeds are drawn first.
        ``sampler``: the view's sampler when the caller draws several batches (default: a new one).

        >>> from phom import Game
        >>> view = Game(seed=4).view(0)
        >>> MonteCarloBot(seed=1).playout_money(view, [a.id for a in view.legal_actions][:2], 3).shape
        (3, 2)
        """
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise ValueError(f"size {size!r} must be a whole number of worlds ≥ 1")
        sizes = [len(block) for block in np.array_split(np.arange(size), min(self.threads, size))]
        seeds = [(self.rng.getrandbits(63), self.rng.getrandbits(63)) for _ in sizes]
        source = sampler if sampler is not None else self.sampler(view)

        seats = [self.policy if q == view.player or self.opponents is None else self.opponents
                 for q in range(view.rules.players)]

        def play(size: int, world_seed: int, playout_seed: int) -> np.ndarray:
            worlds = source.draw(size, seed=world_seed)
            tiled = worlds.tile(len(ids))
            tiled.step(np.tile(ids, size))
            if self.reply:
                return self.replied_money(view.player, tiled, np.tile(ids, size), seats, playout_seed
                                           ).reshape(size, len(ids))
            tiled.playout(seats, seed=playout_seed, softness=self.softness)
            return tiled.net[:, view.player].reshape(size, len(ids)).astype(np.float64)

        if len(sizes) == 1:
            return play(sizes[0], *seeds[0])
        return np.concatenate(list(_pool(self.threads).map(play, sizes, *zip(*seeds))))

    def replied_money(self, seat: int, games: VectorGame, played: np.ndarray, seats: list[str], seed: int
                       ) -> np.ndarray:
        """``seat``'s money in each of ``games`` (each just after ``seat`` played ``played``), the next
        player's eat-or-draw answer to a discard searched one ply (see ``reply``)."""
        cards = played - DISCARD_BASE
        is_discard = (cards >= 0) & (cards < 52)
        eat_ids = np.where(is_discard, EAT_BASE + cards, DRAW_ID)
        legal = games.legal_mask()
        rows = np.arange(len(games))
        eatable = is_discard & legal[rows, eat_ids] & legal[rows, DRAW_ID]
        branch = np.flatnonzero(eatable)
        answerer = games.to_move[branch].astype(np.int64)
        greedy_eats = games.policy_actions("greedy")[branch] == eat_ids[branch]
        eaten = games.select(branch)
        eaten.step(eat_ids[branch])
        games.step(np.full(len(games), DRAW_ID), only=eatable)
        games.playout(seats, seed=seed, softness=self.softness)
        eaten.playout(seats, seed=seed ^ 0x5EED, softness=self.softness)
        money = games.net[:, seat].astype(np.float64)
        drew, ate = games.net[branch], eaten.net
        answers = np.arange(len(branch))
        eats = (ate[answers, answerer] > drew[answers, answerer]) | (
            (ate[answers, answerer] == drew[answers, answerer]) & greedy_eats)
        money[branch] = np.where(eats, ate[:, seat], drew[:, seat])
        return money

    def evaluate(self, view: PlayerView, candidates: list[Action], greedy: Action | None = None) -> Valuation:
        """Mean net money of each candidate over ``worlds`` determinized playouts (or a race), best first."""
        greedy = greedy if greedy is not None else self._greedy(view)
        if self.race:
            return self._race(view, candidates, greedy)
        ids = [a.id for a in candidates]
        won = self.playout_money(view, ids, self.worlds)
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
        return Valuation(tuple((candidates[k], float(money[k])) for k in order), self.worlds, greedy, won.size)

    def _race(self, view: PlayerView, candidates: list[Action], greedy: Action) -> Valuation:
        ids = [a.id for a in candidates]
        rounds = -(-self.worlds // self.round_worlds)
        last = self.worlds - (rounds - 1) * self.round_worlds
        sampler = self.sampler(view)

        def play(round_: int, alive: list[int]) -> np.ndarray:
            size = last if round_ == rounds - 1 else self.round_worlds
            return self.playout_money(view, [ids[i] for i in alive], size, sampler)

        # ties go to greedy's choice, then to the lower id, as in the fixed-worlds search
        preference = sorted(range(len(candidates)), key=lambda k: (candidates[k] is not greedy, candidates[k].id))
        rank = [preference.index(k) for k in range(len(candidates))]
        result = race_candidates(play, len(candidates), rounds=rounds, z=self.z, flat=self.flat, preference=rank)
        order = sorted(range(len(candidates)), key=lambda k: (k != result.best, k not in result.alive,
                                                               -result.means[k], rank[k]))
        return Valuation(tuple((candidates[k], result.means[k]) for k in order), max(result.worlds), greedy,
                         result.spent)
