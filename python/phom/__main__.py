"""``python -m phom``: the same as the ``phom`` command."""

from .cli import main

raise SystemExit(main())
