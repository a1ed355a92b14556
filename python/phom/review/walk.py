"""``review``: a finished game weighed decision by decision, with an exact ledger per seat.

Each reviewed seat gets a chain of values, every one an estimate by the same evaluator (worlds
consistent with what the seat knew, playouts in the core as each game's replay plays them) of the
money it would win from that point: before the deal (``expected``, measured by self-play), after the
deal, before and after each of its decisions (the playouts' own choice's value, the best choice's
and the played one's, on the same fresh worlds), and at the end the money it won. Every step between
two values is one term: a decision's is ``skill`` (≤ 0), a step over a card the seat drew or over
the deal is ``luck`` (it ends at the playouts' own choice's value, so it is mean zero: the best
choice's gain over it is the evaluator's look-ahead, counted in ``others`` with the other seats'
moves). The terms telescope, and the values are exact binary fractions, so
``expected + skill + luck + others == net`` to the last digit.

A hosted record says which moves the table's stand-in played when a seat's clock ran out (``"by":
"clock"`` in its ``history``): those decisions are the stand-in's ("Máy đánh hộ"), weighed and shown but
never labelled, and what they cost or gained counts in the seat's ``others`` (``Ledger.standin``), not in
its ``skill``, error rate or rating.

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

from ..games import GAMES, GameKind, kind_of_record
from ..language import translator
from ..racing import QUANTUM, Z_95, Settings, evaluate, quantize, stage_seed, value_of
from .calibration import STANDIN_UNRATED, label_for, rating_of
from .model import Decision, Ledger, Point, Review, Turn
from .referee import RefereeReplay

__all__ = ["clock_moves", "cross_fitted", "load_record", "review"]



class Replay(Protocol):
    """What the walk needs of a replayed game (a game's ``GameKind.replay``: ``PhomReplay``,
    ``TienLenReplay``; ``RefereeReplay`` for a game with no engine): its name, seats, history, money and
    moves, its label ``thresholds`` (inaccuracy, mistake, blunder in stakes), whether a forced turn is
    valued (``value_forced``), and the evaluator's primitives."""

    name: str
    players: int
    history: list[Any]
    net: tuple[int, ...]
    moves: tuple[str, ...]
    thresholds: tuple[float, ...]
    value_forced: bool

    def turns(self, seat: int) -> list[Turn]: ...
    def sample(self, seat: int, index: int, count: int, seed: int) -> Any: ...
    def truth(self, index: int) -> Any: ...
    def values(self, worlds: Any, seat: int, plans: Any, seed: int) -> Any: ...
    def expected(self, seat: int) -> float: ...
    def position(self, seat: int, index: int) -> dict[str, Any]: ...


def clock_moves(record: Any) -> frozenset[int]:
    """The history's indices of the moves the table's stand-in played (``"by": "clock"`` in a hosted
    record's ``history``); none for a game object or a record without a history. ValueError when the
    history does not list the game's actions one by one.

    >>> sorted(clock_moves({"actions": ["draw", "discard KS"], "history": [
    ...     {"player": 0, "action": "draw", "by": "clock"}, {"player": 0, "action": "discard KS"}]}))
    [0]
    """
    data = _record_data(record)
    if data is None or data.get("history") is None:
        return frozenset()
    history = data["history"]
    if not isinstance(history, list) or not all(isinstance(e, dict) for e in history):
        raise ValueError("the record's history must be a list of {player, action} entries")
    actions = data.get("actions")
    if isinstance(actions, list) and len(actions) != len(history):
        raise ValueError(f"the record's history lists {len(history)} moves, but it has {len(actions)} actions")
    for i, entry in enumerate(history):
        if entry.get("by") not in (None, "clock"):
            raise ValueError(f"history entry {i}: by must be 'clock', not {entry.get('by')!r}")
    return frozenset(i for i, entry in enumerate(history) if entry.get("by") == "clock")


def _record_data(record: Any) -> dict[str, Any] | None:
    """A record's JSON object (None for a game object or anything that is no JSON object)."""
    if isinstance(record, dict):
        return record
    if isinstance(record, (bytes, bytearray)):
        try:
            record = record.decode("utf-8")
        except UnicodeDecodeError:
            return None
    if isinstance(record, str):
        try:
            data = json.loads(record)
        except (ValueError, RecursionError):
            return None
        return data if isinstance(data, dict) else None
    return None


def load_record(record: Any) -> Any:
    """A finished game from a game of a registered kind (``phom.games``: a ``Game``, a ``TienLenGame``, …)
    or its JSON record (text, bytes or dict; a hosted record too); ValueError in one sentence for
    anything else.

    >>> load_record('{"format": "chess"}')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the record's format 'chess' is ...'phom-game'...'phom-tienlen'...
    """
    return _loaded(record)[1]


def _formats() -> str:
    """The registered record formats, as the refusal names them."""
    formats = [repr(kind.record_format) for kind in GAMES.values()]
    if len(formats) == 2:
        return f"neither {formats[0]} nor {formats[1]}"
    return "not one of " + ", ".join(formats)


def _loaded(record: Any) -> tuple[GameKind, Any]:
    """The kind of the finished game of ``record`` (see ``load_record``), and the game."""
    if not isinstance(record, (str, bytes, bytearray, dict)) and hasattr(record, "to_json") \
            and hasattr(record, "is_over"):
        game = record
        if not game.is_over:
            raise ValueError("the game is not over: only finished games are reviewed")
        return kind_of_record(json.loads(game.to_json())), game
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
        raise ValueError(f"a record is a finished game or its JSON text, not {type(record).__name__}")
    if not isinstance(data, dict):
        raise ValueError("the record must be a JSON object")
    try:
        kind = kind_of_record(data)
    except ValueError:
        raise ValueError(f"the record's format {data.get('format')!r} is {_formats()}") from None
    game = kind.from_record(json.dumps(data, ensure_ascii=False))
    if not game.is_over:
        raise ValueError("the game is not over: only finished games are reviewed")
    return kind, game


def review(record: Any, *, seats: Iterable[int] | None = None, worlds: int | None = None, seed: int = 0,
           progress: bool | Callable[[int, int], None] = False, lang: str = "en") -> Review:
    """Review a finished game (see the module docstring): a ``Review`` with one ``Decision`` per
    choice of the reviewed ``seats`` (default all), one ``Ledger`` each, error rates and ratings.
    ``worlds``: the evaluator's worlds per batch (default 128); the same record, settings and
    ``seed`` give the same review. ``progress``: True for a bar on stderr (its words in ``lang``), or a
    callable ``(done, total)``."""
    kind, game = _loaded(record)
    clocked = clock_moves(record)
    replay: Replay = kind.replay(game) if kind.engine is not None else RefereeReplay(kind, game)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed {seed!r} must be a whole number")
    settings = Settings() if worlds is None else Settings(worlds=worlds)
    chosen = _seats(seats, replay.players)
    plans = {seat: replay.turns(seat) for seat in chosen}
    total = sum(len([t for t in plans[s] if _valued(replay, t)]) + 1 for s in chosen)
    report = _progress(progress, total, lang)
    done = 0
    decisions: list[Decision] = []
    ledgers, chains = [], {}
    spent = 0
    for seat in chosen:
        terms = {"skill": 0, "luck": 0, "others": 0, "lookahead": 0, "standin": 0}
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
            decision = _decide(replay, turn, settings, stage_seed(seed, seat, turn.index),
                               by="clock" if clocked.intersection(range(turn.index, turn.end)) else None)
            spent += decision.playouts
            # a step over a draw or the deal ends at the value of the playouts' own choice (the state's
            # value as the values before it were measured: their mean is its value, so luck is mean
            # zero); what the best choice adds to it is the evaluator's look-ahead, part of others
            terms[step] += _units(decision.policy - current)
            chain.append(Point(turn.index, decision.policy, step))
            terms["others"] += _units(decision.before - decision.policy)
            chain.append(Point(turn.index, decision.before, "others"))
            # the stand-in's choice is not the seat's skill: it counts with the others' moves
            terms["standin" if decision.standin else "skill"] += _units(decision.after - decision.before)
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
                              (terms["others"] + terms["standin"]) / QUANTUM, net, terms["lookahead"] / QUANTUM,
                              terms["standin"] / QUANTUM))
        chains[seat] = tuple(chain)
    decisions.sort(key=lambda d: (d.index, d.seat))
    rates, ratings = {}, {}
    for seat in chosen:                  # the seat's own choices only: never the stand-in's
        unforced = [d.loss for d in decisions if d.seat == seat and not d.forced and not d.standin]
        rates[seat] = sum(unforced) / len(unforced) if unforced else 0.0
        stood_in = any(d.seat == seat and d.standin and not d.forced for d in decisions)
        ratings[seat] = (STANDIN_UNRATED if stood_in and not unforced else rating_of(replay.name, rates[seat]))
    note = ("expected: each seat's mean money over greedy self-play deals of these rules, "
            "from its place after the leader")
    if kind.engine is None:
        note = (f"expected: each seat's mean money over deals of these rules played by {kind.default_bot} bots; "
                f"worlds played by the Python referee ({kind.title} has no compiled engine)")
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
    """Whether a turn gets a value: a turn with a choice, and a forced one where the replay values them
    (Phỏm: a draw's card is luck between two values; a Tiến lên pass changes nothing the seat knows)."""
    return replay.value_forced or not turn.forced


def _plain(replay: Replay, seat: int, index: int, settings: Settings, seed: int) -> tuple[float, int]:
    """The seat's value at a point where it does not choose (its deal when another seat opens)."""
    return value_of(lambda count, s: replay.sample(seat, index, count, s),
                    lambda worlds, plans: replay.values(worlds, seat, plans, seed),
                    (), worlds=settings.worlds, seed=stage_seed(seed, "plain"))


def _decide(replay: Replay, turn: Turn, settings: Settings, seed: int, by: str | None = None) -> Decision:
    seat = turn.seat
    plans = [plan for _, plan in turn.candidates]
    fresh_seeds = {stage_seed(seed, "fresh", b) for b in range(settings.max_batches)}
    fresh_worlds: list[Any] = []
    fresh: list[tuple[list[int], Any]] = []          # the fresh batches: (candidate indices, money per world)

    def sample(count: int, s: int) -> Any:
        worlds = replay.sample(seat, turn.index, count, s)
        if s in fresh_seeds:
            fresh_worlds.append(worlds)
        return worlds

    def values(worlds: Any, chosen: Any) -> Any:
        won = replay.values(worlds, seat, chosen, seed)
        if any(worlds is w for w in fresh_worlds):
            fresh.append(([_index_of(plans, plan) for plan in chosen], won))
        return won

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
    if turn.forced or outcome.best == turn.played:
        loss, loss_ci = 0.0, (0.0, 0.0)
    else:                  # the best was chosen on the same worlds that value it: cross-fit the loss
        loss, loss_ci = cross_fitted(fresh, turn.played)
    label = None if turn.forced or by is not None else label_for(replay.thresholds, loss_ci[0])
    return Decision(index=turn.index, seat=seat, played=texts[turn.played], best=texts[outcome.best],
                    options=options, forced=turn.forced, loss=loss, loss_ci=loss_ci, label=label, hindsight=hindsight,
                    kind=turn.kind, before=outcome.before, after=outcome.after, policy=outcome.policy,
                    playouts=outcome.playouts, position=replay.position(seat, turn.index), by=by)


def _index_of(plans: list[Any], plan: Any) -> int:
    for i, candidate in enumerate(plans):
        if candidate is plan:
            return i
    return plans.index(plan)


def cross_fitted(batches: list[tuple[list[int], Any]], played: int) -> tuple[float, tuple[float, float]]:
    """The loss of ``played`` without the winner's curse, and its 95 % interval, from the fresh
    batches ``(candidate indices, money per world and candidate)``: the worlds are split in two halves
    (alternate worlds); the best candidate is chosen on one half and valued against the played one
    on the other, both ways. Each world then gives one paired difference whose candidates were
    chosen without it, so the mean is not biased upwards as the best's own worlds would make it. The
    loss and both ends of the interval are clipped at 0 and quantized.

    >>> import numpy as np
    >>> won = np.array([[1.0, 0.0], [3.0, 0.0], [1.0, 0.0], [3.0, 0.0]])   # candidate 0 wins by 2 on average
    >>> loss, (low, high) = cross_fitted([([0, 1], won)], played=1)
    >>> loss, round(low, 2), round(high, 2)
    (2.0, 0.87, 3.13)
    >>> cross_fitted([([0, 1], won)], played=0)
    (0.0, (0.0, 0.0))
    """
    import numpy as np

    columns = sorted({i for chosen, _ in batches for i in chosen})
    if played not in columns or len(columns) < 2:
        return 0.0, (0.0, 0.0)
    common = [i for i in columns if all(i in chosen for chosen, _ in batches)]
    won = np.concatenate([np.asarray(w, dtype=np.float64)[:, [chosen.index(i) for i in common]]
                          for chosen, w in batches])
    if len(won) < 2:
        return 0.0, (0.0, 0.0)
    p = common.index(played)
    halves = (won[0::2], won[1::2])
    gaps = []
    for choose, value in (halves, halves[::-1]):
        means = choose.mean(axis=0)
        best = max(range(len(common)), key=lambda j: (float(means[j]), j == p, -j))
        gaps.append(value[:, best] - value[:, p])
    gap = np.concatenate(gaps)
    mean = float(gap.mean())
    half = Z_95 * float(gap.std(ddof=1)) / math.sqrt(len(gap))
    return quantize(max(0.0, mean)), (quantize(max(0.0, mean - half)), quantize(max(0.0, mean + half)))


def _progress(progress: bool | Callable[[int, int], None], total: int, lang: str = "en"
              ) -> Callable[[int, int], None] | None:
    """The review's progress: the callable given, or a bar on stderr in ``lang`` (tqdm's where it is
    installed: the moves weighed of all and the time left, no rate; else a line rewritten in place)."""
    if callable(progress):
        return progress
    if not progress:
        return None
    _ = translator(lang)
    words = {"desc": _("Reviewing"), "unit": _("moves"), "left": _("about {time} left")}
    try:
        from tqdm import tqdm
    except ImportError:
        import sys

        def line(done: int, _total: int) -> None:
            end = "\n" if done >= _total else ""
            print(f"\r{words['desc']}: {done}/{_total} {words['unit']}", end=end, file=sys.stderr, flush=True)

        return line
    left = words["left"].format(time="{remaining}")
    bar = tqdm(total=total, desc=words["desc"], leave=False,
               bar_format="{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} " + words["unit"] + f" ({left})")

    def update(done: int, _total: int) -> None:
        bar.update(done - bar.n)
        if done >= _total:
            bar.close()

    return update
