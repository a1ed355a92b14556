"""Shared test setup: hypothesis profiles. Tests import the installed package, never python/.

The default profile draws 1,000 examples a test, the same ones every run (CI's time is bounded);
``PHOM_HYPOTHESIS_PROFILE=thorough`` draws 5,000 fresh ones; ``PHOM_EXAMPLES=N`` sets either."""

from __future__ import annotations

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


def pytest_collection_modifyitems(config, items):
    for item in items:
        if LEAK_HUNTS.get(item.path.name) == getattr(item, "originalname", item.name):
            item.add_marker(pytest.mark.computational)
