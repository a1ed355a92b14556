"""The terminal as a Vietnamese player reads it at 80 columns (issue 42, the terminal and the review):
simulate speaks the reader's language; the review leads with sentences, calls only the reader's seat
"bạn", shows no shuffle code, no capitals, its interval after the move, lines of at most 80 columns and
columns aligned by display width; no "|" between phỏm, groups or parts of a line; every placeholder of
the Vietnamese help in Vietnamese; a lone 2 in Tiến lên is heo, never "lá lẻ"."""

from __future__ import annotations

import argparse
import io
import re

import pytest
from phom import Game
from phom.bots import GreedyBot
from phom.cli import _parser, main
from phom.language import aligned, display_width, wrap
from phom.review import review
from phom.review.model import Ledger
from phom.review.text import move_phrase, position_text, review_text, summary_sentence
from phom.tienlen import Play, TienLenGame
from phom.tienlen.bots import make_tienlen_bot

#: an English-format number (59,520; 0.3; 1.30) where Vietnamese writes 59.520, 0,3, 1,30
ENGLISH_NUMBER = re.compile(r"\d,\d{3}(?!\d)|\d\.(?!\d{3}(?!\d))\d")
#: words of the English output that have no place in the Vietnamese one
ENGLISH = re.compile(r"\b(seat|games?|wins?|mean|net|bot|level|stakes?|seconds?|seed|review|worlds?)\b", re.IGNORECASE)


def run(argv: list[str], typed: str = "") -> str:
    out = io.StringIO()
    assert main(argv, stdin=io.StringIO(typed), stdout=out) == 0
    return out.getvalue()


@pytest.fixture(autouse=True)
def eighty_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")


@pytest.mark.parametrize("argv", [["simulate", "--games", "12", "--bots", "greedy,random,montecarlo:4"],
                                  ["tienlen", "simulate", "--games", "8", "--bots", "greedy,random"]])
def test_simulate_speaks_the_readers_language(argv):
    said = run([*argv, "--lang", "vi"])
    assert said.startswith("Sau ") and "Ghế 1: greedy (Cấp" in said and "Ghế 2: random (Cấp 1 · Mới chơi)" in said
    assert not ENGLISH_NUMBER.search(said) and not ENGLISH.search(re.sub(r"\w+: ?(greedy|random|montecarlo:4)", "", said))
    assert "|" not in said and all(display_width(line) <= 80 for line in said.splitlines())
    table = [line for line in said.splitlines() if line.startswith(("ghế ", "  ", " ")) and "%" in line]
    assert len({display_width(line) for line in table}) == 1, table        # the columns line up
    english = run([*argv, "--lang", "en"])
    assert english.startswith("After ") and "Seat 1: greedy (Level" in english and "Stakes a game" in english


def test_a_bot_without_a_level_is_described_in_the_players_words():
    said = run(["tienlen", "simulate", "--games", "4", "--bots", "montecarlo,random", "--lang", "vi"])
    assert "montecarlo (máy đánh thử nhiều ván chia rồi mới chọn)" in said


@pytest.fixture(scope="module")
def phom_review():
    game = Game(seed=3)
    while not game.is_over:
        game.apply(GreedyBot().act(game.view(game.to_move)))
    return review(game, worlds=16, seed=0)


def test_the_review_calls_only_the_readers_seat_you(phom_review):
    text = review_text(phom_review, "vi", you=1)
    flat = " ".join(text.split())
    assert flat.count("Bạn ") == 1 and "Ghế 1 " in flat and "Ghế 2 " not in flat
    assert "các nước bạn chọn" in flat and flat.count("các nước bạn chọn") == 1
    assert "các nước ghế 1 chọn" in flat
    nobody = " ".join(review_text(phom_review, "vi").split())
    assert "bạn" not in nobody.lower().replace("bài", ""), nobody        # no reader named: every seat by number
    english = " ".join(review_text(phom_review, "en", you=0).split())
    assert "You " in english and "your own choices" in english and "the choices of seat 2" in english


def test_the_review_leads_with_sentences_and_keeps_its_figures_after(phom_review):
    text = review_text(phom_review, "vi", you=0)
    lines = text.splitlines()
    assert lines[0] == "Xem lại ván Phỏm, 4 người chơi." and lines[2].startswith("Bạn ")
    assert "mã xáo bài" not in text and "95 %" not in text.split("Sổ tiền")[0].split("chắc")[0]
    assert not re.search(r"\b[A-ZĐ][A-ZĐÀ-Ỹ]{3,}\b", text), "no label in capitals"
    for line in lines:
        assert display_width(line) <= 80, line
        if line.lstrip().startswith("Nước "):               # a decision: what was played first, the interval after
            assert "đã " in line and "chắc" not in line
    ledger = lines[lines.index(next(line for line in lines if line.startswith("ghế ") or line.strip().startswith("ghế"))):]
    rows = [line for line in ledger[:5]]
    assert len({display_width(line) for line in rows}) == 1, rows
    assert not ENGLISH_NUMBER.search(text)


def test_phom_review_you_takes_a_seat_from_1(tmp_path, phom_review):
    game = Game(seed=3)
    while not game.is_over:
        game.apply(GreedyBot().act(game.view(game.to_move)))
    record = tmp_path / "game.json"
    record.write_text(game.to_json(), encoding="utf-8")
    said = run(["review", str(record), "--seats", "2", "--worlds", "16", "--you", "2", "--lang", "vi"])
    assert said.splitlines()[2].startswith("Bạn ") and "bạn (ghế 2)" in " ".join(said.split())


def test_summary_and_position_say_heo_and_an_empty_table():
    assert summary_sentence("tienlen", Ledger(1, 0.0, -0.5, 1.0, 0.0, 1), "level:6", "vi", you=1).startswith("Bạn thắng")

    class Seen:
        def __init__(self, position: dict[str, object]) -> None:
            self.position = position

    said = position_text(Seen({"hand": "3S 4S", "table": "2H", "hand_sizes": [3, 2, 5, 7]}), "vi")
    assert "cần chặn heo 2♥" in said and "lá lẻ" not in said and "3, 2, 5, 7" in said
    empty = position_text(Seen({"hand": "3S 4S", "table": "", "hand_sizes": [3, 2]}), "vi")
    assert "bàn trống" in empty and "vòng mới" not in empty


def test_a_lone_two_is_heo_in_the_terminal():
    from phom.cards import CardSet
    from phom.cli.render import Painter
    from phom.cli.tienlen import combination_words
    from phom.tienlen.terminal import move_label
    from phom.tienlen.render import kind_words

    paint = Painter(colour=False)
    assert move_label(Play("2H"), paint, "vi") == "heo 2♥" and move_label(Play("9H"), paint, "vi") == "9♥"
    assert combination_words(CardSet.parse("2S"), lang="vi") == "heo 2♠"
    assert kind_words(CardSet.parse("2S"), "vi") == "heo" and kind_words(CardSet.parse("2S"), "en") == "heo"
    assert move_phrase("tienlen", "play 2♣", "vi") == "đánh heo 2♣"           # the review says it too
    said = run(["tienlen", "solve", "3S 4S 5S 9D 9H KC 2H 2D", "--table", "2S", "--lang", "vi"])
    assert "chặn heo 2♠" in said and "lá lẻ" not in said


def test_a_whole_tienlen_game_never_calls_a_two_a_single():
    game, bots = TienLenGame(seed=11), [make_tienlen_bot("greedy", seed=p) for p in range(4)]
    while not game.is_over:
        game.apply(bots[game.to_move].act(game.view(game.to_move)))
    said = run(["tienlen", "play", "--seed", "11", "--lang", "vi"], typed="1\n" * 80)
    assert not re.search(r"lá lẻ 2", said) and "|" not in said
    assert all(display_width(line) <= 80 for line in said.splitlines())


def test_no_bar_between_the_parts_of_a_line():
    said = run(["play", "--seed", "5", "--lang", "vi"], typed="?\n" + "1\n" * 200)
    assert "|" not in said and "Nọc còn 12 lá · lá vừa đánh" in said and all(display_width(line) <= 80 for line in said.splitlines())
    solved = run(["solve", "9H 10H JH 3C 5D 5S 5H 5C 8C 8D 7C QH", "--table", "JS QS KS", "AD 2D 3D", "--lang", "vi"])
    assert "|" not in solved and "·" in solved and all(display_width(line) <= 80 for line in solved.splitlines())
    assert "5♠ 5♣ ·\n" in solved or "5♠ 5♣ · 3♣" in solved          # broken between groups, not inside one


def test_solve_refuses_a_bad_table_in_the_players_words(capsys):
    assert main(["solve", "9H 10H JH 3C 5D", "--table", "JH QH KH", "--lang", "vi"]) == 1
    said = capsys.readouterr().err
    assert "J♥ cũng đang ở trên tay bạn" in said and "table[" not in said
    assert main(["solve", "9H 10H JH 3C 5D", "--table", "4H 5H", "--lang", "vi"]) == 1
    assert "không phải phỏm" in capsys.readouterr().err
    assert main(["solve", "9H 10H JH 3C 5D", "--table", "4H 5H 6H", "4S 4C 4H"]) == 1
    assert "4♥ is in another phỏm on the table too" in capsys.readouterr().err


def _metavars(parser: argparse.ArgumentParser) -> list[str]:
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                found += _metavars(sub)
        elif action.nargs != 0 and action.choices is None:
            found.append(str(action.metavar))
    return found


def test_every_placeholder_of_the_vietnamese_help_is_vietnamese():
    english, vietnamese = _metavars(_parser("en")), _metavars(_parser("vi"))
    assert "SEED" in english and "FILE" in english and "CARDS" in english
    kept = {"A,B,C"}                                     # a list of bots, as typed
    assert [m for m in vietnamese if m in english and m not in kept] == []
    assert "MÃ_XÁO_BÀI" in vietnamese and "TỆP" in vietnamese and "BÀI" in vietnamese


def test_the_helps_numbers_are_vietnamese(capsys):
    assert main(["simulate", "--help", "--lang", "vi"]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "mặc định 1.000" in said and "SỐ_VÁN" in said and "search (search:8 là thử 8 mẫu)" in said


def test_alignment_and_wrapping_by_display_width():
    rows = aligned([["ghế", "người khác"], ["1", "+0,69"]], right=[True, True])
    assert display_width(rows[0]) == display_width(rows[1])
    assert all(display_width(line) <= 30 for line in wrap("Bạn thua 4 cược: bài mang lại +3,02, nước đi của "
                                                           "người khác +0,69", 30).splitlines())


def test_a_sentence_with_dots_is_filled_not_broken_at_each_dot():
    said = ("Phỏm, 4 players. You are seat 1; bots: seat 2 greedy (Level 4 · Intermediate), seat 3 greedy "
            "(Level 4 · Intermediate), seat 4 greedy (Level 4 · Intermediate).")
    lines = wrap(said, 80).splitlines()
    assert len(lines) == 3 and display_width(lines[0]) > 72, lines


def test_simulate_refuses_in_the_readers_language(capsys):
    assert main(["simulate", "--bots", "greedy", "--lang", "vi"]) == 1
    assert "một bàn có từ 2 đến 4 người" in capsys.readouterr().err
    assert main(["tienlen", "simulate", "--games", "0", "--lang", "vi"]) == 1
    assert "--games phải từ 1 trở lên" in capsys.readouterr().err
    assert main(["simulate", "--games", "0", "--lang", "en"]) == 1
    assert "--games must be at least 1" in capsys.readouterr().err


def test_a_missing_record_is_said_in_the_readers_language(capsys):
    assert main(["replay", "/nonexistent/game.json", "--lang", "vi"]) == 1
    assert "không có tệp /nonexistent/game.json" in capsys.readouterr().err


def test_the_saved_record_tells_the_review_which_seat_is_yours(tmp_path):
    path = tmp_path / "game.json"
    said = run(["tienlen", "play", "--seed", "3", "--seat", "2", "--save", str(path), "--lang", "vi"], typed="1\n" * 120)
    assert f"phom review {path} --you 2" in " ".join(said.split())


def test_a_hint_after_the_prompt_fits_80_columns_when_the_moves_come_from_a_pipe():
    said = run(["tienlen", "play", "--seed", "7", "--lang", "vi"], typed="?\n" + "1\n" * 120)
    assert "> Gợi ý:" in said and all(display_width(line) <= 80 for line in said.splitlines())


def test_review_refuses_a_seat_in_the_readers_language(tmp_path, capsys):
    game = Game(seed=3)
    while not game.is_over:
        game.apply(GreedyBot().act(game.view(game.to_move)))
    record = tmp_path / "game.json"
    record.write_text(game.to_json(), encoding="utf-8")
    assert main(["review", str(record), "--seats", "0", "--lang", "vi"]) == 1
    assert "ghế được đếm từ 1 đến 4" in capsys.readouterr().err
    assert main(["review", str(record), "--you", "9", "--lang", "vi"]) == 1
    assert "--you 9: ghế được đếm từ 1 đến 4" in capsys.readouterr().err


def test_tienlen_solve_refuses_in_the_readers_language(capsys):
    assert main(["tienlen", "solve", "3S 4S", "--table", "3H 5D", "--lang", "vi"]) == 1
    assert "--table 3♥ 5♦ không thành bộ" in capsys.readouterr().err
    assert main(["tienlen", "solve", "3S 4X", "--lang", "vi"]) == 1
    assert "BÀI: “4X” không phải một lá bài" in capsys.readouterr().err


def test_the_deeper_hint_is_called_goi_y_ky_everywhere():
    """The glossary's word for ?? is "gợi ý kỹ": no help or hint says "tính trước" for it (issue 42)."""
    from phom.cli.play import HELP as PHOM_HELP
    from phom.cli.tienlen import HELP as TIENLEN_HELP
    from phom.language import translator

    _ = translator("vi")
    for help_text in (PHOM_HELP, TIENLEN_HELP):
        assert "?? để xem gợi ý kỹ" in _(help_text) and "tính trước" not in _(help_text)
    from babel.messages.pofile import read_po
    from pathlib import Path

    with open(Path(__file__).resolve().parents[1] / "locale" / "vi.po", "rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        said = message.string if isinstance(message.string, str) else " ".join(message.string)
        if "??" in said or "gợi ý" in said:
            assert "tính trước" not in said, said


def test_tienlen_solve_says_its_plays_as_a_player_would():
    """No "0 cách chặn", no "Cách ra bài 27": how many ways, and none said as none."""
    none = run(["tienlen", "solve", "3S 4S 5D 6H 2H", "--table", "9S 9C", "--lang", "vi"])
    assert "không có cách nào chặn được đôi 9" in none and "0 cách" not in none
    assert "ra hết trong ít nhất 2 lượt" in none
    lead = run(["tienlen", "solve", "3S 4S 5D 6H 7C 9S 9C 2H KS KC KD QH AS", "--lang", "vi"])
    assert "Cách đánh 27 cách (khi đi đầu)" in lead
    assert "none beats a pair of 9s" in run(["tienlen", "solve", "3S 4S 5D 6H 2H", "--table", "9S 9C"])


@pytest.mark.parametrize(("argv", "said"), [
    (["play", "--seat", "5"], "--seat 5: bàn này chỉ có ghế 1 đến ghế 4"),
    (["play", "--bots", "wizard"], "không có máy nào tên “wizard”: xem tên các máy trong “phom play --help”"),
    (["tienlen", "play", "--bots", "greedy,random"], "--bots ghi 2 máy; bàn 4 người cần 3 máy"),
    (["play", "--seed", "3"], "hết dòng nhập mà ván chưa xong")])
def test_a_players_mistake_on_the_command_line_is_said_in_vietnamese(argv, said, capsys):
    """The errors a player meets starting a game (a seat, a bot's name, the input running out) in his
    words, never the program's English."""
    assert main([*argv, "--lang", "vi"], stdin=io.StringIO("")) == 1
    err = capsys.readouterr().err
    assert said in err and "error" not in err and "bot" not in err.replace("--bots", "")


def test_a_replay_says_the_cards_a_lay_down_sent(tmp_path, capsys):
    """phom replay says what a lay-down sent and the game's other big moments under the move that made
    them, as the game said them when it was played (the gửi in a lay-down turn was missing)."""
    game = Game(seed=5)
    while not game.is_over:
        game.apply(GreedyBot().act(game.view(game.to_move)))
    record = tmp_path / "g.json"
    record.write_text(game.to_json())
    assert main(["replay", str(record), "--lang", "vi"]) == 0
    out = capsys.readouterr().out
    assert "★ Ghế 1 gửi 2♦ vào phỏm 2♠ 2♣ 2♥ của ghế 2." in out and "★ Ghế 4 bị móm: không hạ được phỏm nào." in out


def test_the_opening_card_is_said_to_its_holder_as_you(capsys):
    """The seat that holds the opening 3♠ is told so as 'bạn' when it is the reader's (seed 1), 'ghế N'
    otherwise."""
    assert main(["tienlen", "play", "--lang", "vi", "--seed", "1"], stdin=io.StringIO("q\n")) in (0, 1)
    assert "Bạn có 3♠ nên bạn đi trước; nước đầu phải có lá này." in capsys.readouterr().out
    assert main(["tienlen", "play", "--lang", "vi", "--seed", "2"], stdin=io.StringIO("q\n")) in (0, 1)
    assert "Ghế 4 có 3♠ và đi đầu bằng lá đó." in capsys.readouterr().out


def test_a_verb_alone_names_the_moves_of_its_kind():
    """'ăn' alone eats when eating is open (only the latest discard can be eaten), as a player says it;
    'đánh' alone lists the discards to choose from; a verb whose kind is not open names nothing."""
    from phom.cli.moves import matching

    for seed in range(40):
        game = Game(seed=seed)
        while not game.is_over:
            eats = [a for a in game.legal_actions() if type(a).__name__ == "Eat"]
            if eats:
                assert matching("ăn", game.legal_actions()) == eats == matching("AN", game.legal_actions())
                return
            if game.state.phase == "take":
                assert matching("ăn", game.legal_actions()) == []
            game.apply(GreedyBot().act(game.view(game.to_move)))
    raise AssertionError("no game of 40 offered an eat")
