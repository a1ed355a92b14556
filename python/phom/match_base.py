"""What both games' matches share (``phom.phom.match.Match``, ``phom.tienlen.match.TienLenMatch``): the
rules, the match's seeded shuffle (each game's seed drawn from ``rng`` in turn), the money summed seat
by seat, and ``play``: games in a row with one bot per seat, each announced to the bots
(``phom.hooks``). Each game's match keeps only its own part: how the next game is dealt and led
(``next_game``) and what it keeps of a finished one (``finished``).

>>> summed([(1, -1), (2, -2)], 2)
[3, -3]
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from .hooks import announce_end, announce_start

__all__ = ["MatchBase", "summed"]


def summed(nets: Iterable[Sequence[int]], players: int) -> list[int]:
    """Each seat's money over games' ``net``."""
    sums = [0] * players
    for net in nets:
        for seat, money in enumerate(net):
            sums[seat] += money
    return sums


class MatchBase:
    """Games in a row at one table under ``rules``, dealt from a shuffle seeded with ``seed``."""

    def __init__(self, rules: Any, seed: int | None) -> None:
        self.rules = rules
        self.rng = random.Random(seed)
        #: the games dealt so far
        self.dealt = 0

    def next_seed(self) -> int:
        """The seed of the next game's deal, drawn from the match's shuffle."""
        self.dealt += 1
        return self.rng.randrange(2**63)

    def next_game(self) -> Any:
        """The next game (each match deals and leads it its own way)."""
        raise NotImplementedError

    def finished(self, game: Any) -> None:
        """What the match keeps of a game ``play`` has finished (each match its own)."""

    @property
    def money(self) -> tuple[int, ...]:
        """Each seat's money over the finished games."""
        raise NotImplementedError

    def play(self, bots: Sequence[Any], games: int) -> tuple[int, ...]:
        """Play ``games`` more games with one bot per seat (``act(view)``); each seat's money over the match."""
        if len(bots) != self.rules.players:
            raise ValueError(f"bots has {len(bots)} entries; the rules seat {self.rules.players} players")
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise ValueError(f"games {games!r} must be a whole number ≥ 1")
        for _ in range(games):
            game = self.next_game()
            announce_start(bots, game, self.dealt)
            while not game.is_over:
                game.apply(bots[game.to_move].act(game.view(game.to_move)))
            announce_end(bots, game)
            self.finished(game)
        return self.money
