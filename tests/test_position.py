"""The position notation of both games (docs/en/position.md): every decision of played games goes to text
and back exactly, back to a view that every bot, the hint and best_lay treat as the live view, errors
name the field, and golden positions keep their known best moves."""

from __future__ import annotations

import ast
import dataclasses
import re
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import phom
from phom import Game, PositionError, Rules, best_lay, can_u, hint
from phom import notation
from phom.cli import main
from phom.cli.position import position_game
from phom.language import translator
from phom.notation import Words, all_of, either, parse_card_list
from phom.phom.actions import DeclareU
from phom.phom.bots.greedy import GreedyBot
from phom.phom.bots.montecarlo import MonteCarloBot
from phom.phom.bots.planner import PlannerBot
from phom.phom.bots.random import RandomBot
from phom.tienlen import Play, TienLenGame, TienLenRules
from phom.tienlen.bots import GreedyTienLenBot, MonteCarloTienLenBot, RandomTienLenBot, SearchTienLenBot
from phom.tienlen.hints import tienlen_hint

TPosition = phom.tienlen.Position
GOLDEN = Path(__file__).resolve().parent / "golden"
PHOM_RULES = [Rules(), Rules(players=3), Rules(players=2, eat_pay="progressive"), Rules.eight_cards(),
              Rules(tai_gui=False, chot_rule="victim_last", den_chot_eater=True)]
TIENLEN_RULES = [TienLenRules(), TienLenRules(players=3), TienLenRules(players=2, dem_heo=True),
                 TienLenRules(pass_locks_round=False, chat_after_pass=False)]


def phom_decisions(seed: int, rules: Rules, random_play: bool):
    """Every decision of one game, as (game, view), the game played on after each."""
    game = Game(rules, seed=seed)
    bot = RandomBot(seed=seed) if random_play else GreedyBot()
    while not game.is_over:
        view = game.view(game.to_move)
        yield game, view
        game.apply(bot.act(view))


def tienlen_decisions(seed: int, rules: TienLenRules, random_play: bool):
    first = seed % 3 != 0
    game = TienLenGame(rules, seed=seed, first_game=first, leader=None if first else seed % rules.players)
    bot = RandomTienLenBot(seed=seed) if random_play else GreedyTienLenBot()
    while not game.is_over:
        view = game.view(game.to_move)
        yield game, view
        game.apply(bot.act(view))


def check_phom_round_trip(game, view) -> None:
    position = phom.Position.of(game)
    text = str(position)
    assert phom.Position.of(view) == position
    assert phom.Position.parse(text) == position and str(phom.Position.parse(text)) == text
    rebuilt = position.view()
    assert phom.Position.of(rebuilt) == position
    assert rebuilt.legal_actions == view.legal_actions
    assert (rebuilt.hand, rebuilt.unlaid_eaten, rebuilt.hand_sizes, rebuilt.eaten, rebuilt.rows, rebuilt.laid,
            rebuilt.laid_down, rebuilt.stock_size, rebuilt.phase, rebuilt.turn_kind, rebuilt.last_discard,
            rebuilt.unseen) == (view.hand, view.unlaid_eaten, view.hand_sizes, view.eaten, view.rows, view.laid,
                                view.laid_down, view.stock_size, view.phase, view.turn_kind, view.last_discard,
                                view.unseen)
    assert len(rebuilt.history) == len(view.history)


def check_tienlen_round_trip(game, view) -> None:
    position = TPosition.of(game)
    text = str(position)
    assert TPosition.of(view) == position
    assert TPosition.parse(text) == position and str(TPosition.parse(text)) == text
    assert position.view() == view


@given(st.integers(0, 10**6), st.sampled_from(PHOM_RULES), st.booleans())
@settings(max_examples=20, deadline=None)
def test_every_phom_decision_goes_to_text_and_back(seed, rules, random_play):
    for game, view in phom_decisions(seed, rules, random_play):
        check_phom_round_trip(game, view)


@given(st.integers(0, 10**6), st.sampled_from(TIENLEN_RULES), st.booleans())
@settings(max_examples=20, deadline=None)
def test_every_tienlen_decision_goes_to_text_and_back(seed, rules, random_play):
    for game, view in tienlen_decisions(seed, rules, random_play):
        check_tienlen_round_trip(game, view)


@pytest.mark.computational
def test_thousands_of_decisions_of_both_games_go_to_text_and_back():
    decisions = 0
    for seed in range(150):
        for game, view in phom_decisions(seed, PHOM_RULES[seed % len(PHOM_RULES)], seed % 2 == 1):
            check_phom_round_trip(game, view)
            decisions += 1
        for game, view in tienlen_decisions(seed, TIENLEN_RULES[seed % len(TIENLEN_RULES)], seed % 2 == 1):
            check_tienlen_round_trip(game, view)
            decisions += 1
    assert decisions > 5000


def test_bots_the_hint_and_best_lay_read_a_parsed_position_as_the_live_view():
    bots = [GreedyBot, PlannerBot, lambda: MonteCarloBot(worlds=16, seed=1)]
    for seed in (1, 2):
        for k, (game, live) in enumerate(phom_decisions(seed, Rules(), False)):
            parsed = phom.Position.parse(str(phom.Position.of(game))).view()
            for make in bots:
                assert make().act(parsed) == make().act(live)
            table = [m for _q, _i, m in live.send_targets("lay")]
            assert best_lay(parsed.hand, parsed.unlaid_eaten, table) == best_lay(live.hand, live.unlaid_eaten, table)
            if k % 6 == 0:
                a, b = hint(parsed, seed=1), hint(live, seed=1)
                assert (a.action, a.reason, a.values) == (b.action, b.reason, b.values)
    tbots = [GreedyTienLenBot, lambda: MonteCarloTienLenBot(worlds=16, seed=1), lambda: SearchTienLenBot(worlds=4, seed=1)]
    for k, (game, live) in enumerate(tienlen_decisions(4, TienLenRules(), False)):
        position = TPosition.parse(str(TPosition.of(game)))
        for make in tbots:
            assert make().act(position.view()) == make().act(live)
        if k % 10 == 0 and len(live.legal_actions) > 1:
            assert tienlen_hint(position.game(), position.player, seed=1) == tienlen_hint(game, game.to_move, seed=1)


START = "0pN 4S5S6S9SQSAC7C8CAD9D 10/9/9/9 -/-/-/- -/-/-/- -/-/-/- - 0/0/0/0 15 0 - 0 std"
LATER = "1tN 8S3C8C5DQDKD9H10HJH 9/9/9/9 QS/-/-/- -/-/-/- -/-/-/- - 1/0/0/0 15 0 - 1 std"


@pytest.mark.parametrize("text, field", [
    (START.replace("0pN", "7pN"), "turn"),
    (START.replace("0pN", "0xN"), "turn"),
    (START.replace("4S5S6S", "4S5S6X"), "hand"),
    (START.replace("4S5S6S", "4S5S"), "hand"),
    (START.replace("10/9/9/9", "10/9/9/9/9/9"), "sizes"),
    (START.replace("10/9/9/9", "10/9/a/9"), "sizes"),
    (START.replace("-/-/-/- -/-/-/- -/-/-/- -", "-/-/- -/-/-/- -/-/-/- -", 1), "rows"),
    (LATER.replace("QS/-/-/-", "QSQS/-/-/-"), "rows"),
    (LATER.replace("QS/-/-/-", "8S/-/-/-"), "rows"),
    (LATER.replace("QS/-/-/- -/-/-/- -/-/-/-", "QS/-/-/- -/-/-/- -/-/5H6H/-"), "laid"),
    (LATER.replace("QS/-/-/- -/-/-/- -/-/-/-", "QS/-/-/- -/-/-/- -/-/5S5C/-"), "laid"),
    (START.replace(" - 0/0/0/0", " 9 0/0/0/0"), "down"),
    (START.replace("0/0/0/0", "0/0/0/x"), "turns"),
    (START.replace(" 15 0 - 0 ", " 99 0 - 0 "), "stock"),
    (START.replace(" 15 0 - 0 ", " 15 8 - 0 "), "lead"),
    (START.replace(" 15 0 - 0 ", " 15 0 x 0 "), "chot"),
    (START.replace(" 15 0 - 0 ", " 15 0 - -1 "), "ply"),
    (START.replace(" std", " standard"), "rules"),
    (START.replace(" std", " std,tai_gui=maybe"), "rules"),
    (START.replace(" std", " std,colour=red"), "rules"),
    (START.replace(" std", ""), "text"),
])
def test_a_phom_position_error_names_the_field(text, field):
    with pytest.raises(PositionError) as raised:
        phom.Position.parse(text)
    assert raised.value.field == field and f"position field {field!r}" in str(raised.value)
    assert isinstance(raised.value, ValueError)


TL = "2 3H4C4H8S8C10S10DJHKSKCAH2C2D 13/12/13/13 3S@1 - - F1 std 1:3S"


@pytest.mark.parametrize("text, field", [
    (TL.replace("2 3H", "9 3H", 1), "turn"),
    (TL.replace("3H4C4H", "3H4C4Z"), "hand"),
    (TL.replace("3H4C4H", "3S4C4H"), "hand"),
    (TL.replace("13/12/13/13", "13/13/13/13"), "sizes"),
    (TL.replace("3S@1", "3S@2"), "table"),
    (TL.replace("3S@1 -", "3S@1 3"), "passed"),
    (TL.replace("- - F1", "- 1 F1"), "out"),
    (TL.replace("F1 std", "Q1 std"), "game"),
    (TL.replace("F1 std", "F2 std"), "moves"),
    (TL.replace("std 1:3S", "std,dem_heo=2 1:3S"), "rules"),
    (TL.replace("1:3S", "2:3S"), "moves"),
    (TL.replace("1:3S", "1:3S4D"), "moves"),
    (TL.replace(" 1:3S", ""), "text"),
])
def test_a_tienlen_position_error_names_the_field(text, field):
    with pytest.raises(PositionError) as raised:
        TPosition.parse(text)
    assert raised.value.field == field, str(raised.value)


def test_a_position_is_a_decision_and_is_read_from_games_and_views_only():
    game = Game(seed=1)
    with pytest.raises(PositionError, match="is not to move"):
        phom.Position.of(game, player=2)
    with pytest.raises(PositionError, match="field 'game'"):
        phom.Position.of("a game")
    with pytest.raises(PositionError, match="field 'text'"):
        phom.Position.parse(None)  # type: ignore[arg-type]
    tgame = TienLenGame(seed=1)
    with pytest.raises(PositionError, match="is not to move"):
        TPosition.of(tgame, player=(tgame.to_move + 1) % 4)


def golden(name: str) -> list[tuple[str, str]]:
    lines = (GOLDEN / name).read_text(encoding="utf-8").splitlines()
    return [tuple(line.split("\t")) for line in lines if line and not line.startswith("#")]  # type: ignore[misc]


@pytest.mark.parametrize("text, best", golden("positions_phom.txt"))
def test_golden_phom_positions_keep_their_best_moves(text, best):
    position = phom.Position.parse(text)
    assert str(position) == text
    view = position.view()
    if best == "ù":
        assert DeclareU() in view.legal_actions and can_u(view.hand, view.unlaid_eaten)
        assert best_lay(view.hand, view.unlaid_eaten).u
    else:
        table = [m for _q, _i, m in view.send_targets()]
        plan = best_lay(view.hand, view.unlaid_eaten, table)
        assert best == f"best lay-down: {plan.points} points"
    assert hint(view).action in view.legal_actions


@pytest.mark.parametrize("text, best", golden("positions_tienlen.txt"))
def test_golden_tienlen_positions_keep_their_best_moves(text, best):
    position = TPosition.parse(text)
    assert str(position) == text
    view = position.view()
    whole = Play(view.hand.mask)
    assert best == f"go out: {whole}" and whole in view.legal_actions
    assert tienlen_hint(position.game(), position.player)[0] == whole
    assert GreedyTienLenBot().act(view) == whole


def test_the_manual_page_examples_parse_and_round_trip():
    page = (Path(__file__).resolve().parent.parent / "docs" / "en" / "position.md").read_text(encoding="utf-8")
    blocks = page.split("```text\n")[1:]
    lines = [line for block in blocks for line in block.split("```")[0].splitlines()
             if len(line.split()) in (9, 13) and line[0].isdigit()]
    assert len(lines) >= 4
    for line in lines:
        parse = phom.Position.parse if len(line.split()) == 13 else TPosition.parse
        assert str(parse(line)) == line


def test_hint_and_solve_take_a_position_on_the_command_line(capsys):
    assert main(["hint", LATER, "--json"]) == 0
    assert '"move": "draw"' in capsys.readouterr().out
    assert main(["hint", TL, "--lang", "vi"]) == 0
    assert capsys.readouterr().out.strip()
    assert main(["solve", "--position", LATER, "--json"]) == 0
    assert '"hand": "8S 3C 8C 5D QD KD 9H 10H JH"' in capsys.readouterr().out
    assert main(["hint", LATER.replace(" 15 0 ", " 15 x ")]) == 1
    assert "position field 'lead'" in capsys.readouterr().err
    assert main(["solve", "--position", TL]) == 1
    assert "Phỏm position" in capsys.readouterr().err


# -- errors in the player's words ----------------------------------------------------------------

def _mask(cards: str) -> int:
    return sum(1 << c for c in parse_card_list(cards, "test"))


def _finished_tienlen_game() -> TienLenGame:
    game, bot = TienLenGame(seed=2), GreedyTienLenBot()
    while not game.is_over:
        game.apply(bot.act(game.view(game.to_move)))
    return game


STRAIGHT = "3S4S5S6S7S8D9S10CJSQSKDAS"
#: bad positions of both games, each with the field it must name: every message of the notations at least once
BAD_POSITIONS: list[tuple[str, object]] = [
    ("turn", START.replace("0pN", "7pN")),
    ("turn", LATER.replace("1tN", "1tN1")),
    ("turn", LATER.replace("1tN", "1pN").replace(" - 1/0/0/0", " 1 1/0/0/0")),
    ("turn", LATER.replace("1tN", "1tT")),
    ("turn", lambda: phom.Position.of(Game(seed=1), player=2)),
    ("hand", START.replace("4S5S6S", "4S5S6X")),
    ("hand", START.replace("4S5S6S", "4S5S")),
    ("sizes", START.replace("10/9/9/9", "10/9/9/9/9/9")),
    ("sizes", START.replace("10/9/9/9", "10/9/a/9")),
    ("sizes", LATER.replace("9/9/9/9", "0/9/9/9").replace(" -/-/-/- -/-/-/- - ", " KH/-/-/- -/-/-/- - ", 1)),
    ("rows", START.replace("-/-/-/- -/-/-/- -/-/-/- -", "-/-/- -/-/-/- -/-/-/- -", 1)),
    ("rows", LATER.replace("QS/-/-/-", "QSQS/-/-/-")),
    ("rows", LATER.replace("QS/-/-/-", "8S/-/-/-")),
    ("rows", LATER.replace("QS/-/-/-", "QS/JS!QS/-/-")),
    ("rows", LATER.replace("QS/-/-/-", "QS/-/JS!JS/-")),
    ("rows", LATER.replace("QS/-/-/-", "QS/4S5S6S7S8S/-/-")),
    ("rows", LATER.replace("1tN", "1pN").replace("QS/-/-/-", "QS/2S3S4S5S/-/-").replace(" 15 0 ", " 11 0 ")),
    ("eaten", LATER.replace(" -/-/-/- -/-/-/- - ", " 9S9C9D8D/-/-/- -/-/-/- - ", 1)),
    ("eaten", LATER.replace(" -/-/-/- -/-/-/- - ", " *9S/-/-/- -/-/-/- - ", 1)),
    ("eaten", LATER.replace(" -/-/-/- -/-/-/- - ", " -/5S/-/- -/-/-/- - ", 1)),
    ("laid", LATER.replace("QS/-/-/- -/-/-/- -/-/-/-", "QS/-/-/- -/-/-/- -/-/5H6H/-")),
    ("down", START.replace(" - 0/0/0/0", " 9 0/0/0/0")),
    ("down", LATER.replace(" -/-/-/- -/-/-/- - ", " -/-/-/- -/-/-/- 11 ", 1)),
    ("down", lambda: dataclasses.replace(phom.Position.parse(LATER), tai=frozenset({2})).state()),
    ("turns", START.replace("0/0/0/0", "0/0/0/x")),
    ("stock", START.replace(" 15 0 - 0 ", " 99 0 - 0 ")),
    ("stock", LATER.replace("9/9/9/9", "11/9/11/11")),
    ("stock", LATER.replace(" 15 0 - 1 ", " 14 0 - 1 ")),                 # a card of the deal is nowhere
    ("lead", START.replace(" 15 0 - 0 ", " 15 8 - 0 ")),
    ("chot", START.replace(" 15 0 - 0 ", " 15 0 x 0 ")),
    ("ply", LATER.replace(" 15 0 - 1 ", " 15 0 - 0 ")),
    ("rules", START.replace(" std", " standard")),
    ("rules", START.replace(" std", " std,tai_gui=maybe")),
    ("rules", START.replace(" std", " std,colour=red")),
    ("rules", START.replace(" std", " std,stakes.eat=x")),
    ("rules", START.replace(" std", " std,values=1.x")),
    ("rules", START.replace(" std", " std,hand_size=5")),
    ("rules", START.replace(" std", " std,eat_pay=each")),
    ("rules", START.replace(" std", " std,values=1.2")),
    ("text", START.replace(" std", "")),
    ("text", lambda: phom.Position.parse(START.replace(" std", ""))),
    ("text", lambda: phom.Position.parse(None)),  # type: ignore[arg-type]
    ("text", "9H 10H JH"),
    ("game", lambda: phom.Position.of("a game")),
    ("turn", TL.replace("2 3H", "9 3H", 1)),
    ("turn", lambda: TPosition.of(_finished_tienlen_game())),
    ("turn", lambda: TPosition(7, 0, TienLenRules(), True, 0, -1, ())),
    ("hand", TL.replace("3H4C4H", "3H4C4Z")),
    ("hand", TL.replace("3H4C4H", "3S4C4H")),
    ("hand", TL.replace("3H4C4H", "4C4H").replace("13/12/13/13", "13/12/11/13")),
    ("hand", TL.replace("1:3S", "1:3S,2:4C")),
    ("sizes", TL.replace("13/12/13/13", "13/13/13/13")),
    ("table", TL.replace("3S@1", "3S@2")),
    ("passed", TL.replace("3S@1 -", "3S@1 3")),
    ("out", TL.replace("- - F1", "- 1 F1")),
    ("game", TL.replace("F1 std", "Q1 std")),
    ("game", TL.replace("3S@1 - - F1", "3S@1 - - L1:3S")),
    ("game", TL.replace("3S@1 - - F1", "3S@1 - - F1:3S")),
    ("game", TL.replace("3S@1 - - F1", "- - - F1").replace("1:3S", "-").replace("13/12/13/13", "13/13/13/13")),
    ("game", TL.replace("3S@1 - - F1", "- - - F2:3S").replace("1:3S", "-").replace("13/12/13/13", "13/13/13/13")),
    ("game", lambda: TPosition(2, 0, TienLenRules(), False, 1, 0, ())),
    ("game", lambda: TPosition.of("a game")),
    ("moves", TL.replace("F1 std", "F2 std")),
    ("moves", TL.replace("1:3S", "1:3S,x")),
    ("moves", TL.replace("1:3S", "1:3S4D")),
    ("moves", TL.replace("1:3S", "1:3S,2:3S")),
    ("moves", TL.replace("1:3S", "1:3S,2:-,3:-,1:-")),
    ("moves", TL.replace("1:3S", "1:3S,2:-,3:-,0:-,2:4S")),
    ("moves", TL.replace("1:3S", "1:3S,2:-,3:-,0:4S,2:5S")),
    ("moves", TL.replace("1:3S", f"1:{STRAIGHT},2:-,3:-,0:-,1:3C3D")),
    ("moves", lambda: TPosition(2, 0, TienLenRules(), True, 1, -1, ((1, _mask("3S")), (7, 0)))),
    ("rules", TL.replace("std 1:3S", "std,dem_heo=2 1:3S")),
    ("rules", TL.replace("std 1:3S", "8la 1:3S")),
    ("rules", TL.replace("std 1:3S", "std,stakes.heo=-1 1:3S")),
    ("text", TL.replace(" 1:3S", "")),
]

#: the words an English sentence is made of, that no Vietnamese sentence needs
ENGLISH = {"the", "is", "not", "write", "seat", "seats", "card", "cards", "holds", "or", "and", "must", "of", "to",
           "from", "his", "he", "but", "position", "fields", "field", "spaces", "separated", "whole", "number",
           "preset", "change", "each", "eats", "shown", "twice", "written", "moves", "player", "round", "only",
           "opening", "combination", "played", "before", "already", "after", "with", "full", "unseen", "left",
           "fit", "does", "cannot", "takes", "joined", "dots", "line", "standard", "counted", "game", "first",
           "later", "leader", "for", "pass", "play", "take", "sent", "normal", "turn", "laid", "down", "eaten",
           "hand", "has", "at", "most", "a", "one", "says", "lead", "leads"}
NOTATION = re.compile(r"'[^']*'|ô \w+|\S*[_.:@+!/=]\S*|\b(10|[2-9AJQKT])[SCDH]\w*|\b\d\w*|\((ví dụ|như) [^)]*\)")


def position_error(bad: object) -> PositionError:
    with pytest.raises(PositionError) as raised:
        bad() if callable(bad) else position_game(bad)  # type: ignore[arg-type]
    return raised.value


def catalog_texts(error: PositionError | Words) -> list[str]:
    """The texts of the catalog a position error is said with: its template and those of its Words."""
    inner = [t for value in error.params.values() if isinstance(value, Words) for t in catalog_texts(value)]
    return [error.template, *inner]


def position_texts() -> set[str]:
    """Every text the notation modules mark for the catalog (their messages, frames and joiners)."""
    modules = [notation, phom.phom.position, phom.tienlen.position, phom.cli.position]
    found = set()
    for module in modules:
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        found |= {node.args[0].value for node in ast.walk(tree) if isinstance(node, ast.Call)
                  and isinstance(node.func, ast.Name) and node.func.id == "N_"}
    return found


def test_a_position_error_is_said_in_vietnamese_and_english_and_its_english_log_stays():
    said_texts = {notation.FIELD_FRAME, notation.LINE_FRAME, notation.SEAT_NOTE}
    vi_ = translator("vi")
    for field, bad in BAD_POSITIONS:
        error = position_error(bad)
        assert error.field == field, (bad, str(error))
        assert str(error).startswith(f"position field {field!r}: ")
        vi, en = error.text("vi"), error.text("en")
        if error.template == "{problem}":           # a rule's own words the catalog lacks: said in a Vietnamese frame
            assert vi.startswith("Thế bài sai ở ô rules: luật này không chơi được: Rules.values"), vi
        else:
            for text in catalog_texts(error):
                assert vi_(text) != text, f"no Vietnamese for {text!r}"
        said_texts |= set(catalog_texts(error))
        # Vietnamese: the field named, seats from 1, no English sentence left around the notation's own words
        assert vi.startswith("Dòng thế bài sai: " if field == "text" else f"Thế bài sai ở ô {field}: "), vi
        assert not re.search(r"ghế 0\b|[{}]", vi) and unicodedata.is_normalized("NFC", vi), vi
        names = str(error.params.get("names", "\0"))      # the fields of a line, as the notation names them
        left = set(re.findall(r"\w+", NOTATION.sub(" ", vi.replace(names, " ")))) & ENGLISH
        assert not left or error.template == "{problem}", f"English {left} in {vi!r}"
        # English: the log's sentence, seats counted from 1 and said so
        message = str(error).split(": ", 1)[1]
        frame = "position line: " if field == "text" else f"position field {field!r}: "
        if any(name in notation.SEAT_PARAMS for name in error.params):
            assert en.endswith(" (seats counted from 1; the line writes seat 1 as 0)"), en
            assert vi.endswith(" (ghế đếm từ 1; dòng thế bài viết ghế 1 là 0)"), vi
            assert re.sub(r"\d+", "#", en) == re.sub(r"\d+", "#", frame + message + " " + notation.SEAT_NOTE), en
        else:
            assert en == frame + message
    three = ["a", "b", "c"]
    assert (str(either(three)), either(three).text("vi")) == ("a, b or c", "a, b hoặc c")  # type: ignore[union-attr]
    assert (str(all_of(three)), all_of(three).text("vi")) == ("a, b and c", "a, b và c")  # type: ignore[union-attr]
    said_texts |= {"{first}, {rest}"}
    guards = {"seat {seat} cannot move after seat {previous}"}   # the round's owner comes first: no line reaches it
    unsaid = position_texts() - said_texts - guards
    assert not unsaid, f"messages no bad position of the panel says: {unsaid}"


@pytest.mark.parametrize("field, bad", [(f, b) for f, b in BAD_POSITIONS if isinstance(b, str)][::6])
def test_phom_hint_says_a_bad_position_in_the_players_language(field, bad, capsys):
    error = position_error(bad)
    assert main(["hint", bad, "--lang", "vi"]) == 1
    assert capsys.readouterr().err == f"phom hint: lỗi: {error.text('vi')}\n"
    assert main(["hint", bad, "--lang", "en"]) == 1
    assert capsys.readouterr().err == f"phom hint: error: {error.text('en')}\n"


def test_phom_solve_says_a_bad_phom_position_in_vietnamese(capsys):
    assert main(["solve", "--position", LATER.replace(" 15 0 ", " 15 x "), "--lang", "vi"]) == 1
    assert capsys.readouterr().err == "phom solve: lỗi: Thế bài sai ở ô lead: 'x' phải là số nguyên từ 0 đến 3\n"
