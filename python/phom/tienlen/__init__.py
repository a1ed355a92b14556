"""Tiến lên (miền Nam), the second game of the source documents, on phom's cards (rules: TIENLEN.md).

This package grows in steps. Here now: ``rules`` (``TienLenRules``, ``TienLenStakes``: every house
option with its default, checked on construction) and ``reference``, the plain, exhaustive Python
specification of combinations, beating, legal plays, the fewest-plays split and tới trắng. The
compiled core, the referee, bots and the command line come next and will be tested against it.
"""
