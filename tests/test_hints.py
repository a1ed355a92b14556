"""Hints: the review's judgement at the hint's budget, a reason that states its figures and the solver's
numbers, every alternative ranked; and the review does not call the hint a mistake."""

from __future__ import annotations

import pytest

import phom
from phom import Game, Rules, Send
from phom.phom.hints import hint
from game_helpers import play_out


def test_hint_agrees_with_the_solver():
    hands = ["9S 10S 2H 4H 6H 8H QH KH 3D JD", "7S 8S 2C 5D KD 4C 6D QC AH", "AS 3S 5S 7C 9C JC 2D 4D 6C",
             "JS QS KS 3C 5C 8C 10C 7D 9D"]
    used = sum(phom.cards(h).mask for h in hands)
    stock = [phom.Card.from_index(c) for c in range(52) if not used >> c & 1][:15]
    game = Game(deal=(hands, stock))
    game.apply(phom.Discard("9S"))
    advice = hint(game)
    assert advice.action == phom.Eat("9S")
    after = phom.cards(hands[1]) | phom.cards("9S")
    best = min(phom.min_points(after - c, phom.cards("9S")) for c in phom.legal_discards(after, "9S"))
    eat = next(reason for a, _, reason in advice.alternatives if a == phom.Eat("9S"))
    assert eat == f"Eat 9♠: it completes 7♠ 8♠ 9♠ and leaves {best} points after your discard."
    assert advice.reason.startswith("Eat 9♠") and advice.reason.endswith(eat.split(": ", 1)[1].capitalize())
    assert {a for a, _, _ in advice.alternatives} == set(game.legal_actions())
    game.apply(phom.Eat("9S"))
    advice = hint(game.view(1))
    assert isinstance(advice.action, phom.Discard)
    points = phom.min_points(after - advice.action.card.mask, "9S")
    assert f"comes to {points} points" in advice.reason
    valued = len(advice.values)
    scores = [s for _, s, _ in advice.alternatives[valued:]]
    assert scores == sorted(scores)


def test_hint_errors():
    game = Game(seed=1)
    with pytest.raises(ValueError, match="not to move"):
        hint(game, 2)
    with pytest.raises(ValueError, match="belongs to player 1"):
        hint(game.view(1), 0)



@pytest.mark.parametrize("rules", [Rules(), Rules(tai_gui=False)])
def test_hints_cover_every_legal_action_in_every_kind_of_turn(rules):
    kinds = set()

    def check(game: Game) -> None:
        if game.is_over:
            return
        advice = hint(game)
        assert advice.action in game.legal_actions()
        assert {a for a, _, _ in advice.alternatives} == set(game.legal_actions())
        assert advice.reason.endswith(".")
        kinds.add(game.turn_kind)
        for action, _, reason in advice.alternatives:
            if isinstance(action, Send):
                assert "onto" in reason

    for seed in range(8):
        play_out(Game(rules, seed=seed), "eager", seed, each=check)
    assert kinds == {"normal", "lay", "tai"}


def test_a_search_hint_is_the_same_judgement_with_more_worlds():
    from phom.phom.hints import HINT_WORLDS

    game = Game(seed=12)
    quick = hint(game, seed=3)
    advice = hint(game, search=True, budget=0.01, seed=3)
    assert advice.action in game.legal_actions() and advice.playouts > quick.playouts
    # the look-ahead really looks further: at least four times the quick hint's worlds on its move
    assert quick.worlds == HINT_WORLDS and advice.worlds >= 4 * quick.worlds
    values = [v for _, v in advice.values]
    assert values[1:] == sorted(values[1:], reverse=True)
    assert advice.action == advice.values[0][0] or advice.action in advice.equal
    assert [a for a, _, _ in advice.alternatives][0] == advice.action
    if advice.equal:
        assert advice.reason.startswith(f"Discard {advice.action.card}: as good as ")
    else:
        assert advice.reason.startswith(f"Discard {advice.action.card}: over ") and (
            " trial games it wins " in advice.reason or " trial games it loses " in advice.reason)
    assert f"over {advice.worlds:,} trial games" in advice.reason
    with pytest.raises(ValueError, match="budget"):
        hint(game, search=True, budget=0)


def test_the_hint_is_the_reviews_choice_at_the_hints_budget():
    """The hint's judgement is the review's evaluator's race (phom.review.judge) at HINT_WORLDS."""
    from phom.phom.hints import HINT_WORLDS
    from phom.review.judge import judge

    game = Game(seed=12)
    verdict = judge(game.view(0), worlds=HINT_WORLDS, seed=5)
    advice = hint(game, seed=5)
    assert advice.action == verdict.plans[verdict.choice][0]
    assert verdict.worlds == HINT_WORLDS and verdict.playouts == advice.playouts
    assert verdict.plans[verdict.best][0] in (advice.equal or (advice.action,))


def test_a_hint_with_nothing_to_choose_gives_the_solver_s_reason():
    for seed in range(50):
        game = Game(seed=seed)
        game.apply(game.legal_actions()[0])
        view = game.view(game.to_move)
        if [type(a).__name__ for a in view.legal_actions] == ["Draw"]:
            advice = hint(view, search=True, budget=0.01)
            assert advice.reason.startswith("Draw: your best arrangement is") and advice.values == ()
            return
    raise AssertionError("no position with a forced draw in 50 games")


def test_an_eat_that_leaves_nothing_to_discard_gets_a_hint():
    """Found by the load test: in a tái turn, eating the card that makes a phỏm of the whole hand."""
    from phom.phom.position import view_from_position

    view = view_from_position({
        "player": 1, "hand": "5H 6H", "phase": "take", "last_discard": "7H", "stock_size": 5,
        "seats": [{"hand_size": 4, "row": "KS QS JD 7H", "laid": ["2C 3C 4C"], "laid_down": True},
                  {"hand_size": 2, "row": "AS 2S 9D", "laid": ["8S 8C 8D", "10C JC QC"], "laid_down": True},
                  {"hand_size": 9, "row": "4S"}, {"hand_size": 9, "row": "5S"}]})
    assert view.turn_kind == "tai" and "eat 7H" in [str(a) for a in view.legal_actions]
    advice = hint(view)
    eat = next(reason for a, _, reason in advice.alternatives if str(a) == "eat 7H")
    assert eat == "Eat 7♥ (ăn chốt): it completes 5♥ 6♥ 7♥, which you lay with the rest of your hand."


def _labelled_hints(game_name: str, games: int, seed: int, follow=None) -> tuple[int, int]:
    """Seat ``index % 4`` follows ``follow`` (default: the hint, seeded by the deal) against the
    project's bots; the review (its defaults, seed ``seed + 1``) labels its unforced decisions: how
    many, and how many a mistake or a blunder."""
    from phom.bots import make_bot
    from phom.review import review
    from phom.tienlen import TienLenGame
    from phom.tienlen.bots import make_tienlen_bot
    from phom.tienlen.hints import tienlen_hint

    names = ("greedy", "montecarlo:64", "random", "montecarlo")
    unforced = labelled = 0
    for index in range(games):
        seat, deal = index % 4, seed * 1000 + index
        game = Game(seed=deal) if game_name == "phom" else TienLenGame(seed=deal)
        maker = make_bot if game_name == "phom" else make_tienlen_bot
        bots = {p: maker(names[(index + p) % len(names)], seed=deal + p) for p in range(4) if p != seat}
        while not game.is_over:
            p = game.to_move
            if p != seat:
                game.apply(bots[p].act(game.view(p)))
            elif follow is not None:
                game.apply(follow(game, p))
            elif game_name == "phom":
                game.apply(hint(game, seed=deal).action)
            else:
                game.apply(tienlen_hint(game, p, seed=deal)[0])
        for d in review(game, seats=[seat], seed=seed + 1).decisions:
            if not d.forced:
                unforced += 1
                labelled += d.label in ("mistake", "blunder")
    return unforced, labelled


@pytest.mark.computational
@pytest.mark.parametrize(("game_name", "games"), [("phom", 10), ("tienlen", 6)])
def test_the_review_does_not_call_the_hint_a_mistake(game_name, games):
    """The contract's point at the suite's size (the 300-decision figure is in LADDER.md, from
    benchmarks/hint_agreement.py): at most one of 30+ unforced decisions labelled a mistake or a
    blunder. The greedy hint this replaced had 7 of 24 (Phỏm) and 8 of 46 (Tiến lên) here."""
    unforced, labelled = _labelled_hints(game_name, games, seed=11)
    assert unforced >= 30 and labelled <= 1, (unforced, labelled)


def test_moves_within_the_noise_are_said_to_be_as_good_as_each_other():
    """Where the best move is not ahead of the next by twice the standard error of their paired gap, the
    hint names them as good as each other (``equal``, its own move first), plays the greedy bot's among
    them where it is one, and says so in the reader's language; where one is ahead, ``equal`` is empty."""
    from phom.review.judge import EQUAL_Z, judge

    game = Game(seed=12)
    verdict = judge(game.view(0), seed=0)
    close = verdict.equal()
    assert len(close) > 1 and all(verdict.gaps[i] <= EQUAL_Z * verdict.gap_errors[i] for i in close)
    assert all(i not in close for i in verdict.alive if verdict.gaps[i] > EQUAL_Z * verdict.gap_errors[i])
    advice = hint(game)
    assert advice.equal[0] == advice.action and set(advice.equal) == {verdict.plans[i][0] for i in close}
    assert advice.action == verdict.plans[verdict.choice][0]
    assert verdict.choice == (verdict.greedy if verdict.greedy in close else verdict.best)
    others = [phom.phom.render.action_text(a, "vi") for a in advice.equal[1:]]
    said = hint(game, lang="vi").reason
    assert said.startswith(f"Đánh {advice.action.card}: ngang với ") and all(o.lower() in said.lower() for o in others)
    assert "as good as" in advice.reason
    clear = hint(Game(seed=28))
    assert clear.equal == () and "as good as" not in clear.reason


def test_a_tienlen_hint_names_plays_that_are_as_good_as_each_other():
    from phom.tienlen.hints import tienlen_advice
    from phom.tienlen.position import Position as TienLenPosition

    # seats 0 and 1 are out; whatever seat 2 plays of its three heo, seat 3 cannot beat it: every play wins
    game = TienLenPosition.parse(
        "2 2S2C2D 0/0/3/11 - - 01 F0 std 0:3S4D5H6S7C,1:-,2:5C6C7H8D9D,3:-,0:-,2:4S4H,3:-,0:10S10C,1:ADAH,2:-,0:-,"
        "1:3C,2:6H,3:AC,0:-,1:-,2:-,3:3D,0:QS,1:KS,2:AS,3:-,0:-,1:-,2:JS,3:-,0:KD,1:-,2:-,0:10DJHQDKH,1:-,2:-,3:-,"
        "1:7D,2:-,3:-,1:8C8H,2:-,3:-,1:9C9H,2:-,3:-,1:JCQHKC,2:-,3:-,1:2H,2:-,3:-").game()
    advice = tienlen_advice(game, 2, lang="vi")
    assert len(advice.equal) == len(game.legal_actions()) and advice.equal[0] == advice.action
    assert str(advice.action) == "play 2S 2C 2D"              # the careful player's: out at once
    # every play comes out the same in every trial game (a margin of 0): said as winning as much, not "as good as"
    assert ", bằng heo " in advice.reason and "ngang với" not in advice.reason, advice.reason
