"""How PlannerBot's price was chosen and what was tried on MonteCarloBot: paired duplicate runs on one seed.

    python3 research/phom_tuning.py planner --seed 7 --deals 1000
    python3 research/phom_tuning.py montecarlo --seed 7 --deals 1000 --opponent greedy

Every row is the variant 1-vs-3 against three copies of ``--opponent``, every deal in every seat rotation
(``simulate(..., rotate=True)`` on the Python referee, two worker processes), mean net stakes a game
± a 95 % interval over the per-deal sums. ``montecarlo`` also prints each variant's difference from the
first row on the same deals (paired by deal). Tune on one seed, then report on others with the arena.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from phom.phom.actions import Action, Discard
from phom.bots import Bot, GreedyBot, MonteCarloBot, greedy_action, make_bot
from phom.phom.bots.montecarlo import Valuation
from phom.simulation import simulate
from phom.phom.solver import danger, min_points_mask
from phom.phom.view import PlayerView


class PricedBot(GreedyBot):
    """PlannerBot with another price a rác per discard still to make (PlannerBot's is RAC_PRICE)."""

    def __init__(self, price: int) -> None:
        self.price = price

    def act(self, view: PlayerView) -> Action:
        turns = view.public.state.seats[view.player].turns
        return greedy_action(view.hand.mask, view.unlaid_eaten.mask, view.legal_actions, view.unseen.mask,
                             view.phase, view.rules.value_table, self.price * max(0, 3 - turns))


class PrunedMonteCarloBot(MonteCarloBot):
    """MonteCarloBot searching only GreedyBot's ``keep`` best discards (by GreedyBot's own key)."""

    def __init__(self, worlds: int, keep: int, seed: int) -> None:
        super().__init__(worlds, seed=seed)
        self.keep = keep

    def candidates(self, view: PlayerView, greedy: Action) -> list[Action]:  # type: ignore[override]
        found = MonteCarloBot.candidates(view, greedy)
        if view.phase == "take" or len(found) <= self.keep:
            return found
        hand, eaten, unseen = view.hand.mask, view.unlaid_eaten.mask, view.unseen.mask
        values = view.rules.value_table

        def key(action: Action) -> tuple[int, int, int, int]:
            assert isinstance(action, Discard)
            c = action.card.index
            return (min_points_mask(hand & ~(1 << c), eaten, values), danger(c, unseen), -values.per_card[c], -c)

        return sorted(found, key=key)[:self.keep]


class OwnPolicyMonteCarloBot(MonteCarloBot):
    """MonteCarloBot whose own seat plays ``own`` in the playouts, every other seat ``others``."""

    def __init__(self, worlds: int, own: str, others: str, seed: int) -> None:
        super().__init__(worlds, seed=seed)
        self.own, self.others = own, others

    def evaluate(self, view: PlayerView, candidates: list[Action], greedy: Action | None = None) -> Valuation:
        seats = [self.own if q == view.player else self.others for q in range(view.rules.players)]
        self.policy = seats  # type: ignore[assignment]     # VectorGame.playout takes a policy per seat
        return super().evaluate(view, candidates, greedy)


def deal_sums(bot: Bot, opponent: str, deals: int, seed: int, pool: ProcessPoolExecutor) -> list[float]:
    n = 4
    opponents = [make_bot(opponent, seed=seed * 10 + s) for s in range(1, n)]
    stats = simulate([bot, *opponents], deals * n, seed=seed, rotate=True, core=False, keep_summaries=True,
                     executor=pool)
    games = stats.summaries
    return [sum(g.net[0] for g in games[d:d + n]) / n for d in range(0, len(games), n)]


def interval(values: list[float]) -> str:
    return f"{statistics.fmean(values):+.3f} ± {1.96 * statistics.stdev(values) / math.sqrt(len(values)):.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=["planner", "montecarlo"])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--opponent", default="greedy")
    args = parser.parse_args()
    variants: list[tuple[str, Bot]]
    if args.what == "planner":
        variants = [(f"{price} a rác per discard to make", PricedBot(price)) for price in (0, 1, 2, 3, 4, 5, 6, 8, 13)]
    else:
        variants = [("128 worlds (MonteCarloBot)", MonteCarloBot(128, seed=5)),
                    ("256 worlds", MonteCarloBot(256, seed=5)),
                    ("512 worlds", MonteCarloBot(512, seed=5)),
                    ("GreedyBot's best 4 discards, 128 worlds", PrunedMonteCarloBot(128, 4, seed=5)),
                    ("GreedyBot's best 4 discards, 256 worlds", PrunedMonteCarloBot(256, 4, seed=5)),
                    ("GreedyBot's best 5 discards, 224 worlds", PrunedMonteCarloBot(224, 5, seed=5)),
                    ("128 worlds, planner playouts", MonteCarloBot(128, policy="planner", seed=5)),
                    ("128 worlds, planner for its own seat", OwnPolicyMonteCarloBot(128, "planner", "greedy", seed=5)),
                    ("128 worlds, declines read", MonteCarloBot(128, declines=True, seed=5))]
    first: list[float] = []
    with ProcessPoolExecutor(2) as pool:
        for label, bot in variants:
            began = time.perf_counter()
            sums = deal_sums(bot, args.opponent, args.deals, args.seed, pool)
            paired = interval([a - b for a, b in zip(sums, first)]) if first else "—"
            first = first or sums
            columns = [label, interval(sums)] + ([paired] if args.what == "montecarlo" else [])
            print(f"| {' | '.join(columns)} | {time.perf_counter() - began:.0f} s |", flush=True)


if __name__ == "__main__":
    main()
