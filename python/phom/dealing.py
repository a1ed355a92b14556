"""The shuffle and the deal stream, below every game: a hosted game's deck is a fixed function of its server
seed and its client seed, and so is the seed of every bot's decision. The games deal from ``shuffled_deck``
(each its own way: ``phom.fairness`` describes the whole proof), and nothing here knows a game.

- the random stream of a purpose ``P`` (``"deal"``, or ``"bot"`` with a number): the bytes of
  ``HMAC-SHA256(key = the 32 seed bytes, message = P ‖ 0x00 ‖ extra ‖ 0x00 ‖ counter)`` for counter
  = 0, 1, 2, … as 8 big-endian bytes, concatenated. For the deal, ``extra`` is the client seed in UTF-8.
- ``shuffled_deck``: Fisher–Yates over the card indices 0..51 (index = suit × 13 + rank − 1, suits
  S C D H): for i = 51 down to 1, swap position i with position j, where j is uniform in 0..i: read 4
  bytes of the stream as a big-endian integer u, reject u ≥ 2³² − (2³² mod (i + 1)) and read again,
  else j = u mod (i + 1).
- ``bot_seed``: the first 8 bytes of the stream ``"bot"`` with extra = the decision's version (8
  big-endian bytes), shifted right by one bit.

>>> shuffled_deck("00" * 32, "alice")[:5]
[46, 36, 48, 20, 15]
>>> bot_seed("00" * 32, 3) == bot_seed("00" * 32, 3) != bot_seed("00" * 32, 4)
True
>>> shuffled_deck("xyz")
Traceback (most recent call last):
...
phom.dealing.FairnessError: the server seed must be 64 hex characters
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator
from typing import Any

__all__ = ["DECK_CARDS", "MAX_CLIENT_SEED", "FairnessError", "bot_seed", "check_client_seed", "seed_bytes",
           "shuffled_deck", "stream"]

#: The longest client seed accepted (characters).
MAX_CLIENT_SEED = 200
#: The cards a deck holds.
DECK_CARDS = 52


class FairnessError(ValueError):
    """A record that does not prove its game fair, or a seed that is no seed: the one-line reason."""


def seed_bytes(server_seed: str) -> bytes:
    """The 32 bytes of a server seed (64 hex characters); FairnessError naming it otherwise."""
    if not isinstance(server_seed, str) or len(server_seed) != 64:
        raise FairnessError("the server seed must be 64 hex characters")
    try:
        return bytes.fromhex(server_seed)
    except ValueError:
        raise FairnessError("the server seed must be 64 hex characters") from None


def stream(server_seed: str, purpose: bytes, extra: bytes) -> Iterator[int]:
    """The bytes of the random stream of ``purpose`` and ``extra`` under ``server_seed``, without end."""
    key = seed_bytes(server_seed)
    counter = 0
    while True:
        block = hmac.new(key, purpose + b"\x00" + extra + b"\x00" + counter.to_bytes(8, "big"),
                         hashlib.sha256).digest()
        yield from block
        counter += 1


def check_client_seed(client_seed: Any) -> str:
    """The client seed as given, or ValueError naming ``client_seed``."""
    if not isinstance(client_seed, str) or len(client_seed) > MAX_CLIENT_SEED:
        raise ValueError(f"client_seed must be text of at most {MAX_CLIENT_SEED} characters")
    return client_seed


def shuffled_deck(server_seed: str, client_seed: str = "") -> list[int]:
    """The 52 card indices in dealing order for these seeds (Fisher–Yates on the HMAC stream)."""
    drawn = stream(server_seed, b"deal", check_client_seed(client_seed).encode("utf-8"))
    deck = list(range(DECK_CARDS))
    for i in range(DECK_CARDS - 1, 0, -1):
        bound = i + 1
        limit = 2**32 - (2**32 % bound)
        while True:
            u = int.from_bytes(bytes(next(drawn) for _ in range(4)), "big")
            if u < limit:
                break
        j = u % bound
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def bot_seed(server_seed: str, version: int) -> int:
    """The seed a bot's decision at ``version`` is played with (63 bits)."""
    drawn = stream(server_seed, b"bot", version.to_bytes(8, "big"))
    return int.from_bytes(bytes(next(drawn) for _ in range(8)), "big") >> 1
