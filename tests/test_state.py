"""State, SeatState, PublicState: plain data with copies that do not share, and a censored public part."""

from __future__ import annotations

import pytest

from phom import Game
from phom.phom.state import State


def test_clone_copies_every_mutable_part():
    game = Game(seed=4)
    for _ in range(20):
        game.apply(game.legal_actions()[-1])
    state = game.state
    copy = state.clone()
    assert copy == state and copy is not state
    copy.seats[1].row.append(0)
    copy.seats[2].laid.append(7)
    copy.stock.pop()
    copy.payments.append((0, 1, 1, "eat"))
    assert copy != state
    assert state == Game.from_json(game.to_json()).state


def test_a_fresh_state_matches_the_deal():
    game = Game(seed=6, leader=2)
    state = game.state
    assert [s.hand for s in state.seats] == [h.mask for h in game.deal.hands]
    assert state.stock[::-1] == [c.index for c in game.deal.stock]   # the next draw is last
    assert (state.to_move, state.phase, state.lead, state.last_discard) == (2, "play", 2, -1)


def test_the_public_part_hides_other_hands_and_the_stock():
    game = Game(seed=6)
    public = game.state.public(1)
    assert public.state.seats[1].hand == game.state.seats[1].hand
    assert all(public.state.seats[p].hand == 0 for p in (0, 2, 3)) and public.state.stock == []
    assert public.hand_sizes == tuple(len(h) for h in game.hands) and public.stock_size == game.stock_size


def test_with_hidden_checks_the_cards_it_is_given():
    game = Game(seed=6)
    public = game.state.public(0)
    hands = [h.mask for h in game.hands]
    stock = [c.index for c in game.deal.stock]
    full = public.with_hidden(hands, stock)
    assert full == game.state
    with pytest.raises(ValueError, match="viewer's own hand"):
        public.with_hidden([hands[1], hands[0], *hands[2:]], stock)
    with pytest.raises(ValueError, match=r"hands\[1\] has"):
        public.with_hidden([hands[0], hands[1] & (hands[1] - 1), *hands[2:]], stock)
    with pytest.raises(ValueError, match="stock has"):
        public.with_hidden(hands, stock[:-1])
    swapped = [stock[0]] + stock[2:] + [stock[0]]
    with pytest.raises(ValueError, match="repeats"):
        public.with_hidden(hands, swapped)
    with pytest.raises(ValueError, match="one cards-like per seat"):
        public.with_hidden(hands[:3], stock)


def test_a_state_is_only_data():
    assert not [name for name in vars(State) if not name.startswith("__") and callable(getattr(State, name))
                and name not in ("clone", "public")]
