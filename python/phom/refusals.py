"""Why a move is refused, as a code, its parameters and the player's sentence in his language.

The referees of both games (``phom.phom.referee``, ``phom.tienlen.game``) and the action parsers raise a
``Refusal`` (a ``ValueError``): its ``str`` is the English sentence for logs; ``code`` names the rule,
``params`` its cards and seats (API seats, from 0), and ``text(lang)`` is what a player reads: the
sentence from the gettext catalog, seats counted from 1.

>>> r = Refusal("meld J♠ Q♠ A♣ is not a phỏm", "not_a_phom", cards="J♠ Q♠ A♣")
>>> r.text("vi"), r.text("en")
('J♠ Q♠ A♣ không phải phỏm.', 'J♠ Q♠ A♣ is not a phỏm.')
>>> Refusal("x", "first_play_needs", card="3♠").text("vi")
'Nước đầu tiên phải có 3♠.'
"""

from __future__ import annotations

from .language import N_, translator

__all__ = ["PLAYER_TEXTS", "IllegalAction", "Refusal", "refusal_text"]

#: the player's sentence of each refusal code (English source; Vietnamese in the catalog). ``{seat}``
#: and ``{owner}`` are shown counted from 1.
PLAYER_TEXTS: dict[str, str] = {
    "game_over": N_("The game is over."),
    "already_taken": N_("You have already taken a card this turn."),
    "take_first": N_("Take a card first: draw, or eat the previous player's discard."),
    "draw_first": N_("Draw a card first."),
    "lay_turn_only": N_("You lay down or send only in your lay-down turn (after 3 discards) or a tái turn."),
    "u_khan_off": N_("Ù khan is off at this table."),
    "u_khan_first_turn": N_("Ù khan is declared only at the very start of your first turn."),
    "not_u_khan": N_("Your hand has a cạ or a phỏm, so it is not ù khan."),
    "stock_empty": N_("The stock is empty."),
    "eat_latest_only": N_("You may eat only the previous player's latest discard."),
    "eat_after_lay": N_("You have laid down and this is not a tái turn."),
    "eat_new_phom_only": N_("After laying down you may eat only to make a new phỏm from your hand."),
    "eat_no_phom": N_("{card} makes no phỏm with your hand (each eaten card needs its own phỏm)."),
    "u_after_lay": N_("You have laid down: from now on ù comes only by laying and sending."),
    "u_started_laying": N_("You have started laying this turn."),
    "not_u": N_("Not ù: your cards do not all fit in phỏm but one (each eaten card in its own phỏm)."),
    "lay_eaten_first": N_("Lay every eaten card ({cards}) before discarding."),
    "lay_fewest_first": N_("Lay the lay-down that leaves the fewest points before discarding."),
    "not_held": N_("You do not hold {cards}."),
    "discard_eaten": N_("{card} was eaten: it stays for its phỏm."),
    "discard_bound": N_("{card} is bound (trói) to an eaten card's phỏm."),
    "lay_after_send": N_("You have sent cards: phỏm are laid before sending."),
    "two_eaten_in_phom": N_("Two eaten cards ({cards}) cannot be in one phỏm."),
    "keep_a_card": N_("Keep a card to discard (ù by sending is off at this table)."),
    "lay_strands_eaten": N_("Laying {cards} would leave another eaten card without a phỏm."),
    "lay_not_fewest": N_("Lay the lay-down that leaves the fewest points; {cards} does not."),
    "send_eaten_first": N_("Lay every eaten card ({cards}) before sending."),
    "send_mom": N_("You laid no phỏm (móm), so you cannot send."),
    "send_tai_off": N_("Sending in a tái turn is off at this table."),
    "send_fewest_first": N_("Lay the lay-down that leaves the fewest points before sending."),
    "no_such_phom": N_("Seat {owner} has no such phỏm on the table."),
    "send_own_lay_turn": N_("In your lay-down turn you send only onto phỏm laid before yours."),
    "no_extend": N_("{card} does not fit {cards}."),
    "autolay_started": N_("You have already started laying this turn."),
    "autolay_nothing": N_("There is nothing to lay or send (or it would leave no card to discard)."),
    "not_a_phom": N_("{cards} is not a phỏm."),
    "not_legal": N_("That move is not allowed now."),
    "lead_cannot_pass": N_("You start this round: play something, you cannot pass."),
    "not_a_combo": N_("{cards} is not a combination: play a single, a pair, a triple, a straight or a bomb."),
    "first_play_needs": N_("The first play must contain {card}."),
    "does_not_beat": N_("{cards} does not beat {table}."),
    "passed_bomb_only": N_("You passed this round: now only a bomb may chặt."),
    "bad_cards": N_("Those are not cards."),
    "not_a_card": N_("{name}: '{token}' is not a card: write the rank (A 2 … 10 J Q K), then the suit (S C D H "
                     "or ♠ ♣ ♦ ♥), for example 9H."),
    "card_twice": N_("{name}: {token} is written twice."),
    "turn_seconds": N_("The time for a turn is a whole number of seconds from {low} to {high}, or none."),
    "bad_name": N_("A name is 1 to {most} letters, digits, spaces or . _ -"),
    "name_taken": N_("That name reads like {name}, the name of another player at this table: choose another."),
    "name_reserved": N_("The table already says “{word}” for a seat: choose another name."),
    "name_marks": N_("A letter of a name carries at most {most} marks."),
    "stale": N_("The game moved on before your move arrived (your time may have run out): nothing was played. "
                "Look at the table again."),
    "bad_reaction": N_("That reaction does not exist: choose one of the table's reactions."),
    "react_too_often": N_("One reaction every {seconds} seconds, please."),
    "not_card_text": N_("'{token}' is not a card: write the rank (A 2 … 10 J Q K), then the suit (S C D H or "
                        "♠ ♣ ♦ ♥), for example 9H."),
}

#: parameters shown counted from 1
_SEATS = ("seat", "owner")


def refusal_text(code: str, params: dict[str, object] | None = None, lang: str = "en") -> str:
    """The player's sentence of refusal ``code`` in ``lang``; an unknown code gives the general one.

    >>> refusal_text("no_such_phom", {"owner": 0}, "vi")
    'Ghế 1 không có phỏm đó trên bàn.'
    """
    _ = translator(lang)
    shown = {key: (value + 1 if key in _SEATS and isinstance(value, int) else value)
             for key, value in (params or {}).items()}
    template = PLAYER_TEXTS.get(code, PLAYER_TEXTS["not_legal"])
    try:
        return _(template).format(**shown)
    except (KeyError, IndexError):
        return _(PLAYER_TEXTS["not_legal"])


class Refusal(ValueError):
    """A refused move: ``str`` is the English sentence for logs, ``code`` and ``params`` name the rule,
    ``text(lang)`` is the player's sentence."""

    def __init__(self, message: str, code: str = "not_legal", **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params

    def text(self, lang: str = "en") -> str:
        """The player's sentence in ``lang``."""
        return refusal_text(self.code, self.params, lang)


class IllegalAction(Refusal):
    """An action that is not legal in this state, from either game's referee; the message says why
    (``code``, ``params`` and ``text(lang)``). The game is unchanged.

    >>> IllegalAction("Draw is not legal now", "take_first").text("en")
    "Take a card first: draw, or eat the previous player's discard."
    """
