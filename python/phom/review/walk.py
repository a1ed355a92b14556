"""``review``: a finished game weighed decision by decision, with an exact ledger per seat.

Each reviewed seat gets a chain of values, every one an estimate by the same evaluator (worlds
consistent with what the seat knew, playouts in the core as each game's replay plays them) of the
money it would win from that point: before the deal (``expected``, measured by self-play), after the
deal, before and after each of its decisions (the best choice's value and the played one's, on the
same fresh worlds), and at the end the money it won. Every step between two values is one term: a decision's is ``skill`` (≤ 0), a step
over a card the seat drew or over the deal is ``luck``, a step over the other seats' moves is
``others``. The terms telescope, and the values are exact binary fractions, so
``expected + skill + luck + others == net`` to the last digit.

>>> from phom import Game
>>> from phom.bots import GreedyBot
>>> game = Game(seed=3)
>>> while not game.is_over:
...     game.apply(GreedyBot().act(game.view(game.to_move)))
>>> result = review(game, seats=[0], worlds=32)
>>> e = result.ledger[0]
>>> e.expected + e.skill + e.luck + e.others == e.net == game.result.net[0]
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from ..game import Game
from ..racing import QUANTUM, Settings, evaluate, quantize, stage_seed, value_of
from ..tienlen.game import TienLenGame
from .calibration import label_of, rating_of
from .model import Decision, Ledger, Point, Review
from .phom_game import PhomReplay, Turn
from .tienlen_game import TienLenReplay

__all__ = ["load_record", "review"]



class Replay(Protocol):
    """What the walk needs of a replayed game (``PhomReplay``, ``TienLenReplay``)."""

    name: str
    players: int
    history: list[Any]
    net: tuple[int, ...]
    moves: tuple[str, ...]

    def turns(self, seat: int) -> list[Turn]: ...
    def sample(self, seat: int, index: int, count: int, seed: int) -> Any: ...
    def truth(self, index: int) -> Any: ...
    def values(self, worlds: Any, seat: int, plans: Any, seed: int) -> Any: ...
    def expected(self, seat: int) -> float: ...
    def position(self, seat: int, index: int) -> dict[str, Any]: ...


def load_record(record: Any) -> Game | TienLenGame:
    """A finished game from a ``Game``, a ``TienLenGame`` or a JSON record (text, bytes or dict; a
    hosted record too); ValueError in one sentence for anything else.

    >>> load_record('{"format": "chess"}')
    Traceback (most recent call last):
    ...
    ValueError: the record's format 'chess' is neither 'phom-game' nor 'phom-tienlen'
    """
    if isinstance(record, (Game, TienLenGame)):
        game = record
    else:
        if isinstance(record, (bytes, bytearray)):
            try:
                record = record.decode("utf-8")
            except UnicodeDecodeError:
                raise ValueError("the record is not UTF-8 text") from None
        if isinstance(record, str):
            try:
                data = json.loads(record)
            except (ValueError, RecursionError):
                raise ValueError("the record is not valid JSON") from None
        elif isinstance(record, dict):
            data = record
        else:
            raise ValueError(f"a record is a Game, a TienLenGame or JSON text, not {type(record).__name__}")
        if not isinstance(data, dict):
            raise ValueError("the record must be a JSON object")
        kind = data.get("format")
        text = json.dumps(data, ensure_ascii=False)
        if kind == "phom-game":
            game = Game.from_json(text)
        elif kind == "phom-tienlen":
            game = TienLenGame.from_json(text)
        else:
            raise ValueError(f"the record's format {kind!r} is neither 'phom-game' nor 'phom-tienlen'")
    if not game.is_over:
        raise ValueError("the game is not over: only finished games are reviewed")
    return game


def review(record: Any, *, seats: Iterable[int] | None = None, worlds: int | None = None, seed: int = 0,
           progress: bool | Callable[[int, int], None] = False) -> Review:
    """Review a finished game (see the module docstring): a ``Review`` with one ``Decision`` per
    choice of the reviewed ``seats`` (default all), one ``Ledger`` each, error rates and ratings.
    ``worlds``: the evaluator's worlds per batch (default 128); the same record, settings and
    ``seed`` give the same review. ``progress``: True for a bar on stderr, or a callable
    ``(done, total)``."""
    game = load_record(record)
    replay: Replay = PhomReplay(game) if isinstance(game, Game) else TienLenReplay(game)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed {seed!r} must be a whole number")
    settings = Settings() if worlds is None else Settings(worlds=worlds)
    chosen = _seats(seats, replay.players)
    plans = {seat: replay.turns(seat) for seat in chosen}
    total = sum(len([t for t in plans[s] if _valued(replay, t)]) + 1 for s in chosen)
    report = _progress(progress, total)
    done = 0
    decisions: list[Decision] = []
    ledgers, chains = [], {}
    spent = 0
    for seat in chosen:
        terms = {"skill": 0, "luck": 0, "others": 0, "lookahead": 0}
        expected = quantize(replay.expected(seat))
        chain = [Point(0, expected, "expected")]
        current = expected
        step = "luck"                                   # the deal comes first
        turns = plans[seat]
        if not turns or turns[0].index != 0:            # the seat does not open: value it at the deal
            if replay.history:
                value, used = _plain(replay, seat, 0, settings, stage_seed(seed, seat, 0, "deal"))
                spent += used
            else:                                       # decided at the deal (tới trắng): all luck
                value = float(replay.net[seat])
            terms[step] += _units(value - current)
            chain.append(Point(0, value, step))
            current, step = value, "others"
        done += 1
        if report:
            report(done, total)
        for turn in turns:
            if not _valued(replay, turn):
                continue
            decision = _decide(replay, turn, settings, stage_seed(seed, seat, turn.index))
            spent += decision.playouts
            terms[step] += _units(decision.before - current)
            chain.append(Point(turn.index, decision.before, step))
            terms["skill"] += _units(decision.after - decision.before)
            terms["lookahead"] += _units(decision.before - decision.policy)
            chain.append(Point(turn.end, decision.after, "skill"))
            current, step = decision.after, "luck" if turn.reveals else "others"
            decisions.append(decision)
            done += 1
            if report:
                report(done, total)
        net = replay.net[seat]
        terms[step] += _units(net - current)
        chain.append(Point(len(replay.history), float(net), step))
        ledgers.append(Ledger(seat, expected, terms["skill"] / QUANTUM, terms["luck"] / QUANTUM,
                              terms["others"] / QUANTUM, net, terms["lookahead"] / QUANTUM))
        chains[seat] = tuple(chain)
    decisions.sort(key=lambda d: (d.index, d.seat))
    rates = {}
    for seat in chosen:
        unforced = [d.loss for d in decisions if d.seat == seat and not d.forced]
        rates[seat] = sum(unforced) / len(unforced) if unforced else 0.0
    ratings = {seat: rating_of(replay.name, rates[seat]) for seat in chosen}
    note = ("expected: each seat's mean money over greedy self-play deals of these rules, "
            "from its place after the leader")
    return Review(replay.name, replay.players, tuple(decisions), tuple(ledgers), rates, ratings, chains,
                  replay.moves, note, seed, settings.worlds, spent)


def _seats(seats: Iterable[int] | None, players: int) -> list[int]:
    if seats is None:
        return list(range(players))
    if isinstance(seats, (str, bytes, int)):
        raise ValueError(f"seats {seats!r} must be a list of seat numbers")
    chosen = list(seats)
    for seat in chosen:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat {seat!r} is not a seat from 0 to {players - 1}")
    if not chosen or len(set(chosen)) != len(chosen):
        raise ValueError(f"seats {chosen!r} must name each reviewed seat once")
    return sorted(chosen)


def _units(value: float) -> int:
    """A difference of quantized values in whole quanta (exact)."""
    return round(value * QUANTUM)


def _valued(replay: Replay, turn: Turn) -> bool:
    """Whether a turn gets a value: every Phỏm turn (a draw's card is luck between two values);
    a Tiến lên turn only when there is a choice (a forced pass changes nothing the seat knows)."""
    return isinstance(replay, PhomReplay) or not turn.forced


def _plain(replay: Replay, seat: int, index: int, settings: Settings, seed: int) -> tuple[float, int]:
    """The seat's value at a point where it does not choose (its deal when another seat opens)."""
    return value_of(lambda count, s: replay.sample(seat, index, count, s),
                    lambda worlds, plans: replay.values(worlds, seat, plans, seed),
                    (), worlds=settings.worlds, seed=stage_seed(seed, "plain"))


def _decide(replay: Replay, turn: Turn, settings: Settings, seed: int) -> Decision:
    seat = turn.seat
    plans = [plan for _, plan in turn.candidates]

    def sample(count: int, s: int) -> Any:
        return replay.sample(seat, turn.index, count, s)

    def values(worlds: Any, chosen: Any) -> Any:
        return replay.values(worlds, seat, chosen, seed)

    texts = [text for text, _ in turn.candidates]
    hindsight = None
    if not turn.forced:
        truth = replay.values(replay.truth(turn.index), seat, plans, seed)[0]
        top = max(range(len(plans)), key=lambda i: (truth[i], i == turn.played, -i))
        hindsight = texts[top]
    outcome = evaluate(sample, values, plans, turn.played, seed=seed, settings=settings, policy=turn.policy,
                       show=() if hindsight is None else (top,))
    # the options valued on the fresh worlds of the best (the ones the race dropped are left out): best
    # first, then by value
    kept = [i for i in range(len(plans)) if not math.isnan(outcome.values[i])]
    order = sorted(kept, key=lambda i: (i != outcome.best, -outcome.values[i], i))
    options = tuple((texts[i], outcome.values[i], round(outcome.value_errors[i], 4)) for i in order)
    label = None if turn.forced else label_of(replay.name, outcome.loss_ci[0])
    return Decision(index=turn.index, seat=seat, played=texts[turn.played], best=texts[outcome.best],
                    options=options, forced=turn.forced, loss=outcome.loss if not turn.forced else 0.0,
                    loss_ci=outcome.loss_ci if not turn.forced else (0.0, 0.0), label=label, hindsight=hindsight,
                    kind=turn.kind, before=outcome.before, after=outcome.after, policy=outcome.policy,
                    playouts=outcome.playouts, position=replay.position(seat, turn.index))


def _progress(progress: bool | Callable[[int, int], None], total: int) -> Callable[[int, int], None] | None:
    if callable(progress):
        return progress
    if not progress:
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        from ..simulation import progress_printer

        return progress_printer(total, "decisions")
    bar = tqdm(total=total, unit="decision", desc="review", leave=False)

    def update(done: int, _total: int) -> None:
        bar.update(done - bar.n)
        if done >= _total:
            bar.close()

    return update
