"""Tiến lên bots: anything with ``act(view) -> Play | Pass``; each sees only its ``TienLenView``.

- ``RandomTienLenBot`` (``random``): uniform over the legal actions.
- ``GreedyTienLenBot`` (``greedy``): a documented heuristic over the fewest-plays split
  (``min_plays``): go out when it can; lead the weakest play that keeps the split short; answer only
  with plays that do not lengthen the split (``min_plays`` of what is left drops by one), the weakest
  first; keep bombs for heo and bombs, and heo for the end, unless an opponent is about to go out.
- ``SearchTienLenBot`` (``search``): determinized search over the greedy bot's best few actions,
  playing sampled deals out to the end, by mean money (in Python).
- ``MonteCarloTienLenBot`` (``montecarlo[:WORLDS]``): the same idea in the compiled core: worlds
  consistent with the view sampled and replayed in C, every candidate played out on each of them by
  greedy play at every seat, the best mean money chosen.

>>> from phom.tienlen import TienLenGame
>>> game = TienLenGame(seed=2)
>>> bots = [GreedyTienLenBot(), RandomTienLenBot(1), GreedyTienLenBot(), RandomTienLenBot(2)]
>>> while not game.is_over:
...     game.apply(bots[game.to_move].act(game.view(game.to_move)))
>>> sum(game.result.net)
0
"""

from __future__ import annotations

import random
import threading
from functools import lru_cache
from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

from .combos import classify, min_plays
from .game import Action, Pass, Play, TienLenView
from ..cards import CardSet
from .reference import strength
from .worlds import sample_world
from ..levels import Recipe
from ..bot_base import UniformBot, offered
from ..bot_names import BotName, BotNames, Counted, make_named_bot
from ..external import DEFAULT_MOVE_SECONDS, ExternalBot
from ..racing import check_race_options, race as race_candidates

__all__ = ["BOT_NAMES", "TIENLEN_BOTS", "GreedyTienLenBot", "MonteCarloTienLenBot", "RandomTienLenBot", "SearchTienLenBot", "TienLenBot",
           "build_tienlen_bot", "make_tienlen_bot", "ranked_actions"]


class RandomTienLenBot(UniformBot):
    """Uniform over the legal actions; ``seed`` makes it reproducible (``phom.bot_base.UniformBot``)."""


_HEO_CARDS = CardSet.parse("2S 2C 2D 2H").mask


@lru_cache(maxsize=65536)
def _facts(mask: int) -> tuple[bool, bool, int]:
    """(is a bomb, holds a heo, strength of its strongest card) of a play, cached: bots ask often."""
    combo = classify(mask)
    assert combo is not None
    return combo.is_bomb, bool(mask & _HEO_CARDS), strength(combo.high)


def _is_bomb(play: Play) -> bool:
    return _facts(play.cards.mask)[0]


def _has_heo(play: Play) -> bool:
    return _facts(play.cards.mask)[1]


def _weakness(play: Play) -> int:
    return _facts(play.cards.mask)[2]


class GreedyTienLenBot:
    """The heuristic of the module docstring; deterministic."""

    name = "greedy"

    def reseed(self, seed: int) -> None:
        """Nothing to reseed: the bot is deterministic."""

    def act(self, view: TienLenView) -> Action:
        legal: list[Action] = offered(view)
        plays = [a for a in legal if isinstance(a, Play)]
        hand = view.hand.mask
        for play in plays:
            if play.cards.mask == hand:
                return play                                  # go out
        danger = any(size <= 2 for q, size in enumerate(view.hand_sizes)
                     if q != view.player and size and q not in view.finished)
        now = min_plays(hand)
        if not view.table:
            return min(plays, key=lambda p: (min_plays(hand & ~p.cards.mask), _is_bomb(p), _has_heo(p),
                                             _weakness(p), -len(p.cards)))
        table = Play(view.table.mask)
        chop_worthy = _has_heo(table) or _is_bomb(table)
        candidates = [p for p in plays if (chop_worthy or not _is_bomb(p))
                      and (not _has_heo(p) or danger or len(view.hand) <= 4)]
        keeping = [p for p in candidates if min_plays(hand & ~p.cards.mask) < now]
        if keeping:
            return min(keeping, key=_weakness)
        if danger and candidates:
            return min(candidates, key=_weakness)
        return Pass() if Pass() in legal else min(plays, key=_weakness)


def ranked_actions(view: TienLenView) -> list[Action]:
    """The legal actions, GreedyTienLenBot's choice first, then the rest in the order of its lead key
    (plays that keep the split short, weakest first) with Pass, when legal, second.

    >>> from phom.tienlen import TienLenGame
    >>> game = TienLenGame(seed=3)
    >>> view = game.view(game.to_move)
    >>> ranked = ranked_actions(view)
    >>> ranked[0] == GreedyTienLenBot().act(view), len(ranked) == len(view.legal_actions)
    (True, True)
    """
    legal = list(view.legal_actions)
    if not legal:
        return []
    choice = GreedyTienLenBot().act(view)
    hand = view.hand.mask
    plays = sorted((a for a in legal if isinstance(a, Play) and a != choice),
                   key=lambda p: (min_plays(hand & ~p.cards.mask), _is_bomb(p), _has_heo(p), _weakness(p)))
    rest: list[Action] = [Pass()] if Pass() in legal and choice != Pass() else []
    return [choice, *rest, *plays]


class _Valuing(Protocol):
    def values(self, view: TienLenView) -> list[tuple[Action, float]]: ...


def _best_valued(bot: _Valuing, view: TienLenView) -> Action:
    """A searching bot's decision: a lone action or going out at once, else the best of its values
    (the greedy choice when it has none)."""
    legal: list[Action] = offered(view)
    if len(legal) == 1:
        return legal[0]
    for action in legal:
        if isinstance(action, Play) and action.cards.mask == view.hand.mask:
            return action                                          # go out
    ranked = bot.values(view)
    return ranked[0][0] if ranked else GreedyTienLenBot().act(view)


class SearchTienLenBot:
    """Determinized search: for each of the first ``candidates`` actions of ``ranked_actions``, play
    ``worlds`` sampled deals (``phom.tienlen.worlds``, the same deals for every action) to the end
    with greedy play at every seat, and take the action with the best mean money; ties and positions
    with no consistent deal go to the greedy choice.

    >>> from phom.tienlen import TienLenGame
    >>> game = TienLenGame(seed=3)
    >>> isinstance(SearchTienLenBot(worlds=4, seed=1).act(game.view(game.to_move)), Play)
    True
    """

    name = "search"

    def __init__(self, worlds: int = 12, candidates: int = 6, seed: int | None = None) -> None:
        for name, value in (("worlds", worlds), ("candidates", candidates)):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 1000:
                raise ValueError(f"{name} must be an int from 1 to 1000, not {value!r}")
        self.worlds, self.candidates = worlds, candidates
        self.rng = random.Random(seed)
        self.worlds_used = 0          # how many sampled deals the last ``values`` call played out

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def values(self, view: TienLenView) -> list[tuple[Action, float]]:
        """(action, mean money over the sampled worlds) for each candidate, best first; empty when
        no world agrees with the view."""
        candidates = ranked_actions(view)[:self.candidates]
        worlds = [w for w in (sample_world(view, self.rng) for _ in range(self.worlds)) if w is not None]
        self.worlds_used = len(worlds)
        if not worlds or len(candidates) < 2:
            return []
        greedy = GreedyTienLenBot()
        totals = [0] * len(candidates)
        for world in worlds:
            for i, action in enumerate(candidates):
                game = world.clone()
                game.apply(action)
                while game.to_move is not None:
                    game.apply(greedy.act(game.view(game.to_move)))
                assert game.result is not None
                totals[i] += game.result.net[view.player]
        means = [(a, t / len(worlds)) for a, t in zip(candidates, totals)]
        return sorted(means, key=lambda pair: -pair[1])          # stable: ties keep the greedy order

    def act(self, view: TienLenView) -> Action:
        return _best_valued(self, view)


class MonteCarloTienLenBot:
    """Determinized Monte Carlo in the core: ``worlds`` deals consistent with the view
    (``TienLenVectorGame.sample_worlds``: the history is replayed on each, so a seat that was skipped
    while a bomb could chặt holds none), and on each every candidate (the first ``candidates`` of
    ``ranked_actions``: 4 by default, 0 for every legal action) played out by greedy play at every
    seat; the best mean money wins, ties to the greedy order. Going out, and a lone legal action, need
    no search. ``noise`` adds a normal error of that many stakes to each value before the choice
    (from the bot's generator: repeatable), as the weaker levels do. ``unlike_greedy`` < 1 reads the opponents as greedy players (see
    ``TienLenVectorGame.sample_worlds``); ``threads`` plays the worlds out on that many threads.
    ``race=True`` spends the worlds in rounds of ``round_worlds`` and drops the candidates that trail
    (``phom.racing.race`` with ``z`` and ``flat``; the unit of the paired statistics is a block of a
    round's worlds; one thread); ``worlds`` is then the most a decision may sample. After a decision,
    ``worlds_used`` and ``spent`` say how many worlds it sampled and how many games it played out.

    The defaults were tuned on one seed (candidates 4 of 2, 3, 4, 6, 8, 16, all; 128 worlds of 128 and
    256) and measured on others: see benchmarks/LADDER.md.

    >>> from phom.tienlen import TienLenGame
    >>> game = TienLenGame(seed=3)
    >>> isinstance(MonteCarloTienLenBot(worlds=8, seed=1).act(game.view(game.to_move)), Play)
    True
    """

    name = "montecarlo"

    def __init__(self, worlds: int = 128, candidates: int = 4, seed: int | None = None,
                 unlike_greedy: float = 1.0, threads: int = 1, noise: float = 0.0, race: bool = False,
                 round_worlds: int = 16, z: float = 2.0, flat: float = 0.05) -> None:
        if isinstance(worlds, bool) or not isinstance(worlds, int) or not 1 <= worlds <= 4096:
            raise ValueError(f"worlds must be an int from 1 to 4096, not {worlds!r}")
        if isinstance(candidates, bool) or not isinstance(candidates, int) or not 0 <= candidates <= 4096:
            raise ValueError(f"candidates must be an int from 0 (all) to 4096, not {candidates!r}")
        if isinstance(unlike_greedy, bool) or not isinstance(unlike_greedy, (int, float)) \
                or not 0.0 <= unlike_greedy <= 1.0:
            raise ValueError(f"unlike_greedy must be a probability from 0 to 1, not {unlike_greedy!r}")
        if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= 64:
            raise ValueError(f"threads must be an int from 1 to 64, not {threads!r}")
        if isinstance(noise, bool) or not isinstance(noise, (int, float)) or not 0 <= noise <= 100:
            raise ValueError(f"noise must be a number of stakes from 0 to 100, not {noise!r}")
        check_race_options(race, round_worlds, worlds, z, flat)
        if race and noise:
            raise ValueError("a racing MonteCarloTienLenBot takes no noise")
        self.race, self.round_worlds, self.z, self.flat = race, round_worlds, float(z), float(flat)
        self.worlds, self.candidates, self.unlike_greedy, self.threads = worlds, candidates, unlike_greedy, threads
        self.spent = 0
        self.noise = float(noise)
        self.rng = random.Random(seed)
        self.worlds_used = 0

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def values(self, view: TienLenView) -> list[tuple[Action, float]]:
        """(action, mean money over the sampled worlds) for each candidate, best first (ties keep the
        greedy order); empty when no world agrees with the view or there is nothing to choose."""
        from .vector import TienLenVectorGame

        ranked = ranked_actions(view)
        candidates = ranked[:self.candidates] if self.candidates else ranked
        if len(candidates) < 2:
            return []
        if self.race:
            return self._race(view, candidates)
        worlds = TienLenVectorGame.sample_worlds(view, self.worlds, seed=self.rng.getrandbits(64),
                                                 unlike_greedy=self.unlike_greedy)
        self.worlds_used = len(worlds)
        if not len(worlds):
            return []
        masks = [a.cards.mask if isinstance(a, Play) else 0 for a in candidates]
        if self.threads > 1 and len(worlds) >= 2 * self.threads:
            parts = worlds.split(self.threads)          # playouts release the GIL: one thread a part
            results: list[Any] = [None] * len(parts)

            def run(k: int) -> None:
                results[k] = parts[k].evaluate(view.player, masks)

            workers = [threading.Thread(target=run, args=(k,)) for k in range(len(parts))]
            for worker in workers:
                worker.start()
            for worker in workers:
                worker.join()
            totals = sum(results[1:], results[0])
        else:
            totals = worlds.evaluate(view.player, masks)
        self.spent = len(worlds) * len(candidates)
        means = [(a, float(t) / len(worlds) + (self.rng.gauss(0.0, self.noise) if self.noise else 0.0))
                 for a, t in zip(candidates, totals.tolist())]
        return sorted(means, key=lambda pair: -pair[1])

    def _race(self, view: TienLenView, candidates: list[Action]) -> list[tuple[Action, float]]:
        """The race of the candidates (``phom.racing.race``): each round's worlds are played in up to
        eight blocks, each block's mean money one sample of the paired statistics."""
        from .vector import TienLenVectorGame

        masks = [a.cards.mask if isinstance(a, Play) else 0 for a in candidates]
        rounds = -(-self.worlds // self.round_worlds)
        last = self.worlds - (rounds - 1) * self.round_worlds
        sampled, spent = [0], [0]

        def play(round_: int, alive: list[int]) -> np.ndarray:
            size = last if round_ == rounds - 1 else self.round_worlds
            worlds = TienLenVectorGame.sample_worlds(view, size, seed=self.rng.getrandbits(64),
                                                     unlike_greedy=self.unlike_greedy)
            if not len(worlds):
                return np.zeros((0, len(alive)))
            sampled[0] += len(worlds)
            spent[0] += len(worlds) * len(alive)
            plays = [masks[i] for i in alive]
            return np.array([block.evaluate(view.player, plays) / len(block)
                             for block in worlds.split(min(8, len(worlds)))], dtype=np.float64)

        result = race_candidates(play, len(candidates), rounds=rounds, z=self.z, flat=self.flat)
        self.worlds_used, self.spent = sampled[0], spent[0]
        if not sampled[0]:
            return []                                   # no world agrees with the view: greedy decides
        order = sorted(range(len(candidates)), key=lambda k: (k != result.best, k not in result.alive,
                                                               -result.means[k], k))
        return [(candidates[k], result.means[k]) for k in order]

    def act(self, view: TienLenView) -> Action:
        return _best_valued(self, view)


BOT_NAMES = ("random", "greedy", "search", "montecarlo")

#: the names Tiến lên's bots answer to, their numbers' limits, and the recipes of levels 1 … 8. The Monte
#: Carlo bot gains nothing measurable past 128 worlds, so the low levels are Monte Carlo bots of few worlds
#: with less and less noise, and greedy play sits in the middle (measured in LADDER.md).
TIENLEN_BOTS = BotNames(
    game="Tiến lên ", plain=("random", "greedy", "search"),
    counted={"montecarlo": Counted("WORLDS", 128, high=4096, threads=True, threads_high=64)},
    levels=(Recipe("random"), Recipe("montecarlo:2", noise=16.0), Recipe("montecarlo:2", noise=4.0),
            Recipe("montecarlo:4", noise=2.0), Recipe("montecarlo:4", noise=1.0), Recipe("greedy"),
            Recipe("montecarlo:4"), Recipe("montecarlo:512:2")))
TienLenBot = RandomTienLenBot | GreedyTienLenBot | SearchTienLenBot | MonteCarloTienLenBot | ExternalBot


def make_tienlen_bot(name: str, seed: int | None = None, *, move_seconds: float = DEFAULT_MOVE_SECONDS) -> TienLenBot:
    """A bot from its name: ``random``, ``greedy``, ``search``, ``montecarlo[:WORLDS[:THREADS]]``,
    ``level:N`` (N = 1 … 8, ``phom.levels``) or ``cmd:COMMAND`` (a program playing through the bot
    protocol, ``phom.external``, allowed ``move_seconds`` an answer).

    >>> make_tienlen_bot("montecarlo:128").worlds
    128
    >>> make_tienlen_bot("cmd:perl examples/bots/first.pl").game
    'tienlen'
    """
    bot: TienLenBot = make_named_bot(name, seed, TIENLEN_BOTS, build_tienlen_bot, game="tienlen",
                                     move_seconds=move_seconds)
    return bot


def build_tienlen_bot(name: BotName, seed: int | None = None) -> TienLenBot:
    """The Tiến lên bot of a name read by ``TIENLEN_BOTS`` (``make_tienlen_bot`` reads it first).

    >>> build_tienlen_bot(TIENLEN_BOTS.parse("montecarlo:64:2")).threads
    2
    """
    if name.name == "montecarlo":
        return MonteCarloTienLenBot(name.count or 128, seed=seed, threads=name.threads or 1)
    plain: dict[str, Callable[[], TienLenBot]] = {"random": lambda: RandomTienLenBot(seed), "greedy": GreedyTienLenBot,
                                                  "search": lambda: SearchTienLenBot(seed=seed)}
    return plain[name.name]()
