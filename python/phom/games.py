"""One house for two games: what the shared machinery asks of a game (``GameKind``), and the registry of
games by name. The service (``phom serve``: its store rows, hosting, the table clock and its stand-in),
``phom verify``, ``phom bot play`` and the hints ask the registry, never which game it is; each game's
own knowledge stays in its own modules (Phỏm's ``phom.phom.phom_kind``, Tiến lên's ``phom.tienlen.kind``),
which register themselves when ``phom`` is imported. A game added at run time registers the same way
(``register_game``); one without a compiled engine says so (``engine = None``), and the machinery then
plays its Python referee, by name, never as a silent fallback.

>>> sorted(GAMES)
['phom', 'tienlen']
>>> game_kind("tienlen").record_format, kind_of_record({"format": "phom-game"}).name
('phom-tienlen', 'phom')
>>> game_kind("chess")
Traceback (most recent call last):
...
ValueError: no game is named 'chess': the games are phom, tienlen
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, Protocol

__all__ = ["GAMES", "CardPainter", "GameKind", "GameTerminal", "game_kind", "kind_of_record", "kind_of_view",
           "register_game", "unregister_game"]


class CardPainter(Protocol):
    """How the terminal draws cards (``phom.cli.render.Painter``: colour on a colour terminal)."""

    def card(self, card: Any) -> str: ...
    def cards(self, cards: Iterable[Any]) -> str: ...
    def bold(self, text: str) -> str: ...


class GameTerminal(Protocol):
    """A game at the terminal, what the command line's one play loop (``phom.cli.play.play_game``) and
    ``phom replay`` ask of it beyond its ``GameKind``: its words, its table, its moves' labels and its result.
    ``paint`` below is a ``CardPainter``; texts named "a text to translate" are the English of the catalog."""

    #: the command that plays it (``"phom play"``), which the error for an unknown bot points at
    command: str
    #: the game's first line, a text to translate with ``{players}``, ``{seat}`` and ``{bots}``
    opening: str
    #: how to type a move (said first, and again at ``h``), a text to translate
    help: str
    #: the replay's first line, a text to translate with ``{players}`` and ``{seat}`` (the leader)
    replay_title: str

    def rules(self, players: int) -> Any:
        """The rules of a table of ``players`` (ValueError naming a count the game does not seat)."""
    def new_game(self, rules: Any, seed: int | None) -> Any:
        """A game on the shuffle of ``seed`` (None: any)."""
    def opening_lines(self, game: Any, seat: int, lang: str = "en") -> list[str]:
        """What the person is told once the help is said (who leads, and why), before the first move."""
    def table_lines(self, game: Any, seat: int, paint: CardPainter, lang: str = "en") -> list[str]:
        """The table as ``seat`` sees it when it is their turn, the numbered moves last."""
    def moves(self, game: Any) -> list[Any]:
        """The legal moves in the order the table numbers them."""
    def move_text(self, game: Any, action: Any, paint: CardPainter, lang: str = "en") -> str:
        """A move as the log says it once made (``action`` the last of ``game.history``) or offered."""
    def advice(self, game: Any, seat: int, search: bool, paint: CardPainter, lang: str = "en") -> tuple[str, str]:
        """The hint for ``seat`` (looking ahead when ``search``): the move's label, and why."""
    def move_parts(self, action: Any) -> tuple[str, list[Any], tuple[int, int] | None] | None:
        """What the typed-move parser (``phom.cli.moves``) reads of one of the game's moves: its kind as the
        parser names it (``draw``, ``eat``, ``discard``, ``lay``, ``send``, ``autolay``, ``u``, ``u-khan``,
        ``pass``), its cards, and where it sends them (seat, phỏm) or None; None for another game's move."""
    def notation(self, typed: Any, codes: str) -> str | None:
        """The one move a typed line names (``phom.cli.moves.Typed``; ``codes`` its cards, each typed
        with its suit) in the game's notation (what ``parse_action`` reads), or None when it leaves the move open."""
    def moments(self, game: Any, seat: int, lang: str = "en") -> list[dict[str, Any]]:
        """The game's big moments so far (each with its ``text``), as ``seat`` is told them."""
    def result_lines(self, game: Any, seat: int, lang: str = "en") -> list[str]:
        """The finished game's result, as the person at ``seat`` is told it."""
    def dealt_hands(self, game: Any) -> list[list[Any]]:
        """Each seat's cards as dealt, in the order the replay shows them."""
    def replayed_moves(self, game: Any, lang: str = "en") -> list[str]:
        """Every move of ``game.history`` as the replay says it (with the big moments it made)."""
    def replay_result(self, game: Any, lang: str = "en") -> str:
        """The finished game's result, as the replay ends."""


class GameKind(Protocol):
    """What the shared machinery needs of a game. ``game`` below is the game's referee object: it has
    ``rules``, ``history`` (``(seat, action)`` pairs), ``is_over``, ``to_move``, ``result`` (``net`` per
    seat, ``winner``, ``to_dict()``), ``view(seat)``, ``legal_actions()``, ``apply(action)``,
    ``clone()`` and ``to_json()`` (its record, which ``from_record`` reads back)."""

    #: the game's name in the registry, in hosted games' rows and in commitments
    name: str
    #: the game's name for people (``"Phỏm"``)
    title: str
    #: the ``format`` of its records
    record_format: str
    #: the bot of a hosted seat nobody named
    default_bot: str
    #: the table clock's default (seconds a turn) at a table of two or more people
    turn_seconds: int
    #: the compiled engine's module (whole games in the core), or None: the Python referee plays
    engine: str | None
    #: the bots whose decisions its engine makes, in words (what ``simulate(core=True)`` asks for; "" without one)
    engine_bots: str
    #: the names its bots answer to, their limits and its levels' recipes (``phom.bot_names.BotNames``)
    bot_names: Any
    #: the most worlds the hint's judgement races a candidate on (``phom.review.judge``)
    hint_worlds: int
    #: the review's (inaccuracy, mistake, blunder) thresholds, in stakes (``phom.review.calibration``)
    label_thresholds: tuple[float, float, float]
    #: what its review says in its own terms (``phom.review.text.ReviewWords``: the ledger's explanation,
    #: the luck's phrase, its moves and positions in words)
    review_words: Any

    def rules(self, data: Any) -> Any:
        """The game's rules from their data (``None``: the defaults); ValueError naming a bad field."""
    def rules_data(self, rules: Any) -> dict[str, Any]:
        """The rules as data (what ``rules`` reads back, and what a commitment covers)."""
    def deal(self, rules: Any, leader: int, server_seed: str, client_seed: str, *, first_game: bool = True) -> Any:
        """A fresh game on the fair deal of these seeds (``phom.fairness``)."""
    def start_of(self, game: Any) -> tuple[int, bool]:
        """The leader and whether it is a table's first game: what ``deal`` needs to deal ``game`` again."""
    def deal_difference(self, game: Any, other: Any) -> str | None:
        """Where the deals of two games differ, in words, or None."""
    def next_leader(self, game: Any) -> int:
        """Who leads the table's next game once ``game`` is over."""
    def deal_of(self, rules: Any, seed: int, deal: int, leader: int = 0) -> Any:
        """Deal number ``deal`` of the integer seed block ``seed``: a table's first game, led by ``leader``
        where the game lets one choose (the arena's and the simulation's deals, ``phom.arena``)."""
    def bot_seed(self, seed: int, index: int, seat: int) -> int:
        """The seed the simulation gives the bot in ``seat`` before game ``index`` of the block ``seed``."""
    def seeded_bot(self, name: str, seed: int | None, *, move_seconds: float) -> Any:
        """A bot by name as ``make_bot`` makes it, seeded with ``seed``, a ``cmd:`` program allowed
        ``move_seconds`` an answer (the arena's and the simulation's bots)."""
    def finish(self, game: Any, seat: int) -> dict[str, float]:
        """How ``seat`` finished ``game``, the arena's finish mix (each entry 0 or 1 a game: its rate)."""
    def summary_fields(self, game: Any, order: list[int]) -> dict[str, Any]:
        """What the game adds to a finished game's ``phom.simulation.GameSummary`` (bot ``b`` in seat
        ``order[b]``): its ``rates`` (the entries a simulation's table shows) and fields of its own (its
        figures, ``phom.simulation.figure_fields``: averaged per bot into ``Stats`` and the arena's ``Matchup``)."""
    def engine_policies(self, bots: Any) -> list[str] | None:
        """The compiled engine's policy of every bot, or None when some bot's decisions are not the
        engine's (asked only of a game with an ``engine``)."""
    def play_in_engine(self, policies: list[str], rules: Any, seed: int, indices: list[int], rotate: bool
                       ) -> list[Any]:
        """Games ``indices`` of a simulation (dealt as ``deal_of`` deals them) played whole in the compiled
        engine, one ``GameSummary`` each (asked only of a game with an ``engine``)."""
    def parse_action(self, text: str) -> Any:
        """An action from its text (``str(action)`` gives it back); ValueError naming what is wrong."""
    def action_of_id(self, number: int) -> Any:
        """An action from its integer id, where the game has ids (ValueError where it has none)."""
    def make_bot(self, name: str) -> Any:
        """A bot by name (``act(view) -> action``, ``reseed(seed)`` if it draws), with the game's own
        limits of strength; ValueError for a name the game does not know."""
    def from_record(self, text: str) -> Any:
        """The game replayed from its record (ValueError naming the first bad part)."""
    def move_text(self, player: int, action: Any, lang: str = "en") -> str:
        """A move as the table's log says it, in ``lang``."""
    def report(self, game: Any, seat: int, *, drawn: bool, lang: str = "en") -> dict[str, Any]:
        """The seat's view as data (``html`` when ``drawn``), with the game's big ``moments`` so far and,
        once it is over, the ``result`` and every payment in words (``payments``)."""
    def rules_words(self, rules: Any, lang: str = "en") -> list[str]:
        """The table's house rules as players say them."""
    def hint(self, game: Any, seat: int, *, search: bool, lang: str = "en") -> dict[str, Any]:
        """The hint for ``seat`` as the API answers it: ``action`` ({id, text, label}), ``reason``,
        ``alternatives`` (and the look-ahead's values where ``search``)."""
    def sample_world(self, view: Any, rng: Any) -> Any:
        """A game that agrees with everything ``view`` shows, the cards it hides dealt again from ``rng``
        (``random.Random``), or None when no deal agrees: the review's worlds for a game without an engine."""
    def replay(self, game: Any) -> Any:
        """The review's replay of the finished ``game`` in the compiled engine (``phom.review.walk.Replay``);
        asked only of a game with an ``engine``: one without is replayed by its Python referee
        (``phom.review.referee.RefereeReplay``, over ``sample_world`` and ``make_bot``), by name."""
    def session(self, rules: Any = None) -> Any:
        """The adapters' session of the game under ``rules`` (``phom.envs.sessions.Session``; None: the
        defaults), for Gymnasium, PettingZoo and OpenSpiel; ValueError for rules of another game."""
    def view_data(self, view: Any) -> dict[str, Any]:
        """A seat's view as the API and the bot protocol send it (its ``game`` and ``legal_actions`` included)."""
    def view_from_data(self, data: dict[str, Any]) -> Any:
        """The seat's view rebuilt from ``view_data``'s JSON with its ``rules`` (what ``phom bot play``
        plays from); ValueError naming the first part that does not add up."""
    @property
    def view_type(self) -> type:
        """The class of a seat's view (``view(seat)``), by which a bare view finds its game (``kind_of_view``)."""
    def judge(self, view: Any, worlds: int, seed: int) -> Any:
        """The review's judgement of the decision ``view``'s seat is to make (``phom.review.judge.Judgement``),
        racing its candidates on at most ``worlds`` worlds."""
    def money_spread(self, games: int) -> float:
        """The standard deviation of seat 0's money over ``games`` greedy self-play deals (a fixed seed),
        the scale of the review's labels (``phom.review.calibration.FRACTIONS``)."""
    def cards_in_order(self, codes: str) -> list[str]:
        """Card codes in the order the game's players hold them (Phỏm by rank; Tiến lên weakest first)."""
    def terminal(self) -> GameTerminal | None:
        """The game at the terminal (``phom play``, ``phom replay``: ``GameTerminal``), or None when it has
        no table there (the command line then says so)."""


_GAMES: dict[str, GameKind] = {}
#: The registered games by name (read-only: ``register_game`` adds one).
GAMES: Mapping[str, GameKind] = MappingProxyType(_GAMES)


def register_game(kind: GameKind, *, replace: bool = False) -> GameKind:
    """Add ``kind`` to the registry under ``kind.name`` (ValueError if the name, or its record format, is
    taken and ``replace`` is false); the kind, so it can be used as a decorator's result."""
    name = kind.name
    if not isinstance(name, str) or not name.isidentifier():
        raise ValueError(f"a game's name must be an identifier, not {name!r}")
    if not replace:
        if name in _GAMES:
            raise ValueError(f"a game named {name!r} is registered already")
        for other in _GAMES.values():
            if other.record_format == kind.record_format:
                raise ValueError(f"the record format {kind.record_format!r} is game {other.name!r}'s")
    _GAMES[name] = kind
    return kind


def unregister_game(name: str) -> GameKind:
    """Take the game called ``name`` out of the registry (a game added at run time, e.g. by a test); the kind."""
    return _GAMES.pop(game_kind(name).name)


def game_kind(name: Any) -> GameKind:
    """The registered game called ``name``; ValueError naming the games there are."""
    kind = _GAMES.get(name) if isinstance(name, str) else None
    if kind is None:
        raise ValueError(f"no game is named {name!r}: the games are {', '.join(sorted(_GAMES))}")
    return kind


def kind_of_view(view: Any) -> GameKind:
    """The registered game whose seats see views like ``view``; ValueError naming what it is.

    >>> from phom import Game
    >>> kind_of_view(Game(seed=1).view(0)).name
    'phom'
    """
    for kind in _GAMES.values():
        if isinstance(view, kind.view_type):
            return kind
    raise ValueError(f"no registered game has views like {type(view).__name__}")


def kind_of_record(data: Any) -> GameKind:
    """The registered game whose records have ``data["format"]``; ValueError naming the formats there are."""
    found = data.get("format") if isinstance(data, dict) else None
    for kind in _GAMES.values():
        if kind.record_format == found:
            return kind
    formats = ", ".join(sorted(kind.record_format for kind in _GAMES.values()))
    raise ValueError(f"a record's format must be one of {formats}, not {found!r}")
