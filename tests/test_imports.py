"""The house rules of the package's layout: no import cycles, no private name used across modules.

Every import counts, including those inside functions and under TYPE_CHECKING; importing a submodule
also counts as importing the packages around it (as Python does), except the package being inside it.
"""

from __future__ import annotations

import ast
import pathlib

import pytest

import phom

ROOT = pathlib.Path(phom.__file__).resolve().parent
#: the compiled core: private modules by name, imported by the layers over them
COMPILED = {"phom._solver", "phom._batch", "phom._engine", "phom._tienlen"}


def module_name(path: pathlib.Path) -> str:
    parts = ("phom", *path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


SOURCES = {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}
MODULES = set(SOURCES) | COMPILED


def package_of(name: str, path: pathlib.Path) -> str:
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def imports(name: str) -> list[tuple[str, list[str]]]:
    """(imported phom module, names taken from it) for every import statement of module ``name``."""
    path = SOURCES[name]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names if alias.name.startswith("phom")]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package_of(name, path)
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            if not target.startswith("phom"):
                continue
            taken = [alias.name for alias in node.names]
            submodules = [f"{target}.{n}" for n in taken if f"{target}.{n}" in MODULES]
            found.append((target, [n for n in taken if f"{target}.{n}" not in MODULES]))
            found += [(sub, []) for sub in submodules]
    return found


def edges(name: str) -> set[str]:
    out = set()
    for target, _ in imports(name):
        parts = target.split(".")
        for k in range(2, len(parts) + 1):   # the packages around the target, and the target
            outer = ".".join(parts[:k])
            if outer in MODULES and not (k < len(parts) and name.startswith(outer + ".")):
                out.add(outer)
    out.discard(name)
    return out


def test_the_package_has_no_import_cycle():
    graph = {name: edges(name) - {"phom"} for name in SOURCES}
    state: dict[str, int] = {}
    cycles = []

    def visit(node: str, stack: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt):] + [nxt] if nxt in stack else [node, nxt])
            elif nxt not in state:
                visit(nxt, stack + [nxt])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert not cycles, "import cycles: " + "; ".join(" → ".join(c) for c in cycles)


def test_no_private_name_crosses_a_module():
    crossing = []
    for name, path in SOURCES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        bound = set()
        for target, taken in imports(name):
            for item in taken:
                if item.startswith("_") and not item.startswith("__"):
                    crossing.append(f"{name} imports {item} from {target}")
            bound.update(taken)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                bound.update(alias.asname or alias.name for alias in node.names)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in bound
                    and node.attr.startswith("_") and not node.attr.startswith("__")):
                crossing.append(f"{name} uses {node.value.id}.{node.attr}")
    assert not crossing, "\n".join(crossing)


def test_the_check_sees_the_whole_package():
    assert {"phom.phom.referee", "phom.phom.state", "phom.phom.game", "phom.bots.search", "phom.cli.play"} <= set(SOURCES)
    assert "phom.phom.state" in edges("phom.phom.referee") and "phom.review.judge" in edges("phom.phom.hints")


def test_submodules_are_attributes_after_import_phom():
    for name in ("batch", "bots", "reference", "referee", "state", "observation", "worlds"):
        assert hasattr(phom, name), name


#: the compiled core's sources (tests run from the checkout); the core sits below the Python layer
CORE = pathlib.Path(__file__).resolve().parent.parent / "src" / "phomcore"
#: a run-time import of the package in Cython source: a statement (not a doctest line, not a comment), or a
#: dynamic import by name
RUNTIME_IMPORT = (r"^\s*(from\s+phom[\s.]|import\s+phom\b)|__import__\(\s*['\"]phom|import_module\(\s*['\"]phom")


def core_runtime_imports(root: pathlib.Path) -> list[str]:
    """``file:line: text`` of every run-time import of phom in the .pyx/.pxi/.pxd files under root."""
    import re

    pattern = re.compile(RUNTIME_IMPORT)
    found = []
    for path in sorted(root.rglob("*")):
        if path.suffix in (".pyx", ".pxi", ".pxd"):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line) and not line.lstrip().startswith((">>>", "...", "#")):
                    found.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    return found


def test_the_compiled_core_imports_nothing_of_phom(tmp_path):
    assert sorted(p.name for p in CORE.glob("*.pyx")) == ["_batch.pyx", "_engine.pyx", "_solver.pyx", "_tienlen.pyx"]
    assert not core_runtime_imports(CORE), "\n".join(core_runtime_imports(CORE))
    # the check sees each form, in a .pyx and in an included .pxi, and skips doctest lines
    (tmp_path / "game").mkdir()
    (tmp_path / "_x.pyx").write_text('"""\n>>> from phom import cards\n"""\nfrom phom.cards import to_mask\n')
    (tmp_path / "game" / "y.pxi").write_text("import phom.phom.actions as a\nm = __import__('phom.phom.state')\n")
    assert [line.split(":")[0:2] for line in core_runtime_imports(tmp_path)] == [
        ["_x.pyx", "4"], ["game/y.pxi", "1"], ["game/y.pxi", "2"]]


#: names that moved to a game's folder, read at their old path (module: {name: new home}); the old paths of
#: whole modules are shims whose ``__all__`` is what they exported before
MOVED = {
    "phom.simulation": {"game_seed": "phom.phom.simulation", "CORE_POLICIES": "phom.phom.simulation",
                        "core_policies": "phom.phom.simulation", "play_chunk_in_core": "phom.phom.simulation"},
    "phom.arena": {"RESHUFFLES": "phom.phom.simulation", "LUCK_WEIGHT": "phom.phom.simulation",
                   "draw_luck": "phom.phom.simulation"},
    "phom.review.judge": {"HINT_WORLDS": "phom.phom.hints", "TIENLEN_HINT_WORLDS": "phom.tienlen.hints",
                          "judge_phom": "phom.phom.review_replay", "judge_tienlen": "phom.tienlen.review_replay"},
    "phom.review.calibration": {"PHOM_THRESHOLDS": "phom.phom.review_replay",
                                "TIENLEN_THRESHOLDS": "phom.tienlen.review_replay"},
    "phom.envs.sessions": {"PhomSession": "phom.phom.session", "TienLenSession": "phom.tienlen.session"},
    "phom.bots": {"BotNames": "phom.bot_names", "make_named_bot": "phom.bot_names", "Recipe": "phom.levels",
                  "GreedyBot": "phom.phom.bots.greedy"},
    "phom.review.phom_game": {"PhomReplay": "phom.phom.review_replay", "people_text": "phom.review.model"},
    "phom.review.tienlen_game": {"TienLenReplay": "phom.tienlen.review_replay"},
}


@pytest.mark.parametrize("old", sorted(MOVED))
def test_a_moved_name_is_read_at_its_old_path(old):
    import importlib

    module = importlib.import_module(old)
    for name, home in MOVED[old].items():
        assert getattr(module, name) is getattr(importlib.import_module(home), name), f"{old}.{name}"
    for name in getattr(module, "__all__", []):
        assert getattr(module, name) is not None
    with pytest.raises(AttributeError, match="no attribute 'colour'"):
        module.colour
