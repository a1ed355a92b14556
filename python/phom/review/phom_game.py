"""Shim: the review's view of a Phỏm game under its old path; the code lives in ``phom.phom.review_replay``, and each
name here is read from there when first asked for (the same objects).

>>> import phom.phom.review_replay, phom.review.phom_game as old
>>> old.PhomReplay is phom.phom.review_replay.PhomReplay
True
"""

from __future__ import annotations

from ..moved import forwarding

__all__ = ['EXPECTED_GAMES', 'PhomReplay', 'Turn', 'expected_net', 'people_text', 'plan_text', 'turn_plans']

__getattr__ = forwarding(__name__, {name: "phom.phom.review_replay" for name in __all__})
