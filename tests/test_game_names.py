"""Shared code names no game: the count the plug-in issue asks for, kept at its bound by a test.

A *game name* in a shared module (anything under ``python/phom`` outside the games' own folders
``phom/phom/`` and ``phom/tienlen/``) is one of:

- a string constant equal to a built-in game's name (``"phom"``, ``"tienlen"``), docstrings left out;
- an import of a game's folder (``from ..phom.hints import hint``, ``import phom.tienlen``), under
  ``TYPE_CHECKING`` or inside a function included;
- a string constant naming a module of a game's folder (``"phom.phom.solver"``): an import by name.

Each is allowed in exactly three places, and the test fails on any other:

- the registry's own list of built-in games (``phom.games.BUILT_IN``, where ``"phom"`` is also the default);
- the package's name, spelled once (``phom.version.PACKAGE``: the gettext domain, the data folder);
- old paths kept working: a module that only forwards names to their new homes (imports, ``__all__``,
  a ``forwarding`` table), and the package's front door ``phom/__init__.py``, whose public names are
  Phỏm's by contract (``phom.best_lay``, ``phom.Game``: shared/API.md).

``python3 tests/test_game_names.py`` prints every occurrence by category and the counts.
"""

from __future__ import annotations

import ast
import pathlib
import sys
from collections import Counter

ROOT = pathlib.Path(__file__).resolve().parents[1] / "python" / "phom"
GAME_FOLDERS = ("phom", "tienlen")
GAMES = set(GAME_FOLDERS)
#: where the registry lists its built-in games, and where the package's name is spelled
REGISTRY = {"games.py"}
PACKAGE_NAME = {"version.py"}
FRONT_DOOR = {"__init__.py"}


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstring constants of a module, its classes and its functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _game_module(name: str) -> bool:
    parts = name.split(".")
    return len(parts) >= 2 and parts[0] == "phom" and parts[1] in GAMES


def _resolved(path: pathlib.Path, node: ast.ImportFrom) -> str:
    """The absolute module an ``ImportFrom`` reads."""
    if not node.level:
        return node.module or ""
    package = ["phom", *path.relative_to(ROOT).parent.parts]
    base = package[:len(package) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def occurrences(path: pathlib.Path, *, as_if: pathlib.Path | None = None) -> list[tuple[int, str]]:
    """(line, what) for every game name in the shared module at ``path`` (its relative imports read as if
    it stood at ``as_if``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            if node.value in GAMES:
                found.append((node.lineno, f"the string {node.value!r}"))
            elif _game_module(node.value.split(":")[0]):
                found.append((node.lineno, f"the module path {node.value!r}"))
        elif isinstance(node, ast.ImportFrom):
            module = _resolved(as_if or path, node)
            named = [module] if _game_module(module) else []
            if module in ("phom", "phom.") or module == "phom":
                named = [f"phom.{a.name}" for a in node.names if a.name in GAMES]
            found += [(node.lineno, f"an import of {m}") for m in named]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, f"an import of {a.name}") for a in node.names if _game_module(a.name)]
    return sorted(found)


def is_forwarding(path: pathlib.Path) -> bool:
    """Whether a module only forwards names: a docstring, imports, ``__all__`` and ``__getattr__ =
    forwarding(...)``, nothing else at its top level."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = {t.id for t in targets if isinstance(t, ast.Name)}
            if names <= {"__all__", "__getattr__", "__dir__"}:
                continue
        return False
    return True


def forwarding_lines(path: pathlib.Path) -> set[int]:
    """The lines of a module's top-level ``__getattr__ = forwarding(...)``: old paths' table, nothing else."""
    lines: set[int] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["__getattr__"] \
                and isinstance(node.value, ast.Call) and getattr(node.value.func, "id", None) == "forwarding":
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


def shared_modules() -> list[pathlib.Path]:
    return [p for p in sorted(ROOT.rglob("*.py"))
            if p.relative_to(ROOT).parts[0] not in GAME_FOLDERS or len(p.relative_to(ROOT).parts) == 1]


def classified() -> dict[str, list[str]]:
    """Every game name of the shared modules, by the place that allows it (``"behaviour"``: none does)."""
    out: dict[str, list[str]] = {"registry": [], "package name": [], "front door": [], "old paths": [],
                                 "behaviour": []}
    for path in shared_modules():
        relative = path.relative_to(ROOT).as_posix()
        for line, what in occurrences(path):
            if relative in REGISTRY and "BUILT_IN" in path.read_text(encoding="utf-8").splitlines()[line - 1]:
                place = "registry"
            elif relative in PACKAGE_NAME:
                place = "package name"
            elif relative in FRONT_DOOR:
                place = "front door"
            elif is_forwarding(path) or line in forwarding_lines(path):
                place = "old paths"
            else:
                place = "behaviour"
            out[place].append(f"python/phom/{relative}:{line}: {what}")
    return out


def test_no_game_is_named_in_shared_code():
    behaviour = classified()["behaviour"]
    assert not behaviour, "a shared module names a game:\n" + "\n".join(behaviour)


def test_the_count_sees_a_planted_name(tmp_path):
    """The counter finds what it is meant to find (a planted import and string) and skips a docstring."""
    planted = ROOT / "drawing.py"
    copy = tmp_path / "drawing.py"
    copy.write_text(planted.read_text(encoding="utf-8") + '\n\ndef f():\n    """tienlen"""\n'
                    'from .tienlen.hints import describe\nX = "tienlen"\n', encoding="utf-8")
    seen = [what for _line, what in occurrences(copy, as_if=planted)]
    assert seen == ["an import of phom.tienlen.hints", "the string 'tienlen'"]
    assert occurrences(planted) == []


def test_forwarding_modules_only_forward():
    assert is_forwarding(ROOT / "batch.py")
    assert not is_forwarding(ROOT / "drawing.py")


if __name__ == "__main__":
    places = classified()
    for place, lines in places.items():
        print(f"== {place}: {len(lines)}")
        print("\n".join(lines))
    print(Counter({place: len(lines) for place, lines in places.items()}))
    sys.exit(1 if places["behaviour"] else 0)
