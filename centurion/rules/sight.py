"""Line of sight: centre to centre over the hexes between, dead zones, spines (CEN-LOS-1, book-a §9).

Heights in levels (20 m): a unit stands at its hex's ground level (its own woods are not
added). A hex between the two units has a blocking height of ground level + 1 for woods
(or smoke) + its building levels; a rubble counter leaves the bare ground. Units never block.

* A hex between blocks when its height is **greater** than the taller unit's level.
* Dead zones (range 2 or more, units at different levels): the hex on the line next to the
  **lower** unit blocks when its height is **equal to or greater** than the higher unit's level
  (shooting up: the hex in front of the firer; shooting down: the hex the target hides behind).
* Where the line runs along a spine it touches two hexes; the defender chooses which one counts,
  so the line is blocked when either of them would block. The answer is then the same in both
  directions (docs/decisions.md).

`line_of_sight` answers one pair and names the hex that decides it; `sight_from` answers one hex to
every hex of the map at once (numpy, a few milliseconds), from a per-map table of heights.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from ..data import BattleMap, TerrainTable, terrain_table
from ..hexgrid import Hex, distance, format_label, line

RULE = "CEN-LOS-1"
#: levels a smoke counter adds for line of sight: it counts as heavy woods (book-b §10.3)
SMOKE_HEIGHT = 1
OFF_MAP_HEIGHT = -1000


def blocking_height(battlemap: BattleMap, hex_: Hex, table: TerrainTable | None = None) -> int:
    """The height of a hex for line of sight: ground + woods (or smoke) + building levels; rubble adds 0 (CEN-LOS-1)."""
    cell = battlemap[hex_]
    if "rubble" in cell.counters:
        return cell.level
    extra = (table or terrain_table())[cell.terrain].los_height
    if "smoke" in cell.counters:
        extra = max(extra, SMOKE_HEIGHT)
    return cell.level + extra + cell.building_levels


def unit_level(battlemap: BattleMap, hex_: Hex) -> int:
    """The level of a unit for line of sight: its hex's ground level, trees not added (CEN-LOS-1)."""
    return battlemap[hex_].level


def _label(h: Hex) -> str:
    try:
        return format_label(h)
    except ValueError:
        return repr(h)


@dataclass(frozen=True)
class Sight:
    """The answer to one line of sight (CEN-LOS-1).

    `seen`: whether the line is open. `deciding`: the hex that blocks it (None when open).
    `reason`: why, in words, with the heights. `spines`: for each place where the line runs along a
    spine, the two hexes and the one that counts (the defender's pick: the higher). `path`: the hexes
    the line crosses, the counted one at each spine, ends included.
    """

    seen: bool
    reason: str
    deciding: Hex | None = None
    kind: str = "clear"  # clear, blocked, dead zone up, dead zone down, off map
    spines: tuple[tuple[tuple[Hex, Hex], Hex], ...] = ()
    path: tuple[Hex, ...] = ()
    rule: str = RULE

    def __bool__(self) -> bool:
        return self.seen

    def __str__(self) -> str:
        return f"{self.rule}: {self.reason}"


def line_of_sight(battlemap: BattleMap, a: Hex, b: Hex, *, level_a: int | None = None, level_b: int | None = None,
                  table: TerrainTable | None = None) -> Sight:
    """Whether units in `a` and `b` see each other, and which hex decides it (CEN-LOS-1, book-a §9).

    `level_a`/`level_b` override the units' levels (e.g. infantry on a building floor: hex level + floor).
    """
    for h in (a, b):
        if h not in battlemap:
            return Sight(False, f"{h!r} is off the map", None, "off map")
    la = unit_level(battlemap, a) if level_a is None else level_a
    lb = unit_level(battlemap, b) if level_b is None else level_b
    top = max(la, lb)
    entries = line(a, b)
    n = len(entries) - 1
    spines: list[tuple[tuple[Hex, Hex], Hex]] = []
    path: list[Hex] = [a]
    heights: list[tuple[Hex, int]] = []
    for entry in entries[1:-1]:
        cands = [(h, blocking_height(battlemap, h, table) if h in battlemap else OFF_MAP_HEIGHT) for h in entry]
        # the defender picks the hex that counts: the higher one (first on a tie)
        pick = max(cands, key=lambda c: c[1])
        if len(entry) == 2:
            spines.append(((entry[0], entry[1]), pick[0]))
        path.append(pick[0])
        heights.append(pick)
    path.append(b)
    spines_t, path_t = tuple(spines), tuple(path) if n else (a,)
    for h, height in heights:
        if height > top:
            why = (f"{_label(h)} is {height} level(s) high, above the taller unit's level {top}"
                   + (" (the defender picks it on a spine)" if any(pick == h for _, pick in spines) else ""))
            return Sight(False, why, h, "blocked", spines_t, path_t)
    if n >= 2 and la != lb:
        if la < lb:
            h, height = heights[0]
            kind, who = "dead zone up", "firer"
        else:
            h, height = heights[-1]
            kind, who = "dead zone down", "target"
        if height >= top:
            why = (f"dead zone: {_label(h)} next to the lower unit ({who} side) is {height} level(s) high, "
                   f"at least the higher unit's level {top}")
            return Sight(False, why, h, kind, spines_t, path_t)
    if n <= 1:
        why = "same or adjacent hex: always in sight"
    else:
        why = f"no hex between is above level {top}"
    return Sight(True, why, None, "clear", spines_t, path_t)


# --- one hex to every hex, vectorised -------------------------------------------------------------------

_EPS = (1e-6, 2e-6, -3e-6)  # the same nudges as centurion.hexgrid.line


class SightTable:
    """Per-map arrays for fast sight: heights and levels on a padded axial grid (CEN-LOS-1)."""

    def __init__(self, battlemap: BattleMap, table: TerrainTable | None = None) -> None:
        hexes = list(battlemap.hexes)
        qs = np.array([h.q for h in hexes])
        rs = np.array([h.r for h in hexes])
        self.q0, self.r0 = int(qs.min()) - 1, int(rs.min()) - 1
        shape = (int(qs.max()) - self.q0 + 2, int(rs.max()) - self.r0 + 2)
        self.height = np.full(shape, OFF_MAP_HEIGHT, dtype=np.int16)
        self.level = np.full(shape, OFF_MAP_HEIGHT, dtype=np.int16)
        for h in hexes:
            self.height[h.q - self.q0, h.r - self.r0] = blocking_height(battlemap, h, table)
            self.level[h.q - self.q0, h.r - self.r0] = battlemap[h].level
        self.hexes = hexes
        self.qs, self.rs = qs, rs
        self.index = {h: i for i, h in enumerate(hexes)}
        self.max_n = 0
        self._steps: dict[int, np.ndarray] = {}

    def _round(self, x: np.ndarray, y: np.ndarray, z: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        rx, ry, rz = np.rint(x), np.rint(y), np.rint(z)
        dx, dy, dz = np.abs(rx - x), np.abs(ry - y), np.abs(rz - z)
        fix_x = (dx > dy) & (dx > dz)
        fix_y = ~fix_x & (dy > dz)
        rx = np.where(fix_x, -ry - rz, rx)
        ry = np.where(fix_y, -rx - rz, ry)
        return rx.astype(np.int64), ry.astype(np.int64)

    def sight_from(self, origin: Hex, level: int | None = None) -> tuple[np.ndarray, np.ndarray]:
        """(seen, deciding index) for every hex of the map from `origin` (index -1 = none or off map)."""
        oq, or_ = origin.q, origin.r
        dq, dr = self.qs - oq, self.rs - or_
        n = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
        nmax = int(n.max())
        if nmax < 2:
            return np.ones(len(self.hexes), dtype=bool), np.full(len(self.hexes), -1)
        steps = np.arange(1, nmax, dtype=np.float64)  # intermediate sample indices 1..nmax-1
        nn = np.maximum(n, 1).astype(np.float64)[:, None]
        t = steps[None, :] / nn
        valid = steps[None, :] < n[:, None]  # sample i is between the ends only when i < n
        x = oq + dq[:, None] * t
        y = or_ + dr[:, None] * t
        z = -x - y
        pq, pr = self._round(x + _EPS[0], y + _EPS[1], z + _EPS[2])
        mq, mr = self._round(x - _EPS[0], y - _EPS[1], z - _EPS[2])
        hp = self._height_at(pq, pr)
        hm = self._height_at(mq, mr)
        h = np.where(valid, np.maximum(hp, hm), OFF_MAP_HEIGHT)
        la = self.level[oq - self.q0, or_ - self.r0] if level is None else level
        lb = self.level[self.qs - self.q0, self.rs - self.r0].astype(np.int64)
        top = np.maximum(la, lb)
        over = h > top[:, None]
        blocked = over.any(axis=1)
        first = np.where(blocked, over.argmax(axis=1), -1)
        # dead zones: the hex next to the lower unit, at least the higher unit's level
        rows = np.arange(len(self.hexes))
        far = np.maximum(n - 2, 0)
        h_near = h[:, 0]
        h_far = h[rows, far]
        up = (n >= 2) & (la < lb) & (h_near >= top)
        down = (n >= 2) & (la > lb) & (h_far >= top)
        dz_idx = np.where(up, 0, np.where(down, far, -1))
        deciding_step = np.where(blocked, first, dz_idx)
        blocked = blocked | up | down
        # the deciding hex: the higher of the two at that step (the defender's pick on a spine)
        s = np.maximum(deciding_step, 0)
        use_p = hp[rows, s] >= hm[rows, s]
        dq_, dr_ = np.where(use_p, pq[rows, s], mq[rows, s]), np.where(use_p, pr[rows, s], mr[rows, s])
        deciding = np.where(blocked, self._index_at(dq_, dr_), -1)
        return ~blocked, deciding

    def _height_at(self, q: np.ndarray, r: np.ndarray) -> np.ndarray:
        iq = np.clip(q - self.q0, 0, self.height.shape[0] - 1)
        ir = np.clip(r - self.r0, 0, self.height.shape[1] - 1)
        return self.height[iq, ir].astype(np.int64)

    def _index_at(self, q: np.ndarray, r: np.ndarray) -> np.ndarray:
        if not hasattr(self, "_idx_grid"):
            grid = np.full(self.height.shape, -1, dtype=np.int64)
            for i, h in enumerate(self.hexes):
                grid[h.q - self.q0, h.r - self.r0] = i
            self._idx_grid = grid
        iq = np.clip(q - self.q0, 0, self.height.shape[0] - 1)
        ir = np.clip(r - self.r0, 0, self.height.shape[1] - 1)
        return self._idx_grid[iq, ir]


def sight_table(battlemap: BattleMap, table: TerrainTable | None = None) -> SightTable:
    """The cached sight arrays of a map (built once per map and terrain table)."""
    cache = battlemap.__dict__.setdefault("_sight_cache", {})
    key = id(table)
    if key not in cache:
        cache[key] = SightTable(battlemap, table)
    return cache[key]


@dataclass(frozen=True)
class SightMap:
    """What one hex sees: every map hex in sight, and for the others the hex that blocks (CEN-LOS-1)."""

    origin: Hex
    visible: frozenset[Hex]
    blockers: dict[Hex, Hex]

    def __contains__(self, hex_: object) -> bool:
        return hex_ in self.visible

    def blocker(self, hex_: Hex) -> Hex | None:
        """The hex that decides that `hex_` is out of sight (None when it is in sight)."""
        return self.blockers.get(hex_)


def sight_from(battlemap: BattleMap, origin: Hex, *, level: int | None = None,
               table: TerrainTable | None = None) -> SightMap:
    """Every hex of the map a unit in `origin` sees (targets at their ground level), with the blockers (CEN-LOS-1)."""
    if origin not in battlemap:
        raise ValueError(f"{RULE}: {origin!r} is off the map")
    st = sight_table(battlemap, table)
    seen, deciding = st.sight_from(origin, level)
    hexes = st.hexes
    visible = frozenset(hexes[i] for i in np.flatnonzero(seen))
    blockers = {hexes[i]: hexes[d] for i, d in zip(np.flatnonzero(~seen), deciding[~seen], strict=True) if d >= 0}
    return SightMap(origin, visible, blockers)


def seen_hexes_of_path(battlemap: BattleMap, watcher: Hex, path: Iterable[Hex], *, level: int | None = None
                       ) -> list[Hex]:
    """The hexes of a mover's path that a watcher sees, in order: where opportunity fire may strike (CEN-OPP-1)."""
    out = []
    for h in path:
        if h in battlemap and line_of_sight(battlemap, watcher, h, level_a=level).seen:
            out.append(h)
    return out


def in_range_and_sight(battlemap: BattleMap, a: Hex, b: Hex, max_range: int) -> Sight:
    """Line of sight, refused as well when `b` is beyond `max_range` hexes (CEN-LOS-1, CEN-CMB-1)."""
    if distance(a, b) > max_range:
        return Sight(False, f"range {distance(a, b)} is beyond {max_range} hexes", None, "out of range",
                     rule="CEN-CMB-1")
    return line_of_sight(battlemap, a, b)
