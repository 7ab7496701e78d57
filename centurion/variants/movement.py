"""A grav move under the variant rules: lateral shifts, emergency turns, variant terrain costs
(VAR-LATERAL, VAR-EMERGENCY, VAR-MOVETYPE for grav vehicles).

`resolve_variant_move` validates a `VariantMove` step by step with the engine's public pieces
(`entry_cost`, the vehicle's speed check, `facing_change_interval`, `lift_cost`) and returns a
`VariantResolvedMove` (the engine's `ResolvedMove` for the hexes, rolls and grounding, plus the variant
steps with their thrust and odds) or a `Refusal`. With every switch off and only F/B/L/R steps it gives
exactly what `centurion.rules.resolve_grav_move` gives (a property test checks this on random moves).

Steps: F, B (a hex ahead / behind), L, R (a one-hexside turn), SL, SR (VAR-LATERAL: one hex to the
forward-left or forward-right, backward-left or -right when reversing, facing unchanged). A turn or a shift
made before the Facing Change Table allows it is an emergency turn when VAR-EMERGENCY is on: the missing
straight hexes are paid in thrust and the vane rolls its three saves.

This module finds every legal end state under the rule set (`variant_end_states`); the move as data is in
`variant_move` and the resolver in `move_resolution`, both re-exported here.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from ..data import BattleMap, TerrainTable, VehicleType
from ..hexgrid import Hex, neighbor, turn
from ..rules.grav_types import GravState, facing_change_interval, lift_cost
from ..rules.refusal import Refusal
from .move_resolution import VariantMoveReport, execute_variant_move, resolve_variant_move, variant_entry_cost
from .ruleset import RuleSet
from .vanes import vane_odds
from .variant_move import (
    SIDE,
    STEPS,
    EmergencyTurn,
    LateralShift,
    VariantMove,
    VariantResolvedMove,
    parse_steps,
)

__all__ = [  # the move as data (variant_move) and its resolver (move_resolution), re-exported
    "SIDE",
    "STEPS",
    "EmergencyTurn",
    "LateralShift",
    "VariantEndState",
    "VariantMove",
    "VariantMoveReport",
    "VariantResolvedMove",
    "execute_variant_move",
    "parse_steps",
    "resolve_variant_move",
    "variant_end_states",
]


@dataclass(frozen=True)
class VariantEndState:
    """A legal end of the move under the rule set, with the safest path found to it (VAR-LATERAL, VAR-EMERGENCY).

    `variant_rules` names the variants the path uses (empty for a basic path); `thrust_used` counts every
    thrust point of the path; `p_no_damage` includes the vane saves of its emergency turns.
    """

    hex: Hex
    facing: int
    grounded: bool
    velocity_min: int
    velocity_max: int
    move: VariantMove
    thrust_used: int
    p_no_damage: Fraction
    lateral_shifts: int = 0
    emergency_thrust: int = 0
    p_vanes_unharmed: Fraction = Fraction(1)
    variant_rules: tuple[str, ...] = ()
    landing: int = 0  # the velocity it lands at when it grounds at velocity (certain damage, CEN-GRD-1); else 0


def _from_resolved(r: VariantResolvedMove, vmin: int, vmax: int) -> VariantEndState:
    used = tuple(rule for rule, on in (("VAR-LATERAL", r.shifts), ("VAR-EMERGENCY", r.emergencies)) if on)
    return VariantEndState(r.end_hex, r.end_facing, r.basic.grounds, vmin, vmax, r.move, r.thrust_used,
                           r.p_no_damage, len(r.shifts), sum(e.thrust for e in r.emergencies), r.p_vanes_unharmed,
                           used, abs(r.basic.end_velocity) if r.basic.grounds else 0)


def _better(a: VariantEndState, b: VariantEndState | None) -> bool:
    """Safest first: more likely to take no damage, then the slowest landing (the least certain damage, CEN-GRD-1),
    then less thrust, then a basic path (as `legal_grav_moves` orders its safest paths)."""
    if b is None:
        return True
    return (a.p_no_damage, -a.landing, -a.thrust_used, -len(a.variant_rules)) > (
        b.p_no_damage, -b.landing, -b.thrust_used, -len(b.variant_rules))


def _slowed(v: int, room: int) -> int:
    """The deceleration before a grounding: every thrust point left, up to a stop, slows a forward flight (in
    reverse a deceleration speeds it up: none) (CEN-GRD-1, CEN-GRAV-5; book-a E10)."""
    return min(v, max(room, 0)) if v > 0 else 0


def _searched_ends(end_hex: Hex, end_facing: int, spent: bool, init: int | None, steps: tuple[str, ...],
                   p: Fraction, thrust: int, v: int, interval: int, thrust_max: int, accelerate: int,
                   vane_p) -> list[VariantEndState]:
    """The end states of one searched path (no VAR-MOVETYPE), as `resolve_variant_move` would give them: flying
    when every VP is spent, grounded at velocity 0 when the thrust left can stop it, else at once (damage)."""
    shifts = sum(1 for s in steps if s in ("SL", "SR"))
    emergency, p_vanes, straight = 0, Fraction(1), 0
    for s in steps:
        if s in ("F", "B"):
            straight += 1
            continue
        if interval and straight < interval:  # an emergency turn or shift (VAR-EMERGENCY)
            emergency += interval - straight
            p_vanes *= vane_p(interval - straight, SIDE[s])
        straight = 0  # a turn or a shift restarts the count (VAR-LATERAL)
    rules = tuple(r for r, on in (("VAR-LATERAL", shifts), ("VAR-EMERGENCY", emergency)) if on)
    out = []
    room = thrust_max - thrust
    if spent:
        move = VariantMove(accelerate, steps, 0, False, init)
        lo, hi = sorted((v, v - room))
        out.append(VariantEndState(end_hex, end_facing, False, lo, hi, move, thrust, p, shifts, emergency, p_vanes,
                                   rules))
    decel = _slowed(v, room)
    move = VariantMove(accelerate, steps, decel, True, init)
    out.append(VariantEndState(end_hex, end_facing, True, 0, 0, move, thrust + decel, p if v - decel == 0 else
                               Fraction(0), shifts, emergency, p_vanes, rules, abs(v - decel)))
    return out


def variant_end_states(state: GravState, vehicle: VehicleType, battlemap: BattleMap, rules: RuleSet, *,
                       accelerate: int, table: TerrainTable | None = None,
                       node_limit: int = 200_000, resolve_each: bool = False,
                       max_emergencies: int | None = None,
                       vane_boxes_lost: Mapping[str, int] | None = None) -> list[VariantEndState]:
    """Every legal end state at this acceleration under the rule set, each with its safest path (VAR-LATERAL,
    VAR-EMERGENCY, CEN-GRAV).

    The basic end states come from the engine's `legal_grav_moves`; with VAR-LATERAL or VAR-EMERGENCY on, a
    best-first search (safest, then cheapest) adds the paths that use a lateral shift or an emergency turn.
    Per (hex, facing,
    grounded) the safest path is kept. A driver out and velocity 0 after acceleration have no variant steps:
    the basic answer is returned. VAR-MOVETYPE changes hex costs, so with it on only the basic paths that
    enter no hex are kept (and moves under water, which use their own row) and the search finds the rest.

    Without VAR-MOVETYPE each end is built from the search's own account of its path (chance, thrust, vane
    saves), which is what the resolver gives (tests compare the two); `resolve_each=True` resolves every end
    with `resolve_variant_move` instead (the earlier, slower way: benchmarks/variant_moves.py prints both).
    `max_emergencies`: at most this many emergency turns or shifts per path (None: any), which keeps the search
    small at high velocity (the skirmish above `VARIANT_SEARCH_MAX_VELOCITY`). `vane_boxes_lost`: per side
    ("left", "right"), the vane boxes already lost, which lower the vane saves' targets (VAR-EMERGENCY, D).
    """
    from ..rules.inputs import whole
    from ..rules.legal import legal_grav_moves

    whole(accelerate, "CEN-GRAV-1", "accelerate", 0)  # required here: legal_grav_moves takes None as "any"
    best: dict[tuple[Hex, int, bool], VariantEndState] = {}
    movetype = rules.enabled("VAR-MOVETYPE")
    down = state.grounded or state.submerged
    lift = lift_cost(state.grounded, state.in_crater, state.submerged) if down else 0
    v = state.velocity + accelerate - lift  # after the acceleration, the same for every path here (CEN-GRAV-1, -6)
    for e in legal_grav_moves(state, vehicle, battlemap, table=table, accelerate=accelerate):
        path = e.safest
        if movetype and any(step in ("F", "B") for step in path.move.steps) and not path.move.under_water:
            continue  # VAR-MOVETYPE changes what entering a hex costs: the search below finds these
        vm = VariantMove.of(path.move)
        landing = abs(v - path.move.decelerate) if e.grounded and not e.p_no_damage else 0  # CEN-GRD-1
        best[(e.hex, e.facing, e.grounded)] = VariantEndState(
            e.hex, e.facing, e.grounded, e.velocity_min, e.velocity_max, vm, path.thrust_used, e.p_no_damage,
            landing=landing)
    lateral, emergency = rules.enabled("VAR-LATERAL"), rules.enabled("VAR-EMERGENCY")
    pay_thrust = rules.option("VAR-MOVETYPE") == "thrust" and not state.driver_out  # a driver out burns it off
    burn = movetype and not pay_thrust
    # a driver out turns and shifts no more (CEN-CMB-1), but under VAR-MOVETYPE its straight ends come from the search
    if not (lateral or emergency or movetype) or v == 0 or (state.driver_out and not movetype) or (
            state.grav_drive_lost) or state.destroyed or accelerate < lift:
        return sorted(best.values(), key=lambda s: (s.hex.q, s.hex.r, s.facing, s.grounded))
    thrust_max = state.max_thrust(vehicle)
    interval = facing_change_interval(v)
    seen: dict[tuple, list[tuple[Fraction, int]]] = {}
    nodes = 0
    facings = range(6) if state.velocity == 0 else (state.facing,)
    ends: dict[tuple, tuple] = {}  # per (hex, facing, all VP spent): the safest, then cheapest, path found
    stops: dict[tuple, tuple] = {}  # the same among paths that can decelerate to 0 (a safer grounding, CEN-GRD-1)
    cheap: dict[tuple, tuple] = {}  # the cheapest path (a grounding at speed takes damage whichever path it ends)

    heap: list[tuple] = []
    counter = 0
    step_memo: dict[tuple[Hex, Hex], tuple] = {}
    vane_memo: dict[tuple[int, str], Fraction] = {}
    lost = dict(vane_boxes_lost or {})

    def vane_p(tp: int, side: str) -> Fraction:  # side: "left" or "right", the vane the turn or shift pumps
        if (tp, side) not in vane_memo:
            vane_memo[tp, side] = vane_odds(tp, vane_boxes_lost=lost.get(side, 0)).p_unharmed if tp else Fraction(1)
        return vane_memo[tp, side]

    def step_cost(here: Hex, dest: Hex) -> tuple:
        if (here, dest) not in step_memo:
            cost, limit, _key, surcharge = variant_entry_cost(battlemap, here, dest, table, rules, False)
            step_memo[here, dest] = (cost, surcharge, None if cost is None else state.check(v, limit).p_pass)
        return step_memo[here, dest]

    def push(p: Fraction, tp: int, *label) -> None:
        # ordered by float(p) (correctly rounded from the exact chance, so equal chances tie exactly), the exact
        # chance rides along: Fraction comparisons were a third of the search's time
        nonlocal counter
        counter += 1
        heapq.heappush(heap, (-float(p), tp, counter, p, label))

    for f in facings:
        push(Fraction(1), 0, state.hex, f, 0, abs(v), 0, (), False, f if f != state.facing else None, 0)
    # best first (safest, then cheapest): each position keeps the paths no other path beats on both counts
    while heap:
        neg_f, tp, _n, p, (here, facing, straight, vp, entered, steps, variant, init, em) = heapq.heappop(heap)
        pf = -neg_f
        nodes += 1
        if nodes > node_limit:
            raise ValueError(f"VAR-LATERAL, VAR-EMERGENCY: the variant legal-moves search stops at {node_limit} "
                             f"positions; velocity {v} is too fast for it (resolve_variant_move checks any one move)")
        key = (here, facing, straight, vp, entered > 0, em if max_emergencies is not None else 0)
        front = seen.setdefault(key, [])
        if any(q >= pf and t <= tp for q, t in front):
            continue  # a path here at least as safe and no dearer is known
        front.append((pf, tp))
        if variant or movetype:
            end = (here, facing, vp == 0 and entered > 0)
            ends.setdefault(end, (init, steps, p, tp))  # the first path popped is the safest, then the cheapest
            if 0 < v <= thrust_max - accelerate - tp:  # ... and the safest that keeps the thrust to stop and ground
                stops.setdefault(end, (init, steps, p, tp))
            if end not in cheap or tp < cheap[end][3]:
                cheap[end] = (init, steps, p, tp)
        ahead = facing if v > 0 else (facing + 3) % 6
        options: list[tuple[str, int]] = []
        if vp > 0:
            options.append(("F" if v > 0 else "B", ahead))
        for side in ("L", "R"):
            if not state.may_turn(side):
                continue
            early = interval and straight < interval
            if early and (not emergency or straight == 0 or (max_emergencies is not None and em >= max_emergencies)):
                continue
            extra_tp = interval - straight if early else 0
            if accelerate + tp + extra_tp <= thrust_max:
                push(p * vane_p(extra_tp, SIDE[side]), tp + extra_tp, here, turn(facing, -1 if side == "L" else 1), 0,
                     vp, entered, steps + (side,), variant or bool(extra_tp), init, em + bool(extra_tp))
            if lateral and vp > 0 and accelerate + tp + extra_tp + 1 <= thrust_max:
                direction = (ahead + (-1 if side == "L" else 1) * (1 if v > 0 else -1)) % 6
                options.append(("S" + side, direction))
        for step, direction in options:
            dest = neighbor(here, direction)
            if dest not in battlemap:
                continue
            cost, surcharge, p_pass = step_cost(here, dest)
            if cost is None:
                continue
            shift = step.startswith("S")
            early = shift and interval and straight < interval
            if early and max_emergencies is not None and em >= max_emergencies:
                continue
            extra_tp = (interval - straight if early else 0) + (1 if shift else 0)
            extra_tp += surcharge if pay_thrust else 0
            if accelerate + tp + extra_tp > thrust_max:
                continue
            one_hex = cost > vp
            if one_hex and (entered or shift):
                continue
            q = p * p_pass * (vane_p(interval - straight, SIDE[step]) if early else 1)
            push(q, tp + extra_tp, dest, facing, 0 if shift else straight + 1, 0 if one_hex else vp - cost,
                 entered + 1, steps + (step,), variant or shift, init, em + bool(early))

    for (end_hex, end_facing, spent), (init, steps, p, tp) in [*ends.items(), *stops.items(), *cheap.items()]:
        # the search knows the path's chance and thrust: a path no better than the known end is not resolved
        # (a grounding costs at least that thrust and is at most that likely to take no damage)
        fly, down = best.get((end_hex, end_facing, False)), best.get((end_hex, end_facing, True))
        fly_new = spent and (fly is None or (p, -(accelerate + tp)) > (fly.p_no_damage, -fly.thrust_used))
        down_new = down is None or p > down.p_no_damage or accelerate + tp < down.thrust_used
        if not (fly_new or down_new):
            continue
        if not movetype and not resolve_each:  # the search's own account of the path is the resolver's
            for cand in _searched_ends(end_hex, end_facing, spent, init, steps, p, accelerate + tp, v, interval,
                                       thrust_max, accelerate, vane_p):
                k = (cand.hex, cand.facing, cand.grounded)
                if _better(cand, best.get(k)):
                    best[k] = cand
            continue
        probe = resolve_variant_move(state, VariantMove(accelerate, steps, 0, False, init), battlemap, vehicle, rules,
                                     table=table, vane_boxes_lost=lost)
        if isinstance(probe, Refusal):
            continue
        room = 0 if state.driver_out else thrust_max - probe.thrust_used  # a driver out has no thrust to slow with
        for ground in (False, True):
            if ground is False and probe.basic.grounds:
                continue
            # grounding: slowed by the thrust left first, to 0 where it can stop (no damage), as the engine's
            # safest order has it (CEN-GRD-1)
            end_v = probe.basic.end_velocity
            decel = _slowed(end_v, room)
            r = probe if not ground else resolve_variant_move(
                state, VariantMove(accelerate, steps, decel, True, init), battlemap, vehicle, rules, table=table,
                vane_boxes_lost=lost)
            if isinstance(r, Refusal):
                continue
            if ground:
                cand = _from_resolved(r, 0, 0)
            else:
                # no deceleration gives the highest end velocity; every TP left decelerating the lowest, with the
                # terrain surcharge burned off it towards 0 as the resolver does (VAR-MOVETYPE 'burn', CEN-GRAV-5)
                vmax = r.basic.end_velocity
                vmin = r.basic.velocity - room
                if burn and r.terrain_surcharge:
                    vmin = max(0, vmin - r.terrain_surcharge) if vmin > 0 else min(0, vmin + r.terrain_surcharge)
                cand = _from_resolved(r, min(vmin, vmax), max(vmin, vmax))
            k = (cand.hex, cand.facing, cand.grounded)
            if _better(cand, best.get(k)):
                best[k] = cand
    return sorted(best.values(), key=lambda s: (s.hex.q, s.hex.r, s.facing, s.grounded))
