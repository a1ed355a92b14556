"""A match of Tiến lên: games in a row at one table, money summed. The first game is a first game
(the holder of 3♠ leads with it; its tới trắng kinds); every later game is led by the previous game's
nhất and uses the later-game tới trắng kinds (the Tiến lên rules).

>>> from phom.tienlen.bots import GreedyTienLenBot
>>> match = TienLenMatch(seed=5)
>>> totals = match.play([GreedyTienLenBot() for _ in range(4)], games=3)
>>> len(match.games), sum(totals), match.games[1].leader == match.games[0].result.winner
(3, 0, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import CardsLike
from ..match_base import MatchBase, summed
from .game import TienLenGame
from .rules import TienLenRules

__all__ = ["TienLenMatch"]


class TienLenMatch(MatchBase):
    """Games in a row: ``next_game()`` deals the next one (seeded from ``seed``), ``totals`` sums the
    money of the finished games; ``play(bots, games)`` plays them (``phom.match_base``)."""

    def __init__(self, rules: TienLenRules | None = None, *, seed: int | None = None) -> None:
        super().__init__(rules if rules is not None else TienLenRules(), seed)
        if not isinstance(self.rules, TienLenRules):
            raise ValueError(f"rules {rules!r} is not a TienLenRules")
        self.games: list[TienLenGame] = []

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's money over the finished games."""
        return tuple(summed((game.result.net for game in self.games if game.result is not None), self.rules.players))

    @property
    def money(self) -> tuple[int, ...]:
        return self.totals

    def next_game(self, deal: Sequence[CardsLike] | None = None) -> TienLenGame:
        """The next game (a fixed ``deal``, or shuffled); ValueError while the last one is unfinished."""
        if self.games and not self.games[-1].is_over:
            raise ValueError(f"game {len(self.games)} of the match is not over yet")
        seed = self.next_seed()
        if not self.games:
            game = TienLenGame(self.rules, seed=seed, deal=deal, first_game=True)
        else:
            previous = self.games[-1].result
            assert previous is not None
            game = TienLenGame(self.rules, seed=seed, deal=deal, first_game=False, leader=previous.winner)
        self.games.append(game)
        return game
