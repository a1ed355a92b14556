"""Adapters for the tools reinforcement-learning users reach for first; each is an optional extra.

- ``phom.envs.pettingzoo``: a PettingZoo AEC environment (``pip install "phom[rl]"``).
- ``phom.envs.gymnasium``: ``phom/Phom-v0``, one learning seat against bots, and a vector environment on
  the compiled engine (``pip install "phom[rl]"``).
- ``phom.envs.openspiel``: ``python_phom`` for ``pyspiel.load_game`` (``pip install "phom[openspiel]"``).

``import phom`` never imports these; a missing extra is a one-line ImportError naming the install
(``phom.extras.missing_extra``).
"""
