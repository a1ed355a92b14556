"""The manual of phom: Sphinx with furo and MyST. Built with ``python -m sphinx -W -b html docs docs/_build/html``.

At build time this file draws the cards of the worked examples with ``phom.render`` and writes the
HTTP API page from the API document the server serves (``phom.web.api.openapi``): nothing in
``_generated/`` is written by hand.
"""

from __future__ import annotations

import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import phom  # noqa: E402  (the installed package: the manual documents what users install)
from _build_helpers import write_generated  # noqa: E402

project = "phom"
author = "the phom developers"
copyright = "2026, the phom developers"
release = version = phom.__version__
extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx.ext.viewcode"]
myst_enable_extensions = ["colon_fence", "deflist"]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build", "README.md"]
html_theme = "furo"
html_title = f"phom {release}"
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": False}
autodoc_mock_imports = ["pettingzoo", "gymnasium", "pyspiel", "open_spiel", "torch", "distributed", "dask"]
suppress_warnings = ["myst.header"]

write_generated(HERE / "_generated")
