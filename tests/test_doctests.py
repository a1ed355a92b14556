"""Every docstring example of the installed package, and the README, run as doctests."""

from __future__ import annotations

import doctest
import importlib
import pathlib

import pytest

MODULES = [
    "phom", "phom.phom", "phom.vector", "phom.batch", "phom.reference", "phom.cards", "phom.phom.results", "phom.phom.solver", "phom.phom.reference", "phom.phom.batch", "phom._solver",
    "phom.phom.rules", "phom.phom.actions", "phom.phom.state", "phom.phom.referee", "phom.phom.game", "phom.phom.scoring", "phom.phom.view",
    "phom.phom.observation", "phom.phom.opponent_model", "phom.phom.record", "phom.phom.match", "phom.phom.worlds", "phom.bots", "phom.bots.budget", "phom.bots.random",
    "phom.bots.greedy", "phom.bots.search", "phom.bots.montecarlo", "phom.bots.planner", "phom.bots.styles", "phom.bots.learned", "phom.arena", "phom.phom.training", "phom.phom.vector", "phom.phom.hints", "phom.language", "phom.simulation", "phom.cli", "phom.cli.render",
    "phom.cli.play", "phom.cli.bench", "phom.cli.tienlen", "phom.drawing", "phom.phom.render", "phom.envs", "phom.envs.pettingzoo",
    "phom.envs.gymnasium", "phom.envs.openspiel", "phom.extras", "phom.phom.position", "phom.phom.report", "phom.web",
    "phom.web.app", "phom.web.api", "phom.web.hosting", "phom.web.hosted", "phom.web.tables", "phom.web.standin", "phom.web.names", "phom.web.store", "phom.web.pgstore", "phom.web.backends", "phom.web.broker", "phom.fairness", "phom.tienlen", "phom.tienlen.rules", "phom.tienlen.reference",
    "phom.tienlen.combos", "phom.tienlen.game", "phom.tienlen.bots", "phom.tienlen.simulation",
    "phom.tienlen.worlds", "phom.tienlen.match", "phom.tienlen.observation", "phom.tienlen.vector", "phom.batching", "phom.benchmarking",
    "phom.tienlen.actions", "phom.envs.sessions", "phom.envs.openspiel_tienlen", "phom.tienlen.render",
    "phom.tienlen.hints", "phom.web.kinds", "phom.envs.spiel", "phom.review", "phom.review.model",
    "phom.phom.review_replay", "phom.tienlen.review_replay", "phom.review.walk",
    "phom.phom.simulation", "phom.match_base",
    "phom.review.calibration", "phom.review.text", "phom.review.drawing", "phom.cli.review", "phom.web.reviews",
    "phom.matchups", "phom.tienlen.arena", "phom.bots.levels", "phom.bots.names", "phom.racing", "phom.external", "phom.hooks",
    "phom.phom.view_data", "phom.client", "phom.hosted_views", "phom.phom.hosted_view", "phom.tienlen.hosted_view", "phom.cli.bot", "phom.refusals", "phom.house_rules", "phom.table_words", "phom.moved", "phom.review.phom_game", "phom.review.tienlen_game", "phom.tournament",
    "phom.web.serving", "phom.web.bodies", "phom.web.limits", "phom.web.live", "phom.web.views", "phom.web.headers",
    "phom.review.judge", "phom.review.referee", "phom.cli.moves", "phom.cli.summaries", "phom.clock", "phom.web.routes", "phom.games", "phom.phom.phom_kind",
    "phom.tienlen.kind", "phom.phom.terminal", "phom.tienlen.terminal",
    "phom.phom.bots", "phom.phom.bots.random", "phom.phom.bots.greedy", "phom.phom.bots.search", "phom.phom.bots.montecarlo",
    "phom.phom.bots.planner", "phom.phom.bots.styles", "phom.phom.bots.learned", "phom.levels", "phom.budget", "phom.bot_names",
    "phom.phom.session", "phom.phom.openspiel", "phom.tienlen.session", "phom.tienlen.openspiel",
    "phom.notation", "phom.tienlen.position", "phom.cli.position",
    "phom.dealing", "phom.bot_base", "phom.tienlen.commands", "phom.phom.gym", "phom.tienlen.gym", "phom.version", "phom.phom.commands", "phom.phom.benchmarking",
]


def test_every_module_is_doctested():
    import pkgutil

    import phom

    found = {m.name for m in pkgutil.walk_packages(phom.__path__, "phom.")} | {"phom"}
    assert found - set(MODULES) <= {"phom.__main__", "phom._batch", "phom._engine", "phom._tienlen"}


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_readme_doctests():
    readme = pathlib.Path(__file__).resolve().parent.parent / "README.md"
    result = doctest.testfile(str(readme), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
