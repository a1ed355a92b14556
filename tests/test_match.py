"""Match: the winner leads the next game, money is summed."""

from __future__ import annotations

import pytest

from phom import Match
from game_helpers import play_out


def test_match_carries_the_lead_and_sums_money():
    match = Match(seed=9)
    for i in range(5):
        game = match.new_game()
        assert game.leader == match.next_leader
        play_out(game, "uniform", i)
        result = match.record(game)
        assert match.next_leader == result.winner
    assert sum(match.totals) == 0
    assert match.totals == [sum(r.net[p] for r in match.results) for p in range(4)]
    with pytest.raises(ValueError, match="not over"):
        match.record(match.new_game())
