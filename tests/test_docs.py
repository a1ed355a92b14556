"""The manual: it builds with Sphinx and no warning, its examples run, and every public name of the
API contract (``../shared/API.md``, beside the project in CI) is in its reference."""

from __future__ import annotations

import doctest
import importlib
import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
CONTRACT = ROOT.parent / "shared" / "API.md"
#: where a name of the contract may live, in the order tried
HOMES = ["phom", "phom.tienlen", "phom.tienlen.vector", "phom.tienlen.bots", "phom.tienlen.arena", "phom.phom.vector",
         "phom.phom.batch", "phom.bots", "phom.review", "phom.arena", "phom.fairness", "phom.envs.pettingzoo",
         "phom.envs.openspiel"]

pytestmark = pytest.mark.skipif(not DOCS.is_dir(), reason="the manual's sources are not here")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    pytest.importorskip("sphinx")
    out = tmp_path_factory.mktemp("html")
    run = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(DOCS),
                          str(out)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, f"the manual does not build cleanly:\n{run.stderr[-3000:]}"
    return out


def test_the_manual_builds_in_both_languages(built):
    for page in ("index", "en/rules-phom", "vi/luat-phom", "en/rules-tienlen", "vi/luat-tienlen", "http-api",
                 "reference/index", "performance", "en/table-clock", "vi/dong-ho", "en/layout"):
        assert (built / f"{page}.html").exists(), page
    rules = (built / "en" / "rules-phom.html").read_text(encoding="utf-8")
    assert rules.count("_images/") >= 6                        # the worked examples, drawn as cards
    http = (built / "http-api.html").read_text(encoding="utf-8")
    assert "/api/games/{game_id}/review" in http and "WebSocket" in http


@pytest.mark.parametrize("page", sorted(str(p.relative_to(DOCS)) for p in DOCS.glob("*/*.md")))
def test_the_examples_of_the_manual_run(page):
    result = doctest.testfile(str(DOCS / page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def contract_names(text: str) -> set[str]:
    """The contract's names of functions and classes, resolved to the package objects they name."""
    found = set()
    for token in re.findall(r"`([^`]+)`", text):
        head = re.split(r"[(\s\[=]", token.strip(), maxsplit=1)[0]
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", head) or head.startswith("."):
            continue
        parts = head.split(".")
        if parts[0] == "phom":
            module, name = ".".join(parts[:-1]), parts[-1]
            homes = [module] if module else []
        elif len(parts) == 1:
            homes, name = HOMES, parts[0]
        else:
            continue                                         # Class.attribute: the class is checked
        for home in homes:
            try:
                obj = getattr(importlib.import_module(home), name, None)
            except ImportError:
                continue
            if obj is not None and (isinstance(obj, type) or callable(obj)) and not name.startswith("_"):
                found.add(name)
                break
    return found


def test_every_name_of_the_contract_is_in_the_reference(built):
    if not CONTRACT.exists():
        pytest.skip("the API contract (../shared/API.md) is not beside the project")
    from sphinx.util.inventory import InventoryFile

    with open(built / "objects.inv", "rb") as handle:
        inventory = InventoryFile.load(handle, "", lambda base, uri: uri)
    documented = {entry.rsplit(".", 1)[-1] for kind in inventory.values() for entry in kind}
    names = contract_names(CONTRACT.read_text(encoding="utf-8"))
    assert len(names) > 40
    missing = sorted(names - documented)
    assert not missing, f"names of API.md missing from the reference: {missing}"


def test_the_layout_page_names_every_module():
    """docs/en/layout.md lists every module of the package and every file of the compiled core, so a
    module added or moved is listed where a reader looks for it."""
    package, core = ROOT / "python" / "phom", ROOT / "src" / "phomcore"
    if not package.is_dir() or not core.is_dir():
        pytest.skip("the sources are not here")
    page = (DOCS / "en" / "layout.md").read_text(encoding="utf-8")
    files = [p.relative_to(package) for p in package.rglob("*.py")]
    files += [p.relative_to(core) for p in core.rglob("*") if p.suffix in (".pyx", ".pxd", ".pxi")]
    missing = sorted(str(f) for f in files if f"`{f.as_posix()}`" not in page)
    assert not missing, f"modules missing from docs/en/layout.md: {missing}"


def test_the_clock_pages_say_what_the_service_does():
    """The players' pages on the table clock (en/table-clock, vi/dong-ho) state the service's own
    defaults and bounds, asked of a running app: a clock with two or more people, none with one."""
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    from phom.web.app import create_app

    en = (DOCS / "en" / "table-clock.md").read_text(encoding="utf-8")
    vi = (DOCS / "vi" / "dong-ho.md").read_text(encoding="utf-8")
    client = TestClient(create_app())

    def turn_seconds(body: dict) -> object:
        game = client.post("/api/games", json=body).json()
        seat = {"Authorization": f"Bearer {game['tokens']['0']}"}
        return client.get(f"/api/games/{game['id']}", headers=seat).json()["turn_seconds"]

    for game, en_name, vi_name in (("phom", "Phỏm", "Phỏm"), ("tienlen", "Tiến lên", "Tiến lên")):
        default = turn_seconds({"game": game, "humans": [0, 1]})
        assert f"| {en_name}, two or more people | {default} seconds a turn |" in en
        assert f"| {vi_name}, từ hai người trở lên | {default} giây một lượt |" in vi
        assert turn_seconds({"game": game, "humans": [0]}) is None
    assert "| one person against the computer | no clock |" in en
    assert "| một người chơi với máy | không giới hạn |" in vi
    accepted = [n for n in (4, 5, 600, 601) if client.post("/api/games", json={"turn_seconds": n}).status_code == 200]
    low, high = accepted[0], accepted[-1]
    assert accepted == [5, 600]
    assert f"from {low} to {high}" in en and f"từ {low} đến {high}" in vi


def test_vietnamese_pages_speak_vietnamese(built):
    vi = (built / "vi" / "nguoi-choi.html").read_text(encoding="utf-8")
    en = (built / "en" / "players.html").read_text(encoding="utf-8")
    assert '<html class="no-js" lang="vi"' in vi and '<html class="no-js" lang="en"' in en
    for label in ("Trong trang này", 'placeholder="Tìm kiếm"', "Lên đầu trang", "Làm bằng"):
        assert label in vi, label
    assert "On this page" not in vi and "Back to top" not in vi
    assert "On this page" in en and 'placeholder="Search"' in en          # the English pages keep the theme's words
