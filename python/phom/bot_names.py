"""One grammar for bot names, in both games: ``NAME``, ``NAME:N``, ``NAME:N:THREADS``, ``level:N``,
``cmd:COMMAND`` (a program) and ``py:MODULE:ATTR`` (a Python bot: a class or factory importable from the
current directory, called with no argument). Which names a game knows, what its numbers mean, their limits and its eight levels'
recipes are that game's data (``BotNames``: Phỏm's in ``phom.phom.bots``, Tiến lên's in
``phom.tienlen.bots``); ``make_named_bot`` reads a name against them and hands the parts to the game's
builder.

>>> names = BotNames(game="", plain=("greedy",), counted={"montecarlo": Counted("WORLDS", 128, threads=True, threads_high=64)})
>>> names.parse("montecarlo:256:2"), names.parse("Greedy"), names.parse("montecarlo")
(BotName(name='montecarlo', count=256, threads=2, given=True), BotName(name='greedy', count=None, threads=None, given=False), BotName(name='montecarlo', count=128, threads=None, given=False))
>>> names.parse("montecarlo:0")
Traceback (most recent call last):
...
ValueError: bot 'montecarlo:0': write montecarlo:WORLDS or montecarlo:WORLDS:THREADS (WORLDS a whole number ≥ 1, THREADS 1 to 64)
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .external import DEFAULT_MOVE_SECONDS, ExternalBot, external_command, is_external
from .levels import Recipe, level_number

__all__ = ["PY_PREFIX", "BotName", "BotNames", "Counted", "bot_label", "is_python_bot", "make_named_bot", "python_bot"]

#: the prefix of a Python bot's name: ``py:MODULE:ATTR``
PY_PREFIX = "py:"


@dataclass(frozen=True)
class Counted:
    """A name that takes a whole number (``NAME:N``, ``what`` says what N counts, 1 to ``high`` or
    unbounded; ``default`` without it) and, where ``threads`` is set, a number of threads after it (1 to
    ``threads_high`` or unbounded)."""

    what: str
    default: int
    high: int | None = None
    threads: bool = False
    threads_high: int | None = None
    #: the message's example of the form (``best:50``), or none
    example: str = ""
    #: the most a server hosts (``BotNames.served_names``: the bound of a hosted bot's cost), where it is
    #: less than ``high``
    served: int | None = None

    def served_bound(self, most: int) -> int:
        """The largest number a server plays: the least of ``served``, ``high`` and a server's ``most``."""
        return min(bound for bound in (self.served, self.high, most) if bound is not None)

    def limits(self) -> str:
        """The limits in words, for a refusal."""
        words = f"{self.what} 1 to {self.high}" if self.high is not None else f"{self.what} a whole number ≥ 1"
        if not self.threads:
            return words
        return words + (f", THREADS 1 to {self.threads_high}" if self.threads_high is not None else
                        ", THREADS a whole number ≥ 1")


@dataclass(frozen=True)
class BotName:
    """A bot name read: the name, its number (the default where none was written, and ``given`` says
    whether one was) and its threads."""

    name: str
    count: int | None = None
    threads: int | None = None
    given: bool = False


@dataclass(frozen=True)
class BotNames:
    """The names one game's bots answer to: ``plain`` take no number, ``counted`` do; ``levels`` are the
    recipes of levels 1 … 8; ``game`` is how a refusal names the game (``""`` or ``"Tiến lên "``)."""

    game: str
    plain: tuple[str, ...]
    counted: Mapping[str, Counted] = field(default_factory=dict)
    levels: tuple[Recipe, ...] = ()

    def forms(self) -> str:
        """Every name this game takes, as a refusal lists them."""
        counted = [f"{name}:{c.what}" + ("[:THREADS]" if c.threads else "") for name, c in self.counted.items()]
        return ", ".join([*self.plain, *[n for n in self.counted if n not in self.plain]]) + \
            ", cmd:COMMAND, py:MODULE:ATTR (or " + \
            ", ".join([*counted, f"level:1 … level:{len(self.levels) or 8}"]) + ")"

    def parse(self, spec: str) -> BotName:
        """``spec`` read against this game's names; ValueError naming it and the forms it may take."""
        name, _, arg = spec.strip().lower().partition(":")
        if name in self.plain and not arg:
            return BotName(name)
        counted = self.counted.get(name)
        if counted is None:
            raise ValueError(f"unknown {self.game}bot {spec!r}: choose from {self.forms()}")
        number, _, threads = arg.partition(":")
        if not self._whole(number, counted.high, empty=not threads) or \
                (threads and not (counted.threads and self._whole(threads, counted.threads_high))):
            form = f"{name}:{counted.what}" + (f" or {name}:{counted.what}:THREADS" if counted.threads else "")
            example = f", e.g. {counted.example}" if counted.example else ""
            raise ValueError(f"{self.game}bot {spec!r}: write {form} ({counted.limits()}){example}")
        return BotName(name, int(number) if number else counted.default, int(threads) if threads else None,
                       given=bool(number))

    def served_names(self, most: int) -> str:
        """A regular expression (to anchor) of the names a server plays of this game: its plain names, its
        counted ones with a number from 1 to the least of their ``served``, their ``high`` and ``most`` (no
        threads), and ``level:1`` … ``level:L``; never a program (``cmd:``, ``py:``). Its cost is bounded by
        the names alone: no bot is built.

        >>> import re
        >>> from phom.levels import Recipe
        >>> names = BotNames(game="", plain=("greedy",), counted={"montecarlo": Counted("WORLDS", 128, high=512)},
        ...                  levels=(Recipe("greedy"),) * 8)
        >>> names.served_names(300)
        '(?:greedy|montecarlo(?::(?:[1-9]|[1-9][0-9]|[1-2][0-9][0-9]|300))?|level:(?:[1-7]|8))'
        >>> [bool(re.fullmatch(names.served_names(300), n)) for n in ("greedy", "montecarlo:300", "montecarlo:301",
        ...                                                           "montecarlo:8:2", "level:8", "cmd:x")]
        [True, True, False, False, True, False]
        """
        names = [re.escape(name) for name in self.plain if name not in self.counted]
        for name, counted in self.counted.items():
            names.append(f"{re.escape(name)}(?::{_up_to(counted.served_bound(most))})?")
        names.append(f"level:{_up_to(len(self.levels) or 8)}")
        return "(?:" + "|".join(names) + ")"

    def served_forms(self, most: int) -> str:
        """The names ``served_names`` takes, as a refusal lists them.

        >>> from phom.tienlen.bots import TIENLEN_BOTS
        >>> TIENLEN_BOTS.served_forms(1024)
        'random, greedy, search, montecarlo[:WORLDS] (WORLDS 1 to 1024), level:1 … level:8'
        """
        names = [name for name in self.plain if name not in self.counted]
        names += [f"{name}[:{c.what}] ({c.what} 1 to {c.served_bound(most)})" for name, c in self.counted.items()]
        return ", ".join([*names, f"level:1 … level:{len(self.levels) or 8}"])

    @staticmethod
    def _whole(text: str, high: int | None, *, empty: bool = False) -> bool:
        if not text:
            return empty
        return text.isdigit() and 1 <= int(text) and (high is None or int(text) <= high)


def _up_to(high: int) -> str:
    """A regular expression of the whole numbers 1 … ``high`` written without leading zeros.

    >>> import re
    >>> [n for n in range(0, 300) if re.fullmatch(_up_to(256), str(n))] == list(range(1, 257))
    True
    """
    top = str(high)
    if high < 1:
        raise ValueError(f"a served bound is at least 1, not {high}")
    parts = ["[1-9]" + "[0-9]" * (length - 1) for length in range(1, len(top))]
    for i, digit in enumerate(top):
        least = 1 if i == 0 else 0
        if int(digit) > least:
            parts.append(top[:i] + f"[{least}-{int(digit) - 1}]" + "[0-9]" * (len(top) - i - 1))
    parts.append(top)
    return "(?:" + "|".join(parts) + ")"


def bot_label(bot: Any) -> str:
    """How a round names a bot: a name as written (spaces around it dropped), a bot object by its ``name``
    (its class's name when it has none).

    >>> from phom.phom.bots.greedy import GreedyBot
    >>> bot_label(" greedy "), bot_label(GreedyBot()), bot_label(object())
    ('greedy', 'greedy', 'object')
    """
    if isinstance(bot, str):
        return bot.strip()
    return str(getattr(bot, "name", None) or type(bot).__name__)


def is_python_bot(spec: object) -> bool:
    """True for a Python bot's name (``py:MODULE:ATTR``, any case of ``py``, spaces around it): code of this
    machine, which a server refuses as it refuses ``cmd:`` programs.

    >>> is_python_bot(" py:mybot:Bot"), is_python_bot("greedy"), is_python_bot(None)
    (True, False, False)
    """
    return isinstance(spec, str) and spec.strip().lower().startswith(PY_PREFIX)


def python_bot(spec: str) -> Any:
    """The bot ``py:MODULE:ATTR`` names: ``ATTR`` of the module ``MODULE`` (importable from the current
    directory, which is put on ``sys.path`` when missing), called with no argument (a class or a
    factory); ValueError naming what is missing, or a result with no ``act(view)``.

    >>> python_bot("py:phom.phom.bots.greedy:GreedyBot").name
    'greedy'
    >>> python_bot("py:phom.phom.bots.greedy")
    Traceback (most recent call last):
    ...
    ValueError: bot 'py:phom.phom.bots.greedy': write py:MODULE:ATTR, e.g. py:mybot:MyBot (a class or factory in mybot.py)
    """
    module_name, colon, attr = spec.strip()[len(PY_PREFIX):].rpartition(":")
    if not colon or not module_name or not attr.isidentifier():
        raise ValueError(f"bot {spec!r}: write py:MODULE:ATTR, e.g. py:mybot:MyBot (a class or factory in mybot.py)")
    here = os.getcwd()
    if here not in sys.path and "" not in sys.path:
        sys.path.insert(0, here)
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(f"bot {spec!r}: module {module_name!r} cannot be imported from {here} ({exc})") from None
    factory = getattr(module, attr, None)
    if not callable(factory):
        raise ValueError(f"bot {spec!r}: module {module_name!r} has no class or factory {attr!r}")
    bot = factory()
    if not callable(getattr(bot, "act", None)):
        raise ValueError(f"bot {spec!r}: {attr}() made {type(bot).__name__}, which has no act(view) method")
    return bot


def make_named_bot(spec: str, seed: int | None, names: BotNames, build: Callable[[BotName, int | None], Any], *,
                   game: str, move_seconds: float = DEFAULT_MOVE_SECONDS) -> Any:
    """The bot ``spec`` names in ``game``: ``cmd:COMMAND`` an ``ExternalBot`` (allowed ``move_seconds`` an
    answer), ``level:N`` its recipe (a name, and the noise its Monte Carlo bot plays with),
    ``py:MODULE:ATTR`` the Python bot it names (``python_bot``; reseeded with ``seed`` when it has
    ``reseed``), any other name read by ``names`` and built by ``build(name, seed)``.

    >>> from phom.phom.bots import PHOM_BOTS, build_phom_bot
    >>> make_named_bot("level:3", 1, PHOM_BOTS, build_phom_bot, game="phom").noise
    1.5
    """
    if is_python_bot(spec):
        bot = python_bot(spec)
        reseed = getattr(bot, "reseed", None)
        if seed is not None and callable(reseed):
            reseed(seed)
        return bot
    if is_external(spec):
        return ExternalBot(external_command(spec), game, move_seconds=move_seconds, name=spec.strip())
    level = level_number(spec)
    if level is not None:
        recipe = names.levels[level - 1]
        bot = build(names.parse(recipe.spec), seed)
        if recipe.noise:
            if not hasattr(bot, "noise"):
                raise ValueError(f"level {level}: {recipe.spec} takes no noise")
            bot.noise = recipe.noise
        return bot
    return build(names.parse(spec), seed)
