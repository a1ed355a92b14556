"""A model of the opponents (issue 33, item 3), offline: montecarlo's Phỏm discards distilled into a
softmax over cheap features, and the chance that the next seat can eat a discard, from what the
thrower knows.

    python3 research/opponent_model.py --games 300 --seed 91

Positions come from games of four ``montecarlo`` bots (one process): every normal discard turn (only
discards legal, at least two) of every seat. Each legal discard of a position is described by
``FEATURES``; the policy is p(card) ∝ exp(w · features(card)), fitted by maximum likelihood (Newton's
method, numpy) on the games of the first 70 % of the seeds and scored on the rest (held out, whole
games): the mean log-loss per decision against the uniform choice and against greedy as a softmax
(one weight on "greedy's own discard", fitted the same way), and how often the model's top card is the
one played. "The next seat can eat this card" is a logistic regression of the truth (the next seat's
hand, ``phom.phom.solver.can_eat``) on what the thrower knows, scored the same way, with its calibration
by decile of the predicted chance.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt
from phom import Game
from phom.phom.actions import Discard
from phom.bots import make_bot
from phom.phom.bots.greedy import GreedyBot, discard_regret
from phom.phom.opponent_model import MODEL_FEATURES, model_discard_features, partners, stage
from phom.phom.solver import can_eat, danger
from phom.phom.view import PlayerView

#: The policy's features of one legal discard (in this order).
FEATURES = ("regret", "regret × stage", "partners", "danger", "danger × stage", "value (points of the card)", "next eats (model)")
#: The eat model's features of one discard, from the thrower's view.
EAT_FEATURES = ("1", "danger > 0", "log(1 + danger)", "stage", "next seat's eaten cards",
                "next seat threw a partner")
#: Regret (points) is capped here: a discard beyond it is one nobody makes on purpose.
REGRET_CAP = 20
TRAIN_SHARE = 0.7

Matrix = npt.NDArray[np.float64]


def eat_features(view: PlayerView, card: int) -> list[float]:
    nxt = (view.player + 1) % view.rules.players
    d = danger(card, view.unseen.mask)
    thrown = sum(a.card.mask for q, a in view.history if q == nxt and isinstance(a, Discard))
    return [1.0, float(d > 0), math.log1p(d), _stage(view), float(len(view.eaten[nxt])),
            float(partners(thrown, card) > 0)]


def _stage(view: PlayerView) -> float:
    return stage(view.stock_size, view.rules.players)


@dataclass
class Data:
    """Positions: per decision the candidates' feature rows, the played one, greedy's one, the game."""

    rows: list[Matrix] = field(default_factory=list)
    chosen: list[int] = field(default_factory=list)
    greedy: list[int] = field(default_factory=list)
    game: list[int] = field(default_factory=list)
    eat_x: list[list[float]] = field(default_factory=list)      # one per candidate discard
    eat_y: list[int] = field(default_factory=list)
    eat_game: list[int] = field(default_factory=list)
    eat_decision: list[int] = field(default_factory=list)       # index of its decision
    eat_slot: list[int] = field(default_factory=list)           # its row in the decision
    core_rows: list[Matrix] = field(default_factory=list)       # phom.phom.opponent_model's features


def collect(games: int, seed: int, bot: str = "montecarlo") -> Data:
    """Play ``games`` games of four ``bot`` and record every normal discard decision."""
    data = Data()
    greedy = GreedyBot()
    for g in range(games):
        game = Game(seed=seed * 100_003 + g, leader=g % 4)
        bots = [make_bot(bot, seed=seed * 1000 + 4 * g + s) for s in range(4)]
        while not game.is_over:
            p = game.to_move
            assert p is not None
            view = game.view(p)
            legal = view.legal_actions
            action = bots[p].act(view)
            if len(legal) >= 2 and all(isinstance(a, Discard) for a in legal):
                _record(data, game, view, action, greedy.act(view), g)
            game.apply(action)
    return data


def _record(data: Data, game: Game, view: PlayerView, action: object, greedy_choice: object, g: int) -> None:
    hand, eaten = view.hand.mask, view.unlaid_eaten.mask
    values = view.rules.value_table
    nxt = (view.player + 1) % view.rules.players
    truth_hand, truth_eaten = game.hands[nxt].mask, game.unlaid_eaten[nxt].mask
    stage = _stage(view)
    rows = []
    decision = len(data.chosen)
    for slot, a in enumerate(view.legal_actions):
        assert isinstance(a, Discard)
        c = a.card.index
        regret = min(discard_regret(hand, eaten, c, values), REGRET_CAP)
        d = danger(c, view.unseen.mask)
        rows.append([regret, regret * stage, partners(hand, c), math.log1p(d), math.log1p(d) * stage,
                     values.per_card[c] / 10.0, 0.0])
        data.eat_x.append(eat_features(view, c))
        data.eat_y.append(int(can_eat(truth_hand, c, truth_eaten)))
        data.eat_game.append(g)
        data.eat_decision.append(decision)
        data.eat_slot.append(slot)
    data.rows.append(np.array(rows, dtype=np.float64))
    data.core_rows.append(np.array(model_discard_features(
        hand, eaten, [a.card.index for a in view.legal_actions], view.unseen.mask,  # type: ignore[attr-defined]
        view.stock_size, view.rules.players, values), dtype=np.float64))
    data.chosen.append(view.legal_actions.index(action))          # type: ignore[arg-type]
    data.greedy.append(view.legal_actions.index(greedy_choice))   # type: ignore[arg-type]
    data.game.append(g)


def fit_softmax(rows: list[Matrix], chosen: list[int], ridge: float = 1e-3, steps: int = 50) -> Matrix:
    """Maximum likelihood of a conditional logit (Newton's method with a small ridge)."""
    k = rows[0].shape[1]
    w = np.zeros(k)
    for _ in range(steps):
        grad = -ridge * w
        hess = -ridge * np.eye(k)
        for x, c in zip(rows, chosen):
            z = x @ w
            p = np.exp(z - z.max())
            p /= p.sum()
            mean = p @ x
            grad += x[c] - mean
            hess -= (x * p[:, None]).T @ x - np.outer(mean, mean)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def log_loss(rows: list[Matrix], chosen: list[int], w: Matrix) -> tuple[float, float, float]:
    """Mean negative log-likelihood per decision, its 95 % half-width, and the top-1 agreement."""
    losses, hits = [], 0
    for x, c in zip(rows, chosen):
        z = x @ w
        z = z - z.max()
        losses.append(-(z[c] - math.log(float(np.exp(z).sum()))))
        hits += int(np.argmax(z)) == c
    arr = np.array(losses)
    return float(arr.mean()), 1.96 * float(arr.std(ddof=1)) / math.sqrt(len(arr)), hits / len(arr)


def fit_logistic(x: Matrix, y: npt.NDArray[np.int64], ridge: float = 1e-3, steps: int = 50) -> Matrix:
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(x @ w)))
        grad = x.T @ (y - p) - ridge * w
        hess = -(x * (p * (1 - p))[:, None]).T @ x - ridge * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=91)
    parser.add_argument("--bot", default="montecarlo")
    parser.add_argument("--write", metavar="JSON", help="write the core model's weights (phom.opponent_model.json) here")
    args = parser.parse_args()
    started = time.perf_counter()
    data = collect(args.games, args.seed, args.bot)
    split = int(TRAIN_SHARE * args.games)
    print(f"{len(data.chosen)} discard decisions from {args.games} games of four {args.bot} "
          f"({time.perf_counter() - started:.0f} s); trained on games 0-{split - 1}, scored on the rest")

    # the eat model first: its prediction is a feature of the policy
    ex, ey = np.array(data.eat_x), np.array(data.eat_y)
    etrain = np.array(data.eat_game) < split
    we = fit_logistic(ex[etrain], ey[etrain])
    prob = 1 / (1 + np.exp(-(ex @ we)))
    for i, (d, s) in enumerate(zip(data.eat_decision, data.eat_slot)):
        data.rows[d][s, -1] = prob[i]
    test = ~etrain
    base = float(ey[etrain].mean())

    def bce(p: Matrix, y: npt.NDArray[np.int64]) -> float:
        p = np.clip(p, 1e-9, 1 - 1e-9)
        return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())

    print("\n'The next seat can eat this card' (every legal discard, the truth from the next seat's hand):")
    print(f"  weights {dict(zip(EAT_FEATURES, np.round(we, 3)))}")
    print(f"  held-out log-loss {bce(prob[test], ey[test]):.4f} vs the base rate's {bce(np.full(test.sum(), base), ey[test]):.4f}"
          f" (base rate {base:.3f}, {int(test.sum())} held-out discards)")
    edges = np.quantile(prob[test], np.linspace(0, 1, 11))
    print("  calibration by decile of the predicted chance (held out): predicted → observed (n)")
    pt, yt = prob[test], ey[test]
    bins = np.clip(np.searchsorted(edges, pt, side="right") - 1, 0, 9)
    for b in range(10):
        sel = bins == b
        if sel.any():
            print(f"    {pt[sel].mean():.3f} → {yt[sel].mean():.3f} ({int(sel.sum())})")

    train = [i for i, g in enumerate(data.game) if g < split]
    held = [i for i, g in enumerate(data.game) if g >= split]
    rows = data.rows
    w = fit_softmax([rows[i] for i in train], [data.chosen[i] for i in train])
    greedy_rows = [np.eye(len(r))[[data.greedy[i]]].T for i, r in enumerate(rows)]
    wg = fit_softmax([greedy_rows[i] for i in train], [data.chosen[i] for i in train])
    uniform = np.array([math.log(len(rows[i])) for i in held])
    model = log_loss([rows[i] for i in held], [data.chosen[i] for i in held], w)
    greedy = log_loss([greedy_rows[i] for i in held], [data.chosen[i] for i in held], wg)
    print(f"\nThe policy: {len(train)} training and {len(held)} held-out decisions "
          f"(mean {np.mean([len(rows[i]) for i in held]):.1f} legal discards)")
    print(f"  weights {dict(zip(FEATURES, np.round(w, 3)))}")
    print(f"  held-out log-loss per decision: uniform {uniform.mean():.4f}, greedy as a softmax "
          f"{greedy[0]:.4f} ± {greedy[1]:.4f} (weight {wg[0]:.3f}; top-1 {greedy[2]:.3f}), "
          f"the model {model[0]:.4f} ± {model[1]:.4f} (top-1 {model[2]:.3f})")
    core = data.core_rows
    wc = fit_softmax([core[i] for i in train], [data.chosen[i] for i in train])
    scored = log_loss([core[i] for i in held], [data.chosen[i] for i in held], wc)
    print(f"\nThe core's model (phom.phom.opponent_model, no eat chance, no history): weights "
          f"{dict(zip(MODEL_FEATURES, np.round(wc, 3)))}")
    print(f"  held-out log-loss per decision {scored[0]:.4f} ± {scored[1]:.4f} (top-1 {scored[2]:.3f})")
    if args.write:
        with open(args.write, "w", encoding="utf-8") as out:
            json.dump({"features": list(MODEL_FEATURES), "weights": [round(float(x), 4) for x in wc],
                       "fitted": f"research/opponent_model.py --games {args.games} --seed {args.seed} --bot {args.bot}"},
                      out, ensure_ascii=False, indent=1)
            out.write("\n")
    print(f"({time.perf_counter() - started:.0f} s in all)")


if __name__ == "__main__":
    main()
