"""Random legal games under every preset and player count, with invariants after every action."""

from __future__ import annotations

import pytest

from phom import Game, Rules
from game_helpers import POLICIES, check_invariants, play_out

pytestmark = pytest.mark.computational

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
    for seed in range(GAMES):
        play_out(Game(rules, seed=seed, leader=seed % players), policy, seed, each=check_invariants)


def test_every_kind_of_ending_happens():
    """The eager policy reaches ù and ranked endings, with chốt and đền payments."""
    seen_kinds, reasons = set(), set()
    for seed in range(600):
        game = play_out(Game(seed=seed), "eager", seed)
        seen_kinds.add(game.result.u_kind)
        reasons |= {p[3] for p in game.result.payments}
    assert seen_kinds >= {None, "u"}
    assert reasons >= {"eat", "chot", "place", "u", "den"}
