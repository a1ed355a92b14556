"""The Tiến lên referee: invariants over thousands of random games under every option, the payment
examples of TIENLEN.md, refused actions that change nothing, views and records."""

from __future__ import annotations

import copy
import json
import pathlib
import random

import pytest

from phom.cards import CardSet
from phom.tienlen import TienLenRules, TienLenStakes, beats, classify
from phom.tienlen.game import IllegalAction, Pass, Play, TienLenGame, bomb_value, thoi

pytestmark = pytest.mark.computational

OPTIONS = [TienLenRules(), TienLenRules(players=3), TienLenRules(players=2),
           TienLenRules(pass_locks_round=False, four_kind_beats_single_heo=False),
           TienLenRules(chat_after_pass=False, end_at_first_out=True, dem_heo=True),
           TienLenRules(players=3, later_toi_trang_in_first_game=True)]


def play_random(game: TienLenGame, rng: random.Random, check: bool = True) -> TienLenGame:
    dealt = sum(h.mask for h in game.deal)
    round_plays: list[int] = []
    for _ in range(500):
        if game.is_over:
            break
        actions = game.legal_actions()
        assert actions, "the player to move has no legal action"
        action = rng.choice(actions)
        if check:
            p = game.to_move
            if isinstance(action, Play):
                assert game.table == 0 or beats(action.cards, game.table, game.rules)
            else:
                assert game.table != 0
            before = len(game.history)
        game.apply(action)
        if check:
            assert len(game.history) == before + 1
            played = sum(a.cards.mask for _, a in game.history if isinstance(a, Play))
            held = sum(game.hands_)
            assert played & held == 0 and played | held == dealt, "cards were lost or doubled"
            if not game.is_over and isinstance(action, Pass) and game.rules.pass_locks_round and game.table:
                assert p in game.passed
    assert game.is_over
    _ = round_plays
    return game


@pytest.mark.parametrize("rules", OPTIONS, ids=["standard", "three", "two", "no-lock", "first-out", "house-toi-trang"])
def test_random_games_keep_every_invariant(rules):
    for seed in range(1000):                                  # 5,000 games over the five option sets
        game = play_random(TienLenGame(rules, seed=seed, first_game=seed % 3 != 0, leader=seed % rules.players),
                           random.Random(seed))
        result = game.result
        assert sum(result.net) == 0 and sorted(result.places) == list(range(rules.players))
        if result.toi_trang is None and not rules.end_at_first_out:
            holding = [q for q in range(rules.players) if game.hands_[q] and q not in result.cong]
            assert len(holding) <= 1


def test_the_chat_chain_example_of_section_7():
    # A plays 2♥, B chặt with 3 đôi thông, C chặt with tứ quý: B pays C 2 + 3 = 5; A pays nothing
    fixed = ["2H 3S", "3C 3D 4D 4H 5S 5C", "8S 8C 8H 8D", ""]
    used = sum(CardSet.parse(f).mask for f in fixed if f)
    spare = [c for c in range(52) if not used >> c & 1]
    hands = []
    for f in fixed:
        mask = CardSet.parse(f).mask if f else 0
        while mask.bit_count() < 13:
            mask |= 1 << spare.pop()
        hands.append(mask)
    rules = TienLenRules(players=4)
    game = TienLenGame(rules, deal=hands)
    assert game.to_move == 0                                    # 3♠ leads
    game.apply(Play("3S"))
    for p in (1, 2, 3):
        game.apply(Pass())
    game.apply(Play("2H"))
    game.apply(Play("3C 3D 4D 4H 5S 5C"))
    game.apply(Play("8S 8C 8H 8D"))
    for _ in range(3):
        game.apply(Pass())
    assert game.payments == [(1, 2, 5, "chat")]


def test_refused_actions_change_nothing_and_say_why():
    game = TienLenGame(seed=4)
    leader = game.to_move
    before = (list(game.hands_), game.table, game.to_move, list(game.history))
    other = CardSet(game.hands_[(leader + 1) % 4])
    card = next(iter(other))
    for action, message in [(Pass(), "cannot pass"), (Play(card.mask), "does not hold"),
                            (Play(sum(c.mask for c in list(CardSet(game.hands_[leader]))[:2])), ""),
                            ("draw", "is not a Play")]:
        try:
            game.apply(action)  # type: ignore[arg-type]
        except IllegalAction as exc:
            assert message in str(exc)
        else:
            pytest.fail(f"{action} was accepted")
        assert (list(game.hands_), game.table, game.to_move, list(game.history)) == before


def test_cong_and_thoi_are_paid_to_the_nhat():
    rng = random.Random(8)
    seen_cong = seen_thoi = False
    for seed in range(400):
        game = TienLenGame(seed=seed)
        while not game.is_over:
            actions = game.legal_actions()
            plays = [a for a in actions if isinstance(a, Play)]
            # one seat plays its biggest plays at once; the others pass whenever they can
            if game.to_move == 0 and plays:
                game.apply(max(plays, key=lambda a: len(a.cards)))
            else:
                game.apply(Pass() if Pass() in actions else rng.choice(actions))
        reasons = {r for *_, r in game.result.payments}
        seen_cong |= "cong" in reasons
        seen_thoi |= "thoi" in reasons
        for payer, payee, _, reason in game.result.payments:
            if reason in ("cong", "thoi", "place"):
                assert payee == game.result.places[0]
    assert seen_cong and seen_thoi


def test_values_of_beaten_plays_and_of_what_is_left():
    assert [bomb_value(x) for x in ("2S", "2D", "2S 2D", "3S 3C 4D 4H 5S 5C", "7S 7C 7D 7H",
                                    "3S 3C 4D 4H 5S 5C 6S 6C", "9S")] == [1, 2, 3, 3, 4, 6, 0]
    assert thoi("2S 2H 7S 7C 7D 7H 3S") == 7 and thoi("4S 4C 5S 5C 6D 6H 7S 7C") == 6 and thoi("9S 10S") == 0
    assert bomb_value("2H", TienLenStakes(red_heo=5)) == 5


def test_toi_trang_ends_the_game_at_once():
    hands = ["3S 3C 3D 3H 5S 6S 7S 8S 9S 10S JS QS KS", "4S 4C 4D 4H 5C 6C 7C 8C 9C 10C JC QC KC",
             "5D 6D 7D 8D 9D 10D JD QD KD AD 2D 5H 6H", "7H 8H 9H 10H JH QH KH AH 2H AS AC 2S 2C"]
    game = TienLenGame(deal=hands)
    assert game.is_over and game.result.toi_trang == "four_threes" and game.result.winner == 0
    assert game.result.net == (18, -6, -6, -6)
    later = TienLenGame(deal=hands, first_game=False, leader=1)          # seat 1 holds 11 clubs and spades
    assert later.result is not None and later.result.toi_trang == "one_colour" and later.result.winner == 2


def test_the_house_rule_makes_four_twos_win_the_first_game_too():
    hands = ["2S 2C 2D 2H 4S 5C 7D 8H 10S JC KD AH 9S", "3S 3C 4D 4H 5S 6C 7S 8C 9D 10H JD QH KS",
             "AS 6S 8S JS AC 4C 7C 3D 5D 6D 3H 5H 6H", "QS QC 9C 10C KC AD 8D 10D QD 7H 9H JH KH"]
    default = TienLenGame(deal=hands)                                    # the rules: tứ quý heo waits
    assert not default.is_over and default.to_move == 1                  # 3♠'s holder leads
    house = TienLenRules(later_toi_trang_in_first_game=True)
    game = TienLenGame(house, deal=hands)
    assert game.is_over and game.result.toi_trang == "four_twos" and game.result.winner == 0
    assert game.result.net == (18, -6, -6, -6)
    again = TienLenGame.from_json(game.to_json())                        # the record keeps the house rule
    assert again.rules == house and again.result == game.result


def test_views_hide_other_hands_and_records_replay():
    rng = random.Random(5)
    for seed in range(20):
        game = play_random(TienLenGame(seed=seed), rng, check=False)
        replay = TienLenGame.from_json(game.to_json())
        assert replay.result == game.result and replay.history == game.history
        view = game.view(1).to_dict()
        assert view["hand"] == CardSet(game.hands_[1]).codes
        assert "hands" not in view and len(view["hand_sizes"]) == 4
    with pytest.raises(ValueError, match="not valid JSON"):
        TienLenGame.from_json("[" * 100_000)
    data = json.loads(TienLenGame(seed=1).to_json())
    data["actions"] = ["pass"]
    with pytest.raises(ValueError, match="action 0 .* cannot pass"):
        TienLenGame.from_json(json.dumps(data))


def test_bad_arguments():
    with pytest.raises(ValueError, match="every seat gets 13"):
        TienLenGame(deal=["3S"] * 4)
    with pytest.raises(ValueError, match="leader"):
        TienLenGame(first_game=False)
    with pytest.raises(ValueError, match="TienLenRules"):
        TienLenGame(rules={"players": 3})  # type: ignore[arg-type]
    assert classify("3S") is not None and copy.copy(Pass()) == Pass()


def test_bots_play_legal_actions_and_greedy_beats_random():
    from phom.tienlen.bots import GreedyTienLenBot, RandomTienLenBot, make_tienlen_bot
    from phom.tienlen.simulation import simulate

    for players in (2, 3, 4):
        for seed in range(20):
            game = TienLenGame(TienLenRules(players=players), seed=seed)
            bots = [GreedyTienLenBot() if q % 2 else RandomTienLenBot(seed + q) for q in range(players)]
            while not game.is_over:
                view = game.view(game.to_move)
                action = bots[game.to_move].act(view)
                assert action in view.legal_actions
                game.apply(action)
    stats = simulate([GreedyTienLenBot(), RandomTienLenBot(), RandomTienLenBot(), RandomTienLenBot()], 200, seed=3)
    assert stats.mean_net[0] - stats.ci95[0] > max(stats.mean_net[1:]) and abs(sum(stats.mean_net)) < 1e-9
    assert isinstance(make_tienlen_bot("greedy"), GreedyTienLenBot)
    with pytest.raises(ValueError, match="unknown Tiến lên bot"):
        make_tienlen_bot("clever")


def test_the_tienlen_command_line(capsys):
    from phom.cli import main

    assert main(["tienlen", "solve", "3S 4S 5S 9D 9H KC", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["min_plays"] == 3 and data["best_split"] == ["3S 4S 5S", "9D 9H", "KC"] and data["plays"] == 8
    assert main(["tienlen", "solve", "8S 8C 8D 8H", "--table", "2S 2H"]) == 0
    out = capsys.readouterr().out
    assert "Plays     1 that beat a pair of heo" in out and "(one play)" in out
    assert main(["tienlen", "simulate", "--games", "8", "--bots", "greedy,random"]) == 0
    assert "Seat 1: greedy" in capsys.readouterr().out
    assert main(["tienlen", "solve", "3S", "--table", "3S 5S"]) == 1
    assert "not a combination" in capsys.readouterr().err


TIENLEN_GOLDEN = sorted((pathlib.Path(__file__).parent / "golden" / "tienlen").glob("*.json"))


@pytest.mark.parametrize("path", TIENLEN_GOLDEN, ids=[p.stem for p in TIENLEN_GOLDEN])
def test_golden_games_replay_to_the_same_transcript_and_result(path):
    """Stored games (rewrite with tests/golden/tienlen/regenerate.py after a deliberate rules change)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    game = TienLenGame.from_json(json.dumps(data["record"]))
    assert [f"{p}: {a}" for p, a in game.history] == data["transcript"]
    assert game.is_over and game.result.to_dict() == data["result"]
    assert json.loads(game.to_json()) == data["record"]


def test_there_are_golden_games_of_every_kind():
    assert {p.stem for p in TIENLEN_GOLDEN} == {"toi_trang", "chat_chain", "cong", "thoi", "huong_sai",
                                                "three_players", "later_game"}


def snapshot(game: TienLenGame) -> tuple[object, ...]:
    return (game.to_json(), list(game.hands_), game.table, game.table_owner, sorted(game.passed),
            list(game.finished), list(game.cong), list(game.played), list(game.chain), list(game.payments),
            game.to_move, game.result)


@pytest.mark.parametrize("rules", OPTIONS, ids=["standard", "three", "two", "no-lock", "first-out", "house-toi-trang"])
def test_seeded_illegal_actions_are_refused_and_change_nothing(rules):
    """In random games, random subsets of the hand, passes and another seat's card are accepted exactly
    when listed by legal_actions(); a refused one raises IllegalAction and leaves every field as it was."""
    refused = 0
    for seed in range(60):
        rng = random.Random(seed)
        game = TienLenGame(rules, seed=seed)
        while not game.is_over:
            legal = game.legal_actions()
            hand = list(CardSet(game.hands_[game.to_move]))
            tries: list[object] = [Pass()]
            for _ in range(6):
                tries.append(Play(sum(c.mask for c in rng.sample(hand, rng.randint(1, min(5, len(hand)))))))
            other = game.hands_[(game.to_move + 1) % rules.players]
            if other:
                tries.append(Play(other & -other))
            for action in tries:
                if action in legal:
                    continue
                before = snapshot(game)
                with pytest.raises(IllegalAction):
                    game.apply(action)  # type: ignore[arg-type]
                assert snapshot(game) == before
                refused += 1
            for action in rng.sample(legal, min(3, len(legal))):
                game.clone().apply(action)                 # every listed action is accepted
            game.apply(rng.choice(legal))
    assert refused > 2000
