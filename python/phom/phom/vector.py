"""``VectorGame``: many games of Phỏm stepped together from NumPy arrays, played out inside the core.

Each game is a C struct that mirrors ``phom.phom.state.State``; the compiled engine (``phom._engine``)
follows ``phom.phom.referee`` rule for rule and is tested against it in lockstep. Every array handed in is
checked here, before it reaches C: an illegal id raises ``ValueError`` naming the game, and no game
changes.

>>> import numpy as np
>>> from phom.phom.vector import VectorGame
>>> v = VectorGame(4, seed=1)
>>> v.to_move.tolist(), v.done.tolist(), v.legal_mask().shape
([0, 0, 0, 0], [False, False, False, False], (4, 2101))
>>> v.playout("greedy", seed=2)
>>> bool(v.done.all()), v.net.sum(axis=1).tolist()
(True, [0, 0, 0, 0])
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from .. import _engine
from . import actions
from ..batching import (EngineBatch, SeedStream, active_games, games_of_one_rules, policy_codes, seed64,
                        whole_number)
from .actions import NUM_ACTIONS, Discard
from .game import Game
from .observation import OBSERVATION_OFFSETS, OBSERVATION_SIZE
from .opponent_model import MODEL_WEIGHTS
from .rules import Rules
from .solver import min_points_mask
from .state import State
from .view import PlayerView
from .worlds import declined_offers, discarded_partners

__all__ = ["POLICIES", "SOFTNESS", "VectorGame", "WorldSampler"]

#: The policies that run inside the core: uniform over the legal ids, GreedyBot's and PlannerBot's
#: decisions, GreedyBot's with softened discards, and GreedyBot's with the opponent model's discards
#: (``phom.phom.opponent_model``).
POLICIES = {"random": _engine.POLICY_RANDOM, "greedy": _engine.POLICY_GREEDY, "planner": _engine.POLICY_PLANNER,
            "soft": _engine.POLICY_SOFT, "model": _engine.POLICY_MODEL}
_engine.set_model_weights(MODEL_WEIGHTS)
# the core imports nothing of phom: the id and observation layouts are handed down from their homes, once
_engine.bind_layout(
    ids={"draw": actions.DRAW_ID, "declare_u": actions.DECLARE_U_ID, "declare_u_khan": actions.DECLARE_U_KHAN_ID,
         "auto_lay": actions.AUTO_LAY_ID, "eat": actions.eat_id(0), "discard": actions.discard_id(0),
         "send": actions.send_id(0, 0, 0), "lay": actions.lay_id(actions.MELDS[0].mask),
         "players": actions.MAX_PLAYERS, "melds_per_player": actions.MELDS_PER_PLAYER, "count": NUM_ACTIONS},
    melds=[meld.mask for meld in actions.MELDS], offsets=OBSERVATION_OFFSETS, observation_size=OBSERVATION_SIZE)
#: The default temperature, in points, of the ``"soft"`` policy's discards (``bots.greedy.soft_discard_odds``).
SOFTNESS = 2.0


def checked_softness(softness: float) -> float:
    """``softness`` as a float, refused unless it is a number of points from 0.01 to 1,000."""
    if isinstance(softness, bool) or not isinstance(softness, (int, float)) or not 0.01 <= softness <= 1000:
        raise ValueError(f"softness {softness!r} must be a number of points from 0.01 to 1000")
    return float(softness)


class VectorGame(EngineBatch):
    """``n`` games under one ``Rules``, dealt reproducibly from ``seed`` (leader: seat 0).

    Arrays: ``to_move`` int8 (−1 once over), ``done`` bool, ``net`` int32 (n, players), each game's
    ``Result.net`` once over. ``legal_mask()``, ``step(actions)``, ``observation(player)``,
    ``playout(policy)``, ``reset()``. Methods may be called from several threads; each object
    serialises its own calls, and ``playout`` releases the GIL while it plays.
    """

    observation_size = OBSERVATION_SIZE

    def __init__(self, n: int, rules: Rules | None = None, *, seed: int | None = None) -> None:
        n = whole_number(n, "n")
        self.rules = rules if rules is not None else Rules()
        if not isinstance(self.rules, Rules):
            raise ValueError(f"rules {rules!r} is not a Rules")
        self._engine = _engine.Engine(n, self.rules)
        self._lock = threading.Lock()
        self._seeds = SeedStream(seed)
        for i in range(n):
            self._engine.deal(i, 0, self._draw_seed())

    def _draw_seed(self) -> int:
        return self._seeds.draw()

    @classmethod
    def from_games(cls, games: Sequence[Game], *, seed: int | None = None) -> VectorGame:
        """The current states of Python ``Game``s (fresh, mid-game or sampled worlds; one ``Rules``).

        >>> from phom import Game
        >>> g = Game(seed=3)
        >>> VectorGame.from_games([g]).legal_mask()[0].tolist() == g.legal_action_mask().tolist()
        True
        """
        games = games_of_one_rules(games, Game, "VectorGame", rules_word="Rules",
                                   refuse=lambda game: "is over; load games before their end" if game.is_over else None)
        for i, game in enumerate(games):
            for q, seat in enumerate(game.state.seats):
                if seat.unlaid_eaten and min_points_mask(seat.hand, seat.unlaid_eaten, game.rules.value_table) < 0:
                    raise ValueError(f"games[{i}]: seat {q} holds eaten cards that no phỏm of his hand can lay "
                                     "(RULES 4.4), a state no game reaches")
        v = cls(0, games[0].rules, seed=seed)
        v._engine = _engine.Engine(len(games), v.rules)
        for i, game in enumerate(games):
            v._engine.load(i, game.state, v._draw_seed())
        return v

    @classmethod
    def from_states(cls, rules: Rules, states: Sequence[State], *, seed: int | None = None) -> VectorGame:
        """Like ``from_games``, from ``State`` objects (e.g. ``PublicState.with_hidden``)."""
        return cls.from_games([Game.from_state(rules, s, leader=0) for s in states], seed=seed)

    @classmethod
    def sample_worlds(cls, view: PlayerView, count: int, *, seed: int | None = None, tries: int = 1,
                      declines: bool = False, temperature: float = 0.0, history: float = 0.0) -> VectorGame:
        """``count`` full games that agree with ``view`` on everything its player knows, the hidden
        cards drawn as ``phom.phom.worlds.sample_world`` draws them (in C: about a microsecond a world).

        ``tries`` > 1 reads the opponents as greedy players: a seat whose latest discard was made in
        a normal turn is dealt up to ``tries`` times until GreedyBot, holding that hand and the card,
        would have thrown that card (the last try stands if none fits). With ``declines`` the tries
        also read each opponent's latest take: a player who drew instead of eating the card offered
        to him is dealt cards that make no phỏm with it (``phom.phom.worlds.declined_offers``).
        ``temperature`` > 0 softens the reading of the latest discard: a try is kept with probability
        exp(−regret / temperature), the regret being ``phom.phom.bots.greedy.discard_regret`` (the points
        that discard kept above greedy's best), so worlds come in proportion to how likely a softened
        greedy player was to make it (0: the hard reading above). ``history`` > 0 reads every card
        each opponent has thrown (players rarely keep the partners of their discards): each seat's
        hidden cards are drawn ``tries`` times and one draw is kept with probability ∝ its
        ``phom.phom.worlds.history_weight`` times the latest discard's reading (sampling-importance-resampling).

        >>> from phom import Game
        >>> worlds = VectorGame.sample_worlds(Game(seed=2).view(1), 3, seed=4)
        >>> [len(worlds.legal_ids(i)) for i in range(3)] == [10, 10, 10]
        True
        """
        return WorldSampler(view, tries=tries, declines=declines, temperature=temperature, history=history
                            ).draw(count, seed=seed)

    # -- reading (size, status and observations: EngineBatch) ----------------------------------

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """(n, NUM_ACTIONS) bool: row i equals ``Game.legal_action_mask()`` of game i (all False once over)."""
        out = np.zeros((len(self), NUM_ACTIONS), dtype=np.uint8)
        with self._lock:
            self._engine.legal_mask(out)
        return out.view(bool)

    def state(self, i: int) -> State:
        """Game i as a ``phom.phom.state.State`` (a copy)."""
        i = self._index(i)
        state = State([0] * self.rules.players, [], 0)
        with self._lock:
            exported: State = self._engine.export(i, state)
        return exported

    def legal_ids(self, i: int) -> list[int]:
        """The legal action ids of game i, ascending."""
        i = self._index(i)
        with self._lock:
            return list(self._engine.legal_list(i))

    # -- moving --------------------------------------------------------------------------------

    def step(self, actions: npt.ArrayLike, *, only: npt.ArrayLike | None = None) -> None:
        """One action id per game (−1 for a finished game). Any illegal entry raises ValueError naming
        the game and the id, and then no game changes. ``only``: a bool mask of the games to step; the
        others stay as they are and their entries are not read."""
        raw = np.asarray(actions)
        n = len(self)
        active = active_games(only, n)
        if raw.shape != (n,):
            raise ValueError(f"actions must have shape ({n},), got {raw.shape}")
        if n and (not np.issubdtype(raw.dtype, np.integer) or raw.dtype == np.bool_):
            raise ValueError(f"actions must hold integer action ids, got dtype {raw.dtype}")
        ids = np.ascontiguousarray(raw, dtype=np.int64)
        out_of_range = ((ids < -1) | (ids >= NUM_ACTIONS)) & active.astype(bool)
        if out_of_range.any():
            bad = int(np.argmax(out_of_range))
            raise ValueError(f"actions[{bad}] = {int(ids[bad])} is not an action id (0 to {NUM_ACTIONS - 1}, "
                             "or −1 for a finished game)")
        with self._lock:
            bad = int(self._engine.check(ids, active))
            if bad >= 0:
                over = bool(self._status()[1][bad])
                why = "the game is over: give −1" if over else "it is not legal in that game now"
                if ids[bad] == -1 and not over:
                    why = "the game is not over: give a legal action id"
                raise ValueError(f"game {bad}: action {int(ids[bad])} is refused ({why})")
            self._engine.step(ids, active)

    def playout(self, policy: str | Sequence[str] = "random", *, seed: int | None = None,
                softness: float = SOFTNESS) -> None:
        """Play every unfinished game to its end inside the core, without the GIL: ``"random"``
        (uniform over the legal ids, each game's own generator, reseeded from ``seed`` when given)
        ``"greedy"`` (GreedyBot's decisions), ``"planner"`` (PlannerBot's) or ``"soft"`` (GreedyBot's, but
        each discard drawn from the game's generator at temperature ``softness`` points:
        ``bots.greedy.soft_discard_odds``); or one policy per seat, e.g. ``["greedy", "random"]``."""
        codes = self._policy_codes(policy)
        temperature = checked_softness(softness)
        with self._lock:
            self._engine.softness = temperature
            self._engine.playout(codes, seed64(seed), seed is not None)
            self._refuse_stuck()

    def advance(self, seat: int, policy: str | Sequence[str] = "greedy", *, softness: float = SOFTNESS) -> None:
        """In every unfinished game, the other seats play with core policies (one, or one per seat)
        until ``seat`` is to move or the game is over: a learning seat against core opponents."""
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < self.rules.players:
            raise ValueError(f"seat {seat!r} is not a seat from 0 to {self.rules.players - 1}")
        codes = self._policy_codes(policy)
        temperature = checked_softness(softness)
        with self._lock:
            self._engine.softness = temperature
            self._engine.advance(int(seat), codes)
            self._refuse_stuck()

    def _refuse_stuck(self) -> None:
        """Raise when the core found a game whose player to move has no legal action (it stops there)."""
        if self._engine.stuck >= 0:
            i = int(self._engine.stuck)
            raise ValueError(f"game {i}: player {int(self.to_move[i])} has no legal action, a state the rules "
                             "cannot reach (loaded from outside?); the game stays where it stopped")

    def _policy_codes(self, policy: str | Sequence[str]) -> npt.NDArray[np.int8]:
        return policy_codes(policy, self.rules.players, POLICIES)

    def tile(self, copies: int) -> VectorGame:
        """A new VectorGame holding each game of this one ``copies`` times in a row (game i's copies
        are games i·copies … i·copies + copies − 1), e.g. one per candidate action of a search."""
        copies = whole_number(copies, "copies", 1)
        other = VectorGame(0, self.rules)
        other._engine = _engine.Engine(len(self) * copies, self.rules)
        with self._lock:
            other._engine.tile(self._engine, copies)
        return other

    def select(self, games: npt.ArrayLike) -> VectorGame:
        """A new VectorGame holding copies of the games given (indices, in that order; repeats allowed).

        >>> v = VectorGame(3, seed=2)
        >>> v.select([2, 0]).state(0) == v.state(2)
        True
        """
        raw = np.asarray(games)
        if raw.ndim != 1 or (raw.size and (not np.issubdtype(raw.dtype, np.integer) or raw.dtype == np.bool_)):
            raise ValueError(f"games must be a 1-d array of game indices, got shape {raw.shape} and dtype {raw.dtype}")
        indices = np.ascontiguousarray(raw, dtype=np.int64)
        bad = (indices < 0) | (indices >= len(self))
        if bad.any():
            raise ValueError(f"games[{int(np.argmax(bad))}] = {int(indices[bad][0])} is not a game index "
                             f"(0 to {len(self) - 1})")
        other = VectorGame(0, self.rules)
        other._engine = _engine.Engine(len(indices), self.rules)
        with self._lock:
            other._engine.gather(self._engine, indices)
        return other

    @classmethod
    def from_decks(cls, rules: Rules, decks: Sequence[Sequence[int]], leaders: Sequence[int],
                   seeds: Sequence[int] | None = None) -> VectorGame:
        """Fresh games dealt from shuffled decks (52 card indices each) exactly as ``Game`` deals them
        (``Game(rules, seed=s, leader=l)`` deals the deck ``random.Random(s).shuffle(list(range(52)))``);
        ``seeds``: each game's own generator (the random policy), for results that do not depend on
        how games are batched.

        >>> import random
        >>> from phom import Game
        >>> deck = list(range(52)); random.Random(8).shuffle(deck)
        >>> VectorGame.from_decks(Rules(), [deck], [1]).state(0) == Game(seed=8, leader=1).state
        True
        """
        if len(decks) != len(leaders) or (seeds is not None and len(seeds) != len(decks)):
            raise ValueError("give one leader (and one seed, if any) per deck")
        v = cls(0, rules)
        v._engine = _engine.Engine(len(decks), v.rules)
        for i, (deck, leader) in enumerate(zip(decks, leaders)):
            if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < v.rules.players:
                raise ValueError(f"leaders[{i}] = {leader!r} is not a seat")
            v._engine.deal_deck(i, leader, list(deck), v._draw_seed() if seeds is None else seed64(seeds[i]))
        return v

    def summaries(self) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int8], npt.NDArray[np.int8],
                                 npt.NDArray[np.bool_], npt.NDArray[np.int32]]:
        """For finished games: (net, winner, ù kind: 0 none 1 ù 2 ù tròn 3 ù khan, móm per seat,
        actions played since dealt or loaded)."""
        n, players = len(self), self.rules.players
        net = np.zeros((n, players), dtype=np.int32)
        winner = np.zeros(n, dtype=np.int8)
        u_kind = np.zeros(n, dtype=np.int8)
        mom = np.zeros((n, players), dtype=np.uint8)
        actions = np.zeros(n, dtype=np.int32)
        with self._lock:
            self._engine.summaries(net, winner, u_kind, mom, actions)
        return net, winner, u_kind, mom.view(bool), actions

    def policy_actions(self, policy: str = "greedy", *, softness: float = SOFTNESS) -> npt.NDArray[np.int64]:
        """The id a core policy would play now in each game (−1 once over); only the games' generators
        advance (the ``"random"`` and ``"soft"`` policies draw from them).

        >>> v = VectorGame(2, seed=5)
        >>> bool((v.legal_mask()[np.arange(2), v.policy_actions("greedy")]).all())
        True
        """
        code = int(policy_codes(policy, 1, POLICIES)[0])
        temperature = checked_softness(softness)
        out = np.empty(len(self), dtype=np.int64)
        with self._lock:
            self._engine.softness = temperature
            self._engine.choose(code, out)
            self._refuse_stuck()
        return out

    def _deal(self, i: int) -> None:
        self._engine.deal(i, 0, self._draw_seed())


class WorldSampler:
    """The worlds of one view, drawn in batches: the view is read once (its public state loaded in
    the core, each opponent's latest discard and take found), then every ``draw`` deals fresh worlds,
    as ``VectorGame.sample_worlds`` (which is one draw) does. A searching bot that spends its worlds in
    rounds draws each round from one sampler; draws may run in parallel threads.

    >>> from phom import Game
    >>> sampler = WorldSampler(Game(seed=2).view(1), tries=20)
    >>> [len(sampler.draw(4, seed=s)) for s in (1, 2)]
    [4, 4]
    """

    def __init__(self, view: PlayerView, *, tries: int = 1, declines: bool = False, temperature: float = 0.0,
                 history: float = 0.0) -> None:
        self.tries = whole_number(tries, "tries", 1)
        if isinstance(temperature, bool) or not isinstance(temperature, (int, float)) or not 0 <= temperature <= 1e6:
            raise ValueError(f"temperature {temperature!r} must be a number of points from 0 to 1e6")
        if isinstance(history, bool) or not isinstance(history, (int, float)) or not 0 <= history <= 100:
            raise ValueError(f"history {history!r} must be a number from 0 to 100 (the reading's scale)")
        self.history = float(history)
        if view.is_over:
            raise ValueError("the game in this view is over")
        self.temperature = float(temperature)
        self.view = view
        public = view.public
        n = view.rules.players
        last_discards = [-1] * n
        for player, action in reversed(view.history):
            if player != view.player and last_discards[player] == -1 and not view.laid_down[player]:
                last_discards[player] = action.card.index if isinstance(action, Discard) else -2
        self._last_discards = [max(d, -1) for d in last_discards]   # −2: his latest action was no discard
        self._declined, self._since = declined_offers(view) if declines else ([-1] * n, [0] * n)
        self._penalties = (np.ascontiguousarray(np.array(discarded_partners(view)) * self.history, dtype=np.float64)
                           if self.history else None)
        self._hand_sizes = list(public.hand_sizes)
        self._stock_size = public.stock_size
        self._source = _engine.Engine(1, view.rules)
        self._source.load(0, public.state, 0)

    def draw(self, count: int, *, seed: int | None = None) -> VectorGame:
        """``count`` fresh worlds of the view (ValueError when no deal of the unseen cards fits it)."""
        count = whole_number(count, "count", 1)
        v = VectorGame(0, self.view.rules)
        v._engine = _engine.Engine(count, v.rules)
        failed = v._engine.sample_worlds(self._source, self.view.player, self._hand_sizes, self._stock_size,
                                         seed64(seed), self._last_discards, self._declined, self._since, self.tries,
                                         self.temperature, self._penalties)
        if failed:
            raise ValueError("no deal of the unseen cards fits this view")
        return v
