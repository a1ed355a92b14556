"""Bots only ever choose legal actions, see only their views, and decide as documented."""

from __future__ import annotations

import pytest

import phom
from phom import Game, Rules
from phom.bots import GreedyBot, MonteCarloBot, PlannerBot, RandomBot, SearchBot, greedy_action, make_bot
from phom.bots.planner import rac_price
from phom.simulation import simulate
from phom.phom.solver import value_table
from game_helpers import play_out


def bots_policy(bots):
    def choose(rng, game):
        p = game.to_move
        action = bots[p].act(game.view(p))
        assert action in game.legal_actions()
        return action
    return choose


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_play_only_legal_actions(players):
    rules = Rules(players=players)
    for seed in range(60):
        bots = [GreedyBot() if (seed + p) % 2 else RandomBot(seed * 10 + p) for p in range(players)]
        play_out(Game(rules, seed=seed), bots_policy(bots))


def test_search_bot_plays_legal_actions_and_is_reproducible():
    def run(seed):
        bots = [SearchBot(samples=2, seed=seed), GreedyBot(), GreedyBot(), RandomBot(seed)]
        game = play_out(Game(seed=seed), bots_policy(bots))
        return [a.id for _, a in game.history]

    for seed in range(4):
        assert run(seed) == run(seed)


def test_montecarlo_bot_plays_legal_actions_and_is_reproducible():
    def run(seed):
        bots = [MonteCarloBot(worlds=4, seed=seed), GreedyBot(), RandomBot(seed), MonteCarloBot(worlds=3, seed=9)]
        return [a.id for _, a in play_out(Game(seed=seed), bots_policy(bots)).history]

    for seed in range(3):
        assert run(seed) == run(seed)


def test_montecarlo_values_say_what_the_playouts_won():
    game = Game(seed=12)
    view = game.view(0)
    bot = MonteCarloBot(worlds=16, seed=2)
    greedy = GreedyBot().act(view)
    candidates = bot.candidates(view, greedy)
    assert len(candidates) == len(view.legal_actions) and greedy in candidates   # the leader discards
    found = bot.evaluate(view, candidates, greedy)
    values = [v for _, v in found.values]
    assert values == sorted(values, reverse=True) and found.playouts == 16
    assert {a for a, _ in found.values} == set(candidates) and found.best == found.values[0][0]
    with pytest.raises(ValueError, match="worlds"):
        MonteCarloBot(worlds=0)
    with pytest.raises(ValueError, match="policy"):
        MonteCarloBot(policy="clever")


@pytest.mark.parametrize("rules", [Rules(tai_gui=False, chot_rule="victim_last"),
                                   Rules(stakes=phom.Stakes(chot=1, eat=3), must_lay_all=True)])
def test_search_bots_follow_the_house_rules(rules):
    for seed in range(3):
        bots = [SearchBot(samples=2, seed=seed), GreedyBot(), MonteCarloBot(worlds=3, seed=seed), GreedyBot()]
        play_out(Game(rules, seed=seed), bots_policy(bots))


def test_greedy_eats_what_completes_a_meld_and_keeps_low_points():
    rules = Rules()
    hands = ["9S 10S 2H 4H 6H 8H QH KH 3D JD", "7S 8S 2C 5D KD 4C 6D QC AH", "AS 3S 5S 7C 9C JC 2D 4D 6C",
             "JS QS KS 3C 5C 8C 10C 7D 9D"]
    used = sum(phom.cards(h).mask for h in hands)
    stock = [phom.Card.from_index(c) for c in range(52) if not used >> c & 1][:15]
    game = Game(rules, deal=(hands, stock))
    game.apply(phom.Discard("9S"))
    view = game.view(1)
    assert GreedyBot().act(view) == phom.Eat("9S")
    game.apply(phom.Eat("9S"))
    choice = GreedyBot().act(game.view(1))
    assert choice == phom.Discard("KD")      # the highest card outside 7♠ 8♠ 9♠ that keeps the fewest points


def test_greedy_prefers_the_safe_discard_on_a_tie():
    # K♠ and K♥ leave the same points; K♥'s partners Q♥ J♥ are visible in a row, K♠'s are unseen
    hand = phom.cards("KS KH 2C 5C 8C 3D 7D 10D 4H AS").mask
    legal = [phom.Discard(c) for c in phom.CardSet(hand)]
    unseen = phom.CardSet((1 << 52) - 1) - phom.CardSet(hand) - phom.cards("QH JH KC KD")
    choice = greedy_action(hand, 0, legal, unseen.mask, "play", value_table(None))
    assert choice == phom.Discard("KH")


def test_planner_keeps_a_cạ_early_and_plays_for_points_late():
    # K♥ Q♥ is a cạ; 2♣ 6♣ 10♣ 5♦ 9♦ A♠ 4♠ are rác (no phỏm, no cạ among them): GreedyBot throws the
    # highest card, K♥; before his first discard PlannerBot pays 12 points a rác and throws 10♣, the
    # highest rác; from his fourth discard on the price is 0 and he throws K♥ like GreedyBot
    hand = phom.cards("KH QH 2C 6C 10C 5D 9D AS 4S").mask
    legal = [phom.Discard(c) for c in phom.CardSet(hand)]
    unseen = phom.CardSet((1 << 52) - 1) - phom.CardSet(hand)
    values = value_table(None)
    assert greedy_action(hand, 0, legal, unseen.mask, "play", values) == phom.Discard("KH")
    assert greedy_action(hand, 0, legal, unseen.mask, "play", values, rac_price(0)) == phom.Discard("10C")
    assert greedy_action(hand, 0, legal, unseen.mask, "play", values, rac_price(3)) == phom.Discard("KH")


def test_planner_beats_greedy():
    """Tuned on seed 7; this is seed 5, 300 deals in every seat rotation, in the core."""
    stats = simulate([PlannerBot(), GreedyBot(), GreedyBot(), GreedyBot()], 1200, seed=5, rotate=True)
    assert stats.mean_net[0] - stats.ci95[0] > 0


def test_greedy_beats_random():
    stats = simulate([GreedyBot(), RandomBot(), RandomBot(), RandomBot()], 200, seed=5, rotate=True)
    assert stats.mean_net[0] - stats.ci95[0] > max(stats.mean_net[1:])


def test_make_bot():
    assert isinstance(make_bot("greedy"), GreedyBot) and isinstance(make_bot("planner"), PlannerBot)
    assert make_bot("search:5").samples == 5
    assert isinstance(make_bot("montecarlo"), MonteCarloBot) and make_bot("montecarlo:7").worlds == 7
    with pytest.raises(ValueError, match="whole number"):
        make_bot("montecarlo:0")
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("clever")
    with pytest.raises(ValueError, match="whole number"):
        make_bot("search:x")
