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

import random
from collections.abc import Sequence
from typing import Any

from ..cards import CardsLike
from ..hooks import announce_end, announce_start
from .game import TienLenGame
from .rules import TienLenRules

__all__ = ["TienLenMatch"]


class TienLenMatch:
    """Games in a row: ``next_game()`` deals the next one (seeded from ``seed``), ``totals`` sums the
    money of the finished games."""

    def __init__(self, rules: TienLenRules | None = None, *, seed: int | None = None) -> None:
        self.rules = rules if rules is not None else TienLenRules()
        if not isinstance(self.rules, TienLenRules):
            raise ValueError(f"rules {rules!r} is not a TienLenRules")
        self.rng = random.Random(seed)
        self.games: list[TienLenGame] = []

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's money over the finished games."""
        sums = [0] * self.rules.players
        for game in self.games:
            if game.result is not None:
                for seat, money in enumerate(game.result.net):
                    sums[seat] += money
        return tuple(sums)

    def next_game(self, deal: Sequence[CardsLike] | None = None) -> TienLenGame:
        """The next game (a fixed ``deal``, or shuffled); ValueError while the last one is unfinished."""
        if self.games and not self.games[-1].is_over:
            raise ValueError(f"game {len(self.games)} of the match is not over yet")
        seed = self.rng.randrange(2**63)
        if not self.games:
            game = TienLenGame(self.rules, seed=seed, deal=deal, first_game=True)
        else:
            previous = self.games[-1].result
            assert previous is not None
            game = TienLenGame(self.rules, seed=seed, deal=deal, first_game=False, leader=previous.winner)
        self.games.append(game)
        return game

    def play(self, bots: Sequence[Any], games: int) -> tuple[int, ...]:
        """Play ``games`` more games with one bot per seat (``act(view)``); returns ``totals``."""
        if len(bots) != self.rules.players:
            raise ValueError(f"bots has {len(bots)} entries; the rules seat {self.rules.players} players")
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise ValueError(f"games {games!r} must be a whole number ≥ 1")
        for _ in range(games):
            game = self.next_game()
            announce_start(bots, game, len(self.games))
            while game.to_move is not None:
                game.apply(bots[game.to_move].act(game.view(game.to_move)))
            announce_end(bots, game)
        return self.totals
