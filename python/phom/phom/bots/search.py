"""SearchBot: determinized Monte Carlo over the take and discard decisions, played out with the batch solver.

For each decision it samples ``samples`` worlds consistent with its view (``phom.phom.worlds``). In every world
it plays its own hand forward to its lay-down turn: the draws come from that world's stock, each later
discard is the one that keeps the fewest points (all candidates of all worlds in one ``batch.min_points``
call), and the lay-down is scored with ``batch.best_lay_points`` against the phỏm on the table. A
candidate's value is the mean of those points, less a bonus for an ù, plus a penalty when the next player
could eat the card it throws (from that world's sampled hand, with ``batch.can_eat``). Eating also counts
the stakes it wins. Lay-down, gửi and ù follow the greedy bot.

>>> from phom import Game
>>> game = Game(seed=4)
>>> bot = SearchBot(samples=8, seed=1)
>>> bot.act(game.view(0)) in game.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
import numpy as np

from ...bot_base import offered
from ... import _batch
from ..actions import Action, AutoLay, DeclareU, DeclareUKhan, Discard, Draw, Eat
from ..referee import eat_is_chot, turn_kind_of
from ..solver import ValueTable, danger, legal_discard_mask, table_summary
from ..view import PlayerView
from ..worlds import sample_world
from .greedy import greedy_action

__all__ = ["SearchBot"]

# Weights, tuned on seat-rotated games against GreedyBot (benchmarks/ladder.py):
#: points one stake is worth when a discard may feed the next player an eat
POINTS_PER_STAKE = 3.0
#: value, in points, of finishing the playout with nothing left (an ù)
U_BONUS = 40.0
#: cost, in points, of reaching the lay-down with no phỏm (móm pays a fixed 4 stakes, whatever the points)
MOM_PENALTY = 36.0
_BITS = np.array([1 << c for c in range(52)], dtype=np.uint64)


class SearchBot:
    """Determinized search (see the module docstring). ``samples``: worlds per decision."""

    name = "search"

    def __init__(self, samples: int = 32, seed: int | None = None) -> None:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise ValueError(f"samples {samples!r} must be a whole number ≥ 1")
        self.samples = samples
        self.rng = random.Random(seed)

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def act(self, view: PlayerView) -> Action:
        legal = offered(view)
        values = view.rules.value_table
        greedy = greedy_action(view.hand.mask, view.unlaid_eaten.mask, legal, view.unseen.mask, view.phase,
                               values)
        if isinstance(greedy, (DeclareU, DeclareUKhan, AutoLay)):
            return greedy
        discards = [a for a in legal if isinstance(a, Discard)]
        eat = next((a for a in legal if isinstance(a, Eat)), None)
        if view.turn_kind != "normal":
            # lay-down and tái turns: points are settled by the lay-down; only the discard's safety is open
            if view.phase == "play" and discards and len(discards) == len(legal):
                return self._safe_discard(view, discards, values)
            return greedy
        turns_left = 3 - len(view.rows[view.player])
        if turns_left < 1:
            return greedy
        if view.phase == "take":
            if eat is None:
                return greedy
            return self._take(view, eat, turns_left, values)
        if len(discards) != len(legal) or len(discards) < 2:
            return greedy
        return self._discard(view, discards, turns_left, values)

    # ------------------------------------------------------------------------------------------

    @staticmethod
    def _table(view: PlayerView) -> tuple[int, int]:
        """The phỏm he may send to in his lay-down turn (by the referee's rule), summarised for the
        lay kernel."""
        return table_summary([m.mask for _, _, m in view.send_targets("lay")])

    def _worlds(self, view: PlayerView) -> tuple[np.ndarray, list[list[int]], int]:
        """(next player's hands, stock cards per world, next seat) for ``samples`` sampled worlds."""
        nxt = (view.player + 1) % view.rules.players
        hands, stocks = [], []
        for _ in range(self.samples):
            world = sample_world(view, self.rng)
            hands.append(world.state.seats[nxt].hand)
            stocks.append(list(reversed(world.state.stock)))   # in draw order
        return np.array(hands, dtype=np.uint64), stocks, nxt

    def _playout(self, table: tuple[int, int], keep: int, eaten: int, stocks: list[list[int]], turns: int,
                 values: ValueTable) -> np.ndarray:
        """Points at the lay-down turn in every world, playing ``keep`` forward ``turns`` draws;
        ``table`` is the (run cards, missing 4th cards) summary of the phỏm he could send to."""
        s = len(stocks)
        rows = np.full(s, keep, dtype=np.uint64)
        per_card, run_table = np.asarray(values.per_card_view), np.asarray(values.run_table_view)
        eaten_rows = np.full(s, eaten, dtype=np.uint64)
        for t in range(turns - 1):
            drawn = np.array([_BITS[w[min(t, len(w) - 1)]] if w else 0 for w in stocks], dtype=np.uint64)
            held = rows | drawn
            choices = (held[:, None] & _BITS[None, :]) != 0
            choices &= (eaten_rows[:, None] & _BITS[None, :]) == 0
            # every hand without one of its cards (eaten cards stay: they may not be discarded)
            trial = (held[:, None] & ~(_BITS[None, :] & ~eaten_rows[:, None])).ravel()
            points = np.empty(trial.shape[0], dtype=np.int16)
            _batch.min_points(trial, np.repeat(eaten_rows, 52), per_card, run_table, points)
            score = points.reshape(s, 52).astype(np.int32) * 256 - per_card[None, :]
            score[(~choices) | (points.reshape(s, 52) < 0)] = 1 << 30
            best = np.argmin(score, axis=1)
            rows = held & ~_BITS[best]
        last = np.array([_BITS[w[min(turns - 1, len(w) - 1)]] if w else 0 for w in stocks],
                        dtype=np.uint64)
        final = rows | last
        runs, fourths = table
        out = np.empty(s, dtype=np.int16)
        _batch.best_lay_points(final, eaten_rows, runs, fourths, True, False, per_card, out)
        result = out.astype(np.float64)
        result[out < 0] = 200.0
        # móm: no phỏm at all in the final hand (its best arrangement is the whole hand)
        arranged = np.empty(s, dtype=np.int16)
        _batch.min_points(final, eaten_rows, per_card, run_table, arranged)
        whole = ((final[:, None] & _BITS[None, :]) != 0) @ per_card
        mom = arranged == whole
        return np.asarray(result - U_BONUS * (out == 0) + MOM_PENALTY * mom, dtype=np.float64)

    def _feed_penalty(self, card: int, next_hands: np.ndarray, next_eaten: int, stake: int) -> float:
        free = (next_hands & _BITS[card]) == 0
        if not free.any():
            return 0.0
        hands = next_hands[free]
        out = np.empty(hands.shape[0], dtype=np.uint8)
        _batch.can_eat(hands, np.full(hands.shape[0], card, dtype=np.int32),
                       np.full(hands.shape[0], next_eaten, dtype=np.uint64), out)
        stakes = stake + 1.0  # the payment, and the phỏm it gives him
        return float(out.sum()) / float(next_hands.shape[0]) * stakes * POINTS_PER_STAKE

    def _discard(self, view: PlayerView, discards: Sequence[Discard], turns: int,
                 values: ValueTable) -> Action:
        next_hands, stocks, nxt = self._worlds(view)
        next_eaten = view.eaten[nxt].mask & ~sum(m.mask for m in view.laid[nxt]) if view.eaten[nxt] else 0
        next_kind = turn_kind_of(view.public.state.seats[nxt])
        row = [c.index for c in view.rows[view.player]]
        stakes = view.rules.stakes
        hand, eaten = view.hand.mask, view.unlaid_eaten.mask
        table = self._table(view)
        best, best_value = discards[0], None
        for action in discards:
            c = action.card.index
            value = float(self._playout(table, hand & ~(1 << c), eaten, stocks, turns, values).mean())
            chot = eat_is_chot(view.rules, next_kind, row + [c], c)
            value += self._feed_penalty(c, next_hands, next_eaten, stakes.chot if chot else stakes.eat)
            if best_value is None or value < best_value - 1e-9:
                best, best_value = action, value
        return best

    def _take(self, view: PlayerView, eat: Eat, turns: int, values: ValueTable) -> Action:
        _, stocks, _ = self._worlds(view)
        hand, eaten = view.hand.mask, view.unlaid_eaten.mask
        table = self._table(view)
        x = eat.card.index
        after, after_eaten = hand | 1 << x, eaten | 1 << x
        eat_value = None
        free = legal_discard_mask(after, after_eaten)
        while free:
            low = free & -free
            free ^= low
            v = float(self._playout(table, after & ~low, after_eaten, stocks, turns, values).mean())
            if eat_value is None or v < eat_value:
                eat_value = v
        if eat_value is None:
            return Draw()
        victim_row = [c.index for c in view.rows[(view.player - 1) % view.rules.players]]
        chot = eat_is_chot(view.rules, view.turn_kind, victim_row, x)
        eat_value -= POINTS_PER_STAKE * (view.rules.stakes.chot if chot else view.rules.stakes.eat)
        # drawing: the first stock card of each world is this turn's draw, discarded greedily
        draw_value = float(self._playout(table, hand, eaten, stocks, turns + 1, values).mean())
        return eat if eat_value <= draw_value else Draw()

    def _safe_discard(self, view: PlayerView, discards: Sequence[Discard], values: ValueTable) -> Action:
        """Lay-down / tái turn: the discard that leaves the fewest points, safest first on a tie."""
        unseen, per_card = view.unseen.mask, values.per_card
        total = sum(per_card[c.index] for c in view.hand)
        return min(discards, key=lambda a: (total - per_card[a.card.index], danger(a.card.index, unseen),
                                            -a.card.index))
