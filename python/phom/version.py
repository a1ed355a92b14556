"""The version of phom (one home: the package metadata in pyproject.toml says the same)."""

__version__ = "0.1.0"
