"""Shape checks for values handed to the public entry points: a clear ValueError naming the rule, never a crash
deep inside (issue 22 item 6). Each raises `ValueError("RULE: what ... got value")`.
"""

from __future__ import annotations

from collections.abc import Collection
from numbers import Integral

from ..hexgrid import Hex


def is_whole(value: object) -> bool:
    """A whole number (an int or a numpy integer), not a bool."""
    if type(value) is int:  # the common case, without the abstract-class check
        return True
    return isinstance(value, Integral) and not isinstance(value, bool)


def whole(value: object, rule: str, what: str, lo: int | None = None, hi: int | None = None,
          *, optional: bool = False) -> None:
    """`value` is a whole number in lo..hi (either end open when None), or None when `optional`."""
    if optional and value is None:
        return
    if is_whole(value) and (lo is None or value >= lo) and (hi is None or value <= hi):
        return
    span = (f" in {lo}..{hi}" if hi is not None else f" >= {lo}") if lo is not None else (
        f" <= {hi}" if hi is not None else "")
    raise ValueError(f"{rule}: {what} is a whole number{span}, got {value!r}"[:300])


def choice(value: object, choices: Collection, rule: str, what: str) -> None:
    """`value` is one of `choices` (compared by type and value, so 1 is not True and [] never matches)."""
    if any(type(value) is type(c) and value == c for c in choices):
        return
    names = ", ".join(repr(c) for c in choices)
    raise ValueError(f"{rule}: {what} is one of {names}, got {value!r}"[:300])


def a_hex(value: object, what: str, rule: str = "HEX-2") -> None:
    """`value` is a Hex."""
    if type(value) is Hex and type(value[0]) is int and type(value[1]) is int:  # the common case, fast
        return
    if not isinstance(value, Hex) or not all(is_whole(c) for c in value):
        raise ValueError(f"{rule}: {what} is a hex, got {value!r}"[:300])


def on_map(value: object, battlemap: Collection, what: str, rule: str = "HEX-2") -> None:
    """`value` is a Hex of the map."""
    a_hex(value, what, rule)
    if value not in battlemap:
        raise ValueError(f"{rule}: {what} {value!r} is off the map")


def flag(value: object, rule: str, what: str) -> None:
    """`value` is True or False."""
    if not isinstance(value, bool):
        raise ValueError(f"{rule}: {what} is True or False, got {value!r}"[:300])
