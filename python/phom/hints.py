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
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, AutoLay, DeclareU, DeclareUKhan, Discard, Draw, Eat, LayMeld, Send
from .bots.greedy import greedy_action
from .cards import card_indices
from .game import Game
from .results import LayPlan
from .solver import arrange, best_lay, danger, eat_melds, legal_discard_mask, min_points_mask
from .view import PlayerView

__all__ = ["Hint", "hint"]


@dataclass(frozen=True)
class Hint:
    """``action`` to play, ``reason`` in one sentence, ``alternatives``: (action, points, reason) for every
    legal action, best first (points: the fewest the player can hold after it; −1 for an ù)."""

    action: Action
    reason: str
    alternatives: tuple[tuple[Action, int, str], ...]

    def __str__(self) -> str:
        return f"{self.action}: {self.reason}"


def hint(game_or_view: Game | PlayerView, player: int | None = None) -> Hint:
    """Advice for ``player`` (default: the player to move), who must be the one to move."""
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
    scored = [_score(view, action) for action in view.legal_actions]
    choice = greedy_action(view.hand.mask, view.unlaid_eaten.mask, view.legal_actions, view.unseen.mask,
                           view.phase, view.rules.value_table)
    scored.sort(key=lambda item: (item[0] is not choice, item[1], item[0].id))
    return Hint(choice, scored[0][2], tuple(scored))


def _score(view: PlayerView, action: Action) -> tuple[Action, int, str]:
    hand, eaten, values = view.hand.mask, view.unlaid_eaten.mask, view.rules.value_table
    acting = view.turn_kind in ("lay", "tai")
    if isinstance(action, DeclareUKhan):
        return action, -1, "Declare ù khan: your dealt hand has no cạ and no phỏm."
    if isinstance(action, DeclareU):
        a = arrange(hand, eaten, values=[1] * 13)
        assert a is not None
        melds = " | ".join(str(m) for m in a.melds)
        kind = "ù tròn" if not a.deadwood else "ù"
        return action, -1, f"Declare {kind}: {melds} hold every card but {a.deadwood or 'none'}."
    if isinstance(action, Eat):
        x = action.card
        after_hand, after_eaten = hand | x.mask, eaten | x.mask
        best = min(min_points_mask(after_hand & ~(1 << c), after_eaten, values)
                   for c in card_indices(legal_discard_mask(after_hand, after_eaten)))
        joins = min(eat_melds(hand, x, eaten), key=lambda m: (len(m), m.mask))
        chot = " (ăn chốt)" if acting else ""
        return action, best, f"Eat {x}{chot}: it completes {joins} and leaves {best} points after your discard."
    if isinstance(action, Draw):
        now = min_points_mask(hand, eaten, values)
        return action, now, f"Draw: your best arrangement is {now} points before the new card."
    if isinstance(action, AutoLay):
        plan = _plan(view)
        return action, plan.points, f"Lay down with the solver's plan: {plan}."
    if isinstance(action, LayMeld):
        rest = _plan(view, hand & ~action.meld.mask, eaten & ~action.meld.mask, laid=True)
        return action, rest.points, f"Lay {action.meld}: the best finish after it leaves {rest.points} points."
    if isinstance(action, Send):
        rest = _plan(view, hand & ~action.card.mask, eaten, laid=True)
        p, i = action.target
        return action, rest.points, (f"Send {action.card} onto {view.laid[p][i]}: the best finish after it "
                                     f"leaves {rest.points} points.")
    assert isinstance(action, Discard)
    c = action.card
    keep = hand & ~c.mask
    if acting and not eaten:
        points = sum(values.per_card[i] for i in card_indices(keep))
        stay = f"you keep {points} points"
    else:
        points = min_points_mask(keep, eaten, values)
        stay = f"your best arrangement stays at {points} points"
    risk = danger(c.index, view.unseen.mask)
    safety = "no phỏm can take it" if risk == 0 else f"the next player could eat it ({risk} way{'s' * (risk > 1)})"
    return action, points, f"Discard {c}: {stay}, and {safety}."


def _plan(view: PlayerView, hand: int | None = None, eaten: int | None = None, laid: bool = False) -> LayPlan:
    """best_lay over the phỏm this player may send to now (the referee's ``send_targets``)."""
    table = [m for _, _, m in view.send_targets()]
    already = laid or bool(view.laid[view.player])
    plan = best_lay(view.hand.mask if hand is None else hand, view.unlaid_eaten.mask if eaten is None else eaten,
                    table, values=view.rules.value_table, already_laid=already)
    assert plan is not None
    return plan
