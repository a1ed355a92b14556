"""Tiến lên hints: the move the review's judgement recommends for a seat at the hint's budget
(``phom.review.judge``: the review's candidates, worlds and playouts, racing each candidate on at
most ``TIENLEN_HINT_WORLDS`` worlds; the look-ahead, ``search=True``, the same with
``SEARCH_WORLDS``, more than four times as many), and a sentence saying why. Where the best play is not
ahead of the next beyond the judgement's noise, the hint says the plays are as good as each other
(``TienLenHint.equal``) and plays the careful player's (the greedy bot's) among them.

>>> from phom.tienlen.bots import GreedyTienLenBot
>>> game = TienLenGame(seed=3)
>>> for _ in range(6):
...     game.apply(GreedyTienLenBot().act(game.view(game.to_move)))
>>> action, reason = tienlen_hint(game, game.to_move)
>>> action in game.legal_actions(), " trial games " in reason
(True, True)
>>> advice = tienlen_advice(game, game.to_move, lang="vi")
>>> advice.action == action, "đánh thử " in advice.reason, advice.worlds >= 4 * 32
(True, True, True)
"""

from __future__ import annotations

import math

from ..language import translator
from dataclasses import dataclass

from ..review.judge import SEARCH_WORLDS, equal_words, judge, judged_words, shown_equal
from .bots import GreedyTienLenBot
from .combos import min_plays
from .game import Action, Pass, TienLenGame
from .render import play_words

__all__ = ["TIENLEN_HINT_WORLDS", "TienLenHint", "describe", "tienlen_advice", "tienlen_hint"]

#: The most worlds the hint's race plays a candidate on (``TienLenKind.hint_worlds``): fewer than Phỏm's,
#: whose playouts cost less (up to 12 candidates here, four blocks of policies).
TIENLEN_HINT_WORLDS = 192


@dataclass(frozen=True)
class TienLenHint:
    """A Tiến lên hint: ``action`` to play and ``reason`` in one sentence; ``equal``: the plays the judgement
    cannot tell apart (``action`` first) when there are several, else empty; ``values``: each judged
    play's mean money a game, best first; ``playouts`` and ``worlds`` (the most a play was judged on)."""

    action: Action
    reason: str
    equal: tuple[Action, ...] = ()
    values: tuple[tuple[Action, float], ...] = ()
    playouts: int = 0
    worlds: int = 0

    def __str__(self) -> str:
        return f"{self.action}: {self.reason}"


def tienlen_hint(game: TienLenGame, seat: int, *, search: bool = False, lang: str = "en",
                 seed: int = 0) -> tuple[Action, str]:
    """The action the review's judgement recommends for ``seat`` and a sentence saying why (in
    ``lang``); ``search``: with the look-ahead's worlds; ``seed`` fixes the worlds (``tienlen_advice``
    says more)."""
    advice = tienlen_advice(game, seat, search=search, lang=lang, seed=seed)
    return advice.action, advice.reason


def tienlen_advice(game: TienLenGame, seat: int, *, search: bool = False, lang: str = "en",
                   seed: int = 0) -> TienLenHint:
    """The hint for ``seat`` with what the judgement knows: the plays as good as each other, the values."""
    _ = translator(lang)
    view = game.view(seat)
    if not view.legal_actions:
        raise ValueError(f"seat {seat} has no move now")
    hand = view.hand.mask
    if all(isinstance(a, Pass) for a in view.legal_actions):
        return TienLenHint(view.legal_actions[0], _("nothing in your hand beats the table: pass is the only move"))
    verdict = judge(view, worlds=SEARCH_WORLDS if search else TIENLEN_HINT_WORLDS, seed=seed)
    action = verdict.plans[verdict.choice][0]
    equal = tuple(dict.fromkeys([action, *(verdict.plans[i][0] for i in verdict.equal())]))
    values = tuple((verdict.plans[i][0], verdict.values[i]) for i in verdict.ranked())
    greedy = GreedyTienLenBot().act(view)
    if isinstance(action, Pass):
        detail = (_("every play would lengthen your split of {plays} plays, spend a heo early or waste a "
                    "bomb") if action == greedy else _("you keep your split of {plays} plays for a later round")
                  ).format(plays=min_plays(hand))
    else:
        left = min_plays(hand & ~action.cards.mask)
        if left == 0:
            detail = _("it plays out your last cards")
        elif action == greedy:
            detail = _("it leaves {left} plays in your split ({plays} now) and is the weakest that does").format(
                left=left, plays=min_plays(hand))
        else:
            detail = _("it leaves {left} plays in your split ({plays} now)").format(left=left, plays=min_plays(hand))
    ranked = verdict.ranked()
    value = verdict.values[verdict.choice]                 # the figures are the played move's own
    if len(ranked) < 2 or math.isnan(value):
        return TienLenHint(action, detail or _("it is the only move worth playing here"), (), values,
                           verdict.playouts, verdict.worlds)
    shown = [(i, widest, margin) for i, widest, margin in shown_equal(verdict) if verdict.plans[i][0] != action]
    if shown:
        _widest, gap, margin = max(shown, key=lambda item: (item[1], item[2]))
        names = list(dict.fromkeys(_other(verdict.plans[i][0], lang) for i, _gap, _margin in shown))
        said = equal_words(verdict.worlds, names, gap, margin, lang)
        return TienLenHint(action, f"{said}; {detail}", equal if len(equal) > 1 else (), values, verdict.playouts,
                           verdict.worlds)
    other = next((i for i in ranked if verdict.plans[i][0] != action), None)
    if other is None:
        return TienLenHint(action, detail or _("it is the only move worth playing here"), (), values,
                           verdict.playouts, verdict.worlds)
    gap = value - verdict.values[other]
    judged = judged_words(verdict.worlds, value, gap, _other(verdict.plans[other][0], lang), lang)
    return TienLenHint(action, f"{judged}; {detail}" if detail else judged, equal if len(equal) > 1 else (),
                       values, verdict.playouts, verdict.worlds)


def _other(action: Action, lang: str) -> str:
    text = describe(action, lang)
    return text[:1].lower() + text[1:] if isinstance(action, Pass) else text


def describe(action: Action, lang: str = "en") -> str:
    """``pass`` (in ``lang``), or the cards of a play weakest first (a lone 2 called heo).

    >>> from phom.tienlen import Play
    >>> describe(Play("2H 3S")), describe(Pass()), describe(Play("2C"), "vi")
    ('3♠ 2♥', 'pass', 'heo 2♣')
    """
    return translator(lang)("pass") if isinstance(action, Pass) else play_words(action.cards, lang)
