"""How both games name the seats and the payments at a table, for people: where a seat sits from the
viewer's (nhà dưới, nhà trên, nhà đối diện) and one payment in words, on the page and in the terminal.

>>> who_words(1, 0, 4, "vi"), payment_line(3, 0, 3, "về bét", "vi", viewer=3)
('nhà dưới', 'Bạn trả ghế 1: 3 cược (về bét)')
>>> seat_words(2, "vi", names={2: "Minh"}), seat_words(2, "en"), seat_words(0, "vi", viewer=0)
('Minh', 'seat 3', 'bạn')
"""

from __future__ import annotations

from collections.abc import Mapping

from .language import N_, capital, number, translator

__all__ = ["SEAT_PLACES", "Names", "payment_line", "seat_place", "seat_words", "who_words"]

#: the names the people at a hosted table chose, by seat (from 0); a seat without one is "ghế N"
Names = Mapping[int, str]

#: where a seat sits from the viewer's, as the drawn table names it (the page's places: play goes round to
#: the next player, nhà dưới; with two players the other sits across)
SEAT_PLACES = {"next": N_("the next player"), "previous": N_("the previous player"), "across": N_("the player across"),
               "me": N_("you")}


def seat_place(seat: int, viewer: int, players: int) -> str:
    """Where ``seat`` sits from ``viewer``'s seat: ``"me"``, ``"next"`` (nhà dưới), ``"previous"`` (nhà
    trên) or ``"across"`` (nhà đối diện).

    >>> [seat_place(q, 0, 4) for q in range(4)], seat_place(1, 0, 2), seat_place(2, 0, 3)
    (['me', 'next', 'across', 'previous'], 'across', 'previous')
    """
    step = (seat - viewer) % players
    if step == 0:
        return "me"
    if players == 2:
        return "across"
    return "next" if step == 1 else "previous" if step == players - 1 else "across"


def who_words(seat: int, viewer: int, players: int, lang: str = "en") -> str:
    """``seat`` named from ``viewer``'s place at the drawn table, in ``lang``: nhà dưới, nhà trên, nhà
    đối diện (or bạn, for the viewer himself).

    >>> who_words(1, 0, 4, "vi"), who_words(3, 0, 4, "en"), who_words(0, 0, 3, "vi")
    ('nhà dưới', 'the previous player', 'bạn')
    """
    return translator(lang)(SEAT_PLACES[seat_place(seat, viewer, players)])


def seat_words(seat: int, lang: str = "en", viewer: int | None = None, names: Names | None = None) -> str:
    """A seat (from 0) as a sentence names it, in the middle of one (``capital`` starts one with it): the
    person it is told to, the ``viewer``, is "bạn" (you); a seat whose person chose a name is that name;
    any other is "ghế N", counted from 1 as the table shows it.

    >>> seat_words(1, "vi"), seat_words(1, "en", viewer=1), seat_words(1, "vi", names={1: "Lan"})
    ('ghế 2', 'you', 'Lan')
    """
    _ = translator(lang)
    if seat == viewer:
        return _("you")
    name = (names or {}).get(seat)
    return name if name else _("seat {seat}").format(seat=seat + 1)


def payment_line(payer: int, payee: int, amount: int, because: str, lang: str = "en", viewer: int | None = None,
                 names: Names | None = None) -> str:
    """One payment as both games say it, on the page and in the terminal (``because``: the reason,
    already in ``lang``), a sentence: told to one person, the ``viewer`` (his seat, from 0), his seat is
    "you"; a seat with a name (``names``) is called by it.

    >>> payment_line(3, 0, 3, "về bét", "vi"), payment_line(1, 0, 1, "4♠ eaten")
    ('Ghế 4 trả ghế 1: 3 cược (về bét)', 'Seat 2 pays seat 1: 1 stake (4♠ eaten)')
    >>> payment_line(3, 0, 3, "về bét", "vi", viewer=3), payment_line(1, 0, 1, "4♠ eaten", viewer=0)
    ('Bạn trả ghế 1: 3 cược (về bét)', 'Seat 2 pays you: 1 stake (4♠ eaten)')
    >>> payment_line(1, 0, 2, "bị ăn 4♠", "vi", viewer=0, names={1: "Lan"})
    'Lan trả bạn: 2 cược (bị ăn 4♠)'
    """
    _ = translator(lang)
    if payer == viewer:
        said = _("You pay {payee}: 1 stake ({reason})") if amount == 1 else _("You pay {payee}: {amount} stakes ({reason})")
    else:
        said = (_("{payer} pays {payee}: 1 stake ({reason})") if amount == 1
                else _("{payer} pays {payee}: {amount} stakes ({reason})"))
    return capital(said.format(payer=seat_words(payer, lang, viewer, names), payee=seat_words(payee, lang, viewer, names),
                               amount=number(amount, lang), reason=because))
