"""Tiến lên combinations answered by the compiled core (``phom._tienlen``): what a set of cards is,
what beats what, every legal play, the fewest plays that empty a hand, one best split, tới trắng.

>>> classify("5S 6S 7H")
Combo(kind='straight', length=3, high=Card('7H'))
>>> beats("8S 8C 8D 8H", "2S 2H"), count_plays("3S 4S 5S"), min_plays("3S 4S 5S 9D 9H KC")
(True, 4, 3)
>>> from phom.tienlen.reference import in_order
>>> [in_order(s) for s in best_split("3S 4S 5S 9D 9H KC")], toi_trang("3S 3C 3D 3H", first_game=True)
(['3♠ 4♠ 5♠', '9♦ 9♥', 'K♣'], 'four_threes')
"""

from __future__ import annotations

from typing import Literal, cast

import numpy as np
import numpy.typing as npt

from .. import _tienlen
from ..cards import Card, CardSet, CardsLike, to_mask
from .reference import Combo, Kind
from .rules import TienLenRules

# the core imports nothing of phom: its parser of cards-like arguments is handed down from here, once
_tienlen.bind_cards(to_mask)

__all__ = ["Combo", "ToiTrang", "beats", "best_split", "classify", "count_plays", "legal_plays", "min_plays",
           "toi_trang"]


def classify(cards: CardsLike) -> Combo | None:
    """The combination these cards are (kind, length, highest card), or None (the Tiến lên rules)."""
    kind, length, high = _tienlen.classify_mask(cards)
    if kind is None:
        return None
    return Combo(cast(Kind, kind), length, Card.from_index(high))


_DEFAULT_RULES = TienLenRules()


def _rules(rules: TienLenRules | None) -> TienLenRules:
    if rules is None:
        return _DEFAULT_RULES
    if not isinstance(rules, TienLenRules):
        raise ValueError(f"rules {rules!r} is not a TienLenRules")
    return rules


def beats(play: CardsLike, table: CardsLike, rules: TienLenRules | None = None) -> bool:
    """Does ``play`` beat ``table``: same kind and length with a stronger highest card, or a chặt
    (§3)? ValueError when either is no combination."""
    answer = _tienlen.beats_mask(play, table, _rules(rules).four_kind_beats_single_heo)
    if answer < 0:
        name, cards = ("play", play) if answer == -1 else ("table", table)
        raise ValueError(f"{name} {CardSet(to_mask(cards, name))} is not a combination")
    return bool(answer)


def legal_plays(hand: CardsLike, table: CardsLike | None = None, rules: TienLenRules | None = None
                ) -> npt.NDArray[np.uint64]:
    """Every play from ``hand`` that may be made on ``table`` (any combination when None), each exactly
    once, as ascending uint64 masks (every suit choice of straights and đôi thông included)."""
    result: npt.NDArray[np.uint64] = _tienlen.legal_plays_mask(hand, table, _rules(rules).four_kind_beats_single_heo)
    return result


def count_plays(hand: CardsLike, table: CardsLike | None = None, rules: TienLenRules | None = None) -> int:
    """``len(legal_plays(...))`` without building the list."""
    return int(_tienlen.count_plays_mask(hand, table, _rules(rules).four_kind_beats_single_heo))


def min_plays(hand: CardsLike) -> int:
    """The fewest combinations that play the whole hand out (exact: a dynamic programme over ranks)."""
    return int(_tienlen.min_plays_mask(hand))


def best_split(hand: CardsLike) -> tuple[CardSet, ...]:
    """One split of a dealt hand (at most 13 cards) into the fewest plays, weakest card first, by the
    tie-break of ``reference.best_split``: fewest singles, then the strongest singles, then from the
    weakest card up the play holding it with the weakest cards."""
    return tuple(CardSet.from_mask(m) for m in _tienlen.best_split_mask(hand))


ToiTrang = Literal["four_threes", "three_pairs_with_3S", "dragon", "six_pairs", "five_pairs_run",
                   "four_triples", "two_fours", "four_twos", "one_colour"]


def toi_trang(hand: CardsLike, *, first_game: bool = False, rules: TienLenRules | None = None) -> ToiTrang | None:
    """The instant win (tới trắng, the Tiến lên rules) a dealt hand has, if any; the kinds and their order
    are those of ``reference.toi_trang``, as is the house rule ``rules.later_toi_trang_in_first_game``.

    >>> toi_trang("2S 2C 2D 2H 3S", first_game=True, rules=TienLenRules(later_toi_trang_in_first_game=True))
    'four_twos'
    """
    if not isinstance(first_game, bool):
        raise ValueError(f"first_game must be True or False, not {first_game!r}")
    later = _rules(rules).later_toi_trang_in_first_game
    return cast("ToiTrang | None", _tienlen.toi_trang_mask(hand, first_game, later))
