"""The money explained and the big moments (shared/API.md, "A table of people"; issue 41, item 5): every
payment as one line with payer, payee, amount and its reason in the player's words, one home for the
page (the view's ``payments``) and the terminal (``result_text``); the big moments of each game (ù, móm,
đền, ăn chốt, gửi, chặt, cóng, tới trắng) found by replaying it, in the view as ``moments``."""

from __future__ import annotations

import json
import re

import pytest
from phom import Game
from phom.phom.actions import Eat, Send
from phom.bots import make_bot
from phom.phom.render import moments, payment_lines, result_text
from phom.tienlen import TienLenGame
from phom.tienlen import render as tienlen_render
from phom.tienlen.bots import make_tienlen_bot
from phom.tienlen.combos import classify
from phom.tienlen.reference import HEO, order
from phom.web.kinds import KINDS

ENGLISH = re.compile(r"\b(pays|seat|stakes?|eaten|came|laid|cuts|sends|wins|whole|table|left|hand)\b")


def phom_games(count: int = 40) -> list[Game]:
    games = []
    for seed in range(count):
        game, bot = Game(seed=seed), make_bot("greedy")
        while not game.is_over:
            game.apply(bot.act(game.view(game.to_move)))
        games.append(game)
    return games


def tienlen_games(count: int = 60) -> list[TienLenGame]:
    games = []
    for seed in range(count):
        game, bot = TienLenGame(seed=seed), make_tienlen_bot("greedy")
        while not game.is_over:
            game.apply(bot.act(game.view(game.to_move)))
        games.append(game)
    return games


@pytest.fixture(scope="module")
def phom_played() -> list[Game]:
    return phom_games()


@pytest.fixture(scope="module")
def tienlen_played() -> list[TienLenGame]:
    return tienlen_games()


def check_lines(game, lines, lang: str) -> None:
    """The lines are the result's payments, in order, and add up to every seat's net."""
    assert [(x["payer"], x["payee"], x["amount"], x["reason"]) for x in lines] == [tuple(p) for p in game.result.payments]
    net = [0] * game.players
    for line in lines:
        net[line["payer"]] -= line["amount"]
        net[line["payee"]] += line["amount"]
        seats = re.findall(r"(?:[Ss]eat|[Gg]hế) (\d)", line["text"])
        assert seats[:2] == [str(line["payer"] + 1), str(line["payee"] + 1)], line["text"]
        if lang == "vi":
            assert not ENGLISH.search(line["text"]), line["text"]
            assert " cược (" in line["text"], line["text"]
    assert net == list(game.result.net)


def test_every_phom_payment_is_a_line_naming_its_reason(phom_played) -> None:
    reasons = set()
    for game in phom_played:
        for lang in ("en", "vi"):
            lines = payment_lines(game, lang)
            check_lines(game, lines, lang)
            assert all("  " + line["text"] in result_text(game, lang).splitlines() for line in lines)
        eaten = [str(action.card) for _, action in game.history if isinstance(action, Eat)]
        said = [line["text"] for line in payment_lines(game, "vi") if line["reason"] in ("eat", "chot")]
        assert len(said) == len(eaten)
        for text, card in zip(said, eaten):              # the card that was eaten, in its order
            assert text.endswith(f"bị ăn {card})") or text.endswith(f"bị ăn chốt {card})"), (text, card)
        for line in payment_lines(game, "vi"):
            reasons.add(line["reason"])
            if line["reason"] == "place":
                place = game.result.ranking.index(line["payer"])
                assert line["text"].endswith("(về " + ("bét" if place == len(game.result.ranking) - 1
                                                       else ["nhất", "nhì", "ba"][place]) + ")")
    assert {"eat", "chot", "place", "mom", "den"} <= reasons


def test_every_tienlen_payment_is_a_line_naming_its_reason(tienlen_played) -> None:
    reasons = set()
    for game in tienlen_played:
        for lang in ("en", "vi"):
            lines = tienlen_render.payment_lines(game, lang)
            check_lines(game, lines, lang)
            assert all("  " + line["text"] in tienlen_render.result_text(game, lang).splitlines() for line in lines)
        for line in tienlen_render.payment_lines(game, "vi"):
            reasons.add(line["reason"])
            if line["reason"] == "thoi":           # the heo and hàng he was left holding, each of them
                left = tienlen_render.counted_left(game.hands[line["payer"]])
                assert left and all(str(card) in line["text"] for card in left)
    assert {"place", "cong", "thoi", "chat", "toi_trang"} <= reasons


def test_the_phom_moments_name_every_chot_gui_u_mom_and_den(phom_played) -> None:
    kinds = set()
    for game in phom_played:
        found = moments(game, "vi")
        kinds |= {m["kind"] for m in found}
        for m in found:
            opening = "Chuyển bài: " if m["kind"] == "chuyen" else f"Ghế {m['seat'] + 1} "
            assert 0 <= m["index"] < len(game.history) and m["text"].startswith(opening), m["text"]
            assert not ENGLISH.search(m["text"]), m["text"]
        chot = [p for p in game.result.payments if p[3] == "chot"]
        assert [(m["seat"]) for m in found if m["kind"] == "an_chot"] == [payee for _, payee, _, _ in chot]
        for m in found:
            if m["kind"] == "an_chot":
                assert isinstance(game.history[m["index"]][1], Eat)
        sends = [(i, p) for i, (p, action) in enumerate(game.history) if isinstance(action, Send)]
        assert set(sends) <= {(m["index"], m["seat"]) for m in found if m["kind"] == "gui"}
        # every card sent (by Gửi or inside a lay-down) is named once: the laid phỏm grew by exactly these
        sent = sum(len(re.findall(r"[0-9AJQK]+[♠♣♦♥]", m["text"].split(" vào ")[0])) for m in found if m["kind"] == "gui")
        laid_cards = sum(len(meld) for melds in game.laid for meld in melds)
        assert sent <= laid_cards
        mom = [payer for payer, _, _, reason in game.result.payments if reason == "mom"]
        assert [m["seat"] for m in found if m["kind"] == "mom"] == mom
        if game.result.u is not None:
            assert [m["seat"] for m in found if m["kind"] == game.result.u_kind] == [game.result.u]
    assert {"an_chot", "gui", "u", "u_khan", "mom", "den"} <= kinds


def test_a_gui_inside_a_lay_down_names_the_card_and_the_phom() -> None:
    game, bot = Game(seed=12), make_bot("greedy")
    while not game.is_over:
        game.apply(bot.act(game.view(game.to_move)))
    said = [m["text"] for m in moments(game, "vi") if m["kind"] == "gui"]
    assert "Ghế 3 gửi 2♠ 3♠ vào phỏm 4♠ 5♠ 6♠ của ghế 1." in said
    assert str(game.history[30][1]) == "autolay"            # no Gửi was typed: the lay-down sent them


def test_the_tienlen_moments_name_every_chat_cong_and_toi_trang(tienlen_played) -> None:
    kinds = set()
    for game in tienlen_played:
        found = tienlen_render.moments(game, "vi")
        kinds |= {m["kind"] for m in found}
        # every bomb played on a heo or a bomb is a chặt, found here without the replay: the play before
        # it in the round (a round ends when its owner plays again; in these games no round ended with
        # its owner gone out, hưởng sái, on a heo)
        table, owner, expected = 0, -1, []
        for i, (p, action) in enumerate(game.history):
            if str(action) == "pass":
                continue
            if p == owner:
                table = 0
            combo, beaten = classify(action.cards.mask), classify(table) if table else None
            if beaten is not None and combo.is_bomb and (beaten.is_bomb or (beaten.kind in ("single", "pair")
                                                                              and order(beaten.high) == HEO)):
                expected.append((i, p))
            table, owner = action.cards.mask, p
        got = [(m["index"], m["seat"]) for m in found if m["kind"] == "chat"]
        assert got == expected
        assert [m["seat"] for m in found if m["kind"] == "cong"] == list(game.result.cong)
        toi = [m for m in found if m["kind"] == "toi_trang"]
        assert len(toi) == (game.result.toi_trang is not None)
        if game.result.toi_trang is not None:
            assert toi[0]["seat"] == game.result.winner and "tới trắng" in toi[0]["text"]
        for m in found:
            if m["kind"] == "chat":
                assert re.fullmatch(r"Ghế \d chặt .+ của ghế \d bằng (tứ quý|\d đôi thông) .+ \((tứ quý|\d đôi thông) "
                                    r"chặt được (heo|đôi heo|tứ quý|\d đôi thông)\)!", m["text"]), m["text"]
        chat_paid = {payee for _, payee, _, reason in game.result.payments if reason == "chat"}
        assert chat_paid <= {m["seat"] for m in found if m["kind"] == "chat"}
    assert {"chat", "cong", "toi_trang"} <= kinds


@pytest.mark.parametrize("name", ["phom", "tienlen"])
def test_the_view_carries_moments_and_at_the_end_the_payments(name) -> None:
    kind = KINDS[name]
    game = kind.deal(kind.rules(None), 0, "00" * 32, "moments")
    bot = kind.make_bot("greedy")
    report = kind.report(game, 0, drawn=False, lang="vi")
    assert report["moments"] == [] and "payments" not in report
    while not game.is_over:
        game.apply(bot.act(game.view(game.to_move)))
    report = json.loads(json.dumps(kind.report(game, 1, drawn=True, lang="vi")))
    told = {"phom": payment_lines, "tienlen": tienlen_render.payment_lines}[name]
    assert [line["text"] for line in report["payments"]] == [line["text"] for line in told(game, "vi", 1)]
    assert len(report["payments"]) == len([line for line in report["result"]["text"].splitlines() if " trả ghế " in line])
    for line in report["payments"]:                 # told to seat 2: his own payments say "bạn", never "ghế 2"
        assert "ghế 2" not in line["text"] and re.fullmatch(r"(Bạn|Ghế \d) trả (bạn|ghế \d): .+", line["text"])
    assert isinstance(report["moments"], list)


def test_the_readers_own_seat_is_you_in_the_moments(phom_played, tienlen_played) -> None:
    """Told to one person (issue 42): his own seat is "Bạn"/"You", never "Ghế N"; the others stay "Ghế N"."""
    mine = {"vi": re.compile(r"\b[Gg]hế {seat}\b"), "en": re.compile(r"\b[Ss]eat {seat}\b")}
    said_you: set[str] = set()
    for games, told in ((phom_played, moments), (tienlen_played, tienlen_render.moments)):
        for game in games:
            for viewer in range(game.players):
                for lang, you in (("vi", "bạn"), ("en", "you|your")):
                    plain = told(game, lang)
                    found = [m for m in told(game, lang, viewer) if m["kind"] != "mom_warning"]   # his alone
                    assert [(m["index"], m["seat"], m["kind"]) for m in found] == \
                        [(m["index"], m["seat"], m["kind"]) for m in plain]
                    for before, m in zip(plain, found):
                        text = m["text"]
                        assert not re.search(mine[lang].pattern.format(seat=viewer + 1), text), text
                        if re.search(mine[lang].pattern.format(seat=viewer + 1), before["text"]):
                            assert re.search(rf"\b({you})\b", text, re.IGNORECASE), (before["text"], text)
                            said_you.add(m["kind"])
                        else:
                            assert text == before["text"]
                        if lang == "vi":
                            assert not ENGLISH.search(text), text
    assert {"mom", "an_chot", "gui", "den", "chat", "cong"} <= said_you
    mom = next(m for g in phom_played for m in moments(g, "vi", g.result.payments[-1][0]) if m["kind"] == "mom"
               and m["seat"] == g.result.payments[-1][0])
    assert mom["text"] == "Bạn bị móm: không hạ được phỏm nào."


@pytest.mark.parametrize("name", ["phom", "tienlen"])
def test_the_view_tells_the_moments_to_its_seat(name) -> None:
    kind = KINDS[name]
    for seed in range(12):
        game = kind.deal(kind.rules(None), 0, "00" * 32, f"yours-{seed}")
        bot = kind.make_bot("greedy")
        while not game.is_over:
            game.apply(bot.act(game.view(game.to_move)))
        for seat in range(game.players):
            report = kind.report(game, seat, drawn=False, lang="vi")
            assert all(f"hế {seat + 1} " not in m["text"] and not m["text"].endswith(f"hế {seat + 1}.")
                       for m in report["moments"]), report["moments"]


def test_the_terminals_payments_call_the_readers_seat_you(phom_played, tienlen_played) -> None:
    """The result the terminal prints to one person says "bạn trả ghế 2", "ghế 3 trả bạn" (issue 42)."""
    from phom.cli.tienlen import result_lines

    for game in phom_played[:10] + tienlen_played[:10]:
        for seat in range(game.players):
            for lang, you in (("vi", ("Bạn trả ghế ", " trả bạn: ")), ("en", ("You pay seat ", " pays you: "))):
                text = (result_text(game, lang, seat) if isinstance(game, Game)
                        else "\n".join(result_lines(game, seat, lang)))
                paid = [line for line in text.splitlines() if re.search(r"(trả|pays?) ", line)]
                involved = [p for p in game.result.payments if seat in p[:2]]
                assert sum(any(w in line for w in you) for line in paid) == len(involved), (text, seat)
                assert not re.search(rf"(ghế|seat) {seat + 1} (trả|pays)|(trả|pays) (ghế|seat) {seat + 1}:", text,
                                     re.IGNORECASE), text
