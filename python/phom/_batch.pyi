"""Type stubs of the compiled batch loops (src/phomcore/_batch.pyx); phom.phom.batch checks their input.

Each loop takes C-contiguous 1-D arrays of one length; ``best_lay`` and ``arrange`` return their arrays,
the others write into the preallocated ``out``.
"""

from collections.abc import Sequence
from typing import TypeGuard

import numpy as np
import numpy.typing as npt

from ._solver import ValueTable

Masks = npt.NDArray[np.uint64]
CardValues = npt.NDArray[np.int32] | memoryview
RunTable = npt.NDArray[np.int16] | memoryview

def min_points(hands: Masks, eaten: Masks, values: CardValues, run_deadwood: RunTable,
               out: npt.NDArray[np.int16]) -> None: ...
def can_u(hands: Masks, eaten: Masks, unit_values: CardValues, unit_run_deadwood: RunTable,
          out: npt.NDArray[np.uint8]) -> None: ...
def can_eat(hands: Masks, cards: npt.NDArray[np.int32], eaten: Masks, out: npt.NDArray[np.uint8]) -> None: ...
def legal_discards(hands: Masks, eaten: Masks, out: Masks) -> None: ...
def best_lay_points(hands: Masks, eaten: Masks, table_runs: int, table_fourths: int, discard: bool,
                    already_laid: bool, values: CardValues, out: npt.NDArray[np.int16], table_cards: int = 0
                    ) -> None: ...
def int_masks(table: object) -> TypeGuard[Sequence[int]]: ...
def best_lay(hands: Masks, eaten: Masks | None, table: Sequence[int], discard: bool, already_laid: bool,
             values: ValueTable) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.bool_], npt.NDArray[np.bool_], Masks,
                                          npt.NDArray[np.int8], npt.NDArray[np.int8]]: ...
def arrange(hands: Masks, eaten: Masks | None, values: ValueTable
            ) -> tuple[npt.NDArray[np.int16], Masks, Masks]: ...
