"""Audit of issue 20, geometry: arcs on a spine (HEX-4, C1/G11), the supercover line of sight (CEN-LOS-1, C2),
the same hex (book-a §14.2, C5), a squad's sight from a building floor (book-b §2.7, C9).

The expected hexes of a line come from an exact segment/hexagon clip written here from the flat-topped layout
(hex size 1), never from `hexgrid.line`.
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from centurion.data import map_from_rows, vehicle_types
from centurion.hexgrid import Hex, distance, format_label, from_offset, hex_range, parse_label, to_offset
from centurion.hexgrid.geometry import line

SQ3 = math.sqrt(3.0)


# --- an independent oracle: the segment between two centres clipped by each hexagon ---------------------------

def _centre(h: Hex) -> tuple[float, float]:
    return 1.5 * h.q, SQ3 * (h.r + h.q / 2)


def _hexagon(h: Hex, radius: float) -> list[tuple[float, float]]:
    cx, cy = _centre(h)
    return [(cx + radius * math.cos(math.radians(60 * k)), cy + radius * math.sin(math.radians(60 * k)))
            for k in range(6)]


def _clip(p0, p1, h: Hex, radius: float) -> tuple[float, float] | None:
    """Cyrus-Beck: the parameter interval of the segment p0-p1 inside the (convex) hexagon of `h`."""
    cx, cy = _centre(h)
    poly = _hexagon(h, radius)
    t0, t1 = 0.0, 1.0
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    for i in range(6):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % 6]
        nx, ny = by - ay, -(bx - ax)
        if nx * (cx - ax) + ny * (cy - ay) > 0:  # point the normal outwards
            nx, ny = -nx, -ny
        num = nx * (p0[0] - ax) + ny * (p0[1] - ay)  # inside when num + t * den <= 0
        den = nx * dx + ny * dy
        if abs(den) < 1e-15:
            if num > 0:
                return None
            continue
        t = -num / den
        if den > 0:
            t1 = min(t1, t)
        else:
            t0 = max(t0, t)
    return (t0, t1) if t1 > t0 else None


def oracle(a: Hex, b: Hex) -> list[frozenset[Hex]]:
    """The hexes the segment runs inside (any positive length), and the pairs it runs between along a hexside,
    in order along the segment (CEN-LOS-1)."""
    if a == b:
        return [frozenset([a])]
    p0, p1 = _centre(a), _centre(b)
    length = math.dist(p0, p1)
    n = distance(a, b)
    inside, edge = [], {}
    for h in hex_range(a, n + 1):
        if distance(a, h) + distance(h, b) > n + 2:
            continue
        shrunk = _clip(p0, p1, h, 1.0 - 1e-9)
        if shrunk and (shrunk[1] - shrunk[0]) * length > 1e-7:
            inside.append((shrunk[0], frozenset([h])))
            continue
        grown = _clip(p0, p1, h, 1.0 + 1e-9)
        if grown and (grown[1] - grown[0]) * length > 1e-6:  # along a hexside: a closed touch of some length
            edge.setdefault(round(grown[0], 6), set()).add(h)
    entries = inside + [(t, frozenset(hs)) for t, hs in edge.items()]
    return [hs for _t, hs in sorted(entries, key=lambda e: e[0])]


def _as_sets(a: Hex, b: Hex) -> list[frozenset[Hex]]:
    return [frozenset(e) for e in line(a, b)]


# --- C2: the supercover ---------------------------------------------------------------------------------------

def test_C2_audit_line_crosses_3_m1_and_4_0() -> None:
    """Hex(0,0) -> Hex(7,-1): the centre segment runs through Hex(3,-1) and Hex(4,0) (combat.md C2)."""
    hexes = {h for e in line(Hex(0, 0), Hex(7, -1)) for h in e}
    assert Hex(3, -1) in hexes and Hex(4, 0) in hexes
    assert _as_sets(Hex(0, 0), Hex(7, -1)) == oracle(Hex(0, 0), Hex(7, -1))


def test_C2_every_offset_within_9_matches_the_exact_clip() -> None:
    """Every target within 9 hexes: the line is exactly the hexes the segment passes through (CEN-LOS-1)."""
    for b in hex_range(Hex(0, 0), 9):
        assert _as_sets(Hex(0, 0), b) == oracle(Hex(0, 0), b), b


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(-30, 30), st.integers(-30, 30), st.integers(-20, 20), st.integers(-20, 20))
def test_C2_supercover_property(q: int, r: int, dq: int, dr: int) -> None:
    """Any two centres: `line` lists every hex the segment runs inside, in order, and a pair only where it runs
    along a hexside, checked against an exact clip of the segment by each hexagon (CEN-LOS-1)."""
    a, b = Hex(q, r), Hex(q + dq, r + dr)
    got = _as_sets(a, b)
    assert got == oracle(a, b)
    assert got[0] == {a} and got[-1] == {b}
    assert all(len(e) == 2 for e in got if len(e) > 1)


def test_C2_a_corner_touch_is_not_on_the_line() -> None:
    """Hex(0,0) -> Hex(1,4) crosses the corner shared by Hex(0,1), Hex(1,1), Hex(0,2): Hex(1,1) is only touched."""
    got = _as_sets(Hex(0, 0), Hex(1, 4))
    assert frozenset([Hex(1, 1)]) not in got and all(Hex(1, 1) not in e for e in got)
    assert got == oracle(Hex(0, 0), Hex(1, 4))
