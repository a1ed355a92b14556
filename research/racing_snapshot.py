"""Fixed-seed decisions and values of the racing bots and the review, written as JSON: run it before and
after a change to the racing (``phom.racing``) and compare the files (``cmp``) to show the change
preserved behaviour.

    python3 research/racing_snapshot.py /tmp/before.json
"""

from __future__ import annotations

import json
import pathlib
import sys

from phom import Game
from phom.bots import GreedyBot, make_bot
from phom.review import review
from phom.tienlen.bots import MonteCarloTienLenBot, make_tienlen_bot
from phom.tienlen.game import TienLenGame

out = {}
# Phỏm: best (racing) plays a whole game against greedy; every action recorded
for seed in (3, 11):
    game = Game(seed=seed)
    bots = [make_bot("best", seed=seed)] + [GreedyBot() for _ in range(3)]
    while not game.is_over:
        p = game.to_move
        game.apply(bots[p].act(game.view(p)))
    out[f"phom-best-{seed}"] = [str(a) for a in game.history]
    r = review(game, seats=[0], seed=1)
    out[f"phom-review-{seed}"] = r.to_json()
# Tiến lên: a racing MC bot
for seed in (4, 9):
    game = TienLenGame(seed=seed)
    bots = [MonteCarloTienLenBot(worlds=64, seed=seed, race=True)] + [make_tienlen_bot("greedy", seed=1) for _ in range(3)]
    while not game.is_over:
        p = game.to_move
        game.apply(bots[p].act(game.view(p)))
    out[f"tl-race-{seed}"] = [str(a) for a in game.history]
    r = review(game, seats=[0, 1], seed=2)
    out[f"tl-review-{seed}"] = r.to_json()
pathlib.Path(sys.argv[1]).write_text(json.dumps(out, sort_keys=True))
print({k: len(v) for k, v in out.items()})
