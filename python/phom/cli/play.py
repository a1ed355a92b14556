"""``phom play``: a full game against bots in the terminal, driven by lines of input.

Type an action (``draw``, ``eat 7H``, ``lay 5H 6H 7H``, ``send 8H 2:0``, ``discard KS``, ``autolay``,
``u``, ``u-khan``) or its number from the list, ``?`` for a hint, ``??`` for a hint that looks ahead
(half a second of whole-game playouts), ``q`` to quit.

>>> import io
>>> from phom.cli.play import play_interactive
>>> out = io.StringIO()
>>> play_interactive(players=2, seed=1, bots="greedy", seat=1, stdin=io.StringIO("1\\n" * 60), stdout=out)
>>> "Net:" in out.getvalue()
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from ..actions import Action
from ..bots import make_bot
from ..game import Game, IllegalAction
from ..hints import hint
from ..rules import Rules
from ..render import result_text
from .render import Painter

__all__ = ["play_interactive"]

HELP = ("Type an action (draw, eat 7H, lay 5H 6H 7H, send 8H 2:0, discard KS, autolay, u, u-khan) "
        "or its number; ? for a hint, ?? for one that looks ahead; q to quit.")


class QuitGame(Exception):
    """The person typed q."""


class Console:
    """Lines out, lines in (with a prompt)."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin, self.stdout = stdin, stdout

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout)

    def read(self) -> str:
        print("> ", end="", file=self.stdout, flush=True)
        line = self.stdin.readline()
        if not line:
            raise ValueError("input ended before the game did")
        return line.strip()


def play_interactive(*, players: int, seed: int | None, bots: str | None, seat: int, stdin: TextIO,
                     stdout: TextIO) -> None:
    """Play one game: the person at ``seat`` types moves, bots play the other seats."""
    rules = Rules(players=players)
    if not 0 <= seat < players:
        raise ValueError(f"--seat {seat} is not a seat from 0 to {players - 1}")
    specs = [s for s in (bots or "greedy").split(",") if s.strip()]
    if len(specs) == 1:
        specs = specs * (players - 1)
    if len(specs) != players - 1:
        raise ValueError(f"--bots names {len(specs)} bots; {players} players need {players - 1} (or one for all)")
    others = [p for p in range(players) if p != seat]
    seated = {p: make_bot(spec, seed=(seed or 0) + p) for p, spec in zip(others, specs)}
    game = Game(rules, seed=seed)
    paint = Painter(stream=stdout)

    console = Console(stdin, stdout)
    say = console.say

    say(f"Phỏm, {players} players. You are seat {seat}; bots: "
        + ", ".join(f"seat {p} {getattr(seated[p], 'name', 'bot')}" for p in others) + ".")
    say(HELP)
    try:
        while not game.is_over:
            p = game.to_move
            assert p is not None
            if p != seat:
                action = seated[p].act(game.view(p))
                game.apply(action)
                say(f"  seat {p}: {action}")
                continue
            _show(game, seat, paint, say)
            _human_turn(game, seat, console, paint)
    except QuitGame:
        say("You left the game.")
        return
    say(result_text(game))


def _show(game: Game, seat: int, paint: Painter, say: Callable[[str], None]) -> None:
    view = game.view(seat)
    kind = {"normal": "", "lay": " — your lay-down turn", "tai": " — a tái turn"}[view.turn_kind]
    step = "take a card" if view.phase == "take" else "play"
    say("")
    say(paint.bold(f"Your turn (seat {seat}){kind}: {step}"))
    eat = f" | last discard: {paint.card(view.last_discard[0])} (seat {view.last_discard[1]})" \
        if view.last_discard else ""
    say(f"Stock {view.stock_size}{eat}")
    for p, row in enumerate(view.rows):
        table = "  ".join(f"[{i}] {paint.cards(m)}" for i, m in enumerate(view.laid[p]))
        mark = "you" if p == seat else f"{view.hand_sizes[p]} cards"
        say(f"  seat {p} ({mark}): row {paint.cards(row)}" + (f" | phỏm {table}" if table else ""))
    eaten = f"  (eaten, to lay: {paint.cards(view.unlaid_eaten)})" if view.unlaid_eaten else ""
    say(f"Your hand: {paint.cards(view.hand)}{eaten}")
    say("Moves: " + "  ".join(f"{i}) {a}" for i, a in enumerate(view.legal_actions, start=1)))


def _human_turn(game: Game, seat: int, console: Console, paint: Painter) -> None:
    say = console.say
    while True:
        text = console.read()
        if not text:
            continue
        if text.lower() in ("q", "quit", "exit"):
            raise QuitGame
        if text.lower() in ("h", "help"):
            say(HELP)
            continue
        if text in ("?", "??"):
            advice = hint(game, seat, search=text == "??")
            say(f"Hint: {advice.action} — {advice.reason}")
            continue
        legal = game.legal_actions()
        try:
            if text.isdigit():
                number = int(text)
                if not 1 <= number <= len(legal):
                    say(f"Not a move: choose 1 to {len(legal)}.")
                    continue
                action = legal[number - 1]
            else:
                action = Action.parse(text)
            game.apply(action)
        except IllegalAction as exc:
            say(f"Not allowed: {exc}")
            continue
        except ValueError as exc:
            say(f"Not understood: {exc}")
            continue
        say(f"  you: {action}")
        if game.is_over or game.to_move != seat:
            return
        _show(game, seat, paint, say)
