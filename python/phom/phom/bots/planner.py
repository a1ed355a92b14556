"""PlannerBot: GreedyBot's play with a price on rác that fades as the game goes on.

GreedyBot throws whatever keeps the fewest points, so it breaks its cạ (two cards one draw from a phỏm)
as readily as its rác. PlannerBot adds ``RAC_PRICE`` points for every rác a discard leaves, times the
discards the player still has to make before his lay-down (3 before his first, 0 from his fourth on):
early it keeps the cards that can still become phỏm, late it plays for points like GreedyBot. It eats,
declares ù and lays down as GreedyBot does. The price was tuned on seed 7 against three GreedyBots
(``research/phom_tuning.py planner``; the sweep is in LADDER.md).

>>> from phom import Game
>>> game = Game(seed=12)
>>> PlannerBot().act(game.view(0))
Discard(Card('QS'))
"""

from __future__ import annotations

from ...bot_base import offered
from ..actions import Action
from ..view import PlayerView
from .greedy import greedy_action

__all__ = ["RAC_PRICE", "PlannerBot", "rac_price"]

#: Points a rác costs per discard still to make before the lay-down.
RAC_PRICE = 4


def rac_price(turns: int) -> int:
    """The price of one rác for a player who has made ``turns`` discards.

    >>> [rac_price(t) for t in range(5)]
    [12, 8, 4, 0, 0]
    """
    return RAC_PRICE * max(0, 3 - turns)


class PlannerBot:
    """GreedyBot with a fading price on rác (see the module docstring); deterministic."""

    name = "planner"

    def reseed(self, seed: int) -> None:
        """Nothing to reseed: the bot is deterministic."""

    def act(self, view: PlayerView) -> Action:
        offered(view)
        turns = view.public.state.seats[view.player].turns
        return greedy_action(view.hand.mask, view.unlaid_eaten.mask, view.legal_actions, view.unseen.mask,
                             view.phase, view.rules.value_table, rac_price(turns))
