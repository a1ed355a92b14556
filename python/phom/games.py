"""One house for many games: what the shared machinery asks of a game (``GameKind``), how a game declares
itself (``GameSpec``), and the registry of games by name. The service (``phom serve``: its store rows,
hosting, the table clock and its stand-in), ``phom verify``, ``phom bot play`` and the hints ask the
registry, never which game it is; each game's own knowledge stays in its own modules.

A game is a plug-in: its package names its spec under the entry-point group ``phom.games``
(``[project.entry-points."phom.games"] NAME = "module:SPEC"``), read when the registry is first used; the
two built-in games register the same way (``phom``'s own ``pyproject.toml``), and a source tree that is
not installed reads them from ``BUILT_IN``. A plug-in that does not load is named in one line
(``broken_games``, ``phom games``) and the others go on. A game added at run time registers with
``register_game(spec)`` (or a bare ``GameKind``, whose spec is read from it). One that lacks an optional
part (a compiled engine, a look-ahead, a table at the terminal, an adapters' session) says so in its spec,
and the machinery offers what remains and says what is missing (``GameSpec.missing``).

>>> list(GAMES)[:2]                  # the built-in games first, then any plug-in
['phom', 'tienlen']
>>> game_kind("tienlen").record_format, kind_of_record({"format": "phom-game"}).name
('phom-tienlen', 'phom')
>>> game_spec("tienlen").seats, game_spec("tienlen").titles["vi"], DEFAULT_GAME
((2, 4), 'Tiến lên', 'phom')
>>> game_kind("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: no game is named 'chess': the games are phom, tienlen...
"""

from __future__ import annotations

import importlib
import logging
import threading
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol

__all__ = ["BUILT_IN", "DEFAULT_GAME", "ENTRY_POINT_GROUP", "GAMES", "OPTIONAL_PARTS", "CardPainter", "Figure",
           "GameKind", "GameSpec", "GameTerminal", "HouseRule", "broken_games", "game_kind", "game_spec", "game_specs",
           "kind_of_record", "kind_of_view", "own_words", "register_game", "seat_report", "spec_of_kind",
           "unregister_game",
           "ReportParts"]

#: The entry-point group a game's package names its ``GameSpec`` under.
ENTRY_POINT_GROUP = "phom.games"
#: The built-in games' entry points (what phom's ``pyproject.toml`` declares), read from here too when the
#: installed metadata does not name them (a source tree run without installing it); the first is the default.
BUILT_IN: Mapping[str, str] = MappingProxyType({"phom": "phom.phom.phom_kind:SPEC", "tienlen": "phom.tienlen.kind:SPEC"})
#: The game a command, a simulation or a table plays when none is named.
DEFAULT_GAME = next(iter(BUILT_IN))
#: The optional parts a game may lack (``GameSpec.lacks``), and what the machinery says when one is missing.
OPTIONAL_PARTS: Mapping[str, Mapping[str, str]] = MappingProxyType({
    "engine": {"en": "no compiled engine: its Python referee plays every game",
               "vi": "không có lõi biên dịch: trọng tài Python chơi mọi ván"},
    "lookahead": {"en": "no look-ahead: its hint is the quick one",
                  "vi": "không có tính trước: gợi ý chỉ là gợi ý nhanh"},
    "terminal": {"en": "no table at the terminal: phom play does not play it",
                 "vi": "không chơi được ở dòng lệnh (phom play)"},
    "session": {"en": "no adapters' session: Gymnasium, PettingZoo and OpenSpiel do not play it",
                "vi": "không có phiên cho Gymnasium, PettingZoo và OpenSpiel"},
})

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Figure:
    """A result figure a game declares: ``key``, the field a finished game fills (one value per bot, in
    ``phom.simulation.GameSummary.figures``), ``mean``, the name its per-bot mean goes by in a simulation's
    ``Stats`` and an arena's ``Matchup``, and its ``words`` per language (a table's heading).

    >>> Figure("u", "u_rate", {"en": "ù", "vi": "ù"}).word("vi")
    'ù'
    """

    key: str
    mean: str
    words: Mapping[str, str] = field(default_factory=dict)
    #: whether two summaries that differ in it are different games (a figure only one path fills is not)
    compare: bool = True

    def word(self, lang: str = "en") -> str:
        """Its heading in ``lang`` (English where the game gives none, else its key)."""
        return self.words.get(lang) or self.words.get("en") or self.key


@dataclass(frozen=True)
class HouseRule:
    """A house rule the page's setup form offers as a switch: its ``name`` (the switch's), its ``words``
    per language, the rules ``field`` it sets (its name by default), and the value set when the switch is
    on (``on``) and off (``off``). It starts as the game's default rules have it.

    >>> rule = HouseRule("eight_cards", {"en": "deal 8 cards (leader 9)"}, field="hand_size", on=8, off=9)
    >>> rule.as_data({"hand_size": 9})["checked"], rule.word("vi")
    (False, 'deal 8 cards (leader 9)')
    """

    name: str
    words: Mapping[str, str]
    field: str = ""
    on: Any = True
    off: Any = False

    @property
    def rules_field(self) -> str:
        """The rules field it sets."""
        return self.field or self.name

    def word(self, lang: str = "en") -> str:
        """Its words in ``lang`` (English where the game gives none)."""
        return self.words.get(lang) or self.words.get("en") or self.name

    def as_data(self, defaults: Mapping[str, Any]) -> dict[str, Any]:
        """What ``GET /api/kinds`` says of it, ``checked`` as the game's default rules (``defaults``) have it."""
        return {"name": self.name, "field": self.rules_field, "on": self.on, "off": self.off,
                "checked": defaults.get(self.rules_field) == self.on, "words": dict(self.words)}


@dataclass(frozen=True)
class GameSpec:
    """A game, declared once: what the registry, the command line, the service, the glossary and the
    manual read about it without playing it.

    - ``name``: its name in the registry, in hosted games' rows and in commitments (an identifier);
    - ``titles``: its name for people, per language (``{"vi": "Phỏm", "en": "Phỏm"}``);
    - ``seats``: the fewest and the most seats it plays (``(2, 4)``); ``default_seats`` its usual table;
    - ``verbs``: the move words a player may type, per language: ``{lang: {move kind: words}}``, where a
      move kind is what the game's terminal ``move_parts`` names (``draw``, ``discard``, ``pass`` …); the
      terminal's parser (``phom.cli.moves``) and the glossary read them;
    - ``refusal``: the exception its referee raises for an illegal move (the service answers it with 409);
    - ``record_keys``: the keys its records add beside the reserved ones (``RESERVED_RECORD_KEYS``);
    - ``levels``: the bot that plays each level, weakest first (``level:N`` is ``levels[N - 1]``);
    - ``figures``: the result figures simulation and the arena report for it (``Figure``);
    - ``lacks``: the optional parts (``OPTIONAL_PARTS``) it does not have;
    - ``house_rules``: the house rules the page's setup form offers as switches (``HouseRule``);
    - ``kind``: the game itself (``GameKind``), what the machinery plays.

    >>> spec = game_spec("phom")
    >>> spec.title("vi"), spec.seats, [f.mean for f in spec.figures][:2], spec.missing()
    ('Phỏm', (2, 4), ['u_rate', 'mom_rate'], '')
    """

    name: str
    titles: Mapping[str, str]
    seats: tuple[int, int]
    default_seats: int
    verbs: Mapping[str, Mapping[str, tuple[str, ...]]]
    refusal: type[Exception]
    kind: Any
    record_keys: tuple[str, ...] = ()
    levels: tuple[str, ...] = ()
    figures: tuple[Figure, ...] = ()
    lacks: frozenset[str] = frozenset()
    house_rules: tuple[HouseRule, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.isidentifier():
            raise ValueError(f"a game's name must be an identifier, not {self.name!r}")
        low, high = self.seats
        if not (isinstance(low, int) and isinstance(high, int) and 1 <= low <= high):
            raise ValueError(f"game {self.name!r}: seats must be (fewest, most) with 1 ≤ fewest ≤ most, "
                             f"not {self.seats!r}")
        if not low <= self.default_seats <= high:
            raise ValueError(f"game {self.name!r}: default_seats {self.default_seats!r} is not in {low}–{high}")
        if not (isinstance(self.refusal, type) and issubclass(self.refusal, Exception)):
            raise ValueError(f"game {self.name!r}: refusal must be an exception type, not {self.refusal!r}")
        unknown = set(self.lacks) - set(OPTIONAL_PARTS)
        if unknown:
            raise ValueError(f"game {self.name!r}: lacks {sorted(unknown)}; the optional parts are "
                             f"{', '.join(OPTIONAL_PARTS)}")
        taken = set(self.record_keys) & RESERVED_RECORD_KEYS
        if taken:
            raise ValueError(f"game {self.name!r}: record_keys {sorted(taken)} are the machinery's")
        if self.kind is None or getattr(self.kind, "name", None) != self.name:
            raise ValueError(f"game {self.name!r}: its kind must be the GameKind named {self.name!r}")
        names = [rule.name for rule in self.house_rules if isinstance(rule, HouseRule)]
        if len(names) != len(self.house_rules) or len(set(names)) != len(names):
            raise ValueError(f"game {self.name!r}: house_rules must be HouseRules with names of their own")

    def title(self, lang: str = "en") -> str:
        """Its name for people in ``lang`` (English where it gives none)."""
        return self.titles.get(lang) or self.titles.get("en") or self.name

    def words(self, lang: str | None = None) -> dict[str, str]:
        """Every move word it takes (in ``lang``, or in all its languages), each with its move kind.

        >>> game_spec("tienlen").words("en")
        {'play': 'discard', 'pass': 'pass'}
        """
        langs = [lang] if lang is not None else list(self.verbs)
        return {word: kind for code in langs for kind, words in self.verbs.get(code, {}).items() for word in words}

    def missing(self, lang: str = "en") -> str:
        """What it lacks, in one line ("" when it lacks nothing).

        >>> game_spec("tienlen").missing()
        ''
        """
        said = "; ".join(OPTIONAL_PARTS[part][lang if lang in OPTIONAL_PARTS[part] else "en"]
                         for part in OPTIONAL_PARTS if part in self.lacks)
        return f"{self.title(lang)}: {said}" if said else ""

    def as_data(self) -> dict[str, Any]:
        """What ``GET /api/kinds`` says of it: name, titles, seats [fewest, most], default_seats, levels,
        lacks, the move words, the figures and the house rules.

        >>> game_spec("tienlen").as_data()["seats"]
        [2, 4]
        """
        return {"name": self.name, "titles": dict(self.titles), "seats": list(self.seats),
                "default_seats": self.default_seats, "levels": list(self.levels), "lacks": sorted(self.lacks),
                "verbs": {lang: {kind: list(words) for kind, words in verbs.items()} for lang, verbs in self.verbs.items()},
                "figures": [{"key": f.key, "mean": f.mean, "words": dict(f.words)} for f in self.figures],
                "house_rules": [rule.as_data(self.default_rules()) for rule in self.house_rules]}

    def default_rules(self) -> dict[str, Any]:
        """Its default rules as data (``kind.rules_data(kind.rules(None))``).

        >>> game_spec("tienlen").default_rules()["pass_locks_round"]
        True
        """
        data: dict[str, Any] = self.kind.rules_data(self.kind.rules(None))
        return data


#: What every record holds whatever its game: a game's ``record_keys`` are beside these.
RESERVED_RECORD_KEYS = frozenset({"format", "version", "rules", "actions", "history", "result", "bots", "fairness",
                                  "turn_seconds"})
__all__.append("RESERVED_RECORD_KEYS")


class CardPainter(Protocol):
    """How the terminal draws cards (``phom.cli.render.Painter``: colour on a colour terminal)."""

    def card(self, card: Any) -> str: ...
    def cards(self, cards: Iterable[Any]) -> str: ...
    def bold(self, text: str) -> str: ...


class GameTerminal(Protocol):
    """A game at the terminal, what the command line's one play loop (``phom.cli.play.play_game``) and
    ``phom replay`` ask of it beyond its ``GameKind``: its words, its table, its moves' labels and its result.
    ``paint`` below is a ``CardPainter``; texts named "a text to translate" are English, said in the
    player's language by the game's ``translate`` (optional, below), else by phom's own catalog."""

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
    # optional: ``translate(text, lang) -> str``, the game's own translation of its texts to translate
    # (``opening``, ``help``, ``replay_title``), LookupError for a text it does not know; a game without it
    # (the built-in ones) has them said by phom's own catalog (``own_words``)


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
    # optional: ``table_css``, the style sheet of its drawn table (the ``html`` of ``report``), which the
    # service serves with every game's at ``/table.css`` (a game without one draws unstyled or styles inline).
    # optional: ``commands(sub, parts)``, its own commands on the command line (``phom tienlen …``), built with
    # ``phom.cli.CommandParts`` under the command line's subparsers; a game without it has the shared ones
    # (``phom play --game NAME`` …)
    def terminal(self) -> GameTerminal | None:
        """The game at the terminal (``phom play``, ``phom replay``: ``GameTerminal``), or None when it has
        no table there (the command line then says so)."""


class _Registry(Mapping[str, "GameKind"]):
    """The registered games by name, read-only; the entry points are read when it is first asked."""

    def __init__(self) -> None:
        self.kinds: dict[str, GameKind] = {}
        self.specs: dict[str, GameSpec] = {}
        self.broken: dict[str, str] = {}
        self.loaded = False
        self.lock = threading.RLock()

    def load(self) -> None:
        if self.loaded:
            return
        with self.lock:
            if self.loaded:
                return
            self.loaded = True          # before loading: a game's module may ask the registry
            _load_entry_points(self)

    def __getitem__(self, name: str) -> GameKind:
        self.load()
        return self.kinds[name]

    def __iter__(self) -> Iterator[str]:
        self.load()
        return iter(list(self.kinds))

    def __len__(self) -> int:
        self.load()
        return len(self.kinds)

    def __contains__(self, name: object) -> bool:
        self.load()
        return name in self.kinds

    def __repr__(self) -> str:
        return f"GAMES({', '.join(self)})"


_REGISTRY = _Registry()
#: The registered games by name (read-only: ``register_game`` adds one; the entry points are read at first use).
GAMES: Mapping[str, GameKind] = _REGISTRY


def _entry_points() -> list[tuple[str, str, Any]]:
    """(name, value, loader) of every game's entry point, then each built-in game the metadata does not name."""
    from importlib.metadata import entry_points

    found = [(ep.name, ep.value, ep.load) for ep in entry_points(group=ENTRY_POINT_GROUP)]
    named = {name for name, _, _ in found}
    for name, value in BUILT_IN.items():
        if name not in named:
            found.append((name, value, _loader(value)))
    builtin = [entry for name in BUILT_IN for entry in found if entry[0] == name and entry[1] == BUILT_IN[name]]
    return builtin + [entry for entry in found if entry not in builtin]        # the built-in games first


def _loader(value: str) -> Any:
    """What ``EntryPoint.load`` does for ``module:attr``."""
    def load() -> Any:
        module, _, attr = value.partition(":")
        target: Any = importlib.import_module(module.strip())
        for part in attr.strip().split(".") if attr.strip() else []:
            target = getattr(target, part)
        return target
    return load


def _load_entry_points(registry: _Registry) -> None:
    """Register every game's entry point; one that does not load, or names no game, is kept in
    ``registry.broken`` and named in one line of the log, and the others go on."""
    for name, value, load in _entry_points():
        if name in registry.kinds:
            continue
        try:
            loaded = load()
            spec = loaded if isinstance(loaded, GameSpec) else spec_of_kind(loaded)
            if spec.name != name:
                raise ValueError(f"it names the game {spec.name!r}")
            _add(registry, spec, replace=False)
        except Exception as exc:            # a plug-in's error of any kind: named, and the others go on
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            registry.broken[name] = f"game plug-in {name!r} ({value}) does not load: {type(exc).__name__}: {reason}"
            _log.warning("%s", registry.broken[name])


def _add(registry: _Registry, spec: GameSpec, *, replace: bool) -> None:
    kind = spec.kind
    if not replace:
        if spec.name in registry.kinds:
            raise ValueError(f"a game named {spec.name!r} is registered already")
        for other in registry.kinds.values():
            if other.record_format == kind.record_format:
                raise ValueError(f"the record format {kind.record_format!r} is game {other.name!r}'s")
    registry.kinds[spec.name] = kind
    registry.specs[spec.name] = spec
    registry.broken.pop(spec.name, None)


def spec_of_kind(kind: Any) -> GameSpec:
    """The spec of a bare ``GameKind`` (registered without one): its own ``spec`` if it has one, else read
    from it — its title in every language, the seats of its default rules, no move words, ``ValueError``
    as its refusal, its levels' bots, no figures, and as lacking what it says it has not."""
    spec = getattr(kind, "spec", None)
    if isinstance(spec, GameSpec):
        return spec
    if not isinstance(getattr(kind, "name", None), str) or not callable(getattr(kind, "rules", None)):
        raise ValueError(f"{kind!r} is neither a GameSpec nor a GameKind")
    players = int(getattr(kind.rules(None), "players", 2))
    seats = tuple(getattr(kind, "seats", (players, players)))
    levels = tuple(str(recipe.spec) for recipe in getattr(getattr(kind, "bot_names", None), "levels", ()))
    lacks = {"engine"} if getattr(kind, "engine", None) is None else set()
    if kind.terminal() is None:
        lacks.add("terminal")
    return GameSpec(name=kind.name, titles={"en": kind.title, "vi": kind.title}, seats=(seats[0], seats[1]),
                    default_seats=players, verbs={}, refusal=ValueError, kind=kind, levels=levels,
                    lacks=frozenset(lacks))


def register_game(game: Any, *, replace: bool = False) -> Any:
    """Add a game (its ``GameSpec``, or a bare ``GameKind``: ``spec_of_kind``) to the registry under its name
    (ValueError if the name, or its record format, is taken and ``replace`` is false); what was given."""
    spec = game if isinstance(game, GameSpec) else spec_of_kind(game)
    _REGISTRY.load()
    with _REGISTRY.lock:
        _add(_REGISTRY, spec, replace=replace)
    return game


def unregister_game(name: str) -> GameKind:
    """Take the game called ``name`` out of the registry (a game added at run time, e.g. by a test); the kind."""
    kind = game_kind(name)
    with _REGISTRY.lock:
        _REGISTRY.specs.pop(kind.name, None)
        return _REGISTRY.kinds.pop(kind.name)


def game_kind(name: Any) -> GameKind:
    """The registered game called ``name``; ValueError naming the games there are."""
    _REGISTRY.load()
    kind = _REGISTRY.kinds.get(name) if isinstance(name, str) else None
    if kind is None:
        raise ValueError(f"no game is named {name!r}: the games are {', '.join(sorted(_REGISTRY.kinds))}")
    return kind


def game_spec(game: Any) -> GameSpec:
    """The spec of the registered game called ``game`` (or of that kind); ValueError naming the games there are.

    >>> game_spec(game_kind("phom")).refusal.__name__
    'IllegalAction'
    """
    _REGISTRY.load()
    if not isinstance(game, str):
        spec = _REGISTRY.specs.get(str(getattr(game, "name", "")))
        same = spec is not None and (spec.kind is game or type(spec.kind) is type(game))   # a copy in a worker too
        return spec if spec is not None and same else spec_of_kind(game)
    game_kind(game)
    return _REGISTRY.specs[game]


def game_specs() -> list[GameSpec]:
    """Every registered game's spec, the default game first.

    >>> [spec.name for spec in game_specs()][:2]
    ['phom', 'tienlen']
    """
    _REGISTRY.load()
    return list(_REGISTRY.specs.values())


def broken_games() -> dict[str, str]:
    """The plug-ins that did not load, each with its one line (what ``phom games`` says of them)."""
    _REGISTRY.load()
    return dict(_REGISTRY.broken)


class ReportParts(Protocol):
    """What a game's ``report`` is made of (``seat_report``): its functions of a seat's view and of the game."""

    def view_report(self, view: Any, lang: str, /) -> dict[str, Any]: ...
    def page_report(self, view: Any, /) -> Any: ...
    def html(self, view: Any, *, revealed: Any, lang: str, styled: bool) -> str: ...
    def moments(self, game: Any, lang: str, seat: int, /) -> Any: ...
    def result_text(self, game: Any, lang: str, /) -> str: ...
    def payment_lines(self, game: Any, lang: str, seat: int, /) -> Any: ...
    def result_table(self, result: Any, seat: int, /) -> Any: ...


def seat_report(game: Any, seat: int, parts: ReportParts, *, drawn: bool, lang: str = "en") -> dict[str, Any]:
    """``GameKind.report`` made of a game's ``parts``: the seat's view as data (``view_report``), how the page
    handles the hand and the turn (``page``), the drawn table when ``drawn`` (``html``; every hand shown once
    the game is over), the big ``moments`` as the seat is told them and, once it is over, the ``result``
    (with its ``winner`` and ``text``), the ``payments`` in words, the ``final_hands`` and the ``result_table``.

    >>> report = game_kind("tienlen").report(game_kind("tienlen").deal_of(game_kind("tienlen").rules(None), 1, 0),
    ...                                      0, drawn=False)
    >>> report["page"] is not None, "html" in report, "result" in report
    (True, False, False)
    """
    view = game.view(seat)
    report = parts.view_report(view, lang)
    report["page"] = parts.page_report(view)                          # how the page handles the hand and turn
    if drawn:
        report["html"] = parts.html(view, revealed=game.hands if game.is_over else None, lang=lang,
                                    styled=False)                     # the page links /table.css
    report["moments"] = parts.moments(game, lang, seat)               # told to the person at seat
    result = game.result
    if result is not None:
        report["result"] = {**result.to_dict(), "winner": result.winner, "text": parts.result_text(game, lang)}
        report["payments"] = parts.payment_lines(game, lang, seat)    # "bạn trả ghế 2 …" to seat
        report["final_hands"] = [h.codes for h in game.hands]
        report["result_table"] = parts.result_table(result, seat)
    return report


def own_words(part: Any, lang: str = "en") -> Callable[[str], str]:
    """How a game's part (its ``GameTerminal``, its review's ``ReviewWords``) says its own texts in ``lang``:
    by its ``translate(text, lang)`` where it has one, else by phom's catalog; a text its ``translate`` does
    not know (LookupError) is phom's own, said by phom's catalog.

    >>> own_words(game_kind("phom").terminal(), "vi")("seat {seat}")
    'ghế {seat}'
    >>> class Shouting:
    ...     def translate(self, text: str, lang: str) -> str:
    ...         return {"hello": "XIN CHÀO"}[text] if lang == "vi" else text
    >>> say = own_words(Shouting(), "vi")
    >>> say("hello"), say("seat {seat}")
    ('XIN CHÀO', 'ghế {seat}')
    """
    from .language import translator

    catalog = translator(lang)
    translate: Callable[[str, str], str] | None = getattr(part, "translate", None)
    if translate is None:
        return catalog

    def say(text: str) -> str:
        try:
            said = translate(text, lang)
        except LookupError:
            return catalog(text)
        if not isinstance(said, str):
            raise TypeError(f"{type(part).__name__}.translate gave {type(said).__name__} for {text!r}, not a text")
        return unicodedata.normalize("NFC", said)

    return say


def kind_of_view(view: Any) -> GameKind:
    """The registered game whose seats see views like ``view``; ValueError naming what it is.

    >>> from phom import Game
    >>> kind_of_view(Game(seed=1).view(0)).name
    'phom'
    """
    for kind in GAMES.values():
        if isinstance(view, kind.view_type):
            return kind
    raise ValueError(f"no registered game has views like {type(view).__name__}")


def kind_of_record(data: Any) -> GameKind:
    """The registered game whose records have ``data["format"]``; ValueError naming the formats there are."""
    found = data.get("format") if isinstance(data, dict) else None
    for kind in GAMES.values():
        if kind.record_format == found:
            return kind
    formats = ", ".join(sorted(kind.record_format for kind in GAMES.values()))
    raise ValueError(f"a record's format must be one of {formats}, not {found!r}")
