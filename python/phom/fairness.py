"""Provably fair deals: a secret server seed, its public commitment, and a deal nobody can choose.

A hosted game draws a 256-bit server seed with ``secrets`` and publishes ``commitment(server_seed)``
before the first card; the deal is a fixed function of (server seed, client seed); the record of a
finished game reveals the server seed, and ``verify_record`` (``phom verify RECORD.json``) checks the
commitment, deals again and replays every action offline. The creator of a game may choose the client
seed, but without the server seed he cannot compute the deal, and the server cannot change its seed
after the commitment was given.

The functions, exactly (so they can be reimplemented in any language):

- ``server_seed``: 64 lowercase hex characters (32 random bytes).
- ``commitment(server_seed, table)``: the SHA-256 hex digest of the seed's 64 characters as ASCII text,
  a newline, and the table as canonical JSON (UTF-8, keys sorted, no spaces, non-ASCII escaped):
  ``{"bots": {"<seat>": name, ...}, "game": the game's name, "rules": its rules as data}`` — the seats
  not in ``bots`` are the humans. A record says so with ``fairness.covers = "seed+table"``. Records of
  older servers (no ``covers``) were committed to the seed alone: ``commitment(server_seed)``, the
  SHA-256 hex digest of the 64 characters; they still verify, and the verdict says the seating was not
  covered.
- the random stream, ``shuffled_deck`` and each bot decision's seed: ``phom.dealing`` (below every game).
- the deal: each game deals the deck its own way (its kind's ``deal``; in Phỏm the hands seat by seat
  from the front of the deck, the leader's one card larger, then the stock in draw order; in Tiến lên 13
  cards a seat, seat by seat from the front of the deck).
- a bot's decision at version v (the number of actions applied before it) is played with the bot
  reseeded by the first 8 bytes of the stream ``"bot"`` with extra = v (8 big-endian bytes), shifted
  right by one bit: bots draw their randomness from the server seed too.

>>> from phom import Rules
>>> seed = "00" * 32
>>> commitment(seed)[:16]
'60e05bd1b195af2f'
>>> table = {"game": "phom", "rules": Rules().to_dict(), "bots": {"1": "greedy"}}
>>> commitment(seed, table) != commitment(seed, {**table, "bots": {}})
True
>>> shuffled_deck(seed, "alice")[:5]
[46, 36, 48, 20, 15]
>>> shuffled_deck(seed, "alice") != shuffled_deck(seed, "bob")
True
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from dataclasses import dataclass
from typing import Any

from .clock import STANDIN
from .dealing import MAX_CLIENT_SEED, FairnessError, bot_seed, check_client_seed, seed_bytes, shuffled_deck
from .bot_names import is_python_bot
from .external import is_external
from .games import GameKind, game_spec, kind_of_record
from .language import number, translator
from .moved import forwarding

__all__ = ["COVERS_TABLE", "MAX_CLIENT_SEED", "STANDIN", "Fairness", "FairnessError", "Verified", "bot_seed",
           "check_client_seed", "commitment", "deal_of", "dealt_game", "dealt_tienlen_game", "new_server_seed",
           "seeded_action", "shuffled_deck", "table_of", "verify_record", "verify_report"]

#: Each game deals from the deck itself (``phom.dealing``); its dealing functions are read here by their old names
__getattr__ = forwarding(__name__, {"deal_of": "phom.phom.phom_kind", "dealt_game": "phom.phom.phom_kind",
                                    "dealt_tienlen_game": "phom.tienlen.kind"})
#: ``fairness.covers`` of a record whose commitment covers the table (rules, seats, bots) with the seed.
COVERS_TABLE = "seed+table"
#: How long ``verify_record`` may replay bots by default (seconds); past it, FairnessError says so.
VERIFY_SECONDS = 60.0


@dataclass(frozen=True)
class Fairness:
    """What a record reveals once the game is over: the seeds and the commitment given at creation."""

    server_seed: str
    client_seed: str
    commitment: str
    covers_table: bool = True

    def to_dict(self) -> dict[str, str]:
        data = {"server_seed": self.server_seed, "client_seed": self.client_seed, "commitment": self.commitment}
        if self.covers_table:
            data["covers"] = COVERS_TABLE
        return data


def new_server_seed() -> str:
    """A fresh 256-bit server seed as 64 hex characters, from ``secrets``."""
    return secrets.token_hex(32)


#: No ``turn_seconds`` given to ``table_of``: a table of a server older than the clock.
NO_CLOCK_SETTING = object()


def table_of(game: str, rules: Any, bots: dict[Any, str], turn_seconds: Any = NO_CLOCK_SETTING) -> dict[str, Any]:
    """The table a commitment covers: the game, its rules (``to_dict``), the bot of each bot seat and,
    for a table created with a clock setting, its ``turn_seconds`` (None included).

    >>> from phom import Rules
    >>> table_of("phom", Rules(), {2: "greedy"})["bots"]
    {'2': 'greedy'}
    >>> table_of("phom", Rules(), {}, turn_seconds=None)["turn_seconds"] is None
    True
    """
    table = {"game": game, "rules": rules.to_dict(), "bots": {str(seat): str(name) for seat, name in bots.items()}}
    if turn_seconds is not NO_CLOCK_SETTING:
        table["turn_seconds"] = turn_seconds
    return table


def commitment(server_seed: str, table: dict[str, Any] | None = None) -> str:
    """The SHA-256 hex digest of the server seed's 64 hex characters (ASCII), followed, with ``table``
    (``table_of``), by a newline and the table's canonical JSON."""
    seed_bytes(server_seed)
    text = server_seed.encode("ascii")
    if table is not None:
        text += b"\n" + json.dumps(table, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")
    return hashlib.sha256(text).hexdigest()


def seeded_action(bot: Any, game: Any, server_seed: str) -> Any:
    """What ``bot`` plays for the seat to move in ``game``, reseeded (where it draws) by the seed of this
    decision, ``bot_seed(server_seed, len(game.history))``: how a hosted table's bots and stand-in move,
    and how ``verify_record`` replays them.

    >>> from phom import Game
    >>> from phom.bots import GreedyBot
    >>> game = Game(seed=1)
    >>> seeded_action(GreedyBot(), game, "ab" * 32) == GreedyBot().act(game.view(game.to_move))
    True
    """
    reseed = getattr(bot, "reseed", None)
    if reseed is not None:
        reseed(bot_seed(server_seed, len(game.history)))
    return bot.act(game.view(game.to_move))


def verify_record(text: str, *, seconds: float = VERIFY_SECONDS) -> str:
    """Check a hosted game's record offline; one line on success (``Verified.text()``), FairnessError with
    the reason if not (see ``verify_report``)."""
    return verify_report(text, seconds=seconds).text()


def verify_report(text: str, *, seconds: float = VERIFY_SECONDS) -> Verified:
    """Check a hosted game's record offline: what was checked (``Verified``) on success, FairnessError with
    the reason if not.

    Checks, in order: the commitment matches the server seed and the table (rules, seats, bots; for an
    older record, the seed alone, and the line says so); the deal in the record is the deal of (server
    seed, client seed); every action is legal; every bot's action is the one that bot plays with the
    seed of its decision; the recorded result is the replayed one. Bots are replayed for at most
    ``seconds``; a record naming a program as a bot (``cmd:``) is refused, never run.
    """
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise FairnessError("the record is not valid JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("fairness"), dict):
        raise FairnessError("the record has no 'fairness' section (only hosted games have one)")
    fair = data["fairness"]
    seed, client, promised = fair.get("server_seed"), fair.get("client_seed", ""), fair.get("commitment")
    if not isinstance(seed, str) or not isinstance(promised, str) or not isinstance(client, str):
        raise FairnessError("fairness must hold the texts server_seed, client_seed and commitment")
    covers = fair.get("covers")
    if covers not in (None, COVERS_TABLE):
        raise FairnessError(f"fairness.covers must be {COVERS_TABLE!r} (or absent, in an older record), "
                            f"not {ascii(covers)}")
    seed_bytes(seed)
    bots = data.get("bots", {})
    if not isinstance(bots, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in bots.items()):
        raise FairnessError("'bots' must map seats to bot names")
    for name in bots.values():
        if is_external(name) or is_python_bot(name):
            raise FairnessError(f"bots: {ascii(name)} names a program; a record's bots are never started as "
                                "programs")
    try:
        kind = kind_of_record(data)
        game = kind.from_record(text)
    except ValueError as exc:
        raise FairnessError(str(exc)) from None
    clock: dict[str, Any] = {}
    if "turn_seconds" in data:
        seconds_ = data["turn_seconds"]
        if seconds_ is not None and (isinstance(seconds_, bool) or not isinstance(seconds_, int)):
            raise FairnessError(f"turn_seconds must be a whole number or null, not {ascii(seconds_)}")
        clock["turn_seconds"] = seconds_
    table = table_of(kind.name, game.rules, bots, **clock) if covers else None
    if commitment(seed, table) != promised:
        if table is not None:
            raise FairnessError("the commitment does not cover this server seed with this table (rules, seats, "
                                "bots, clock): the record's seating, rules or bots were changed (or its "
                                "turn_seconds, or its seed)")
        raise FairnessError("the server seed does not match the commitment: SHA-256 of the seed is "
                            f"{commitment(seed)}, the commitment was {promised}")
    standins = _clock_moves(data, game.history, bots)
    deadline = time.monotonic() + seconds
    return _verify_game(kind, game, data, seed, client, promised, bots, standins, deadline, bool(covers))


def _clock_moves(data: dict[str, Any], history: list[Any], bots: dict[str, str]) -> set[int]:
    """The versions the record's ``history`` says the stand-in played (``"by": "clock"``), after checking
    that the history matches the actions, and that such moves are human seats' at a clocked table."""
    entries = data.get("history")
    if entries is None:
        if data.get("turn_seconds") is not None:       # a clocked table's record always carries it
            raise FairnessError("a clocked table's record must have its history (which moves the clock played)")
        return set()
    if not isinstance(entries, list) or len(entries) != len(history):
        raise FairnessError(f"the history must list the {len(history)} actions, one entry each")
    standins = set()
    for version, (entry, (seat, action)) in enumerate(zip(entries, history)):
        if not isinstance(entry, dict) or set(entry) - {"player", "action", "by"}:
            raise FairnessError(f"history entry {version} must be {{player, action}} (and by), not {ascii(entry)}")
        if entry.get("player") != seat or entry.get("action") != str(action):
            raise FairnessError(f"history entry {version} ({ascii(entry.get('action'))} by seat "
                                f"{ascii(entry.get('player'))}) is not action {version} ({action} by seat {seat})")
        if "by" not in entry:
            continue
        if entry["by"] != "clock":
            raise FairnessError(f"history entry {version}: by must be 'clock', not {ascii(entry['by'])}")
        if data.get("turn_seconds") is None:
            raise FairnessError(f"history entry {version} is a clock move at a table without a clock")
        if str(seat) in bots:
            raise FairnessError(f"history entry {version} is a clock move of seat {seat}, a bot's seat")
        standins.add(version)
    return standins


def _replay_moves(history: list[Any], replay: Any, players: dict[int, Any], standin: Any, standins: set[int],
                  seed: str, bots: dict[str, str], deadline: float, refusal: type[Exception] = ValueError
                  ) -> tuple[int, int]:
    """Replay ``history`` on ``replay``, checking every bot's move and every clock move (``standins``) against
    what the bot or the stand-in plays with the seed of its decision; (bot moves, clock moves) checked."""
    bot_moves = clock_moves = 0
    for version, (seat, action) in enumerate(history):
        bot = standin if version in standins else players.get(seat)
        if bot is not None:
            _check_time(deadline, version)
            expected = seeded_action(bot, replay, seed)
            if expected != action:
                if version in standins:
                    raise FairnessError(f"clock move {version} ({action}) of seat {seat} is not what the stand-in "
                                        f"{STANDIN} plays there ({expected})")
                raise FairnessError(f"action {version} ({action}) by seat {seat} is not what its bot "
                                    f"{bots[str(seat)]} plays there ({expected})")
            if version in standins:
                clock_moves += 1
            else:
                bot_moves += 1
        try:
            replay.apply(action)
        except (refusal, ValueError) as exc:  # pragma: no cover - from_json replayed it already
            raise FairnessError(f"action {version} ({action}) is illegal: {exc}") from None
    return bot_moves, clock_moves


@dataclass(frozen=True)
class Verified:
    """What ``verify_report`` found in a record that holds: the game's ``title``, the ``commitment`` and
    ``client_seed`` its deal came from, the ``actions`` replayed, of them the ``bot_moves`` and
    ``clock_moves`` reproduced, whether the game is ``over`` and its ``net``, and whether the commitment
    ``covers_table`` (an older record's covers the seed alone). ``text(lang)`` says it.

    >>> found = Verified("Phỏm", "ab" * 32, "my table", 40, 30, 0, True, [3, -1, -1, -1], True)
    >>> found.text()[:56]
    'verified: the Phỏm deal is the deal of the committed see'
    >>> print(found.text("vi"))
    Ván hợp lệ: bài ván Phỏm này đúng là bài chia từ mã xáo bài bí mật đã niêm phong trước ván (mã niêm phong ABAB-ABAB) và mã riêng của bàn “my table”; đã đánh lại 40 nước (30 nước của máy đều khớp); ván đã xong; tiền: ghế 1: +3, ghế 2: −1, ghế 3: −1, ghế 4: −1
    >>> print(Verified("Phỏm", "3f9a" * 16, "", 40, 30, 0, True, None, True).text("vi").split(";")[0])
    Ván hợp lệ: bài ván Phỏm này đúng là bài chia từ mã xáo bài bí mật đã niêm phong trước ván (mã niêm phong 3F9A-3F9A)
    """

    title: str
    commitment: str
    client_seed: str
    actions: int
    bot_moves: int
    clock_moves: int
    over: bool
    net: list[int] | None
    covers_table: bool

    def text(self, lang: str = "en") -> str:
        """The check in one line: in English as logs and services read it, or in the player's words."""
        if lang == "en":
            replayed = f"{self.bot_moves} bot moves" + (f" and {self.clock_moves} clock moves" if self.clock_moves
                                                          else "") + " reproduced"
            state = "over" if self.over else "not over"
            return (f"verified: the {self.title} deal is the deal of the committed seed {self.commitment[:16]}… and "
                    f"client seed {self.client_seed!r}; {self.actions} actions replayed ({replayed}); the game is "
                    f"{state}" + ("" if self.net is None else f"; net {' '.join(f'{v:+d}' for v in self.net)}")
                    + ("" if self.covers_table else "; an older record: its commitment covers the seed, not the seating"))
        _ = translator(lang)
        said = {"bots": number(self.bot_moves, lang), "clock": number(self.clock_moves, lang)}
        replayed = (_("{bots} bot moves and {clock} clock moves match") if self.clock_moves
                    else _("{bots} bot moves match")).format(**said)
        seal = f"{self.commitment[:4]}-{self.commitment[4:8]}".upper()     # a short code a person can read out
        line = _("Verified: this {title} deal is the deal of the secret shuffle code sealed before the game (seal "
                 "code {seal})").format(title=self.title, seal=seal)
        if self.client_seed:
            line += _(" and the table's own code “{client}”").format(client=self.client_seed)
        line += _("; {actions} moves played again ({replayed}); {state}").format(
            actions=number(self.actions, lang), replayed=replayed,
            state=_("the game is over") if self.over else _("the game is not over"))
        if self.net is not None:
            line += _("; money: {net}").format(net=", ".join(
                _("seat {seat}: {money}").format(seat=q + 1, money=number(v, lang, signed=True))
                for q, v in enumerate(self.net)))
        if not self.covers_table:
            line += _("; an older record: its commitment covers the seed, not the seating")
        return line


def _check_time(deadline: float, version: int) -> None:
    if time.monotonic() > deadline:
        raise FairnessError(f"verification stopped at action {version}: replaying the bots took too long")


def _verify_game(kind: GameKind, game: Any, data: dict[str, Any], seed: str, client: str, promised: str,
                 bots: dict[str, str], standins: set[int], deadline: float, covers: bool) -> Verified:
    """verify_record for a record of any registered game (the seeds, bots and commitment already checked):
    the deal is dealt again, every bot's and every clock move replayed, the result compared."""
    leader, first_game = kind.start_of(game)
    replay = kind.deal(game.rules, leader, seed, client, first_game=first_game)
    difference = kind.deal_difference(game, replay)
    if difference is not None:
        raise FairnessError(f"the deal is not the deal of these seeds: {difference}")
    try:
        players = {int(seat): kind.make_bot(name) for seat, name in bots.items()}
    except ValueError as exc:
        raise FairnessError(f"bots: {exc}") from None
    bot_moves, clock_moves = _replay_moves(game.history, replay, players, kind.make_bot(STANDIN), standins, seed, bots,
                                           deadline, game_spec(kind).refusal)
    recorded = data.get("result")
    net = None if replay.result is None else list(replay.result.net)
    if recorded is not None and recorded != net:
        raise FairnessError(f"the recorded result {recorded} is not the replayed result {net}")
    return Verified(kind.title, promised, client, len(game.history), bot_moves, clock_moves, replay.is_over, net,
                    covers)
