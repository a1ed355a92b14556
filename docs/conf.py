"""The manual of phom: Sphinx with furo and MyST. Built with ``python -m sphinx -W -b html docs docs/_build/html``.

At build time this file draws the cards of the worked examples with ``phom.phom.render`` and writes the
HTTP API page from the API document the server serves (``phom.web.api.openapi``): nothing in
``_generated/`` is written by hand. ``pip install ".[docs]"`` is all it needs: the modules that import
an optional extra (the service, the scale-out stores, the adapters, training) are documented with that
extra mocked. The Vietnamese pages (``vi/*``) are ``<html lang="vi">`` and the theme's labels on them
are Vietnamese (``vietnamese_pages``).
"""

from __future__ import annotations

import gettext
import pathlib
import sys
from typing import Any

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
#: the optional extras' modules (web, scale, rl, openspiel, dask, train, all): autodoc imports the package's
#: modules that need them against mocks, so the docs extra alone builds the manual
autodoc_mock_imports = ["pettingzoo", "gymnasium", "pyspiel", "open_spiel", "torch", "distributed", "dask",
                        "starlette", "uvicorn", "limits", "jsonschema", "fastjsonschema", "platformdirs", "httpx",
                        "websockets", "psycopg", "psycopg_pool", "redis", "openskill", "tqdm", "matplotlib"]
suppress_warnings = ["myst.header"]

write_generated(HERE / "_generated")

#: the theme's (furo's) labels on a Vietnamese page; the rest from Sphinx's own Vietnamese catalog
THEME_VI = {
    "Search": "Tìm kiếm", "Previous": "Trang trước", "Next": "Trang sau", "On this page": "Trong trang này",
    "Home": "Trang chủ", "Index": "Mục lục", "Back to top": "Lên đầu trang", "Skip to content": "Tới nội dung",
    "Edit this page": "Sửa trang này", "View this page": "Xem mã nguồn trang này", "Error": "Lỗi",
    "Please activate JavaScript to enable the search functionality.": "Hãy bật JavaScript để tìm kiếm.",
    "Made with ": "Làm bằng ", '<a href="https://www.sphinx-doc.org/">Sphinx</a> and ':
        '<a href="https://www.sphinx-doc.org/">Sphinx</a> và ',
    "Copyright &#169; %(copyright)s": "Bản quyền &#169; %(copyright)s",
    "Last updated on %(last_updated)s": "Cập nhật lần cuối %(last_updated)s",
}


class ThemeWords(gettext.NullTranslations):
    """Labels in Vietnamese: THEME_VI first, then Sphinx's catalog (``sphinx/locale/vi``)."""

    def __init__(self) -> None:
        super().__init__()
        import sphinx.locale

        folder = pathlib.Path(sphinx.locale.__file__).parent
        self.add_fallback(gettext.translation("sphinx", str(folder), languages=["vi"], fallback=True))

    def gettext(self, message: str) -> str:
        return THEME_VI.get(message) or super().gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular if n == 1 else plural)


def vietnamese_pages(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """A ``vi/`` page speaks Vietnamese: ``<html lang="vi">`` and the theme's labels through ThemeWords
    (the templates' ``_()`` and ``{% trans %}`` look ``gettext`` up in the page's context first)."""
    if pagename.startswith("vi/"):
        words = ThemeWords()
        context.update(language="vi", gettext=words.gettext, ngettext=words.ngettext)


def setup(app: Any) -> dict[str, bool]:
    app.connect("html-page-context", vietnamese_pages)
    return {"parallel_read_safe": True}
