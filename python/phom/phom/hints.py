"""Hints for people: the recommended action, a one-sentence reason, and the ranked alternatives.

The recommendation is the review's judgement at the hint's budget (``phom.review.judge``): the same
candidates (every way to finish the turn), worlds that agree with the player's view, the same
playouts, ``HINT_WORLDS`` worlds a batch (a few tens of milliseconds); the look-ahead (``search=True``)
is the same judgement with more worlds. So a player who follows the hint is not told by the review
that he erred, beyond the noise of the hint's fewer worlds. The best lay-down itself (which phỏm to
lay, what to send) is the solver's exact plan. Every legal action also gets its points: the fewest
the player can hold once it is played, found with the solver.

>>> from phom import Game
>>> g = Game(seed=12)
>>> str(g.hands[0])
'4♠ 5♠ 6♠ 9♠ Q♠ A♣ 7♣ 8♣ A♦ 9♦'
>>> h = hint(g)
>>> h.action, h.equal
(Discard(Card('QS')), (Discard(Card('QS')), Discard(Card('8C')), Discard(Card('AD'))))
>>> print(h.reason)
Discard Q♠: as good as discard 8♣ and discard A♦ (over 256 trial games they are at most 0.59 stakes a game apart, within the trials' margin of 0.91); a careful player picks this one. Your best arrangement comes to 35 points, and the next player could eat it (5 ways).
>>> print(hint(g, lang="vi").reason)
Đánh Q♠: ngang với đánh 8♣ và đánh A♦ (đánh thử 256 ván, các nước này chênh nhau không quá 0,59 cược một ván, chưa vượt sai số 0,91 cược của phép thử); người chơi cẩn thận sẽ chọn nước này. Cách xếp tốt nhất của bạn còn 35 điểm, và nhà dưới có thể ăn lá này (5 cách).

Where one move is ahead beyond the noise, the hint names it and says by how much:

>>> h = hint(Game(seed=28), lang="vi")
>>> h.equal
()
>>> print(h.reason)
Đánh 6♦: đánh thử 256 ván, nước này thắng trung bình 2,64 cược một ván, hơn đánh 2♦ 0,88 cược. Cách xếp tốt nhất của bạn còn 36 điểm, và nhà dưới có thể ăn lá này (4 cách).

With ``search=True`` the same judgement takes four times the worlds, doubling them while ``budget``
seconds allow:

>>> h = hint(g, search=True, budget=0.05)
>>> h.action in g.legal_actions() and h.worlds >= 4 * HINT_WORLDS
True
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from .actions import Action, AutoLay, DeclareU, DeclareUKhan, Discard, Draw, Eat, LayMeld, Send
from ..cards import card_indices
from .game import Game
from ..language import translator
from .render import action_text, html
from .results import LayPlan
from ..review.judge import SEARCH_WORLDS, Judgement, equal_words, judge, judged_words, shown_equal
from .solver import arrange, best_lay, danger, eat_melds, legal_discard_mask, min_points_mask
from .view import PlayerView

__all__ = ["HINT_WORLDS", "SEARCH_FACTOR", "Hint", "hint", "lay_words", "plan_words"]

#: The most worlds the hint's race plays a candidate on (``PhomKind.hint_worlds``; benchmarks/hint_agreement.py
#: measures its cost a decision and how often the review labels its move).
HINT_WORLDS = 256
#: The look-ahead's worlds, at least, as a multiple of the quick hint's.
SEARCH_FACTOR = 4


@dataclass(frozen=True)
class Hint:
    """``action`` to play, ``reason`` in one sentence, ``alternatives``: (action, points, reason) for every
    legal action, best first (points: the fewest the player can hold after it; −1 for an ù).
    ``values`` holds the mean net money of each judged action (its best plan) over the judgement's
    worlds, best first, ``playouts`` the games played out for it; the alternatives follow that order.
    ``equal``: the moves the judgement cannot tell apart (within twice the standard error of their
    paired gap), ``action`` first, when there are several; empty when one move is ahead beyond doubt.
    ``worlds``: the most worlds a move was judged on."""

    action: Action
    reason: str
    alternatives: tuple[tuple[Action, int, str], ...]
    values: tuple[tuple[Action, float], ...] = ()
    playouts: int = 0
    equal: tuple[Action, ...] = ()
    worlds: int = 0

    def __str__(self) -> str:
        return f"{self.action}: {self.reason}"

    def _repr_html_(self) -> str:
        """The advice, its cards and the alternatives (notebooks show it)."""
        return html(self)


def hint(game_or_view: Game | PlayerView, player: int | None = None, *, search: bool = False,
         budget: float = 0.5, seed: int | None = None, lang: str = "en") -> Hint:
    """Advice for ``player`` (default: the player to move), who must be the one to move; the reasons in
    ``lang`` (``"en"`` or ``"vi"``). ``seed`` (default 0) fixes the worlds.

    ``search=True`` looks ahead: the same judgement over four times the worlds, then doubled again (up to
    ``SEARCH_WORLDS`` × 16) while ``budget`` seconds allow (at least one judgement). Where the best move
    is not ahead of the next beyond the judgement's noise, the hint says they are as good as each other
    (``Hint.equal``) and plays the careful player's (the greedy bot's) among them."""
    _ = translator(lang)
    if not isinstance(game_or_view, (Game, PlayerView)):
        raise TypeError(f"game_or_view must be a Game or a PlayerView (game.view(seat), Position.view()), "
                        f"not {type(game_or_view).__name__}")
    if player is not None and (isinstance(player, bool) or not hasattr(player, "__index__")):
        raise TypeError(f"player must be a seat number or None, not {player!r}")
    if isinstance(game_or_view, PlayerView):
        view = game_or_view
        if player is not None and player != view.player:
            raise ValueError(f"this view belongs to player {view.player}, not {player}")
    else:                                           # the game: the view of the seat asked for
        seat = game_or_view.to_move if player is None else player
        if seat is None:
            raise ValueError("the game is over: there is nothing to advise")
        view = game_or_view.view(seat)
    if not view.legal_actions:
        raise ValueError(f"player {view.player} is not to move")
    if seed is None:
        seed = 0
    if search:
        verdict = _searched(view, budget, seed)
    else:
        verdict = judge(view, worlds=HINT_WORLDS, seed=seed)
    scored = {action: _score(view, action, lang) for action in view.legal_actions}
    values: dict[Action, float] = {}
    for i in verdict.ranked():
        values.setdefault(verdict.plans[i][0], verdict.values[i])
    best_plan = verdict.plans[verdict.choice]
    choice = best_plan[0]
    equal = tuple(dict.fromkeys([choice, *(verdict.plans[i][0] for i in verdict.equal())]))
    place = {a: k for k, a in enumerate(values)}
    place[choice] = -1
    alternatives = tuple(sorted(scored.values(), key=lambda item: (place.get(item[0], len(place)), item[1],
                                                                   item[0].id)))
    detail = _plan_detail(view, best_plan, scored[choice][2], lang)
    shown = _shown_equal(verdict, values)
    if shown:
        reason = _equal_reason(view, verdict, best_plan, shown, detail, lang)
    else:
        reason = _reason(view, verdict, best_plan, values, detail, lang)
    return Hint(choice, reason, alternatives, tuple(values.items()), verdict.playouts,
                equal if len(equal) > 1 else (), verdict.worlds)


def _searched(view: PlayerView, budget: float, seed: int) -> Judgement:
    """The look-ahead: the judgement with four times the hint's worlds, doubled while the budget allows."""
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not 0 < budget <= 60:
        raise ValueError(f"budget {budget!r} must be a number of seconds above 0 and at most 60")
    started = time.perf_counter()
    worlds = SEARCH_FACTOR * HINT_WORLDS
    while True:
        began = time.perf_counter()
        verdict = judge(view, worlds=worlds, seed=seed)
        took = time.perf_counter() - began
        if worlds >= 16 * SEARCH_WORLDS or verdict.worlds < worlds or time.perf_counter() - started + 2.5 * took > budget:
            return verdict
        worlds *= 2


def _reason(view: PlayerView, verdict: Judgement, plan: tuple[Action, ...], values: dict[Action, float],
            detail: str, lang: str) -> str:
    """The judgement in one sentence (the move's money a game and how it compares with the best other
    move's), then what the solver says of the move (``detail``)."""
    choice = plan[0]
    named = plan_words(plan, view, lang)
    named = named[:1].upper() + named[1:]
    others = [(a, v) for a, v in values.items() if a != choice]
    value = verdict.values[verdict.choice]
    if not others or math.isnan(value):
        return detail if len(plan) == 1 else f"{named}: {_after_colon(detail)}"
    other, other_value = others[0]
    judged = f"{named}: {judged_words(verdict.worlds, value, value - other_value, _choice(other, lang), lang)}."
    rest = _after_colon(detail)
    return f"{judged} {rest[:1].upper()}{rest[1:]}"


def _shown_equal(verdict: Judgement, values: dict[Action, float]) -> list[tuple[Action, float, float]]:
    """The moves the trials show as good as the choice's (``phom.review.judge.shown_equal``), each once,
    their values the ones ``Hint.values`` shows, with the widest figure between the two and its margin.
    Empty when none is (moves that came out the same, or all but the same, are said to win as much as
    each other instead)."""
    first = verdict.plans[verdict.choice][0]
    if values.get(first) != verdict.values[verdict.choice]:
        return []
    shown: dict[Action, tuple[Action, float, float]] = {}
    for i, widest, margin in shown_equal(verdict):
        action = verdict.plans[i][0]
        if action != first and action not in shown and values.get(action) == verdict.values[i]:
            shown[action] = (action, widest, margin)
    return list(shown.values())


def _equal_reason(view: PlayerView, verdict: Judgement, plan: tuple[Action, ...],
                  shown: list[tuple[Action, float, float]], detail: str, lang: str) -> str:
    """The move played and the moves the trials cannot tell from it (``_shown_equal``), named, with the
    widest figure between them and its margin; then what the solver says."""
    _widest_action, gap, margin = max(shown, key=lambda item: (item[1], item[2]))
    others = [action_text(action, lang) for action, _gap, _margin in shown]
    named = plan_words(plan, view, lang)
    said = equal_words(verdict.worlds, [n[:1].lower() + n[1:] for n in others], gap, margin, lang)
    rest = _after_colon(detail)
    return f"{named[:1].upper()}{named[1:]}: {said}. {rest[:1].upper()}{rest[1:]}"


def _plan_detail(view: PlayerView, plan: tuple[Action, ...], detail: str, lang: str) -> str:
    """What the solver says of the plan the hint plays: its first move's ``detail`` (``_score``), but for
    an eat the points after the plan's own discard, and for a lay-down with the judged discard the
    phỏm and the cards sent only.

    >>> from phom import Position
    >>> view = Position.parse("1tN 2SKS3C6C5D8D9H10HQH 9/9/9/9 JH/-/-/- -/-/-/- -/-/-/- - 1/0/0/0 15 0 - 1 std").view()
    >>> _plan_detail(view, (Eat("JH"), Discard("8D")), "", "en")
    'Eat J♥: it completes 9♥ 10♥ J♥ Q♥ and leaves 29 points after your discard.'
    """
    _ = translator(lang)
    first = plan[0]
    if isinstance(first, Eat) and len(plan) > 1 and isinstance(plan[-1], Discard):   # ăn chốt: a lay-down between
        return _eat_words(view, first, lang, plan[-1])[1]
    if isinstance(first, AutoLay) and len(plan) > 1:     # the judged discard, not the solver's
        return _("Lay down with the solver's plan: {plan}.").format(
            plan=lay_words(_plan(view), view, lang, discard=False))
    return detail


def _after_colon(reason: str) -> str:
    """A reason without its leading move ("Discard Q♠: …" → "…")."""
    return reason.split(": ", 1)[1] if ": " in reason else reason


def plan_words(plan: tuple[Action, ...], view: PlayerView, lang: str = "en") -> str:
    """A plan of moves in one phrase, as the table says it: the first move as a button names it, the
    rest after it (the lay-down as the phỏm it lays and the cards it sends).

    >>> from phom import Game
    >>> from phom.phom.actions import Action
    >>> plan_words((Action.parse("eat 5H"), Action.parse("discard 7C")), Game(seed=1).view(0), "vi")
    'Ăn 5♥, đánh 7♣'
    """
    parts = [action_text(action, lang) for action in plan]
    return ", ".join(p if i == 0 else p[:1].lower() + p[1:] for i, p in enumerate(parts))


def _choice(action: Action, lang: str) -> str:
    """The other choice, as a comparison names it (a card, eating a card, drawing)."""
    _ = translator(lang)
    if isinstance(action, Discard):
        return _("discarding {card}").format(card=action.card)
    if isinstance(action, Eat):
        return _("eating {card}").format(card=action.card)
    if isinstance(action, Draw):
        return _("drawing")
    if isinstance(action, AutoLay):
        return _("laying down automatically")
    text = action_text(action, lang)
    return text[:1].lower() + text[1:]


def _score(view: PlayerView, action: Action, lang: str) -> tuple[Action, int, str]:
    _ = translator(lang)
    hand, eaten, values = view.hand.mask, view.unlaid_eaten.mask, view.rules.value_table
    acting = view.turn_kind in ("lay", "tai")
    if isinstance(action, DeclareUKhan):
        return action, -1, _("Declare ù khan: your dealt hand has no cạ and no phỏm.")
    if isinstance(action, DeclareU):
        a = arrange(hand, eaten, values=[1] * 13)
        assert a is not None
        melds = " · ".join(str(m) for m in a.melds)
        kind = "ù tròn" if not a.deadwood else "ù"
        return action, -1, _("Declare {kind}: {melds} hold every card but {rest}.").format(
            kind=kind, melds=melds, rest=a.deadwood or _("none"))
    if isinstance(action, Eat):
        best, said = _eat_words(view, action, lang)
        return action, best, said
    if isinstance(action, Draw):
        now = min_points_mask(hand, eaten, values)
        return action, now, _("Draw: your best arrangement is {points} points before the new card.").format(
            points=now)
    if isinstance(action, AutoLay):
        plan = _plan(view)
        return action, plan.points, _("Lay down with the solver's plan: {plan}.").format(
            plan=lay_words(plan, view, lang))
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
        stay = _("your best arrangement comes to {points} points").format(points=points)
    risk = danger(c.index, view.unseen.mask)
    if risk == 0:
        safety = _("no phỏm can take it")
    elif risk == 1:
        safety = _("the next player could eat it (1 way)")
    else:
        safety = _("the next player could eat it ({count} ways)").format(count=risk)
    return action, points, _("Discard {card}: {stay}, and {safety}.").format(card=c, stay=stay, safety=safety)


def _eat_words(view: PlayerView, action: Eat, lang: str, discard: Discard | None = None) -> tuple[int, str]:
    """An eat's points and words: the fewest points after ``discard`` (default: after the best discard)."""
    _ = translator(lang)
    hand, eaten, values = view.hand.mask, view.unlaid_eaten.mask, view.rules.value_table
    x = action.card
    after_hand, after_eaten = hand | x.mask, eaten | x.mask
    joins = min(eat_melds(hand, x, eaten), key=lambda m: (len(m), m.mask))
    chot = " (ăn chốt)" if view.turn_kind in ("lay", "tai") else ""
    free = card_indices(legal_discard_mask(after_hand, after_eaten))
    if not free:   # every card goes into phỏm with it (a tái turn's new phỏm): nothing is left to discard
        return min_points_mask(after_hand, after_eaten, values), _(
            "Eat {card}{chot}: it completes {meld}, which you lay with the rest of your hand.").format(
            card=x, chot=chot, meld=joins)
    if discard is not None:
        thrown = discard.card.index
    else:
        thrown = min(free, key=lambda c: (min_points_mask(after_hand & ~(1 << c), after_eaten, values), c))
    found = arrange(after_hand & ~(1 << thrown), after_eaten, values=values)     # the points and the phỏm they count
    if found is None:
        best, meld = min_points_mask(after_hand & ~(1 << thrown), after_eaten, values), joins
    else:
        best, meld = found.points, next((m for m in found.melds if m.mask & x.mask), joins)
    return best, _("Eat {card}{chot}: it completes {meld} and leaves {points} points after your discard.").format(
        card=x, chot=chot, meld=meld, points=best)


def lay_words(plan: LayPlan, view: PlayerView, lang: str = "en", *, discard: bool = True) -> str:
    """The solver's lay-down in the players' words: the phỏm laid, the cards sent (to which seat's
    phỏm, counted from 1), the discard and the points left (``discard=False``: the phỏm and the cards
    sent only).

    >>> from phom import Game, best_lay, cards
    >>> view = Game(seed=1).view(0)
    >>> lay_words(best_lay(cards("2D 3D 4D 7C 9S").mask), view, "vi")
    'hạ 2♦ 3♦ 4♦; đánh 9♠; còn 7 điểm'
    """
    _ = translator(lang)
    targets = [(p, i) for p, i, _m in view.send_targets()]
    parts = [_("lay {melds}").format(melds=" · ".join(str(m) for m in plan.melds)) if plan.melds
             else _("no phỏm (móm)")]
    for card, index in plan.sends:
        p, i = targets[index] if index < len(targets) else (view.player, index)
        parts.append(_("send {card} to seat {seat}'s phỏm {meld}").format(card=card, seat=p + 1, meld=i + 1))
    if not discard:
        return "; ".join(parts)
    if plan.discard is not None:
        said = _("discard {card}").format(card=plan.discard)
        parts.append(said[:1].lower() + said[1:])
    parts.append(_("{points} points left").format(points=plan.points) + (" — ù" if plan.u else ""))
    return "; ".join(parts)


def _plan(view: PlayerView, hand: int | None = None, eaten: int | None = None, laid: bool = False) -> LayPlan:
    """best_lay over the phỏm this player may send to now (the referee's ``send_targets``)."""
    table = [m for _, _, m in view.send_targets()]
    already = laid or bool(view.laid[view.player])
    plan = best_lay(view.hand.mask if hand is None else hand, view.unlaid_eaten.mask if eaten is None else eaten,
                    table, values=view.rules.value_table, already_laid=already)
    assert plan is not None
    return plan
