"""Is the review's luck mean zero? Phỏm games of one montecarlo seat against three greedy seats (the
montecarlo seat moves round), every seat reviewed at the defaults; each seat's mean luck with its 95 %
interval, and the luck as it was counted before the step over a draw ended at the playouts' own
choice's value (the best choice's look-ahead then went to luck), rebuilt from the same chains.

    nice -n 10 python3 benchmarks/review_luck.py 40 4242
"""
import sys, statistics, math
from phom import Game
from phom.bots import make_bot
from phom.review import review
games = int(sys.argv[1]); seed = int(sys.argv[2])
new = {"montecarlo": [], "greedy": []}; old = {"montecarlo": [], "greedy": []}
for i in range(games):
    names = ["greedy"] * 4; names[i % 4] = "montecarlo"
    g = Game(seed=seed * 1000 + i)
    bots = [make_bot(n, seed=seed * 1000 + i + p) for p, n in enumerate(names)]
    while not g.is_over: g.apply(bots[g.to_move].act(g.view(g.to_move)))
    r = review(g, seed=i)
    for e in r.ledger:
        chain = r.chains[e.seat]
        extra = 0.0
        for a, b in zip(chain, chain[1:]):
            if a.step == "luck" and b.step == "others" and a.index == b.index:
                extra += b.value - a.value
        new[names[e.seat]].append(e.luck); old[names[e.seat]].append(e.luck + extra)
for k in new:
    for label, d in (("new", new), ("old", old)):
        v = d[k]; m = statistics.fmean(v); h = 1.96 * statistics.stdev(v) / math.sqrt(len(v))
        print(f"{k} {label}: mean luck {m:+.3f} ± {h:.3f} ({len(v)} seat-games)")
