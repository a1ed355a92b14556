"""Tiến lên hints: the move a bot would make for a seat, and a sentence saying why (the greedy choice
by the fewest-plays split, or the Monte Carlo bot's look-ahead).

>>> game = TienLenGame(seed=3)
>>> action, reason = tienlen_hint(game, game.to_move)
>>> "split" in reason
True
"""

from __future__ import annotations

from .bots import GreedyTienLenBot, MonteCarloTienLenBot
from .combos import min_plays
from .game import Action, Pass, TienLenGame
from .reference import in_order

__all__ = ["describe", "tienlen_hint"]


def tienlen_hint(game: TienLenGame, seat: int, *, search: bool = False) -> tuple[Action, str]:
    """The action a bot would take for ``seat`` and a sentence saying why; ``search``: by the
    Monte Carlo bot's look-ahead."""
    view = game.view(seat)
    if not view.legal_actions:
        raise ValueError(f"seat {seat} has no move now")
    hand = view.hand.mask
    if all(isinstance(a, Pass) for a in view.legal_actions):
        return view.legal_actions[0], "nothing in your hand beats the table: pass is the only move"
    if search:
        bot = MonteCarloTienLenBot(seed=len(game.history))
        values = bot.values(view)
        if values:
            (best, value), rest = values[0], values[1:]
            runner = f" than {describe(rest[0][0])} ({rest[0][1]:+.2f})" if rest else ""
            return best, (f"over {bot.worlds_used} sampled deals played out by greedy play, it wins "
                          f"{value:+.2f} stakes on average{', more' + runner if runner else ''}")
    action = GreedyTienLenBot().act(view)
    if isinstance(action, Pass):
        return action, (f"every play would lengthen your split of {min_plays(hand)} plays, spend a heo early "
                        "or waste a bomb")
    left = min_plays(hand & ~action.cards.mask)
    if left == 0:
        return action, "it plays out your last cards"
    return action, f"it leaves {left} plays in your split ({min_plays(hand)} now) and is the weakest that does"


def describe(action: Action) -> str:
    """``pass``, or the cards of a play weakest first.

    >>> from phom.tienlen import Play
    >>> describe(Play("2H 3S")), describe(Pass())
    ('3♠ 2♥', 'pass')
    """
    return "pass" if isinstance(action, Pass) else in_order(action.cards)
