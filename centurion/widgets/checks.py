"""The rulebook's worked examples checked in the chapters themselves (audit T5): a cell ends with the book's number,
and fails loudly (AssertionError, so nbval fails) when the code gives another, even if the stored output was
rebuilt from wrong code."""

from __future__ import annotations


def check_book(label: str, got: object, book: object) -> None:
    """Print a tick with the book's value when `got == book`; raise AssertionError naming both otherwise."""
    if got != book:
        raise AssertionError(f"{label}: the book gives {book!r}, the code gives {got!r}")
    print(f"✓ {label}: {book}")


__all__ = ["check_book"]
