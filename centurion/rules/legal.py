"""Every legal end state of a grav vehicle's move, with a cheapest and a safest path to each (CEN-GRAV, CEN-SPD).

The accelerations allowed this turn are grouped by facing-change class and searched together
(`reach.Reach`); a few moves that need no search (standing still, spinning at velocity 0, the
one-hex rule) are added as they are. Then, per end state (hex, facing, grounded), the cheapest and
the safest candidate are picked with whole-array operations. `tests/test_legal_moves_oracle.py`
checks the result against every move that `resolve_grav_move` accepts.

Definitions (docs/decisions.md): cheapest = least thrust, then most likely to take no damage, then
most likely to pass its piloting rolls; safest = most likely to take no damage, then least thrust,
then most likely to pass its piloting rolls. A grounding at velocity is certain damage, so its chance
of no damage is 0: among such paths the safest lands slowest (the least damage, CEN-GRD-1: every thrust point
left slows it first), then uses least thrust, then has the likeliest piloting rolls.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from fractions import Fraction
from itertools import repeat
from operator import itemgetter

import numpy as np

from ..data import BattleMap, TerrainTable, VehicleType
from .grav import GravMove, GravState, facing_change_interval, lift_cost, state_refusal
from .grav_types import BOTTOM_LIFT
from .inputs import whole
from .reach import INVALID, LIVE, MAX_SPEED, Reach, roll_factor, step_table, value_chance, value_key, value_rolls


def _no_damage(zero: int, value: int) -> Fraction:
    """The exact chance of no damage of a path: none where it grounds at velocity (CEN-GRD-1), else its rolls' odds."""
    return Fraction(0) if zero else value_chance(value)


@dataclass(frozen=True)
class PathOption:
    """One way to reach an end state: the move, its thrust, its rolls and its chance of no damage."""

    move: GravMove
    thrust_used: int
    rolls: int
    p_no_damage: Fraction


class EndState(tuple):
    """A legal end of the move: where, facing, grounded or not, the end velocities possible, and two paths.

    `cheapest` (least thrust, then most likely to take no damage) and `safest` (most likely to take no
    damage, then least thrust) are traced when first asked for; `p_no_damage` and `rolls` (of the safest
    path) are known at once. (A light tuple: a search at velocity 30 makes thousands of them. Its items
    are, in order: hex, facing, grounded, velocity_min, velocity_max, and the search's bookkeeping.)
    """

    __slots__ = ()

    hex = property(itemgetter(0), doc="The hex where the move ends.")
    facing = property(itemgetter(1), doc="The facing at the end of the move.")
    grounded = property(itemgetter(2), doc="Whether the vehicle ends grounded (CEN-GRD-1).")
    velocity_min = property(itemgetter(3), doc="The lowest velocity it can end with (after deceleration).")
    velocity_max = property(itemgetter(4), doc="The highest velocity it can end with.")

    @property
    def cheapest(self) -> PathOption:
        """The path that uses the least thrust."""
        return self[5].option(self[6])

    @property
    def safest(self) -> PathOption:
        """The path most likely to take no damage."""
        return self[5].option(self[7])

    @property
    def p_no_damage(self) -> Fraction:
        """Exact chance of no damage on the safest path."""
        return _no_damage(self[8], self[9])

    @property
    def rolls(self) -> int:
        """Speed-limit rolls on the safest path."""
        return int(value_rolls(self[9]))

    def __repr__(self) -> str:
        return (f"EndState({self.hex!r}, facing={self.facing}, grounded={self.grounded}, "
                f"v={self.velocity_min}..{self.velocity_max}, p_no_damage={self.p_no_damage})")


class _Candidates:
    """Candidate moves for the end states, as parallel arrays, and how to turn one into a `PathOption`.

    A candidate comes from a search (`src` >= 0: which search, `row` and `col` in it) or is a fixed
    move (`src` = -1, `row` indexes `fixed`). `zero`: the move grounds at velocity (no chance of no
    damage); `value`: the odds of its piloting rolls, exactly (see `reach`).
    """

    FIELDS = ("end", "vmin", "vmax", "thrust", "zero", "value", "src", "row", "col", "decel", "ground")

    def __init__(self, state: GravState) -> None:
        self.state = state
        self.parts: list[dict] = []
        self.size = 0
        self.fixed: list[GravMove] = []
        self.fixed_rows: list[tuple] = []
        self.fixed_impacts: list[int] = []
        self.searches: list[tuple[Reach, list[int], bool]] = []  # search, acceleration (TP) per column, under water
        self.options: dict[int, PathOption] = {}  # traced paths, by candidate

    def add_fixed(self, end: int, vmin: int, vmax: int, thrust: int, zero: bool, value: int, move: GravMove, *,
                  impact: int = 0) -> None:
        """One candidate that needs no search; `impact`: the velocity it lands at when it grounds at velocity."""
        self.fixed_rows.append((end, vmin, vmax, thrust, int(zero), value, -1, len(self.fixed), 0,
                                move.decelerate, int(move.ground)))
        self.fixed_impacts.append(impact)
        self.fixed.append(move)

    def add_search(self, reach: Reach, tps: list[int], thrust: int, under_water: bool) -> None:
        """The end-state candidates of one search: flying where every VP is spent, grounded anywhere.

        `tps`: per velocity column, the acceleration in thrust points (any lift included, CEN-GRAV-6).
        """
        src = len(self.searches)
        self.searches.append((reach, tps, under_water))
        k1 = reach.k + 1
        pos = reach.sid // k1  # hex id * 6 + facing
        tp = np.array(tps)
        decel_max = thrust - tp
        vel = np.array(reach.velocities)
        value = reach.value
        if not under_water:  # still flying: every VP spent (CEN-GRAV-2); rows are in order of VP spent
            bounds = np.searchsorted(reach.layer, np.stack([reach.speeds, reach.speeds + 1]))
            picked = [(lo + np.flatnonzero(value[lo:hi, c] > LIVE), c) for c, (lo, hi) in enumerate(bounds.T.tolist())]
            rows = np.concatenate([r for r, _c in picked])
            cols = np.concatenate([np.full(len(r), c) for r, c in picked])
            self._part(pos[rows] * 2, (vel - decel_max)[cols], vel[cols], tp[cols], 0, value[rows, cols], src, rows,
                       cols, 0, 0)
        # grounded anywhere. With its velocity (no deceleration) only the cheapest velocity of each state counts:
        # the damage is certain anyway (CEN-GRD-1) and a faster one costs more thrust
        live = (value > LIVE) & (reach.layer[:, None] <= reach.speeds)
        first = live.argmax(axis=1)
        rows = np.flatnonzero(live[np.arange(len(first)), first])
        cols = first[rows]
        self._part(pos[rows] * 2 + 1, 0, 0, tp[cols], 1, value[rows, cols], src, rows, cols, 0, 1,
                   impact=np.abs(vel[cols]))
        # or the slowest landing of each state: every thrust point left slows a forward flight first (CEN-GRD-1:
        # 10 a point of velocity after deceleration; book-a E10, v8 less 6 lands at 2, not 8), and in reverse the
        # acceleration slows it (book-a 2.9); a landing at 0 is below (no damage)
        decel = np.where(vel > 0, np.clip(decel_max, 0, None), 0)
        landing = np.abs(vel - decel)
        slow = np.where(live & (landing > 0), landing, MAX_SPEED + 1)
        cols = slow.argmin(axis=1)
        rows = np.flatnonzero(slow[np.arange(len(cols)), cols] <= MAX_SPEED)
        cols = cols[rows]
        self._part(pos[rows] * 2 + 1, 0, 0, tp[cols] + decel[cols], 1, value[rows, cols], src, rows, cols,
                   decel[cols], 1, impact=landing[cols])
        # decelerating to 0 first takes no damage (CEN-GRD-1); a faster velocity counts only with better odds
        full = np.flatnonzero((vel > 0) & (decel_max >= vel))
        if len(full):
            sub = np.where(live[:, full], value[:, full], INVALID)
            better = sub > INVALID
            better[:, 1:] &= sub[:, 1:] > np.maximum.accumulate(sub, axis=1)[:, :-1]
            rows, idx = np.nonzero(better)
            c = full[idx]
            self._part(pos[rows] * 2 + 1, 0, 0, tp[c] + vel[c], 0, value[rows, c], src, rows, c, vel[c], 1)

    def _part(self, *values, impact: int | np.ndarray = 0) -> None:
        """A batch of candidates; fields are arrays or, where the batch shares them, plain numbers. `impact`: the
        velocity at which a grounding at velocity lands (after deceleration), for the safest's order."""
        part = dict(zip(self.FIELDS, values, strict=True))
        thrust, zero, value = (np.asarray(part[f], np.int64) for f in ("thrust", "zero", "value"))
        rolls, neg = value_rolls(value), -value_key(value)  # neg: 0 for certainty, larger for less likely
        # cheapest: least thrust, then a chance of no damage before none, then the likeliest piloting rolls
        part["cheap"] = (thrust << 52) | (zero << 51) | (neg << 8) | rolls
        # safest: the likeliest to take no damage, then least thrust; among certain damage (a grounding at velocity),
        # the slowest landing (the least damage, CEN-GRD-1), then least thrust
        landing = np.minimum(np.asarray(impact, np.int64), 63) << 56
        part["safe"] = np.where(zero == 0, (neg << 16) | (thrust << 8),
                                (1 << 62) | landing | (thrust << 50) | (neg << 8)) | rolls
        part["offset"] = self.size
        self.size += len(part["end"])
        self.parts.append(part)

    def finish(self, hexes: list) -> list[EndState]:
        """The end states: for each, the cheapest and safest candidate and the range of end velocities."""
        if self.fixed_rows:
            self._part(*[np.array(c, np.int64) for c in zip(*self.fixed_rows, strict=True)],
                       impact=np.array(self.fixed_impacts, np.int64))
        size = max((int(p["end"].max()) for p in self.parts if len(p["end"])), default=0) + 1
        top, bottom = np.iinfo(np.int64).max, np.iinfo(np.int64).min
        best = {"cheap": np.full(size, top), "safe": np.full(size, top)}
        vmin, vmax = np.full(size, top), np.full(size, bottom)
        for p in self.parts:
            end = p["end"]
            np.minimum.at(best["cheap"], end, p["cheap"])
            np.minimum.at(best["safe"], end, p["safe"])
            np.minimum.at(vmin, end, p["vmin"])
            np.maximum.at(vmax, end, p["vmax"])
        win = {"cheap": np.full(size, -1), "safe": np.full(size, -1)}
        for p in self.parts:
            end = p["end"]
            for which in ("cheap", "safe"):
                score = np.broadcast_to(p[which], end.shape)
                hit = np.flatnonzero(score == best[which][end])
                win[which][end[hit]] = hit + p["offset"]
        present = np.flatnonzero(vmax > bottom)
        self.offsets = [p["offset"] for p in self.parts]
        ids = (present // 12).tolist()
        where = itemgetter(*ids)(hexes) if len(ids) > 1 else [hexes[i] for i in ids]
        facing, grounded = ((present // 2) % 6).tolist(), (present & 1).astype(bool).tolist()
        safe = win["safe"][present]
        zero, value = (np.concatenate([np.broadcast_to(p[f], p["end"].shape) for p in self.parts])[safe].tolist()
                       for f in ("zero", "value"))
        rows = zip(where, facing, grounded, vmin[present].tolist(), vmax[present].tolist(), repeat(self),
                   win["cheap"][present].tolist(), safe.tolist(), zero, value)
        return list(map(tuple.__new__, repeat(EndState), rows))

    def _fields(self, i: int, names: tuple[str, ...]) -> list[int]:
        """Fields of candidate i, as plain integers."""
        part = self.parts[bisect_right(self.offsets, i) - 1]
        j = i - part["offset"]
        return [v.item(j) if isinstance(v, np.ndarray) and v.ndim else int(v) for v in map(part.__getitem__, names)]

    def option(self, i: int) -> PathOption:
        """Candidate i as a move, with its thrust, rolls and chance (traced once, then kept)."""
        if i not in self.options:
            self.options[i] = self._trace(i)
        return self.options[i]

    _TRACED = ("src", "row", "col", "decel", "ground", "thrust", "zero", "value")

    def _trace(self, i: int) -> PathOption:
        src, row, col, decel, ground, thrust, zero, value = self._fields(i, self._TRACED)
        if src < 0:
            move = self.fixed[row]
        else:
            reach, accels, under_water = self.searches[src]
            steps, f0 = reach.path(row, col)
            initial = None if f0 == self.state.facing else f0
            move = GravMove(accels[col], steps, decel, bool(ground), initial, under_water=under_water)
        return PathOption(move, thrust, value_rolls(value), _no_damage(zero, value))


def _turn_steps(d: int, state: GravState) -> tuple[str, ...] | None:
    """The one-hexside turns that face d hexsides to the right, with the vanes left (None: it cannot)."""
    if d == 0:
        return ()
    left, right = state.may_turn("L"), state.may_turn("R")
    if right and (d <= 3 or not left):
        return ("R",) * d
    if left:
        return ("L",) * (6 - d)
    return None


def _pilot(state: GravState) -> dict:
    return {"piloting_modifier": state.piloting_modifier, "driver_out": state.driver_out}


def legal_grav_moves(state: GravState, vehicle: VehicleType, battlemap: BattleMap, *,
                     table: TerrainTable | None = None, accelerate: int | None = None) -> list[EndState]:
    """All legal end states of a grav vehicle this turn (CEN-GRAV-1..6, CEN-SPD-1, CEN-GRD-1, -2, CEN-CMB-1).

    For each end state: a cheapest path (least thrust, then most likely to take no
    damage) and a safest path (most likely to take no damage, then least thrust).
    `accelerate` fixes the acceleration in thrust points (as when a player has chosen it); from the
    ground its first points lift the vehicle off (CEN-GRAV-6). The vehicle's damage counts: reduced
    thrust, lost vanes (no turns that way), a driver out (no thrust, straight on, rolls fail on 2+).
    """
    bad = state_refusal(state, battlemap)
    if bad is not None:
        raise ValueError(f"{bad.rule}: {bad.reason}")
    whole(accelerate, "CEN-GRAV-1", "accelerate", 0, optional=True)
    if vehicle.max_thrust is None:
        raise ValueError(f"CEN-GV-1: the {vehicle.label} is a ground vehicle")
    thrust = state.max_thrust(vehicle)
    steps = step_table(battlemap, table)
    if state.hex not in steps.ids:
        raise ValueError(f"HEX-4: the vehicle stands off the map at {state.hex!r}")
    cands = _Candidates(state)
    here = steps.ids[state.hex] * 6
    down = state.grounded or state.submerged
    lift = lift_cost(state.grounded, state.in_crater, state.submerged) if down else 0
    if accelerate is not None and not 0 <= accelerate <= thrust:
        raise ValueError(f"CEN-GRAV-1: acceleration {accelerate} is outside 0..{thrust} thrust points")
    if down:  # staying put: a grounded vehicle simply stays down
        cands.add_fixed((here + state.facing) * 2 + 1, 0, 0, 0, False, 0, GravMove())
    # it can only stay down; under water 1 TP still turns it on the bottom (CEN-GRD-2), though 2 lift it out
    stuck = down and (thrust < (BOTTOM_LIFT if state.submerged else lift) or state.driver_out or accelerate == 0)
    if state.grav_drive_lost or state.destroyed or stuck:
        if not down:
            cands.add_fixed((here + state.facing) * 2, state.velocity, state.velocity, 0, False, 0, GravMove())
        return cands.finish(steps.hexes)
    if state.driver_out:  # no thrust: straight on until it cannot go further (book-a §13)
        if accelerate:
            raise ValueError("CEN-CMB-1: the driver is out: no thrust to accelerate")
        _drift(cands, state, steps)
        return cands.finish(steps.hexes)
    gains = list(range(0, thrust - lift + 1))  # velocity gained: the acceleration less the lift (CEN-GRAV-6)
    if accelerate is not None:
        if accelerate < lift:
            raise ValueError(f"CEN-GRAV-6: lifting off takes the first {lift} TP of the acceleration; an "
                             f"acceleration of {accelerate} cannot lift it")
        gains = [accelerate - lift]
    top = max((abs(state.velocity + a) for a in gains), default=0)
    if top > MAX_SPEED:
        raise ValueError(f"CEN-GRAV-2: starting at velocity {state.velocity}, this turn reaches velocity {top}; the "
                         f"legal-moves search handles up to {MAX_SPEED} (resolve_grav_move checks any single move)")
    can_face = state.velocity == 0 and (state.may_turn("L") or state.may_turn("R"))
    facings = tuple(range(6)) if can_face else (state.facing,)
    groups: dict[tuple[int, bool], list[int]] = {}
    for gain in gains:
        v = state.velocity + gain
        if v == 0:
            _spin(cands, state, here, lift + gain, thrust, down and gain == 0)
        else:
            groups.setdefault((facing_change_interval(v), v < 0), []).append(gain)
    for (interval, _back), group in groups.items():
        _search(cands, state, steps, facings, group, interval, lift, thrust, under_water=False)
    if state.submerged and accelerate is None:
        # moving beneath the surface: BOTTOM_LIFT TP to leave the bottom, lake hexes only, settling again (CEN-GRD-2)
        for d in range(1, 6):
            turn_steps = _turn_steps(d, state)
            if turn_steps is not None:
                cands.add_fixed((here + (state.facing + d) % 6) * 2 + 1, 0, 0, BOTTOM_LIFT, False, 0,
                                GravMove(BOTTOM_LIFT, turn_steps, under_water=True))
        water = step_table(battlemap, table, under_water=True)
        uw: dict[int, list[int]] = {}
        for gain in range(1, thrust - BOTTOM_LIFT + 1):
            uw.setdefault(facing_change_interval(gain), []).append(gain)
        for interval, group in uw.items():
            _search(cands, state, water, facings, group, interval, BOTTOM_LIFT, thrust, under_water=True)
    return cands.finish(steps.hexes)


def _spin(cands: _Candidates, state: GravState, here: int, tp: int, thrust: int, hover: bool) -> None:
    """At velocity 0 a vehicle that started the turn at 0 may spin freely in its hex (CEN-GRAV-4).

    One that did not (it slowed to 0 from reverse) keeps its facing. A grounded one lifts off first
    (`tp` includes the lift); one that only lifts off has no velocity to decelerate (CEN-GRAV-1).
    """
    decel_max = 0 if hover else thrust - tp
    for d in range(6) if state.velocity == 0 else (0,):
        turn_steps = _turn_steps(d, state)
        if turn_steps is None:
            continue
        facing = (state.facing + d) % 6
        cands.add_fixed((here + facing) * 2, -decel_max, 0, tp, False, 0, GravMove(tp, turn_steps, 0, False))
        cands.add_fixed((here + facing) * 2 + 1, 0, 0, tp, False, 0, GravMove(tp, turn_steps, 0, True))


def _drift(cands: _Candidates, state: GravState, steps) -> None:
    """With the driver out: no thrust, no turns; it goes straight on and grounds where it cannot go further."""
    here = steps.ids[state.hex]
    v = state.velocity
    if v == 0:
        cands.add_fixed((here * 6 + state.facing) * 2, 0, 0, 0, False, 0, GravMove())
        return
    way = (state.facing + 3) % 6 if v < 0 else state.facing
    vp_left, value, path = abs(v), 0, []
    while vp_left > 0:
        step = here * 6 + way
        dest = int(steps.dest[step])
        if dest < 0:
            break
        cost = steps.cost_list[step]
        if cost > vp_left and path:
            break
        vp_left = 0 if cost > vp_left else vp_left - cost
        value += roll_factor(v, steps.limit_list[step], state.tsr_lost, **_pilot(state))
        path.append("B" if v < 0 else "F")
        here = dest
    end = (here * 6 + state.facing) * 2
    if vp_left == 0:
        cands.add_fixed(end, v, v, 0, False, value, GravMove(0, path))
    else:  # it strikes what it cannot enter: grounded at its velocity (CEN-GRAV-2)
        cands.add_fixed(end + 1, 0, 0, 0, True, value, GravMove(0, path), impact=abs(v))


def _search(cands: _Candidates, state: GravState, steps, facings: tuple[int, ...], gains: list[int], interval: int,
            lift: int, thrust: int, under_water: bool) -> None:
    """One search for the accelerations of a facing-change class, plus the moves the one-hex rule allows."""
    velocities = [state.velocity + a for a in gains]
    tps = [lift + a for a in gains]
    left, right = state.may_turn("L"), state.may_turn("R")
    reach = Reach(steps, steps.ids[state.hex], facings, velocities, interval, state.tsr_lost, **_pilot(state),
                  turns=(left, right))
    cands.add_search(reach, tps, thrust, under_water)
    # the one-hex rule: the first hex may cost more VP than the velocity has (CEN-GRAV-3)
    here = steps.ids[state.hex]
    way_step = "B" if reach.back else "F"
    for f0 in facings:
        way = (f0 + 3) % 6 if reach.back else f0
        dest = int(steps.dest[here * 6 + way])
        if dest < 0:
            continue
        cost, limit = steps.cost_list[here * 6 + way], steps.limit_list[here * 6 + way]
        initial = None if f0 == state.facing else f0
        for tp, v in zip(tps, velocities, strict=True):
            if cost <= abs(v):
                continue
            value = roll_factor(v, limit, state.tsr_lost, **_pilot(state))
            decel_max = thrust - tp
            turns = [(0, ())]
            if interval <= 1:
                turns += ([(1, ("R",))] if right else []) + ([(5, ("L",))] if left else [])
            for d, turn in turns:
                end = (dest * 6 + (f0 + d) % 6) * 2
                path = (way_step, *turn)
                if not under_water:
                    cands.add_fixed(end, v - decel_max, v, tp, False, value, GravMove(tp, path, 0, False, initial))
                cands.add_fixed(end + 1, 0, 0, tp, True, value,
                                GravMove(tp, path, 0, True, initial, under_water=under_water), impact=abs(v))
                if 0 < decel_max < v:  # slowed by the thrust left before it lands (CEN-GRD-1, book-a E10)
                    cands.add_fixed(end + 1, 0, 0, tp + decel_max, True, value,
                                    GravMove(tp, path, decel_max, True, initial, under_water=under_water),
                                    impact=v - decel_max)
                if v > 0 and decel_max >= v:
                    cands.add_fixed(end + 1, 0, 0, tp + v, False, value,
                                    GravMove(tp, path, v, True, initial, under_water=under_water))
