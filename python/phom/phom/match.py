"""A match: several games in a row, the winner of each leading the next, money summed (what both games'
matches share is ``phom.match_base``).

>>> from phom import Match
>>> m = Match(seed=1)
>>> g = m.new_game()
>>> g.leader
0
>>> from phom.bots import GreedyBot
>>> totals = Match(seed=2).play([GreedyBot() for _ in range(4)], games=2)
>>> len(totals), sum(totals)
(4, 0)
"""

from __future__ import annotations

from ..match_base import MatchBase
from .game import Game
from .rules import Rules
from .scoring import Result

__all__ = ["Match"]


class Match(MatchBase):
    """Games played in sequence. ``new_game()`` deals the next one (led by the last winner);
    ``record(game)`` adds a finished game's money to ``totals``; ``play(bots, games)`` plays and records."""

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None, leader: int = 0) -> None:
        super().__init__(rules if rules is not None else Rules(), seed)
        self.next_leader = leader
        self.results: list[Result] = []
        self.totals = [0] * self.rules.players

    def new_game(self) -> Game:
        """The next game, dealt from this match's seeded shuffle, led by the previous winner."""
        return Game(self.rules, seed=self.next_seed(), leader=self.next_leader)

    def next_game(self) -> Game:
        """``new_game()``: what ``play`` deals."""
        return self.new_game()

    def finished(self, game: Game) -> None:
        """``record(game)``: a game ``play`` finished."""
        self.record(game)

    @property
    def money(self) -> tuple[int, ...]:
        return tuple(self.totals)

    def record(self, game: Game) -> Result:
        """Add a finished game to the match; its winner leads the next game."""
        if game.result is None:
            raise ValueError("the game is not over yet")
        if game.rules != self.rules:
            raise ValueError("the game was played under other rules than this match")
        result = game.result
        self.results.append(result)
        for p, amount in enumerate(result.net):
            self.totals[p] += amount
        self.next_leader = result.winner
        return result
