"""Hints a card player would not laugh at: positions written in each game's position notation
(``phom.tienlen.Position``, ``phom.Position``), each with the move a good player makes there and the moves
nobody makes (a heo thrown on a lone low card early, a single led into a player with one card left, a
card discarded out of a finished phỏm). The hint (quick and look-ahead) must play the good move, or say
that the good move is as good as its own (``equal``), and never a move nobody makes. Its reason must say
what is true of the move it names: the points left after that very move, and "as good as" only for moves
the trials put within the margin it quotes (over greedy self-play)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
import phom
from phom import Game, Position, hint
from phom.bots import GreedyBot
from phom.phom.actions import Action, AutoLay, Discard, Draw, Eat
from phom.phom.hints import Hint
from phom.phom.render import action_text
from phom.phom.view import PlayerView
from phom.tienlen.game import parse_action
from phom.tienlen.hints import tienlen_advice
from phom.tienlen.position import Position as TienLenPosition

#: (what the position is, the position, the moves a good player makes, the moves nobody makes)
TIENLEN = [
    ("a lone 10♣ early: a single that breaks nothing (J♦), never the heo",
     "2 4S4H5C5D6C7D8S9HJDQSQHKC2H 12/12/13/13 10C@1 - - F0 std 0:3S,1:10C",
     ["play JD"], ["play 2H"]),
    ("the opening 3♠ on the table: the lone 3♥, never a heo",
     "2 3H4C4H8S8C10S10DJHKSKCAH2C2D 13/12/13/13 3S@1 - - F1 std 1:3S",
     ["play 3H"], ["play 2C", "play 2D"]),
    ("a 3♥ early: the lone J♣, never the heo",
     "3 3C5S5D7H8H9S9DJCQDQHKDAS2H 13/12/12/13 3H@2 - - F1 std 1:3S,2:3H",
     ["play JC"], ["play 2H"]),
    ("the whole hand is one straight on lead: play it and go out",
     "0 10DJHQDKH 4/9/3/11 - - - F0 std 0:3S4D5H6S7C,1:-,2:5C6C7H8D9D,3:-,0:-,2:4S4H,3:-,0:10S10C,1:ADAH,2:-,"
     "0:-,1:3C,2:6H,3:AC,0:-,1:-,2:-,3:3D,0:QS,1:KS,2:AS,3:-,0:-,1:-,2:JS,3:-,0:KD,1:-,2:-",
     ["play 10D JH QD KH"], []),
    ("the next player holds one card: lead a pair, never a single",
     "2 JCJHASAD2C 0/5/5/1 - - 0 F1 std 1:3S3H,2:8C8D,3:10S10D,0:ACAH,1:-,2:-,3:-,0:4C,1:4D,2:QS,3:KC,0:-,1:KD,"
     "2:-,3:-,1:6H,2:-,3:-,0:QD,1:-,0:3D4H5H,1:-,2:4S5C6D,3:5S6S7S,0:-,2:-,3:3C,0:-,1:-,2:-,3:5D6C7C8H9H,"
     "0:8S9C10CJDQH,1:-,2:-,3:-,0:KH,1:2D,2:-,3:-,1:7D7H,2:9S9D,3:-,1:-",
     ["play JC JH"], ["play JC", "play JH", "play AS", "play AD"]),
    ("the next player holds one card, the pair of aces left: lead the pair",
     "2 ASAD2C 0/5/3/1 - - 0 F1 std 1:3S3H,2:8C8D,3:10S10D,0:ACAH,1:-,2:-,3:-,0:4C,1:4D,2:QS,3:KC,0:-,1:KD,2:-,"
     "3:-,1:6H,2:-,3:-,0:QD,1:-,0:3D4H5H,1:-,2:4S5C6D,3:5S6S7S,0:-,2:-,3:3C,0:-,1:-,2:-,3:5D6C7C8H9H,"
     "0:8S9C10CJDQH,1:-,2:-,3:-,0:KH,1:2D,2:-,3:-,1:7D7H,2:9S9D,3:-,1:-,2:JCJH,3:-,1:-",
     ["play AS AD"], ["play AS", "play AD"]),
    ("the next player holds one card, pairs in hand: a pair, never the lone J♦",
     "2 6S6C8S8H10D10HJD2S2D 2/0/9/1 - - 1 F2 std 2:3S3C,3:7S7D,0:ASAH,1:-,2:-,3:-,0:4C5C6D7C,1:-,2:-,3:-,0:9S,"
     "1:KS,2:AD,3:-,0:-,1:-,2:4H,3:9D,0:QS,1:-,2:-,3:-,0:JSQHKD,1:JHQCKH,2:-,3:QDKCAC,0:-,1:-,3:3H4S5S,0:-,"
     "1:3D4D5D,2:-,3:8C9H10S,1:8D9C10C,3:-,1:5H6H7H,2:-,3:-,0:-",
     ["play 6S 6C", "play 8S 8H", "play 10D 10H", "play 2S 2D"], ["play JD"]),
]


def _moves(names: list[str]) -> set[str]:
    return {str(parse_action(name)) for name in names}


@pytest.mark.parametrize("search", [False, True], ids=["quick", "look-ahead"])
@pytest.mark.parametrize(("what", "text", "good", "never"), TIENLEN, ids=[c[0].split(":")[0] for c in TIENLEN])
def test_tienlen_hints_make_sense(what, text, good, never, search):
    position = TienLenPosition.parse(text)
    assert str(position) == text                                    # the notation reads back exactly
    game = position.game()
    legal = {str(a) for a in game.legal_actions()}
    good_moves, bad_moves = _moves(good), _moves(never)
    assert good_moves <= legal and bad_moves <= legal, (good_moves - legal, bad_moves - legal)
    advice = tienlen_advice(game, game.to_move, search=search)
    said = str(advice.action)
    assert said not in bad_moves, (what, said, advice.reason)
    assert said in good_moves or good_moves & {str(a) for a in advice.equal}, (what, said, advice.reason)
    if advice.equal:                                                # named as good as each other
        assert advice.equal[0] == advice.action and len(set(advice.equal)) == len(advice.equal) > 1


def _phom_deal(hands: list[str]) -> Game:
    used = sum(phom.cards(h).mask for h in hands)
    stock = [phom.Card.from_index(c) for c in range(52) if not used >> c & 1][:15]
    return Game(deal=(hands, stock))


#: Phỏm: (what, the position, good moves, moves nobody makes)
PHOM = [
    ("a finished phỏm of sevens and a cạ 2♥ 3♥: discard a loose card, never a seven or the cạ",
     "0pN 5S7SKS7C9C7DQD2H3HJH 10/9/9/9 -/-/-/- -/-/-/- -/-/-/- - 0/0/0/0 15 0 - 0 std",
     ["discard KS", "discard QD", "discard JH", "discard 9C", "discard 5S"],
     ["discard 7S", "discard 7C", "discard 7D", "discard 2H", "discard 3H"]),
]


def test_the_phom_position_is_the_dealt_game():
    game = _phom_deal(["7S 7C 7D 2H 3H KS QD 9C 5S JH", "7H 8S 2C 5D KD 4C 6D QC AH", "AS 3S 6S 8C 9D JC 2D 4D 6C",
                       "JS QS 10S 3C 5C 10C 4H 9H 10D"])
    assert str(Position.of(game)) == PHOM[0][1]


@pytest.mark.parametrize("search", [False, True], ids=["quick", "look-ahead"])
@pytest.mark.parametrize(("what", "text", "good", "never"), PHOM, ids=["phỏm kept"])
def test_phom_hints_make_sense(what, text, good, never, search):
    view = Position.parse(text).view()
    advice = hint(view, search=search, budget=0.5)
    said = str(advice.action)
    assert said not in never, (what, said, advice.reason)
    assert said in good or set(good) & {str(a) for a in advice.equal}, (what, said, advice.reason)


def test_an_eat_that_completes_a_phom_is_advised():
    hands = ["9S 10S 2H 4H 6H 8H QH KH 3D JD", "7S 8S 2C 5D KD 4C 6D QC AH", "AS 3S 5S 7C 9C JC 2D 4D 6C",
             "JS QS KS 3C 5C 8C 10C 7D 9D"]
    game = _phom_deal(hands)
    game.apply(phom.Discard("9S"))
    for search in (False, True):
        assert hint(game, search=search, budget=0.5).action == phom.Eat("9S")


# -- the reason says what the trials and the solver say of the move it names ----------------------------
_POINTS = re.compile(r"(\d+) points")
_EQUAL = re.compile(r": as good as (.+) \(over [\d,]+ trial games they are at most (\d+\.\d\d) stakes a game apart, "
                    r"within the trials' margin of (\d+\.\d\d)\)")


def _said_actions(view: PlayerView, text: str) -> list[Action]:
    """A move list as the hint writes it ("Eat J♥, discard 8♦"), read back into actions."""
    known = {action_text(a, "en"): a for a in [*view.legal_actions, AutoLay(), Draw(),
                                               *(f(phom.Card.from_index(c)) for c in range(52) for f in (Discard, Eat))]}
    return [known[part[:1].lower() + part[1:]] for part in text.split(", ")]


def _points_after(view: PlayerView, plan: list[Action]) -> int | None:
    """The fewest points the player can hold once ``plan`` is played (None: a plan the reason quotes no
    points for)."""
    hand, eaten = view.hand.mask, view.unlaid_eaten.mask
    values = view.rules.value_table
    if len(plan) == 1 and isinstance(plan[0], Draw):
        return phom.min_points(phom.CardSet(hand), eaten=phom.CardSet(eaten), values=values)
    if len(plan) > 1 and isinstance(plan[0], Eat) and isinstance(plan[-1], Discard):    # ăn chốt: a lay-down between
        x, c = plan[0].card.mask, plan[-1].card.mask
        return phom.min_points(phom.CardSet((hand | x) & ~c), eaten=phom.CardSet(eaten | x), values=values)
    if len(plan) == 1 and isinstance(plan[0], Discard):
        return phom.min_points(phom.CardSet(hand & ~plan[0].card.mask), eaten=phom.CardSet(eaten), values=values)
    return None


def check_reason(view: PlayerView, advice: Hint) -> tuple[int, int]:
    """The points the reason quotes are those of the move it names; a move it calls as good as the one it
    plays is within the margin it quotes of it in ``advice.values``, the margin above 0. Returns (points
    checked, "as good as" sentences checked)."""
    head, _sep, rest = advice.reason.partition(": ")
    plan = _said_actions(view, head)
    assert plan[0] == advice.action, (advice.reason, advice.action)
    checked = [0, 0]
    expected = _points_after(view, plan)
    if expected is not None:
        quoted = [int(p) for p in _POINTS.findall(rest)]
        assert quoted == [expected], (advice.reason, expected)
        checked[0] = 1
    said = _EQUAL.search(advice.reason)
    assert (said is None) == ("as good as" not in advice.reason), advice.reason
    if said:
        names, gap, margin = said.group(1), float(said.group(2)), float(said.group(3))
        names, _and, last = names.rpartition(" and ")
        more = re.fullmatch(r"(\d+) other moves?", last)
        others = _said_actions(view, names if more else f"{names}, {last}" if names else last)
        values = dict(advice.values)
        assert margin > 0 and gap <= margin, advice.reason
        assert others and set(others) <= set(advice.equal[1:]), (advice.reason, advice.equal)
        if more:                            # the moves not named one by one: as many within the margin
            unnamed = [a for a in advice.equal[1:] if a not in others
                       and abs(values[advice.action] - values[a]) <= margin + 0.005]
            assert len(unnamed) >= int(more.group(1)), (advice.reason, advice.values)
        widest = max(abs(values[advice.action] - values[o]) for o in others)
        assert widest <= gap + 0.005, (advice.reason, advice.values)
        for other in others:
            assert abs(values[advice.action] - values[other]) <= margin + 0.005, (advice.reason, advice.values)
        checked[1] = 1
    return checked[0], checked[1]


def test_an_eat_quotes_the_points_of_its_own_discard() -> None:
    # eating J♥ then discarding K♠ would leave 24 points; the hint discards 8♦, which leaves 29
    view = Position.parse("1tN 2SKS3C6C5D8D9H10HQH 9/9/9/9 JH/-/-/- -/-/-/- -/-/-/- - 1/0/0/0 15 0 - 1 std").view()
    advice = hint(view)
    assert advice.reason.startswith("Eat J♥, discard 8♦: "), advice.reason
    assert check_reason(view, advice)[0] == 1
    assert "leaves 29 points" in advice.reason
    assert "completes 9♥ 10♥ J♥ Q♥ and" in advice.reason       # the phỏm the 29 points count, not the 3 it could be
    assert "29 điểm" in hint(view, lang="vi").reason


def test_as_good_as_quotes_the_real_gap_and_margin() -> None:
    # the greedy bot's Q♠ is played, within the noise of the best (8♥): the sentence says by how much
    view = Position.parse("1pN 2S7SQS5C6D7D8D10D8H10H 9/10/9/9 KHJD/QC/9H/KC -/-/-/- -/-/-/- - 2/1/1/1 10 0 - 10 "
                          "std").view()
    advice = hint(view)
    assert "0.00" not in advice.reason, advice.reason
    assert check_reason(view, advice) == (1, 1) or "as good as" not in advice.reason
    assert "0,00" not in hint(view, lang="vi").reason


def test_moves_that_come_out_the_same_are_said_to_win_as_much():
    # ù or the automatic lay-down (which goes out too): the same money in every trial game, no margin to quote
    view = Position.parse("2pHc 10S4C10C8D9D10D3H4H5H10H 9/9/10/9 KC9S8S/JC9C9H!9D/KHQC/KDKS5D -/-/10C9D*/JS "
                          "-/-/-/- - 4/4/3/3 4 3 2 28 std").view()
    advice = hint(view)
    assert "margin of 0.00" not in advice.reason and check_reason(view, advice) == (0, 0)
    assert advice.reason.startswith("Ù: over 256 trial games it wins 19.00 stakes a game on average, as much as "
                                    "laying down automatically."), advice.reason
    assert "bằng hạ phỏm" in hint(view, lang="vi").reason


def _greedy_decisions(games: int, first_seed: int) -> Iterator[PlayerView]:
    """Every decision with a choice in ``games`` greedy self-play games."""
    for seed in range(first_seed, first_seed + games):
        game, bot = Game(seed=seed), GreedyBot()
        for _ in range(400):                            # bounded: a game has far fewer turns
            if game.to_move is None:
                break
            view = game.view(game.to_move)
            if len(view.legal_actions) > 1:
                yield view
            game.apply(bot.act(view))


def _check_many(decisions: int, first_seed: int) -> tuple[int, int, int]:
    seen = points = equal = 0
    for view in _greedy_decisions(10 * decisions, first_seed):
        p, e = check_reason(view, hint(view, search=seen % 10 == 9, budget=0.1))     # every tenth looks ahead
        seen, points, equal = seen + 1, points + p, equal + e
        if seen >= decisions:
            break
    return seen, points, equal


def test_reasons_agree_with_the_move_and_the_trials_quick() -> None:
    seen, points, _equal = _check_many(30, 5000)
    assert seen == 30 and points >= 20


@pytest.mark.computational
def test_reasons_agree_with_the_move_and_the_trials_over_self_play() -> None:
    seen, points, equal = _check_many(300, 7000)
    print(f"{seen} decisions, {points} quoted points checked, {equal} 'as good as' sentences checked")
    assert seen == 300 and points >= 200 and equal >= 10


_TL_EQUAL = re.compile(r"^as good as (.+) \(over [\d,]+ trial games they are at most (\d+\.\d\d) stakes a game apart, "
                       r"within the trials' margin of (\d+\.\d\d)\)")
_TL_JUDGED = re.compile(r"^over [\d,]+ trial games it (wins|loses) (\d+\.\d\d) stakes a game on average")


def _check_tienlen(games: int, first_seed: int) -> tuple[int, int]:
    """Tiến lên's hint over greedy self-play: a reason's figures are the played move's own (its value in
    ``values``), and a move called as good as it is within the margin quoted, the margin above 0."""
    from phom.tienlen import TienLenGame
    from phom.tienlen.bots import GreedyTienLenBot
    from phom.tienlen.hints import describe

    seen = equal = 0
    for seed in range(first_seed, first_seed + games):
        game, bot = TienLenGame(seed=seed), GreedyTienLenBot()
        while not game.is_over:
            seat = game.to_move
            if len(game.legal_actions()) > 1:
                advice = tienlen_advice(game, seat)
                values = dict(advice.values)
                names = {describe(a, "en").lower(): a for a in values}
                said, judged = _TL_EQUAL.search(advice.reason), _TL_JUDGED.search(advice.reason)
                if said:
                    gap, margin = float(said.group(2)), float(said.group(3))
                    assert margin > 0 and gap <= margin, advice.reason
                    others = [names[n.lower()] for n in re.split(r", | and ", said.group(1)) if n.lower() in names]
                    assert others, advice.reason
                    for other in others:
                        assert abs(values[advice.action] - values[other]) <= margin + 0.005, (advice.reason, values)
                    equal += 1
                elif judged and advice.action in values:
                    value = float(judged.group(2)) * (1 if judged.group(1) == "wins" else -1)
                    assert abs(value - values[advice.action]) <= 0.005 + 1e-9, (advice.reason, values)
                seen += 1
            game.apply(bot.act(game.view(seat)))
    return seen, equal


def test_tienlen_reasons_are_the_played_moves_own_figures() -> None:
    seen, equal = _check_tienlen(2, 40)
    assert seen >= 40 and equal >= 5
