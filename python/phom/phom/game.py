"""``Game``: one game of Phỏm for people and programs: a ``State``, the referee's verdicts, a history.

The rules themselves live in ``phom.phom.referee``; this class keeps the state, the history and the
result, caches the legal actions of the current state, and offers views, observations and records.
``apply`` accepts exactly ``legal_actions()`` and raises ``IllegalAction`` with the referee's reason
(changing nothing) for anything else.

>>> from phom import Game, Draw
>>> g = Game(seed=1)
>>> g.to_move, g.phase, len(g.hands[0]), g.stock_size
(0, 'play', 10, 15)
>>> g.apply(g.legal_actions()[-1])
>>> g.to_move, g.phase
(1, 'take')
"""

from __future__ import annotations

from collections.abc import Sequence
import numpy as np
import numpy.typing as npt

from . import record
from .actions import ACTIONS, NUM_ACTIONS, Action
from ..cards import Card, CardSet, CardsLike
from .observation import encode
from .referee import Legal, apply, deal_cards, legal, refusal_of
from ..refusals import IllegalAction
from .render import html
from .rules import Rules
from .scoring import Payment, Result
from .state import Deal, Phase, State, TurnKind
from .view import PlayerView

__all__ = ["Game", "IllegalAction"]


class Game:
    """One game. ``deal=(hands, stock)`` fixes the cards; otherwise ``seed`` makes the shuffle reproducible.

    >>> g = Game(Rules(players=2), seed=7)
    >>> len(g.hands[0]), len(g.hands[1]), g.stock_size
    (10, 9, 7)
    """

    num_actions = NUM_ACTIONS

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None, leader: int = 0,
                 deal: tuple[Sequence[CardsLike], Sequence[CardsLike]] | None = None) -> None:
        self.rules = rules if rules is not None else Rules()
        if not isinstance(self.rules, Rules):
            raise ValueError(f"rules {rules!r} is not a Rules")
        n = self.rules.players
        if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < n:
            raise ValueError(f"leader {leader!r} is not a seat from 0 to {n - 1}")
        self.leader = leader
        self.seed = seed
        #: the cards as dealt; None for a game built from a sampled state (it has no record)
        self.deal: Deal | None = deal_cards(self.rules, leader, seed=seed, fixed=deal)
        self.state = State([h.mask for h in self.deal.hands], [c.index for c in self.deal.stock], leader)
        self.history: list[tuple[int, Action]] = []
        self.result: Result | None = None
        self._legal: Legal | None = None          # the referee's verdict on this state, when asked
        self._legal_actions: list[Action] = []    # its ids as actions

    @classmethod
    def from_state(cls, rules: Rules, state: State, *, leader: int,
                   history: Sequence[tuple[int, Action]] = ()) -> Game:
        """A game continuing from ``state`` (taken over, not copied), e.g. a sampled world. It has no
        deal, so no record (``to_json`` refuses).

        >>> g = Game(seed=3)
        >>> Game.from_state(g.rules, g.state.clone(), leader=0).legal_actions() == g.legal_actions()
        True
        """
        if state.phase == "over":
            raise ValueError("the game in this state is over")
        game = object.__new__(cls)
        game.rules, game.leader, game.seed, game.deal = rules, leader, None, None
        game.state = state
        game.history = list(history)
        game.result = None
        game._legal = None
        game._legal_actions = []
        return game

    @classmethod
    def from_view(cls, view: PlayerView, hands: Sequence[CardsLike], stock: Sequence[Card | int]) -> Game:
        """A game that matches ``view`` in everything public, with chosen hidden cards: ``hands`` per
        seat (the viewer's must be his own) and the ``stock`` in draw order (see ``phom.phom.worlds``)."""
        if view.is_over:
            raise ValueError("the game in this view is over")
        state = view.public.with_hidden(hands, stock)
        leader = view.history[0][0] if view.history else view.player
        return cls.from_state(view.rules, state, leader=leader, history=view.history)

    # ------------------------------------------------------------------------------------------
    # The state, as people read it

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def to_move(self) -> int | None:
        """The player to move; None once the game is over."""
        return None if self.state.to_move < 0 else self.state.to_move

    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def turn_kind(self) -> TurnKind:
        return self.state.turn_kind

    @property
    def hands(self) -> tuple[CardSet, ...]:
        return tuple(CardSet.from_mask(s.hand) for s in self.state.seats)

    @property
    def eaten(self) -> tuple[CardSet, ...]:
        """Every card each player ate this game (public information)."""
        return tuple(CardSet.from_mask(s.eaten) for s in self.state.seats)

    @property
    def unlaid_eaten(self) -> tuple[CardSet, ...]:
        """Eaten cards still in each hand (they must be laid, each in its own phỏm)."""
        return tuple(CardSet.from_mask(s.unlaid_eaten) for s in self.state.seats)

    @property
    def rows(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple([Card.from_index(c) for c in s.row]) for s in self.state.seats)

    @property
    def laid(self) -> tuple[list[CardSet], ...]:
        return tuple([CardSet.from_mask(m) for m in s.laid] for s in self.state.seats)

    @property
    def laid_down(self) -> tuple[bool, ...]:
        return tuple(s.laid_down for s in self.state.seats)

    @property
    def stock_size(self) -> int:
        return len(self.state.stock)

    @property
    def draws(self) -> int:
        """Cards drawn from the stock so far."""
        return self.rules.stock_size - len(self.state.stock)

    @property
    def is_over(self) -> bool:
        return self.state.phase == "over"

    @property
    def last_discard(self) -> tuple[Card, int] | None:
        """The discard that the player to move may eat, and who made it (take phase only)."""
        state = self.state
        if state.last_discard < 0 or state.phase != "take":
            return None
        return Card.from_index(state.last_discard), (state.to_move - 1) % self.players

    @property
    def payments(self) -> tuple[Payment, ...]:
        """Payments made so far (eats); the final list is ``result.payments``."""
        return self.result.payments if self.result else tuple(self.state.payments)

    def next_seat(self, p: int) -> int:
        return (p + 1) % self.rules.players

    def prev_seat(self, p: int) -> int:
        return (p - 1) % self.rules.players

    # ------------------------------------------------------------------------------------------
    # Legal actions and moves

    def _verdict(self) -> Legal:
        if self._legal is None:
            self._legal = legal(self.rules, self.state)
            self._legal_actions = [ACTIONS[i] for i in self._legal.ids]
        return self._legal

    def legal_actions(self) -> list[Action]:
        """Exactly the legal actions of the player to move (empty when the game is over), by id."""
        self._verdict()
        return self._legal_actions.copy()

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """A bool NumPy vector of length ``num_actions``: True at the id of every legal action."""
        mask = np.zeros(NUM_ACTIONS, dtype=bool)
        mask[list(self._verdict().ids)] = True
        return mask

    def apply(self, action: Action) -> None:
        """Apply a legal action for the player to move; raise IllegalAction (state unchanged) otherwise."""
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an Action")
        verdict = self._verdict()
        if action.id not in verdict.ids:
            why = refusal_of(self.rules, self.state, action)
            if why is None:
                raise IllegalAction(f"{action} is not legal now")
            raise IllegalAction(str(why), why.code, **why.params)
        self.history.append((self.state.to_move, action))
        self._legal = None
        self.result = apply(self.rules, self.state, action, verdict.auto_plan)

    # ------------------------------------------------------------------------------------------
    # Copies, views and records

    def clone(self) -> Game:
        """An independent copy of the game (history included)."""
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.state = self.state.clone()
        other.history = list(self.history)
        return other

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know: see ``phom.phom.view.PlayerView``."""
        n = self.players
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
            raise ValueError(f"player {player!r} is not a seat from 0 to {n - 1}")
        actions: tuple[Action, ...] = ()
        if self.state.to_move == player:
            self._verdict()
            actions = tuple(self._legal_actions)
        return PlayerView(self.rules, self.state.public(player), actions, self.history)

    def observation(self, player: int) -> npt.NDArray[np.float32]:
        """A fixed-shape float32 vector for learning agents: see ``phom.phom.observation``."""
        return encode(self.view(player))

    def to_json(self) -> str:
        """The rules, the deal and every action, as JSON text; ``Game.from_json`` replays it."""
        if self.deal is None:
            raise ValueError("a game sampled from a view has no record of its deal")
        return record.encode(self.rules, self.leader, self.deal, [a for _, a in self.history])

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Rebuild a game by replaying a record; a bad record raises ValueError naming what is wrong."""
        data = record.decode(text)
        try:
            game = cls(data.rules, leader=data.leader, deal=(data.hands, data.stock))
        except (TypeError, ValueError) as exc:
            raise ValueError(f"game record: bad deal: {exc}") from None
        for i, text_ in enumerate(data.actions):
            try:
                game.apply(Action.parse(text_))
            except ValueError as exc:
                raise ValueError(f"game record: action {i} ({text_!r}) is illegal: {exc}") from None
        return game

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"player {self.to_move} to {self.phase} ({self.turn_kind} turn)"
        return f"<Game {self.players} players, stock {self.stock_size}, {state}>"

    def _repr_html_(self) -> str:
        """The table as the player to move sees it (notebooks show it; nobody else's hand is shown)."""
        return html(self)
