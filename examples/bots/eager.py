#!/usr/bin/env python3
"""A bot for phom's bot protocol (version 1), in Python with no phom import: it takes a card whenever
it may (eat, else draw), lays or sends what it may, and otherwise discards the highest card.

Run it as a bot: phom simulate --bots "cmd:python3 examples/bots/eager.py,greedy,greedy,greedy" --games 4
"""

import json
import sys

RANKS = {r: i for i, r in enumerate("A 2 3 4 5 6 7 8 9 10 J Q K".split(), start=1)}


def rank(text: str) -> int:
    """The rank of the last card named in an action text: 'discard KS' -> 13."""
    return RANKS.get(text.split()[-1][:-1], 0)


def choose(legal: list[str]) -> str:
    for word in ("u", "u-khan", "eat", "autolay", "lay", "send"):
        for text in legal:
            if text.split()[0] == word:
                return text
    if "draw" in legal:
        return "draw"
    plays = [t for t in legal if t.startswith("play ")]
    if plays:                              # Tiến lên: the longest play, the lowest first
        return max(plays, key=lambda t: (len(t.split()), -legal.index(t)))
    return max(legal, key=rank)


for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "act":
        print(json.dumps({"action": choose(message["legal"])}), flush=True)
