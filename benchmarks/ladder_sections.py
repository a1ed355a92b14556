"""One section of benchmarks/LADDER.md, written between its markers by the ladder scripts.

>>> import pathlib, tempfile
>>> page = pathlib.Path(tempfile.mkdtemp()) / "LADDER.md"
>>> _ = page.write_text("# Ladder\\n", encoding="utf-8")
>>> write_section(page, "review:phom", "Phỏm: a table", "| a |")
>>> write_section(page, "review:phom", "Phỏm: a table", "| b |")
>>> print(page.read_text(encoding="utf-8"))
# Ladder
<BLANKLINE>
<!-- review:phom:begin -->
### Phỏm: a table
<BLANKLINE>
| b |
<!-- review:phom:end -->
<BLANKLINE>
"""

from __future__ import annotations

import pathlib

GAME_TITLES = {"phom": "Phỏm", "tienlen": "Tiến lên"}


def write_section(page: pathlib.Path, key: str, title: str, text: str) -> None:
    """Replace the section ``key`` of ``page`` (its ``<!-- key:begin -->`` … ``<!-- key:end -->``
    markers) by ``title`` and ``text``, or append it when the page has none yet."""
    begin, end = f"<!-- {key}:begin -->", f"<!-- {key}:end -->"
    body = f"{begin}\n### {title}\n\n{text}\n{end}"
    content = page.read_text(encoding="utf-8")
    if begin in content:
        content = content[:content.index(begin)] + body + content[content.index(end) + len(end):]
    else:
        content = content.rstrip("\n") + "\n\n" + body + "\n"
    page.write_text(content, encoding="utf-8")
