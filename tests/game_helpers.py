"""Helpers for game tests: policies for random play, the one play-out loop, snapshots, invariants."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import phom
from phom import AutoLay, DeclareU, DeclareUKhan, Eat, Game, LayMeld, Send
from phom.cards import DECK_MASK


def uniform(rng: random.Random, game: Game) -> phom.Action:
    return rng.choice(game.legal_actions())


def eager(rng: random.Random, game: Game) -> phom.Action:
    """Eats, declares, lays and sends whenever it can: reaches chốt, tái, đền and ù often."""
    actions = game.legal_actions()
    for kind in (DeclareUKhan, DeclareU, Eat, AutoLay, LayMeld, Send):
        choices = [a for a in actions if isinstance(a, kind)]
        if choices and (kind is not AutoLay or rng.random() < 0.5):
            return rng.choice(choices)
    return rng.choice(actions)


def first(rng: random.Random, game: Game) -> phom.Action:
    return game.legal_actions()[0]


POLICIES = {"uniform": uniform, "eager": eager}
PLAY_OUTS = {**POLICIES, "first": first}
Policy = Callable[[random.Random, Game], phom.Action]


def play_out(game: Game, policy: str | Policy = "uniform", rng: random.Random | int = 0, *,
             each: Callable[[Game], None] | None = None, max_steps: int = 500) -> Game:
    """Play ``game`` to its end with a policy (a name of PLAY_OUTS or a function of (rng, game));
    ``each(game)`` runs before every action and once at the end. Returns the game."""
    choose = PLAY_OUTS[policy] if isinstance(policy, str) else policy
    rng = random.Random(rng) if isinstance(rng, int) else rng
    for _ in range(max_steps):
        if each is not None:
            each(game)
        if game.is_over:
            return game
        game.apply(choose(rng, game))
    raise AssertionError(f"the game did not end in {max_steps} actions")


def snapshot(game: Game) -> str:
    """Everything that defines the state, hidden parts included."""
    return json.dumps({
        "record": game.to_json(),
        "hands": [h.mask for h in game.hands],
        "unlaid": [e.mask for e in game.unlaid_eaten],
        "eaten": [e.mask for e in game.eaten],
        "rows": [[c.index for c in r] for r in game.rows],
        "laid": [[m.mask for m in ms] for ms in game.laid],
        "stock": list(game.state.stock),
        "to_move": game.to_move, "phase": game.phase, "kind": game.turn_kind,
        "payments": [list(p) for p in game.payments],
        "legal": [a.id for a in game.legal_actions()],
        "result": game.result.to_dict() if game.result else None,
    }, sort_keys=True)


def check_invariants(game: Game) -> None:
    n = game.players
    parts = [h.mask for h in game.hands]
    parts += [sum(c.mask for c in row) for row in game.rows]
    parts += [m.mask for ms in game.laid for m in ms]
    parts += [c.mask for c in game.deal.stock[len(game.deal.stock) - game.stock_size:]]
    parts.append(game.deal.set_aside.mask)
    total = 0
    for part in parts:
        assert part & total == 0, "a card is in two places"
        total |= part
    assert total == DECK_MASK, "cards were lost"
    assert sum(game.deal.stock[i].mask for i in range(len(game.deal.stock) - game.stock_size)) == \
        sum(c.mask for c in game.deal.stock[: game.draws]), "draws do not match the stock used"
    all_eaten = 0
    for p in range(n):
        assert game.unlaid_eaten[p].mask & ~game.hands[p].mask == 0
        assert game.unlaid_eaten[p].mask & ~game.eaten[p].mask == 0
        all_eaten |= game.eaten[p].mask
    for ms in game.laid:
        for m in ms:
            assert phom.is_meld(m), f"laid {m} is not a phỏm"
            assert (m.mask & all_eaten).bit_count() <= 1, f"{m} holds two eaten cards"
    for row in game.rows:
        assert len(row) <= 4
    if not game.is_over:
        seat = game.to_move
        assert len(game.rows[seat]) < 4, "the player to move already has a full row"
        assert game.stock_size > 0 or game.phase == "play"
    if game.is_over:
        result = game.result
        assert result is not None
        assert sum(result.net) == 0
        assert game.legal_actions() == []
        if result.u is None:
            assert game.draws == 4 * n - 1
            assert all(len(row) == 4 for row in game.rows)
            assert all(game.laid_down)
            laid = sum(m.mask for ms in game.laid for m in ms)
            assert all_eaten & ~laid == 0, "an eaten card was never laid"
            assert sorted(result.ranking) == list(range(n))


def check_view_hides(game: Game, player: int) -> None:
    view = game.view(player)
    visible = view.hand.mask
    for row in view.rows:
        visible |= sum(c.mask for c in row)
    visible |= sum(m.mask for ms in view.laid for m in ms)
    visible |= sum(e.mask for e in view.eaten)
    hidden = DECK_MASK & ~visible
    for q in range(game.players):
        if q != player:
            assert game.hands[q].mask & ~game.eaten[q].mask & visible == 0
    assert view.unseen.mask == hidden
    obs = game.observation(player)
    seen_bits = 0
    for block in range(0, 52 * 15, 52):
        for i in range(52):
            if obs[block + i]:
                seen_bits |= 1 << i
    assert seen_bits & hidden == 0, "the observation shows a hidden card"
    if game.to_move != player:
        assert view.legal_actions == ()
