"""The old path of Phỏm's solver benchmark (``phom bench``, ``pytest benchmarks``): ``phom.phom.benchmarking``.

>>> from phom.benchmarking import SEED, format_table
>>> SEED
20261129
"""

from .phom.benchmarking import *  # noqa: F401,F403
from .phom.benchmarking import __all__ as __all__
