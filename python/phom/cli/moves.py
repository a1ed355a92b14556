"""What a player types at the terminal, read back into the moves on offer: one parser for both games.

Every label the terminal prints for a move (``Đánh Q♠``, ``Hạ phỏm``, ``Bỏ lượt``, ``Gửi 8♥ → ghế 3,
phỏm 1``, ``discard Q♠``, ``3♣ 4♦``) reads back as that move, with or without diacritics, in any case;
so do cards as players say them (``K bích``, ``9 cơ``, ``già rô``, ``10 tép``, ``át cơ``) and
combinations (``đôi Q``, ``sám cô 7``, ``tứ quý 5``, ``sảnh 3 4 5``, ``đôi thông 3 4 5``). The move words
are each registered game's (``GameSpec.verbs``: a word with the move kind its terminal's ``move_parts``
names); the cards', the combinations' and the seats' come from the glossary (``phom/glossary.json``, each
term's ``typed`` forms). A phrase that fits several
of the moves on offer (``đôi Q`` with three queens) gives them all, for the player to choose by number.
Seats and phỏm are counted from 1, as the player reads them (``gửi 8H ghế 3 phỏm 1``, or ``8H 3:1``).

>>> from phom.tienlen import Play, Pass
>>> offered = [Play("QS QH"), Play("QS QD"), Play("QD QH"), Play("KS"), Pass()]
>>> [str(a) for a in matching("đôi Q", offered)]
['play QS QH', 'play QS QD', 'play QD QH']
>>> matching("DANH GIA BICH", offered) == [Play("KS")], matching("bo luot", offered)
(True, [Pass()])
>>> from phom.phom.actions import Action
>>> matching("Hạ phỏm", [Action.parse("autolay"), Action.parse("lay 5H 6H 7H")])
[AutoLay()]
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card, CardSet
from ..games import DEFAULT_GAME, GAMES, game_kind, game_spec
from ..language import glossary

__all__ = ["CountedFromOne", "Typed", "fold", "matching", "move_cards", "move_kind", "move_parts", "read_typed", "spelled"]

#: what each glossary term means to the parser: a suit, a rank, a combination, or a word that names what
#: follows (a seat, a laid meld: the glossary's ``names``); the move words are the games' own (``GameSpec.verbs``)
_SUITS = {"spades": 0, "clubs": 1, "diamonds": 2, "hearts": 3}
_RANKS = {"ace": 1, "heo": 2, "jack": 11, "queen": 12, "king": 13}
#: how many cards of each rank named after it a combination word stands for
_COMBOS = {"single": 1, "pair": 2, "triple": 3, "four_of_a_kind": 4, "doi_thong": 2, "straight": 1}
#: words a player may put in that change nothing (lá K, con già, gửi vào ghế 3, …)
_FILLERS = {"la", "con", "cay", "quan", "vao", "cho", "va", "to", "onto", "the", "of", "and", "card"}

_CODE = re.compile(r"^(10|[2-9ajqkt])([scdh♠♣♦♥])$")
_TARGET = re.compile(r"^(\d+):(\d+)$")
_SYMBOLS = str.maketrans({"♤": "♠", "♧": "♣", "♢": "♦", "♡": "♥", ",": " ", ";": " ", "→": " ", "(": " ", ")": " ",
                          ".": " ", "!": " ", "\u00a0": " "})


def fold(text: str) -> str:
    """Text as the parser compares it: no diacritics (đ is d), lower case, suit symbols in one form,
    punctuation and arrows as spaces, one space between words.

    >>> fold("  Gửi 8♡ → GHẾ 3, phỏm 1 "), fold("Ù-khan"), fold("ĐÁNH ĐÔI Q")
    ('gui 8♥ ghe 3 phom 1', 'u khan', 'danh doi q')
    """
    decomposed = unicodedata.normalize("NFD", text.replace("->", " ").translate(_SYMBOLS))
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    plain = plain.replace("đ", "d").replace("Đ", "d").casefold().replace("-", " ")
    return " ".join(plain.split())


def _vocabulary() -> tuple[tuple[tuple[str, ...], str, str], ...]:
    """(folded words, what, value) of every registered game's move words and every typed form in the
    glossary, longest phrases first."""
    return _words_of(tuple(GAMES))


@functools.lru_cache(maxsize=4)
def _words_of(games: tuple[str, ...]) -> tuple[tuple[tuple[str, ...], str, str], ...]:
    words: list[tuple[tuple[str, ...], str, str]] = []
    for game in games:
        for word, kind in game_spec(game).words().items():
            folded = tuple(fold(word).split())
            if folded and (folded, "verb", kind) not in words:
                words.append((folded, "verb", kind))
    for name, entry in glossary().items():
        forms = entry.get("typed")
        if not isinstance(forms, list):
            continue
        if name in _SUITS:
            what, value = "suit", str(_SUITS[name])
        elif name in _RANKS:
            what, value = "rank", str(_RANKS[name])
        elif name in _COMBOS:
            what, value = "combo", name
        elif isinstance(entry.get("names"), str):           # a word that names what follows (ghế 3, phỏm 1)
            what, value = "naming", str(entry["names"])
        else:
            continue
        for form in forms:
            folded = tuple(fold(str(form)).split())
            if folded and (folded, what, value) not in words:
                words.append((folded, what, value))
    words.sort(key=lambda w: -len(w[0]))
    return tuple(words)


@dataclass(frozen=True)
class Slot:
    """One card of a typed phrase: its rank, and its suit when the player named one."""

    rank: int
    suit: int | None = None


@dataclass(frozen=True)
class Typed:
    """A typed line understood: the kinds of move it names (None: any that takes cards), its cards as
    slots, and the send target (seat, phỏm) counted from 0 when one was typed (from 1)."""

    kinds: frozenset[str] | None
    slots: tuple[Slot, ...]
    seat: int | None = None
    meld: int | None = None


def _rank(token: str) -> int | None:
    if token.isdigit() and 2 <= int(token) <= 10:
        return int(token)
    return {"a": 1, "j": 11, "q": 12, "k": 13}.get(token)


def read_typed(text: str) -> Typed:
    """What a typed line says: a CardError naming the word it does not know (``ZZ``, ``fly``), a
    ValueError when it names two moves or a seat or phỏm 0.

    >>> read_typed("heo 2♥").slots, read_typed("heo").slots
    ((Slot(rank=2, suit=3),), (Slot(rank=2, suit=None),))
    >>> read_typed("đôi Q").slots, read_typed("gui 8H ghe 3 phom 1")
    ((Slot(rank=12, suit=None), Slot(rank=12, suit=None)), Typed(kinds=frozenset({'send'}), slots=(Slot(rank=8, suit=3),), seat=2, meld=0))
    """
    tokens = fold(text).split()
    if not tokens:
        raise ValueError("nothing typed")
    verbs: list[str] = []
    slots: list[Slot] = []
    seat = meld = None
    times, run = 1, False                  # the combination word's count for the ranks after it
    i = 0
    while i < len(tokens):
        token = tokens[i]
        code = _CODE.match(token)
        target = _TARGET.match(token)
        if code is not None:
            card = Card.parse(token)
            slots += [Slot(card.rank, int(card.suit))] * times
            times = times if run else 1
            i += 1
            continue
        if target is not None:
            seat, meld = _counted(target.group(1), "seat"), _counted(target.group(2), "phỏm")
            i += 1
            continue
        found = next(((words, what, value) for words, what, value in _vocabulary()
                      if tuple(tokens[i:i + len(words)]) == words), None)
        # a rank, a lone letter or number, maybe with its suit after it (K bích, 10 tép, át cơ)
        rank = _rank(token) if found is None else int(found[2]) if found[1] == "rank" else None
        if rank == 2 and found is not None and i + len(found[0]) < len(tokens) and (
                tokens[i + len(found[0])] == "2" or tokens[i + len(found[0])].startswith("2")
                and _CODE.match(tokens[i + len(found[0])])):
            i += len(found[0])                # heo 2♥: the 2 named twice, as the terminal lists a lone 2
            continue
        if rank is not None:
            i += 1 if found is None else len(found[0])
            suit = None
            if i < len(tokens) and tokens[i] == "of":
                i += 1
            after = next(((words, v) for words, what, v in _vocabulary()
                          if what == "suit" and tuple(tokens[i:i + len(words)]) == words), None)
            if after is not None:
                suit = int(after[1])
                i += len(after[0])
            slots += [Slot(rank, suit)] * times
            times = times if run else 1
            continue
        if found is None:
            if token in _FILLERS:
                i += 1
                continue
            said = next((word for word in text.split() if token in fold(word).split()), token)
            Card.parse(said)                  # a word the parser does not know: said as a card typed wrong
            raise ValueError(f"“{said}” is not a move, a card or a combination")
        words, what, value = found
        i += len(words)
        if what == "verb":
            verbs.append(value)
        elif what == "combo":
            times, run = _COMBOS[value], value in ("doi_thong", "straight")
        elif what == "naming":
            if i < len(tokens) and tokens[i].isdigit():
                number = _counted(tokens[i], "seat" if value == "seat" else "phỏm")      # a meld: a phỏm
                seat, meld = (number, meld) if value == "seat" else (seat, number)
                i += 1
        # a suit word alone, away from a rank, is a filler
    kinds = _kinds(verbs, bool(slots))
    return Typed(kinds, tuple(slots), seat, meld)


class CountedFromOne(ValueError):
    """A seat or a phỏm typed as 0: the terminal counts both from 1, as the table shows them."""


def _counted(text: str, name: str) -> int:
    number = int(text)
    if number < 1:
        raise CountedFromOne(f"{name} {number}: seats and phỏm are counted from 1")
    return number - 1


def _kinds(verbs: list[str], with_cards: bool) -> frozenset[str] | None:
    if not verbs:
        return None
    if len(set(verbs)) > 1:
        if set(verbs) == {"lay", "autolay"}:
            return frozenset({"autolay"})
        raise ValueError(f"one move at a time: {', '.join(dict.fromkeys(verbs))}")
    verb = verbs[0]
    if verb == "lay" and not with_cards:
        return frozenset({"autolay"})
    return frozenset({verb})


def move_parts(action: Any) -> tuple[str, list[Card], tuple[int, int] | None]:
    """A move of any game with a terminal table as the parser reads it (its game's terminal's
    ``move_parts``): its kind, its cards, and where it sends them (seat, phỏm) or None.

    >>> from phom.phom.actions import Action
    >>> move_parts(Action.parse("send 8H 2:0"))
    ('send', [Card('8H')], (2, 0))
    """
    for kind in GAMES.values():
        terminal = kind.terminal()
        parts = None if terminal is None else terminal.move_parts(action)
        if parts is not None:
            return parts
    raise TypeError(f"{action!r} is not a move of a game with a terminal table")


def move_kind(action: Any) -> str:
    """The kind of a move of either game, as the parser names it.

    >>> from phom.phom.actions import Action
    >>> from phom.tienlen import Play
    >>> move_kind(Play("3S")), move_kind(Action.parse("send 8H 2:0"))
    ('discard', 'send')
    """
    return move_parts(action)[0]


def move_cards(action: Any) -> list[Card]:
    """The cards a move names (none for a draw, a pass, ù or laying down automatically).

    >>> from phom.tienlen import Pass, Play
    >>> move_cards(Play("3S 4S")), move_cards(Pass())
    ([Card('3S'), Card('4S')], [])
    """
    return move_parts(action)[1]


def _fits(slots: Sequence[Slot], cards: Sequence[Card]) -> bool:
    if len(slots) != len(cards):
        return False
    left = Counter((c.rank, int(c.suit)) for c in cards)
    for slot in slots:
        if slot.suit is not None:
            if left[(slot.rank, slot.suit)] == 0:
                return False
            left[(slot.rank, slot.suit)] -= 1
    ranks = Counter(rank for (rank, _suit), n in left.items() for _ in range(n))
    return ranks == Counter(slot.rank for slot in slots if slot.suit is None)


def _fits_move(typed: Typed, action: Any) -> bool:
    kind, cards, target = move_parts(action)
    if typed.kinds is None:
        if not typed.slots or not cards:        # cards alone name a move that takes them
            return False
    elif kind not in typed.kinds:
        return False
    if target is not None:
        if typed.seat is not None and typed.seat != target[0]:
            return False
        if typed.meld is not None and typed.meld != target[1]:
            return False
    elif typed.seat is not None or typed.meld is not None:
        return False
    if cards and not typed.slots and typed.kinds is not None:
        return True          # the verb alone ("ăn") names each move of its kind: one is taken, several asked about
    return _fits(typed.slots, cards) if cards else not typed.slots


def matching(text: str, legal: Iterable[Any]) -> list[Any]:
    """The moves of ``legal`` (either game's) that a typed line names, in ``legal``'s order; a
    ValueError when the line holds a word the parser does not know.

    >>> from phom.phom.actions import Discard, Send
    >>> matching("10 tép", [Discard("10C"), Discard("10H")]), matching("send 8H 3:1", [Send("8H", (2, 0))])
    ([Discard(Card('10C'))], [Send(Card('8H'), (2, 0))])
    """
    typed = read_typed(text)
    return [action for action in legal if _fits_move(typed, action)]


def spelled(text: str, game: str = DEFAULT_GAME) -> str | None:
    """A typed line that names one move exactly, in the notation of the game called ``game`` (what its
    ``parse_action`` reads; seats and phỏm from 0; the game's terminal's ``notation``), so the referee can
    say why a move not on offer is refused; None when the line leaves the move open.

    >>> spelled("hạ 5 cơ 6H 7H"), spelled("gửi 8H ghế 3 phỏm 1"), spelled("3S 4S 5S", "tienlen")
    ('lay 5H 6H 7H', 'send 8H 2:0', 'play 3S 4S 5S')
    """
    typed = read_typed(text)
    if any(slot.suit is None for slot in typed.slots):
        return None
    codes = str(CardSet([Card(slot.rank, slot.suit) for slot in typed.slots if slot.suit is not None]).codes) \
        if len(set(typed.slots)) == len(typed.slots) else None
    terminal = game_kind(game).terminal()
    if codes is None or terminal is None:
        return None
    return terminal.notation(typed, codes)
