"""A seat's view of a hosted game as the API sends it (GET, the answer to a move, every WebSocket push),
and the cache of their JSON texts: rendered once per state, with the clock's ``now_ms`` added as each is
sent.

>>> from phom.web.hosting import GameHost
>>> host = GameHost()
>>> created = host.create(humans=[0, 1])
>>> view = game_view(host.get(created.id), 0, drawn=False)
>>> view["turn_seconds"], view["away"], view["clock"]["seat"] == view["to_move"]
(30, [], True)
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from ..levels import level_of
from .hosting import HostedGame

__all__ = ["ViewCache", "bot_level", "game_view", "view_key", "with_clock"]


def bot_level(game: str, spec: str) -> int | None:
    """The level that plays like the bot ``spec`` in ``game``, by which the page names the bot: ``level:N``
    is N, any other bot's is ``phom.levels.level_of``'s; None for a bot no level plays like (or a game
    without levels).

    >>> [bot_level("phom", spec) for spec in ("level:3", "greedy", "montecarlo:32", "hunter", "cmd:./my-bot")]
    [3, 4, 6, None, None]
    """
    bot = spec.strip().lower()
    matched = re.fullmatch(r"level:([1-8])", bot)
    if matched:
        return int(matched.group(1))
    try:
        return level_of(game, bot)
    except (AttributeError, LookupError, ValueError):        # a game without levels, or no such level
        return None


def game_view(hosted: HostedGame, seat: int, game: Any = None, *, drawn: bool = True, lang: str = "en"
              ) -> dict[str, Any]:
    """One seat's view of a hosted game (``game``: a given state of it, by default the current one) as
    the API sends it: the game's view report (``phom.web.kinds``), the game's title, its version, the move
    log, the seats' people and bots (and the level each bot plays like), the commitment, the table drawn as ``html`` (unless ``drawn`` is false), and at
    the end the result and every hand face up; the words in ``lang``. ``history`` entries the stand-in
    played carry ``"by": "clock"`` (``log`` is parallel to ``history``); a finished game whose table dealt
    the next game names it (``next_id``, the seat's token works there)."""
    game = game if game is not None else hosted.game
    report = hosted.kind.report(game, seat, drawn=drawn, lang=lang)
    report["lang"] = lang
    report["version"] = len(game.history)
    report["log"] = [hosted.kind.move_text(p, a, lang) for p, a in game.history]
    report["humans"] = hosted.humans
    report["bots"] = {str(s): name for s, name in sorted(hosted.bot_names.items())}
    report["bot_levels"] = {str(s): bot_level(hosted.kind.name, name) for s, name in sorted(hosted.bot_names.items())}
    report["commitment"] = hosted.fairness.commitment
    report["client_seed"] = hosted.fairness.client_seed
    report["series"] = hosted.series_view()
    report["next_id"] = hosted.next_id
    report["title"] = hosted.kind.title
    report["rules"] = hosted.kind.rules_data(game.rules)
    report["rules_words"] = hosted.kind.rules_words(game.rules, lang)
    report["turn_seconds"] = hosted.turn_seconds
    report["away"] = sorted(hosted.away)
    report["names"] = {str(s): name for s, name in sorted(hosted.names.items())}
    history = report.setdefault("history", [{"player": p, "action": str(a)} for p, a in game.history])
    for version in hosted.standins:
        if version < len(history):
            history[version]["by"] = "clock"
    report["clock"] = hosted.clock_view(time.time()) if game is hosted.game else None
    return report


def with_clock(text: str, hosted: HostedGame, version: int, now: float) -> str:
    """A view's JSON text at ``version`` (rendered without its clock) with the ``clock`` as it stands at
    ``now`` (none if the game has moved on since): a cached view never freezes the clock's ``now_ms``."""
    clock = hosted.clock_view(now) if hosted.version == version else None
    return text[:-1] + ',"clock":' + json.dumps(clock, separators=(",", ":")) + "}"


def view_key(hosted: HostedGame) -> tuple[Any, ...]:
    """What a seat's view depends on besides the seat, its html and language: the version, the next game,
    the seats away, their names and the deadline (a reaction changes none of them)."""
    return (hosted.version, hosted.next_id, tuple(sorted(hosted.away)), tuple(sorted(hosted.names.items())),
            hosted.deadline)


class ViewCache:
    """The JSON text of recent views (without their clock) by game id, seat, ``view_key``, html and
    language: the answer to a move and the push to the same seat are rendered once."""

    def __init__(self, size: int = 4096, clock: Callable[[], float] = time.time) -> None:
        self.size = size
        self.clock = clock
        self.texts: OrderedDict[tuple[Any, ...], str] = OrderedDict()
        self.lock = threading.Lock()

    def cached(self, hosted: HostedGame, seat: int, drawn: bool = True, lang: str = "en"
               ) -> tuple[str, int, tuple[Any, ...]] | None:
        """The view's JSON text, version and ``view_key`` if already rendered (cheap: no thread needed)."""
        state = view_key(hosted)                   # read once: the text below is this state's
        key = (hosted.id, seat, state, drawn, lang)
        with self.lock:
            text = self.texts.get(key)
        return None if text is None else (with_clock(text, hosted, state[0], self.clock()), state[0], state)

    def text(self, hosted: HostedGame, seat: int, drawn: bool = True, lang: str = "en"
             ) -> tuple[str, int, tuple[Any, ...]]:
        """The view's JSON text, its version and the ``view_key`` of the state it shows (taken with the
        state under the game's lock, so a change made meanwhile is never taken for sent)."""
        with hosted.lock:                          # one consistent state (moves replace the game whole)
            game, key = hosted.game, (hosted.id, seat, view_key(hosted), drawn, lang)
            with self.lock:
                cached = self.texts.get(key)
            if cached is None:
                data = game_view(hosted, seat, game, drawn=drawn, lang=lang)
                del data["clock"]
                cached = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
                with self.lock:
                    self.texts[key] = cached
                    while len(self.texts) > self.size:
                        self.texts.popitem(last=False)
        return with_clock(cached, hosted, len(game.history), self.clock()), len(game.history), key[2]
