"""The soft reading of opponents: discard_regret in Python and in the core, and worlds drawn by it."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from phom import Game, Rules
from phom._engine import Engine
from phom.phom.actions import Discard
from phom.bots import GreedyBot, MonteCarloBot
from phom.bots.greedy import U_REGRET, discard_regret
from phom.phom.vector import VectorGame

pytestmark = pytest.mark.computational

RULE_SETS = [Rules(), Rules(values=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)), Rules(players=3)]


@settings(deadline=None)          # the profile's examples: 2,000 by default (tests/conftest.py)
@given(st.lists(st.integers(0, 51), min_size=2, max_size=11, unique=True), st.integers(0, 2**31),
       st.integers(0, len(RULE_SETS) - 1))
def test_the_core_regret_is_the_python_regret(cards, pick, which):
    """On random hands (with eaten cards among them, coverable or not) the core's discard_regret is
    bots.greedy.discard_regret, under several value tables."""
    rng = random.Random(pick)
    rules = RULE_SETS[which]
    hand = sum(1 << c for c in cards)
    eaten = sum(1 << c for c in rng.sample(cards, rng.choice([0, 0, 1, 2])))
    card = rng.choice(cards)
    assert Engine(1, rules).discard_regret(hand, eaten, card) == discard_regret(hand, eaten, card,
                                                                                 rules.value_table)


def test_regret_is_zero_for_greedys_own_discard_and_bad_input_is_named():
    game, bot = Game(seed=7), GreedyBot()
    checked = 0
    while not game.is_over and checked < 40:
        view = game.view(game.to_move)
        action = bot.act(view)
        if isinstance(action, Discard) and not view.unlaid_eaten:
            regrets = [discard_regret(view.hand.mask, 0, a.card.index, view.rules.value_table)
                       for a in view.legal_actions if isinstance(a, Discard)]
            assert discard_regret(view.hand.mask, 0, action.card.index, view.rules.value_table) == 0 == min(regrets)
            assert max(regrets) <= U_REGRET + 130
            checked += 1
        game.apply(action)
    assert checked > 10
    with pytest.raises(ValueError, match="card"):
        Engine(1, Rules()).discard_regret(0b111, 0, 5)
    with pytest.raises(ValueError, match="temperature"):
        VectorGame.sample_worlds(Game(seed=1).view(1), 2, temperature=-1.0)
    with pytest.raises(ValueError, match="temperature"):
        MonteCarloBot(temperature=float("nan"))


def _greedy_views(count: int) -> list:
    """Views late in greedy games, where every opponent's latest discard was a greedy one."""
    views, rng, bot = [], random.Random(5), GreedyBot()
    for seed in range(200):
        game = Game(seed=seed)
        while not game.is_over:
            view = game.view(game.to_move)
            if len(view.history) > 12 and rng.random() < 0.15:
                views.append(view)
            game.apply(bot.act(view))
        if len(views) >= count:
            return views[:count]
    return views


def test_a_softer_reading_draws_worlds_less_like_a_greedy_player():
    """The opponents' latest discards, read at temperature 0.5, 4 and 10⁶ points: the mean regret of
    those discards in the worlds drawn grows with the temperature, and the hard reading (0) is as sharp
    as the coldest."""
    mean_regret = {}
    for temperature in (0.0, 0.5, 4.0, 1e6):
        regrets = []
        for k, view in enumerate(_greedy_views(40)):
            last = {}
            for player, action in reversed(view.history):
                if player != view.player and player not in last:
                    last[player] = action.card.index if isinstance(action, Discard) else -1
            worlds = VectorGame.sample_worlds(view, 24, seed=k, tries=60, temperature=temperature)
            for i in range(len(worlds)):
                seats = worlds.state(i).seats
                for q, card in last.items():
                    if card >= 0 and not view.laid_down[q] and not seats[q].unlaid_eaten:
                        regrets.append(discard_regret(seats[q].hand | 1 << card, 0, card, view.rules.value_table))
        mean_regret[temperature] = float(np.mean(regrets))
    assert mean_regret[0.5] < mean_regret[4.0] < mean_regret[1e6]
    assert mean_regret[0.0] < mean_regret[4.0] and mean_regret[0.5] < 0.5 * mean_regret[1e6]


def _history_view():
    """A view of seat 1 late in a greedy game, nobody's cards eaten yet."""
    game, bot = Game(seed=2), GreedyBot()
    while len(game.history) < 24:
        game.apply(bot.act(game.view(game.to_move)))
    assert sum(e.mask for e in game.eaten) == 0 and not game.is_over
    return game.view(1)


def test_the_core_reads_the_whole_history_as_history_weight_says():
    """Only seat 0 (the first dealt) read, at scale 0.5, with 400 proposals per world (the core's
    sampling-importance-resampling): how often it holds each card in 12,000 worlds drawn by the core
    equals the same frequency over 12,000 uniform worlds weighted by the Python specification
    (worlds.history_weight), within 5 standard errors."""
    from phom.phom.worlds import discarded_partners, history_weight
    view = _history_view()
    weights = discarded_partners(view)
    rows = np.zeros((view.rules.players, 52))
    rows[0] = np.array(weights[0]) * 0.5
    sampler = VectorGame.sample_worlds(view, 1, seed=0)          # loads the public state below
    source = Engine(1, view.rules)
    source.load(0, view.public.state, 0)
    none = [-1] * view.rules.players
    count = 12_000

    def hands(penalties, tries, seed):
        engine = Engine(count, view.rules)
        assert engine.sample_worlds(source, 1, list(view.public.hand_sizes), view.public.stock_size, seed, none,
                                    none, [0] * view.rules.players, tries, 0.0, penalties) == 0
        return np.array([engine.export(i, sampler.state(0)).seats[0].hand for i in range(count)], dtype=object)

    read = hands(np.ascontiguousarray(rows), 400, 7)
    uniform = hands(None, 1, 8)
    w = np.array([history_weight(weights, 0, int(h), 0.5) for h in uniform])
    cards = [c for c in range(52) if view.unseen.mask >> c & 1]
    held_read = np.array([[int(h) >> c & 1 for c in cards] for h in read], dtype=float)
    held_uniform = np.array([[int(h) >> c & 1 for c in cards] for h in uniform], dtype=float)
    expected = (w[:, None] * held_uniform).sum(axis=0) / w.sum()
    found = held_read.mean(axis=0)
    ess = w.sum() ** 2 / (w ** 2).sum()
    error = np.sqrt(expected * (1 - expected) * (1 / count + 1 / ess))
    assert (np.abs(found - expected) <= 5 * error + 1e-3).all(), np.max(np.abs(found - expected) / error)
    assert np.abs(found - held_uniform.mean(axis=0)).max() > 0.05          # the reading changes something
    with pytest.raises(ValueError, match="penalties"):
        Engine(1, view.rules).sample_worlds(source, 1, list(view.public.hand_sizes), view.public.stock_size, 1,
                                            none, none, [0] * 4, 2, 0.0, np.ones((4, 52)))
    with pytest.raises(ValueError, match="history"):
        MonteCarloBot(history=-1.0)
    with pytest.raises(ValueError, match="history"):
        VectorGame.sample_worlds(view, 2, history=float("nan"))
