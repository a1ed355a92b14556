"""The review as a teacher: its first screen names the moves that cost the most in words (the move, the
better move, about how much), in the reader's language and numbers, with the figures behind a details
switch; its progress speaks the reader's language; and the table's stand-in is not the player: moves a
hosted record marks ``"by": "clock"`` are shown as the stand-in's and left out of the seat's skill,
labels, error rate and rating."""

from __future__ import annotations

import io
import json
import re

import pytest
from phom import Game
from phom.bots import make_bot
from phom.cli import main
from phom.review import Review, review
from phom.review.calibration import STANDIN_UNRATED
from phom.review.text import review_text
from phom.review.walk import clock_moves
from phom.tienlen import TienLenGame
from phom.tienlen.bots import make_tienlen_bot

#: what belongs behind the details switch: intervals, averages, rates, the evaluator's batches
FIGURES = re.compile(r"95 ?%|±|between|sure|chắc|trung bình|average|/s\b|batch|mỗi lượt|decisions?\b")


def played(seed: int, names: list[str], game: str = "phom") -> Game | TienLenGame:
    made = Game(seed=seed) if game == "phom" else TienLenGame(seed=seed)
    maker = make_bot if game == "phom" else make_tienlen_bot
    bots = [maker(names[s % len(names)], seed=seed + s) for s in range(4)]
    while not made.is_over:
        made.apply(bots[made.to_move].act(made.view(made.to_move)))
    return made


def hosted_record(game: Game | TienLenGame, clocked: set[int]) -> dict:
    """The record as the service keeps it (``phom.web.hosting.HostedGame.record``): the game's JSON, the
    table's clock, and the history with ``"by": "clock"`` on the moves the stand-in played."""
    data = json.loads(game.to_json())
    data["turn_seconds"] = 30
    data["history"] = [{"player": p, "action": str(a), **({"by": "clock"} if v in clocked else {})}
                       for v, (p, a) in enumerate(game.history)]
    return data


@pytest.fixture(scope="module")
def taught() -> Review:
    return review(played(8, ["random", "greedy"]), seats=[0, 1], worlds=32, seed=1)


def test_the_first_screen_names_the_costliest_moves_in_words_without_figures(taught):
    assert taught.labelled(), "a random seat makes labelled errors"
    for lang, said in (("en", "chose"), ("vi", "đã")):
        first = review_text(taught, lang, details=False, width=None)
        lines = first.splitlines()
        costly = taught.costliest()
        assert 1 <= len(costly) <= 3 and costly[0].loss == max(d.loss for d in taught.labelled())
        lessons = [line for line in lines if line.startswith("  ")]
        assert len(lessons) == len(costly)
        for line, d in zip(lessons, costly):
            assert f" {d.index + 1}: " in line and said in line
            assert ("stakes." if lang == "en" else "cược.") in line
        assert not FIGURES.search(first), FIGURES.search(first)
        full = review_text(taught, lang, width=None)
        assert full.startswith(first.rsplit("\n\n", 1)[0]) and FIGURES.search(full)


def test_the_first_screen_speaks_vietnamese_with_vietnamese_numbers(taught):
    first = review_text(taught, "vi", details=False, width=None)
    assert "Những nước đi đáng tiếc nhất:" in first and "nhưng" in first and "tốt hơn" in first
    assert re.search(r"mất khoảng \d+,\d cược", first)
    assert not re.search(r"\d\.\d", first)                       # a decimal comma, never a point
    assert not re.search(r"\b(the|move|stakes|seat|better|cost)\b", first)


def test_the_page_puts_the_figures_behind_a_details_switch(taught):
    for lang, switch in (("vi", "Chi tiết"), ("en", "Details")):
        page = taught.to_html(lang)
        first, behind = page.split("<details", 1)
        assert f"<summary>{switch}</summary>" in behind
        assert 'class="lessons"' in first and 'class="summary"' in first
        text = re.sub(r"<[^>]+>", " ", first)
        assert not FIGURES.search(text), FIGURES.search(text)
        assert 'class="ledger"' in behind and "<svg" in behind and "decisions" in behind


def test_the_progress_bar_speaks_the_readers_language(tmp_path, capsys):
    from phom.cli.review import run_review

    out = io.StringIO()
    run_review([0], 16, 0, False, None, played(3, ["greedy"]).to_json(), out, progress=True, lang="vi")
    err = capsys.readouterr().err                                    # the bar goes to stderr (a terminal's)
    assert "Đang xem lại ván" in err and "nước" in err and "còn khoảng" in err
    assert not re.search(r"decision|review|/s\b|it/s", err), err[-200:]
    assert "Chi tiết" in out.getvalue() and "--details" in out.getvalue()
    path = tmp_path / "game.json"
    path.write_text(played(3, ["greedy"]).to_json(), encoding="utf-8")
    assert main(["review", str(path), "--seats", "1", "--worlds", "16", "--lang", "vi", "--details"]) == 0
    assert "Sổ tiền" in capsys.readouterr().out


@pytest.mark.parametrize("game_name", ["phom", "tienlen"])
def test_the_stand_in_is_not_the_player(game_name):
    game = played(5, ["random", "greedy"], game_name)
    seat = 0
    turns = [v for v, (p, _) in enumerate(game.history) if p == seat]
    clocked = set(turns[::3])
    record = hosted_record(game, clocked)
    assert clock_moves(record) == clocked
    plain = review(game, seats=[seat], worlds=32, seed=2)
    result = review(record, seats=[seat], worlds=32, seed=2)
    assert [d.index for d in result.decisions] == [d.index for d in plain.decisions]
    mine = [d for d in result.decisions if not d.standin]
    theirs = result.standins(seat)
    assert theirs and mine
    for d in theirs:
        # the stand-in's turn holds a clock move; it is weighed and shown, never labelled
        step = next(p for p in plain.decisions if p.index == d.index)
        assert d.by == "clock" and d.label is None and d.loss == step.loss
    assert all(d.by is None for d in mine)
    entry, before = result.ledger[0], plain.ledger[0]
    assert entry.expected + entry.skill + entry.luck + entry.others == entry.net
    own = sum(d.after - d.before for d in mine)
    theirs_sum = sum(d.after - d.before for d in theirs)
    assert entry.skill == pytest.approx(own) and entry.standin == pytest.approx(theirs_sum)
    assert entry.skill + entry.standin == pytest.approx(before.skill) and entry.luck == before.luck
    unforced = [d.loss for d in mine if not d.forced]
    assert result.error_rate[seat] == pytest.approx(sum(unforced) / len(unforced))
    assert all(d.label is None for d in theirs) and result.labelled() == [d for d in mine if d.label]
    # said so in the player's words, on the first screen and in the details
    first = review_text(result, "vi", details=False, width=None)
    assert "Máy đánh hộ ghế 1" in first and "không tính cho ghế 1" in first
    assert "Máy đánh hộ bạn" in review_text(result, "vi", you=seat, details=False, width=None)
    assert "The stand-in played" in review_text(result, "en", details=False, width=None)
    page = result.to_html("vi")
    assert "Máy đánh hộ" in page and page.count('class="decision standin"') == len([d for d in theirs if not d.forced])
    again = Review.from_json(result.to_json())
    assert [d.by for d in again.decisions] == [d.by for d in result.decisions]
    assert again.ledger[0].standin == entry.standin


def test_a_seat_the_stand_in_played_throughout_is_not_rated():
    game = played(6, ["greedy"])
    record = hosted_record(game, {v for v, (p, _) in enumerate(game.history) if p == 1})
    result = review(record, seats=[1], worlds=16)
    assert result.rating[1] == STANDIN_UNRATED and result.error_rate[1] == 0.0 and result.ledger[0].skill == 0
    assert "máy đánh hộ đã chọn mọi nước" in review_text(result, "vi", width=None)


def test_a_history_that_is_not_the_games_is_refused():
    game = played(6, ["greedy"])
    record = hosted_record(game, set())
    record["history"] = record["history"][:-1]
    with pytest.raises(ValueError, match="history lists"):
        review(record, seats=[0], worlds=16)
    record = hosted_record(game, set())
    record["history"][0]["by"] = "friend"
    with pytest.raises(ValueError, match="by must be 'clock'"):
        review(record, seats=[0], worlds=16)


def test_the_review_command_reads_the_clock_moves(tmp_path):
    game = played(5, ["greedy"])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(hosted_record(game, {0})), encoding="utf-8")
    out = io.StringIO()
    from phom.cli.review import run_review

    run_review([game.history[0][0]], 16, 0, False, None, path.read_text(encoding="utf-8"), out, progress=False,
               lang="vi")
    assert "Máy đánh hộ" in out.getvalue() and "nước 1)" in out.getvalue()
