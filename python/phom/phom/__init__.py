"""Phỏm (Tá lả): everything this game alone knows: its rules and referee, the plain-Python reference and
the compiled solver's facade, records, views, observations, drawings, hints, the vectorised games, the world
sampler, its bots (``phom.phom.bots``), what the adapters need of it (``phom.phom.session``,
``phom.phom.openspiel``), and its kind for the shared machinery (``phom.phom.phom_kind``). The package root ``phom``
re-exports the public names, so ``from phom import Game, solve`` keeps working.

>>> from phom.phom.game import Game
>>> Game(seed=1).rules.players
4
"""
