"""Where the YAML data lives (an installed package or a checkout); imported by every data module."""

from __future__ import annotations

from pathlib import Path


def data_dir() -> Path:
    """The folder of the YAML data: inside the installed package, or `data/` of a checkout."""
    here = Path(__file__).resolve().parent.parent
    installed = here / "_data"
    if installed.is_dir():
        return installed
    checkout = here.parent / "data"
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(f"the centurion data folder is missing: looked in {installed} and {checkout}")
