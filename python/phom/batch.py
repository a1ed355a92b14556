"""``phom.batch``, as the API contract names it: the solver over NumPy arrays. The code lives in Phỏm's
folder (``phom.phom.batch``); every public name here is the same object.

>>> import phom.batch, phom.phom.batch
>>> phom.batch.__all__ == phom.phom.batch.__all__
True
"""

from .phom.batch import *  # noqa: F401,F403
from .phom.batch import __all__ as __all__
