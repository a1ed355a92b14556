"""RULES.md worked examples and named situations, played through the referee as real action sequences
on fixed deals.

Most scripts let every player draw and discard the card just drawn, so hands stay as dealt and the
stock order decides who discards what; the tests then eat, lay and send where the rule under test acts.
"""

from __future__ import annotations

import pytest

import phom
from phom import AutoLay, Card, CardSet, DeclareU, DeclareUKhan, Discard, Draw, Eat, Game, IllegalAction, LayMeld, Rules, Send
from phom.cards import DECK_MASK
from game_helpers import check_invariants


def build_deal(rules: Rules, hands: dict[int, str], stock: dict[int, str], leader: int = 0):
    """Fixed hands for some seats and fixed stock positions; the rest filled in deck order."""
    used = 0
    for text in list(hands.values()) + list(stock.values()):
        used |= phom.cards(text).mask
    spare = [c for c in CardSet(DECK_MASK & ~used)]
    # fill from the high end of the deck first: hearts and diamonds high cards rarely matter here
    spare.reverse()
    out_hands = []
    for p in range(rules.players):
        size = rules.leader_hand_size if p == leader else rules.hand_size
        cards = list(phom.cards(hands.get(p, "")))
        while len(cards) < size:
            cards.append(spare.pop())
        out_hands.append(CardSet(cards))
    out_stock = []
    for i in range(rules.stock_size):
        out_stock.append(Card.parse(stock[i]) if i in stock else spare.pop())
    return out_hands, out_stock


def new_game(hands, stock, rules=None, leader=0):
    rules = rules or Rules()
    return Game(rules, deal=build_deal(rules, hands, stock, leader), leader=leader)


def drawn_card(game: Game) -> Card:
    before = game.hands[game.to_move].mask
    game.apply(Draw())
    return next(iter(CardSet(game.hands[game.history[-1][0]].mask & ~before)))


def quiet_turn(game: Game) -> Card:
    """Draw and discard the card drawn; return it."""
    card = drawn_card(game)
    game.apply(Discard(card))
    return card


def quiet_turns(game: Game, count: int) -> None:
    for _ in range(count):
        quiet_turn(game)


A, B, C, D = range(4)


def test_timeline_without_eats():
    game = new_game({A: "2S 5S 9S QS 3C 7C JC 4D 8D KD"}, {})
    assert game.stock_size == 15 and game.turn_kind == "normal" and game.phase == "play"
    game.apply(Discard("KD"))                       # the leader's first turn: no take
    quiet_turns(game, 10)                           # B C D A B C D A B C
    assert game.to_move == D
    quiet_turn(game)                                # D's 3rd draw leaves 4
    assert game.stock_size == 4
    assert game.to_move == A and game.turn_kind == "lay" and len(game.rows[A]) == 3
    quiet_turn(game)                                # A's 4th draw leaves 3; A lays down first
    assert game.stock_size == 3 and game.laid_down[A]
    for seat in (B, C):
        assert game.to_move == seat and game.turn_kind == "lay"
        quiet_turn(game)
    assert game.to_move == D and game.turn_kind == "lay"
    quiet_turn(game)                                # D's 4th draw empties the stock, his discard ends it
    assert game.is_over and game.stock_size == 0 and game.draws == 15
    assert all(len(row) == 4 for row in game.rows)
    result = game.result
    assert result.mom == (True, True, True, True)
    assert result.ranking == (A, B, C, D)           # all móm: by lay-down order
    assert result.payments == ((B, A, 4, "mom"), (C, A, 4, "mom"), (D, A, 4, "mom"))
    assert result.net == (12, -4, -4, -4)
    check_invariants(game)


def test_first_chot_is_ds_third_discard_and_tai_gives_a_fifth_take():
    hands = {A: "7H 8H 2S 3S 5S 5C 5D 5H QC KC", D: "AC 2C 4C 6C 8C 10C 3D 6D JD"}
    game = new_game(hands, {10: "9H", 14: "4S"})
    game.apply(Discard("KC"))
    quiet_turns(game, 10)
    assert quiet_turn(game) == Card("9H")           # D's 3rd discard
    assert game.to_move == A and game.turn_kind == "lay"
    assert Eat("9H") in game.legal_actions()
    rows_before = game.rows
    game.apply(Eat("9H"))                           # ăn chốt in the lay-down turn
    assert game.payments == ((D, A, 4, "chot"),)
    # chuyển bài: 9♥ leaves D's row, A's latest row card moves to D's row, the lead moves to B
    assert game.rows[D] == rows_before[D][:2] + (rows_before[A][-1],)
    assert game.rows[A] == rows_before[A][:-1]
    with pytest.raises(IllegalAction, match="lay every eaten card"):
        game.apply(Discard("QC"))
    with pytest.raises(IllegalAction, match="bound|eaten"):
        game.apply(Discard("9H"))
    game.apply(LayMeld("7H 8H 9H"))
    game.apply(LayMeld("5S 5C 5D 5H"))
    game.apply(Discard("QC"))
    assert game.laid_down[A] and game.stock_size == 4
    for seat in (B, C, D):                          # B and C lay-down turns; D's row is 3 again
        assert game.to_move == seat and game.turn_kind == "lay"
        quiet_turn(game)
    assert game.to_move == A and game.turn_kind == "tai" and game.stock_size == 1
    assert drawn_card(game) == Card("4S")          # A's fifth take (thêm vòng)
    game.apply(LayMeld("2S 3S 4S"))                 # nothing left and no discard: ù tròn in tái
    assert game.is_over
    result = game.result
    assert (result.u, result.u_kind) == (A, "u_tron")
    assert result.payments[1:] == ((B, A, 10, "u_tron"), (C, A, 10, "u_tron"), (D, A, 10, "u_tron"))
    assert result.net == (34, -10, -10, -14)
    check_invariants(game)


def test_tai_finish_is_plain_u_when_u_tron_in_tai_is_off():
    hands = {A: "7H 8H 2S 3S 5S 5C 5D 5H QC KC"}
    game = new_game(hands, {10: "9H", 14: "4S"}, rules=Rules(u_tron_in_tai=False))
    game.apply(Discard("KC"))
    quiet_turns(game, 11)
    game.apply(Eat("9H"))
    game.apply(AutoLay())
    assert game.laid[A] == [phom.cards("5S 5C 5D 5H"), phom.cards("7H 8H 9H")]
    game.apply(Discard("QC"))
    quiet_turns(game, 3)
    drawn_card(game)
    game.apply(LayMeld("2S 3S 4S"))
    assert game.result.u_kind == "u" and game.result.net == (19, -5, -5, -9)


def gui_example_before_the_lay_turns() -> Game:
    """The ù-by-gửi deal of the RULES example, played to A's lay-down turn (D draws K♠ on his)."""
    hands = {
        A: "JH QH KH 2S 6S 8D 2H 9C JC KC",
        B: "10S 10C 10D 2C 6H 8S QD AD 7D",
        C: "4S 4C 4H AC 3C 9D JS 5H 7S",
        D: "3S 3H 3D 5C 6C 7C 8C 10H 4D",
    }
    game = new_game(hands, {14: "KS"})
    game.apply(Discard("KC"))
    quiet_turns(game, 11)
    return game


def test_u_by_gui_example():
    game = gui_example_before_the_lay_turns()
    for seat, meld in ((A, "JH QH KH"), (B, "10S 10C 10D"), (C, "4S 4C 4H")):
        assert game.to_move == seat and game.turn_kind == "lay"
        card = drawn_card(game)
        game.apply(LayMeld(meld))
        game.apply(Discard(card))
    assert game.to_move == D and game.turn_kind == "lay"
    assert drawn_card(game) == Card("KS")
    game.apply(LayMeld("3S 3H 3D"))
    game.apply(LayMeld("5C 6C 7C 8C"))
    with pytest.raises(IllegalAction, match="laid before his"):
        game.apply(Send("10H", (D, 0)))
    game.apply(Send("10H", (A, 0)))
    with pytest.raises(IllegalAction, match="phỏm are laid before gửi"):
        game.apply(LayMeld("AS 2S 3S"))
    game.apply(Send("4D", (C, 0)))
    assert game.laid[A][0] == phom.cards("10H JH QH KH")
    game.apply(Discard("KS"))
    result = game.result
    assert (result.u, result.u_kind) == (D, "u")
    assert result.payments == ((A, D, 5, "u"), (B, D, 5, "u"), (C, D, 5, "u"))


def test_autolay_plays_the_best_lay_down_and_gui():
    game = gui_example_before_the_lay_turns()
    for meld in ("JH QH KH", "10S 10C 10D", "4S 4C 4H"):
        card = drawn_card(game)
        game.apply(LayMeld(meld))
        game.apply(Discard(card))
    drawn_card(game)
    game.apply(AutoLay())
    assert game.hands[D] == phom.cards("KS")
    game.apply(Discard("KS"))
    assert game.result.u_kind == "u"


def test_u_tron_on_the_leaders_first_turn():
    game = new_game({A: "AS 2S 3S 5C 5D 5H 9D 10D JD QD"}, {})
    assert DeclareU() in game.legal_actions()
    game.apply(DeclareU())
    assert (game.result.u, game.result.u_kind) == (A, "u_tron")
    assert game.result.net == (30, -10, -10, -10)
    assert sorted(m.mask for m in game.laid[A]) == sorted(
        phom.cards(t).mask for t in ("AS 2S 3S", "5C 5D 5H", "9D 10D JD QD"))


def test_u_khan_at_the_start_of_the_first_turn():
    hands = {A: "2D 6D 10D 3H 7H JH 5H 9H QD KH", B: "AS 4S 7S 10S KS 2C 5C 8C JC"}
    game = new_game(hands, {})
    assert phom.is_u_khan(hands[B])
    game.apply(Discard("KH"))
    assert game.to_move == B and DeclareUKhan() in game.legal_actions()
    game.apply(DeclareUKhan())
    assert (game.result.u, game.result.u_kind) == (B, "u_khan")
    assert game.result.net == (-5, 15, -5, -5)


def test_u_khan_only_at_the_very_start():
    hands = {A: "2D 6D 10D 3H 7H JH 5H 9H QD KH", B: "AS 4S 7S 10S KS 2C 5C 8C JC"}
    game = new_game(hands, {}, rules=Rules(u_khan=False))
    game.apply(Discard("KH"))
    assert DeclareUKhan() not in game.legal_actions()
    with pytest.raises(IllegalAction, match="ù khan is off"):
        game.apply(DeclareUKhan())
    game = new_game(hands, {})
    game.apply(Discard("KH"))
    game.apply(Draw())
    with pytest.raises(IllegalAction, match="very start"):
        game.apply(DeclareUKhan())


def test_den_three_eats():
    hands = {A: "7S 9H JC 2D 4D 6D 8D 10D QD AC", B: "5S 6S 9D 9C QC KC 2H 4H 6H"}
    game = new_game(hands, {})
    game.apply(Discard("7S"))
    game.apply(Eat("7S"))
    game.apply(Discard("2H"))
    quiet_turns(game, 2)                            # C, D
    drawn_card(game)
    game.apply(Discard("9H"))
    game.apply(Eat("9H"))
    game.apply(Discard("4H"))
    quiet_turns(game, 2)
    drawn_card(game)
    game.apply(Discard("JC"))
    game.apply(Eat("JC"))                           # the third eat completes an ù
    assert DeclareU() in game.legal_actions()
    game.apply(DeclareU())
    result = game.result
    assert (result.u, result.u_kind) == (B, "u")
    assert result.payments == ((A, B, 1, "eat"), (A, B, 1, "eat"), (A, B, 1, "eat"), (A, B, 15, "den"))
    assert result.net == (-18, 18, 0, 0)


def test_den_three_off_everyone_pays():
    hands = {A: "7S 9H JC 2D 4D 6D 8D 10D QD AC", B: "5S 6S 9D 9C QC KC 2H 4H 6H"}
    game = new_game(hands, {}, rules=Rules(den_three=False, eat_pay="progressive"))
    game.apply(Discard("7S")); game.apply(Eat("7S")); game.apply(Discard("2H"))
    quiet_turns(game, 2); drawn_card(game); game.apply(Discard("9H"))
    game.apply(Eat("9H")); game.apply(Discard("4H"))
    quiet_turns(game, 2); drawn_card(game); game.apply(Discard("JC"))
    game.apply(Eat("JC")); game.apply(DeclareU())
    result = game.result
    assert [p for p in result.payments if p[3] == "eat"] == [(A, B, 1, "eat"), (A, B, 2, "eat"), (A, B, 3, "eat")]
    assert [p for p in result.payments if p[3] == "u"] == [(A, B, 5, "u"), (C, B, 5, "u"), (D, B, 5, "u")]


def test_chot_den_when_u_comes_in_the_chot_turn():
    hands = {A: "7H 8H 2S 3S 4S 5S 5C 5D QC KC"}
    game = new_game(hands, {10: "9H"})
    game.apply(Discard("KC"))
    quiet_turns(game, 11)
    game.apply(Eat("9H"))
    game.apply(DeclareU())
    result = game.result
    assert (result.u, result.u_kind) == (A, "u")
    assert result.payments == ((D, A, 4, "chot"), (D, A, 15, "den"))


def test_chot_eater_den_house_rule():
    hands = {A: "7H 8H 2S 3S 5S 5C 5D 5H QC KC", B: "AC 2C 3C 6D 7D 8D JS QS KS"}
    for den_chot_eater, expected in ((True, ((A, B, 15, "den"),)),
                                     (False, ((A, B, 5, "u"), (C, B, 5, "u"), (D, B, 5, "u")))):
        game = new_game(hands, {10: "9H"}, rules=Rules(den_chot_eater=den_chot_eater))
        game.apply(Discard("KC"))
        quiet_turns(game, 11)
        game.apply(Eat("9H"))
        game.apply(LayMeld("7H 8H 9H"))
        game.apply(Discard("QC"))
        drawn_card(game)                            # B's lay-down turn: 9 cards in phỏm + 1
        game.apply(DeclareU())
        assert game.result.payments[1:] == expected


def test_victim_last_chot_rule():
    hands = {A: "7H 8H 2S 3S 5S 5C 5D 5H QC KC"}
    game = new_game(hands, {10: "9H"}, rules=Rules(chot_rule="victim_last"))
    game.apply(Discard("KC"))
    quiet_turns(game, 11)
    game.apply(Eat("9H"))                           # D's 3rd discard is not his last: a plain eat
    assert game.payments == ((D, A, 1, "eat"),)


def test_two_eaten_cards_cannot_share_a_phom_in_play():
    a_hand = "9S 10S 2H 4H 6H 8H QH 5H 3D JD"
    for b_hand, can in (("7S 8S 2C 5D KH 4C 6D QC AH", False), ("7S 8S 10D 10C KH 4C 6D QC AH", True)):
        hands = {A: a_hand, B: b_hand}
        game = new_game(hands, {})
        game.apply(Discard("9S"))
        game.apply(Eat("9S"))
        game.apply(Discard("AH"))
        quiet_turns(game, 2)
        drawn_card(game)
        game.apply(Discard("10S"))
        assert (Eat("10S") in game.legal_actions()) == can
        if can:
            assert phom.eat_melds(game.hands[B], "10S", game.unlaid_eaten[B]) == [phom.cards("10S 10C 10D")]
        else:
            with pytest.raises(IllegalAction, match="no arrangement"):
                game.apply(Eat("10S"))


def test_bound_cards_cannot_be_discarded():
    hands = {A: "JH 2S 4S 6S 8S 10S QS 3D 5D 7D", B: "QH 10H 9H 2C 4C 6C 8C 10C KD"}
    game = new_game(hands, {})
    game.apply(Discard("JH"))
    game.apply(Eat("JH"))
    assert Discard("10H") not in game.legal_actions()
    with pytest.raises(IllegalAction, match="bound"):
        game.apply(Discard("10H"))
    with pytest.raises(IllegalAction, match="eaten"):
        game.apply(Discard("JH"))
    game.apply(Discard("9H"))                       # Q♥ J♥ 10♥ stays


def test_mom_and_ranking_ties_by_lay_order():
    # everyone keeps 3 cards worth 6 after laying a 6-card pair of phỏm; A laid first
    hands = {
        A: "AS 2S 3S 4D 4C 4H 3H AD 2C KS",
        B: "5S 6S 7S 8D 8C 8H 3D AC 2D",
        C: "9S 10S JS QD QC QH 3C AH 2H",
        D: "6H 7H 9D JD KD 5C 7C 9C JC",
    }
    game = new_game(hands, {})
    game.apply(Discard("KS"))
    quiet_turns(game, 11)
    for seat, melds in ((A, ["AS 2S 3S", "4D 4C 4H"]), (B, ["5S 6S 7S", "8D 8C 8H"]),
                        (C, ["9S 10S JS", "QD QC QH"])):
        assert game.to_move == seat and game.turn_kind == "lay"
        card = drawn_card(game)
        for meld in melds:
            game.apply(LayMeld(meld))
        game.apply(Discard(card))
    quiet_turn(game)                                # D lays nothing: móm
    result = game.result
    assert result.points == (6, 6, 6, sum(c.points for c in phom.cards(hands[D])))
    assert result.mom == (False, False, False, True)
    assert result.ranking == (A, B, C, D)
    assert result.payments == ((B, A, 1, "place"), (C, A, 2, "place"), (D, A, 4, "mom"))


def test_a_player_without_tai_ranks_above_one_with_tai_on_a_tie():
    # A eats D's chốt, so A gets a tái turn; A and B both finish on 5 points
    hands = {A: "7H 8H 2S 3S 5S 5C 5D 5H QC KC", B: "JS QS KS 2D 3D 4D AH AC 3C"}
    game = new_game(hands, {10: "9H"})
    game.apply(Discard("KC"))
    quiet_turns(game, 11)
    game.apply(Eat("9H"))
    game.apply(LayMeld("7H 8H 9H"))
    game.apply(LayMeld("5S 5C 5D 5H"))
    game.apply(Discard("QC"))                       # A keeps 2♠ 3♠: 5 points
    card = drawn_card(game)
    game.apply(LayMeld("JS QS KS"))
    game.apply(LayMeld("2D 3D 4D"))
    game.apply(Discard(card))                       # B keeps A♥ A♣ 3♣: 5 points
    quiet_turns(game, 2)                            # C and D lay down móm
    assert game.to_move == A and game.turn_kind == "tai"
    quiet_turn(game)
    result = game.result
    assert result.points[A] == result.points[B] == 5
    assert result.ranking == (B, A, C, D)
    tie_off = Rules(tai_gui=False)
    game = new_game(hands, {10: "9H"}, rules=tie_off)
    game.apply(Discard("KC")); quiet_turns(game, 11); game.apply(Eat("9H"))
    game.apply(LayMeld("7H 8H 9H")); game.apply(LayMeld("5S 5C 5D 5H")); game.apply(Discard("QC"))
    card = drawn_card(game); game.apply(LayMeld("JS QS KS")); game.apply(LayMeld("2D 3D 4D"))
    game.apply(Discard(card)); quiet_turns(game, 3)
    assert game.result.ranking == (A, B, C, D)      # without tái gửi the earlier lay-down wins the tie


@pytest.mark.parametrize("players", [2, 3])
def test_smaller_tables_keep_the_timeline(players):
    rules = Rules(players=players)
    game = Game(rules, seed=players)
    assert game.stock_size == 4 * players - 1
    first = list(game.hands[0])[0]
    game.apply(Discard(first))
    turns = 0
    while not game.is_over:
        quiet_turn(game)
        turns += 1
    assert turns == 4 * players - 1 and all(len(r) == 4 for r in game.rows)
    places = rules.stakes.by_place(players)
    assert len(game.result.ranking) == players and len(places) == players


def test_three_player_places_pay_one_and_two():
    rules = Rules(players=3)
    hands = {A: "AS 2S 3S 4D 4C 4H 3H AD 2C KS", B: "5S 6S 7S 8D 8C 8H 3D AC 9D", C: "9S 10S JS QD QC QH 3C 10H JH"}
    game = Game(rules, deal=build_deal(rules, hands, {}))
    game.apply(Discard("KS"))
    quiet_turns(game, 8)
    for melds in (["AS 2S 3S", "4D 4C 4H"], ["5S 6S 7S", "8D 8C 8H"], ["9S 10S JS", "QD QC QH"]):
        card = drawn_card(game)
        for meld in melds:
            game.apply(LayMeld(meld))
        game.apply(Discard(card))
    result = game.result
    assert result.ranking == (A, B, C)
    assert result.payments == ((B, A, 1, "place"), (C, A, 2, "place"))


def test_eight_card_variant():
    rules = Rules.eight_cards()
    game = Game(rules, seed=3)
    assert [len(h) for h in game.hands] == [9, 8, 8, 8] and game.stock_size == 15
    game.apply(Discard(list(game.hands[0])[0]))
    while not game.is_over:
        quiet_turn(game)
    assert game.draws == 15 and all(len(r) == 4 for r in game.rows)


def test_must_lay_all():
    hands = {A: "AS 2S 3S 4S 9D 9C 9H QC KC JD"}
    game = new_game(hands, {11: "KH"}, rules=Rules(must_lay_all=True))
    game.apply(Discard("JD"))
    quiet_turns(game, 11)
    drawn = drawn_card(game)
    with pytest.raises(IllegalAction, match="fewest points"):
        game.apply(Discard(drawn))
    assert LayMeld("AS 2S 3S") not in game.legal_actions()   # leaves 4♠ out: not the fewest points
    game.apply(LayMeld("AS 2S 3S 4S"))
    game.apply(LayMeld("9D 9C 9H"))
    game.apply(Discard(drawn))


def test_tai_gui_off_forbids_sending_in_tai():
    rules = Rules(tai_gui=False)
    hands = {A: "7H 8H 2S 3S 5S 5C 5D 5H QC KC"}
    game = new_game(hands, {10: "9H", 14: "10H"}, rules=rules)
    game.apply(Discard("KC"))
    quiet_turns(game, 11)
    game.apply(Eat("9H"))
    game.apply(LayMeld("7H 8H 9H"))
    game.apply(LayMeld("5S 5C 5D 5H"))
    game.apply(Discard("QC"))
    quiet_turns(game, 3)
    drawn_card(game)                                # 10♥ in A's tái turn
    assert not [a for a in game.legal_actions() if isinstance(a, Send)]
    with pytest.raises(IllegalAction, match="tai_gui is off"):
        game.apply(Send("10H", (A, 0)))


def test_illegal_actions_change_nothing_and_say_why():
    game = new_game({A: "2S 5S 9S QS 3C 7C JC 4D 8D KD"}, {})
    with pytest.raises(IllegalAction, match="does not hold"):
        game.apply(Discard("KH"))
    with pytest.raises(IllegalAction, match="lay-down turn"):
        game.apply(LayMeld("AS 2S 3S"))
    game.apply(Discard("KD"))
    with pytest.raises(IllegalAction, match="must first (take|draw)"):
        game.apply(Discard("2S"))
    with pytest.raises(IllegalAction, match="only the previous player's latest discard|no arrangement"):
        game.apply(Eat("AS"))
    with pytest.raises(IllegalAction, match="not an Action"):
        game.apply("draw")  # type: ignore[arg-type]
    assert len(game.history) == 1
