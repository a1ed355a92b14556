"""Typing back what the game prints (phom.cli.moves): every label of every legal move, in both languages,
typed as printed, without diacritics and in upper case, reads back as that move; cards and combinations
as players say them; a phrase that fits several moves is asked about by number."""

from __future__ import annotations

import io
import random
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from phom.phom.actions import Action, AutoLay, Discard, Send
from phom.cli import main
from phom.cli.moves import fold, matching, read_typed, spelled
from phom.cli.render import Painter
from phom.tienlen.terminal import move_label as tienlen_list_text
from phom.phom.game import Game
from phom.language import glossary
from phom.phom.render import action_text
from phom.phom.rules import Rules
from phom.tienlen import TienLenGame, TienLenRules
from phom.tienlen.game import Pass, Play
from phom.tienlen.render import action_text as tienlen_action_text


def bare(text: str) -> str:
    """``text`` without its diacritics (đ as d), the case kept: how a player types on a plain keyboard."""
    plain = "".join(ch for ch in unicodedata.normalize("NFD", text) if not unicodedata.combining(ch))
    return plain.replace("đ", "d").replace("Đ", "D")


def typings(label: str) -> list[str]:
    return [label, bare(label), label.upper(), bare(label).upper(), bare(label).lower()]


def phom_labels(action: Action) -> list[str]:
    return [action_text(action, lang) for lang in ("en", "vi")]


def tienlen_labels(action: Play | Pass) -> list[str]:
    paint = Painter(colour=False)
    return [text for lang in ("en", "vi")
            for text in (tienlen_action_text(action, lang), tienlen_list_text(action, paint, lang))]


def check_every_label(legal: list, labels) -> None:    # type: ignore[no-untyped-def]
    for action in legal:
        for label in labels(action):
            for typed in typings(label):
                assert matching(typed, legal) == [action], (typed, action, matching(typed, legal))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(2, 4))
def test_every_printed_phom_label_types_back_as_its_move(seed, players):
    game = Game(Rules(players=players), seed=seed)
    pick = random.Random(seed)
    kinds = set()
    while not game.is_over:
        legal = game.legal_actions()
        check_every_label(legal, phom_labels)
        kinds |= {type(a).__name__ for a in legal}
        game.apply(pick.choice(legal))
    assert {"Draw", "Discard"} <= kinds


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(2, 4))
def test_every_printed_tienlen_label_types_back_as_its_move(seed, players):
    game = TienLenGame(TienLenRules(players=players), seed=seed)
    pick = random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        shown = legal if len(legal) <= 40 else [*pick.sample(legal, 40)]
        for action in shown:
            for label in tienlen_labels(action):
                for typed in typings(label):
                    assert matching(typed, legal) == [action], (typed, action)
        game.apply(pick.choice(legal))


def test_the_lay_down_turns_labels_type_back():
    """Hạ phỏm, hạ tự động, the sends (seat and phỏm from 1), ù: a whole game's lay-down turns, both
    languages (every kind of Phỏm move is met)."""
    from phom.bots import GreedyBot

    met: set[str] = set()
    for seed in range(60):
        game = Game(seed=seed)
        while not game.is_over:
            legal = game.legal_actions()
            check_every_label(legal, phom_labels)
            met |= {type(a).__name__ for a in legal}
            game.apply(GreedyBot().act(game.view(game.to_move)))
        if {"AutoLay", "LayMeld", "Send", "Eat"} <= met:
            break
    assert {"AutoLay", "LayMeld", "Send", "Eat"} <= met
    for typed in ("Hạ phỏm", "hạ tự động", "ha tu dong", "HẠ TỰ ĐỘNG", "autolay", "hạ", "lay down automatically"):
        assert matching(typed, [AutoLay(), Action.parse("lay 5H 6H 7H")]) == [AutoLay()], typed


@pytest.mark.parametrize("typed, card", [("K bích", "KS"), ("9 cơ", "9H"), ("già rô", "KD"), ("10 tép", "10C"),
                                         ("át cơ", "AH"), ("Ace of spades", "AS"), ("đánh đầm chuồn", "QC"),
                                         ("danh boi ro", "JD"), ("lá 2 nhép", "2C"), ("QS", "QS"), ("q♠", "QS")])
def test_cards_as_players_say_them(typed, card):
    offered = [Discard(c) for c in ("KS", "9H", "KD", "10C", "AH", "AS", "QC", "JD", "2C", "QS", "10H", "KH")]
    assert matching(typed, offered) == [Discard(card)]


def test_combinations_as_players_say_them():
    offered = [Play("QS QH"), Play("QS QD"), Play("QD QH"), Play("QS QD QH"), Play("3S 4C 5D"), Play("3S 4C 5H"),
               Play("2H"), Play("2S 2H"), Play("7S 7C 7D 7H"), Play("3S 3C 4S 4C 5S 5C"), Pass()]
    assert matching("đôi Q", offered) == offered[:3]
    assert matching("đánh đôi Q", offered) == offered[:3]
    assert matching("sám cô Q", offered) == matching("xam Q", offered) == [Play("QS QD QH")]
    assert matching("sảnh 3 4 5", offered) == [Play("3S 4C 5D"), Play("3S 4C 5H")]
    assert matching("3 4 5 cơ", offered) == [Play("3S 4C 5H")]
    assert matching("heo", offered) == [Play("2H")] and matching("đôi heo", offered) == [Play("2S 2H")]
    assert matching("tứ quý 7", offered) == [Play("7S 7C 7D 7H")]
    assert matching("đôi thông 3 4 5", offered) == [Play("3S 3C 4S 4C 5S 5C")]
    assert matching("Bỏ lượt", offered) == matching("bo", offered) == matching("PASS", offered) == [Pass()]


def test_sends_count_seats_and_phom_from_1():
    offered = [Send("8H", (2, 0)), Send("8H", (1, 0)), Send("8H", (2, 1))]
    assert matching("gửi 8H ghế 3 phỏm 1", offered) == [Send("8H", (2, 0))]
    assert matching("send 8H to seat 3 phỏm 2", offered) == [Send("8H", (2, 1))]
    assert matching("gui 8h 2:1", offered) == [Send("8H", (1, 0))]
    assert matching("gửi 8 cơ", offered) == offered                 # which one: asked by number
    assert spelled("gửi 8H ghế 3 phỏm 1") == "send 8H 2:0"
    with pytest.raises(ValueError, match="counted from 1"):
        read_typed("gửi 8H 2:0")


def test_every_typed_form_of_the_glossary_is_read():
    forms = [(name, form) for name, entry in glossary().items() for form in entry.get("typed", [])]
    assert len(forms) >= 50
    for name, form in forms:
        read_typed(form if name not in ("spades", "clubs", "diamonds", "hearts") else f"K {form}")
    assert fold("ĐÁNH ĐÔI Q") == "danh doi q"


def test_a_phrase_that_fits_several_moves_is_asked_by_number():
    """"đôi Q" with three queens: the three pairs listed, a number out of range refused, one chosen."""
    from phom.cli.play import Console, read_move

    offered = [Play("3S"), Play("QS QH"), Play("QS QD"), Play("QD QH"), Pass()]
    out, applied = io.StringIO(), []
    console = Console(io.StringIO("đôi Q\n9\n2)\n"), out, "vi")
    read_move(console, "", offered, lambda text: None, applied.append, lambda search: "",
              lambda action: tienlen_list_text(action, Painter(colour=False), "vi"), game="tienlen")
    said = out.getvalue()
    assert "“đôi Q” ứng với 3 nước: 1) Q♠ Q♥  2) Q♠ Q♦  3) Q♦ Q♥. Bạn chọn nước nào? Gõ số của nó." in said
    assert "chọn từ 1 đến 3" in said
    assert applied == [Play("QS QD")]


def test_the_terminal_takes_back_what_it_printed(capsys):
    """At the table, in Vietnamese: the help's words and the list's labels are moves (none refused)."""
    out = io.StringIO()
    typed = "hạ tự động\nHạ phỏm\nbốc\nBỐC\n" + "1\n" * 120
    main(["play", "--seed", "5", "--players", "2", "--lang", "vi"], stdin=io.StringIO(typed), stdout=out)
    text = out.getvalue()
    assert "Không hiểu" not in text and "không phải một lá bài" not in text


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_every_move_the_help_shows_is_read(lang):
    """The help's examples are moves the parser reads, with the kind the help means."""
    from phom.cli.play import HELP
    from phom.cli.tienlen import HELP as TIENLEN_HELP
    from phom.language import translator

    _ = translator(lang)
    shown = _(HELP).split(":", 1)[1].split(";")[0]
    examples = [part.strip() for chunk in shown.split(",") for part in chunk.replace(")", "").split("(")]
    kinds = [read_typed(example.replace("hoặc ", "").replace("or ", "")).kinds for example in examples]
    assert [sorted(k) if k else None for k in kinds] == [
        ["draw"], ["eat"], ["lay"], ["send"], ["discard"], None, ["autolay"], ["u"], ["u-khan"]]
    assert spelled(examples[3]) == "send 8H 1:0"                      # ghế 2 (at every table), phỏm 1
    played = _(TIENLEN_HELP).split("(", 1)[1].split(")")[0]
    offered = [Play("3S 4S 5S"), Play("KS"), Play("QS QH"), Play("3C 4D 5H"), Pass()]
    assert [matching(example.strip(), offered) for example in played.split(",")] == [
        [Play("3S 4S 5S")], [Play("KS")], [Play("QS QH")], [Play("3S 4S 5S"), Play("3C 4D 5H")]]


def test_a_seat_or_phom_0_is_told_they_count_from_1():
    out = io.StringIO()
    main(["play", "--seed", "3", "--lang", "vi"], stdin=io.StringIO("gửi 8H 2:0\nq\n"), stdout=out)
    assert "Ghế và phỏm được đếm từ 1, như trên bàn: gửi 8H vào ghế 2 phỏm 1." in out.getvalue()


def test_the_send_label_says_it_in_words_and_types_back():
    """A gửi as players say it, no arrow (issue 42): 'Gửi 8♥ vào ghế 3, phỏm 1', 'send 8♥ to seat 3, phỏm 1'."""
    send = Send("8H", (2, 0))
    assert action_text(send, "vi") == "Gửi 8♥ vào ghế 3, phỏm 1"
    assert action_text(send, "en") == "send 8♥ to seat 3, phỏm 1"
    offered = [send, Send("8H", (1, 0)), Send("8H", (2, 1))]
    for lang in ("vi", "en"):
        assert "→" not in action_text(send, lang)
        for typed in typings(action_text(send, lang)):
            assert matching(typed, offered) == [send], typed
