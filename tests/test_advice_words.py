"""The hint's and the review's words as a Vietnamese player reads them (issue 42): numbers through Babel,
no English inside Vietnamese, "đã đánh K♠" rather than "đã đi Đánh K♠", a hint that says its move once,
no "vẫn là N điểm" after the total changed, nobody draws in Tiến lên and its hands go 3 … 2, and the
review's summary leads with a sentence before the figures."""

from __future__ import annotations

import re

import pytest

from phom import Game
from phom.bots import make_bot
from phom.cli.play import advice_line
from phom.phom.hints import hint
from phom.phom.render import action_text
from phom.review import review
from phom.review.text import review_text
from phom.tienlen import TienLenGame
from phom.tienlen.bots import make_tienlen_bot
from phom.tienlen.hints import tienlen_hint
from phom.tienlen.reference import in_order
from phom.tienlen.render import action_text as tienlen_action_text

#: an English-format number: a thousands comma (59,520) or a decimal point (0.3, 1.30), where Vietnamese
#: writes 59.520, 0,3 and 1,30 (a point before exactly three digits is a Vietnamese thousands mark)
ENGLISH_NUMBER = re.compile(r"\d,\d{3}(?!\d)|\d\.(?!\d{3}(?!\d))\d")
#: English words that have no place in a Vietnamese sentence of the hint or the review
ENGLISH_WORDS = re.compile(r"\b(lay|discard|send|points?|eat|draw|playouts?|stakes?|pass|table)\b")


def _phom_game(seed: int, names: tuple[str, ...] = ("random", "greedy", "montecarlo:16", "greedy")) -> Game:
    game = Game(seed=seed)
    bots = [make_bot(names[p], seed=seed + p) for p in range(4)]
    while not game.is_over:
        game.apply(bots[game.to_move].act(game.view(game.to_move)))
    return game


def _tienlen_game(seed: int) -> TienLenGame:
    game = TienLenGame(seed=seed)
    bots = [make_tienlen_bot(name, seed=seed + p) for p, name in enumerate(("random", "greedy", "random", "greedy"))]
    while not game.is_over:
        game.apply(bots[game.to_move].act(game.view(game.to_move)))
    return game


def _vietnamese(text: str) -> None:
    assert not ENGLISH_NUMBER.search(text), text
    assert not ENGLISH_WORDS.search(text), text
    assert "vẫn là" not in text and "đã đi" not in text, text


def test_phom_hints_speak_vietnamese_through_every_kind_of_turn():
    """Every hint of a few whole games (a lay-down turn, eats, discards; quick and look-ahead), its line
    as the terminal prints it saying the move once."""
    kinds = set()
    for seed in range(3):
        game = Game(seed=seed)
        bot = make_bot("greedy")
        while not game.is_over:
            view = game.view(game.to_move)
            if len(view.legal_actions) > 1:
                advice = hint(game, lang="vi", search=game.to_move == 0 and len(game.history) < 8, budget=0.05)
                label = action_text(advice.action, "vi")
                line = advice_line(label, advice.reason)
                assert line.startswith(label) and line.count(label) == 1, line
                _vietnamese(advice.reason)
                for _, _, reason in advice.alternatives:
                    _vietnamese(reason)
                kinds.add(view.turn_kind)
            game.apply(bot.act(view))
    assert "lay" in kinds


def test_tienlen_hints_speak_vietnamese():
    for seed in range(2):
        game = TienLenGame(seed=seed)
        bot = make_tienlen_bot("greedy")
        while not game.is_over:
            seat = game.to_move
            view = game.view(seat)
            if len(view.legal_actions) > 1:
                action, reason = tienlen_hint(game, seat, lang="vi", search=len(game.history) < 3)
                _vietnamese(reason)
                assert not reason.startswith(tienlen_action_text(action, "vi"))
            game.apply(bot.act(view))


def test_the_phom_review_speaks_vietnamese():
    game = _phom_game(8)
    result = review(game, seed=1)
    text, page = review_text(result, "vi"), result.to_html("vi")
    lines = text.splitlines()
    # the summary: a sentence a player says, before the figures
    assert lines[2].startswith("Ghế 1 ") and ("thắng" in lines[2] or "thua" in lines[2] or "hòa" in lines[2])
    assert page.index('class="summary"') < page.index('class="ledger"')
    assert result.labelled(), "a random seat makes labelled errors"
    for line in lines[1:]:
        if not line.strip().startswith(("thấy:", "biết hết bài")):
            _vietnamese(re.sub(r"\d+ … \d", "", line))
    flat = " ".join(text.split())                        # the lines are broken between words at 80 columns
    for d in result.labelled():
        assert ("đã " + action_text_of(d.played)) in flat
    plain = re.sub(r"<svg.*?</svg>", "", page, flags=re.S)
    assert "đã đi" not in plain and not ENGLISH_WORDS.search(re.sub(r"<[^>]+>", " ", plain))


def action_text_of(played: str) -> str:
    from phom.review.text import move_phrase

    return move_phrase("phom", played, "vi")


def test_the_tienlen_review_has_no_draws_and_lists_hands_three_to_two():
    game = _tienlen_game(4)
    result = review(game, seed=2)
    text, page = review_text(result, "vi"), result.to_html("vi")
    assert "bốc" not in text and "bốc" not in page
    flat = " ".join(text.split())                        # the lines are broken between words at 80 columns
    assert "bài được chia" in flat and "đã đi" not in flat
    if any(d.played == "pass" for d in result.labelled()):
        assert "đã bỏ lượt" in flat
    for line in text.splitlines():
        if line.strip().startswith("thấy: bài "):
            cards = line.strip().removeprefix("thấy: bài ").split(";")[0]
            assert cards == in_order(cards), line
    for d in result.labelled():
        assert "đã " + tienlen_action_text_lower(d.played) in flat


def tienlen_action_text_lower(played: str) -> str:
    from phom.review.text import move_phrase

    return move_phrase("tienlen", played, "vi")


@pytest.mark.parametrize("text, words", [
    ("lay 2♦ 3♦ 4♦ | 7♠ 7♣ 7♦; send 8♥, 9♥, discard 10♠", "Hạ 2♦ 3♦ 4♦ · 7♠ 7♣ 7♦; gửi 8♥, 9♥, đánh 10♠"),
    ("eat 5♥, discard 7♣", "Ăn 5♥, đánh 7♣"),
    ("lay; send 8♥, discard 3♣", "Hạ bài; gửi 8♥, đánh 3♣"),
    ("draw", "Bốc"),
])
def test_a_plan_is_said_in_vietnamese(text, words):
    from phom.review.text import action_words

    assert action_words("phom", text, "vi") == words
