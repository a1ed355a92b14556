"""Ranking and money (phom.phom.scoring): RULES sections 6 and 8."""

from __future__ import annotations

from phom import Rules, Stakes
from phom.phom.scoring import rank_and_settle, settle_u

A, B, C, D = range(4)


def test_settlement_example_of_rules_section_9():
    # C nhất, D nhì, B ba, A móm; C ate once from B (1) and ate B's chốt (4)
    result = rank_and_settle(Rules(), points=[40, 30, 5, 12], mom=[True, False, False, False],
                             had_tai=[False, False, True, False], lay_order=[0, 1, 2, 3],
                             eat_payments=[(B, C, 1, "eat"), (B, C, 4, "chot")])
    assert result.ranking == (C, D, B, A)
    assert result.net == (-4, -7, 12, -1)
    assert sum(result.net) == 0


def test_ties_go_to_no_tai_then_the_earlier_lay_down():
    points, mom = [10, 10, 10, 10], [False] * 4
    with_tai = rank_and_settle(Rules(), points=points, mom=mom, had_tai=[True, False, True, False],
                               lay_order=[0, 1, 2, 3], eat_payments=[])
    assert with_tai.ranking == (B, D, A, C)
    without = rank_and_settle(Rules(tai_gui=False), points=points, mom=mom, had_tai=[True, False, True, False],
                              lay_order=[3, 2, 1, 0], eat_payments=[])
    assert without.ranking == (D, C, B, A)


def test_mom_players_rank_last_by_lay_order_and_pay_mom():
    result = rank_and_settle(Rules(players=3), points=[5, 50, 60], mom=[False, True, True],
                             had_tai=[False] * 3, lay_order=[2, 1, 0], eat_payments=[])
    assert result.ranking == (A, C, B)
    assert result.payments == ((C, A, 4, "mom"), (B, A, 4, "mom"))


def test_u_and_den_settlements():
    rules = Rules(stakes=Stakes(u=5, u_tron=10))
    plain = settle_u(rules, winner=B, kind="u", points=[0] * 4, mom=[False] * 4, eat_payments=[], den_payer=None)
    assert plain.net == (-5, 15, -5, -5) and plain.ranking == () and plain.winner == B
    den = settle_u(rules, winner=B, kind="u_tron", points=[0] * 4, mom=[False] * 4,
                   eat_payments=[(A, B, 1, "eat")], den_payer=A)
    assert den.payments == ((A, B, 1, "eat"), (A, B, 30, "den")) and den.net == (-31, 31, 0, 0)
