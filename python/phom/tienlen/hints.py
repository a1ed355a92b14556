"""Tiến lên hints: the move a bot would make for a seat, and a sentence saying why (the greedy choice
by the fewest-plays split, or the Monte Carlo bot's look-ahead).

>>> game = TienLenGame(seed=3)
>>> action, reason = tienlen_hint(game, game.to_move)
>>> "split" in reason
True
>>> "lượt ra bài" in tienlen_hint(game, game.to_move, lang="vi")[1]
True
"""

from __future__ import annotations

from ..language import translator
from .bots import GreedyTienLenBot, MonteCarloTienLenBot
from .combos import min_plays
from .game import Action, Pass, TienLenGame
from .reference import in_order

__all__ = ["describe", "tienlen_hint"]


def tienlen_hint(game: TienLenGame, seat: int, *, search: bool = False, lang: str = "en") -> tuple[Action, str]:
    """The action a bot would take for ``seat`` and a sentence saying why (in ``lang``); ``search``: by
    the Monte Carlo bot's look-ahead."""
    _ = translator(lang)
    view = game.view(seat)
    if not view.legal_actions:
        raise ValueError(f"seat {seat} has no move now")
    hand = view.hand.mask
    if all(isinstance(a, Pass) for a in view.legal_actions):
        return view.legal_actions[0], _("nothing in your hand beats the table: pass is the only move")
    if search:
        bot = MonteCarloTienLenBot(seed=len(game.history))
        values = bot.values(view)
        if values:
            (best, value), rest = values[0], values[1:]
            said = {"deals": bot.worlds_used, "value": f"{value:+.2f}"}
            if not rest:
                return best, _("over {deals} sampled deals played out by greedy play, it wins {value} stakes "
                               "on average").format(**said)
            return best, _("over {deals} sampled deals played out by greedy play, it wins {value} stakes on "
                           "average, more than {other} ({other_value})").format(
                               **said, other=describe(rest[0][0], lang), other_value=f"{rest[0][1]:+.2f}")
    action = GreedyTienLenBot().act(view)
    if isinstance(action, Pass):
        return action, _("every play would lengthen your split of {plays} plays, spend a heo early or waste a "
                         "bomb").format(plays=min_plays(hand))
    left = min_plays(hand & ~action.cards.mask)
    if left == 0:
        return action, _("it plays out your last cards")
    return action, _("it leaves {left} plays in your split ({plays} now) and is the weakest that does").format(
        left=left, plays=min_plays(hand))


def describe(action: Action, lang: str = "en") -> str:
    """``pass`` (in ``lang``), or the cards of a play weakest first.

    >>> from phom.tienlen import Play
    >>> describe(Play("2H 3S")), describe(Pass())
    ('3♠ 2♥', 'pass')
    """
    return translator(lang)("pass") if isinstance(action, Pass) else in_order(action.cards)
