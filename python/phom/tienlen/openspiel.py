"""Tiến lên as an OpenSpiel Python game: ``phom.envs.openspiel.register()``, then
``pyspiel.load_game("python_tienlen")`` (this module is what ``TienLenSession.spiel_game`` gives).

The deal is 13 chance nodes a seat (a card index, uniform over the cards not dealt yet); player actions
spell each play card by card (``phom.tienlen.actions``: 54 ids). Information is imperfect: observations
and information states show a player only what his ``TienLenView`` shows (plus the cards he has picked),
and ``resample_from_infostate`` deals the hidden cards again with ``phom.tienlen.worlds``. Returns are
the net stakes of a first game. Parameters: ``players`` (2–4) and the game options of
``TienLenRules`` (``four_kind_beats_single_heo``, ``pass_locks_round``, ``chat_after_pass``,
``end_at_first_out``, ``dem_heo``).

>>> from phom.envs import openspiel
>>> openspiel.register()
>>> import pyspiel
>>> game = pyspiel.load_game("python_tienlen", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), game.num_players(), game.num_distinct_actions()
(True, 3, 54)
"""

from __future__ import annotations

import random
from typing import Any

from ..extras import missing_extra

try:
    import pyspiel
except ImportError:
    raise missing_extra("openspiel", "phom.envs.openspiel (OpenSpiel)") from None

from ..cards import Card, CardSet  # noqa: E402
from . import actions as tienlen_actions  # noqa: E402
from .game import Play, TienLenGame  # noqa: E402
from .observation import OBSERVATION_SIZE, encode  # noqa: E402
from .rules import TienLenRules  # noqa: E402
from .worlds import sample_world  # noqa: E402
from ..envs.spiel import CardObserver, CardSpielGame, game_type, spiel_rules  # noqa: E402

__all__ = ["GAME_NAME", "INFO_STATE_SIZE", "OBSERVER_SIZE", "TienLenObserver", "TienLenSpielGame", "TienLenSpielState",
           "tienlen_game_type"]

GAME_NAME = "python_tienlen"
_DEFAULTS = {"players": 4, "four_kind_beats_single_heo": True, "pass_locks_round": True,
             "chat_after_pass": True, "end_at_first_out": False, "dem_heo": False}
#: the observation, then the cards this player has picked in the play he is spelling
OBSERVER_SIZE = OBSERVATION_SIZE + 52
#: information state: the observation and selection, then the 13 cards he was dealt
INFO_STATE_SIZE = OBSERVER_SIZE + 52


def tienlen_game_type() -> Any:
    return game_type(GAME_NAME, "Tiến lên miền Nam, phom's referee", _DEFAULTS)


def _rules(params: dict[str, Any]) -> TienLenRules:
    rules: TienLenRules = spiel_rules(GAME_NAME, _DEFAULTS, params, TienLenRules)
    return rules


def _bound(rules: TienLenRules) -> float:
    """A bound on any player's net money in one game: every stake, many times over, from each other seat."""
    s = rules.stakes
    largest = max(s.second, s.third, s.last, s.toi_trang, s.cong, s.black_heo, s.red_heo, s.three_pairs,
                  s.four_kind, s.four_pairs)
    return float(60 * largest * (rules.players - 1))


class TienLenSpielGame(CardSpielGame):
    """The game: rules from the parameters (see the module docstring)."""

    NAME = GAME_NAME
    NUM_ACTIONS = tienlen_actions.NUM_ACTIONS
    MAX_LENGTH = 52 * 6
    spiel_type = staticmethod(tienlen_game_type)
    make_rules = staticmethod(_rules)
    bound = staticmethod(_bound)

    def new_initial_state(self) -> TienLenSpielState:
        return TienLenSpielState(self)

    def observer(self, perfect_recall: bool) -> TienLenObserver:
        return TienLenObserver(perfect_recall)


class TienLenSpielState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the deal so far, then a ``TienLenTurn`` over the referee."""

    def __init__(self, game: TienLenSpielGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.dealt = [0] * self.rules.players       # the cards dealt to each seat so far
        self.count = 0
        self.turn: tienlen_actions.TienLenTurn | None = None
        self.moves: list[tuple[int, int]] = []       # (player, id) of every player action

    # -- OpenSpiel's state interface ----------------------------------------------------------------

    def current_player(self) -> int:
        if self.turn is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.turn.game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        to_move = self.turn.game.to_move
        assert to_move is not None
        return to_move

    def chance_outcomes(self) -> list[tuple[int, float]]:
        used = sum(self.dealt)
        pool = [c for c in range(52) if not used >> c & 1]
        return [(c, 1.0 / len(pool)) for c in pool]

    def _legal_actions(self, player: int) -> list[int]:
        if self.turn is None or player != self.current_player():
            return []
        return self.turn.legal_ids()

    def _apply_action(self, action: int) -> None:
        if self.turn is None:
            seat = self.count // 13
            self.dealt[seat] |= 1 << int(action)
            self.count += 1
            if self.count == 13 * self.rules.players:
                self.turn = tienlen_actions.TienLenTurn(TienLenGame(self.rules, deal=self.dealt))
            return
        player = self.current_player()
        self.turn.apply_id(int(action))
        self.moves.append((player, int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            return f"deal {Card.from_index(int(action)).code}"
        return tienlen_actions.action_text(int(action))

    def is_terminal(self) -> bool:
        return self.turn is not None and self.turn.game.is_over

    def returns(self) -> list[float]:
        if self.turn is None or self.turn.game.result is None:
            return [0.0] * self.rules.players
        return [float(x) for x in self.turn.game.result.net]

    def __str__(self) -> str:
        if self.turn is None:
            return f"dealing: {self.count} of {13 * self.rules.players} cards"
        game = self.turn.game
        lines = [f"to move {game.to_move}, table {CardSet(game.table).codes or '-'}"]
        lines += [f"seat {q}: hand {game.hands[q].codes}" for q in range(self.rules.players)]
        return "\n".join(lines)

    # -- what a player may know ---------------------------------------------------------------------

    def selection_of(self, player: int) -> int:
        """The cards ``player`` has picked so far in the play he is spelling (0 if not his turn)."""
        if self.turn is None or self.turn.game.to_move != player:
            return 0
        return self.turn.selection

    def observation_text(self, player: int) -> str:
        if self.turn is None:
            return f"p{player} dealt {CardSet(self.dealt[player]).codes or '-'}"
        view = self.turn.game.view(player)
        parts = [f"p{player}", f"hand {view.hand.codes or '-'}", f"table {view.table.codes or '-'}",
                 f"owner {view.table_owner}", f"to move {view.to_move}", f"passed {sorted(view.passed)}",
                 f"out {list(view.finished)}", f"sizes {list(view.hand_sizes)}",
                 f"picked {CardSet(self.selection_of(player)).codes or '-'}"]
        return "; ".join(parts)

    def info_text(self, player: int) -> str:
        """The observation, the dealt hand, and every play and pass in order (picks are public only to
        the picker, so they are shown as the plays they made)."""
        plays = []
        if self.turn is not None:
            plays = [f"{seat}:{'pass' if not isinstance(action, Play) else action.cards.codes}"
                     for seat, action in self.turn.game.history]
        return f"{self.observation_text(player)} || dealt {CardSet(self.dealt[player]).codes} || " + ", ".join(plays)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> TienLenSpielState:
        """A state ``player_id`` cannot tell from this one: the hidden hands dealt again, consistent
        with every play and pass (``phom.tienlen.worlds.sample_world``); his own picks kept."""
        if self.turn is None or self.is_terminal() or self.turn.game.to_move != player_id:
            raise ValueError("resample_from_infostate needs the player to move in a game in progress")
        seed = int(probability_sampler() * 2**31) if callable(probability_sampler) else None
        world = sample_world(self.turn.game.view(player_id), random.Random(seed), attempts=200)
        if world is None:
            raise ValueError("no deal of the hidden cards fits this information state")
        other: TienLenSpielState = self.clone()
        other.dealt = [h.mask for h in world.deal]
        selection = self.turn.selection
        other.turn = tienlen_actions.TienLenTurn(world)
        other.turn.selection = selection
        return other


class TienLenObserver(CardObserver):
    """Tensors and strings of a player's view: ``phom.tienlen.observation.encode`` and the cards he has
    picked; for perfect recall, also the hand he was dealt."""

    def __init__(self, perfect_recall: bool) -> None:
        super().__init__(perfect_recall, OBSERVER_SIZE, INFO_STATE_SIZE)

    def set_from(self, state: TienLenSpielState, player: int) -> None:
        self.tensor.fill(0.0)
        if state.turn is not None:
            self.tensor[:OBSERVATION_SIZE] = encode(state.turn.game.view(player))
        else:
            for c in CardSet(state.dealt[player]):
                self.tensor[c.index] = 1.0
        selection = state.selection_of(player)
        for c in CardSet(selection):
            self.tensor[OBSERVATION_SIZE + c.index] = 1.0
        if self.perfect_recall:
            for c in CardSet(state.dealt[player]):
                self.tensor[OBSERVER_SIZE + c.index] = 1.0
