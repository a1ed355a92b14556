"""Refresh the catalogs from the sources: extract the marked texts into locale/phom.pot and merge them
into locale/vi.po (new texts come in untranslated; the tests fail until they are translated). The
catalog also holds argparse's own words (``usage:``, its errors), which ``phom.cli.argparse_speaks``
lends it: they are extracted from argparse itself, so a refresh keeps them.

    python3 locale/update.py
"""

from __future__ import annotations

import pathlib
import subprocess
import sys

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

HERE = pathlib.Path(__file__).resolve().parent


def argparse_messages() -> list[str]:
    """The texts argparse asks ``gettext`` for (its ``_`` and ``ngettext``), from its own source."""
    import argparse

    from babel.messages.extract import extract_from_file

    found = extract_from_file("python", argparse.__file__, keywords={"_": None, "ngettext": (1, 2)})
    messages: list[str] = []
    for _line, message, _comments, _context in found:
        messages += [message] if isinstance(message, str) else [m for m in message if m]
    return messages


def main() -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", str(HERE / "babel.cfg"),
                    "-k", "N_", "--no-location", "--sort-output", "--project=phom",
                    "--copyright-holder=the phom authors", "-o", str(HERE / "phom.pot"), str(HERE.parent)],
                   check=True)
    with (HERE / "phom.pot").open("rb") as stream:
        template = read_po(stream)
    for message in argparse_messages():
        if message not in template:
            template.add(message)
    po_path = HERE / "vi.po"
    if po_path.exists():
        with po_path.open("rb") as stream:
            catalog = read_po(stream, locale="vi")
    else:
        catalog = Catalog(locale="vi", project="phom")
    catalog.update(template, update_header_comment=False)
    sources = "\n".join(path.read_text(encoding="utf-8") for path in (HERE.parent / "python").rglob("*.py"))
    for message in list(catalog.obsolete.values()):     # a text the sources still say, through translator(lang)(…)
        if isinstance(message.id, str) and message.string and message.id.split("\n")[0][:40] in sources:
            catalog.add(message.id, message.string, flags=message.flags)
    with po_path.open("wb") as stream:
        write_po(stream, catalog, no_location=True, sort_output=True, omit_header=False, ignore_obsolete=True)


if __name__ == "__main__":
    main()
