"""Game records (phom.phom.record): round trips, and every kind of bad record gets a one-line ValueError."""

from __future__ import annotations

import json

import pytest

from phom import Action, Game, Rules
from phom.phom.record import MAX_RECORD_CHARS, decode, encode
from phom.phom.referee import deal_cards
from game_helpers import play_out, snapshot


def played(seed: int = 3) -> Game:
    return play_out(Game(seed=seed), "eager", seed)


def _tamper(game: Game, change) -> str:
    data = json.loads(game.to_json())
    change(data)
    return json.dumps(data)


def test_record_round_trip_and_actions_text():
    game = played()
    data = json.loads(game.to_json())
    assert data["format"] == "phom-game" and len(data["actions"]) == len(game.history)
    for text in data["actions"]:
        assert str(Action.parse(text)) == text
    assert snapshot(Game.from_json(game.to_json())) == snapshot(game)


@pytest.mark.parametrize("players", [2, 4])
def test_json_round_trip_reproduces_the_game_at_every_point(players):
    for seed in range(30):
        game = Game(Rules(players=players), seed=seed)

        def check(g: Game) -> None:
            if len(g.history) % 7 == 0 or g.is_over:
                assert snapshot(Game.from_json(g.to_json())) == snapshot(g)

        play_out(game, "eager", seed, each=check)


def test_encode_and_decode_are_pure_and_inverse():
    rules = Rules(players=3, tai_gui=False)
    deal = deal_cards(rules, 1, seed=4)
    data = decode(encode(rules, 1, deal, [Action.parse("discard KS")]))
    assert data.rules == rules and data.leader == 1 and data.actions == ["discard KS"]
    assert data.hands == [h.codes for h in deal.hands] and data.stock == [c.code for c in deal.stock]


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
    with pytest.raises(ValueError, match=r"action 1 .* is illegal: .*must first (take|draw)"):
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


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000, "nested too deeply"),
        ('{"a": ' * 50_000 + "1" + "}" * 50_000, "nested too deeply"),
        (" " * (MAX_RECORD_CHARS + 1), "characters long"),
        (b"\xff\xfe{", "not valid JSON"),
        (12, "JSON text"),
        (None, "JSON text"),
    ],
)
def test_hostile_records_get_a_one_line_error(text, message):
    with pytest.raises(ValueError, match=message) as info:
        Game.from_json(text)  # type: ignore[arg-type]
    assert "\n" not in str(info.value)


def test_a_truncated_action_list_replays_to_the_prefix():
    game = played()
    data = json.loads(game.to_json())
    data["actions"] = data["actions"][:10]
    partial = Game.from_json(json.dumps(data))
    assert partial.history == game.history[:10] and not partial.is_over
