"""The old path of ``phom bench``'s runner, which is Phỏm's own command now (``phom.phom.commands.run_bench``;
the benchmark itself is ``phom.phom.benchmarking``).

>>> from phom.cli.bench import run_bench
>>> run_bench.__module__
'phom.phom.commands'
"""

from ..phom.commands import run_bench

__all__ = ["run_bench"]
