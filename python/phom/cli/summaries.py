"""``phom simulate`` and ``phom tienlen simulate`` in the reader's language: who the bots are in the
players' words, a sentence on who came out ahead, then the figures, columns aligned, numbers through Babel.

>>> from phom.tienlen.simulation import TienLenStats
>>> stats = TienLenStats(("greedy", "random"), 8, (6, 2), (1.5, -1.5), (0.4, 0.4), 0.02)
>>> print(simulation_lines(stats, ["greedy", "random"], "vi", "tienlen")[0])
Sau 8 ván, ghế 1 thắng nhiều nhất: trung bình +1,50 cược một ván.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..games import DEFAULT_GAME
from ..levels import LEVELS, level_number, level_of
from ..language import N_, aligned, capital, number, percent, translator

__all__ = ["STYLES", "bot_words", "simulation_lines"]

#: what each style of bot does, as a player says it (the names a command takes stay as they are typed)
STYLES = {"random": N_("plays at random"), "greedy": N_("takes the best move in sight"),
          "search": N_("looks a few moves ahead"), "montecarlo": N_("plays out many sampled deals, then chooses")}


def bot_words(spec: str, lang: str = "en", game: str = DEFAULT_GAME) -> str:
    """A bot as the players would describe it: the level it plays at, else what it does, else its name.

    >>> bot_words("greedy", "vi"), bot_words("level:8", "vi"), bot_words("montecarlo", "vi")
    ('Cấp 4 · Khá', 'Cấp 8 · Cao thủ', 'máy đánh thử nhiều ván chia rồi mới chọn')
    """
    _ = translator(lang)
    name = spec.strip().lower()
    found = level_number(name)
    if found is None:
        found = level_of(game, name)
    if found is not None:
        return _("Level {number} · {name}").format(number=found, name=LEVELS[found - 1].name(lang))
    style = name.partition(":")[0]
    return _(STYLES[style]) if style in STYLES else spec


def simulation_lines(stats: Any, specs: Sequence[str], lang: str = "en", game: str = DEFAULT_GAME) -> list[str]:
    """A simulation's summary (``phom.simulation.Stats`` or ``phom.tienlen.simulation.TienLenStats``,
    a row a bot, ``specs`` the names typed): a sentence first, each seat's bot, then the table; the
    spread, the game's own rates (``rates``: Phỏm's ù and móm) and the speed where the stats have them."""
    _ = translator(lang)
    games = stats.games
    best = max(range(len(specs)), key=lambda i: stats.mean_net[i])
    played = _("1 game") if games == 1 else _("{count} games").format(count=number(games, lang))
    lines = [_("After {games}, seat {seat} came out best: {money} stakes a game on average.").format(
        games=played, seat=best + 1, money=number(stats.mean_net[best], lang, 2, signed=True))]
    lines += ["  " + _("Seat {seat}: {bot} ({words})").format(seat=i + 1, bot=spec, words=bot_words(spec, lang, game))
              for i, spec in enumerate(specs)]
    lines.append("")
    spread: Sequence[float] | None = getattr(stats, "std_net", None)
    rates: dict[str, Sequence[float]] = getattr(stats, "rates", {})
    head = ["", capital(_("first place")), capital(_("stakes a game")), "± " + percent(0.95, lang)]
    head += ([capital(_("spread"))] if spread is not None else []) + [capital(rate) for rate in rates]
    rows = [head]
    for i in range(len(specs)):
        row = [capital(_("seat {seat}").format(seat=i + 1)), percent(stats.wins[i] / games, lang, 1),
               number(stats.mean_net[i], lang, 2, signed=True), number(stats.ci95[i], lang, 2)]
        row += [number(spread[i], lang, 2)] if spread is not None else []
        row += [percent(values[i], lang, 1) for values in rates.values()]
        rows.append(row)
    lines += aligned(rows, right=[False] + [True] * (len(head) - 1))
    seconds = number(stats.seconds, lang, 2)
    if hasattr(stats, "games_per_second"):
        lines.append(_("{games} in {seconds} seconds ({speed} games a second)").format(
            games=played, seconds=seconds, speed=number(round(stats.games_per_second), lang)))
    else:
        lines.append(_("{games} in {seconds} seconds").format(games=played, seconds=seconds))
    return lines
