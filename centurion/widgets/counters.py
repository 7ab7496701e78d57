"""Unit counters as a player knows them from paper: a square in the side's colour with the unit-type symbol, the
unit's letter, a pointer to the faced hexside, the velocity in a badge, and the selected and damaged states.

Drawing only, on the units layer of `HexMapView`, with batch calls (one array per shape, under the caller's
`hold_canvas`); the text is one call per counter, which `hold_canvas` sends in the same message.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..hexgrid import Layout
from .colors import rgb_array

MIN_TEXT_PX = 11  # no letter or number on a counter smaller (issue 26, item 5)
HALF = 0.78  # half the counter's side, as a fraction of the hex size (Centurion: small maps, few units)
# A Centuria counter fits wholly inside its hex, so that neighbours never overlap (W24): a flat-top hex holds a
# centred square of half-side h while h <= 1 - h * tan(30°), i.e. h <= 0.634.
LETTER_HALF = 0.6
FAN = 0.34  # a Centurion stack's counters are drawn this fraction of the hex size apart, up and to the right
NATO = ("grav", "ground", "infantry")
SELECTED, OUTLINE, DAMAGED = "#ffd400", "#111111", "#e00000"
PAINTED = "#7b1fa2"  # the target mark of a painted vehicle (purple: the map's red, magenta and cyan mean others)
_ELLIPSE = np.array([(np.cos(a), np.sin(a)) for a in np.linspace(0, 2 * np.pi, 14, endpoint=False)])


def _symbol_segments(kind: str, cx: float, cy: float, s: float) -> list[tuple[tuple[float, float], ...]]:
    """Line segments of a unit-type symbol (NATO style): grav = armour ellipse over a hover line, ground =
    armour ellipse, infantry = the crossed box. Other kinds (Centuria) show only their letter."""
    if kind in ("grav", "ground"):
        w, h = 0.52 * s, 0.2 * s
        pts = [(cx + w * x, cy + h * y) for x, y in _ELLIPSE]
        segs = [(pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts))]
        if kind == "grav":
            segs.append(((cx - w, cy + h + 0.16 * s), (cx + w, cy + h + 0.16 * s)))
        return segs
    if kind == "infantry":
        w, h = 0.5 * s, 0.27 * s
        box = [(cx - w, cy - h), (cx + w, cy - h), (cx + w, cy + h), (cx - w, cy + h)]
        return [(box[i], box[(i + 1) % 4]) for i in range(4)] + [(box[0], box[2]), (box[1], box[3])]
    return []


def fanned(lay: Layout, counters: Sequence[object]) -> np.ndarray:
    """Each counter's centre in pixels: a Centurion stack's counters fanned out along the up-right diagonal, in
    drawing order, so that each shows an edge of its colour under the one above (walk 34: a tank was almost
    invisible under a squad in its hex; VASSAL offsets a stack the same way). Centuria counters stay centred: they
    must fit inside their hex (W24); its stacks keep the badge alone."""
    centres = np.array([lay.center(k.hex) for k in counters], dtype=float)
    by_hex: dict[object, list[int]] = {}
    for i, k in enumerate(counters):
        if k.kind in NATO:
            by_hex.setdefault(k.hex, []).append(i)
    step = FAN * lay.size
    for idx in by_hex.values():
        for j, i in enumerate(idx):
            shift = (j - (len(idx) - 1) / 2) * step
            centres[i] += (shift, -shift)
    return centres


def draw_counters(c: object, lay: Layout, counters: Sequence[object]) -> None:
    """Draw `counters` (hexmap.Counter) on canvas `c` with the layout `lay`, a stack fanned out (`fanned`); the caller
    clears and holds."""
    if not counters:
        return
    counters = sorted(counters, key=lambda k: k.selected)  # the selected unit on top of its stack
    centres = fanned(lay, counters)
    top = {k.hex: i for i, k in enumerate(counters)}  # the last drawn of each hex carries its stack's badge
    seen: dict[object, int] = {}
    depth = []  # how many counters of its hex are drawn before it: one layer a depth, bottom first, so that no
    for k in counters:  # letter or badge of a lower counter shows through the one above
        depth.append(seen.get(k.hex, 0))
        seen[k.hex] = depth[-1] + 1
    for d in range(max(depth) + 1):
        idx = [i for i in range(len(counters)) if depth[i] == d]
        _draw_layer(c, lay, [counters[i] for i in idx], centres[idx], [top[counters[i].hex] == i for i in idx])


def _draw_layer(c: object, lay: Layout, counters: list, centres: np.ndarray, on_top: list[bool]) -> None:
    """Draw counters none of which covers another (at most one a hex), with batch calls; a stack's badge only on
    the counters `on_top`."""
    s = lay.size
    halves = np.array([(HALF if k.kind in NATO else LETTER_HALF) * s for k in counters])
    corners = np.array([(-1, -1), (1, -1), (1, 1), (-1, 1)], dtype=float)
    squares = centres[:, None, :] + corners[None, :, :] * halves[:, None, None]
    c.fill_styled_polygons(squares, color=rgb_array([k.color for k in counters]))
    # damaged: a red corner, as a damage marker on a paper counter
    damaged = [i for i, k in enumerate(counters) if getattr(k, "damaged", False)]
    if damaged:
        tri = np.array([[(x + h * 0.05, y - h), (x + h, y - h), (x + h, y - h * 0.05)]
                        for (x, y), h in zip(centres[damaged], halves[damaged], strict=True)])
        c.fill_styled_polygons(tri, color=rgb_array([DAMAGED] * len(damaged)))
    c.line_width = 1.5
    c.stroke_styled_polygons(squares, color=rgb_array([OUTLINE] * len(counters)))
    chosen = [i for i, k in enumerate(counters) if k.selected]
    if chosen:
        c.line_width = 3
        ring = centres[chosen][:, None, :] + corners[None, :, :] * halves[chosen][:, None, None] * 1.18
        c.stroke_styled_polygons(ring, color=rgb_array([SELECTED] * len(chosen)))
    # facing pointer: a white arrowhead on the counter's edge toward the faced hexside
    tips = []
    for (cx, cy), k in zip(centres, counters, strict=True):
        mx, my = lay.hexside_midpoint(k.hex, k.facing)
        dx, dy = mx - cx, my - cy
        # from the square's edge out past the hexside: never over the letter, big enough at the default zoom
        tips.append([(cx + dx * 1.42, cy + dy * 1.42), (cx + dx * 0.9 - dy * 0.42, cy + dy * 0.9 + dx * 0.42),
                     (cx + dx * 0.9 + dy * 0.42, cy + dy * 0.9 - dx * 0.42)])
    tips_a = np.array(tips)
    c.fill_styled_polygons(tips_a, color=rgb_array(["#ffffff"] * len(tips)))
    c.line_width = 1.5
    c.stroke_styled_polygons(tips_a, color=rgb_array([OUTLINE] * len(tips)))
    # unit-type symbols, white, in the lower half
    segs, cols = [], []
    for (cx, cy), k in zip(centres, counters, strict=True):
        for seg in _symbol_segments(k.kind, cx, cy + 0.28 * s, s):
            segs.append(seg)
            cols.append("#ffffff")
    if segs:
        c.line_width = max(1.2, s * 0.1)
        c.stroke_styled_line_segments(np.array(segs, dtype=float), color=rgb_array(cols))
    # the letter: upper half for the NATO kinds, centred for the others
    font = max(MIN_TEXT_PX, int(s * 0.62))
    c.font = f"bold {font}px sans-serif"
    c.text_align = "center"
    c.text_baseline = "middle"
    c.fill_style = "#ffffff"
    for (cx, cy), k in zip(centres, counters, strict=True):
        has_symbol = k.kind in ("grav", "ground", "infantry")
        c.fill_text(k.label or k.kind[:1].upper(), cx, cy - (0.3 * s if has_symbol else -0.08 * s))
    r = max(0.42 * s, 6.0)  # the corner badges' radius
    # stack badge at the upper left corner: the number of units in the hex, as a VASSAL stack shows (W4)
    stacked = [(i, k.stack) for i, k in enumerate(counters) if getattr(k, "stack", 1) > 1 and on_top[i]]
    _corner_badges(c, centres, halves, stacked, (-1, -1), r, SELECTED)
    # painted this turn (book-a §7.2): a purple target mark at the lower left corner, a white cross over it
    painted = [(i, None) for i, k in enumerate(counters) if getattr(k, "painted", False)]
    marks = _corner_badges(c, centres, halves, painted, (-1, 1), r, PAINTED)
    if painted:
        cross = [seg for (x, y) in marks for seg in (((x - r * 0.6, y), (x + r * 0.6, y)),
                                                                  ((x, y - r * 0.6), (x, y + r * 0.6)))]
        c.line_width = max(1.2, s * 0.08)
        c.stroke_styled_line_segments(np.array(cross, dtype=float), color=rgb_array(["#ffffff"] * len(cross)))
    # velocity badge at the lower right corner
    moving = [(i, k.velocity) for i, k in enumerate(counters) if getattr(k, "velocity", None) is not None]
    _corner_badges(c, centres, halves, moving, (1, 1), r, "#ffffff")


def _corner_badges(c: object, centres: np.ndarray, halves: np.ndarray, items: list[tuple[int, object]],
                   corner: tuple[int, int], r: float, color: str) -> list[tuple[float, float]]:
    """A round badge of radius `r` and colour `color` on the `corner` (x and y, each -1 or 1) of each counter of
    `items` ((index, text); a text of None writes nothing), outlined; the badges' centres."""
    if not items:
        return []
    (sx, sy) = corner
    at = [(centres[i][0] + sx * halves[i], centres[i][1] + sy * halves[i]) for i, _ in items]
    badges = np.array([[(x + r * ex, y + r * ey) for ex, ey in _ELLIPSE] for x, y in at])
    c.fill_styled_polygons(badges, color=rgb_array([color] * len(items)))
    c.line_width = 1
    c.stroke_styled_polygons(badges, color=rgb_array([OUTLINE] * len(items)))
    c.font = f"bold {MIN_TEXT_PX}px sans-serif"
    c.fill_style = "#111111"
    for (x, y), (_i, text) in zip(at, items, strict=True):
        if text is not None:
            c.fill_text(str(text), x, y + 0.5)
    return at
