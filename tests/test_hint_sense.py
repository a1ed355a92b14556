"""Hints a card player would not laugh at: positions written in each game's position notation
(``phom.tienlen.Position``, ``phom.Position``), each with the move a good player makes there and the moves
nobody makes (a heo thrown on a lone low card early, a single led into a player with one card left, a
card discarded out of a finished phỏm). The hint (quick and look-ahead) must play the good move, or say
that the good move is as good as its own (``equal``), and never a move nobody makes."""

from __future__ import annotations

import pytest
import phom
from phom import Game, Position, hint
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
