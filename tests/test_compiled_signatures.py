"""Every compiled function has a signature (``inspect.signature``, ``help``), and the ``.pyi`` stubs
say the same parameters, in the same order and kinds, as the compiled modules take."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

import phom

MODULES = ["_solver", "_batch", "_engine", "_tienlen"]
STUBS = Path(phom.__file__).parent


def _stub_parameters(node: ast.FunctionDef, method: bool) -> list[tuple[str, str]]:
    a = node.args
    names = [x.arg for x in a.posonlyargs + a.args]
    if method and names and names[0] in ("self", "cls"):
        names = names[1:]
    found = [(name, "positional") for name in names]
    if a.vararg:
        found.append((a.vararg.arg, "*"))
    found += [(x.arg, "keyword") for x in a.kwonlyargs]
    if a.kwarg:
        found.append((a.kwarg.arg, "**"))
    return found


def _runtime_parameters(function: object, method: bool) -> list[tuple[str, str]]:
    kinds = {inspect.Parameter.VAR_POSITIONAL: "*", inspect.Parameter.VAR_KEYWORD: "**",
             inspect.Parameter.KEYWORD_ONLY: "keyword"}
    found = [(p.name, kinds.get(p.kind, "positional")) for p in inspect.signature(function).parameters.values()]
    if method and found and found[0][0] == "self":
        found = found[1:]
    return found


def _stub(module: str) -> ast.Module:
    return ast.parse((STUBS / f"{module}.pyi").read_text(encoding="utf-8"))


def _compiled(obj: object) -> bool:
    return type(obj).__name__ in ("cython_function_or_method", "builtin_function_or_method", "method_descriptor")


@pytest.mark.parametrize("module", MODULES)
def test_stubs_match_the_compiled_functions(module):
    compiled = importlib.import_module(f"phom.{module}")
    stubbed: set[str] = set()
    for node in _stub(module).body:
        if isinstance(node, ast.FunctionDef):
            stubbed.add(node.name)
            assert _stub_parameters(node, False) == _runtime_parameters(getattr(compiled, node.name), False), node.name
        elif isinstance(node, ast.ClassDef):
            stubbed.add(node.name)
            cls = getattr(compiled, node.name)
            for sub in node.body:
                if not isinstance(sub, ast.FunctionDef) or any(
                        isinstance(d, ast.Name) and d.id == "property" for d in sub.decorator_list):
                    continue
                where = cls if sub.name == "__init__" else getattr(cls, sub.name)
                assert _stub_parameters(sub, True) == _runtime_parameters(where, sub.name != "__init__"), \
                    f"{node.name}.{sub.name}"
    public = {name for name, obj in vars(compiled).items()
              if not name.startswith("_") and (_compiled(obj) or inspect.isclass(obj) and obj.__module__ == module)}
    assert public - stubbed == set(), f"{module}.pyi lacks {sorted(public - stubbed)}"


@pytest.mark.parametrize("module", MODULES)
def test_every_compiled_function_and_method_has_a_signature(module):
    compiled = importlib.import_module(f"phom.{module}")
    checked = 0
    for name, obj in vars(compiled).items():
        if name.startswith("__"):
            continue
        if inspect.isclass(obj) and obj.__module__ == module:
            inspect.signature(obj)
            for method_name, method in vars(obj).items():
                if not method_name.startswith("__") and callable(method):
                    inspect.signature(getattr(obj, method_name))
                    checked += 1
        elif _compiled(obj):
            inspect.signature(obj)
            checked += 1
    assert checked > 0


def test_help_shows_the_signature_and_the_types_the_core_reads():
    from phom import _solver

    assert str(inspect.signature(phom.best_lay)) == (
        "(hand, eaten=None, table=(), *, discard=True, values=None, already_laid=False)")
    assert _solver.min_points_mask.__doc__.startswith("min_points_mask(hand, eaten, values: ValueTable) -> int")
    assert str(inspect.signature(_solver.ValueTable)) == "(ranks)"
