"""How both games name the seats and the payments at a table, for people: where a seat sits from the
viewer's (nhà dưới, nhà trên, nhà đối diện) and one payment in words, on the page and in the terminal.

>>> who_words(1, 0, 4, "vi"), payment_line(3, 0, 3, "về bét", "vi", viewer=3)
('nhà dưới', 'bạn trả ghế 1: 3 cược (về bét)')
"""

from __future__ import annotations

from .language import N_, number, translator

__all__ = ["SEAT_PLACES", "payment_line", "seat_place", "who_words"]

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


def payment_line(payer: int, payee: int, amount: int, because: str, lang: str = "en", viewer: int | None = None) -> str:
    """One payment as both games say it, on the page and in the terminal (``because``: the reason,
    already in ``lang``); told to one person, the ``viewer`` (his seat, from 0), his seat is "you".

    >>> payment_line(3, 0, 3, "về bét", "vi"), payment_line(1, 0, 1, "4♠ eaten")
    ('ghế 4 trả ghế 1: 3 cược (về bét)', 'seat 2 pays seat 1: 1 stake (4♠ eaten)')
    >>> payment_line(3, 0, 3, "về bét", "vi", viewer=3), payment_line(1, 0, 1, "4♠ eaten", viewer=0)
    ('bạn trả ghế 1: 3 cược (về bét)', 'seat 2 pays you: 1 stake (4♠ eaten)')
    """
    _ = translator(lang)
    if payer == viewer:
        said = (_("you pay seat {payee}: 1 stake ({reason})") if amount == 1
                else _("you pay seat {payee}: {amount} stakes ({reason})"))
    elif payee == viewer:
        said = (_("seat {payer} pays you: 1 stake ({reason})") if amount == 1
                else _("seat {payer} pays you: {amount} stakes ({reason})"))
    else:
        said = (_("seat {payer} pays seat {payee}: 1 stake ({reason})") if amount == 1
                else _("seat {payer} pays seat {payee}: {amount} stakes ({reason})"))
    return said.format(payer=payer + 1, payee=payee + 1, amount=number(amount, lang), reason=because)
