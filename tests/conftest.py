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


@pytest.fixture(autouse=True)
def no_terminal_width(monkeypatch):
    """Every test starts with no ``COLUMNS`` or ``LINES`` (a file or a pipe then takes lines of any length),
    whatever terminal or worker ran pytest; a test that wants a width sets it."""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)


#: tests that hunt for leaks over many random live tables: computational, but their files hold quick tests too,
#: so they are marked here by name rather than by their module's ``pytestmark``
LEAK_HUNTS = {
    "test_web_live.py": "test_no_body_or_frame_names_a_card_its_seat_cannot_see",
    "test_web_tienlen.py": "test_no_tienlen_body_or_frame_names_a_card_its_seat_cannot_see",
}


#: test files that drive the page in a real browser
BROWSER_FILES = {"test_browser.py", "test_phone.py", "test_web_page_words.py"}
#: tests in other files that drive the page in a real browser
BROWSER_TESTS = {("test_xidach_plugin.py", "test_the_page_offers_it_and_a_person_plays_a_table_of_six_by_tapping")}
#: test files that start real servers or processes
SERVER_FILES = {"test_bot_client.py", "test_browser.py", "test_hostile.py", "test_terminal.py", "test_web_crash.py",
                "test_web_deadlines.py", "test_web_pgstore.py", "test_web_scale.py"}
#: tests that need PyTorch, by file and name
TRAIN_TESTS = {("test_learned.py", "test_numpy_inference_equals_the_pytorch_forward_pass"),
               ("test_learned.py", "test_a_short_training_run_learns_more_than_chance")}
#: tests outside the computational and stress files that take seconds each (``--durations=60`` of the quick
#: suite), by file and name; a file here is slow as a whole
SLOW_FILES = {"test_api_contract.py"}            # Schemathesis fuzzing every operation of the OpenAPI
SLOW = {
    ("test_advice_words.py", "test_phom_hints_speak_vietnamese_through_every_kind_of_turn"),
    ("test_advice_words.py", "test_tienlen_hints_speak_vietnamese"),
    ("test_advice_words.py", "test_the_phom_review_speaks_vietnamese"),
    ("test_advice_words.py", "test_the_tienlen_review_has_no_draws_and_lists_hands_three_to_two"),
    ("test_arena.py", "test_the_sprt_decides_as_wald_says_on_known_means"),
    ("test_arena.py", "test_arena_sprt_on_the_command_line"),
    ("test_docs.py", "test_the_examples_of_the_manual_run"),
    ("test_hints.py", "test_hints_cover_every_legal_action_in_every_kind_of_turn"),
    ("test_moves.py", "test_every_printed_tienlen_label_types_back_as_its_move"),
    ("test_moves.py", "test_every_printed_phom_label_types_back_as_its_move"),
    ("test_render_table.py", "test_a_seat_with_one_card_and_a_mom_seat_are_said_as_players_say_them"),
    ("test_review.py", "test_the_tienlen_ledger_adds_up_exactly"),
    ("test_review.py", "test_the_phom_ledger_adds_up_exactly"),
    ("test_review.py", "test_tienlen_error_rates_order_the_bots_as_their_strength"),
    ("test_review.py", "test_phom_error_rates_order_the_bots_as_their_strength"),
    ("test_review.py", "test_the_options_are_valued_on_the_same_worlds_best_first"),
    ("test_terminal_clock.py", "test_a_silent_player_is_played_for_and_the_record_says_so"),
    ("test_tienlen_bots.py", "test_a_forced_pass_is_explained_as_forced"),
    ("test_tienlen_bots.py", "test_core_tables_and_a_dask_cluster_give_the_statistics_of_one_process"),
    ("test_tienlen_bots.py", "test_the_search_bot_plays_legal_actions_and_is_reproducible"),
    ("test_tienlen_bots.py", "test_phom_tienlen_play_to_the_end_with_hints"),
    ("test_web_one_table.py", "test_one_idempotency_key_sent_twice_at_once_is_one_move_and_one_answer"),
    ("test_xidach_plugin.py", "test_a_person_plays_it_in_the_terminal_against_bots_and_replays_and_reviews_it"),
    ("test_bench_review.py", "test_a_whole_review"),
    ("test_bench_tienlen.py", "test_tienlen_bot_decision"),
    ("test_bench_vector.py", "test_simulate_greedy_against_random"),
    ("test_bench_web.py", "test_hints_under_load"),
}
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
        if name in BROWSER_FILES or (name, test) in BROWSER_TESTS:
            item.add_marker(pytest.mark.browser)
        if name in SERVER_FILES:
            item.add_marker(pytest.mark.server)
        if name == "test_docs.py" and "built" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.manual)
        if (name, test) in TRAIN_TESTS:
            item.add_marker(pytest.mark.train)
        if name in SLOW_FILES or (name, test) in SLOW or any(item.get_closest_marker(m) for m in SLOW_MARKERS):
            item.add_marker(pytest.mark.slow)
        for marker, extra in missing.items():
            if item.get_closest_marker(marker):
                item.add_marker(pytest.mark.skip(
                    reason=f'needs the extra {extra!r}: python3 -m pip install ".[{extra}]"'))
