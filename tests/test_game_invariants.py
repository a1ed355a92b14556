"""Random legal games under every preset and player count, with invariants after every action."""

from __future__ import annotations

import random

import pytest

from phom import Action, Game, IllegalAction, Rules
from game_helpers import POLICIES, check_invariants, check_view_hides, snapshot

RULESETS = {
    "standard": Rules.standard(),
    "eight": Rules.eight_cards(),
    "victim_last": Rules(chot_rule="victim_last", eat_pay="progressive", den_chot_eater=True),
    "strict": Rules(must_lay_all=True, tai_gui=False, u_by_gui=False, u_tron_in_tai=False, u_khan=False),
    "jqk10": Rules(values=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), den_three=False, den_chot=False),
}
GAMES = 120


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_random_games_keep_every_invariant(players, ruleset, policy):
    base = RULESETS[ruleset]
    rules = Rules(**{**{f: getattr(base, f) for f in base.__dataclass_fields__}, "players": players})
    choose = POLICIES[policy]
    for seed in range(GAMES):
        rng = random.Random(seed)
        game = Game(rules, seed=seed, leader=seed % players)
        steps = 0
        while not game.is_over:
            check_invariants(game)
            action = choose(rng, game)
            game.apply(action)
            steps += 1
            assert steps < 500
        check_invariants(game)


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_apply_accepts_exactly_the_legal_actions(policy):
    choose = POLICIES[policy]
    for seed in range(40):
        rng = random.Random(seed)
        game = Game(seed=seed)
        while not game.is_over:
            legal = {a.id for a in game.legal_actions()}
            assert game.legal_action_mask().nonzero()[0].tolist() == sorted(legal)
            before = snapshot(game)
            for action_id in rng.sample(range(Game.num_actions), 25):
                if action_id in legal:
                    trial = game.clone()
                    trial.apply(Action.from_id(action_id))
                    assert snapshot(game) == before, "apply on a clone changed the original"
                else:
                    with pytest.raises(IllegalAction) as info:
                        game.apply(Action.from_id(action_id))
                    assert str(info.value)
                    assert snapshot(game) == before, f"rejected {Action.from_id(action_id)} changed the game"
            game.apply(choose(rng, game))


@pytest.mark.parametrize("players", [2, 4])
def test_json_round_trip_reproduces_the_game(players):
    for seed in range(30):
        rng = random.Random(seed)
        game = Game(Rules(players=players), seed=seed)
        while not game.is_over:
            game.apply(POLICIES["eager"](rng, game))
            if rng.random() < 0.1:
                assert snapshot(Game.from_json(game.to_json())) == snapshot(game)
        assert snapshot(Game.from_json(game.to_json())) == snapshot(game)


def test_views_never_show_hidden_cards():
    for seed in range(40):
        rng = random.Random(seed)
        game = Game(seed=seed)
        while not game.is_over:
            for p in range(game.players):
                check_view_hides(game, p)
            game.apply(POLICIES["eager"](rng, game))


def test_clone_is_independent():
    game = Game(seed=11)
    twin = game.clone()
    game.apply(game.legal_actions()[0])
    assert twin.history == [] and len(game.history) == 1
    assert snapshot(Game(seed=11)) == snapshot(twin)


def test_seed_makes_the_deal_reproducible():
    assert Game(seed=5).deal == Game(seed=5).deal
    assert Game(seed=5).deal != Game(seed=6).deal


def test_every_kind_of_ending_happens():
    """The eager policy reaches ù and ranked endings, with chốt and đền payments."""
    seen_kinds, reasons = set(), set()
    for seed in range(600):
        rng = random.Random(seed)
        game = Game(seed=seed)
        while not game.is_over:
            game.apply(POLICIES["eager"](rng, game))
        seen_kinds.add(game.result.u_kind)
        reasons |= {p[3] for p in game.result.payments}
    assert seen_kinds >= {None, "u"}
    assert reasons >= {"eat", "chot", "place", "u", "den"}
