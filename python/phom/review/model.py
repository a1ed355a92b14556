"""What a review holds: one ``Decision`` per choice, one ``Ledger`` per seat, the rating, the plot data.

>>> ledger = Ledger(seat=0, expected=0.25, skill=-0.5, luck=1.0, others=-2.75, net=-2)
>>> ledger.expected + ledger.skill + ledger.luck + ledger.others == ledger.net, ledger.adjusted
(True, -3.0)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..cards import Card

__all__ = ["Decision", "Ledger", "Point", "Review", "Turn", "people_text"]


def people_text(action: object) -> str:
    """An action's text with its cards as people write them (``discard K♥``), as every game's review
    names its candidates; each game's ``parse_action`` reads it back.

    >>> people_text("discard KH"), people_text("play 3S 3C"), people_text("pass")
    ('discard K♥', 'play 3♠ 3♣', 'pass')
    """
    words = []
    for word in str(action).split():
        try:
            words.append(str(Card.parse(word)))
        except ValueError:
            words.append(word)
    return " ".join(words)


@dataclass(frozen=True)
class Turn:
    """A seat's turn in the history, as a game's replay gives it to the review: actions ``index`` …
    ``end − 1``; ``candidates`` (text, plan) with the played one at ``played``; ``reveals``: the played
    plan ends with a draw (the seat then learns a card); ``kind``: take, discard, lay or play;
    ``policy``: the playouts' own choice.

    >>> Turn(0, 4, 5, (("pass", ("pass",)),), 0, False, "play").forced
    True
    """

    seat: int
    index: int
    end: int
    candidates: tuple[tuple[str, tuple[Any, ...]], ...]
    played: int
    reveals: bool
    kind: str
    policy: int = 0

    @property
    def forced(self) -> bool:
        return len(self.candidates) == 1


@dataclass(frozen=True)
class Decision:
    """One choice of a reviewed seat (see ``phom.review.review``). ``options``: (text, value, stderr)
    of the candidates left in the race, the played one, the playout policy's and the hindsight's, every
    value on the same fresh worlds as the best's, best first and in order of value (``best ==
    options[0][0]``); ``loss`` ≥ 0 stakes (best's value − played's) and its 95 % interval ``loss_ci``
    come from those worlds; ``label`` only when ``loss_ci[0]`` clears its
    threshold; ``hindsight``: the best candidate with every card known (shown, never rated).
    ``kind``: ``"take"``, ``"discard"``, ``"lay"`` or ``"play"``; ``position``: what the seat saw;
    ``by``: ``"clock"`` where the table's stand-in played the turn for the seat (the record's history
    says so): such a decision carries no label and counts in none of the seat's figures."""

    index: int
    seat: int
    played: str
    best: str
    options: tuple[tuple[str, float, float], ...]
    forced: bool
    loss: float
    loss_ci: tuple[float, float]
    label: str | None
    hindsight: str | None
    kind: str = "play"
    before: float = 0.0
    after: float = 0.0
    policy: float = 0.0
    playouts: int = 0
    position: dict[str, Any] = field(default_factory=dict)
    by: str | None = None

    @property
    def standin(self) -> bool:
        """Whether the table's stand-in ("Máy đánh hộ") made this choice, not the seat's player.

        >>> Decision(0, 0, "a", "a", (), True, 0.0, (0.0, 0.0), None, None, by="clock").standin
        True
        """
        return self.by == "clock"

    @property
    def cross_fitted(self) -> bool:
        """Whether ``loss`` differs from the difference of the shown values (``before − after``).

        >>> Decision(0, 0, "a", "b", (("b", 1.0, 0.1), ("a", 0.0, 0.1)), False, 0.75, (0.5, 1.0), None, None,
        ...          before=1.0, after=0.0).cross_fitted
        True
        """
        return abs(self.loss - (self.before - self.after)) > 1e-9

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "seat": self.seat, "kind": self.kind, "played": self.played,
                "best": self.best, "options": [list(o) for o in self.options], "forced": self.forced,
                "loss": self.loss, "loss_ci": list(self.loss_ci), "label": self.label,
                "hindsight": self.hindsight, "before": self.before, "after": self.after, "policy": self.policy,
                "playouts": self.playouts, "position": self.position, "by": self.by}


@dataclass(frozen=True)
class Ledger:
    """Where one seat's money came from, in stakes: ``expected`` (before the deal) + ``skill`` (its
    own decisions, ≤ 0) + ``luck`` (the deal and the cards it drew) + ``others`` (the other seats'
    moves) == ``net``, exactly. ``adjusted`` is the luck-adjusted result, ``net − luck``.
    ``lookahead`` is the part of ``others`` that is the evaluator's own: at each of the seat's
    decisions, the best choice's value less the value of the playouts' policy's choice (the values
    before a decision assume the best play now, those after it the policy's later). ``standin`` is the
    part of ``others`` that the table's stand-in's choices for this seat cost or gained (not the seat's
    skill: the seat's player did not choose them)."""

    seat: int
    expected: float
    skill: float
    luck: float
    others: float
    net: int
    lookahead: float = 0.0
    standin: float = 0.0

    @property
    def adjusted(self) -> float:
        return self.net - self.luck

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "expected": self.expected, "skill": self.skill, "luck": self.luck,
                "others": self.others, "net": self.net, "adjusted": self.adjusted,
                "lookahead": self.lookahead, "standin": self.standin}


@dataclass(frozen=True)
class Point:
    """One value of a seat's chain: at history ``index`` (before that action; the game's length at
    the end), ``value`` in stakes, ``step`` the term the change into it counts as (``"luck"``,
    ``"others"``, ``"skill"``, or ``"expected"`` for the first)."""

    index: int
    value: float
    step: str


@dataclass(frozen=True)
class Review:
    """A reviewed game: ``game`` (its registered name, ``phom.games``), ``decisions`` in order, ``ledger``
    (one per reviewed seat), ``error_rate`` and ``rating`` by seat, each seat's value ``chains``
    (for the plot), the evaluator's ``settings`` and ``seed``, and the playouts spent."""

    game: str
    players: int
    decisions: tuple[Decision, ...]
    ledger: tuple[Ledger, ...]
    error_rate: dict[int, float]
    rating: dict[int, str]
    chains: dict[int, tuple[Point, ...]]
    moves: tuple[str, ...]
    expected_note: str
    seed: int
    worlds: int
    playouts: int

    def labelled(self) -> list[Decision]:
        """The decisions that carry a label, in order (never the stand-in's)."""
        return [d for d in self.decisions if d.label is not None]

    def standins(self, seat: int | None = None) -> list[Decision]:
        """The decisions the table's stand-in made (for ``seat``, or any), in order."""
        return [d for d in self.decisions if d.standin and (seat is None or d.seat == seat)]

    def costliest(self, count: int = 3) -> list[Decision]:
        """The seats' own labelled decisions that cost the most, at most ``count``, the costliest first."""
        return sorted(self.labelled(), key=lambda d: (-d.loss, d.index, d.seat))[:count]

    def to_dict(self) -> dict[str, Any]:
        return {"format": "phom-review", "version": 1, "game": self.game, "players": self.players,
                "seed": self.seed, "worlds": self.worlds, "playouts": self.playouts,
                "expected_note": self.expected_note,
                "decisions": [d.to_dict() for d in self.decisions],
                "ledger": [entry.to_dict() for entry in self.ledger],
                "error_rate": {str(s): r for s, r in self.error_rate.items()},
                "rating": {str(s): r for s, r in self.rating.items()},
                "chains": {str(s): [[p.index, p.value, p.step] for p in chain] for s, chain in self.chains.items()},
                "moves": list(self.moves)}

    def to_json(self) -> str:
        """The review as JSON text (``Review.from_json`` reads it back)."""
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Review:
        """A review from ``to_dict``'s data (a stored review)."""
        if not isinstance(data, dict) or data.get("format") != "phom-review" or data.get("version") != 1:
            raise ValueError("not a phom-review of version 1")
        decisions = tuple(Decision(
            index=d["index"], seat=d["seat"], played=d["played"], best=d["best"],
            options=tuple((o[0], o[1], o[2]) for o in d["options"]), forced=d["forced"], loss=d["loss"],
            loss_ci=(d["loss_ci"][0], d["loss_ci"][1]), label=d["label"], hindsight=d["hindsight"], kind=d["kind"],
            before=d["before"], after=d["after"], policy=d["policy"], playouts=d["playouts"], position=d["position"],
            by=d.get("by")) for d in data["decisions"])
        ledger = tuple(Ledger(e["seat"], e["expected"], e["skill"], e["luck"], e["others"], e["net"], e["lookahead"],
                              e.get("standin", 0.0)) for e in data["ledger"])
        chains = {int(s): tuple(Point(p[0], p[1], p[2]) for p in chain) for s, chain in data["chains"].items()}
        return cls(data["game"], data["players"], decisions, ledger,
                   {int(s): r for s, r in data["error_rate"].items()}, {int(s): r for s, r in data["rating"].items()},
                   chains, tuple(data["moves"]), data["expected_note"], data["seed"], data["worlds"], data["playouts"])

    @classmethod
    def from_json(cls, text: str) -> Review:
        return cls.from_dict(json.loads(text))

    def to_html(self, lang: str = "en") -> str:
        """The review as an HTML fragment: the plot of each seat's value, the ledger, the labelled
        decisions (``lang``: ``"vi"`` or ``"en"``)."""
        from .drawing import review_html

        return review_html(self, lang)

    def to_svg(self, seat: int | None = None, lang: str = "en") -> str:
        """The plot of one seat's value through the game (default: the first reviewed seat)."""
        from .drawing import review_svg

        return review_svg(self, self.ledger[0].seat if seat is None else seat, lang=lang)

    def _repr_html_(self) -> str:
        return self.to_html()
