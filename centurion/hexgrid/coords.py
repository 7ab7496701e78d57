"""Axial hex coordinates, facings, distance, rings and CCRR map labels (HEX-2, HEX-3).

Flat-topped hexes in columns. Axial (q, r) as in Red Blob Games' guide; the
third cube coordinate is s = -q - r. Facing 0 is north, then clockwise.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple


class Hex(NamedTuple):
    """A hex in axial coordinates (q = column axis, r = the north-south axis) (HEX-2)."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, -q - r."""
        return -self.q - self.r

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"


#: Unit steps for facings 0..5 (HEX-3): N, NE, SE, S, SW, NW on a flat-topped grid.
DIRECTIONS: tuple[Hex, ...] = (
    Hex(0, -1),
    Hex(1, -1),
    Hex(1, 0),
    Hex(0, 1),
    Hex(-1, 1),
    Hex(-1, 0),
)

FACING_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")


def turn(facing: int, hexsides: int) -> int:
    """Facing after turning `hexsides` to the right (negative = left) (HEX-3)."""
    return (facing + hexsides) % 6


def neighbor(hex_: Hex, facing: int) -> Hex:
    """The adjacent hex across hexside `facing` (HEX-3)."""
    d = DIRECTIONS[facing % 6]
    return Hex(hex_.q + d.q, hex_.r + d.r)


def neighbors(hex_: Hex) -> list[Hex]:
    """The six adjacent hexes, in facing order 0..5 (HEX-3)."""
    return [neighbor(hex_, f) for f in range(6)]


def facing_between(a: Hex, b: Hex) -> int | None:
    """The facing that leads from `a` to the adjacent hex `b`, or None if not adjacent."""
    d = Hex(b.q - a.q, b.r - a.r)
    try:
        return DIRECTIONS.index(d)
    except ValueError:
        return None


def distance(a: Hex, b: Hex) -> int:
    """Number of hex steps between two hexes (HEX-1)."""
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly `radius` steps from `center`."""
    if radius < 0:
        raise ValueError(f"ring radius must be >= 0, got {radius}")
    if radius == 0:
        return [center]
    out: list[Hex] = []
    h = Hex(center.q + DIRECTIONS[4].q * radius, center.r + DIRECTIONS[4].r * radius)
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = neighbor(h, side)
    return out


def hex_range(center: Hex, radius: int) -> Iterator[Hex]:
    """Every hex within `radius` steps of `center` (the centre included)."""
    if radius < 0:
        raise ValueError(f"range radius must be >= 0, got {radius}")
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            yield Hex(center.q + dq, center.r + dr)


# --- offset columns and CCRR labels (HEX-2) ---------------------------------


def from_offset(column: int, row: int) -> Hex:
    """Axial hex of a 1-based map column and row; even columns sit half a hex lower (HEX-2)."""
    c, rr = column - 1, row - 1
    return Hex(c, rr - (c - (c & 1)) // 2)


def to_offset(hex_: Hex) -> tuple[int, int]:
    """1-based (column, row) of an axial hex (HEX-2)."""
    c = hex_.q
    rr = hex_.r + (c - (c & 1)) // 2
    return c + 1, rr + 1


def parse_label(label: str) -> Hex:
    """The hex named by a four-digit CCRR map label, e.g. "0304" (HEX-2)."""
    text = str(label).strip()
    if len(text) != 4 or not text.isdigit():
        raise ValueError(f"HEX-2: a hex label is four digits CCRR (column, row), got {label!r}")
    column, row = int(text[:2]), int(text[2:])
    if column < 1 or row < 1:
        raise ValueError(f"HEX-2: columns and rows count from 01, got {label!r}")
    return from_offset(column, row)


def format_label(hex_: Hex) -> str:
    """The CCRR map label of a hex (HEX-2)."""
    column, row = to_offset(hex_)
    if not (1 <= column <= 99 and 1 <= row <= 99):
        raise ValueError(f"HEX-2: {hex_!r} is at column {column}, row {row}: no CCRR label")
    return f"{column:02d}{row:02d}"
