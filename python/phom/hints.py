"""Hints for people: the recommended action, a one-sentence reason, and the ranked alternatives.

Every legal action gets a score: the fewest points the player can hold once it is played (lower is
better), found with the solver; the recommendation is the greedy bot's choice, which follows the same
order and breaks ties towards the safer discard.

>>> from phom import Game
>>> g = Game(seed=12)
>>> str(g.hands[0])
'4♠ 5♠ 6♠ 9♠ Q♠ A♣ 7♣ 8♣ A♦ 9♦'
>>> h = hint(g)
>>> h.action
Discard(Card('QS'))
>>> h.reason
'Discard Q♠: your best arrangement stays at 35 points, and the next player could eat it (5 ways).'
>>> hint(g, lang="vi").reason
'Đánh Q♠: cách xếp tốt nhất của bạn vẫn là 35 điểm, và nhà dưới có thể ăn lá này (5 cách).'

With ``search=True`` the choices that matter (eat or draw; which card to discard) are ranked by the
money they win in MonteCarloBot's whole-game playouts, within a time budget:

>>> h = hint(g, search=True, budget=0.05)
>>> h.reason.startswith(str(h.action).capitalize().split()[0]) and "playouts" in h.reason
True
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from .actions import Action, AutoLay, DeclareU, DeclareUKhan, Discard, Draw, Eat, LayMeld, Send
from .bots.greedy import greedy_action
from .bots.montecarlo import MonteCarloBot
from .cards import card_indices
from .game import Game
from .language import translator
from .render import html
from .results import LayPlan
from .solver import arrange, best_lay, danger, eat_melds, legal_discard_mask, min_points_mask
from .view import PlayerView

__all__ = ["Hint", "hint"]


@dataclass(frozen=True)
class Hint:
    """``action`` to play, ``reason`` in one sentence, ``alternatives``: (action, points, reason) for every
    legal action, best first (points: the fewest the player can hold after it; −1 for an ù).
    With a search, ``values`` holds the mean net money of each searched action over ``playouts``
    whole-game playouts (best first), and the alternatives follow that order."""

    action: Action
    reason: str
    alternatives: tuple[tuple[Action, int, str], ...]
    values: tuple[tuple[Action, float], ...] = ()
    playouts: int = 0

    def __str__(self) -> str:
        return f"{self.action}: {self.reason}"

    def _repr_html_(self) -> str:
        """The advice, its cards and the alternatives (notebooks show it)."""
        return html(self)


def hint(game_or_view: Game | PlayerView, player: int | None = None, *, search: bool = False,
         budget: float = 0.5, seed: int | None = None, lang: str = "en") -> Hint:
    """Advice for ``player`` (default: the player to move), who must be the one to move; the reasons in
    ``lang`` (``"en"`` or ``"vi"``).

    ``search=True`` looks ahead: MonteCarloBot's playouts, 64 sampled worlds at a time until
    ``budget`` seconds are spent (at least one round), rank the searched choices by mean net money."""
    _ = translator(lang)
    if isinstance(game_or_view, Game):
        seat = game_or_view.to_move if player is None else player
        if seat is None:
            raise ValueError("the game is over: there is nothing to advise")
        view = game_or_view.view(seat)
    else:
        view = game_or_view
        if player is not None and player != view.player:
            raise ValueError(f"this view belongs to player {view.player}, not {player}")
    if not view.legal_actions:
        raise ValueError(f"player {view.player} is not to move")
    scored = [_score(view, action, _) for action in view.legal_actions]
    choice = greedy_action(view.hand.mask, view.unlaid_eaten.mask, view.legal_actions, view.unseen.mask,
                           view.phase, view.rules.value_table)
    scored.sort(key=lambda item: (item[0] is not choice, item[1], item[0].id))
    if search:
        return _searched(view, choice, scored, budget, seed, _)
    return Hint(choice, scored[0][2], tuple(scored))


def _searched(view: PlayerView, greedy: Action, scored: list[tuple[Action, int, str]], budget: float,
              seed: int | None, _: Callable[[str], str]) -> Hint:
    """The hint of a MonteCarloBot search over the choices that matter (all others keep their order)."""
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not 0 < budget <= 60:
        raise ValueError(f"budget {budget!r} must be a number of seconds above 0 and at most 60")
    bot = MonteCarloBot(worlds=64, seed=seed)
    candidates = bot.candidates(view, greedy)
    if len(candidates) < 2:
        reason = scored[0][2].rstrip(".") + _("; there is no choice here worth a search.")
        return Hint(greedy, reason, tuple(scored))
    totals = dict.fromkeys(candidates, 0.0)
    rounds, started = 0, time.perf_counter()
    while rounds == 0 or time.perf_counter() - started < budget:
        for action, value in bot.evaluate(view, candidates, greedy).values:
            totals[action] += value
        rounds += 1
    ranked = sorted(candidates, key=lambda a: (-totals[a], a is not greedy, a.id))
    values = tuple((a, totals[a] / rounds) for a in ranked)
    playouts = rounds * bot.worlds * len(candidates)
    place = {a: i for i, a in enumerate(ranked)}
    ordered = sorted(scored, key=lambda item: place.get(item[0], len(ranked)))
    (best, best_value), (second, second_value) = values[0], values[1]
    gap = best_value - second_value
    if isinstance(best, Discard):
        named = _("Discard {card}").format(card=best.card)
    elif isinstance(best, Eat):
        named = _("Eat {card}").format(card=best.card)
    else:
        named = _("Draw")
    if gap < 0.05:
        compared = _("it wins as much on average as {other}").format(other=_choice(second, _))
    else:
        compared = _("it wins {gap} stakes more on average than {other}").format(gap=f"{gap:.1f}",
                                                                                 other=_choice(second, _))
    reason = _("{named}: {compared} over {playouts} playouts ({value} stakes a game).").format(
        named=named, compared=compared, playouts=f"{playouts:,}", value=f"{best_value:+.2f}")
    return Hint(best, reason, tuple(ordered), values, playouts)


def _choice(action: Action, _: Callable[[str], str]) -> str:
    if isinstance(action, Discard):
        return str(action.card)
    if isinstance(action, Eat):
        return _("eating {card}").format(card=action.card)
    return _("drawing")


def _score(view: PlayerView, action: Action, _: Callable[[str], str]) -> tuple[Action, int, str]:
    hand, eaten, values = view.hand.mask, view.unlaid_eaten.mask, view.rules.value_table
    acting = view.turn_kind in ("lay", "tai")
    if isinstance(action, DeclareUKhan):
        return action, -1, _("Declare ù khan: your dealt hand has no cạ and no phỏm.")
    if isinstance(action, DeclareU):
        a = arrange(hand, eaten, values=[1] * 13)
        assert a is not None
        melds = " | ".join(str(m) for m in a.melds)
        kind = "ù tròn" if not a.deadwood else "ù"
        return action, -1, _("Declare {kind}: {melds} hold every card but {rest}.").format(
            kind=kind, melds=melds, rest=a.deadwood or _("none"))
    if isinstance(action, Eat):
        x = action.card
        after_hand, after_eaten = hand | x.mask, eaten | x.mask
        joins = min(eat_melds(hand, x, eaten), key=lambda m: (len(m), m.mask))
        chot = " (ăn chốt)" if acting else ""
        free = card_indices(legal_discard_mask(after_hand, after_eaten))
        if not free:   # every card goes into phỏm with it (a tái turn's new phỏm): nothing is left to discard
            best = min_points_mask(after_hand, after_eaten, values)
            return action, best, _("Eat {card}{chot}: it completes {meld}, which you lay with the rest of your "
                                   "hand.").format(card=x, chot=chot, meld=joins)
        best = min(min_points_mask(after_hand & ~(1 << c), after_eaten, values) for c in free)
        return action, best, _("Eat {card}{chot}: it completes {meld} and leaves {points} points after your "
                               "discard.").format(card=x, chot=chot, meld=joins, points=best)
    if isinstance(action, Draw):
        now = min_points_mask(hand, eaten, values)
        return action, now, _("Draw: your best arrangement is {points} points before the new card.").format(
            points=now)
    if isinstance(action, AutoLay):
        plan = _plan(view)
        return action, plan.points, _("Lay down with the solver's plan: {plan}.").format(plan=plan)
    if isinstance(action, LayMeld):
        rest = _plan(view, hand & ~action.meld.mask, eaten & ~action.meld.mask, laid=True)
        return action, rest.points, _("Lay {meld}: the best finish after it leaves {points} points.").format(
            meld=action.meld, points=rest.points)
    if isinstance(action, Send):
        rest = _plan(view, hand & ~action.card.mask, eaten, laid=True)
        p, i = action.target
        return action, rest.points, _("Send {card} onto {meld}: the best finish after it leaves {points} "
                                      "points.").format(card=action.card, meld=view.laid[p][i], points=rest.points)
    assert isinstance(action, Discard)
    c = action.card
    keep = hand & ~c.mask
    if acting and not eaten:
        points = sum(values.per_card[i] for i in card_indices(keep))
        stay = _("you keep {points} points").format(points=points)
    else:
        points = min_points_mask(keep, eaten, values)
        stay = _("your best arrangement stays at {points} points").format(points=points)
    risk = danger(c.index, view.unseen.mask)
    if risk == 0:
        safety = _("no phỏm can take it")
    elif risk == 1:
        safety = _("the next player could eat it (1 way)")
    else:
        safety = _("the next player could eat it ({count} ways)").format(count=risk)
    return action, points, _("Discard {card}: {stay}, and {safety}.").format(card=c, stay=stay, safety=safety)


def _plan(view: PlayerView, hand: int | None = None, eaten: int | None = None, laid: bool = False) -> LayPlan:
    """best_lay over the phỏm this player may send to now (the referee's ``send_targets``)."""
    table = [m for _, _, m in view.send_targets()]
    already = laid or bool(view.laid[view.player])
    plan = best_lay(view.hand.mask if hand is None else hand, view.unlaid_eaten.mask if eaten is None else eaten,
                    table, values=view.rules.value_table, already_laid=already)
    assert plan is not None
    return plan
