"""Every docstring example of the installed package, and the README, run as doctests."""

from __future__ import annotations

import doctest
import importlib
import pathlib

import pytest

MODULES = [
    "phom", "phom.cards", "phom.results", "phom.solver", "phom.reference", "phom.batch", "phom._solver",
    "phom.rules", "phom.actions", "phom.game", "phom.scoring", "phom.view", "phom.record", "phom.match",
    "phom.worlds", "phom.bots", "phom.search", "phom.hints", "phom.simulation", "phom.render", "phom.cli",
    "phom.play", "phom.benchmark",
]


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_readme_doctests():
    readme = pathlib.Path(__file__).resolve().parent.parent / "README.md"
    result = doctest.testfile(str(readme), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
