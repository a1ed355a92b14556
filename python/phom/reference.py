"""``phom.reference``, as the API contract names it: the plain-Python reference solver. The code lives in Phỏm's
folder (``phom.phom.reference``); every public name here is the same object.

>>> import phom.reference, phom.phom.reference
>>> phom.reference.__all__ == phom.phom.reference.__all__
True
"""

from .phom.reference import *  # noqa: F401,F403
from .phom.reference import __all__ as __all__
