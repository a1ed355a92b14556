"""The version of phom and the package's name, each in its one home: the package metadata reads the version
from here (pyproject.toml); the gettext domain, the data folder and the command's name read ``PACKAGE``.

>>> PACKAGE, __version__.count(".")
('phom', 2)
"""

__version__ = "0.1.0"
#: the package's name (also the name of its first game, which the registry spells on its own)
PACKAGE = __name__.partition(".")[0]
