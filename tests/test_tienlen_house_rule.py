"""The house rule that the first game also counts the later games' tới trắng hands
(``TienLenRules.later_toi_trang_in_first_game``, *ván đầu cũng tính tới trắng như các ván sau*): the compiled engine
steps in lockstep with the Python referee, the specification, on deals made to hold each later kind."""

from __future__ import annotations

import random

import pytest

from phom.tienlen import TienLenGame, TienLenRules
from phom.tienlen.vector import TienLenVectorGame
from test_tienlen_vector import ODD_STAKES, lockstep, special_deal

pytestmark = pytest.mark.computational

#: one hand of each later game's kind, and a first game's own kind
LATER_KINDS = {"four_twos": "2S 2C 2D 2H", "two_fours": "7S 7C 7D 7H 8S 8C 8D 8H",
               "dragon": "3S 4D 5H 6S 7C 8D 9H TS JC QD KH AS",
               "five_pairs_run": "4S 4C 5S 5C 6S 6C 7S 7C 8D 8H",
               "four_threes": "3S 3C 3D 3H"}
RULES = [TienLenRules(players=players, later_toi_trang_in_first_game=house, stakes=ODD_STAKES, dem_heo=dem_heo)
         for players in (2, 3, 4) for house in (False, True) for dem_heo in (False, True)]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.players}p-house{int(r.later_toi_trang_in_first_game)}"
                         f"-dem{int(r.dem_heo)}")
def test_first_games_with_later_kinds_agree_with_the_referee(rules: TienLenRules) -> None:
    rng = random.Random(f"{rules.players}{rules.later_toi_trang_in_first_game}{rules.dem_heo}")
    games, wins = [], 0
    for kind, first in LATER_KINDS.items():
        for k in range(rules.players):
            deal = special_deal(rng, rules.players, first)
            deal = deal[-k:] + deal[:-k] if k else deal                   # the hand at each seat in turn
            game = TienLenGame(rules, deal=deal)
            if kind != "four_threes":
                wins += game.result is not None and game.result.toi_trang == kind
            games.append(game)
    games += [TienLenGame(rules, seed=rng.randrange(10**9)) for _ in range(4)]
    lockstep(games, rng, f"{rules}")
    # the option decides: without it no later kind wins a first game; with it (nearly) every such deal does
    later_deals = rules.players * (len(LATER_KINDS) - 1)
    if rules.later_toi_trang_in_first_game:
        assert wins >= later_deals // 2
    else:
        assert wins == 0


def test_the_engine_deals_first_games_by_the_house_rule() -> None:
    """Dealt in the core: a first game ends at once on a later kind only under the house rule."""
    ended = {}
    for house in (False, True):
        v = TienLenVectorGame(3000, rules=TienLenRules(later_toi_trang_in_first_game=house), seed=7)
        kinds = [v.export(i)["toi_trang"] for i in range(len(v))]
        ended[house] = {k for k in kinds if k is not None}
    assert ended[False] <= {"four_threes", "three_pairs_with_3S"}
    assert ended[True] - ended[False], ended
