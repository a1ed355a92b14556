"""Every text a Xì dách player reads, in English (the source) and Vietnamese: the game's own catalog (phom's
catalog holds phom's games' words, not a plug-in's). The game's terms stay Vietnamese in English too:
rút (draw), dằn (stand), xét (settle with one seat), xì bàn, xì dách, ngũ linh, quắc, non, nhà cái.

>>> say("Seat {seat}", "vi").format(seat=2), say("Seat {seat}", "en").format(seat=2)
('Ghế 2', 'Seat 2')
>>> say("no such text", "vi")
Traceback (most recent call last):
...
KeyError: "Xì dách has no Vietnamese for 'no such text'"
"""

from __future__ import annotations

import unicodedata

__all__ = ["LANGUAGES", "VIETNAMESE", "say", "seat_name"]

LANGUAGES = ("en", "vi")

#: the Vietnamese of every English text (checked complete by the package's tests)
VIETNAMESE: dict[str, str] = {
    # the game's terms, as players say them
    "rút": "rút",
    "dằn": "dằn",
    "xét {seat}": "xét {seat}",
    "xì bàn": "xì bàn",
    "xì dách": "xì dách",
    "ngũ linh": "ngũ linh",
    "quắc": "quắc",
    "non": "non",
    "{points} points": "{points} điểm",
    "Xì dách": "Xì dách",
    # seats
    "Seat {seat}": "Ghế {seat}",
    "seat {seat}": "ghế {seat}",
    "you": "bạn",
    "the banker (seat {seat})": "nhà cái (ghế {seat})",
    "you, the banker": "bạn, nhà cái",
    # moves as the log says them
    "{who}: {move}": "{who}: {move}",
    # the table
    "Your turn (seat {seat})": "Lượt của bạn (ghế {seat})",
    "You are the banker: you settle with each player.": "Bạn làm nhà cái: bạn xét bài từng người.",
    "Seat {seat} is the banker (nhà cái).": "Ghế {seat} làm nhà cái.",
    "Your hand: {cards} ({value})": "Bài của bạn: {cards} ({value})",
    "  seat {seat}: {count} cards{mark}": "  ghế {seat}: {count} lá{mark}",
    "settled, {hand}, {money}": "đã xét, {hand}, {money}",
    "Moves: {list}": "Nước đi: {list}",
    "the banker": "nhà cái",
    "{count} cards in hand": "{count} lá trên tay",
    "settled: {money}": "đã xét: {money}",
    "{who} to move": "đến lượt {who}",
    # rules and refusals
    "Your hand is non (under {points}): you must rút.": "Bài non (dưới {points} điểm): bạn phải rút.",
    "The banker's hand is non (under {points}): the banker must rút.":
        "Bài nhà cái non (dưới {points} điểm): nhà cái phải rút.",
    "You hold five cards: no more.": "Bạn đã có năm lá: không rút thêm.",
    "Your hand is quắc: you can only dằn.": "Bài quắc: bạn chỉ có thể dằn.",
    "Only the banker xét.": "Chỉ nhà cái mới xét bài.",
    "Seat {seat} is settled already, or is not a player.": "Ghế {seat} đã xét rồi, hoặc không phải người chơi.",
    "The game is over.": "Ván đã xong.",
    "That move is not allowed now.": "Nước này không được đi lúc này.",
    # the rules of a table
    "Xì dách seats {low} to {high}, not {value}.": "Xì dách chơi từ {low} đến {high} người, không phải {value}.",
    "{field}: a whole number, not {value}.": "{field}: phải là một số nguyên, không phải {value}.",
    "{field}: points from {low} to {high}, not {value}.": "{field}: từ {low} đến {high} điểm, không phải {value}.",
    "{field}: stakes from {low} to {high}, not {value}.": "{field}: từ {low} đến {high} cược, không phải {value}.",
    "Xì dách rules are an object with the fields {fields}.": "Luật Xì dách là một đối tượng với các mục {fields}.",
    "Xì dách rules have no field {field}: the fields are {fields}.":
        "Luật Xì dách không có mục {field}: các mục là {fields}.",
    # results and payments
    "{who} pays {whom}: {money}": "{who} trả {whom}: {money}",
    "{who} and {whom}: hòa": "{who} và {whom}: hòa",
    "1 stake": "1 cược",
    "{count} stakes": "{count} cược",
    "Net: {list}": "Tổng: {list}",
    "You take {money}.": "Bạn được {money}.",
    "You pay {money}.": "Bạn mất {money}.",
    "You break even (hòa).": "Bạn hòa vốn.",
    " · the banker": " · nhà cái",
    "{who}: {money}": "{who}: {money}",
    "{who}: {hand} ({cards})": "{who}: {hand} ({cards})",
    "you pay {whom}: {money}": "bạn trả {whom}: {money}",
    # the terminal's opening, help and replay title, and the review's explanation: phom's play loop, replay and
    # review say them through the game's own ``translate`` (``XiDachTerminal.translate``, ``ReviewWords``)
    "Xì dách, {players} players. You are seat {seat}; bots: {bots}.":
        "Xì dách, {players} người. Bạn ngồi ghế {seat}; máy: {bots}.",
    "Type a move's number, rút (draw) or dằn (stand); the banker also xét N (settle with seat N); ? for a hint, "
    "?? for a deeper hint; h for this help; q to quit.":
        "Gõ số của nước đi, rút hoặc dằn; nhà cái còn có xét N (xét bài ghế N); ? để xem gợi ý, ?? gợi ý kỹ hơn; "
        "h để xem lại hướng dẫn này; q để thoát.",
    "Xì dách, {players} players; seat {seat} is the banker": "Xì dách, {players} người; ghế {seat} làm nhà cái",
    "{move} is worth {gain} a game on average over {worlds} deals (the next best, {other}: {other_gain})":
        "{move} được trung bình {gain} một ván qua {worlds} ván thử (nước sau nó, {other}: {other_gain})",
    "the only move": "nước duy nhất",
    "players must draw under {points}; the banker under {banker}": (
        "người chơi non dưới {points} điểm phải rút; nhà cái dưới {banker}"),
    "xì bàn pays {xi_ban}, xì dách {xi_dach}, ngũ linh {ngu_linh}": (
        "xì bàn ăn {xi_ban}, xì dách {xi_dach}, ngũ linh {ngu_linh}"),
    "expected: what the seat could expect before the deal; skill: its own choices (rút, dằn, xét); luck: the "
    "cards dealt and drawn; others: the other seats' choices.": (
        "kỳ vọng: điều ghế đó có thể mong trước khi chia; tay nghề: các lựa chọn của chính nó (rút, dằn, xét); "
        "may rủi: các lá được chia và rút; người khác: lựa chọn của các ghế khác."),
}


def say(text: str, lang: str = "en") -> str:
    """``text`` (English, a key of ``VIETNAMESE``) in ``lang`` (NFC); KeyError for a text with no Vietnamese."""
    if lang not in LANGUAGES:
        raise ValueError(f"lang {lang!r}: choose 'vi' or 'en'")
    if text not in VIETNAMESE:
        raise KeyError(f"Xì dách has no Vietnamese for {text!r}")
    return unicodedata.normalize("NFC", VIETNAMESE[text] if lang == "vi" else text)


def seat_name(seat: int, lang: str = "en", *, viewer: int | None = None, banker: int | None = None) -> str:
    """A seat as the viewer reads it (counted from 1): ``bạn`` for his own, the banker named so.

    >>> seat_name(0, "vi", viewer=0), seat_name(2, "vi", banker=2), seat_name(1, "en")
    ('bạn', 'nhà cái (ghế 3)', 'seat 2')
    """
    if seat == viewer:
        return say("you, the banker", lang) if seat == banker else say("you", lang)
    if seat == banker:
        return say("the banker (seat {seat})", lang).format(seat=seat + 1)
    return say("seat {seat}", lang).format(seat=seat + 1)
