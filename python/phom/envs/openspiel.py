"""OpenSpiel: ``register()``, then ``pyspiel.load_game("python_phom")`` (and the same for every
registered game whose session has an OpenSpiel game, ``Session.spiel_game``). Each game's state,
observer and parameters live in its own folder (Phỏm's in ``phom.phom.openspiel``); what the games
share is ``phom.envs.spiel``. Phỏm's names (``PhomGame``, ``PhomState``, ``GAME_NAME``,
``INFO_STATE_SIZE``) are re-exported here under their old path.

>>> from phom.envs import openspiel
>>> openspiel.register()
>>> import pyspiel
>>> [pyspiel.load_game(name).num_distinct_actions() for name in ("python_phom", "python_tienlen")]
[2101, 54]
"""

from __future__ import annotations

from ..extras import missing_extra

try:
    import pyspiel
except ImportError:
    raise missing_extra("openspiel", "phom.envs.openspiel (OpenSpiel)") from None

from ..games import GAMES, game_kind, game_spec  # noqa: E402
from ..moved import forwarding  # noqa: E402
from .sessions import session_for  # noqa: E402

__all__ = ["GAME_NAME", "INFO_STATE_SIZE", "UNDRAWN", "PhomGame", "PhomObserver", "PhomState", "register"]
#: Phỏm's names under their old path, read from Phỏm's folder when first asked for
__getattr__ = forwarding(__name__, dict.fromkeys(__all__[:-1], "phom.phom.openspiel"))


def register() -> None:
    """Make ``pyspiel.load_game`` know every registered game's OpenSpiel game (``python_phom``,
    ``python_<game>``), as its session gives it (``Session.spiel_game``); idempotent. A game without a
    session, or whose session has no OpenSpiel game, is left out."""
    for name in GAMES:
        if "session" in game_spec(name).lacks or not hasattr(game_kind(name), "session"):
            continue                                  # it says it has none (GameSpec.lacks)
        game = session_for(name).spiel_game()
        if game is not None and game.NAME not in pyspiel.registered_names():
            pyspiel.register_game(game.spiel_type(), game)
