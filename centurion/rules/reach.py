"""Where a grav vehicle can be after spending each number of velocity points, for several velocities at once.

The search behind `legal_grav_moves` (CEN-GRAV-2..5, CEN-SPD-1). The accelerations a player may
choose this turn give velocities that share a facing-change interval (CEN-GRAV-4); for those the
rules allow the same step sequences and differ only in how many VP there are to spend and in the
odds of each Piloting Skill Roll. So one pass over the VP spent (0, 1, 2, ...) serves them all: a
state is (hex, facing, straight hexes since the last turn, VP spent), and each state carries, per
velocity, the odds of the best path to it.

Odds are exact. Every speed-limit roll passes on n of 10 faces with n in 1..4 (the target is at
most 4 when a roll is needed, and a 1 always passes), so a path's chance is 2^a 3^b / 10^r. Each
state carries one integer per velocity, `value = key * 2^25 + (a | b << 9 | r << 17)`, where
key = a*W2 + b*W3 - r*W10 with W = round(ln(prime) * 2^28). Values add up along a path, and
comparing values compares chances exactly: for r <= 255 (a search at velocity 80 or less makes at most
about 125 rolls), two different chances differ by at least 8.8e-6 in their logarithms (2,381 key
units) while rounding the weights moves a key difference by at most 510 units; equal chances have
equal (a, b, r), hence equal values. (`tests/test_legal_moves_oracle.py` checks both facts.)
"""

from __future__ import annotations

import math
from bisect import bisect_left
from fractions import Fraction
from functools import lru_cache

import numpy as np

from ..data import BattleMap, TerrainTable
from ..hexgrid import Hex, neighbor
from .speed import speed_limit_check
from .terrain import entry_cost

SCALE_BITS, PAYLOAD_BITS = 28, 25
W2, W3, W10 = (round(math.log(p) * 2**SCALE_BITS) for p in (2, 3, 10))
MAX_SPEED = 80
# A state not reached at a velocity starts at INVALID. The search adds step values without checking, so such
# entries drift lower (at most ~125 steps, 80 VP plus 0-VP descents, of -2.1e16: never wrapping around), and
# a velocity's entries at more VP than it has are not looked at; every real value lies above LIVE (> -2.6e18).
INVALID = -(1 << 62)
LIVE = -(3 << 60)
_B, _R = 9, 17  # payload fields: a | b << 9 | r << 17
_PAYLOAD = (1 << PAYLOAD_BITS) - 1


def odds_value(a: int, b: int, r: int) -> int:
    """The integer that orders chances 2^a 3^b / 10^r exactly and carries (a, b, r) (see the module text)."""
    return (a * W2 + b * W3 - r * W10) << PAYLOAD_BITS | a | b << _B | r << _R


def value_key(value: int | np.ndarray) -> int | np.ndarray:
    """The ordering part of a value (works on numpy arrays too)."""
    return value >> PAYLOAD_BITS


@lru_cache(maxsize=4096)
def value_chance(value: int) -> Fraction:
    """The exact chance 2^a 3^b / 10^r a value stands for."""
    a, b, r = value & 511, (value >> _B) & 255, (value & _PAYLOAD) >> _R
    return Fraction(2**a * 3**b, 10**r)


def value_rolls(value: int | np.ndarray) -> int | np.ndarray:
    """The number of Piloting Skill Rolls in a value (works on numpy arrays too)."""
    return (value & _PAYLOAD) >> _R


def roll_factor(velocity: int, limit: int, tsr_lost: bool, piloting_modifier: int = 0, driver_out: bool = False) -> int:
    """The value added by entering a hex of this speed limit at this velocity, with the vehicle's damage (CEN-SPD-1)."""
    check = speed_limit_check(velocity, limit, tsr_lost=tsr_lost, damage_modifier=piloting_modifier,
                              driver_out=driver_out)
    if not check.needs_roll:
        return 0
    n = max(1, min(9, check.target))
    if n > 4:
        raise ValueError(f"CEN-SPD-1: a roll that passes on {n} is outside what the search encodes (1..4)")
    a, b = {1: (0, 0), 2: (1, 0), 3: (0, 1), 4: (2, 0)}[n]
    return odds_value(a, b, 1)


class StepTable:
    """Per map: for each hex and direction, where a grav vehicle's step leads, its VP and speed limit (CEN-TER).

    `under_water`: steps beneath the surface, lake to lake only (CEN-GRD-2). Hexes are numbered in the
    order of (q, r), so sorting end states by number sorts them by hex.
    """

    def __init__(self, battlemap: BattleMap, table: TerrainTable | None, under_water: bool) -> None:
        self.hexes: list[Hex] = sorted(battlemap.hexes, key=lambda h: (h.q, h.r))
        self.ids = {h: i for i, h in enumerate(self.hexes)}
        n = len(self.hexes)
        dest = np.full(6 * n, -1, np.int64)
        cost = np.zeros(6 * n, np.int64)
        limit = np.zeros(6 * n, np.int64)
        self.came_from = [-1] * (6 * n)  # (hex id * 6 + direction) -> the hex a step in that direction came from
        for i, h in enumerate(self.hexes):
            for f in range(6):
                d = neighbor(h, f)
                if d in self.ids and (not under_water or battlemap[d].lake):
                    c, lim, _k = entry_cost(battlemap, h, d, "grav", table=table, submerged=under_water)
                    if c is not None:
                        j = self.ids[d]
                        dest[6 * i + f], cost[6 * i + f], limit[6 * i + f] = j, c, lim
                        self.came_from[6 * j + f] = i
        self.limits = sorted(set(limit[dest >= 0].tolist()))
        self.dest, self.cost = dest, cost
        self.limit_index = np.searchsorted(np.array(self.limits or [0]), limit)
        self.has_free_steps = bool(((cost == 0) & (dest >= 0)).any())
        self.cost_list, self.limit_list = cost.tolist(), limit.tolist()
        self.limit_index_list = self.limit_index.tolist()


def step_table(battlemap: BattleMap, table: TerrainTable | None, under_water: bool = False) -> StepTable:
    """The map's step table, built once and kept on the map."""
    cache = battlemap.__dict__.setdefault("_grav_step_cache", {})
    key = (id(table), under_water)
    if key not in cache:
        cache[key] = StepTable(battlemap, table, under_water)
    return cache[key]


def _merge(parts: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    """States sorted by id, each once, with the best value per velocity."""
    if len(parts) == 1:
        sid, value = parts[0]
    else:
        sid, value = np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])
    order = np.argsort(sid, kind="stable")
    sid, value = sid[order], value[order]
    first = np.empty(len(sid), bool)
    first[:1] = True
    np.not_equal(sid[1:], sid[:-1], out=first[1:])
    if first.all():
        return sid, value
    starts = np.flatnonzero(first)
    return sid[starts], np.maximum.reduceat(value, starts, axis=0)


class Reach:
    """Every state reachable this turn for a set of velocities of one facing-change class (CEN-GRAV-2..5).

    `turns`: which one-hexside turns the vehicle can still make, (left, right): a lost vane forbids its side
    (book-a §13). `piloting_modifier` and `driver_out` change the odds of every roll (CEN-SPD-1).

    After the search: `layer` (VP spent), `sid` (state id = (hex id * 6 + facing) * (k + 1) + straight)
    and `value`, per velocity column, of the best path to the state (at most LIVE where the state is not
    reached at that velocity, and meaningless where VP spent > that velocity's VP). Rows are ordered by
    (VP spent, state id).
    """

    def __init__(self, steps: StepTable, start: int, facings: tuple[int, ...], velocities: list[int],
                 interval: int, tsr_lost: bool, *, piloting_modifier: int = 0, driver_out: bool = False,
                 turns: tuple[bool, bool] = (True, True)) -> None:
        if interval < 1:
            raise ValueError("CEN-GRAV-4: the search is for moving velocities (a facing-change interval of 1 or more)")
        speeds = [abs(v) for v in velocities]
        if max(speeds) > MAX_SPEED:
            raise ValueError(f"CEN-GRAV-2: velocity {max(speeds)} is beyond what the search handles ({MAX_SPEED})")
        if len({v < 0 for v in velocities}) != 1:
            raise ValueError("CEN-GRAV-5: forward and reverse velocities are searched apart")
        self.steps, self.start, self.facings = steps, start, facings
        self.velocities, self.speeds = velocities, np.array(speeds)
        self.k, self.back = interval, velocities[0] < 0
        self.left, self.right = turns
        self.d_value = np.array([[roll_factor(v, lim, tsr_lost, piloting_modifier, driver_out) for v in velocities]
                                 for lim in steps.limits]
                                or [[0] * len(velocities)], np.int64)
        # Velocities whose rolls are alike on every hex of this map (none at all, or all at the worst odds) reach
        # the same states with the same values: without 0-VP steps nothing in the search depends on the VP a
        # velocity has, so they are searched as one column and told apart afterwards by VP spent.
        if steps.has_free_steps:
            self._d_search, self._column_of = self.d_value, None
        else:
            self._d_search, inverse = np.unique(self.d_value, axis=1, return_inverse=True)
            self._column_of = inverse.reshape(-1)
        self._search()
        self._lookup: list[int] | None = None  # (VP spent, state id) of each row, for the paths
        self._d_rows: list[list[int]] = []
        self._links: dict[int, dict[int, tuple[int, str | int]]] = {}  # per velocity column: row -> (row before, step)

    def _search(self) -> None:
        k1, n_v = self.k + 1, self._d_search.shape[1]
        starts = np.array([(self.start * 6 + f) * k1 for f in self.facings], np.int64)
        pending: dict[int, list] = {0: [(starts, np.zeros((len(starts), n_v), np.int64))]}
        out_layer, out_sid, out_value = [], [], []
        top = int(self.speeds.max())
        for spent in range(top + 1):
            parts = pending.pop(spent, None)
            if not parts:
                continue
            sid, value = self._close(spent, parts)
            out_layer.append(np.full(len(sid), spent, np.int64))
            out_sid.append(sid)
            out_value.append(value)
            if spent < top:
                for cost, arrays in self._forward(spent, sid, value, free=False):
                    pending.setdefault(spent + cost, []).append(arrays)
        self.layer = np.concatenate(out_layer)
        self.sid = np.concatenate(out_sid)
        self.value = np.concatenate(out_value)
        if self._column_of is not None:
            self.value = self.value[:, self._column_of]

    def _forward(self, spent: int, sid, value, free: bool):
        """Hex steps out of a layer, grouped by their VP cost; `free`: only the steps that cost 0 VP."""
        k1 = self.k + 1
        hid, rest = np.divmod(sid, 6 * k1)
        facing, straight = np.divmod(rest, k1)
        step = hid * 6 + ((facing + 3) % 6 if self.back else facing)
        dest = self.steps.dest[step]
        cost = self.steps.cost[step]
        ok = (dest >= 0) & ((cost == 0) if free else (cost > 0))
        if not ok.all():
            idx = np.flatnonzero(ok)
            if not len(idx):
                return
            step, dest, cost, facing, straight, value = step[idx], dest[idx], cost[idx], facing[idx], straight[idx], \
                value[idx]
        # entries of velocities with fewer VP than spent + cost become meaningless and are never read; a 0-VP step
        # stays in this layer, so it is refused outright at a velocity whose VP are all spent (CEN-GRAV-2)
        new_value = value + self._d_search[self.steps.limit_index[step]]
        if free:
            new_value = np.where(self.speeds > spent, new_value, INVALID)
        new_sid = (dest * 6 + facing) * k1 + np.minimum(straight + 1, self.k)
        lo, hi = int(cost.min()), int(cost.max())
        if lo == hi:
            yield lo, (new_sid, new_value)
            return
        order = np.argsort(cost, kind="stable")
        cost, new_sid, new_value = cost[order], new_sid[order], new_value[order]
        cuts = np.searchsorted(cost, np.arange(lo, hi + 2)).tolist()
        for c in range(lo, hi + 1):
            a, b = cuts[c - lo], cuts[c - lo + 1]
            if b > a:
                yield c, (new_sid[a:b], new_value[a:b])

    def _turns(self, sid, value):
        """One-hexside turns of the states that have gone far enough straight (CEN-GRAV-4)."""
        k1 = self.k + 1
        if not (self.left or self.right):
            return None
        m = sid % k1 == self.k
        if not m.any():
            return None
        base = sid[m] // k1
        hid, facing = np.divmod(base, 6)
        out = ([(hid * 6 + (facing + 1) % 6) * k1] if self.right else []) + (
            [(hid * 6 + (facing + 5) % 6) * k1] if self.left else [])
        if len(out) == 1:
            return out[0], value[m]
        return np.concatenate(out), np.concatenate([value[m], value[m]])

    def _close(self, spent: int, parts: list):
        """The layer's states, with the turns and 0-VP steps (steep descents) made without spending more VP."""
        if not self.steps.has_free_steps:
            # turned states (straight 0) never meet stepped-in ones (straight 1 or more), so one merge does
            whole = parts[0] if len(parts) == 1 else (np.concatenate([p[0] for p in parts]),
                                                       np.concatenate([p[1] for p in parts]))
            turned = self._turns(*whole)
            return _merge([whole] if turned is None else [whole, turned])
        sid, value = _merge(parts)
        frontier = (sid, value)
        while True:
            turned = self._turns(*frontier)
            more = ([turned] if turned is not None else []) + [a for _c, a in self._forward(spent, *frontier,
                                                                                             free=True)]
            if not more:
                return sid, value
            new_sid, new_value = _merge([(sid, value), *more])
            # the states that are new or got better go round again
            pos = np.minimum(np.searchsorted(sid, new_sid), len(sid) - 1)
            changed = ~((sid[pos] == new_sid) & (value[pos] == new_value).all(axis=1))
            sid, value = new_sid, new_value
            if not changed.any():
                return sid, value
            frontier = (sid[changed], value[changed])

    # --- paths -------------------------------------------------------------------------------------
    def _row(self, spent: int, sid: int) -> int | None:
        code = spent * (1 << 40) + sid
        i = bisect_left(self._lookup, code)
        return i if i < len(self._lookup) and self._lookup[i] == code else None

    def path(self, row: int, col: int) -> tuple[tuple[str, ...], int]:
        """The steps of the best path to a state at one velocity, and the facing it started with.

        Each state's step back is found once per velocity and kept (`_back`): the ends of one list share most
        of their paths, so tracing all of them costs about one step per state reached, not per path step.
        """
        if self._lookup is None:
            self._lookup = (self.layer * (1 << 40) + self.sid).tolist()
            self._d_rows = self.d_value.tolist()
        links = self._links.setdefault(col, {})
        out: list[str] = []
        while True:
            link = links.get(row)
            if link is None:
                link = links[row] = self._back(row, col)
            row, step = link
            if row < 0:  # the start: `step` is the facing it started with
                out.reverse()
                return tuple(out), step
            out.append(step)

    def _back(self, row: int, col: int) -> tuple[int, str | int]:
        """The state a best path to `row` at velocity column `col` came from and the step it made from there;
        (-1, facing) at the start of the move."""
        k, k1 = self.k, self.k + 1
        code = self._lookup[row]
        spent, sid, value = code >> 40, code & ((1 << 40) - 1), self.value.item(row, col)
        hid, facing, straight = sid // (6 * k1), (sid // k1) % 6, sid % k1
        if spent == 0 and straight == 0 and hid == self.start and facing in self.facings and value == 0:
            return -1, facing
        if straight == 0:  # it turned here
            for before, step in (((facing + 5) % 6, "R"), ((facing + 1) % 6, "L")):
                if not (self.right if step == "R" else self.left):
                    continue
                j = self._row(spent, (hid * 6 + before) * k1 + k)
                if j is not None and self.value.item(j, col) == value:
                    return j, step
        else:  # it stepped in from the hex behind
            way = (facing + 3) % 6 if self.back else facing
            steps = self.steps
            src = steps.came_from[hid * 6 + way]
            before_spent = spent - steps.cost_list[src * 6 + way]
            before_value = value - self._d_rows[steps.limit_index_list[src * 6 + way]][col]
            if before_spent < int(self.speeds[col]):
                for s in ((straight - 1,) if straight < k else (k - 1, k)):
                    j = self._row(before_spent, (src * 6 + facing) * k1 + s)
                    if j is not None and self.value.item(j, col) == before_value:
                        return j, "B" if self.back else "F"
        raise AssertionError("legal moves: a path could not be traced back")  # pragma: no cover
