"""Centurion: an interactive rulebook for Renegade Legion: Centurion and Centuria (see RULES.md IDs)."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("centurion")
except PackageNotFoundError:  # running from a checkout that is not installed
    __version__ = "0.0.0+checkout"

__all__ = ["__version__"]
