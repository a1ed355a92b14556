"""What the playouts may be: the core's soft and model policies against their Python specifications
(bots.greedy.soft_discard_odds, opponent_model.model_discard_odds), VectorGame.select, and MonteCarloBot's one-ply reply search against
the same answer worked out with Python Games."""

from __future__ import annotations

import numpy as np
import pytest

from phom import Game, Rules
from phom.phom.actions import DISCARD_BASE, DRAW_ID, Discard, Draw, Eat
from phom.bots import GreedyBot, MonteCarloBot
from phom.bots.greedy import soft_discard_odds
from phom import _engine
from phom.phom import opponent_model
from phom.phom.opponent_model import MODEL_WEIGHTS, model_discard_odds
from phom.phom.vector import VectorGame

pytestmark = pytest.mark.computational


def _discard_positions(count: int, rules: Rules = Rules()) -> list[Game]:
    """Games of GreedyBots stopped at discard decisions with at least three legal discards."""
    positions, bot = [], GreedyBot()
    for seed in range(100):
        game = Game(rules, seed=seed)
        while not game.is_over:
            view = game.view(game.to_move)
            action = bot.act(view)
            if isinstance(action, Discard) and sum(isinstance(a, Discard) for a in view.legal_actions) >= 3 \
                    and len(view.history) % 3 == seed % 3:
                positions.append(game.clone())
                if len(positions) == count:
                    return positions
            game.apply(action)
    return positions


@pytest.mark.parametrize("rules", [Rules(), Rules(values=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10))],
                         ids=["default", "faces-ten"])
def test_the_soft_policy_draws_its_discards_as_the_python_odds_say(rules):
    """On 12 positions, 4,000 draws each: every discard's frequency is within 5 standard errors of
    soft_discard_odds, at two temperatures; ù, eats and lay-downs stay GreedyBot's."""
    draws = 4000
    for temperature in (1.0, 4.0):
        for k, game in enumerate(_discard_positions(12, rules)):
            view = game.view(game.to_move)
            cards = [a.card.index for a in view.legal_actions if isinstance(a, Discard)]
            odds = np.array(soft_discard_odds(view.hand.mask, view.unlaid_eaten.mask, cards, rules.value_table,
                                              temperature))
            chosen = VectorGame.from_games([game] * draws, seed=k).policy_actions("soft", softness=temperature)
            counts = np.array([(chosen == DISCARD_BASE + c).sum() for c in cards])
            assert counts.sum() == draws
            frequency = counts / draws
            error = np.sqrt(odds * (1 - odds) / draws) + 1e-9
            assert (np.abs(frequency - odds) <= 5 * error + 1 / draws).all(), (k, temperature, odds, frequency)


#: Weights unlike the shipped ones (every feature counts), so the test does not rest on the fitted file.
PLANTED_WEIGHTS = (-0.3, -0.5, -1.0, 2.0, -4.0, -3.8)


@pytest.mark.parametrize("weights", [MODEL_WEIGHTS, PLANTED_WEIGHTS], ids=["shipped", "planted"])
def test_the_model_policy_draws_its_discards_as_the_python_odds_say(weights):
    """On 12 positions of each value table, 4,000 draws each: every discard's frequency is within 5
    standard errors of opponent_model.model_discard_odds; ù, eats and lay-downs stay GreedyBot's."""
    assert _engine.MODEL_REGRET_CAP == opponent_model.REGRET_CAP
    draws, bot = 4000, GreedyBot()
    _engine.set_model_weights(weights)
    try:
        for rules in (Rules(), Rules(values=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10))):
            for k, game in enumerate(_discard_positions(12, rules)):
                view = game.view(game.to_move)
                cards = [a.card.index for a in view.legal_actions if isinstance(a, Discard)]
                odds = np.array(model_discard_odds(view.hand.mask, view.unlaid_eaten.mask, cards,
                                                   unseen=view.unseen.mask, stock_size=view.stock_size,
                                                   players=rules.players, values=rules.value_table, weights=weights))
                chosen = VectorGame.from_games([game] * draws, seed=k).policy_actions("model")
                counts = np.array([(chosen == DISCARD_BASE + c).sum() for c in cards])
                assert counts.sum() == draws
                error = np.sqrt(odds * (1 - odds) / draws) + 1e-9
                assert (np.abs(counts / draws - odds) <= 5 * error + 1 / draws).all(), (k, odds, counts / draws)
        game = Game(seed=3)
        while not game.is_over:
            view = game.view(game.to_move)
            action = bot.act(view)
            if not isinstance(action, Discard):
                assert int(VectorGame.from_games([game], seed=1).policy_actions("model")[0]) == action.id
            game.apply(action)
    finally:
        _engine.set_model_weights(MODEL_WEIGHTS)
    with pytest.raises(ValueError, match="6 weights"):
        _engine.set_model_weights([1.0])


def test_the_soft_policy_keeps_greedys_other_choices_and_cold_means_fewest_points():
    bot = GreedyBot()
    game = Game(seed=3)
    checked = 0
    while not game.is_over:
        view = game.view(game.to_move)
        action = bot.act(view)
        soft = int(VectorGame.from_games([game], seed=1).policy_actions("soft", softness=0.01)[0])
        if isinstance(action, Discard):
            cards = [a.card.index for a in view.legal_actions if isinstance(a, Discard)]
            odds = soft_discard_odds(view.hand.mask, view.unlaid_eaten.mask, cards, view.rules.value_table, 0.01)
            assert odds[cards.index(soft - DISCARD_BASE)] > 0.3      # one of the fewest-point discards
            checked += 1
        else:
            assert soft == action.id
        game.apply(action)
    assert checked > 5
    with pytest.raises(ValueError, match="softness"):
        VectorGame(2, seed=1).playout("soft", softness=0)
    with pytest.raises(ValueError, match="softness"):
        MonteCarloBot(softness=float("nan"))
    with pytest.raises(ValueError, match="temperature"):
        soft_discard_odds(0b111, 0, [0], Rules().value_table, 0.0)


def test_select_copies_the_games_named_and_refuses_bad_indices():
    games = VectorGame(4, seed=9)
    games.playout("greedy")
    fresh = VectorGame(4, seed=9)
    chosen = fresh.select(np.array([3, 1, 3]))
    assert [chosen.state(i) for i in range(3)] == [fresh.state(3), fresh.state(1), fresh.state(3)]
    chosen.playout("greedy")
    assert (chosen.net == games.net[[3, 1, 3]]).all()
    assert fresh.done.sum() == 0                       # the source is untouched
    assert len(fresh.select([])) == 0
    for bad in ([4], [-1], [[0, 1]], [0.5], [True]):
        with pytest.raises(ValueError, match="games"):
            fresh.select(bad)


def _reply_by_hand(game: Game, seat: int) -> float:
    """``seat``'s money after the next player's searched answer: eat and draw each played out by
    greedy GreedyBots (deterministic), the answer that pays the next player more (ties: GreedyBot's)."""
    answerer = game.to_move
    legal = game.legal_actions()
    eat = [a for a in legal if isinstance(a, Eat)]
    draw = [a for a in legal if isinstance(a, Draw)]

    def money(first: list) -> tuple[int, ...]:
        branch = game.clone()
        if first:
            branch.apply(first[0])
        played = VectorGame.from_games([branch], seed=0)
        played.playout("greedy")
        return tuple(int(x) for x in played.net[0])

    if not eat or not draw:
        return float(money([])[seat])
    ate, drew = money(eat), money(draw)
    greedy_eats = isinstance(GreedyBot().act(game.view(answerer)), Eat)
    eats = ate[answerer] > drew[answerer] or (ate[answerer] == drew[answerer] and greedy_eats)
    return float((ate if eats else drew)[seat])


def test_the_reply_search_is_the_answer_worked_out_by_hand():
    """After every legal discard of 6 positions × 6 worlds, MonteCarloBot(reply=True)'s money is the
    one worked out with Python Games; the reply changes the money in some of them."""
    changed = compared = 0
    for k, game in enumerate(_discard_positions(6)):
        seat = game.to_move
        view = game.view(seat)
        worlds = VectorGame.sample_worlds(view, 6, seed=k, tries=1)
        ids = [a.id for a in view.legal_actions if isinstance(a, Discard)]
        tiled = worlds.tile(len(ids))
        played = np.tile(ids, len(worlds))
        tiled.step(played)
        states = [tiled.state(i) for i in range(len(tiled))]
        plain = tiled.select(np.arange(len(tiled)))
        plain.playout("greedy")
        bot = MonteCarloBot(seed=1, reply=True)
        money = bot.replied_money(seat, tiled, played, ["greedy"] * view.rules.players, seed=5)
        for i, state in enumerate(states):
            position = Game.from_state(view.rules, state, leader=game.leader)
            assert money[i] == _reply_by_hand(position, seat)
            changed += money[i] != plain.net[i, seat]
            compared += 1
    assert compared > 100 and changed > 0


def test_a_replying_bot_plays_legal_games():
    game = Game(seed=21)
    bot = MonteCarloBot(16, seed=2, reply=True, opponents="soft", softness=3.0)
    while not game.is_over:
        view = game.view(game.to_move)
        action = bot.act(view)
        assert action in view.legal_actions
        game.apply(action)
    with pytest.raises(ValueError, match="reply"):
        MonteCarloBot(reply=1)
    assert DRAW_ID == Draw().id
