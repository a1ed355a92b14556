"""Shared test setup: hypothesis profiles and the markers that sort the suite. Tests import the installed
package, never python/.

The default profile draws 1,000 examples a test, the same ones every run (CI's time is bounded);
``PHOM_HYPOTHESIS_PROFILE=thorough`` draws 5,000 fresh ones; ``PHOM_EXAMPLES=N`` sets either.

Markers (registered in pyproject.toml), set here so that a test file's own ``pytestmark`` stays its business:

- ``slow``: every ``computational``, ``stress``, ``browser``, ``manual`` and ``train`` test, and the few others
  that take seconds each (``SLOW``); the README's quick command leaves them out (``-m "not slow"``),
  ``.ci/run`` runs them all;
- ``server``: starts real servers or processes (uvicorn, PostgreSQL, Redis, a bot program);
- ``browser``, ``manual``, ``train``: need an extra beyond ``test`` (Playwright with Debian's chromium, Sphinx,
  PyTorch); where the extra is missing they skip, naming the ``pip install`` to run.
"""

from __future__ import annotations

import importlib.util
import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    max_examples=int(os.environ.get("PHOM_EXAMPLES", "1000")),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
settings.register_profile(
    "thorough",
    max_examples=int(os.environ.get("PHOM_EXAMPLES", "5000")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
settings.load_profile(os.environ.get("PHOM_HYPOTHESIS_PROFILE", "default"))


#: tests that hunt for leaks over many random live tables: computational, but their files hold quick tests too,
#: so they are marked here by name rather than by their module's ``pytestmark``
LEAK_HUNTS = {
    "test_web_live.py": "test_no_body_or_frame_names_a_card_its_seat_cannot_see",
    "test_web_tienlen.py": "test_no_tienlen_body_or_frame_names_a_card_its_seat_cannot_see",
}


#: test files that drive the page in a real browser
BROWSER_FILES = {"test_browser.py", "test_phone.py", "test_web_page_words.py"}
#: test files that start real servers or processes
SERVER_FILES = {"test_bot_client.py", "test_browser.py", "test_hostile.py", "test_terminal.py", "test_web_crash.py",
                "test_web_deadlines.py", "test_web_pgstore.py", "test_web_scale.py"}
#: tests that need PyTorch, by file and name
TRAIN_TESTS = {("test_learned.py", "test_numpy_inference_equals_the_pytorch_forward_pass"),
               ("test_learned.py", "test_a_short_training_run_learns_more_than_chance")}
#: tests outside the computational and stress files that take seconds each (measured with --durations), by file
#: and name
SLOW: set[tuple[str, str]] = set()
#: the markers whose tests are all slow too
SLOW_MARKERS = ("computational", "stress", "browser", "manual", "train")
#: marker -> (the module it needs, the extra that installs it)
EXTRAS = {"browser": ("playwright", "browser"), "manual": ("sphinx", "docs"), "train": ("torch", "train")}


def _has(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def pytest_collection_modifyitems(config, items):
    missing = {marker: extra for marker, (module, extra) in EXTRAS.items() if not _has(module)}
    for item in items:
        name, test = item.path.name, getattr(item, "originalname", item.name)
        if LEAK_HUNTS.get(name) == test:
            item.add_marker(pytest.mark.computational)
        if name in BROWSER_FILES:
            item.add_marker(pytest.mark.browser)
        if name in SERVER_FILES:
            item.add_marker(pytest.mark.server)
        if name == "test_docs.py" and "built" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.manual)
        if (name, test) in TRAIN_TESTS:
            item.add_marker(pytest.mark.train)
        if (name, test) in SLOW or any(item.get_closest_marker(m) for m in SLOW_MARKERS):
            item.add_marker(pytest.mark.slow)
        for marker, extra in missing.items():
            if item.get_closest_marker(marker):
                item.add_marker(pytest.mark.skip(
                    reason=f'needs the extra {extra!r}: python3 -m pip install ".[{extra}]"'))
