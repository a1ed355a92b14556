"""Provably fair deals: the documented functions, honest records verified, tampered records refused
with their reason, and `phom verify` on the command line."""

from __future__ import annotations

import hashlib
import json

import pytest
from web_helpers import bearer, make_client, new_game, play_to_the_end

from phom import Rules
from phom.cli import main
from phom.fairness import FairnessError, commitment, deal_of, shuffled_deck, verify_record


@pytest.fixture(scope="module")
def record() -> dict:
    client = make_client(seeds=7)
    game_id, tokens = new_game(client, client_seed="table 9", bots=["greedy", "random", "search:4"])
    play_to_the_end(client, game_id, tokens, pick=1)
    return client.get(f"/api/games/{game_id}/record", headers=bearer(tokens["0"])).json()


def test_the_commitment_and_the_deck_are_the_documented_functions():
    seed = "ab" * 32
    assert commitment(seed) == hashlib.sha256(seed.encode("ascii")).hexdigest()
    deck = shuffled_deck(seed, "x")
    assert sorted(deck) == list(range(52)) and deck == shuffled_deck(seed, "x")
    assert deck != shuffled_deck(seed, "y") and deck != shuffled_deck("ac" * 32, "x")
    deal = deal_of(Rules(), 0, seed, "x")
    assert [c.index for c in deal.stock] == deck[37:52]
    with pytest.raises(FairnessError, match="64 hex"):
        commitment("00")


def test_the_shuffle_is_uniform_enough():
    """Where the first card lands over 5,200 shuffles: a chi-square test at 52 positions."""
    counts = [0] * 52
    for i in range(5200):
        counts[shuffled_deck(f"{i:064x}", "").index(0)] += 1
    chi2 = sum((c - 100) ** 2 / 100 for c in counts)
    assert chi2 < 90          # p ≈ 0.0007 for 51 degrees of freedom


def test_two_games_with_the_same_client_seed_get_different_deals():
    client = make_client(seeds=None)           # real server seeds from secrets
    hands = []
    for _ in range(2):
        game_id, tokens = new_game(client, client_seed="same")
        hands.append(client.get(f"/api/games/{game_id}", headers=bearer(tokens["0"])).json()["hand"])
    assert hands[0] != hands[1]


def test_an_honest_record_verifies(record):
    line = verify_record(json.dumps(record))
    assert line.startswith("verified:") and "bot moves reproduced" in line and record["result"] is not None


def tampered(record: dict, change) -> str:
    copy = json.loads(json.dumps(record))
    change(copy)
    return json.dumps(copy)


def move_a_card(data: dict) -> None:
    hands, stock = data["deal"]["hands"], data["deal"]["stock"]
    first = hands[1].split()
    first[0], stock[0] = stock[0], first[0]
    hands[1] = " ".join(first)


def change_a_bot_move(data: dict) -> None:
    from phom import Game

    game = Game.from_json(json.dumps(data))
    bots = {int(s) for s in data["bots"]}
    replay = Game(game.rules, leader=game.leader, deal=(game.deal.hands, game.deal.stock))
    for i, (seat, action) in enumerate(game.history):
        others = [a for a in replay.legal_actions() if a != action]
        if seat in bots and others:
            data["actions"] = [str(a) for _, a in game.history[:i]] + [str(others[0])]
            data.pop("history", None)          # a record may leave it out; the bot's move is what is checked
            return
        replay.apply(action)
    raise AssertionError("no bot move with an alternative")


@pytest.mark.parametrize(("change", "reason"), [
    (move_a_card, "the deal is not the deal of these seeds"),
    (change_a_bot_move, "is not what its bot"),
    (lambda d: d["actions"].__setitem__(0, "discard " + d["deal"]["hands"][1].split()[0]), "is illegal"),
    (lambda d: d["fairness"].__setitem__("server_seed", "0" * 64), "does not cover this server seed"),
    (lambda d: d["fairness"].__setitem__("client_seed", "table 8"), "the deal is not the deal of these seeds"),
    (lambda d: d.__setitem__("result", [0, 0, 0, 0]), "is not the replayed result"),
    (lambda d: d.pop("fairness"), "no 'fairness' section"),
])
def test_a_tampered_record_is_refused_with_its_reason(record, change, reason):
    with pytest.raises(FairnessError, match=reason):
        verify_record(tampered(record, change))


def relabel_a_bot_human(data: dict) -> None:
    data["bots"].pop("3")


def move_a_bot(data: dict) -> None:
    data["bots"]["0"] = data["bots"].pop("1")


def downgrade(data: dict) -> None:
    data["fairness"].pop("covers")


@pytest.mark.parametrize(("change", "reason"), [
    (relabel_a_bot_human, "seating, rules or bots were changed"),
    (move_a_bot, "seating, rules or bots were changed"),
    (lambda d: d["bots"].__setitem__("2", "greedy"), "seating, rules or bots were changed"),
    (lambda d: d["rules"].__setitem__("den_chot", not d["rules"]["den_chot"]), "seating, rules or bots"),
    (downgrade, "does not match the commitment"),
    (lambda d: d["fairness"].__setitem__("covers", "seed"), "fairness.covers must be"),
    (lambda d: d["bots"].__setitem__("1", "cmd:touch /tmp/pwned"), "never started as programs"),
])
def test_the_commitment_covers_the_table(record, change, reason):
    """A record whose seating, rules or bots were changed no longer verifies (the commitment covers them)."""
    assert record["fairness"]["covers"] == "seed+table"
    with pytest.raises(FairnessError, match=reason):
        verify_record(tampered(record, change))


def test_an_older_record_committed_to_the_seed_alone_still_verifies(record):
    older = json.loads(json.dumps(record))
    older["fairness"].pop("covers")
    older["fairness"]["commitment"] = commitment(older["fairness"]["server_seed"])
    line = verify_record(json.dumps(older))
    assert line.startswith("verified:") and line.endswith("its commitment covers the seed, not the seating")
    older["bots"].pop("3")                   # an older record cannot prove its seating: said, not refused
    assert verify_record(json.dumps(older)).startswith("verified:")


def test_verification_has_a_time_budget(record):
    with pytest.raises(FairnessError, match="replaying the bots took too long"):
        verify_record(json.dumps(record), seconds=0.0)


def test_phom_verify_on_the_command_line(record, tmp_path, capsys):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record))
    assert main(["verify", str(good)]) == 0
    assert capsys.readouterr().out.startswith("verified:")
    assert main(["verify", str(good), "--lang", "vi"]) == 0          # a player checks his table in his words
    said = capsys.readouterr().out
    assert said.startswith("Ván hợp lệ: bài ván Phỏm này") and "tiền: ghế 1: " in said
    assert not any(word in said for word in ("verified", "replayed", "bot moves", "net "))
    bad = tmp_path / "bad.json"
    bad.write_text(tampered(record, move_a_card))
    assert main(["verify", str(bad)]) == 1
    assert "the deal is not the deal of these seeds" in capsys.readouterr().err
    assert main(["replay", str(good)]) == 0                      # a hosted record still replays
