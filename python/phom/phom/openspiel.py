"""Phỏm as an OpenSpiel Python game: ``phom.envs.openspiel.register()``, then
``pyspiel.load_game("python_phom")`` (this module is what ``PhomSession.spiel_game`` gives).

The deal and every draw are explicit chance nodes (a card index 0..51, uniform over the cards nobody
has seen); player actions are phom's integer ids. Information is imperfect: observations and
information states show a player only what his ``PlayerView`` shows, as tensors and strings, and
``resample_from_infostate`` deals the hidden cards again with ``phom.phom.worlds``. Returns are the net
stakes. Parameters: ``players`` (2–4), ``hand_size`` (9 or 8), ``chot_rule`` (``lay_turn`` or
``victim_last``), ``must_lay_all``, ``tai_gui``, ``u_by_gui``, ``u_khan``, ``eat_pay`` (``flat`` or
``progressive``); every other rule keeps its default.

>>> from phom.envs import openspiel
>>> openspiel.register()
>>> import pyspiel
>>> game = pyspiel.load_game("python_phom", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), game.num_players(), game.num_distinct_actions()
(True, 3, 2101)
"""

from __future__ import annotations

import random
from typing import Any

from ..extras import missing_extra

try:
    import pyspiel
except ImportError:
    raise missing_extra("openspiel", "phom.envs.openspiel (OpenSpiel)") from None

from .actions import DRAW_ID, NUM_ACTIONS, Action, Discard, Eat  # noqa: E402
from ..cards import DECK_MASK, Card, card_indices  # noqa: E402
from .observation import OBSERVATION_SIZE, encode  # noqa: E402
from .referee import Legal, apply, legal  # noqa: E402
from .rules import Rules  # noqa: E402
from .state import State  # noqa: E402
from .view import PlayerView  # noqa: E402
from .worlds import sample_world  # noqa: E402
from ..envs.spiel import CardObserver, CardSpielGame, game_type, spiel_rules  # noqa: E402

__all__ = ["GAME_NAME", "INFO_STATE_SIZE", "UNDRAWN", "PhomGame", "PhomObserver", "PhomState"]

GAME_NAME = "python_phom"
#: placeholder for a stock card not drawn yet: the card is a chance outcome at the draw
UNDRAWN = -1
_DEFAULTS = {"players": 4, "hand_size": 9, "chot_rule": "lay_turn", "must_lay_all": False, "tai_gui": True,
             "u_by_gui": True, "u_khan": True, "eat_pay": "flat"}
#: information state tensor: the observation, the cards this player has held, every seat's discards
INFO_STATE_SIZE = OBSERVATION_SIZE + 52 + 4 * 52


def _game_type() -> Any:
    return game_type(GAME_NAME, "Phỏm (Tá lả), phom's referee", _DEFAULTS)


def _rules(params: dict[str, Any]) -> Rules:
    rules: Rules = spiel_rules(GAME_NAME, _DEFAULTS, params, Rules)
    return rules


def _bound(rules: Rules) -> float:
    """A bound on any player's net money in one game under these rules."""
    s, n = rules.stakes, rules.players
    per_eat = max(s.chot, s.eat * 3)
    return float(max(s.u, s.u_tron, s.u_khan) * (n - 1) + per_eat * (4 * n - 1)
                 + max(s.second, s.third, s.last, s.mom) * (n - 1))


class PhomGame(CardSpielGame):
    """The game: rules from the parameters (see the module docstring)."""

    NAME = GAME_NAME
    NUM_ACTIONS = NUM_ACTIONS
    MAX_LENGTH = 600
    spiel_type = staticmethod(_game_type)
    make_rules = staticmethod(_rules)
    bound = staticmethod(_bound)

    def new_initial_state(self) -> PhomState:
        return PhomState(self)

    def observer(self, perfect_recall: bool) -> PhomObserver:
        return PhomObserver(perfect_recall)


class PhomState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the phom ``State`` with the stock dealt lazily (see the module docstring)."""

    def __init__(self, game: PhomGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        n = self.rules.players
        self.sizes = [self.rules.leader_hand_size if p == 0 else self.rules.hand_size for p in range(n)]
        self.state = State([0] * n, [UNDRAWN] * self.rules.stock_size, 0)
        self.dealt = 0                       # cards dealt into hands so far
        self.drawing = False                 # a Draw was played: its card is the next chance outcome
        self.history_: list[tuple[int, int, int]] = []   # (player, action id, card drawn or −1)
        self.held = [0] * n                  # every card each player has held
        self.discarded = [0] * n             # every card each player has discarded
        self.result: Any = None
        self._legal: Legal | None = None

    # -- OpenSpiel's state interface ----------------------------------------------------------------

    def current_player(self) -> int:
        if self.state.phase == "over":
            return int(pyspiel.PlayerId.TERMINAL)
        if self.dealt < sum(self.sizes) or self.drawing:
            return int(pyspiel.PlayerId.CHANCE)
        return self.state.to_move

    def _unseen_pool(self) -> list[int]:
        used = 0
        for seat in self.state.seats:
            used |= seat.hand | sum(seat.laid) | sum(1 << c for c in seat.row)
        return card_indices(DECK_MASK & ~used & ~sum(self.discarded))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        pool = self._unseen_pool()
        return [(c, 1.0 / len(pool)) for c in pool]

    def _verdict(self) -> Legal:
        if self._legal is None:
            self._legal = legal(self.rules, self.state)
        return self._legal

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return list(self._verdict().ids)

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            card = int(action)
            if self.dealt < sum(self.sizes):
                seat, count = 0, self.dealt
                while count >= self.sizes[seat]:
                    count -= self.sizes[seat]
                    seat += 1
                self.state.seats[seat].hand |= 1 << card
                self.held[seat] |= 1 << card
                self.dealt += 1
            else:
                player = self.state.to_move
                self.state.stock[-1] = card
                self.drawing = False
                self.history_[-1] = (player, DRAW_ID, card)
                self.held[player] |= 1 << card
                self._carry_out(Action.from_id(DRAW_ID))
            return
        if action == DRAW_ID:
            self.history_.append((self.state.to_move, DRAW_ID, -1))
            self.drawing = True
            return
        player = self.state.to_move
        chosen = Action.from_id(int(action))
        self.history_.append((player, int(action), -1))
        if isinstance(chosen, Discard):
            self.discarded[player] |= chosen.card.mask
        if isinstance(chosen, Eat):
            self.held[player] |= chosen.card.mask
        self._carry_out(chosen)

    def _carry_out(self, action: Action) -> None:
        verdict = self._verdict()
        if action.id not in verdict.ids:
            raise ValueError(f"{action} is not legal now")
        self._legal = None
        self.result = apply(self.rules, self.state, action, verdict.auto_plan)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            return f"deal {Card.from_index(int(action)).code}"
        return str(Action.from_id(int(action)))

    def is_terminal(self) -> bool:
        return self.state.phase == "over"

    def returns(self) -> list[float]:
        if self.result is None:
            return [0.0] * self.rules.players
        return [float(x) for x in self.result.net]

    def __str__(self) -> str:
        lines = [f"phase {self.state.phase}, to move {self.state.to_move}, stock {len(self.state.stock)}"]
        for p, seat in enumerate(self.state.seats):
            lines.append(f"seat {p}: hand {' '.join(Card.from_index(c).code for c in card_indices(seat.hand))}")
        return "\n".join(lines)

    # -- what a player may know ---------------------------------------------------------------------

    def view(self, player: int) -> PlayerView:
        """The PlayerView of ``player`` (during the deal: the cards dealt so far)."""
        actions = tuple(Action.from_id(i) for i in self._verdict().ids) \
            if self.current_player() == player else ()
        history = [(p, Action.from_id(a)) for p, a, _ in self.history_]
        return PlayerView(self.rules, self.state.public(player), actions, history)

    def observation_text(self, player: int) -> str:
        view = self.view(player)
        parts = [f"p{player}", f"hand {view.hand.codes or '-'}", f"stock {view.stock_size}",
                 f"phase {view.phase}/{view.turn_kind}", f"to move {view.to_move}"]
        for q in range(self.rules.players):
            laid = " | ".join(m.codes for m in view.laid[q]) or "-"
            parts.append(f"s{q}: n={view.hand_sizes[q]} row {' '.join(c.code for c in view.rows[q]) or '-'} "
                         f"eaten {view.eaten[q].codes or '-'} laid {laid}")
        return "; ".join(parts)

    def info_text(self, player: int) -> str:
        """The observation, every card this player has held, and every move (his own draws named)."""
        moves = []
        for p, action_id, card in self.history_:
            text = str(Action.from_id(action_id))
            if action_id == DRAW_ID and p == player and card >= 0:
                text += f" {Card.from_index(card).code}"
            moves.append(f"{p}:{text}")
        held = " ".join(Card.from_index(c).code for c in card_indices(self.held[player]))
        return f"{self.observation_text(player)} || held {held} || " + ", ".join(moves)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> PhomState:
        """A state ``player_id`` cannot tell from this one: the hidden cards dealt again (phom.phom.worlds)."""
        if self.is_chance_node() or self.is_terminal():
            raise ValueError("resample_from_infostate needs a decision node of a game in progress")
        seed = int(probability_sampler() * 2**31) if callable(probability_sampler) else None
        world = sample_world(self.view(player_id), random.Random(seed))
        other: PhomState = self.clone()
        for q, (mine, theirs) in enumerate(zip(other.state.seats, world.state.seats)):
            mine.hand = theirs.hand
            if q != player_id:   # what he held, as far as this world knows it
                other.held[q] = theirs.hand | mine.eaten | sum(mine.laid) | other.discarded[q]
        other.state.stock = [UNDRAWN] * len(other.state.stock)
        other._legal = None
        return other


class PhomObserver(CardObserver):
    """Tensors and strings of a player's view: the observation (``phom.phom.observation.encode``), and for
    perfect recall the information state, which adds every card the player has held and every
    seat's discards (relative seats)."""

    def __init__(self, perfect_recall: bool) -> None:
        super().__init__(perfect_recall, OBSERVATION_SIZE, INFO_STATE_SIZE)

    def set_from(self, state: PhomState, player: int) -> None:
        self.tensor.fill(0.0)
        self.tensor[:OBSERVATION_SIZE] = encode(state.view(player))
        if self.perfect_recall:
            offset = OBSERVATION_SIZE
            for c in card_indices(state.held[player]):
                self.tensor[offset + c] = 1.0
            n = state.rules.players
            for k in range(n):
                for c in card_indices(state.discarded[(player + k) % n]):
                    self.tensor[offset + 52 + 52 * k + c] = 1.0

