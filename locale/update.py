"""Refresh the catalogs from the sources: extract the marked texts into locale/phom.pot and merge them
into locale/vi.po (new texts come in untranslated; the tests fail until they are translated).

    python3 locale/update.py
"""

from __future__ import annotations

import pathlib
import subprocess
import sys

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

HERE = pathlib.Path(__file__).resolve().parent


def main() -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", str(HERE / "babel.cfg"),
                    "-k", "N_", "--no-location", "--sort-output", "--project=phom",
                    "--copyright-holder=the phom authors", "-o", str(HERE / "phom.pot"), str(HERE.parent)],
                   check=True)
    with (HERE / "phom.pot").open("rb") as stream:
        template = read_po(stream)
    po_path = HERE / "vi.po"
    if po_path.exists():
        with po_path.open("rb") as stream:
            catalog = read_po(stream, locale="vi")
    else:
        catalog = Catalog(locale="vi", project="phom")
    catalog.update(template, update_header_comment=False)
    with po_path.open("wb") as stream:
        write_po(stream, catalog, no_location=True, sort_output=True, omit_header=False, ignore_obsolete=True)


if __name__ == "__main__":
    main()
