"""Shim: the review's view of a Tiến lên game under its old path; the code lives in ``phom.tienlen.review_replay``, and each
name here is read from there when first asked for (the same objects).

>>> import phom.tienlen.review_replay, phom.review.tienlen_game as old
>>> old.TienLenReplay is phom.tienlen.review_replay.TienLenReplay
True
"""

from __future__ import annotations

from ..moved import forwarding

__all__ = ['MAX_CANDIDATES', 'TienLenReplay', 'expected_tienlen_net', 'playout_values', 'sample_turn', 'turn_candidates']

__getattr__ = forwarding(__name__, {name: "phom.tienlen.review_replay" for name in __all__})
