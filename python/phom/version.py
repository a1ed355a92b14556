"""The version of phom, in its one home: the package metadata reads it from here (pyproject.toml)."""

__version__ = "0.1.0"
