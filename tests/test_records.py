"""Game records, bad records, rules validation and matches."""

from __future__ import annotations

import json
import random

import pytest

from phom import Action, Game, Match, Rules, Stakes
from game_helpers import POLICIES, snapshot


def played(seed: int = 3) -> Game:
    rng = random.Random(seed)
    game = Game(seed=seed)
    while not game.is_over:
        game.apply(POLICIES["eager"](rng, game))
    return game


def test_record_round_trip_and_actions_text():
    game = played()
    data = json.loads(game.to_json())
    assert data["format"] == "phom-game" and len(data["actions"]) == len(game.history)
    for text in data["actions"]:
        assert str(Action.parse(text)) == text
    assert snapshot(Game.from_json(game.to_json())) == snapshot(game)


def _tamper(game: Game, change) -> str:
    data = json.loads(game.to_json())
    change(data)
    return json.dumps(data)


def test_a_changed_card_is_reported():
    game = played()
    data = json.loads(game.to_json())
    index = next(i for i, t in enumerate(data["actions"]) if t.startswith("discard"))
    held = set(data["deal"]["hands"][0].split())
    foreign = next(c for c in ("AS", "2S", "3S", "4S", "5S", "6S", "7S") if c not in held)
    data["actions"][index] = f"discard {foreign}"
    with pytest.raises(ValueError, match=rf"action {index} \('discard {foreign}'\) is illegal"):
        Game.from_json(json.dumps(data))


def test_an_action_out_of_turn_is_reported():
    game = played()
    text = _tamper(game, lambda d: d["actions"].insert(1, d["actions"][0]))
    with pytest.raises(ValueError, match=r"action 1 .* is illegal: .*must first take"):
        Game.from_json(text)


def test_truncated_and_malformed_records():
    text = played().to_json()
    with pytest.raises(ValueError, match="not valid JSON"):
        Game.from_json(text[: len(text) // 2])
    with pytest.raises(ValueError, match="unknown rules fields: colour"):
        Game.from_json(_tamper(played(), lambda d: d["rules"].update(colour="red")))
    with pytest.raises(ValueError, match="unknown stakes fields: tip"):
        Game.from_json(_tamper(played(), lambda d: d["rules"]["stakes"].update(tip=1)))
    with pytest.raises(ValueError, match="bad deal"):
        Game.from_json(_tamper(played(), lambda d: d["deal"]["stock"].pop()))
    with pytest.raises(ValueError, match="repeats"):
        Game.from_json(_tamper(played(), lambda d: d["deal"]["stock"].__setitem__(0, d["deal"]["stock"][1])))
    with pytest.raises(ValueError, match="unknown keyword"):
        Game.from_json(_tamper(played(), lambda d: d["actions"].__setitem__(0, "fly KS")))
    with pytest.raises(ValueError, match="format"):
        Game.from_json(json.dumps({"format": "chess"}))
    with pytest.raises(ValueError, match="missing fields"):
        Game.from_json(json.dumps({"format": "phom-game", "version": 1}))


def test_a_truncated_action_list_replays_to_the_prefix():
    game = played()
    data = json.loads(game.to_json())
    data["actions"] = data["actions"][:10]
    partial = Game.from_json(json.dumps(data))
    assert partial.history == game.history[:10] and not partial.is_over


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 1}, "players"), ({"players": True}, "players"), ({"hand_size": 10}, "hand_size"),
        ({"chot_rule": "x"}, "chot_rule"), ({"eat_pay": "double"}, "eat_pay"), ({"tai_gui": 1}, "tai_gui"),
        ({"values": (1,) * 12}, "13"), ({"values": (1,) * 12 + (-1,)}, r"values\[12\]"),
        ({"stakes": 3}, "stakes"),
    ],
)
def test_rules_are_checked(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Rules(**kwargs)


def test_rules_are_frozen_and_keyword_only():
    with pytest.raises(TypeError):
        Rules(4)  # type: ignore[misc]
    with pytest.raises(AttributeError):
        Rules().players = 3  # type: ignore[misc]
    with pytest.raises(ValueError, match="Stakes.u"):
        Stakes(u=-1)
    assert Rules.from_dict(Rules(players=3, stakes=Stakes(u=7)).to_dict()) == Rules(players=3, stakes=Stakes(u=7))


def test_bad_game_arguments():
    with pytest.raises(ValueError, match="leader"):
        Game(leader=4)
    with pytest.raises(ValueError, match="deal hand 1 has"):
        Game(deal=(["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "JS", "QS", "KS"], []))
    with pytest.raises(ValueError, match="4N − 1"):
        rules = Rules(players=2)
        Game(rules, deal=(["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "AC 2C 3C 4C 5C 6C 7C 8C 9C"], ["AD"]))


def test_match_carries_the_lead_and_sums_money():
    match = Match(seed=9)
    rng = random.Random(9)
    for _ in range(5):
        game = match.new_game()
        assert game.leader == match.next_leader
        while not game.is_over:
            game.apply(POLICIES["uniform"](rng, game))
        result = match.record(game)
        assert match.next_leader == result.winner
    assert sum(match.totals) == 0
    assert match.totals == [sum(r.net[p] for r in match.results) for p in range(4)]
    with pytest.raises(ValueError, match="not over"):
        match.record(match.new_game())
