"""LearnedBot: a value network trained by self-play (``phom.phom.training``), played with NumPy only.

The network scores a candidate action in a state: Q(s, a) ≈ the money the player to move ends the game
with after playing ``a``. Its input is the 807-float observation of the state (``phom.phom.observation``)
followed by ``ACTION_FEATURES`` numbers about the action (``action_features``): its kind, its card, and
what the solver says of it (the points kept after a discard, how dangerous the discard is, what an eat
lowers the points to). The decisions it makes are the ones MonteCarloBot searches (eat or draw; which
card to discard); ù, ù khan and the lay-down follow GreedyBot. The weights ship with the package
(``learned.npz``, float16, under 1 MiB).

>>> from phom import Game
>>> bot = LearnedBot()
>>> bot.act(Game(seed=4).view(0)) in Game(seed=4).legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

from ...bot_base import offered
from ..actions import DISCARD_BASE, DRAW_ID, EAT_BASE, Action
from ..observation import OBSERVATION_SIZE, encode
from ..solver import ValueTable, danger, legal_discard_mask, min_points_mask
from ..view import PlayerView
from .greedy import greedy_action

__all__ = ["ACTION_FEATURES", "INPUT_SIZE", "LearnedBot", "QNetwork", "action_features", "candidate_ids",
           "masks_of"]

#: Numbers describing one candidate action (see ``action_features``).
ACTION_FEATURES = 3 + 52 + 6
INPUT_SIZE = OBSERVATION_SIZE + ACTION_FEATURES
_FORCED = {1, 2, 3}                     # DeclareU, DeclareUKhan, AutoLay: always greedy's


def candidate_ids(greedy_id: int, legal: npt.NDArray[np.bool_]) -> list[int]:
    """The action ids worth a choice, given greedy's choice and the legal mask: eat or draw in the take
    phase, the discards when greedy discards; none (play greedy's) otherwise.

    >>> legal = np.zeros(2101, dtype=bool); legal[[0, 4 + 9]] = True
    >>> candidate_ids(0, legal)
    [0, 13]
    """
    if greedy_id in _FORCED:
        return []
    if legal[DRAW_ID]:
        return [DRAW_ID] + [int(i) for i in np.flatnonzero(legal[EAT_BASE:EAT_BASE + 52]) + EAT_BASE]
    if DISCARD_BASE <= greedy_id < DISCARD_BASE + 52:
        return [int(i) for i in np.flatnonzero(legal[DISCARD_BASE:DISCARD_BASE + 52]) + DISCARD_BASE]
    return []


def _mask(bits: npt.NDArray[np.float32]) -> int:
    return int.from_bytes(np.packbits(bits > 0.5, bitorder="little").tobytes(), "little")


def masks_of(observation: npt.NDArray[np.float32]) -> tuple[int, int, int]:
    """(hand, unlaid eaten, unseen) card masks of the observer, read back from an observation."""
    hand = _mask(observation[0:52])
    eaten = _mask(observation[52:104])
    seen = hand
    for block in range(2, 14):                     # every seat's row, eaten and laid blocks
        seen |= _mask(observation[52 * block:52 * block + 52])
    return hand, eaten, ((1 << 52) - 1) & ~seen


def action_features(observation: npt.NDArray[np.float32], ids: Sequence[int], values: ValueTable
                    ) -> npt.NDArray[np.float32]:
    """(len(ids), ACTION_FEATURES) float32: for each candidate id, [draw, eat, discard] one-hot, its card
    one-hot (52), then six numbers: the hand's best points now / 50; for a discard, the best points kept
    / 50, its danger / 8, its value / 10, and whether it is deadwood of the best arrangement (throwing
    it lowers the points by its value); for an eat, the best points after it and the best discard / 50,
    and whether that is no worse than now; for a draw, nothing more."""
    hand, eaten, unseen = masks_of(observation)
    now = min_points_mask(hand, eaten, values)
    out = np.zeros((len(ids), ACTION_FEATURES), dtype=np.float32)
    per_card = values.per_card
    for row, action_id in enumerate(ids):
        out[row, 55] = now / 50
        if action_id == DRAW_ID:
            out[row, 0] = 1
        elif EAT_BASE <= action_id < EAT_BASE + 52:
            card = action_id - EAT_BASE
            out[row, 1] = 1
            out[row, 3 + card] = 1
            after_hand, after_eaten = hand | 1 << card, eaten | 1 << card
            free, best = legal_discard_mask(after_hand, after_eaten), -1
            while free:
                low = free & -free
                free ^= low
                points = min_points_mask(after_hand & ~low, after_eaten, values)
                if points >= 0 and (best < 0 or points < best):
                    best = points
            out[row, 56] = best / 50 if best >= 0 else 1.0
            out[row, 57] = float(0 <= best <= now)
        else:
            card = action_id - DISCARD_BASE
            out[row, 2] = 1
            out[row, 3 + card] = 1
            kept = min_points_mask(hand & ~(1 << card), eaten, values)
            out[row, 56] = kept / 50
            out[row, 57] = danger(card, unseen) / 8
            out[row, 58] = per_card[card] / 10
            out[row, 59] = float(now - kept == per_card[card])
    return out


class QNetwork:
    """The value network in NumPy: ``INPUT_SIZE`` → hidden (ReLU) → … → 1, float32 arithmetic."""

    def __init__(self, layers: Sequence[tuple[npt.NDArray[Any], npt.NDArray[Any]]]) -> None:
        self.layers = [(np.asarray(w, dtype=np.float32), np.asarray(b, dtype=np.float32)) for w, b in layers]
        if self.layers[0][0].shape[0] != INPUT_SIZE or self.layers[-1][0].shape[1] != 1:
            raise ValueError(f"the network must map {INPUT_SIZE} inputs to 1 output")

    @classmethod
    def load(cls, path: Any = None) -> QNetwork:
        """The weights from an ``.npz`` file (``w0, b0, w1, b1, …``); the shipped ones by default."""
        source = path if path is not None else resources.files("phom.phom.bots").joinpath("learned.npz")
        with (open(path, "rb") if path is not None else source.open("rb")) as handle:
            data = np.load(handle)
            count = len([k for k in data.files if k.startswith("w")])
            return cls([(data[f"w{i}"], data[f"b{i}"]) for i in range(count)])

    def save(self, path: Any) -> None:
        """Write the weights as float16 (the shipped format)."""
        arrays: dict[str, Any] = {}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"w{i}"], arrays[f"b{i}"] = w.astype(np.float16), b.astype(np.float16)
        np.savez_compressed(path, **arrays)

    def __call__(self, inputs: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        x = inputs
        for i, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if i < len(self.layers) - 1:
                np.maximum(x, 0, out=x)
        return x[:, 0]

    def scores(self, observation: npt.NDArray[np.float32], ids: Sequence[int], values: ValueTable
               ) -> npt.NDArray[np.float32]:
        """Q of each candidate id in the observed state."""
        features = action_features(observation, ids, values)
        inputs = np.concatenate([np.broadcast_to(observation, (len(ids), OBSERVATION_SIZE)), features], axis=1)
        return self(inputs)


_SHIPPED: QNetwork | None = None


class LearnedBot:
    """Plays the candidate with the highest Q (``network``: the shipped one by default); GreedyBot's
    choice where there is nothing to choose. Deterministic."""

    name = "learned"

    def __init__(self, network: QNetwork | None = None) -> None:
        global _SHIPPED
        if network is None:
            if _SHIPPED is None:
                _SHIPPED = QNetwork.load()
            network = _SHIPPED
        self.network = network

    def reseed(self, seed: int) -> None:
        """Nothing to reseed: the bot is deterministic."""

    def act(self, view: PlayerView) -> Action:
        offered(view)
        values = view.rules.value_table
        greedy = greedy_action(view.hand.mask, view.unlaid_eaten.mask, view.legal_actions, view.unseen.mask,
                               view.phase, values)
        legal = np.zeros(2101, dtype=bool)
        legal[[a.id for a in view.legal_actions]] = True
        ids = candidate_ids(greedy.id, legal)
        if len(ids) < 2:
            return greedy
        scores = self.network.scores(encode(view), ids, values)
        return Action.from_id(ids[int(np.argmax(scores))])
