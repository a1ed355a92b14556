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

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TextIO

from ..actions import Action
from ..bots import make_bot
from ..game import Game, IllegalAction
from ..hints import hint
from ..rules import Rules
from ..render import result_text
from .render import Painter

__all__ = ["Console", "QuitGame", "Table", "bot_seats", "play_interactive", "play_until_over",
           "read_move"]

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


def bot_seats(bots: str | None, players: int, seat: int) -> dict[int, str]:
    """Which bot (by name) plays each seat but the person's: ``--bots`` names one per other seat, or
    one for all (default greedy).

    >>> bot_seats("random", 3, 1), bot_seats("greedy,search", 3, 0)
    ({0: 'random', 2: 'random'}, {1: 'greedy', 2: 'search'})
    """
    if not 0 <= seat < players:
        raise ValueError(f"--seat {seat} is not a seat from 0 to {players - 1}")
    specs = [s for s in (bots or "greedy").split(",") if s.strip()]
    if len(specs) == 1:
        specs = specs * (players - 1)
    if len(specs) != players - 1:
        raise ValueError(f"--bots names {len(specs)} bots; {players} players need {players - 1} (or one for all)")
    return dict(zip((p for p in range(players) if p != seat), specs))


class Table(Protocol):
    """What the terminal loop needs of a game (Phỏm's ``Game``, ``TienLenGame``)."""

    @property
    def is_over(self) -> bool: ...
    @property
    def to_move(self) -> int | None: ...
    def view(self, player: int) -> Any: ...
    def apply(self, action: Any) -> None: ...


def play_until_over(game: Table, seat: int, seated: Mapping[int, Any], human_turn: Callable[[], None],
                    say: Callable[[str], None], describe: Callable[[Any], str]) -> bool:
    """Bots (``act(view)``) move and say their moves; at the person's seat ``human_turn`` runs. False
    when the person quit."""
    try:
        while not game.is_over:
            p = game.to_move
            assert p is not None
            if p != seat:
                action = seated[p].act(game.view(p))
                game.apply(action)
                say(f"  seat {p}: {describe(action)}")
                continue
            human_turn()
    except QuitGame:
        say("You left the game.")
        return False
    return True


def play_interactive(*, players: int, seed: int | None, bots: str | None, seat: int, stdin: TextIO,
                     stdout: TextIO) -> None:
    """Play one game: the person at ``seat`` types moves, bots play the other seats."""
    rules = Rules(players=players)
    seated = {p: make_bot(spec, seed=(seed or 0) + p) for p, spec in bot_seats(bots, players, seat).items()}
    others = list(seated)
    game = Game(rules, seed=seed)
    paint = Painter(stream=stdout)

    console = Console(stdin, stdout)
    say = console.say

    say(f"Phỏm, {players} players. You are seat {seat}; bots: "
        + ", ".join(f"seat {p} {getattr(seated[p], 'name', 'bot')}" for p in others) + ".")
    say(HELP)
    def turn() -> None:
        _show(game, seat, paint, say)
        read_move(console, HELP, game.legal_actions(), Action.parse, game.apply,
                  lambda search: _advice(game, seat, search), str)

    if play_until_over(game, seat, seated, turn, say, describe=str):
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


def _advice(game: Game, seat: int, search: bool) -> str:
    advice = hint(game, seat, search=search)
    return f"{advice.action} — {advice.reason}"


def read_move(console: Console, help_text: str, legal: Sequence[Any], parse: Callable[[str], Any],
              apply: Callable[[Any], None], advise: Callable[[bool], str], describe: Callable[[Any], str]) -> None:
    """Read lines until one move is applied: a number from the ``legal`` list or a text ``parse``
    understands; ``?`` / ``??`` print ``advise(look_ahead)``, ``h`` the help, ``q`` quits (QuitGame).
    A refused move prints the referee's reason and asks again."""
    say = console.say
    while True:
        text = console.read()
        if not text:
            continue
        if text.lower() in ("q", "quit", "exit"):
            raise QuitGame
        if text.lower() in ("h", "help"):
            say(help_text)
            continue
        if text in ("?", "??"):
            say(f"Hint: {advise(text == '??')}")
            continue
        try:
            if text.isdigit():
                number = int(text)
                if not 1 <= number <= len(legal):
                    say(f"Not a move: choose 1 to {len(legal)}.")
                    continue
                action = legal[number - 1]
            else:
                action = parse(text)
            apply(action)
        except IllegalAction as exc:
            say(f"Not allowed: {exc}")
            continue
        except ValueError as exc:
            say(f"Not understood: {exc}")
            continue
        say(f"  you: {describe(action)}")
        return
