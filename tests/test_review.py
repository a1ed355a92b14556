"""The review: the exact ledger as a property over random games of both games and several rule sets,
common random numbers, forced decisions, labels only past their threshold, hindsight, bad records,
the measured thresholds, and `phom review`."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from phom import Game, Rules
from phom.bots import make_bot
from phom.cli import main
from phom.racing import QUANTUM, Settings, evaluate
from phom.review import Review, review
from phom.review.calibration import FRACTIONS, label_of, spread_of, thresholds_of
from phom.phom.review_replay import PhomReplay
from phom.tienlen import TienLenGame, TienLenRules
from phom.tienlen.bots import make_tienlen_bot

PHOM_RULES = [Rules(), Rules(players=2), Rules(players=3, tai_gui=False), Rules.eight_cards(),
              Rules(u_khan=False, den_three=False)]
TIENLEN_RULES = [TienLenRules(), TienLenRules(players=2), TienLenRules(players=3, chat_after_pass=False),
                 TienLenRules(end_at_first_out=True)]
PHOM_BOTS = ["random", "greedy", "planner", "montecarlo:8"]
TIENLEN_BOTS = ["random", "greedy", "montecarlo:8"]


def played_phom(rules: Rules, seed: int, names: list[str], leader: int = 0) -> Game:
    game = Game(rules, seed=seed, leader=leader % rules.players)
    bots = [make_bot(names[s % len(names)], seed=seed + s) for s in range(rules.players)]
    while not game.is_over:
        game.apply(bots[game.to_move].act(game.view(game.to_move)))
    return game


def played_tienlen(rules: TienLenRules, seed: int, names: list[str], first_game: bool = True) -> TienLenGame:
    game = TienLenGame(rules, seed=seed, first_game=first_game, leader=None if first_game else seed % rules.players)
    bots = [make_tienlen_bot(names[s % len(names)], seed=seed + s) for s in range(rules.players)]
    while not game.is_over:
        game.apply(bots[game.to_move].act(game.view(game.to_move)))
    return game


def check_review(result: Review, net: tuple[int, ...], game: str) -> None:
    """Everything a review promises, whatever the game."""
    for entry in result.ledger:
        assert entry.expected + entry.skill + entry.luck + entry.others == entry.net == net[entry.seat]
        for term in (entry.expected, entry.skill, entry.luck, entry.others, entry.lookahead):
            assert (term * QUANTUM).is_integer()               # exact binary fractions
        assert entry.skill <= 0
        chain = result.chains[entry.seat]
        assert chain[0].value == entry.expected and chain[-1].value == entry.net
    for d in result.decisions:
        texts = [o[0] for o in d.options]
        assert d.played in texts and d.best in texts and texts[0] == d.best
        assert d.loss >= 0 and d.loss_ci[0] <= d.loss <= d.loss_ci[1]
        assert d.after <= d.before                                  # the best is the highest shown value
        # the step into a decision (over a draw, the deal or the others' moves) ends at the playouts' own
        # choice's value, then the evaluator's look-ahead (best − policy) is a step of others: so the
        # luck is mean zero (ending it at the best's value put +1.5 stakes a game of look-ahead in luck)
        entering = [p for p in result.chains[d.seat] if p.index == d.index and p.step not in ("expected", "skill")]
        assert [p.value for p in entering[-2:]] == [d.policy, d.before] and entering[-1].step == "others"
        assert d.cross_fitted == (abs(d.loss - (d.before - d.after)) > 1e-9)
        if d.forced:
            assert d.loss == 0 and d.label is None and d.hindsight is None and len(d.options) == 1
        else:
            assert d.hindsight in texts
        if d.label is not None:
            assert d.loss_ci[0] >= thresholds_of(game)[("inaccuracy", "mistake", "blunder").index(d.label)]
        assert d.label == label_of(game, d.loss_ci[0]) or d.forced or d.standin
        if d.played == d.best:
            assert d.loss == 0 and d.label is None


@settings(max_examples=12)
@given(rules=st.sampled_from(PHOM_RULES), seed=st.integers(0, 10_000), bots=st.permutations(PHOM_BOTS),
       leader=st.integers(0, 3))
def test_the_phom_ledger_adds_up_exactly(rules, seed, bots, leader):
    game = played_phom(rules, seed, bots, leader)
    result = review(game, worlds=8, seed=seed)
    assert result.game == "phom" and len(result.ledger) == rules.players
    check_review(result, game.result.net, "phom")


@settings(max_examples=10)
@given(rules=st.sampled_from(TIENLEN_RULES), seed=st.integers(0, 10_000), bots=st.permutations(TIENLEN_BOTS),
       first_game=st.booleans())
def test_the_tienlen_ledger_adds_up_exactly(rules, seed, bots, first_game):
    game = played_tienlen(rules, seed, bots, first_game)
    result = review(game.to_json(), worlds=8, seed=seed)
    assert result.game == "tienlen"
    check_review(result, game.result.net, "tienlen")


def test_an_instant_win_is_all_luck():
    for seed in range(3000):
        game = TienLenGame(seed=seed)
        if game.is_over:
            break
    else:
        pytest.skip("no tới trắng among the seeds")
    result = review(game, worlds=8)
    assert result.decisions == ()
    for entry in result.ledger:
        assert entry.skill == entry.others == 0 and entry.expected + entry.luck == entry.net


def test_the_same_seed_gives_the_same_review_and_another_seed_another():
    game = played_phom(Rules(), 11, ["greedy", "random"])
    first, again = review(game, worlds=16, seed=4), review(game.to_json(), worlds=16, seed=4)
    assert first.to_json() == again.to_json()
    assert Review.from_json(first.to_json()) == first
    assert review(game, worlds=16, seed=5).to_json() != first.to_json()


def test_common_random_numbers_one_candidate_twice_gives_one_value():
    game = played_phom(Rules(), 3, ["greedy"])
    replay = PhomReplay(game)
    turn = next(t for t in replay.turns(1) if not t.forced)
    plan = turn.candidates[turn.played][1]
    worlds = replay.sample(1, turn.index, 32, seed=9)
    twice = replay.values(worlds, 1, [plan, plan], seed=2)
    assert np.array_equal(twice[:, 0], twice[:, 1])
    again = replay.values(replay.sample(1, turn.index, 32, seed=9), 1, [plan], seed=2)
    assert np.array_equal(again[:, 0], twice[:, 0])


def test_the_race_keeps_the_played_choice_and_checks_the_best_on_fresh_worlds():
    def sample(count, seed):
        return np.random.default_rng(seed).normal(size=(count, 1))

    def values(worlds, candidates):
        return np.hstack([worlds * 0 + c for c in candidates])      # exact values: no noise at all

    outcome = evaluate(sample, values, [0.0, -3.0, 1.0, 0.5], played=1, seed=1, settings=Settings(worlds=16))
    assert outcome.best == 2 and outcome.loss == 4.0 and outcome.loss_ci == (4.0, 4.0)
    assert outcome.means[1] == -3.0                                  # the played one stayed in the race
    tie = evaluate(sample, values, [1.0, 1.0], played=1, seed=1, settings=Settings(worlds=16))
    assert tie.best == 1 and tie.loss == 0.0                          # a tie goes to the played choice
    lone = evaluate(sample, values, [2.0], played=0, seed=1, settings=Settings(worlds=16))
    assert lone.loss == 0.0 and lone.before == lone.after == 2.0


def test_a_forced_decision_loses_nothing():
    game = played_phom(Rules(), 21, ["greedy"])
    result = review(game, worlds=8)
    forced = [d for d in result.decisions if d.forced]
    assert forced and all(d.loss == 0 and d.label is None for d in forced)
    assert all(d.played.startswith("draw") for d in forced if d.kind == "take")


def test_a_lay_down_turn_is_one_decision_with_several_plans():
    game = played_phom(Rules(), 5, ["greedy"])
    result = review(game, worlds=8)
    lays = [d for d in result.decisions if d.kind == "lay" and not d.forced]
    assert lays
    assert any(len(d.options) > 1 and d.options[0][0].startswith("lay") for d in lays)
    indices = [d.index for d in result.decisions if d.seat == lays[0].seat]
    assert len(indices) == len(set(indices))


def test_a_blunder_is_labelled_and_hindsight_is_shown_but_not_rated():
    """Random play makes losses far above the thresholds; each label's interval clears its bar."""
    game = played_phom(Rules(), 8, ["random", "greedy"])
    result = review(game, seats=[0], seed=1)       # the defaults: a cross-fitted loss needs its worlds
    labelled = result.labelled()
    assert labelled and all(d.seat == 0 for d in labelled)
    assert result.error_rate[0] == pytest.approx(np.mean([d.loss for d in result.decisions if not d.forced]))
    assert result.rating[0] == "level:1"                          # random play rates as the lowest level


def test_the_thresholds_are_the_documented_fractions_of_the_measured_spread():
    for game in ("phom", "tienlen"):
        spread = spread_of(game, games=4096)
        for fraction, threshold in zip(FRACTIONS, thresholds_of(game)):
            assert abs(fraction * spread - threshold) <= 0.015


@pytest.mark.parametrize(("record", "message"), [
    ("not json", "not valid JSON"),
    ('{"format": "chess"}', "the record's format 'chess' is .*'phom-game'.*'phom-tienlen'"),
    ("[1, 2]", "must be a JSON object"),
    (42, "not int"),
])
def test_bad_records_are_refused_in_one_sentence(record, message):
    with pytest.raises(ValueError, match=message) as caught:
        review(record)
    assert "\n" not in str(caught.value)


def test_an_unfinished_or_tampered_record_is_refused():
    game = Game(seed=2)
    game.apply(game.legal_actions()[0])
    with pytest.raises(ValueError, match="not over"):
        review(game.to_json())
    finished = json.loads(played_phom(Rules(), 2, ["greedy"]).to_json())
    finished["actions"][3] = "discard AS" if finished["actions"][3] != "discard AS" else "discard 2S"
    with pytest.raises(ValueError, match="action 3"):
        review(json.dumps(finished))
    with pytest.raises(ValueError, match="seat 7"):
        review(played_phom(Rules(), 2, ["greedy"]), seats=[7])


def test_phom_review_prints_the_ledger_and_the_labels(tmp_path, capsys):
    game = played_phom(Rules(), 8, ["random", "greedy"])
    path = tmp_path / "game.json"
    path.write_text(game.to_json(), encoding="utf-8")
    page = tmp_path / "review.html"
    assert main(["review", str(path), "--seats", "1", "--worlds", "16", "--html", str(page), "--details"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Review of a Phỏm game, 4 players.\n\nSeat 1 ") and "seed" not in out
    assert "16 trial games a batch; seats reviewed: seat 1." in " ".join(out.split())
    assert "expected + skill + luck + others = net" in out and "saw: hand" in out
    assert "<svg" in page.read_text(encoding="utf-8")
    assert main(["review", str(path), "--seats", "1", "--worlds", "16", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "phom-review" and data["ledger"][0]["seat"] == 0


def test_phom_review_exits_1_with_one_line_on_a_bad_record(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "phom-game", "version": 1}', encoding="utf-8")
    assert main(["review", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("phom review: error: game record: missing fields")
    assert main(["review", str(bad), "--seats", "x"]) == 1


def test_the_drawing_shows_luck_errors_and_both_languages():
    game = played_phom(Rules(), 8, ["random", "greedy"])
    result = review(game, seats=[0], worlds=16)
    svg = result.to_svg(0)
    assert svg.startswith("<svg") and svg.count('class="error"') == len(result.labelled())
    assert 'class="luck"' in svg
    assert "kỹ năng" in result.to_html("vi") and "skill" in result.to_html("en")
    with pytest.raises(ValueError, match="lang"):
        result.to_html("fr")


@pytest.mark.parametrize("game", ["phom", "tienlen"])
def test_the_options_are_valued_on_the_same_worlds_best_first(game):
    if game == "phom":
        record = played_phom(Rules(), 12, ["montecarlo:16", "greedy", "random", "greedy"], 0)
    else:
        record = played_tienlen(TienLenRules(), 12, ["random", "greedy", "montecarlo:16", "greedy"], True)
    result = review(record, worlds=16, seed=3)
    assert any(len(d.options) > 2 for d in result.decisions)
    for d in result.decisions:
        values = [value for _, value, _ in d.options]
        assert d.best == d.options[0][0] and values == sorted(values, reverse=True)
        assert d.before == values[0] and d.after == {t: v for t, v, _ in d.options}[d.played]


def test_phom_error_rates_order_the_bots_as_their_strength():
    losses: dict[str, list[float]] = {"random": [], "greedy": [], "montecarlo:32": []}
    seats = ["random", "greedy", "montecarlo:32", "greedy"]
    for g in range(4):
        names = seats[g:] + seats[:g]
        game = played_phom(Rules(), 300 + g, names)
        result = review(game, worlds=32, seed=g)
        for d in result.decisions:
            if not d.forced:
                losses[names[d.seat]].append(d.loss)
    rate = {name: float(np.mean(v)) for name, v in losses.items()}
    assert rate["random"] > rate["greedy"] > rate["montecarlo:32"]


def _tienlen_rates(games: int, first_seed: int, worlds: int) -> dict[str, float]:
    seats = ["random", "greedy", "montecarlo:32", "greedy"]
    losses: dict[str, list[float]] = {name: [] for name in seats}
    for g in range(games):
        names = seats[g % 4:] + seats[:g % 4]
        game = played_tienlen(TienLenRules(), first_seed + g, names)
        for d in review(game, worlds=worlds, seed=g).decisions:
            if not d.forced:
                losses[names[d.seat]].append(d.loss)
    return {name: float(np.mean(v)) for name, v in losses.items()}


def test_tienlen_error_rates_order_the_bots_as_their_strength():
    # the evaluator's opponents play greedily in a quarter of the worlds and at random in the rest;
    # with greedy opponents alone (PLAYOUT = ("greedy", "greedy")) greedy rates 0.74 and random 0.69 here
    rate = _tienlen_rates(8, 400, 16)
    assert rate["random"] > rate["greedy"] > rate["montecarlo:32"]


@pytest.mark.skipif(os.environ.get("PHOM_HYPOTHESIS_PROFILE") != "thorough", reason="thorough profile only")
def test_tienlen_error_rates_order_the_bots_over_many_games():
    rate = _tienlen_rates(32, 500, 128)
    assert rate["random"] > rate["greedy"] > rate["montecarlo:32"]


def test_the_loss_is_cross_fitted_so_ties_lose_nothing_on_average():
    """Six candidates worth the same: choosing the best on the worlds that value it shows a loss of
    about 0.21 stakes where there is none; choosing on one half and valuing on the other leaves only
    the clipping at 0 (about 0.09 here; the reviews' own figures are in LADDER.md). A real gap of 1
    stake is kept."""
    from phom.review.walk import cross_fitted

    rng = np.random.default_rng(5)
    naive, crossed, real = [], [], []
    for _ in range(200):
        won = rng.normal(size=(128, 6)) * 2.0
        means = won.mean(axis=0)
        naive.append(float(means.max() - means[0]))
        crossed.append(cross_fitted([([0, 1, 2, 3, 4, 5], won)], played=0)[0])
        won[:, 3] += 1.0
        real.append(cross_fitted([([0, 1, 2, 3, 4, 5], won)], played=0)[0])
    assert np.mean(naive) > 0.15 and np.mean(crossed) < np.mean(naive) / 2
    assert abs(np.mean(real) - 1.0) < 0.1


def test_the_page_says_where_the_loss_is_cross_fitted():
    game = played_phom(Rules(), 8, ["random", "greedy"])
    result = review(game, seats=[0], seed=1)
    crossed = [d for d in result.labelled() if d.cross_fitted]
    assert crossed, "a random seat's labelled losses include cross-fitted ones"
    for lang in ("en", "vi"):
        page = result.to_html(lang)
        assert page.count('class="cross-fitted"') == len(crossed)
    assert "cross-fitted" in review_text_of(result)


def review_text_of(result: Review) -> str:
    from phom.review.text import review_text

    return review_text(result)
