"""What a laid-down player must still hold: the samplers read a phỏm kept back (phom.phom.worlds.keeps_phom)
as the rare thing it is, in the Python specification (worlds.sample_world's ``kept``) and in the core
(Engine.sample_worlds's ``kept``) alike."""

from __future__ import annotations

import random

import numpy as np
import phom.phom.worlds
import pytest
from phom import Game
from phom._engine import Engine
from phom.bots import GreedyBot
from phom.phom.vector import VectorGame
from phom.phom.view import PlayerView
from phom.phom.worlds import KEPT_WEIGHT, keeps_phom, kept_readers, sample_world

pytestmark = pytest.mark.computational

COUNT = 4000


def _laid_view() -> PlayerView:
    """Seat to move in a greedy game (seed 2) once one opponent has laid down and still holds cards."""
    game, bot = Game(seed=2), GreedyBot()
    while True:
        view = game.view(game.to_move)
        if any(kept_readers(view)):
            return view
        game.apply(bot.act(view))


def _core_hands(view: PlayerView, tries: int, kept: float, seed: int) -> np.ndarray:
    """(COUNT, players) hand masks of worlds the core draws, only ``kept`` read (no latest discard, no declines)."""
    n = view.rules.players
    source = Engine(1, view.rules)
    source.load(0, view.public.state, 0)
    engine = Engine(COUNT, view.rules)
    assert engine.sample_worlds(source, view.player, list(view.public.hand_sizes), view.public.stock_size, seed,
                                [-1] * n, [-1] * n, [0] * n, tries, 0.0, None, kept) == 0
    template = VectorGame.sample_worlds(view, 1, seed=0).state(0)
    return np.array([[seat.hand for seat in engine.export(i, template).seats] for i in range(COUNT)], dtype=object)


def _python_hands(view: PlayerView, tries: int, kept: float, seed: int) -> np.ndarray:
    rng = random.Random(seed)
    return np.array([[h.mask for h in sample_world(view, rng, tries=tries, kept=kept).hands] for _ in range(COUNT)],
                    dtype=object)


def _agree(view: PlayerView, python: np.ndarray, core: np.ndarray) -> bool:
    """Per seat and card, how often the seat holds the card, and per read seat how often his hand keeps
    a phỏm: equal within 5 standard errors of the difference."""
    def held(hands: np.ndarray) -> np.ndarray:
        return np.array([[[int(h) >> c & 1 for c in range(52)] for h in row] for row in hands], dtype=float).mean(axis=0)

    def keeping(hands: np.ndarray) -> np.ndarray:
        return np.array([[keeps_phom(int(h)) for h in row] for row in hands], dtype=float).mean(axis=0)

    ok = True
    for p, c in ((held(python), held(core)), (keeping(python), keeping(core))):
        spread = np.sqrt(np.maximum(p * (1 - p), 1e-4) * 2 / COUNT)
        ok = ok and bool((np.abs(p - c) <= 5 * spread + 1e-9).all())
    return ok


@pytest.mark.parametrize("kept", [0.0, 0.3])
def test_the_core_reads_a_kept_phom_as_the_specification_does(kept):
    """Two weights (0: out, 0.3: down), 20 tries: the core's worlds and sample_world's agree on every
    seat's cards and on how often the laid-down seat keeps a phỏm, and the reading moves that rate."""
    view = _laid_view()
    (reader,) = [q for q, r in enumerate(kept_readers(view)) if r]
    python, core = _python_hands(view, 20, kept, 1), _core_hands(view, 20, kept, 2)
    assert _agree(view, python, core)
    uniform = _core_hands(view, 1, 1.0, 3)
    rate = np.mean([keeps_phom(int(h)) for h in uniform[:, reader]])
    read = np.mean([keeps_phom(int(h)) for h in core[:, reader]])
    assert rate > 0.2 and read < (0.02 if kept == 0 else 0.6 * rate), (rate, read)


def test_a_planted_bug_in_either_copy_fails_the_comparison(monkeypatch):
    """The rule removed from the Python copy (keeps_phom never true), or from the core's (kept = 1
    there): the comparison above fails."""
    view = _laid_view()
    core = _core_hands(view, 20, 0.0, 2)
    assert not _agree(view, _python_hands(view, 20, 0.0, 1), _core_hands(view, 20, 1.0, 2))
    monkeypatch.setattr(phom.phom.worlds, "keeps_phom", lambda cards: False)
    assert not _agree(view, _python_hands(view, 20, 0.0, 1), core)


def test_the_default_weight_and_bad_weights():
    """The core's default is worlds.KEPT_WEIGHT, and the samplers the bots use read it (tries > 1) while
    tries = 1 stays sample_world's uniform draw."""
    import phom._engine

    assert 0 <= KEPT_WEIGHT < 1 and phom._engine.KEPT_WEIGHT == KEPT_WEIGHT
    view = _laid_view()
    (reader,) = [q for q, r in enumerate(kept_readers(view)) if r]
    read = VectorGame.sample_worlds(view, 400, seed=5, tries=20)
    uniform = VectorGame.sample_worlds(view, 400, seed=5, tries=1)
    history = VectorGame.sample_worlds(view, 400, seed=5, tries=20, history=2.0)   # read_history's weights
    rates = [np.mean([keeps_phom(w.state(i).seats[reader].hand) for i in range(400)]) for w in (read, history, uniform)]
    assert max(rates[:2]) < 0.02 and rates[2] > 0.2, rates
    with pytest.raises(ValueError, match="kept"):
        sample_world(view, random.Random(1), tries=2, kept=1.5)
    source = Engine(1, view.rules)
    source.load(0, view.public.state, 0)
    with pytest.raises(ValueError, match="kept"):
        Engine(1, view.rules).sample_worlds(source, view.player, list(view.public.hand_sizes), view.public.stock_size,
                                            1, [-1] * 4, [-1] * 4, [0] * 4, 2, 0.0, None, -0.1)
