"""Lines between hex centres and the six arcs around a hex (HEX-4, CEN-LOS-1 geometry)."""

from __future__ import annotations

import math

from .coords import Hex, distance

# A nudge off the exact centre line, used to detect lines that run along a spine.
_EPS = (1e-6, 2e-6, -3e-6)


def _cube_round(x: float, y: float, z: float) -> Hex:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    return Hex(int(rx), int(ry))


def line(a: Hex, b: Hex) -> list[tuple[Hex, ...]]:
    """The hexes crossed by the line between two hex centres (CEN-LOS-1).

    One entry per step from `a` to `b` (so `distance(a, b) + 1` entries). An entry
    holds one hex, or two where the line runs exactly along the spine between
    them; the rules decide which of the two counts (on a spine the defender chooses).
    """
    n = distance(a, b)
    if n == 0:
        return [(a,)]
    out: list[tuple[Hex, ...]] = []
    for i in range(n + 1):
        t = i / n
        x = a.q + (b.q - a.q) * t
        y = a.r + (b.r - a.r) * t
        z = a.s + (b.s - a.s) * t
        plus = _cube_round(x + _EPS[0], y + _EPS[1], z + _EPS[2])
        minus = _cube_round(x - _EPS[0], y - _EPS[1], z - _EPS[2])
        out.append((plus,) if plus == minus else (plus, minus))
    return out


def bearing(origin: Hex, target: Hex) -> float:
    """Compass bearing in degrees (0 = north = facing 0, clockwise) from one hex centre to another."""
    dq, dr = target.q - origin.q, target.r - origin.r
    x = 1.5 * dq
    y = math.sqrt(3) * (dr + dq / 2)  # screen y grows southwards
    return math.degrees(math.atan2(x, -y)) % 360.0


def wedges(origin: Hex, target: Hex) -> tuple[int, ...]:
    """The hexside wedge(s) 0..5 around `origin` that hold `target`'s centre (HEX-4).

    Wedge k is the 60-degree sector through hexside k. A target on a boundary
    (a hex spine from `origin`) lies in two wedges; both are returned, lower first
    in clockwise order. The origin itself returns all six.
    """
    if origin == target:
        return tuple(range(6))
    pos = bearing(origin, target) / 60.0
    nearest = round(pos)
    if abs(pos - math.floor(pos) - 0.5) < 1e-9:
        lo = math.floor(pos) % 6
        return (lo, (lo + 1) % 6)
    return (nearest % 6,)


def arcs(origin: Hex, facing: int, target: Hex) -> tuple[int, ...]:
    """The target's wedge(s) relative to a facing: 0 = ahead, 1 = right-front ... 5 = left-front (HEX-4)."""
    return tuple((w - facing) % 6 for w in wedges(origin, target))
