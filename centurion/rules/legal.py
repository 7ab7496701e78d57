"""Every legal end state of a grav vehicle's move, with a cheapest and a safest path to each (CEN-GRAV, CEN-SPD).

The search walks the same rules as `resolve_grav_move` (and the tests check that
every path it returns resolves to the end state it claims).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..data import BattleMap, TerrainTable, VehicleType
from ..hexgrid import Hex, neighbor
from .grav import GravMove, GravState, facing_change_interval, lift_cost
from .speed import grounding_damage, speed_limit_check
from .terrain import entry_cost


@dataclass(frozen=True)
class PathOption:
    """One way to reach an end state: the move, its thrust, its rolls and its chance of no damage."""

    move: GravMove
    thrust_used: int
    rolls: int
    p_no_damage: Fraction


class EndState:
    """A legal end of the move: where, facing, grounded or not, the end velocities possible, and two paths.

    `cheapest` (least thrust, then most likely to take no damage) and `safest` (most
    likely to take no damage, then least thrust) are built when first asked for.
    """

    __slots__ = ("_cheap", "_opts", "_safe", "facing", "grounded", "hex", "velocity_max", "velocity_min")

    def __init__(self, hex_: Hex, facing: int, grounded: bool, vmin: int, vmax: int, cheap: tuple, safe: tuple):
        self.hex, self.facing, self.grounded = hex_, facing, grounded
        self.velocity_min, self.velocity_max = vmin, vmax
        self._cheap, self._safe = cheap, safe
        self._opts: dict[str, PathOption] = {}

    @property
    def cheapest(self) -> PathOption:
        """The path that uses the least thrust."""
        if "cheap" not in self._opts:
            self._opts["cheap"] = _option(self._cheap)
        return self._opts["cheap"]

    @property
    def safest(self) -> PathOption:
        """The path most likely to take no damage."""
        if "safe" not in self._opts:
            self._opts["safe"] = _option(self._safe)
        return self._opts["safe"]

    @property
    def p_no_damage(self) -> Fraction:
        """Exact chance of no damage on the safest path."""
        _t, _r, num, prolls = self._safe[:4]
        return Fraction(num, _P10[prolls])

    @property
    def rolls(self) -> int:
        """Speed-limit rolls on the safest path."""
        return self._safe[1]

    def __repr__(self) -> str:
        return (f"EndState({self.hex!r}, facing={self.facing}, grounded={self.grounded}, "
                f"v={self.velocity_min}..{self.velocity_max}, p_no_damage={self.p_no_damage})")


def legal_grav_moves(state: GravState, vehicle: VehicleType, battlemap: BattleMap, *,
                     table: TerrainTable | None = None, accelerate: int | None = None) -> list[EndState]:
    """All legal end states of a grav vehicle this turn (CEN-GRAV-1..6, CEN-SPD-1, CEN-GRD-1).

    For each end state: a cheapest path (least thrust, then most likely to take no
    damage) and a safest path (most likely to take no damage, then least thrust).
    `accelerate` fixes the acceleration (as when a player has chosen the velocity).
    """
    if vehicle.max_thrust is None:
        raise ValueError(f"CEN-GV-1: the {vehicle.label} is a ground vehicle")
    table_ends = _Ends()
    down = state.grounded or state.submerged
    lift = lift_cost(state.grounded, state.in_crater, state.submerged) if down else 0
    if down:  # staying put: a grounded vehicle simply stays down
        table_ends.add((state.hex, state.facing, True), 0, 0, (0, 0, 1, 0, None, 0, 0, None, False))
    if state.grav_drive_lost or (down and vehicle.max_thrust <= lift):
        if not down:
            table_ends.add((state.hex, state.facing, False), state.velocity, state.velocity,
                           (0, 0, 1, 0, None, 0, 0, None, False))
        return table_ends.finish()
    thrust = vehicle.max_thrust
    facings = range(6) if state.velocity == 0 else (state.facing,)
    accels = range(0, thrust - lift + 1)
    if accelerate is not None:
        if not 0 <= accelerate <= thrust - lift:
            raise ValueError(f"CEN-GRAV-1: acceleration {accelerate} is outside 0..{thrust - lift} this turn")
        accels = range(accelerate, accelerate + 1)
    # the lowest speed of each facing-change class and direction that this turn can reach
    class_min: dict[tuple[int, bool], int] = {}
    for accel in accels:
        v = state.velocity + accel
        k = (facing_change_interval(v), v < 0)
        class_min[k] = min(class_min.get(k, abs(v)), abs(v))
    if state.submerged and accelerate is None:
        # moving beneath the surface: 1 TP to leave the bottom, lake hexes only, settling again (CEN-GRD-2)
        for accel in range(0, thrust - 1 + 1):
            if accel == 0:
                for d in range(1, 6):
                    steps = ("R",) * d if d <= 3 else ("L",) * (6 - d)
                    table_ends.add((state.hex, (state.facing + d) % 6, True), 0, 0,
                                   (1, 0, 1, 0, None, steps, 0, None, False), 0, under_water=True)
                continue
            for f0 in range(6):  # it starts at velocity 0, so it may face anew first (CEN-GRAV-4)
                _search(state, battlemap, table, accel, f0, None if f0 == state.facing else f0, accel, 1 + accel,
                        thrust - 1 - accel, table_ends, True, under_water=True)
    for accel in accels:
        tp_acc = lift + accel
        if down and accel == 0 and state.velocity != 0:
            continue
        v = state.velocity + accel
        if v == 0:
            # at velocity 0 it may spin freely; a grounded vehicle first lifts off (CEN-GRAV-4, -6)
            _spin_in_place(state, accel, tp_acc, thrust - tp_acc, table_ends, skip_still=down and accel == 0)
            continue
        # going forward, a slower velocity of the same class costs less thrust and is at least as safe;
        # in reverse a slower velocity costs more thrust, so nothing is dominated there
        lowest = v < 0 or class_min[(facing_change_interval(v), False)] == v
        for f0 in facings:
            initial = None if f0 == state.facing else f0
            _search(state, battlemap, table, v, f0, initial, accel, tp_acc, thrust - tp_acc, table_ends, lowest)
    return table_ends.finish()


_P10 = [10**i for i in range(256)]


def _more_likely(n1: int, r1: int, n2: int, r2: int) -> int:
    """Compare n1/10^r1 with n2/10^r2 exactly: 1 if greater, 0 if equal, -1 if less."""
    a, b = n1 * _P10[r2], n2 * _P10[r1]
    return (a > b) - (a < b)


class _Ends:
    """The best candidates per end state. A candidate is
    (thrust, rolls, p_num, p_rolls, nodes, key, accel, initial, ground) plus the deceleration."""

    def __init__(self) -> None:
        self.best: dict[tuple[Hex, int, bool], list] = {}

    def add(self, end: tuple[Hex, int, bool], vmin: int, vmax: int, cand: tuple, decel: int = 0,
            under_water: bool = False) -> None:
        cand = (*cand[:9], decel, under_water)
        cur = self.best.get(end)
        if cur is None:
            self.best[end] = [vmin, vmax, cand, cand]
            return
        if vmin < cur[0]:
            cur[0] = vmin
        if vmax > cur[1]:
            cur[1] = vmax
        cheap, safe = cur[2], cur[3]
        cmp = _more_likely(cand[2], cand[3], cheap[2], cheap[3])
        if (cand[0], -cmp, cand[1]) < (cheap[0], 0, cheap[1]):
            cur[2] = cand
        cmp = _more_likely(cand[2], cand[3], safe[2], safe[3])
        if cmp > 0 or (cmp == 0 and (cand[0], cand[1]) < (safe[0], safe[1])):
            cur[3] = cand

    def finish(self) -> list[EndState]:
        out = [EndState(h, f, g, vmin, vmax, cheap, safe)
               for (h, f, g), (vmin, vmax, cheap, safe) in self.best.items()]
        out.sort(key=lambda e: (e.hex.q, e.hex.r, e.facing, e.grounded))
        return out


def _steps(nodes: dict | None, key: tuple | None) -> tuple[str, ...]:
    out: list[str] = []
    while nodes is not None and key is not None:
        node = nodes[key]
        if node[3] is None:
            break
        out.append(node[3])
        key = node[2]
    return tuple(reversed(out)) if nodes is not None else ()


def _option(c: tuple) -> PathOption:
    thrust, rolls, num, prolls, nodes, key, accel, initial, ground, decel, under_water = c
    steps = key if nodes is None and isinstance(key, tuple) else _steps(nodes, key)
    move = GravMove(accel, steps, decel, ground, initial, under_water=under_water)
    return PathOption(move, thrust, rolls, Fraction(num, _P10[prolls]))


def _spin_in_place(state: GravState, accel: int, tp_acc: int, decel_max: int, ends: _Ends,
                   skip_still: bool = False) -> None:
    """At velocity 0 the vehicle may spin freely in its hex (CEN-GRAV-4).

    `skip_still`: a grounded vehicle that neither turns nor accelerates just stays
    down (no lift), so the unturned facing is not a lifted end state.
    """
    for d in range(6):
        if skip_still and d == 0:
            continue
        steps = ("R",) * d if d <= 3 else ("L",) * (6 - d)
        facing = (state.facing + d) % 6
        for decel in range(0, decel_max + 1):
            end_v = -decel
            if decel == 0:
                ends.add((state.hex, facing, False), end_v, end_v,
                         (tp_acc, 0, 1, 0, None, steps, accel, None, False), 0)
                ends.add((state.hex, facing, True), 0, 0, (tp_acc, 0, 1, 0, None, steps, accel, None, True), 0)
            else:
                ends.add((state.hex, facing, False), end_v, end_v,
                         (tp_acc + decel, 0, 1, 0, None, steps, accel, None, False), decel)


def _grav_steps(battlemap: BattleMap, table: TerrainTable | None, under_water: bool = False
                ) -> tuple[dict[Hex, int], list[Hex], list]:
    """Per map (cached on it): hex ids, and for each hex and direction the (dest id, VP cost, speed limit) of a
    grav vehicle's step, or None off the map or where prohibited (CEN-TER-1..4); `under_water`: steps beneath
    the surface, lake to lake only (CEN-GRD-2)."""
    cache = battlemap.__dict__.setdefault("_grav_step_cache", {})
    key = (id(table), under_water)
    if key not in cache:
        hexes = list(battlemap.hexes)
        ids = {h: i for i, h in enumerate(hexes)}
        steps: list = [None] * (6 * len(hexes))
        for i, h in enumerate(hexes):
            for f in range(6):
                d = neighbor(h, f)
                if d in ids and (not under_water or battlemap[d].terrain == "lake"):
                    cost, limit, _k = entry_cost(battlemap, h, d, "grav", table=table, submerged=under_water)
                    if cost is not None:
                        steps[i * 6 + f] = (ids[d], cost, limit)
        cache[key] = (ids, hexes, steps)
    return cache[key]


def _search(state, battlemap, table, v, f0, initial, accel, tp_acc, decel_max, ends: _Ends, lowest: bool,
            under_water: bool = False) -> None:
    """Layered search by hexes entered; each state (hex, facing, straight, VP left, one-hex) expanded once.

    States are packed into integers and steps come from a per-map table, so the inner loop does little more
    than dictionary work. Grounding with VP left over at this velocity is recorded only when `lowest` (the
    slowest velocity of its facing-change class this turn): at that velocity the same node is reached with
    less thrust and odds at least as good, so the faster versions never win.
    """
    speed = abs(v)
    if speed > 255:
        raise ValueError(f"CEN-GRAV-2: velocity {v} is beyond what the search handles (255)")
    interval = facing_change_interval(v)
    back = v < 0
    step_dir = "B" if back else "F"
    ids, hexes, steps = _grav_steps(battlemap, table, under_water)
    # chance factor per speed limit at this velocity: (d10 faces that pass, 1 if a roll is needed)
    factors: dict[int, tuple[int, int]] = {}
    # node key: ((((hex id * 6 + facing) * 8 + straight) * 256 + VP left) * 2 + one-hex)
    # node: [p_num, p_rolls, parent_key, step, rolls, cost of the last hex entered,
    #        hex id, facing, straight, VP left, one-hex]
    start = (((ids[state.hex] * 6 + f0) * 8) * 256 + speed) * 2
    nodes: dict[int, list] = {start: [1, 0, None, None, 0, None, ids[state.hex], f0, 0, speed, 0]}
    start_hid = ids[state.hex]
    more_likely = _more_likely
    layer = [start]
    while layer:
        layer = list(dict.fromkeys(layer))
        turned: list[int] = []
        for key in layer:
            num, prolls, _p, _s, rolls, last, hid, facing, straight, vp_left, one_hex = nodes[key]
            if straight < interval:
                continue
            for f, step in (((facing - 1) % 6, "L"), ((facing + 1) % 6, "R")):
                child = ((((hid * 6 + f) * 8) * 256 + vp_left) * 2) + one_hex
                cur = nodes.get(child)
                if cur is None:
                    nodes[child] = [num, prolls, key, step, rolls, last, hid, f, 0, vp_left, one_hex]
                    turned.append(child)
                else:
                    cmp = more_likely(num, prolls, cur[0], cur[1])
                    if cmp > 0 or (cmp == 0 and rolls < cur[4]):
                        cur[:6] = [num, prolls, key, step, rolls, last]
                        turned.append(child)
        nxt: list[int] = []
        for key in dict.fromkeys(layer + turned):
            num, prolls, _p, _s, rolls, _last, hid, facing, straight, vp_left, one_hex = nodes[key]
            if one_hex or vp_left == 0:
                continue
            info = steps[hid * 6 + ((facing + 3) % 6 if back else facing)]
            if info is None:
                continue
            dest, cost, limit = info
            use_one_hex = 0
            if cost > vp_left:
                if hid != start_hid or straight != 0 or vp_left != speed:
                    continue
                use_one_hex = 1
            fac = factors.get(limit)
            if fac is None:
                check = speed_limit_check(v, limit, tsr_lost=state.tsr_lost)
                fac = factors[limit] = (max(1, min(9, check.target)), 1) if check.needs_roll else (1, 0)
            if fac[1]:
                num, prolls, rolls = num * fac[0], prolls + 1, rolls + 1
            st = straight + 1 if straight + 1 < interval else interval
            left = 0 if use_one_hex else vp_left - cost
            child = ((((dest * 6 + facing) * 8 + st) * 256 + left) * 2) + use_one_hex
            cur = nodes.get(child)
            if cur is None:
                nodes[child] = [num, prolls, key, step_dir, rolls, cost, dest, facing, st, left, use_one_hex]
                nxt.append(child)
            else:
                cmp = more_likely(num, prolls, cur[0], cur[1])
                if cmp > 0 or (cmp == 0 and rolls < cur[4]):
                    # reached again (perhaps by a path of more hexes) with better odds: expand it again so that
                    # its successors follow the better path and stay consistent with it
                    cur[:6] = [num, prolls, key, step_dir, rolls, cost]
                    nxt.append(child)
        layer = nxt

    safe_decel = min(decel_max, v) if v > 0 else 0
    v_lo = v - decel_max
    decels = {0, safe_decel}
    lake: dict[int, bool] = {}
    for key, (num, prolls, _parent, _step, rolls, last, hid, facing, _straight, vp_left, one_hex) in nodes.items():
        hex_ = hexes[hid]
        if under_water:
            # beneath the surface every move ends settled on the bottom, half damage (CEN-GRD-2)
            for decel in decels:
                n = num if grounding_damage(v - decel, in_water=True) == 0 else 0
                ends.add((hex_, facing, True), 0, 0,
                         (tp_acc + decel, rolls, n, prolls, nodes, key, accel, initial, True), decel, under_water=True)
            continue
        if vp_left == 0 or one_hex:
            ends.add((hex_, facing, False), v_lo, v, (tp_acc, rolls, num, prolls, nodes, key, accel, initial, False), 0)
        elif not lowest and last != 0:
            # the same path at the velocity max(VP spent, the class's lowest) is cheaper and as safe; a path whose
            # last hex cost 0 VP is not valid there (movement stops once every VP is spent, CEN-GRAV-2)
            continue
        water = lake.get(hid)
        if water is None:
            water = lake[hid] = battlemap[hex_].terrain == "lake"
        for decel in decels:
            n = num if grounding_damage(v - decel, in_water=water) == 0 else 0
            ends.add((hex_, facing, True), 0, 0, (tp_acc + decel, rolls, n, prolls, nodes, key, accel, initial, True),
                     decel)
