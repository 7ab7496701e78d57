"""The rulebook's worked examples checked in the chapters themselves (audit T5): a cell ends with the book's number,
and fails loudly (AssertionError, so nbval fails) when the code gives another, even if the stored output was
rebuilt from wrong code."""

from __future__ import annotations


def spoken(value: object, *, inner: bool = False) -> str:
    """A checked value as a reader reads it (issue 26 item 6: no Python reprs on a page): yes/no for a truth,
    'none' for None, a list or tuple as its items separated by commas (a pair inside one in brackets)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)):
        items = ", ".join(spoken(v, inner=True) for v in value)
        return f"({items})" if inner else items
    return str(value)


def check_book(label: str, got: object, book: object) -> None:
    """Print a tick with the book's value in words when `got == book`; raise AssertionError naming both otherwise."""
    if book is None:  # it would print "label: none", which answers nothing (a refusal's absence, a prohibited cost)
        raise ValueError(f"{label}: check a yes/no question (e.g. `refusal is None`, True), not the value None")
    if got != book:
        raise AssertionError(f"{label}: the book gives {book!r}, the code gives {got!r}")
    print(f"✓ {label}: {spoken(book)}")


__all__ = ["check_book", "spoken"]
