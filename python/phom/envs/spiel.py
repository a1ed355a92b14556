"""What phom's OpenSpiel games share (``python_phom`` and ``python_tienlen``): their GameType, their
rules from the parameters, the ``pyspiel.Game`` over them (``CardSpielGame``) and the observer's
scaffolding (``CardObserver``); each game gives only its state and what its tensors hold.

>>> from phom.envs.spiel import game_type
>>> game_type("python_example", "an example", {"players": 4}).max_num_players
4
>>> from phom.phom.rules import Rules
>>> spiel_rules("python_example", {"players": 4}, {"players": 2}, Rules).players
2
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..extras import missing_extra

try:
    import pyspiel
except ImportError:
    raise missing_extra("openspiel", "phom.envs.openspiel (OpenSpiel)") from None

__all__ = ["CardObserver", "CardSpielGame", "game_type", "spiel_rules"]


def game_type(short_name: str, long_name: str, parameters: dict[str, Any]) -> Any:
    """The GameType both card games share: sequential, explicit chance, imperfect information,
    zero-sum, terminal rewards, 2–4 players, every observation kind provided."""
    return pyspiel.GameType(
        short_name=short_name, long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4, min_num_players=2,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=dict(parameters))


def spiel_rules(name: str, defaults: dict[str, Any], params: dict[str, Any], make: Callable[..., Any]) -> Any:
    """The rules of the OpenSpiel game ``name`` from its ``params`` over its ``defaults`` (``make``: the
    game's rules type); ValueError naming the parameters the game does not take."""
    unknown = sorted(set(params) - set(defaults))
    if unknown:
        raise ValueError(f"unknown {name} parameters: {', '.join(unknown)}")
    return make(**{**defaults, **params})


class CardSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A card game for OpenSpiel: its rules from the parameters (``make_rules``), its ``GameInfo`` (its
    ``NUM_ACTIONS`` ids, a card index as each chance outcome, zero-sum money within ``bound(rules)``,
    at most ``MAX_LENGTH`` moves), its states (``new_initial_state``) and its observers (``observer``).
    A game sets ``NAME``, ``NUM_ACTIONS`` and ``MAX_LENGTH`` and gives the four methods."""

    NAME = ""
    NUM_ACTIONS = 0
    MAX_LENGTH = 0

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.rules = self.make_rules(dict(params or {}))
        bound = self.bound(self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.NUM_ACTIONS, max_chance_outcomes=52, num_players=self.rules.players,
            min_utility=-bound, max_utility=bound, utility_sum=0.0, max_game_length=self.MAX_LENGTH)
        super().__init__(self.spiel_type(), info, dict(params or {}))

    @staticmethod
    def spiel_type() -> Any:
        """The game's ``pyspiel.GameType`` (``game_type``)."""
        raise NotImplementedError

    @staticmethod
    def make_rules(params: dict[str, Any]) -> Any:
        """The rules of these parameters (``spiel_rules``)."""
        raise NotImplementedError

    @staticmethod
    def bound(rules: Any) -> float:
        """A bound on any player's net money in one game under ``rules``."""
        raise NotImplementedError

    def observer(self, perfect_recall: bool) -> Any:
        """The game's observer (a ``CardObserver``)."""
        raise NotImplementedError

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        if params:
            raise ValueError(f"{self.NAME} observers take no parameters; got {params}")
        return self.observer(bool(iig_obs_type is not None and iig_obs_type.perfect_recall))


class CardObserver:
    """Tensors and strings of a player's view: ``tensor`` (``size`` floats, ``info_size`` for perfect
    recall), which the game's ``set_from(state, player)`` fills, and the state's information text
    (perfect recall) or observation text as the string."""

    def __init__(self, perfect_recall: bool, size: int, info_size: int) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(info_size if perfect_recall else size, np.float32)
        self.dict = {"observation": self.tensor}

    def string_from(self, state: Any, player: int) -> str:
        text: str = state.info_text(player) if self.perfect_recall else state.observation_text(player)
        return text
