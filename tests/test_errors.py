"""Bad input to the scalar solver: a ValueError naming the input, never a crash."""

from __future__ import annotations

import pytest

import phom
from phom import reference


@pytest.mark.parametrize("s", [phom, reference], ids=["core", "reference"])
@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda s: s.min_points("9H 9X"), "hand '9H 9X'"),
        (lambda s: s.min_points("9H 9H"), "appears twice"),
        (lambda s: s.min_points(1 << 52), "hand .* bits above 51"),
        (lambda s: s.min_points(-5), "hand -5 is a negative mask"),
        (lambda s: s.min_points(2.5), "hand 2.5 is not cards"),
        (lambda s: s.min_points("9H 10H", eaten="JH"), "eaten cards J♥ are not in hand"),
        (lambda s: s.best_lay("AS 3S 4S 6S 2S 5S 7H 8H 9H KD", eaten=45 + 2 ** 51),
         r"not in hand \(hand must contain every eaten card\)$"),         # a mask that is no index: no hint
        (lambda s: s.best_lay("2S 5S 7H 8H 9H KD JS QS KS 10C", eaten=45),
         "an int is a mask of cards, not a card's index: for 7♥ write '7H'"),
        (lambda s: s.arrange("9H", eaten="9X"), "eaten '9X'"),
        (lambda s: s.can_eat("9H 10H", "9H"), "9♥ is already in hand"),
        (lambda s: s.can_eat("9H 10H", 52), "52"),
        (lambda s: s.can_eat("9H 10H", 3.0), "not a Card"),
        (lambda s: s.min_points("9H", values=[1] * 12), "13"),
        (lambda s: s.min_points("9H", values=[1] * 12 + [-1]), "values"),
        (lambda s: s.min_points("9H", values=[1] * 12 + [True]), "values"),
        (lambda s: s.min_points("9H", values=5), "values"),
        (lambda s: s.best_lay("9H", table=["AS 2S"]), r"table\[0\]"),
        (lambda s: s.best_lay("9H", table=["8H 10H JH"]), r"table\[0\]"),
        (lambda s: s.best_lay("9H", table=["8H 9H 10H"]), r"table\[0\]"),
        (lambda s: s.best_lay("9H", table=["AS 2S 3S", "3S 4S 5S"]), r"table\[1\]"),
        (lambda s: s.best_lay("9H", table="AS 2S 3S"), "sequence of phỏm"),
    ],
)
def test_bad_input(s, call, message):
    with pytest.raises(ValueError, match=message):
        call(s)


def test_big_and_odd_masks_do_not_crash():
    full = (1 << 52) - 1
    assert phom.min_points(full) == 0
    assert phom.can_u(full)
    assert len(phom.melds(full)) == 4 * 66 + 13 * 5
    assert phom.isolated(0) == phom.CardSet()
    assert phom.arrange(0).points == 0
    assert phom.best_lay(0).mom


@pytest.mark.parametrize("action", [phom.Eat, phom.Discard])
def test_a_card_action_without_its_card_says_which_action(action):
    with pytest.raises(TypeError, match=rf"^{action.__name__}\(\) takes the card, e.g. {action.__name__}\('7H'\)$"):
        action()
