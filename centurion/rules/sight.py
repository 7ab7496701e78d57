"""Line of sight: centre to centre over the hexes between, dead zones, spines (CEN-LOS-1, book-a §9).

The hexes between are every hex the straight segment between the two centres runs inside (a supercover,
`hexgrid.line`); where it runs exactly along a hexside the two hexes of that side are a pair (a spine).

Heights in levels (20 m): a unit stands at its hex's ground level (its own woods are not
added). A hex between the two units has a blocking height of ground level + 1 for woods
(or smoke) + its building levels; a rubble counter leaves the bare ground. Units never block.

* A hex between blocks when its height is **greater** than the taller unit's level.
* Dead zones (range 2 or more, units at different levels): the hex on the line next to the
  **lower** unit blocks when its height is **equal to or greater** than the higher unit's level
  (shooting up: the hex in front of the firer; shooting down: the hex the target hides behind).
* Where the line runs along a hexside (a spine) it touches two hexes; the defender chooses which one counts,
  so the line is blocked when either of them would block. The answer is then the same in both
  directions (docs/decisions.md).

`line_of_sight` answers one pair and names the hex that decides it; `sight_from` answers one hex to
every hex of the map at once (numpy, a few milliseconds), from a per-map table of heights.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ..data import BattleMap, TerrainTable, terrain_table
from ..hexgrid import Hex, distance, format_label, line
from .inputs import a_hex

RULE = "CEN-LOS-1"
#: levels a smoke counter adds for line of sight: it counts as heavy woods (book-b §10.3)
SMOKE_HEIGHT = 1
OFF_MAP_HEIGHT = -1000
#: the highest level a unit can see from: ground 9, a building's top floor 9 above it, a pop-up level (decision)
MAX_SIGHT_LEVEL = 19


def blocking_height(battlemap: BattleMap, hex_: Hex, table: TerrainTable | None = None) -> int:
    """The height of a hex for line of sight: ground + woods + building levels, rubble adding none; smoke is one
    level above the ground wherever it lies and does not rise above woods or a building (book-b §10.3: 20 m, as
    heavy woods; CEN-LOS-1). A map marked `legacy_smoke` (a game under rules editions 1-2) reads smoke as those
    editions did: nothing over rubble, one level on top of a building's levels."""
    cell = battlemap[hex_]
    smoke = SMOKE_HEIGHT if "smoke" in cell.counters else 0
    if "rubble" in cell.counters:
        return cell.level + (0 if battlemap.legacy_smoke else smoke)
    extra = (table or terrain_table())[cell.terrain].los_height
    if battlemap.legacy_smoke:
        return cell.level + max(extra, smoke) + cell.building_levels
    return cell.level + max(extra + cell.building_levels, smoke)


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


def _check_level(level: object) -> None:
    if level is not None and (isinstance(level, bool) or not isinstance(level, (int, np.integer))
                              or not 0 <= level <= MAX_SIGHT_LEVEL):
        raise ValueError(f"{RULE}: a unit's level for sight is a whole number 0-{MAX_SIGHT_LEVEL} (ground 0-9, "
                         f"building floors, a pop-up level), got {level!r}")


def line_of_sight(battlemap: BattleMap, a: Hex, b: Hex, *, level_a: int | None = None, level_b: int | None = None,
                  table: TerrainTable | None = None) -> Sight:
    """Whether units in `a` and `b` see each other, and which hex decides it (CEN-LOS-1, book-a §9).

    `level_a`/`level_b` override the units' levels (e.g. infantry on a building floor: hex level + floor); a level
    outside 0-MAX_SIGHT_LEVEL, or not a whole number, raises ValueError.
    """
    a_hex(a, "a", "HEX-4")
    a_hex(b, "b", "HEX-4")
    _check_level(level_a)
    _check_level(level_b)
    for h in (a, b):
        if h not in battlemap:
            return Sight(False, f"{h!r} is off the map", None, "off map")
    la = unit_level(battlemap, a) if level_a is None else int(level_a)
    lb = unit_level(battlemap, b) if level_b is None else int(level_b)
    return battlemap.remembered("_line_of_sight_cache", LOS_CACHE_SIZE, (a, b, la, lb, id(table)), table,
                                _line_of_sight, battlemap, a, b, la, lb, table)


LOS_CACHE_SIZE = 100_000  # lines kept a map (a 44 x 30 map has 1.7 million ordered pairs)


def _line_of_sight(battlemap: BattleMap, a: Hex, b: Hex, la: int, lb: int, table: TerrainTable | None) -> Sight:
    top = max(la, lb)
    entries = line(a, b)
    n = distance(a, b)
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

class SightTable:
    """Per-map arrays for fast sight (CEN-LOS-1): heights and levels on a padded axial grid, and for every
    offset between two hexes of the map the grid steps of the hexes between on its line (both hexes on a spine),
    the same supercover as `hexgrid.line`.

    The line table depends only on the map's extent, so one-to-all sight is a few array look-ups.
    """

    def __init__(self, battlemap: BattleMap, table: TerrainTable | None = None) -> None:
        hexes = list(battlemap.hexes)
        qs = np.array([h.q for h in hexes], dtype=np.int64)
        rs = np.array([h.r for h in hexes], dtype=np.int64)
        self.q0, self.r0 = int(qs.min()) - 1, int(rs.min()) - 1
        shape = (int(qs.max()) - self.q0 + 2, int(rs.max()) - self.r0 + 2)
        self.width = shape[1]
        height = np.full(shape, OFF_MAP_HEIGHT, dtype=np.int64)
        level = np.full(shape, OFF_MAP_HEIGHT, dtype=np.int64)
        index = np.full(shape, -1, dtype=np.int64)
        for i, h in enumerate(hexes):
            height[h.q - self.q0, h.r - self.r0] = blocking_height(battlemap, h, table)
            level[h.q - self.q0, h.r - self.r0] = battlemap[h].level
            index[h.q - self.q0, h.r - self.r0] = i
        self.height, self.level, self.index = height.ravel(), level.ravel(), index.ravel()
        self.hexes = hexes
        self.pos = {h: i for i, h in enumerate(hexes)}
        self.qs, self.rs = qs, rs
        self.flat = (qs - self.q0) * self.width + (rs - self.r0)
        self.span_q = int(qs.max() - qs.min())
        self.span_r = int(rs.max() - rs.min())
        longest = max(self.span_q, self.span_r, int((qs + rs).max() - (qs + rs).min()))  # the farthest two hexes
        self.plus, self.minus, self.n, self.m = _line_offsets(self.span_q, self.span_r, self.width, longest)

    def sight_from(self, origin: Hex, level: int | None = None) -> tuple[np.ndarray, np.ndarray]:
        """(seen, deciding index) for every hex of the map from `origin` (index -1 = in sight)."""
        of = (origin.q - self.q0) * self.width + (origin.r - self.r0)
        dq = self.qs - origin.q + self.span_q
        dr = self.rs - origin.r + self.span_r
        n = self.n[dq, dr]
        m = self.m[dq, dr]
        k = max(int(m.max()), 1)  # the longest run of hexes between from this origin
        ip = of + self.plus[dq, dr, :k].astype(np.intp)
        im = of + self.minus[dq, dr, :k].astype(np.intp)
        hp = self.height[ip]
        hm = self.height[im]
        steps = np.arange(ip.shape[1])
        valid = steps[None, :] < m[:, None]  # column i holds the i-th hex between; m of them
        h = np.where(valid, np.maximum(hp, hm), OFF_MAP_HEIGHT)
        la = self.level[of] if level is None else level
        lb = self.level[self.flat]
        top = np.maximum(la, lb)
        over = h > top[:, None]
        blocked = over.any(axis=1)
        first = over.argmax(axis=1)
        # dead zones: the hex next to the lower unit, at least the higher unit's level
        rows = np.arange(len(self.hexes))
        far = np.maximum(m - 1, 0)
        up = (n >= 2) & (la < lb) & (h[:, 0] >= top)
        down = (n >= 2) & (la > lb) & (h[rows, far] >= top)
        step = np.where(blocked, first, np.where(up, 0, far))
        blocked = blocked | up | down
        # the deciding hex: the higher of the two at that step (the defender's pick on a spine)
        pick = np.where(hp[rows, step] >= hm[rows, step], ip[rows, step], im[rows, step])
        deciding = np.where(blocked, self.index[pick], -1)
        return ~blocked, deciding


_LINE_CACHE: dict[tuple[int, int, int, int], tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = {}

# The supercover walk of `hexgrid.line`, for every offset at once, in the same scaled integer coordinates: the
# centre of Hex(q, r) is (3q, 2r + q); hexside k of a hex is w_k . (p - c) <= b_k; _CORNER[k] lies between
# hexsides k and k + 1; _STEP[k] is the axial step across hexside k.
_SIDE_W = np.array([(0, -1), (1, -1), (1, 1), (0, 1), (-1, 1), (-1, -1)], dtype=np.int64)
_SIDE_B = np.array([1, 2, 2, 1, 2, 2], dtype=np.int64)
_CORNER = np.array([(1, -1), (2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1)], dtype=np.int64)
_STEP = np.array([(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)], dtype=np.int64)


def _line_offsets(span_q: int, span_r: int, width: int, longest: int
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For each offset (dq, dr) within the spans: the flat grid offsets of the hexes between on the line, in
    order (two hexes that differ where the line runs along a hexside, the same hex twice elsewhere), n (the
    distance) and m (how many hexes between). Same walk as `hexgrid.line`, on integers. Offsets farther than
    `longest` (the map's greatest distance) never occur and are left empty."""
    key = (span_q, span_r, width, longest)
    if key in _LINE_CACHE:
        return _LINE_CACHE[key]
    dq, dr = np.meshgrid(np.arange(-span_q, span_q + 1), np.arange(-span_r, span_r + 1), indexing="ij")
    n = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
    n = np.where(n > longest, 0, n)  # offsets that no two hexes of the map have
    shape = dq.shape
    tq, tr = dq.ravel(), dr.ravel()
    du, dv = 3 * tq, 2 * tr + tq
    den = _SIDE_W[:, 0, None] * du[None, :] + _SIDE_W[:, 1, None] * dv[None, :]  # (6, offsets)
    depth = 2 * max(longest, 1) + 2
    plus = np.zeros((tq.size, depth), dtype=np.int32)
    minus = np.zeros((tq.size, depth), dtype=np.int32)
    m = np.zeros(tq.size, dtype=np.int64)
    q = np.zeros(tq.size, dtype=np.int64)
    r = np.zeros(tq.size, dtype=np.int64)
    live = np.flatnonzero(n.ravel() > 0)
    while live.size:
        cu, cv = 3 * q[live], 2 * r[live] + q[live]
        num = _SIDE_B[:, None] + _SIDE_W[:, 0, None] * cu[None, :] + _SIDE_W[:, 1, None] * cv[None, :]
        d = den[:, live]
        with np.errstate(divide="ignore", invalid="ignore"):
            t = np.where(d > 0, num / np.where(d > 0, d, 1), np.inf)
        best = t.argmin(axis=0)
        cols = np.arange(live.size)
        nb, db = num[best, cols], d[best, cols]
        nxt, prv = (best + 1) % 6, (best + 5) % 6
        tie_next = (d[nxt, cols] > 0) & (num[nxt, cols] * db == nb * d[nxt, cols])
        tie_prev = (d[prv, cols] > 0) & (num[prv, cols] * db == nb * d[prv, cols])
        k = np.where(tie_prev, prv, best)  # a corner lies between hexsides k and k + 1
        corner = tie_next | tie_prev
        cross = _CORNER[k, 0] * dv[live] - _CORNER[k, 1] * du[live]
        along = corner & (cross == 0)  # along a hexside: the pair, then on to the hex beyond
        side = np.where(corner & (cross > 0), (k + 1) % 6, k)
        s1, s2 = _STEP[k], _STEP[(k + 1) % 6]
        swap = (4 * s1[:, 0] + 5 * s1[:, 1]) < (4 * s2[:, 0] + 5 * s2[:, 1])  # the pair's order, as in line()
        first = np.where(swap[:, None], s2, s1)
        second = np.where(swap[:, None], s1, s2)
        step = np.where(along[:, None], s1 + s2, _STEP[side])
        at = m[live]
        one = np.where(along[:, None], first, step)  # the entry written: the pair, or the hex stepped into
        two = np.where(along[:, None], second, step)
        pq, pr = q[live] + one[:, 0], r[live] + one[:, 1]
        mq, mr = q[live] + two[:, 0], r[live] + two[:, 1]
        q[live] += step[:, 0]
        r[live] += step[:, 1]
        arrived = (q[live] == tq[live]) & (r[live] == tr[live])
        write = along | ~arrived  # a pair is always between; a single hex unless it is the far end
        plus[live[write], at[write]] = (pq * width + pr)[write]
        minus[live[write], at[write]] = (mq * width + mr)[write]
        m[live[write]] += 1
        beyond = along & ~arrived  # the hex past the pair, when it is not the far end
        plus[live[beyond], at[beyond] + 1] = (q[live] * width + r[live])[beyond]
        minus[live[beyond], at[beyond] + 1] = (q[live] * width + r[live])[beyond]
        m[live[beyond]] += 1
        live = live[~arrived]
    depth = max(int(m.max()), 1)
    # the smallest integers that hold the offsets: the table is read once per hex of the map on every call
    small = np.int16 if max(int(np.abs(plus).max()), int(np.abs(minus).max())) < 2 ** 15 else np.int32
    out = (np.ascontiguousarray(plus[:, :depth], dtype=small).reshape(*shape, depth),
           np.ascontiguousarray(minus[:, :depth], dtype=small).reshape(*shape, depth), n.astype(np.int64),
           m.reshape(shape))
    _LINE_CACHE[key] = out
    return out


def sight_table(battlemap: BattleMap, table: TerrainTable | None = None) -> SightTable:
    """The cached sight arrays of a map (built once per map and terrain table)."""
    cache = battlemap.__dict__.setdefault("_sight_cache", {})
    hit = cache.get(id(table))
    if hit is None or hit[0] is not table:  # the entry keeps its table alive: its id is not reused meanwhile
        hit = cache[id(table)] = (table, SightTable(battlemap, table))
    return hit[1]


class SightMap:
    """What one hex sees: every map hex in sight, and for the others the hex that blocks (CEN-LOS-1).

    Backed by the arrays of the one-to-all computation; the sets are built only when asked for.
    """

    def __init__(self, origin: Hex, table: SightTable, seen: np.ndarray, deciding: np.ndarray) -> None:
        self.origin = origin
        self._table, self._seen, self._deciding = table, seen, deciding

    def __contains__(self, hex_: object) -> bool:
        i = self._table.pos.get(hex_)  # type: ignore[arg-type]
        return i is not None and bool(self._seen[i])

    @cached_property
    def visible(self) -> frozenset[Hex]:
        """Every map hex in sight of the origin (the origin included)."""
        hexes = self._table.hexes
        return frozenset(hexes[i] for i in np.flatnonzero(self._seen))

    @cached_property
    def blockers(self) -> dict[Hex, Hex]:
        """For each hex out of sight, the hex that decides it."""
        hexes = self._table.hexes
        out = np.flatnonzero(~self._seen)
        return {hexes[i]: hexes[d] for i, d in zip(out, self._deciding[out], strict=True) if d >= 0}

    def blocker(self, hex_: Hex) -> Hex | None:
        """The hex that decides that `hex_` is out of sight (None when it is in sight or off the map)."""
        i = self._table.pos.get(hex_)
        if i is None or self._seen[i]:
            return None
        d = int(self._deciding[i])
        return self._table.hexes[d] if d >= 0 else None


def sight_from(battlemap: BattleMap, origin: Hex, *, level: int | None = None,
               table: TerrainTable | None = None) -> SightMap:
    """Every hex of the map a unit in `origin` sees (targets at their ground level), with the blockers (CEN-LOS-1)."""
    a_hex(origin, "origin", "HEX-4")
    if origin not in battlemap:
        raise ValueError(f"{RULE}: {origin!r} is off the map")
    _check_level(level)
    st = sight_table(battlemap, table)
    seen, deciding = st.sight_from(origin, level)
    return SightMap(origin, st, seen, deciding)


def seen_hexes_of_path(battlemap: BattleMap, watcher: Hex, path: Iterable[Hex], *, level: int | None = None
                       ) -> list[Hex]:
    """The hexes of a mover's path that a watcher sees, in order: where opportunity fire may strike (CEN-OPP-1)."""
    seen = sight_from(battlemap, watcher, level=level)
    return [h for h in path if h in seen]
