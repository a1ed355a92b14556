"""The worked examples of RULES.md (sections 1, 4, 7, 9), on the compiled core and the reference."""

from __future__ import annotations

import pytest

import phom
from phom import reference

SOLVERS = [pytest.param(phom, id="core"), pytest.param(reference, id="reference")]


@pytest.mark.parametrize("s", SOLVERS)
def test_melds_examples(s):
    assert not s.is_meld("QH KH AH")
    assert s.is_meld("9S 10S JS QS")
    assert not s.is_meld("8S 8H 8D 9S")
    assert s.is_meld("AS 2S 3S")
    assert not s.is_meld("KS AS 2S")
    assert s.is_meld("7S 7C 7D 7H")
    assert not s.is_meld("7S 7C")
    assert s.is_meld(" ".join(f"{r}D" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()))
    assert s.melds("QH KH AH") == []


@pytest.mark.parametrize("s", SOLVERS)
def test_partial_melds_examples(s):
    assert s.partial_melds("KH AH") == []
    assert s.partial_melds("9H JH") == [phom.cards("9H JH")]
    assert s.partial_melds("9H 10H") == [phom.cards("9H 10H")]
    assert s.partial_melds("9H 9S") == [phom.cards("9H 9S")]
    assert s.partial_melds("9H QH") == []
    assert s.isolated("9H JH 3C 3D 6S KH") == phom.cards("6S")


@pytest.mark.parametrize("s", SOLVERS)
def test_eat_condition_example(s):
    assert s.can_eat("9H 10H 3C 5D KS 2S 6C 8D QC", "JH")
    assert not s.can_eat("9H QS 3C 5D KS 2S 6C 8D QC", "JH")


@pytest.mark.parametrize("s", SOLVERS)
def test_two_eaten_cards_never_share_a_meld(s):
    assert not s.can_eat("7S 8S 9S 2C 5D KH 4C 6D QC", "10S", eaten="9S")
    assert s.can_eat("7S 8S 9S 10D 10C KH 4C 6D QC", "10S", eaten="9S")
    assert s.eat_melds("7S 8S 9S 10D 10C KH 4C 6D QC", "10S", eaten="9S") == [phom.cards("10S 10C 10D")]


@pytest.mark.parametrize("s", SOLVERS)
def test_xoay_phom(s):
    hand = phom.cards("7D 7C 6H 8H 2S 4D 10C QS KD")
    assert s.eat_melds(hand, "7H") == [phom.cards("7C 7D 7H"), phom.cards("6H 7H 8H")]
    after = hand | phom.cards("7H")
    assert s.legal_discards(after, "7H") == after - phom.cards("7H")
    assert s.bound_cards(after, "7H") == phom.CardSet()
    kept = after - phom.cards("7D")
    assert s.bound_cards(kept, "7H") == phom.cards("6H 8H")


@pytest.mark.parametrize("s", SOLVERS)
def test_seed_bound_card_example(s):
    assert s.bound_cards("QH 10H 9H JH", eaten="JH") == phom.cards("10H")
    assert s.legal_discards("QH 10H 9H JH", eaten="JH") == phom.cards("9H QH")


@pytest.mark.parametrize("s", SOLVERS)
def test_u_by_gui_example(s):
    table = ["JH QH KH", "10S 10C 10D", "4S 4C 4H"]
    plan = s.best_lay("3S 3H 3D 5C 6C 7C 8C 10H 4D KS", table=table)
    assert set(plan.melds) == {phom.cards("3S 3H 3D"), phom.cards("5C 6C 7C 8C")}
    assert sorted((c.code, i) for c, i in plan.sends) == [("10H", 0), ("4D", 2)]
    assert plan.discard == phom.Card.parse("KS")
    assert (plan.points, plan.u, plan.mom) == (0, True, False)


@pytest.mark.parametrize("s", SOLVERS)
def test_u_examples(s):
    assert s.can_u("AS 2S 3S 5C 5D 5H 9D 10D JD KS")  # 9 in phỏm + 1
    assert s.can_u("AS 2S 3S 5C 5D 5H 9D 10D JD QD")  # ù tròn
    assert not s.can_u("AS 2S 3S 5C 5D 5H 9D 10D QS KS")
    assert s.is_u_khan("AS 4S 7S 10S KS 2C 5C 8C JC")
    assert not s.is_u_khan("AS 4S 7S 10S KS 2C 5C 8C 8D")


@pytest.mark.parametrize("s", SOLVERS)
def test_a_third_eat_completes_u(s):
    # two eaten cards in their own phỏm, the third eat must leave 9 of 10 cards in phỏm
    hand = phom.cards("2S 3S 4S 7H 7D 7C JD QD KS")
    assert s.can_eat(hand, "KD", eaten="4S 7H")
    assert s.can_u(hand | phom.cards("KD"), eaten="4S 7H KD")


@pytest.mark.parametrize("s", SOLVERS)
def test_points_with_house_values(s):
    jqk_ten = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    assert s.min_points("KS QC 2D") == 27
    assert s.min_points("KS QC 2D", values=jqk_ten) == 22
    assert s.arrange("KS QC 2D JS", values=jqk_ten).points == 32


def test_danger_counts_the_phom_unseen_cards_could_make():
    from phom.phom.solver import danger

    assert danger(0, 0) == 0                                    # A♠ with nothing unseen: safe
    assert danger(0, phom.cards("2S 3S").mask) == 1            # A♠ 2♠ 3♠
    assert danger(0, phom.cards("2S 3S AC AD AH").mask) == 4    # the run and three sets
    with pytest.raises(ValueError):
        danger(52, 0)


def test_extension_cards_of_table_phom():
    from phom.phom.solver import extension_mask

    def ext(text):
        return str(phom.CardSet(extension_mask(phom.cards(text).mask)))

    assert ext("7H 8H 9H") == "6♥ 10♥" and ext("AS 2S 3S") == "4♠" and ext("JD QD KD") == "10♦"
    assert ext("9S 9C 9D") == "9♥" and ext("9S 9C 9D 9H") == ""
    assert ext("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC") == ""
    with pytest.raises(ValueError, match="not a phỏm"):
        extension_mask(phom.cards("7H 9H").mask)
