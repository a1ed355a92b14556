"""The compiled Tiến lên engine against its specification, ``TienLenGame``, in lockstep.

At every step of random games under every rule option, 2–4 players, first and later games, from fresh
and mid-game states: every field of the state, the legal plays, GreedyTienLenBot's choice, the
observation and the money agree. Illegal masks are refused with nothing changed.
"""

from __future__ import annotations

import itertools
import os
import random

import numpy as np
import pytest

from phom.cards import CardSet
from phom.tienlen import Play, TienLenGame, TienLenRules, TienLenStakes, count_plays
from phom.tienlen.bots import GreedyTienLenBot
from phom.tienlen.observation import OBSERVATION_SIZE, encode
from phom.tienlen.vector import TienLenVectorGame

pytestmark = pytest.mark.computational

THOROUGH = os.environ.get("PHOM_HYPOTHESIS_PROFILE") == "thorough"
GAMES_PER_RULES = 40 if THOROUGH else 3

FLAGS = ("four_kind_beats_single_heo", "pass_locks_round", "chat_after_pass", "end_at_first_out", "dem_heo")
ODD_STAKES = TienLenStakes(second=2, third=3, last=5, toi_trang=7, cong=11, black_heo=13, red_heo=17,
                           three_pairs=19, four_kind=23, four_pairs=29)
#: every combination of the five game options, each for 2, 3 and 4 players (96 rule sets)
ALL_RULES = [TienLenRules(players=players, stakes=ODD_STAKES, **dict(zip(FLAGS, values)))
             for players in (2, 3, 4) for values in itertools.product((False, True), repeat=len(FLAGS))]


def referee_fields(game: TienLenGame) -> dict[str, object]:
    """The referee's state in the shape of ``TienLenVectorGame.export``."""
    net = [0] * game.players
    for payer, payee, amount, _ in game.payments:
        net[payer] -= amount
        net[payee] += amount
    result = game.result
    return {"hands": [h.mask for h in game.hands], "table": game.table, "table_owner": game.table_owner,
            "to_move": game.to_move, "leader": game.leader, "passed": sorted(game.passed),
            "played": list(game.played), "finished": list(game.finished), "cong": list(game.cong),
            "opening": game.opening_card.index if game.opening_card is not None else None,
            "chain": sum(game.chain), "chain_victim": game.chain_victim, "chain_winner": game.chain_winner,
            "net": list(result.net) if result else net, "over": game.is_over,
            "places": list(result.places) if result else None,
            "toi_trang": result.toi_trang if result else None}


def play_of(action: object) -> int:
    return action.cards.mask if isinstance(action, Play) else 0


def compare(game: TienLenGame, v: TienLenVectorGame, i: int, where: str) -> None:
    exported = v.export(i)
    shown = exported.pop("shown")
    assert exported == referee_fields(game), where
    assert shown == [sum(play_of(a) for s, a in game.history if s == q) for q in range(game.players)], where
    expected = sorted(play_of(a) for a in game.legal_actions())
    assert v.legal(i).tolist() == expected, where
    for seat in range(game.players):
        assert np.array_equal(v.observation(np.full(len(v), seat))[i], encode(game.view(seat))), (where, seat)


def lockstep(games: list[TienLenGame], rng: random.Random, label: str) -> int:
    """Step the games and their compiled copies together with random (and greedy) plays; returns steps."""
    v = TienLenVectorGame.from_games(games)
    greedy = GreedyTienLenBot()
    steps = 0
    for i, game in enumerate(games):
        compare(game, v, i, f"{label} game {i} loaded")
    while not all(g.is_over for g in games):
        policy = v.policy_plays("greedy")
        plays = np.zeros(len(games), dtype=np.uint64)
        for i, game in enumerate(games):
            if game.is_over:
                continue
            choice = greedy.act(game.view(game.to_move))
            assert int(policy[i]) == play_of(choice), f"{label} game {i} step {len(game.history)}: greedy"
            legal = game.legal_actions()
            action = choice if rng.random() < 0.4 else rng.choice(legal)
            plays[i] = play_of(action)
            game.apply(action)
        v.step(plays)
        steps += 1
        for i, game in enumerate(games):
            compare(game, v, i, f"{label} game {i} step {len(game.history)}")
    assert v.done.all() and v.net.tolist() == [list(g.result.net) for g in games]
    return steps


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: f"{r.players}p-" + "".join(
    "1" if getattr(r, f) else "0" for f in FLAGS))
def test_lockstep_with_the_referee_under_every_rule_option(rules: TienLenRules) -> None:
    rng = random.Random(hash((rules.players,) + tuple(getattr(rules, f) for f in FLAGS)) & 0xFFFF)
    fresh = [TienLenGame(rules, seed=rng.randrange(10**9)) for _ in range(GAMES_PER_RULES)]
    later = [TienLenGame(rules, seed=rng.randrange(10**9), first_game=False, leader=rng.randrange(rules.players))
             for _ in range(GAMES_PER_RULES)]
    middle = []
    for _ in range(GAMES_PER_RULES):              # mid-game states: loaded after some random moves
        game = TienLenGame(rules, seed=rng.randrange(10**9), first_game=rng.random() < 0.5,
                           leader=rng.randrange(rules.players))
        for _ in range(rng.randrange(30)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        middle.append(game)
    assert lockstep(fresh + later + middle, rng, f"{rules}") > 0


def special_deal(rng: random.Random, players: int, first: str) -> list[int]:
    """A deal whose first seat holds ``first`` (e.g. four 3s), the rest of the deck shuffled around it."""
    fixed = CardSet.parse(first).mask
    rest = [i for i in range(52) if not fixed >> i & 1]
    rng.shuffle(rest)
    hands = [fixed | sum(1 << c for c in rest[:13 - fixed.bit_count()])]
    at = 13 - fixed.bit_count()
    for _ in range(1, players):
        hands.append(sum(1 << c for c in rest[at:at + 13]))
        at += 13
    return hands


@pytest.mark.parametrize("first", ["3S 3C 3D 3H", "3S 3C 4S 4C 5S 5C", "2S 2C 2D 2H", "7S 7C 7D 7H 8S 8C 8D 8H",
                                   "3S 4D 5H 6S 7C 8D 9H TS JC QD KH AS", "2S 2H 9S 9C 9D 9H 4S 4C 5S 5C 6S 6C"])
def test_dealt_instant_wins_heo_and_bombs_agree(first: str) -> None:
    rng = random.Random(first)
    for rules in (TienLenRules(), TienLenRules(players=3, dem_heo=True, stakes=ODD_STAKES),
                  TienLenRules(players=2, pass_locks_round=False)):
        games = []
        for k in range(6):
            deal = special_deal(rng, rules.players, first)
            seat_shift = k % rules.players
            deal = deal[-seat_shift:] + deal[:-seat_shift] if seat_shift else deal
            games.append(TienLenGame(rules, deal=deal, first_game=k % 2 == 0, leader=k % rules.players))
        lockstep(games, rng, f"{first} {rules}")


def test_illegal_plays_are_refused_and_nothing_changes() -> None:
    v = TienLenVectorGame(3, seed=11)
    before = [v.export(i) for i in range(3)]
    legal = [int(v.legal(i)[0]) for i in range(3)]
    held = before[2]["hands"][before[2]["to_move"]]
    not_held = ((1 << 52) - 1) & ~held
    cases = [([legal[0], 0, legal[2]], "game 1: pass"),                         # no pass when leading
             ([legal[0], legal[1], not_held & -not_held], "game 2: play"),       # a card not held
             ([legal[0], legal[1], held], "game 2: play"),                       # no combination
             ([1 << 52, legal[1], legal[2]], r"masks\[0\]")]                     # beyond the deck
    for masks, message in cases:
        with pytest.raises(ValueError, match=message):
            v.step(np.array(masks, dtype=np.uint64))
        assert [v.export(i) for i in range(3)] == before
    for bad in ([1, 2], np.zeros(3, dtype=float), np.zeros(3, dtype=bool), np.array([-1, 0, 0])):
        with pytest.raises(ValueError, match="masks"):
            v.step(bad)
    assert [v.export(i) for i in range(3)] == before
    with pytest.raises(ValueError, match="game index"):
        v.legal(3)
    with pytest.raises(ValueError, match="policy"):
        v.playout("clever")
    with pytest.raises(ValueError, match="player"):
        v.observation(4)


def test_only_steps_the_chosen_games_and_finished_games_are_left_alone() -> None:
    v = TienLenVectorGame(2, seed=3)
    first = v.export(0)
    play = v.legal(1)[0]
    v.step(np.array([0, play], dtype=np.uint64), only=np.array([False, True]))
    assert v.export(0) == first and v.export(1)["table"] == int(play)
    v.playout("random", seed=1)
    net = v.net.copy()
    v.step(np.zeros(2, dtype=np.uint64))
    assert v.net.tolist() == net.tolist() and v.legal(0).size == 0


def test_greedy_playouts_are_the_referee_s_greedy_games() -> None:
    rng = random.Random(5)
    for rules in (TienLenRules(), TienLenRules(players=3), TienLenRules(players=2, dem_heo=True)):
        games = [TienLenGame(rules, seed=rng.randrange(10**9)) for _ in range(20)]
        v = TienLenVectorGame.from_games(games)
        v.playout("greedy")
        bot = GreedyTienLenBot()
        for game in games:
            while not game.is_over:
                game.apply(bot.act(game.view(game.to_move)))
        assert v.net.tolist() == [list(g.result.net) for g in games]


def test_random_playouts_are_reproducible_and_zero_sum() -> None:
    a, b = TienLenVectorGame(200, seed=9), TienLenVectorGame(200, seed=9)
    a.playout("random", seed=4)
    b.playout("random", seed=4)
    assert a.net.tolist() == b.net.tolist() and (a.net.sum(axis=1) == 0).all() and a.done.all()
    mixed = TienLenVectorGame(50, seed=9)
    mixed.playout(["greedy", "random", "random", "random"], seed=4)
    assert mixed.done.all()


def test_sampled_worlds_agree_with_the_view() -> None:
    rng = random.Random(2)
    for rules in (TienLenRules(), TienLenRules(players=3), TienLenRules(players=2)):
        for _ in range(15):
            game = TienLenGame(rules, seed=rng.randrange(10**9))
            for _ in range(rng.randrange(25)):
                if game.is_over:
                    break
                game.apply(rng.choice(game.legal_actions()))
            if game.is_over:
                continue
            view = game.view(game.to_move)
            worlds = TienLenVectorGame.sample_worlds(view, 16, seed=rng.randrange(10**6))
            assert len(worlds) > 0
            for i in range(len(worlds)):
                world = worlds.export(i)
                assert world["hands"][view.player] == view.hand.mask
                assert [h.bit_count() for h in world["hands"]] == list(view.hand_sizes)
                assert world["table"] == view.table.mask and world["to_move"] == view.player
                assert world["passed"] == sorted(view.passed) and world["finished"] == list(view.finished)
                assert np.array_equal(worlds.observation(view.player)[i], encode(view))


def test_legal_plays_fit_the_engine_s_buffer() -> None:
    """No hand of 13 cards comes near the 4,096 plays the engine lists at most."""
    rng = random.Random(0)
    hands = [sum(1 << c for c in rng.sample(range(52), 13)) for _ in range(3000)]
    hands.append(CardSet.parse("3S 3C 4S 4C 5S 5C 6S 6C 7S 7C 8S 8C 9S").mask)
    hands.append(CardSet.parse("3S 3C 3D 4S 4C 4D 5S 5C 5D 6S 6C 6D 7S").mask)
    assert max(count_plays(hand) for hand in hands) < 4096 // 2
    assert OBSERVATION_SIZE == TienLenVectorGame(1).observation().shape[1]


def test_split_parts_are_copies_of_the_games_in_order():
    games = TienLenVectorGame(7, seed=3)
    games.step(games.policy_plays("greedy"))
    parts = games.split(3)
    assert [len(p) for p in parts] == [2, 2, 3]
    assert [p.export(j) for p in parts for j in range(len(p))] == [games.export(i) for i in range(7)]
    with pytest.raises(ValueError, match="copy_games"):
        parts[0]._engine.copy_games(games._engine, 5, 3)
