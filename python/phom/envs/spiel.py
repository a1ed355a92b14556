"""What phom's OpenSpiel games share (``python_phom`` and ``python_tienlen``): their GameType.

>>> from phom.envs.spiel import game_type
>>> game_type("python_example", "an example", {"players": 4}).max_num_players
4
"""

from __future__ import annotations

from typing import Any

from ..extras import missing_extra

try:
    import pyspiel
except ImportError:
    raise missing_extra("openspiel", "phom.envs.openspiel (OpenSpiel)") from None

__all__ = ["game_type"]


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
