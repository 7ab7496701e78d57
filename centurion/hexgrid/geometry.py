"""Lines between hex centres and the six arcs around a hex (HEX-4, CEN-LOS-1 geometry)."""

from __future__ import annotations

import math
from functools import lru_cache

from .coords import Hex


def cube_round(x: float, y: float, z: float) -> Hex:
    """The hex holding fractional cube coordinates: each rounded, the one moved most fixed by the other two (HEX-1)."""
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    return Hex(int(rx), int(ry))


# Supercover geometry (CEN-LOS-1) in scaled coordinates u = 2x, v = 2y / sqrt(3) of the flat-topped layout
# (size 1): the centre of Hex(q, r) is (3q, 2r + q) and every hexagon is {|v| <= 1, |u| + |v| <= 2} around it,
# so all the arithmetic below is on integers. Hexside k (facing k, HEX-3) is the edge w_k . (p - c) <= b_k.
_SIDE_W = ((0, -1), (1, -1), (1, 1), (0, 1), (-1, 1), (-1, -1))
_SIDE_B = (1, 2, 2, 1, 2, 2)
#: the corner between hexsides k and k + 1, from the centre
_CORNER = ((1, -1), (2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1))
#: the step to the neighbour across hexside k, axial (q, r)
_STEP = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


def line(a: Hex, b: Hex) -> list[tuple[Hex, ...]]:
    """Every hex the straight segment between the two hex centres passes through, in order (CEN-LOS-1).

    A supercover: a hex is on the line when the segment runs inside it for any positive length (a line that
    only touches a corner does not count). An entry holds one hex, or two where the segment runs exactly along
    the hexside between them (a spine from `a`: HEX-4); the rules decide which of the two counts (the defender
    chooses). The ends are the first and last entries; there are `distance(a, b) + 1` entries or more.
    """
    dq, dr = b.q - a.q, b.r - a.r
    if dq == 0 and dr == 0:
        return [(a,)]
    du, dv = 3 * dq, 2 * dr + dq
    exits = []  # hexsides the segment can leave a hex by: (k, w_u, w_v, b_k, w . D > 0)
    for k in range(6):
        wu, wv = _SIDE_W[k]
        den = wu * du + wv * dv
        if den > 0:
            exits.append((k, wu, wv, _SIDE_B[k], den))
    out: list[tuple[Hex, ...]] = [(a,)]
    q, r, cu, cv = a.q, a.r, 0, 0  # the current hex, its centre relative to a's (scaled)
    while q != b.q or r != b.r:
        # the exit parameter through hexside k is (b_k + w_k . c) / (w_k . D); the least wins
        best, bnum, bden, tie = -1, 0, 1, -1
        for k, wu, wv, bk, den in exits:
            num = bk + wu * cu + wv * cv
            if best < 0 or num * bden < bnum * den:
                best, bnum, bden, tie = k, num, den, -1
            elif num * bden == bnum * den:
                tie = k
        if tie < 0:
            sq, sr = _STEP[best]
            q, r = q + sq, r + sr
            cu, cv = cu + 3 * sq, cv + 2 * sr + sq
            out.append((Hex(q, r),))
            continue
        # out through a corner: the hexsides k and k + 1 around it
        k = best if (best + 1) % 6 == tie else tie
        ku, kv = _CORNER[k]
        cross = ku * dv - kv * du
        if cross == 0:  # along the hexside between the two neighbours (a spine), on to the hex beyond
            s1, s2 = _STEP[k], _STEP[(k + 1) % 6]
            sq, sr = s1[0] + s2[0], s1[1] + s2[1]
            if 4 * s1[0] + 5 * s1[1] < 4 * s2[0] + 5 * s2[1]:  # a fixed order of the pair (as before)
                s1, s2 = s2, s1
            out.append((Hex(q + s1[0], r + s1[1]), Hex(q + s2[0], r + s2[1])))
        else:  # across the corner into one neighbour; the third hex there is only touched
            sq, sr = _STEP[(k + 1) % 6] if cross > 0 else _STEP[k]
        q, r = q + sq, r + sr
        cu, cv = cu + 3 * sq, cv + 2 * sr + sq
        out.append((Hex(q, r),))
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
    return _wedges_of(target.q - origin.q, target.r - origin.r)


@lru_cache(maxsize=65536)
def _wedges_of(dq: int, dr: int) -> tuple[int, ...]:
    """`wedges` for a target dq, dr away: it depends on nothing else, so it is computed once per offset."""
    if dq == 0 and dr == 0:
        return tuple(range(6))
    pos = bearing(Hex(0, 0), Hex(dq, dr)) / 60.0
    nearest = round(pos)
    if abs(pos - math.floor(pos) - 0.5) < 1e-9:
        lo = math.floor(pos) % 6
        return (lo, (lo + 1) % 6)
    return (nearest % 6,)


def arcs(origin: Hex, facing: int, target: Hex) -> tuple[int, ...]:
    """The target's wedge(s) relative to a facing: 0 = ahead, 1 = right-front ... 5 = left-front (HEX-4)."""
    return tuple((w - facing) % 6 for w in wedges(origin, target))
