"""``phom bench``: the compiled core against the reference on the same fixed-seed hands, on this machine, in
the table ``pytest benchmarks`` prints (``phom.benchmarking`` holds both's operations, inputs and table).

The full, statistically careful comparison is the pytest-benchmark suite in ``benchmarks/``.
"""

from __future__ import annotations

from typing import TextIO

from ..benchmarking import print_measurement

__all__ = ["run_bench"]


def run_bench(count: int, out: TextIO) -> None:
    """Print per-call times of core and reference, and their ratio, for the main solver functions."""
    if count < 1:
        raise ValueError("--hands must be at least 1")
    print_measurement(count, out)
