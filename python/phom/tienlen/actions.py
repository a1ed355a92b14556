"""A finite action encoding of Tiến lên for learning agents: every legal play, card by card.

A play of Tiến lên is any of some 30 million card sets (straights alone take 4 suit choices a card), so
no flat list of plays fits an action head. Instead a decision is spelled out in ``NUM_ACTIONS = 54``
ids:

- ``0 … 51`` (``pick_id(card)``): add the card with this phom index (``Card.index``) to the selection;
- ``PLAY_ID = 52``: play the selected cards;
- ``PASS_ID = 53``: pass (only with nothing selected).

Cards are picked weakest first (Tiến lên's order: 3 … A, 2, then ♠ ♣ ♦ ♥), and a pick is legal only if
some legal play holds the selection, the card, and nothing weaker than the card outside the selection;
``PLAY_ID`` is legal when the selection is itself a legal play. So every legal play has exactly one
spelling, nothing illegal can be spelled, and the legal ids of each step form a mask as usual.
The cost: a play of k cards takes k + 1 steps of the same player (a single 2, a pair 3, a straight of
five 6), and the selection is part of what the agent observes (``TienLenTurn.selection``).

>>> from phom.tienlen import TienLenGame
>>> game = TienLenGame(seed=3)
>>> turn = TienLenTurn(game)
>>> ids = spell(game.legal_actions()[0])
>>> for action_id in ids:
...     done = turn.apply_id(action_id)
>>> done, len(game.history), ids[-1] == PLAY_ID
(True, 1, True)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..cards import Card, CardSet
from .game import Action, Pass, Play, TienLenGame
from .reference import strength

__all__ = ["NUM_ACTIONS", "PASS_ID", "PLAY_ID", "TienLenTurn", "action_text", "legal_ids_of", "pick_id", "spell"]

NUM_ACTIONS = 54
PLAY_ID = 52
PASS_ID = 53

_STRENGTH = [strength(Card.from_index(i)) for i in range(52)]
#: STRONGER[i]: the cards stronger than card index i
_STRONGER = [sum(1 << j for j in range(52) if _STRENGTH[j] > _STRENGTH[i]) for i in range(52)]
_ALL = (1 << 52) - 1


def pick_id(card: Card | int) -> int:
    """The id that picks this card (its phom index)."""
    return card.index if isinstance(card, Card) else int(card)


def _weakest(mask: int) -> int:
    return min((i for i in range(52) if mask >> i & 1), key=_STRENGTH.__getitem__)


def _room(selection: int) -> int:
    """The cards a pick may add after ``selection``: those stronger than all of it."""
    return _STRONGER[max((i for i in range(52) if selection >> i & 1), key=_STRENGTH.__getitem__)] \
        if selection else _ALL


def spell(action: Action) -> list[int]:
    """The ids that make ``action``: its cards weakest first, then PLAY_ID; or [PASS_ID].

    >>> spell(Play("5S 3C 4D")), spell(Pass())
    ([15, 29, 4, 52], [53])
    """
    if isinstance(action, Pass):
        return [PASS_ID]
    cards = sorted(action.cards, key=strength)
    return [c.index for c in cards] + [PLAY_ID]


def action_text(action_id: int) -> str:
    """``pick 7♠``, ``play`` or ``pass``."""
    if action_id == PLAY_ID:
        return "play"
    if action_id == PASS_ID:
        return "pass"
    return f"pick {Card.from_index(action_id)}"


def legal_ids_of(plays: list[int], selection: int, pass_legal: bool) -> list[int]:
    """The legal ids, ascending, for a player whose legal plays are ``plays`` (card masks) with
    ``selection`` picked so far.

    >>> legal_ids_of([CardSet.parse("3S").mask, CardSet.parse("3S 3C").mask], CardSet.parse("3S").mask, False)
    [15, 52]
    """
    room = _room(selection)
    picks = set()
    can_play = False
    for play in plays:
        if play & selection != selection:
            continue
        rest = play & ~selection
        if not rest:
            can_play = True
        elif rest & room == rest:
            picks.add(_weakest(rest))
    ids = sorted(picks)
    if can_play:
        ids.append(PLAY_ID)
    if not selection and pass_legal:
        ids.append(PASS_ID)
    return ids


class TienLenTurn:
    """A ``TienLenGame`` driven by ids: the selection being spelled by the player to move, the legal
    ids, and ``apply_id``, which plays the game's action when a spelling ends."""

    def __init__(self, game: TienLenGame) -> None:
        self.game = game
        self.selection = 0
        self._plays: list[int] | None = None

    def _legal_plays(self) -> list[int]:
        if self._plays is None:
            self._plays = [a.cards.mask for a in self.game.legal_actions() if isinstance(a, Play)]
        return self._plays

    def legal_ids(self) -> list[int]:
        """The legal ids now, ascending; empty once the game is over."""
        if self.game.is_over:
            return []
        pass_legal = any(isinstance(a, Pass) for a in self.game.legal_actions())
        return legal_ids_of(self._legal_plays(), self.selection, pass_legal)

    def legal_mask(self) -> npt.NDArray[np.int8]:
        """int8[NUM_ACTIONS]: 1 for each legal id."""
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        mask[self.legal_ids()] = 1
        return mask

    def refusal(self, action_id: int) -> str | None:
        """Why ``action_id`` is not legal now, or None."""
        if self.game.is_over:
            return "the game is over"
        if isinstance(action_id, bool) or not isinstance(action_id, (int, np.integer)) \
                or not 0 <= int(action_id) < NUM_ACTIONS:
            return f"{action_id!r} is not an action id from 0 to {NUM_ACTIONS - 1}"
        if int(action_id) in self.legal_ids():
            return None
        if action_id == PASS_ID:
            return "a pass is not legal now" + (" (cards are selected)" if self.selection else "")
        if action_id == PLAY_ID:
            return f"the selection {CardSet(self.selection)} is no legal play" if self.selection else "nothing is selected"
        return f"no legal play continues {CardSet(self.selection) or 'an empty selection'} with " \
               f"{Card.from_index(int(action_id))} (cards are picked weakest first)"

    def apply_id(self, action_id: int) -> bool:
        """Carry out one id; True when it completed an action of the game. ValueError (nothing
        changed) when it is not legal."""
        why = self.refusal(action_id)
        if why is not None:
            raise ValueError(f"action {action_id!r} is refused: {why}")
        action_id = int(action_id)
        if action_id < 52:
            self.selection |= 1 << action_id
            return False
        action: Action = Pass() if action_id == PASS_ID else Play(self.selection)
        self.apply(action)
        return True

    def apply(self, action: Action) -> None:
        """Carry out a whole action (a bot's), dropping any selection."""
        self.game.apply(action)
        self.selection = 0
        self._plays = None
