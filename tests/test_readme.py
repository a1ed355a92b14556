"""The README's commands are the ones CI runs."""

from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n(.*?)```", readme, re.S)
    assert block is not None
    commands = [line for line in block.group(1).splitlines() if line.strip()]
    assert len(commands) == 2
    install_and_run, test_command = commands
    assert install_and_run.startswith("python3 -m pip install . && phom ")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert test_command in ci.splitlines()


def test_the_readme_links_to_pages_that_exist():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#:]+)\)", readme)
    assert len(links) >= 10                                   # the front door points into the manual
    missing = [link for link in links if not (ROOT / link).exists()]
    assert not missing, f"the README links to files that are not there: {missing}"


def test_the_readme_is_a_front_door():
    """What it is, the two commands, a game in the terminal, a few one-liners, links: the rest lives in the
    manual (``docs/``), so the README stays short enough to read at the door."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.encode("utf-8")) < 8_000
    assert readme.index("```sh") < readme.index("$ phom play") < readme.index("$ phom tienlen play")
