"""A resolved grav move carried out with the dice: Piloting Skill Rolls, speed-limit damage, grounding at once or at
the end, and the damage each does (CEN-SPD-1..3, CEN-GRD-1, CEN-GRD-2, CEN-OPP-1).

`centurion.rules.grav` re-exports these names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ..dice import Dice, Roll
from ..hexgrid import Hex, format_label
from .armor import Armor
from .grav_types import GravState, ResolvedMove, reduced_max_thrust
from .speed import grounding_damage


@dataclass(frozen=True)
class DamageEvent:
    """Armor crossed by one event (speed limit or grounding), what reached the internals and what that knocked out."""

    cause: str
    rule: str
    section: str
    points: int
    boxes: tuple[int, ...]
    internal: int
    components: tuple[str, ...] = ()  # internal components lost: "TS&R", "Grav Drive", ... (book-a §13)


@dataclass(frozen=True)
class MoveReport:
    """What happened when a resolved move was carried out with the dice."""

    resolved: ResolvedMove
    rolls: tuple[Roll, ...]
    damage: tuple[DamageEvent, ...]
    state: GravState
    stopped_at: Hex | None  # where a Grav Drive or Vehicle Destroyed hit grounded it at once, if it did
    grav_drive_hit: bool
    dig_hex: Hex | None = None  # where it fired a digging charge (a crater counter goes there, CEN-CRT-1)
    notes: tuple[str, ...] = ()
    burned: int = 0  # velocity burned off at the end for terrain (VAR-MOVETYPE 'burn'), as carried out


def take_movement_damage(state: GravState, section: str, points: int, cause: str,
                         rule: str) -> tuple[GravState, DamageEvent]:
    """The one place movement damages a vehicle: the damaged state and what happened (CEN-SPD-2, CEN-GRD-1).

    Armor is crossed row by row; what passes the last box reaches the internals. Until the record sheet's
    internal grid (book-a §13) is wired in here, the internals are read as: past the front armor the TS&R
    (speed limits halved), past the bottom armor the Grav Drive (docs/decisions.md). The returned state
    carries every effect at once, so the rest of the move uses it.
    """
    armor = state.armor or Armor.full({"front": 100, "bottom": 100})
    armor, crossed, overflow = armor.damaged(section, points)
    lost: list[str] = []
    changes: dict = {"armor": armor}
    if overflow and section == "front" and not state.tsr_lost:
        lost.append("TS&R")
        changes["tsr_lost"] = True
    if overflow and section == "bottom" and not state.grav_drive_lost:
        lost.append("Grav Drive")
        changes["grav_drive_lost"] = True
    return replace(state, **changes), DamageEvent(cause, rule, section, points, crossed, overflow, tuple(lost))


DamageRule = Callable[[GravState, str, int, str, str], tuple[GravState, DamageEvent]]


def execute_grav_move(resolved: ResolvedMove, dice: Dice, *, damage: DamageRule | None = None,
                      resume: tuple[int, GravState] | None = None, stop_after: int | None = None,
                      burn: int = 0) -> MoveReport:
    """Carry out a resolved move: piloting rolls, speed-limit damage, grounding (CEN-SPD-1..3, CEN-GRD-1, -2).

    Damage takes effect at once (CEN-SPD-2): a TS&R lost halves the limits of the later hexes, a driver
    out makes the later rolls fail on 2+ and leaves no thrust to decelerate, lost thrust cuts the
    deceleration. A Grav Drive or Vehicle Destroyed hit grounds the vehicle at once in that hex at its
    current velocity, without deceleration (under water in a lake hex); charges fired before stay spent.
    `damage` replaces `take_movement_damage` (same signature), e.g. by one that marks a record sheet.
    Opportunity fire inside the move (CEN-OPP-1): `stop_after=k` carries the move out up to its k-th hex entered
    and reports the vehicle there, still flying at the move's velocity; `resume=(k, state)` goes on from the k-th
    hex with `state` (the damage taken meanwhile), the later hexes checked against it.
    `burn` (VAR-MOVETYPE 'burn', the terrain surcharge of the hexes entered): velocity burned off at the end of the
    move after the deceleration and its cuts for damage, costing no thrust: up to `burn`, never past 0, before
    any grounding. A vehicle grounded at once on the way keeps its velocity of that moment (CEN-SPD-2).
    """
    if not isinstance(burn, int) or isinstance(burn, bool) or burn < 0:
        raise ValueError(f"VAR-MOVETYPE: the velocity burned off is a whole number, 0 or more; got {burn!r}")
    take = damage or take_movement_damage
    start = resolved.start
    move = resolved.move
    state = replace(start, armor=start.armor or Armor.full({"front": 100, "bottom": 100}))
    first = 0
    if resume is not None:
        first, state = resume
    rolls: list[Roll] = []
    events: list[DamageEvent] = []
    v = resolved.velocity
    for n, e in enumerate(resolved.entries, 1):
        if n <= first:
            continue
        if stop_after is not None and n > stop_after:
            break
        check = e.check if e.terrain_limit is None else state.check(v, e.terrain_limit, move.odd_group_to)
        if not check.needs_roll:
            continue
        roll = dice.d10_test(check.target, purpose=f"Piloting Skill Roll entering {e.label} at velocity "
                             f"{v} (limit {check.speed_limit})", rule="CEN-SPD-1")
        rolls.append(roll)
        if roll.success:
            continue
        for section, points in (("front", check.front), ("bottom", check.bottom)):
            if points:
                state, ev = take(state, section, points, f"speed limit at {e.label}", "CEN-SPD-2")
                events.append(ev)
        if state.grav_drive_lost or state.destroyed:
            # it grounds at once, at its current velocity, without deceleration (CEN-SPD-2)
            spent = 1 if move.dig_at is not None and move.dig_at < n else 0
            dig_hex = resolved.dig_hex if spent else None
            state, ev = take(state, "bottom", grounding_damage(v, in_water=e.lake), f"grounding at once at {e.label}",
                             "CEN-SPD-2")
            events.append(ev)
            state = replace(state, hex=e.hex, facing=_facing_at(resolved, e.step), velocity=0, grounded=True,
                            in_crater=False, submerged=e.lake, digging_charges=start.digging_charges - spent)
            return MoveReport(resolved, tuple(rolls), tuple(events), state, e.hex,
                              state.grav_drive_lost and not start.grav_drive_lost, dig_hex)
    if stop_after is not None and 0 < stop_after <= len(resolved.entries):  # the vehicle in that hex, flying
        e = resolved.entries[stop_after - 1]
        state = replace(state, hex=e.hex, facing=_facing_at(resolved, e.step), velocity=v, grounded=False,
                        in_crater=False, submerged=False)
        return MoveReport(resolved, tuple(rolls), tuple(events), state, None, False)
    # the end of the move, with the damage taken on the way (no thrust left with the driver out or thrust lost)
    notes: list[str] = []
    decel = move.decelerate
    if state.driver_out and not start.driver_out:
        decel = 0
        if move.decelerate:
            notes.append("CEN-CMB-1: the driver is out: no thrust to decelerate")
    room = decel
    if state.thrust_quarters_lost != start.thrust_quarters_lost:
        base = resolved.vehicle_thrust or resolved.thrust_max
        room = max(0, reduced_max_thrust(base, state.thrust_quarters_lost) - move.accelerate)
    if decel > room:
        notes.append(f"CEN-CMB-1: thrust lost: it decelerates {room}, not {decel}")
        decel = room
    end_v = v - decel
    burned = 0
    if burn:  # terrain burned off after the cuts, free of thrust, never past 0 (VAR-MOVETYPE 'burn')
        burned = min(burn, abs(end_v))
        end_v = end_v - burned if end_v > 0 else end_v + burned
    grounds = resolved.grounds
    if state.driver_out and not start.driver_out and move.ground and resolved.forced_grounding is None:
        grounds = False  # nobody to set it down
        notes.append("CEN-CMB-1: the driver is out: it does not ground")
    end = resolved.end_state()
    bottom = grounding_damage(end_v, in_water=resolved.in_water) if grounds else 0
    if bottom:
        state, ev = take(state, "bottom", bottom, f"grounding at {format_label(resolved.end_hex)}", "CEN-GRD-1")
        events.append(ev)
    end = replace(state, hex=end.hex, facing=end.facing, velocity=0 if grounds else end_v, grounded=grounds,
                  in_crater=end.in_crater and grounds, submerged=end.submerged and grounds,
                  digging_charges=end.digging_charges)
    return MoveReport(resolved, tuple(rolls), tuple(events), end, None, False, resolved.dig_hex, tuple(notes), burned)


def _facing_at(resolved: ResolvedMove, step: int) -> int:
    facing = resolved.move.initial_facing if resolved.move.initial_facing is not None else resolved.start.facing
    for i, _hex, new in resolved.turns:
        if i < step:
            facing = new
    return facing
