"""``phom.vector``, as the API contract names it: VectorGame and the world sampler. The code lives in Phỏm's
folder (``phom.phom.vector``); every public name here is the same object.

>>> import phom.vector, phom.phom.vector
>>> phom.vector.__all__ == phom.phom.vector.__all__
True
"""

from .phom.vector import *  # noqa: F401,F403
from .phom.vector import __all__ as __all__
