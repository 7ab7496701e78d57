"""Grav vehicle movement: thrust, velocity points, facing changes, speed limits, grounding (CEN-GRAV, CEN-SPD, CEN-GRD).

A move is data (`GravMove`). `resolve_grav_move` checks it against the rules and
returns either a `ResolvedMove` (every hex entered with its cost, limit and
piloting check, the thrust budget, the forced grounding if any, the end state)
or a `Refusal` naming the rule broken. `execute_grav_move` then rolls the dice.

The move's data (`GravState`, `GravMove`, `HexEntry`, `ResolvedMove`) is in `grav_types`, the dice in
`grav_execution` and `Refusal` in `refusal`; this module checks a move's start and its hexes, and re-exports them.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import NamedTuple

from ..data import BattleMap, TerrainTable, VehicleType
from ..hexgrid import Hex, format_label, neighbor, turn
from .grav_execution import DamageEvent, DamageRule, MoveReport, execute_grav_move, take_movement_damage
from .grav_types import (
    BOTTOM_LIFT,
    STEP_NAMES,
    GravMove,
    GravState,
    HexEntry,
    ResolvedMove,
    facing_change_interval,
    is_whole_int,
    lift_cost,
    reduced_max_thrust,
    state_refusal,
)
from .refusal import Refusal
from .speed import grounding_damage
from .terrain import craters_free, entry_cost

__all__ = [  # the move's data (grav_types), its execution with the dice (grav_execution) and Refusal, re-exported
    "STEP_NAMES",
    "DamageEvent",
    "DamageRule",
    "GravMove",
    "GravState",
    "HexEntry",
    "MoveReport",
    "MoveStart",
    "Refusal",
    "ResolvedMove",
    "execute_grav_move",
    "facing_change_interval",
    "lift_cost",
    "move_form_refusal",
    "move_start",
    "reduced_max_thrust",
    "resolve_grav_move",
    "state_refusal",
    "take_movement_damage",
]


class MoveStart(NamedTuple):
    """A grav move's start checked: lift thrust, budget, velocity after acceleration, facing on leaving the hex."""

    moving: bool
    down: bool
    lift: int
    thrust_max: int
    total: int
    velocity: int
    facing: int


def move_start(state: GravState, move: GravMove, vehicle: VehicleType) -> MoveStart | Refusal:
    """Check a move's thrust, damage, lift-off and initial facing before any hex (CEN-GRAV-1, -4, -6, CEN-CMB-1).

    Shared by `resolve_grav_move` and the variant move resolver, so both refuse a start alike.
    """
    moving = bool(move.steps) or move.accelerate > 0 or move.initial_facing is not None
    if state.destroyed and (moving or move.decelerate):
        return Refusal("CEN-CMB-1", "the vehicle is destroyed (Vehicle Destroyed): it no longer moves")
    if state.grav_drive_lost and moving:
        return Refusal("CEN-CMB-1", "the Grav Drive is destroyed: no movement or facing change for the rest of "
                       "the game")
    if state.driver_out and (move.accelerate or move.decelerate):
        return Refusal("CEN-CMB-1", "the driver is out (or the Helm lost): no thrust, so no acceleration, "
                       "deceleration or lift-off")
    if move.under_water and not state.submerged:
        return Refusal("CEN-GRD-2", "only a vehicle under water can move beneath the surface")
    down = state.grounded or state.submerged
    lift = lift_cost(state.grounded, state.in_crater, state.submerged) if down and moving else 0
    if move.under_water and lift:
        lift = BOTTOM_LIFT  # it leaves the bottom but not the water: no extra point to surface (CEN-GRAV-6, CEN-GRD-2)
    if move.accelerate < lift:
        where = "under water" if state.submerged and not move.under_water else (
            "a crater" if state.in_crater and not state.submerged else "the ground")
        what = "leave the lake bottom" if move.under_water else f"lift off from {where}"
        return Refusal("CEN-GRAV-6", f"to {what} the vehicle spends the first {lift} TP of its acceleration; it "
                       f"accelerates {move.accelerate}")
    thrust_max = state.max_thrust(vehicle)
    total = move.accelerate + move.decelerate
    if total > thrust_max:
        lift_text = f" (of which {lift} lift it off, CEN-GRAV-6)" if lift else ""
        lost = f" after losing {state.thrust_quarters_lost}/4 of its thrust" if state.thrust_quarters_lost else ""
        return Refusal("CEN-GRAV-1", f"acceleration {move.accelerate}{lift_text} + deceleration {move.decelerate} = "
                       f"{total} thrust points; the {vehicle.label} has {thrust_max}{lost}")
    v = state.velocity + move.accelerate - lift
    if down and move.decelerate > 0 and v == 0:
        return Refusal("CEN-GRAV-1", "a grounded vehicle that only lifts off has no velocity to decelerate")

    facing = state.facing
    if move.initial_facing is not None:
        if state.velocity != 0:
            return Refusal("CEN-GRAV-4", "only a vehicle that started the turn at velocity 0 may face a new direction "
                           f"before leaving its hex; it started at {state.velocity}")
        new = move.initial_facing % 6
        if new != facing and not (state.may_turn("L") or state.may_turn("R")):
            why = "the driver is out" if state.driver_out else "both vanes are lost"
            return Refusal("CEN-CMB-1", f"{why}: the vehicle cannot change facing")
        facing = new
    return MoveStart(moving, down, lift, thrust_max, total, v, facing)


def move_form_refusal(state: GravState, move, battlemap: BattleMap, vehicle: VehicleType, steps: Collection[str],
                      named: str) -> Refusal | None:
    """What is wrong with a move before any hex is looked at: a ground vehicle, a start off the map or impossible
    (grounded with velocity, under water outside a lake, a facing outside 0-5, a velocity not whole), negative or
    non-whole thrust, an unknown step (`steps` allowed, `named` in the message), an initial facing outside 0-5
    (CEN-GV-1, HEX-4, HEX-3, CEN-GRD-1, CEN-GRD-2, CEN-GRAV-1, CEN-GRAV-2)."""
    if vehicle.kind != "grav" or vehicle.max_thrust is None:
        return Refusal("CEN-GV-1", f"the {vehicle.label} is a ground vehicle: it moves with movement points")
    if not all(hasattr(move, a) for a in ("accelerate", "steps", "decelerate", "ground", "initial_facing")):
        return Refusal("CEN-GRAV-1", f"a move is a GravMove (acceleration, steps, deceleration), got {move!r}"[:200])
    if not isinstance(state.hex, Hex) or state.hex not in battlemap:
        return Refusal("HEX-4", f"the vehicle stands off the map at {state.hex!r}")
    if not is_whole_int(state.facing) or not 0 <= state.facing <= 5:
        return Refusal("HEX-3", f"a facing is a whole number from 0 to 5; the vehicle's is {state.facing!r}")
    if not is_whole_int(state.velocity):
        return Refusal("CEN-GRAV-2", f"a velocity is a whole number of hexes; the vehicle's is {state.velocity!r}")
    bad_state = state_refusal(state, battlemap)
    if bad_state is not None:
        return bad_state
    for name in ("accelerate", "decelerate"):
        v = getattr(move, name)
        if not is_whole_int(v) or v < 0:
            what = "acceleration" if name == "accelerate" else "deceleration"
            return Refusal("CEN-GRAV-1", f"acceleration and deceleration are whole thrust points, 0 or more; the "
                           f"{what} is {v!r}")
    bad = [s for s in move.steps if s not in steps]
    if bad:
        return Refusal("CEN-GRAV-2", f"unknown step {bad[0]!r}; steps are {named}")
    if move.initial_facing is not None and (not is_whole_int(move.initial_facing) or not 0 <= move.initial_facing <= 5):
        return Refusal("HEX-3", f"a facing is a whole number from 0 to 5; the initial facing is "
                       f"{move.initial_facing!r}")
    return None


def resolve_grav_move(state: GravState, move: GravMove, battlemap: BattleMap, vehicle: VehicleType, *,
                      table: TerrainTable | None = None,
                      craters_taken: Mapping[Hex, int] | None = None) -> ResolvedMove | Refusal:
    """Check a grav move against CEN-GRAV-1..6, CEN-TER, CEN-SPD, CEN-GRD and CEN-CRT-1; never changes `state`.

    The vehicle's damage (GravState's damage fields, book-a §13) limits thrust, turns and piloting.
    `craters_taken`: per hex, how many other vehicles already hold a crater there (one vehicle per crater).
    """
    refused = move_form_refusal(state, move, battlemap, vehicle, STEP_NAMES, "F, B, L and R")
    if refused is not None:
        return refused
    start = move_start(state, move, vehicle)
    if isinstance(start, Refusal):
        return start
    moving, down, lift, thrust_max, _total, v, facing = start

    interval = facing_change_interval(v)
    vp_left = abs(v)
    here = state.hex
    straight = 0
    entries: list[HexEntry] = []
    turns: list[tuple[int, Hex, int]] = []
    hex_steps = 0
    submerged = state.submerged and move.accelerate == 0 and not move.steps
    one_hex_used = False
    dig_hex = state.hex if move.dig_at == 0 else None

    for i, step in enumerate(move.steps):
        if step in ("L", "R"):
            if not state.may_turn(step):
                why = ("the driver is out (or the Helm lost): the vehicle goes straight on" if state.driver_out else
                       f"the {'left' if step == 'L' else 'right'} vane is lost: no more turns that way")
                return Refusal("CEN-CMB-1", why, i)
            if v == 0 and state.velocity != 0:
                return Refusal("CEN-GRAV-4", "only a vehicle that started the turn at velocity 0 may change facing in "
                               f"its hex; it started at {state.velocity}", i)
            if interval and straight < interval:
                hexes = "hex" if interval == 1 else "hexes"
                return Refusal("CEN-GRAV-4", f"at velocity {v} the vehicle must travel {interval} {hexes} straight "
                               f"before turning; it has travelled {straight}", i)
            facing = turn(facing, -1 if step == "L" else 1)
            straight = 0
            turns.append((i, here, facing))
            continue
        if v == 0:
            return Refusal("CEN-GRAV-2", "at velocity 0 the vehicle spends no VP and cannot leave its hex", i)
        if step == "F" and v < 0:
            return Refusal("CEN-GRAV-5", f"at velocity {v} the vehicle moves backwards (step B), not forwards", i)
        if step == "B" and v > 0:
            return Refusal("CEN-GRAV-5", f"at velocity {v} the vehicle moves forwards (step F); only a negative "
                           "velocity moves it backwards", i)
        if one_hex_used:
            return Refusal("CEN-GRAV-3", f"the one-hex rule let it enter {format_label(here)} as its only hex this "
                           "turn; it cannot move further", i)
        if vp_left == 0:
            return Refusal("CEN-GRAV-2", f"all {abs(v)} VP are spent; the vehicle cannot enter another hex", i)
        dest = neighbor(here, facing if step == "F" else (facing + 3) % 6)
        if dest not in battlemap:
            return Refusal("HEX-4", f"the hex {'ahead' if step == 'F' else 'behind'} of {format_label(here)} is off "
                           "the map", i)
        if move.under_water and not battlemap[dest].lake:
            return Refusal("CEN-GRD-2", f"under water the vehicle can only move into lake hexes; {format_label(dest)} "
                           f"is {battlemap[dest].terrain.replace('_', ' ')}", i)
        cost, limit, key = entry_cost(battlemap, here, dest, "grav", table=table, submerged=move.under_water)
        if cost is None:
            return Refusal("CEN-TER-1", f"{key.replace('_', ' ')} at {format_label(dest)} is prohibited to grav "
                           "vehicles", i)
        one_hex = False
        if cost > vp_left:
            if hex_steps == 0:
                one_hex, one_hex_used = True, True
            else:
                return Refusal("CEN-GRAV-2", f"entering {format_label(dest)} costs {cost} VP; only {vp_left} VP "
                               f"{'is' if vp_left == 1 else 'are'} left", i)
        check = state.check(v, limit, move.odd_group_to)
        vp_left = 0 if one_hex else vp_left - cost
        entries.append(HexEntry(i, dest, format_label(dest), key, cost, vp_left, check.speed_limit, check, one_hex,
                                limit, battlemap[dest].lake))
        here = dest
        hex_steps += 1
        straight += 1
        if move.dig_at == hex_steps:
            dig_hex = here

    if move.dig_at is not None:
        if not 0 <= move.dig_at <= hex_steps:
            return Refusal("CEN-CRT-1", f"dig_at {move.dig_at} names no hex of this move (0..{hex_steps})")
        if state.digging_charges <= 0:
            return Refusal("CEN-CRT-1", "the digging cannon has no charges left")
        if battlemap[dig_hex].lake:
            return Refusal("CEN-CRT-1", f"no crater can be dug in the lake hex {format_label(dig_hex)}")

    if state.driver_out and vp_left > 0 and v != 0:  # nobody steers: it goes straight on while it can (book-a §13)
        ahead = neighbor(here, facing if v > 0 else (facing + 3) % 6)
        cost = entry_cost(battlemap, here, ahead, "grav", table=table)[0] if ahead in battlemap else None
        if cost is not None and (cost <= vp_left or hex_steps == 0):
            return Refusal("CEN-CMB-1", f"the driver is out (or the Helm lost): the vehicle goes straight on; it can "
                           f"still enter {format_label(ahead)}")
    end_v = v - move.decelerate
    forced = None
    if vp_left > 0 and v != 0:
        forced = "CEN-GRAV-2"
    if state.driver_out and move.ground and forced is None:
        return Refusal("CEN-CMB-1", "the driver is out (or the Helm lost): the vehicle flies straight on and grounds "
                       "only when it cannot go further")
    grounds = move.ground or forced is not None
    if down and not moving:
        grounds = True  # it simply stays down
    if move.under_water and moving:
        grounds = True  # it settles on the lake bottom again (CEN-GRD-2)
    in_water = grounds and battlemap[here].lake
    damage = grounding_damage(end_v, in_water=in_water) if grounds else 0
    # the crater (CEN-CRT-1): a grounded vehicle may take a free crater in its end hex, or decline it
    free = craters_free(battlemap, here, (craters_taken or {}).get(here, 0), dug=dig_hex == here) if (
        grounds and not in_water) else 0
    take = bool(free)  # by default a vehicle that grounds where a crater is free takes it
    if down and not moving:  # staying down: it keeps the crater it holds, and takes one only when told to
        free, take = (1, True) if state.in_crater else (free, False)
    if move.take_crater and not free:
        why = ("only a vehicle that ends its move grounded can take a crater" if not grounds or in_water else
               f"no free crater in {format_label(here)} (one vehicle per crater)")
        return Refusal("CEN-CRT-1", why)
    in_crater = take if move.take_crater is None else bool(free) and move.take_crater
    notes = []
    if any(e.one_hex_rule for e in entries):
        notes.append("CEN-GRAV-3: the one-hex rule paid for the only hex entered")
    if submerged:
        notes.append("CEN-GRD-2: stays under water")
    return ResolvedMove(
        start=state, move=move, velocity=v, lift_tp=lift, entries=tuple(entries), turns=tuple(turns),
        vp_spent=abs(v) - vp_left, vp_unspent=vp_left, thrust_max=thrust_max, end_hex=here, end_facing=facing,
        end_velocity=end_v, grounds=grounds, forced_grounding=forced, grounding_damage=damage, in_water=in_water,
        dig_hex=dig_hex, notes=tuple(notes), in_crater=in_crater,
        vehicle_thrust=vehicle.max_thrust,
    )
