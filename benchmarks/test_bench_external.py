"""The cost of the bot protocol: a decision of a program that answers at once with the first legal
action (a one-line Python program, and the Perl example ``examples/bots/first.pl``, whose pure-Perl
JSON::PP decoding is most of its time) against the same policy as a Python object, on the same
positions. The difference is what ``cmd:`` adds a decision: the view as JSON, a pipe write and read
each way, the program's own parse, and the answer's check.
"""

from __future__ import annotations

import random
import shlex
import sys
from pathlib import Path

import pytest
from phom import Game
from phom.bots import GreedyBot, make_bot

ROOT = Path(__file__).resolve().parents[1]
POSITIONS = 200


class FirstLegalBot:
    """The Perl example's policy in Python: the first legal action."""

    def act(self, view):
        return view.legal_actions[0]


def positions(seed: int = 7) -> list:
    """Views of the player to move, sampled along greedy games."""
    rng = random.Random(seed)
    views, game_seed, bot = [], 0, GreedyBot()
    while len(views) < POSITIONS:
        game = Game(seed=game_seed)
        game_seed += 1
        while not game.is_over:
            view = game.view(game.to_move)
            if rng.random() < 0.3:
                views.append(view)
            game.apply(bot.act(view))
    return views[:POSITIONS]


@pytest.fixture(scope="module")
def views():
    return positions()


def test_first_legal_in_python(benchmark, views):
    benchmark.group = "a decision, first legal action"
    benchmark.extra_info.update(impl="python", calls=len(views))
    bot = FirstLegalBot()
    chosen = benchmark(lambda: [bot.act(v) for v in views])
    assert chosen == [v.legal_actions[0] for v in views]


FIRST_LEGAL = ('import json, sys\n'
               'for line in sys.stdin:\n'
               '    m = json.loads(line)\n'
               '    if m["type"] == "act": print(json.dumps({"action": m["legal"][0]}), flush=True)')
PROGRAMS = {"python": f"cmd:{shlex.quote(sys.executable)} -c {shlex.quote(FIRST_LEGAL)}",
            "perl": f"cmd:perl {shlex.quote(str(ROOT / 'examples' / 'bots' / 'first.pl'))}"}


@pytest.mark.parametrize("language", sorted(PROGRAMS))
def test_first_legal_through_cmd(benchmark, views, language):
    benchmark.group = "a decision, first legal action"
    benchmark.extra_info.update(impl=f"cmd:{language}", calls=len(views))
    bot = make_bot(PROGRAMS[language])
    try:
        chosen = benchmark(lambda: [bot.act(v) for v in views])
    finally:
        bot.close()
    assert chosen == [v.legal_actions[0] for v in views]
