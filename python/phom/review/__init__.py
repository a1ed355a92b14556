"""Reviews of finished games, both games: every decision weighed, every seat's money explained.

``review(record)`` replays a finished Phỏm or Tiến lên game (or a game of any kind registered in
``phom.games``: its kind gives the replay, or its Python referee plays it where it has no compiled
engine) and values each reviewed seat's choices with the core's Monte Carlo machinery from that seat's
view (worlds consistent with what it knew, candidates raced over common random numbers, the best
checked again on fresh worlds). Each seat's ``Ledger`` adds up exactly: ``expected + skill + luck +
others == net``.

>>> from phom.tienlen import TienLenGame
>>> from phom.tienlen.bots import GreedyTienLenBot
>>> game = TienLenGame(seed=1)
>>> while not game.is_over:
...     game.apply(GreedyTienLenBot().act(game.view(game.to_move)))
>>> result = review(game.to_json(), worlds=16)
>>> result.game, [e.expected + e.skill + e.luck + e.others == e.net for e in result.ledger]
('tienlen', [True, True, True, True])
"""

from .model import Decision, Ledger, Point, Review
from .walk import load_record, review

__all__ = ["Decision", "Ledger", "Point", "Review", "load_record", "review"]
