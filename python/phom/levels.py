"""Bot levels 1 (weakest) … 8 (each measured against the one below it), for both games: each level's name,
and a documented recipe per level and game, data only, kept with each game's bot names
(``phom.phom.bots.PHOM_BOTS``, ``phom.tienlen.bots.TIENLEN_BOTS``; ``make_bot("level:N")`` and
``make_tienlen_bot("level:N")`` build them).

A recipe is a bot name and a noise (GNU Backgammon's way of weakening: a normal error of that many
stakes on every choice value, repeatable from the bot's seed). The low levels are weaker policies;
above them the Monte Carlo bots differ in worlds, and Phỏm's level 8 is ``best``. In Tiến lên the Monte Carlo bot gains nothing
measurable past 128 worlds (1024 against 128: −0.03 ± 0.24 a game), so its low levels are Monte Carlo
bots of few worlds with less and less noise, and greedy play sits in the middle. Each level is measured
against the one below it in a duplicate match (``benchmarks/levels_ladder.py``; the figures and the
ratings are in LADDER.md), and pair by pair with the arena's sequential test at 0.15 stakes a game
(``benchmarks/levels_sprt.py``: every adjacent pair of both games "stronger" in LADDER.md; none merged).

>>> [level.name("vi") for level in LEVELS][:3]
['Mới chơi', 'Tập chơi', 'Biết chơi']
>>> level_recipe("phom", 8).spec
'best'
"""

from __future__ import annotations

from dataclasses import dataclass

from .games import game_kind
from .budget import BEST_MS, best_worlds

__all__ = ["LEVELS", "Level", "Recipe", "level_number", "level_of", "level_recipe"]


@dataclass(frozen=True)
class Recipe:
    """How one level plays one game: a bot name (as ``make_bot`` / ``make_tienlen_bot`` take it) and
    the noise in stakes on its choice values (Monte Carlo bots only)."""

    spec: str
    noise: float = 0.0


@dataclass(frozen=True)
class Level:
    """A level's number and its name in both languages."""

    number: int
    vi: str
    en: str

    def name(self, lang: str = "en") -> str:
        return self.vi if lang == "vi" else self.en


LEVELS = (
    Level(1, "Mới chơi", "Beginner"),
    Level(2, "Tập chơi", "Novice"),
    Level(3, "Biết chơi", "Casual"),
    Level(4, "Khá", "Intermediate"),
    Level(5, "Giỏi", "Strong"),
    Level(6, "Rất giỏi", "Advanced"),
    Level(7, "Chuyên gia", "Expert"),
    Level(8, "Cao thủ", "Master"),
)


def level_number(spec: str) -> int | None:
    """N for ``"level:N"`` (N from 1 to 8), None for any other name; ValueError for a bad level."""
    kind, _, arg = spec.strip().lower().partition(":")
    if kind != "level":
        return None
    if not (arg.isdigit() and 1 <= int(arg) <= len(LEVELS)):
        raise ValueError(f"bot {spec!r}: write level:N with N from 1 (weakest) to {len(LEVELS)} (strongest)")
    return int(arg)


def level_recipe(game: str, number: int) -> Recipe:
    """The recipe of level ``number`` for ``game`` (a registered game's name), from the game's bot names."""
    recipe: Recipe = game_kind(game).bot_names.levels[number - 1]
    return recipe


def level_of(game: str, bot: str) -> int | None:
    """The level that plays like ``bot`` in ``game``: the level whose recipe is ``bot`` (noise-free),
    else for a Monte Carlo bot the noise-free Monte Carlo level of the nearest worlds (on a log
    scale; ``best`` counts as its most worlds), for ``search`` the level above greedy's; None for any other bot.

    >>> level_of("phom", "greedy"), level_of("phom", "best"), level_of("phom", "montecarlo:1024"), level_of("tienlen", "search")
    (4, 8, 8, 7)
    """
    recipes = [(level.number, level_recipe(game, level.number)) for level in LEVELS]
    for number, recipe in recipes:
        if recipe.spec == bot and recipe.noise == 0:
            return number
    if bot.startswith("montecarlo:"):
        worlds = int(bot.split(":")[1])
        carlo = [(n, int(r.spec.split(":")[1]) if r.spec != "best" else best_worlds(BEST_MS)) for n, r in recipes
                 if (r.spec.startswith("montecarlo:") or r.spec == "best") and r.noise == 0]
        return min(carlo, key=lambda c: abs(c[1].bit_length() - worlds.bit_length()))[0] if carlo else None
    if bot == "search":
        greedy = level_of(game, "greedy")
        return None if greedy is None else min(greedy + 1, len(LEVELS))
    return None
