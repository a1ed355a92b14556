"""The compiled solver against OpenSpiel's C++ on the problem both solve: gin rummy's least deadwood, which is
``phom.min_points`` with gin rummy's card values (``phom.benchmarking.GIN_RUMMY_VALUES``), on the same
fixed-seed hands, the reference beside them; the answers are asserted equal. Skips where OpenSpiel is not
installed (``pip install ".[openspiel]"``)."""

from __future__ import annotations

import pytest

import phom
from phom import reference
from phom.benchmarking import GIN_RUMMY_VALUES, card_indices, openspiel_min_deadwood
from conftest import random_hand

HANDS = 2000
REFERENCE_HANDS = 100
min_deadwood = openspiel_min_deadwood()
pytestmark = pytest.mark.skipif(min_deadwood is None,
                                reason='OpenSpiel is not installed: python3 -m pip install ".[openspiel]"')


@pytest.mark.parametrize("impl", ["core", "reference", "openspiel"])
def test_gin_rummy_deadwood(benchmark, impl, kind, rng):
    hands = [random_hand(rng, kind) for _ in range(HANDS)]
    funcs = {"core": lambda h: phom.min_points(h, values=GIN_RUMMY_VALUES),
             "reference": lambda h: reference.min_points(h, values=GIN_RUMMY_VALUES),
             "openspiel": min_deadwood}   # over card lists
    func = funcs[impl]
    if impl == "reference":
        hands = hands[:REFERENCE_HANDS]
    # OpenSpiel takes a hand as its list of card numbers: made before the clock starts
    inputs = [card_indices(h) for h in hands] if impl == "openspiel" else hands
    benchmark.group = f"min_points (gin values)/{kind}"
    benchmark.extra_info.update(impl=impl, calls=len(hands))
    results = benchmark.pedantic(lambda: [func(h) for h in inputs], rounds=3 if impl == "reference" else 10)
    assert results == [min_deadwood(card_indices(h)) for h in hands]
