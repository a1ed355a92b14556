"""Is the Tiến lên review's luck mean zero? 24 games of one montecarlo seat against three greedy seats
(the montecarlo seat moves round), every seat reviewed at the defaults: each seat's mean luck (the
deal is Tiến lên's only luck) with its 95 % interval (seat-games taken as independent).

    nice -n 10 python3 benchmarks/review_luck_tienlen.py
"""
import statistics, math
from phom.tienlen import TienLenGame
from phom.tienlen.bots import make_tienlen_bot
from phom.review import review
luck={"montecarlo":[], "greedy":[]}; deal={"montecarlo":[], "greedy":[]}
for i in range(24):
    names=["greedy"]*4; names[i%4]="montecarlo"
    g=TienLenGame(seed=5000+i); bots=[make_tienlen_bot(n,seed=i+p) for p,n in enumerate(names)]
    while not g.is_over: g.apply(bots[g.to_move].act(g.view(g.to_move)))
    r=review(g,seed=i)
    for e in r.ledger:
        luck[names[e.seat]].append(e.luck)
for k,v in luck.items():
    print(k, f"{statistics.fmean(v):+.3f} ± {1.96*statistics.stdev(v)/math.sqrt(len(v)):.3f}", len(v))
