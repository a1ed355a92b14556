"""``import phom`` loads its submodules when first used (API contract: at most 15 ms after NumPy; the time
is measured in the performance notes, not asserted here): a fresh interpreter that imports phom holds
none of the heavy submodules, yet every public name is there, listed by ``dir`` and loaded on reading."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

#: modules that cost most of the old import and that ``import phom`` must no longer load
HEAVY = ["phom.cards", "phom.phom.actions", "phom.phom.game", "phom.phom.hints", "phom.phom.solver", "phom.phom.vector",
         "phom.phom.referee", "phom.bots", "phom.simulation", "phom.games", "phom.review", "phom.tienlen.game",
         "phom._solver", "phom._engine", "babel", "gettext"]


def _fresh(code: str) -> dict[str, object]:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def test_import_phom_loads_no_heavy_submodule() -> None:
    got = _fresh("import json, sys, numpy; before = set(sys.modules); import phom; "
                 "print(json.dumps({'new': sorted(set(sys.modules) - before)}))")
    new = list(got["new"])  # type: ignore[call-overload]
    assert not [m for m in HEAVY if m in new], new
    assert len(new) <= 5, new


def test_import_phom_tienlen_loads_no_heavy_submodule() -> None:
    got = _fresh("import json, sys, numpy; before = set(sys.modules); import phom.tienlen; "
                 "print(json.dumps({'new': sorted(set(sys.modules) - before)}))")
    new = list(got["new"])  # type: ignore[call-overload]
    assert not [m for m in HEAVY if m in new], new


@pytest.mark.parametrize("package", ["phom", "phom.tienlen"])
def test_every_public_name_loads_on_first_read_and_dir_lists_it(package: str) -> None:
    got = _fresh(f"import json, importlib; p = importlib.import_module({package!r}); "
                 "missing = [n for n in p.__all__ if n not in dir(p)]; "
                 "kinds = {n: type(getattr(p, n)).__name__ for n in p.__all__}; "
                 "print(json.dumps({'missing': missing, 'kinds': kinds}))")
    assert got["missing"] == []
    kinds = dict(got["kinds"])  # type: ignore[call-overload]
    assert "NoneType" not in kinds.values()


def test_phom_cards_is_the_function_whatever_loads_first() -> None:
    got = _fresh("import json, sys, phom.phom.rules, phom; import phom.cards; "
                 "print(json.dumps({'cards': str(phom.cards('9H 10H')), 'module': sys.modules['phom.cards'].__name__, "
                 "'batch': phom.batch.__name__, 'same': phom.batch.min_points is __import__('phom.phom.batch', "
                 "fromlist=['x']).min_points}))")
    assert got == {"cards": "9♥ 10♥", "module": "phom.cards", "batch": "phom.batch", "same": True}


def test_an_unknown_name_is_an_attribute_error() -> None:
    import phom

    with pytest.raises(AttributeError, match="no attribute 'colour'"):
        phom.colour  # noqa: B018


def test_the_other_game_and_the_tools_are_attributes_after_a_bare_import() -> None:
    """``import phom`` alone, then ``phom.tienlen``, ``phom.arena``, ``phom.tournament`` and ``phom.games``
    as the manual writes them (each loaded on first read)."""
    got = _fresh("import json, phom; print(json.dumps({'plays': phom.tienlen.min_plays('3S 4S 5S 9D'), "
                 "'arena': phom.arena.duplicate.__name__, 'round': phom.tournament.round_robin.__name__, "
                 "'games': list(phom.games.GAMES)[:2], 'dir': [n for n in ('tienlen', 'arena') if n in dir(phom)]}))")
    assert got == {"plays": 2, "arena": "duplicate", "round": "round_robin", "games": ["phom", "tienlen"],
                   "dir": ["tienlen", "arena"]}
