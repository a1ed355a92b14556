"""Bots only ever choose legal actions, see only their views, and rank as they should."""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import phom
from phom import Game, Rules
from phom.bots import GreedyBot, RandomBot, SearchBot, danger, make_bot
from phom.hints import hint
from phom.simulation import simulate
from phom.worlds import sample_world


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_play_only_legal_actions(players):
    rules = Rules(players=players)
    for seed in range(60):
        game = Game(rules, seed=seed)
        bots = [GreedyBot() if (seed + p) % 2 else RandomBot(seed * 10 + p) for p in range(players)]
        while not game.is_over:
            p = game.to_move
            action = bots[p].act(game.view(p))
            assert action in game.legal_actions()
            game.apply(action)


def test_search_bot_plays_legal_actions_and_is_reproducible():
    def run(seed):
        game = Game(seed=seed)
        bots = [SearchBot(samples=2, seed=seed), GreedyBot(), GreedyBot(), RandomBot(seed)]
        while not game.is_over:
            p = game.to_move
            action = bots[p].act(game.view(p))
            assert action in game.legal_actions()
            game.apply(action)
        return [a.id for _, a in game.history]

    for seed in range(4):
        assert run(seed) == run(seed)


def test_sampled_worlds_agree_with_the_view():
    rng = random.Random(3)
    for seed in range(40):
        game = Game(seed=seed)
        bots = [GreedyBot()] * 4
        while not game.is_over:
            p = game.to_move
            view = game.view(p)
            world = sample_world(view, rng)
            assert world.hands[p] == game.hands[p]
            assert world.rows == game.rows and world.laid == game.laid and world.stock_size == game.stock_size
            assert [a.id for a in world.legal_actions()] == [a.id for a in game.legal_actions()]
            for q in range(4):
                assert len(world.hands[q]) == len(game.hands[q])
                assert phom.min_points(world.hands[q], world.unlaid_eaten[q]) is not None
            with pytest.raises(ValueError, match="no record"):
                world.to_json()
            game.apply(bots[p].act(view))


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


def test_danger_counts_the_phom_unseen_cards_could_make():
    assert danger(0, 0) == 0                                    # A♠ with nothing unseen: safe
    assert danger(0, phom.cards("2S 3S").mask) == 1            # A♠ 2♠ 3♠
    assert danger(0, phom.cards("2S 3S AC AD AH").mask) == 4    # the run and three sets


def test_greedy_prefers_the_safe_discard_on_a_tie():
    # K♠ and K♥ leave the same points; K♥'s partners Q♥ J♥ are visible in a row, K♠'s are unseen
    from phom.bots import greedy_action
    from phom._solver import value_table

    hand = phom.cards("KS KH 2C 5C 8C 3D 7D 10D 4H AS").mask
    legal = [phom.Discard(c) for c in phom.CardSet(hand)]
    unseen = phom.CardSet((1 << 52) - 1) - phom.CardSet(hand) - phom.cards("QH JH KC KD")
    choice = greedy_action(hand, 0, legal, unseen.mask, "play", value_table(None), [c % 13 + 1 for c in range(52)])
    assert choice == phom.Discard("KH")


def test_greedy_beats_random():
    stats = simulate([GreedyBot(), RandomBot(), RandomBot(), RandomBot()], 200, seed=5, rotate=True)
    assert stats.mean_net[0] - stats.ci95[0] > max(stats.mean_net[1:])


def test_simulate_is_reproducible_across_executors():
    bots = [GreedyBot(), RandomBot(), SearchBot(samples=2), RandomBot()]
    plain = simulate(bots, 12, seed=3, chunk=5)
    with ThreadPoolExecutor(2) as pool:
        threaded = simulate(bots, 12, seed=3, executor=pool, chunk=5)
    with ProcessPoolExecutor(2) as pool:
        processes = simulate(bots, 12, seed=3, executor=pool, chunk=4)
    assert plain.summaries == threaded.summaries == processes.summaries
    assert plain.mean_net == processes.mean_net
    assert abs(sum(plain.mean_net)) < 1e-9 and plain.games == 12


def test_simulate_checks_its_input():
    with pytest.raises(ValueError, match="seat 4"):
        simulate([GreedyBot()] * 3, 5)
    with pytest.raises(ValueError, match="games"):
        simulate([GreedyBot()] * 4, 0)
    with pytest.raises(ValueError, match="act"):
        simulate([GreedyBot()] * 3 + [object()], 1)  # type: ignore[list-item]


def test_make_bot():
    assert isinstance(make_bot("greedy"), GreedyBot)
    assert make_bot("search:5").samples == 5
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("clever")
    with pytest.raises(ValueError, match="whole number"):
        make_bot("search:x")


def test_hint_agrees_with_the_solver():
    hands = ["9S 10S 2H 4H 6H 8H QH KH 3D JD", "7S 8S 2C 5D KD 4C 6D QC AH", "AS 3S 5S 7C 9C JC 2D 4D 6C",
             "JS QS KS 3C 5C 8C 10C 7D 9D"]
    used = sum(phom.cards(h).mask for h in hands)
    stock = [phom.Card.from_index(c) for c in range(52) if not used >> c & 1][:15]
    game = Game(deal=(hands, stock))
    game.apply(phom.Discard("9S"))
    advice = hint(game)
    assert advice.action == phom.Eat("9S")
    after = phom.cards(hands[1]) | phom.cards("9S")
    best = min(phom.min_points(after - c, phom.cards("9S")) for c in phom.legal_discards(after, "9S"))
    assert advice.reason == f"Eat 9♠: it completes 7♠ 8♠ 9♠ and leaves {best} points after your discard."
    assert {a for a, _, _ in advice.alternatives} == set(game.legal_actions())
    game.apply(phom.Eat("9S"))
    advice = hint(game.view(1))
    assert advice.action == phom.Discard("KD")
    points = phom.min_points(after - phom.cards("KD"), "9S")
    assert f"stays at {points} points" in advice.reason
    scores = [s for _, s, _ in advice.alternatives[1:]]
    assert scores == sorted(scores) and advice.alternatives[0][1] <= min(scores)


def test_hint_errors():
    game = Game(seed=1)
    with pytest.raises(ValueError, match="not to move"):
        hint(game, 2)
    with pytest.raises(ValueError, match="belongs to player 1"):
        hint(game.view(1), 0)
