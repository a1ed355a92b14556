"""The referee is the single source of legality: its refusal and its listing never disagree, every
refusal says why in the rule's own words, and a refused action changes nothing."""

from __future__ import annotations

import random

import pytest

from phom import Action, Game, IllegalAction, Rules
from phom.phom.actions import NUM_ACTIONS
from phom.phom.referee import eat_is_chot, legal, refusal, send_targets, turn_kind_of
from phom.phom.state import SeatState
from game_helpers import POLICIES, play_out, snapshot
from test_invariants import RULESETS

pytestmark = pytest.mark.computational

#: what a refusal may never be: a reason that does not come from a rule
CATCH_ALL = ("is not legal now",)


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_refusal_and_listing_agree_on_every_id(ruleset):
    """In random states of every rule set, each of the 2,101 ids is refused exactly when it is not
    listed, and every refusal names a rule."""
    rules = RULESETS[ruleset]
    checked = 0
    for seed in range(6):
        game = Game(rules, seed=seed, leader=seed % rules.players)

        def check(g: Game) -> None:
            nonlocal checked
            listed = set(legal(g.rules, g.state).ids)
            for action_id in range(NUM_ACTIONS):
                reason = refusal(g.rules, g.state, Action.from_id(action_id))
                assert (reason is None) == (action_id in listed), (Action.from_id(action_id), reason)
                if reason is not None:
                    assert reason and not reason.endswith(CATCH_ALL), reason
                    checked += 1

        play_out(game, "eager", seed, each=check)
    assert checked > 10_000


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_apply_accepts_exactly_the_legal_actions(policy):
    """Thousands of sampled illegal ids: each raises IllegalAction with a rule's reason, and changes nothing."""
    refused = 0
    for seed in range(40):
        rng = random.Random(seed)
        game = Game(seed=seed)

        def check(g: Game) -> None:
            nonlocal refused
            listed = {a.id for a in g.legal_actions()}
            before = snapshot(g)
            for action_id in rng.sample(range(NUM_ACTIONS), 25):
                if action_id in listed:
                    trial = g.clone()
                    trial.apply(Action.from_id(action_id))
                    assert snapshot(g) == before, "apply on a clone changed the original"
                else:
                    with pytest.raises(IllegalAction) as info:
                        g.apply(Action.from_id(action_id))
                    assert str(info.value) and not str(info.value).endswith(CATCH_ALL)
                    assert snapshot(g) == before, f"rejected {Action.from_id(action_id)} changed the game"
                    refused += 1

        play_out(game, policy, rng, each=check)
    assert refused > 10_000


def test_turn_kinds_follow_the_row_and_the_lay_down():
    seat = SeatState(0)
    assert turn_kind_of(seat) == "normal"
    seat.row = [1, 2, 3]
    assert turn_kind_of(seat) == "lay"
    seat.laid_down = True
    assert turn_kind_of(seat) == "tai"


def test_chot_follows_the_rule_chosen():
    lay_turn, victim_last = Rules(), Rules(chot_rule="victim_last")
    assert eat_is_chot(lay_turn, "lay", [1, 2], 2) and eat_is_chot(lay_turn, "tai", [2], 2)
    assert not eat_is_chot(lay_turn, "normal", [1, 2, 3, 4], 4)
    assert eat_is_chot(victim_last, "normal", [1, 2, 3, 4], 4)
    assert not eat_is_chot(victim_last, "lay", [1, 2, 4], 4)


def test_send_targets_follow_the_turn_and_tai_gui():
    game = Game(seed=1)
    state = game.state
    state.seats[0].laid = [0b111]
    state.seats[2].laid = [0b111 << 13, 0b111 << 26]
    assert send_targets(game.rules, state, 0, "lay") == [(2, 0, 0b111 << 13), (2, 1, 0b111 << 26)]
    assert len(send_targets(game.rules, state, 0, "tai")) == 3
    assert send_targets(Rules(tai_gui=False), state, 0, "tai") == []
    assert send_targets(game.rules, state, 0, "normal") == []


def test_a_move_before_the_take_says_whether_eating_is_open():
    """Before taking a card a player is told to draw, and to draw or eat only when the previous discard
    can be eaten (a player told he may eat a card he cannot eat is misled)."""
    from phom import Eat
    from phom.bots import GreedyBot
    from phom.phom.referee import refusal_of

    seen = set()
    for seed in range(30):
        game = Game(seed=seed)
        while not game.is_over:
            if game.state.phase == "take":
                card = next(iter(game.hands[game.to_move]))
                why = refusal_of(game.rules, game.state, Action.parse(f"discard {card.code}"))
                can_eat = any(isinstance(a, Eat) for a in game.legal_actions())
                assert why is not None and why.code == ("take_first" if can_eat else "draw_first")
                seen.add(why.code)
            game.apply(GreedyBot().act(game.view(game.to_move)))
    assert seen == {"take_first", "draw_first"}
