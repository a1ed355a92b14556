"""Words a player uses (issue 51, item 5), in both games, Vietnamese first and English the same: every
sentence starts with a capital letter (the catalog and every line a played game prints), no code
notation in the Vietnamese help or in ``phom verify``, the table's words explained where they happen
(chặt and why, chuyển bài, gửi, a móm warning the turn before), straights in order, no line said twice,
and a seat called by the name its person chose."""

from __future__ import annotations

import argparse
import gettext
import io
import re

import pytest

from phom import Game
from phom.bots import make_bot
from phom.cards import CardSet
from phom.cli import _parser, main
from phom.cli.play import play_game
from phom.fairness import Verified
from phom.games import game_kind
from phom.language import catalog_path
from phom.phom import render as phom_render
from phom.phom.actions import AutoLay, Eat, LayMeld
from phom.phom.solver import arrange
from phom.phom.terminal import said_move
from phom.refusals import IllegalAction
from phom.table_words import payment_line
from phom.tienlen import Play, TienLenGame
from phom.tienlen import render as tienlen_render
from phom.tienlen.bots import make_tienlen_bot

#: a letter that starts a sentence after the end of another one on the same line
AFTER_STOP = re.compile(r"[\w)”][.!?] +([^\W\d_])")     # a stop after a word: "?? để" types a key


def starts_lower(text: str) -> bool:
    """The text starts with a lower-case letter (đ, ă, ư … included; a digit, a card or ♠ is no letter)."""
    return text[:1].isalpha() and text[:1].islower()


def lower_after_stop(text: str) -> bool:
    return any(found.group(1).islower() for found in AFTER_STOP.finditer(text))


def catalog() -> dict[str, str]:
    with catalog_path("vi").open("rb") as stream:
        found: dict[str, str] = gettext.GNUTranslations(stream)._catalog      # type: ignore[attr-defined]
    return {k: v for k, v in found.items() if isinstance(k, str) and k}


def is_sentence(english: str) -> bool:
    """The source writes a sentence: it starts with a capital, or it is several words ending . ! ?"""
    return english[:1].isupper() or (english.rstrip()[-1:] in ".!?" and len(english.split()) > 2)


def test_every_catalog_sentence_starts_with_a_capital_in_vietnamese_as_in_english():
    wrong = [(english, said) for english, said in catalog().items()
             if is_sentence(english) and starts_lower(said)]
    assert not wrong, wrong
    # fragments stay fragments: "ghế {seat}" goes inside a sentence, "{who} trả {payee}" starts one
    assert catalog()["seat {seat}"] == "ghế {seat}"


def sentence_line_problems(text: str) -> list[str]:
    """The lines of a terminal's output that start a sentence in lower case (after the indent, the
    prompt, a move's number or a ★), or start another one in lower case after a full stop."""
    problems = []
    for line in text.splitlines():
        said = re.sub(r"^(> )?\s*(\d+\. )?(★ )?", "", line)
        if said.startswith(("phom ", "http")):          # a command to type, as it is typed
            continue
        if starts_lower(said) or lower_after_stop(said):
            problems.append(line)
    return problems


def played(game: str, lang: str, seed: int, players: int = 4) -> str:
    out = io.StringIO()
    play_game(game_kind(game), players=players, seed=seed, bots="greedy", seat=0, stdin=io.StringIO("1\n" * 400),
              stdout=out, lang=lang)
    return out.getvalue()


@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("game", ["phom", "tienlen"])
def test_every_line_of_a_played_game_starts_its_sentences_with_a_capital(game, lang):
    for seed in (1, 2, 5):
        text = played(game, lang, seed)
        assert "Net:" in text or "Tổng:" in text
        assert not sentence_line_problems(text), sentence_line_problems(text)[:5]


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_replay_and_the_money_lines_start_with_a_capital(tmp_path, lang, capsys):
    for game, seed in (("phom", 3), ("tienlen", 34)):
        path = tmp_path / f"{game}.json"
        made = Game(seed=seed) if game == "phom" else TienLenGame(seed=seed)
        bot = make_bot("greedy") if game == "phom" else make_tienlen_bot("greedy")
        while not made.is_over:
            made.apply(bot.act(made.view(made.to_move)))
        path.write_text(made.to_json(), encoding="utf-8")
        assert main(["replay", str(path), "--lang", lang]) == 0
        text = capsys.readouterr().out
        assert not sentence_line_problems(text), sentence_line_problems(text)[:5]
    assert payment_line(3, 0, 3, "về bét", "vi") == "Ghế 4 trả ghế 1: 3 cược (về bét)"
    assert payment_line(1, 0, 1, "4♠ eaten", viewer=1) == "You pay seat 1: 1 stake (4♠ eaten)"


def all_help(lang: str) -> dict[str, str]:
    """``phom --help`` and every subcommand's, nested ones too, in ``lang``."""
    from phom.cli import argparse_speaks

    helps: dict[str, str] = {}

    def walk(parser: argparse.ArgumentParser, name: str) -> None:
        helps[name] = parser.format_help()
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub_name, sub in action.choices.items():
                    walk(sub, f"{name} {sub_name}")
    with argparse_speaks(lang):
        walk(_parser(lang), "phom")
    return helps


CODE_NOTATION = re.compile(r"level:\d|level:N|cmd:COMMAND|LC_ALL|LC_MESSAGES|GET /api|\.to_json|“”|\bstdin\b|\[:|"
                           r"\bCARDS\b")


def test_the_vietnamese_help_has_no_code_notation_and_says_the_levels_in_words():
    helps = all_help("vi")
    assert len(helps) > 10
    for name, text in helps.items():
        assert not CODE_NOTATION.search(text), (name, CODE_NOTATION.search(text))
    play = " ".join(helps["phom play"].split())
    assert "cấp 1 đến 8" in play and "chương trình của bạn" in play
    assert "Ngôn ngữ: vi (tiếng Việt) hoặc en (tiếng Anh); mặc định theo ngôn ngữ cài trên máy" in play


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_every_help_text_starts_with_a_capital(lang):
    for name, text in all_help(lang).items():
        lines = text.splitlines()
        assert not starts_lower(lines[0]), (name, lines[0])            # Cách dùng: / Usage:
        for line in lines:
            entry = re.match(r"^  (?:-\S.*?|\S+)  +(\S.*)$", line)              # an option and its help
            if entry and not line.startswith("   "):
                assert not starts_lower(entry.group(1)), (name, line)
            heading = re.match(r"^(\S.*):$", line)                             # Tuỳ chọn: / Các lệnh:
            if heading:
                assert not starts_lower(heading.group(1)), (name, line)


def test_a_level_may_be_typed_as_its_number(capsys):
    out = io.StringIO()
    assert main(["play", "--players", "2", "--seed", "1", "--bots", "3", "--lang", "vi"],
                stdin=io.StringIO("q\n"), stdout=out) == 0
    assert "Cấp 3" in out.getvalue()


def test_verify_shows_the_seal_as_a_short_code_and_no_empty_quotes():
    seal = "3f9a1c2b" + "0" * 56
    for client in ("", "bàn của Lan"):
        said = Verified("Phỏm", seal, client, 40, 30, 0, True, [3, -1, -1, -1], True).text("vi")
        assert "mã niêm phong 3F9A-1C2B" in said and "niêm phong trước ván" in said
        assert not re.search(r"[0-9a-f]{9,}", said) and "“”" not in said, said
        assert said.startswith("Ván hợp lệ: ")
        assert ("“bàn của Lan”" in said) == bool(client)


def greedy_game(seed: int, players: int = 4) -> Game:
    game = Game(phom_rules(players), seed=seed)
    bot = make_bot("greedy")
    while not game.is_over:
        game.apply(bot.act(game.view(game.to_move)))
    return game


def phom_rules(players: int):
    from phom.phom.rules import Rules
    return Rules(players=players)


def test_a_chat_says_what_cut_what_and_why():
    game, bot = TienLenGame(seed=34), make_tienlen_bot("greedy")
    while not game.is_over:
        game.apply(bot.act(game.view(game.to_move)))
    chat = [m for m in tienlen_render.moments(game, "vi") if m["kind"] == "chat"]
    assert [m["text"] for m in chat] == ["Ghế 2 chặt heo 2♥ của ghế 1 bằng tứ quý 6♠ 6♣ 6♦ 6♥ (tứ quý chặt được heo)!"]
    assert [m["text"] for m in tienlen_render.moments(game, "en") if m["kind"] == "chat"] == [
        "Seat 2 cuts heo 2♥ of seat 1 with tứ quý 6♠ 6♣ 6♦ 6♥ (tứ quý cuts heo)!"]


def test_a_replay_of_tienlen_names_its_chat_under_the_move(tmp_path, capsys):
    game, bot = TienLenGame(seed=34), make_tienlen_bot("greedy")
    while not game.is_over:
        game.apply(bot.act(game.view(game.to_move)))
    path = tmp_path / "tl.json"
    path.write_text(game.to_json(), encoding="utf-8")
    assert main(["replay", str(path), "--lang", "vi"]) == 0
    assert "★ Ghế 2 chặt heo 2♥ của ghế 1 bằng tứ quý 6♠ 6♣ 6♦ 6♥ (tứ quý chặt được heo)!" in capsys.readouterr().out


def test_chuyen_bai_is_told_where_an_eat_moves_a_card_between_rows():
    told = 0
    for seed in range(1, 13):
        game = greedy_game(seed)
        replay = Game(game.rules, leader=game.leader, deal=(game.deal.hands, game.deal.stock))
        moved = []
        for i, (p, action) in enumerate(game.history):
            before = [list(row) for row in replay.rows]
            replay.apply(action)
            if isinstance(action, Eat):
                after = replay.rows
                for giver, row in enumerate(before):
                    if row and len(after[giver]) == len(row) - 1 and any(
                            q != giver and after[q] and after[q][-1] == row[-1] for q in range(game.players)):
                        moved.append((i, giver, str(row[-1])))
        found = [m for m in phom_render.moments(game, "vi") if m["kind"] == "chuyen"]
        assert [(m["index"], m["seat"]) for m in found] == [(i, giver) for i, giver, _card in moved]
        for m, (_i, giver, card) in zip(found, moved):
            assert m["text"].startswith(f"Chuyển bài: {card} từ hàng bài của ghế {giver + 1} sang hàng bài của ghế ")
        told += len(found)
    assert told > 0


def test_a_mom_warning_comes_the_turn_before_the_lay_down_turn_to_that_player_alone():
    warned = 0
    for seed in range(1, 10):
        game = Game(seed=seed)
        bot = make_bot("random")
        while not game.is_over:
            game.apply(bot.act(game.view(game.to_move)))
        assert all(m["kind"] != "mom_warning" for m in phom_render.moments(game, "vi"))      # nobody's in a log
        for viewer in range(game.players):
            found = [m for m in phom_render.moments(game, "vi", viewer) if m["kind"] == "mom_warning"]
            replay = Game(game.rules, leader=game.leader, deal=(game.deal.hands, game.deal.stock))
            expected = []
            for i, (_p, action) in enumerate(game.history):
                replay.apply(action)
                seat = replay.state.seats[viewer]
                found_now = arrange(seat.hand, seat.unlaid_eaten)
                if (not replay.is_over and replay.to_move == viewer and replay.phase == "take"
                        and replay.state.turn_kind == "normal" and len(seat.row) == 2 and not seat.laid
                        and (found_now is None or not found_now.melds)):
                    expected.append(i)          # RULES 5.2: his row reaches 3 this turn, 4 in the next
            assert [m["index"] for m in found] == expected
            for m in found:
                assert m["seat"] == viewer and m["text"].startswith("Coi chừng móm: bạn chưa có phỏm nào")
            warned += len(found)
    assert warned > 0
    english = phom_render.MOM_WARNING
    assert english.startswith("Watch out for móm")


def test_a_lay_down_line_names_only_the_phom_it_laid():
    # in a tái turn the seat's phỏm from its lay-down turn are on the table already: said once, then
    seen = 0
    for seed in range(1, 30):
        game, bot = Game(seed=seed), make_bot("greedy")
        while not game.is_over:
            p = game.to_move
            earlier = [str(meld) for meld in game.laid[p]]
            action = bot.act(game.view(p))
            game.apply(action)
            if isinstance(action, AutoLay) and earlier and not game.is_over:
                said = said_move(game, action, "vi")
                assert said.startswith("Hạ phỏm") and not any(meld in said for meld in earlier), (seed, said)
                seen += 1
    assert seen >= 3


def test_no_line_is_said_twice_in_a_row():
    for game, lang, seed in (("phom", "vi", 1), ("phom", "en", 2), ("tienlen", "vi", 3)):
        lines = [line for line in played(game, lang, seed).splitlines() if line.strip() and not line.startswith(">")]
        assert not [a for a, b in zip(lines, lines[1:]) if a == b and "★" in a]


STRAIGHT_CARDS = re.compile(r"(?:(?:10|[2-9AJQK])[♠♣♦♥] ?){3,}")
TIENLEN_ORDER = "3 4 5 6 7 8 9 10 J Q K A 2".split()


def test_a_tienlen_straight_is_said_weakest_first_and_never_with_a_2():
    texts = [tienlen_render.action_text(Play("AH KH QH"), "vi"), tienlen_render.move_text(0, Play("AH QH KH"), "vi"),
             tienlen_render.play_words("KS AS QD")]
    game = next(g for g in (TienLenGame(seed=s) for s in range(50))
                if not g.hands[g.to_move] & CardSet("QH KH AH"))
    with pytest.raises(IllegalAction) as refused:                 # a refusal names the cards in order too
        game.apply(Play("AH KH QH"))
    texts.append(refused.value.text("vi"))
    for text in texts:
        for run in STRAIGHT_CARDS.findall(text):
            ranks = [card[:-1] for card in run.split()]
            assert ranks == sorted(ranks, key=TIENLEN_ORDER.index), text
    assert "Q♥ K♥ A♥" in texts[0] and "Q♥ K♥ A♥" in texts[-1], texts


def test_a_seat_with_a_name_is_called_by_it():
    game = greedy_game(22)
    names = {2: "Lan"}
    said = [m["text"] for m in phom_render.moments(game, "vi", viewer=1, names=names)]
    assert said == ["Lan ăn chốt 9♦ của bạn!", "Lan ù!", "Bạn đền làng cho Lan."]
    lines = [line["text"] for line in phom_render.payment_lines(game, "vi", 1, names)]
    assert lines[-1] == "Bạn trả Lan: 15 cược (đền làng)"
    assert phom_render.move_text(2, game.history[-1][1], "vi", names).startswith("Lan ")
    assert CardSet("9D")                                   # the cards the texts name are real cards


def test_the_turn_says_bốc_alone_when_there_is_nothing_to_eat():
    from phom.cli.render import Painter
    from phom.phom.terminal import PHOM_TERMINAL

    heads = set()
    for seed in range(1, 6):
        game, bot = Game(seed=seed), make_bot("greedy")
        while not game.is_over:
            p = game.to_move
            if game.phase == "take":
                head = PHOM_TERMINAL.table_lines(game, p, Painter(colour=False), "vi")[1]
                can_eat = any(isinstance(a, Eat) for a in game.legal_actions())
                assert head.endswith("bốc hoặc ăn") == can_eat and head.endswith(("bốc", "bốc hoặc ăn")), head
                heads.add(can_eat)
            game.apply(bot.act(game.view(p)))
    assert heads == {True, False}


def test_a_gui_says_which_card_onto_whose_phom_once():
    from phom.phom.actions import Send
    from phom.phom.terminal import PHOM_TERMINAL

    game = next(g for g in (random_game(seed) for seed in range(130, 300))
                if any(isinstance(a, Send) for _p, a in g.history))
    lines = PHOM_TERMINAL.replayed_moves(game, "vi")
    sent = [(line, action) for line, (_p, action) in zip(lines, game.history) if isinstance(action, Send)]
    for line, action in sent:
        owner, index = action.target
        onto = CardSet(game.laid[owner][index].mask & ~action.card.mask)
        assert line == f"Gửi {action.card} vào phỏm {onto} của ghế {owner + 1}", line      # no ★ said again
    page = [m for m in phom_render.moments(game, "vi") if m["kind"] == "gui"]
    assert {m["index"] for m in page} >= {i for i, (_p, a) in enumerate(game.history) if isinstance(a, Send)}


def random_game(seed: int) -> Game:
    game, bot = Game(seed=seed), make_bot("random")
    bot.reseed(seed)                                     # the same game whatever ran before
    while not game.is_over:
        game.apply(bot.act(game.view(game.to_move)))
    return game


def test_a_level_out_of_range_is_said_as_typed(capsys):
    assert main(["play", "--bots", "9", "--lang", "vi"], stdin=io.StringIO("")) == 1
    said = capsys.readouterr().err
    assert "--bots 9: chỉ có cấp 1 đến 8" in said and "level:" not in said
