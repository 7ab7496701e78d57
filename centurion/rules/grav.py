"""Grav vehicle movement: thrust, velocity points, facing changes, speed limits, grounding (CEN-GRAV, CEN-SPD, CEN-GRD).

A move is data (`GravMove`). `resolve_grav_move` checks it against the rules and
returns either a `ResolvedMove` (every hex entered with its cost, limit and
piloting check, the thrust budget, the forced grounding if any, the end state)
or a `Refusal` naming the rule broken. `execute_grav_move` then rolls the dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from ..data import BattleMap, TerrainTable, VehicleType, facing_change_table
from ..dice import Dice, Roll
from ..hexgrid import Hex, format_label, neighbor, turn
from .armor import Armor
from .speed import SpeedCheck, grounding_damage, speed_limit_check
from .terrain import entry_cost

STEP_NAMES = {"F": "forward", "B": "backward", "L": "turn left", "R": "turn right"}


def facing_change_interval(velocity: int) -> int:
    """Straight hexes required between one-hexside turns at this velocity; 0 = free spin (CEN-GRAV-4)."""
    return facing_change_table().straight_hexes(velocity)


def lift_cost(grounded: bool, in_crater: bool = False, submerged: bool = False) -> int:
    """Thrust points spent to lift off before accelerating: 1 grounded, 2 from a crater or under water (CEN-GRAV-6)."""
    if submerged or in_crater:
        return 2
    return 1 if grounded else 0


@dataclass(frozen=True)
class GravState:
    """A grav vehicle on the map at the start of its move (CEN-REC-1, CEN-GRAV)."""

    hex: Hex
    facing: int
    velocity: int = 0
    armor: Armor | None = None
    grounded: bool = False
    in_crater: bool = False
    submerged: bool = False
    digging_charges: int = 0
    tsr_lost: bool = False
    grav_drive_lost: bool = False

    @classmethod
    def of(cls, vehicle: VehicleType, hex_: Hex, facing: int, velocity: int = 0, **kw) -> GravState:
        """A fresh vehicle of a type, with full armor and charges."""
        return cls(hex_, facing % 6, velocity, Armor.full(vehicle.armor), digging_charges=vehicle.digging_charges, **kw)


def state_refusal(state: GravState, battlemap: BattleMap) -> Refusal | None:
    """None if a starting state makes sense on this map, else why not (CEN-GRD-1, CEN-GRD-2)."""
    if state.hex not in battlemap:
        return Refusal("HEX-4", f"{state.hex!r} is off the map")
    if (state.grounded or state.submerged) and state.velocity != 0:
        return Refusal("CEN-GRD-1", "a grounded vehicle has velocity 0")
    if state.submerged and battlemap[state.hex].terrain != "lake":
        return Refusal("CEN-GRD-2", f"only a vehicle grounded in a lake hex is under water; "
                       f"{format_label(state.hex)} is {battlemap[state.hex].terrain.replace('_', ' ')}")
    return None


@dataclass(frozen=True)
class GravMove:
    """One turn's move of a grav vehicle, as data (CEN-GRAV-1..6, CEN-GRD-1, CEN-CRT-1).

    steps: "F" forward one hex, "B" backward one hex (negative velocity), "L"/"R" turn one hexside.
    initial_facing: a new facing before leaving the hex (only from a start at velocity 0).
    dig_at: place a crater in the hex occupied after that many hex steps (0 = the start hex).
    under_water: a vehicle under water moves beneath the surface, through lake hexes only, and settles on the
    bottom again at the end (CEN-GRD-2; decision in docs/decisions.md).
    """

    accelerate: int = 0
    steps: tuple[str, ...] = ()
    decelerate: int = 0
    ground: bool = False
    initial_facing: int | None = None
    dig_at: int | None = None
    odd_group_to: str = "front"
    under_water: bool = False  # a submerged vehicle moving beneath the surface (CEN-GRD-2)

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", tuple(str(s).upper() for s in "".join(self.steps)))

    def describe(self) -> str:
        """A short text such as 'accelerate 2, F F R F, decelerate 3, ground'."""
        parts = []
        if self.initial_facing is not None:
            parts.append(f"face {self.initial_facing}")
        if self.accelerate:
            parts.append(f"accelerate {self.accelerate}")
        parts.append(" ".join(self.steps) if self.steps else "no hexes")
        if self.decelerate:
            parts.append(f"decelerate {self.decelerate}")
        if self.ground:
            parts.append("ground")
        return ", ".join(parts)


@dataclass(frozen=True)
class Refusal:
    """A move that breaks a rule: the rule ID and why, in words (the state is left as it was)."""

    rule: str
    reason: str
    step: int | None = None

    def __str__(self) -> str:
        return f"{self.rule}: {self.reason}"

    def __bool__(self) -> bool:
        return False


@dataclass(frozen=True)
class HexEntry:
    """One hex entered during a move, with its cost, limit and piloting check (CEN-TER, CEN-SPD)."""

    step: int
    hex: Hex
    label: str
    terrain: str
    vp: int
    vp_left: int
    speed_limit: int
    check: SpeedCheck
    one_hex_rule: bool = False


@dataclass(frozen=True)
class ResolvedMove:
    """A legal move with everything the rules say about it, before any die is rolled."""

    start: GravState
    move: GravMove
    velocity: int  # after acceleration
    lift_tp: int
    entries: tuple[HexEntry, ...]
    turns: tuple[tuple[int, Hex, int], ...]  # (step index, hex, new facing)
    vp_spent: int
    vp_unspent: int
    thrust_max: int
    end_hex: Hex
    end_facing: int
    end_velocity: int  # after deceleration, before grounding
    grounds: bool
    forced_grounding: str | None  # rule ID when the grounding is forced
    grounding_damage: int
    in_water: bool
    dig_hex: Hex | None = None
    notes: tuple[str, ...] = field(default=())

    def __bool__(self) -> bool:
        return True

    @property
    def thrust_used(self) -> int:
        """Lift + acceleration + deceleration (CEN-GRAV-1, -6)."""
        return self.lift_tp + self.move.accelerate + self.move.decelerate

    @property
    def checks(self) -> tuple[HexEntry, ...]:
        """The hexes that need a Piloting Skill Roll (CEN-SPD-1)."""
        return tuple(e for e in self.entries if e.check.needs_roll)

    @property
    def p_no_damage(self) -> Fraction:
        """Exact chance of ending the move without any damage (all rolls pass, no grounding damage)."""
        p = Fraction(1)
        for e in self.checks:
            p *= e.check.p_pass
        return p if self.grounding_damage == 0 else Fraction(0)

    def end_state(self) -> GravState:
        """The vehicle after the move if every piloting roll passes."""
        grounded = self.grounds
        return replace(
            self.start,
            hex=self.end_hex,
            facing=self.end_facing,
            velocity=0 if grounded else self.end_velocity,
            grounded=grounded,
            in_crater=grounded and self.dig_hex == self.end_hex,
            submerged=grounded and self.in_water,
            digging_charges=self.start.digging_charges - (1 if self.dig_hex is not None else 0),
        )


def resolve_grav_move(state: GravState, move: GravMove, battlemap: BattleMap, vehicle: VehicleType, *,
                      table: TerrainTable | None = None) -> ResolvedMove | Refusal:
    """Check a grav move against CEN-GRAV-1..6, CEN-TER, CEN-SPD, CEN-GRD and CEN-CRT-1; never changes `state`."""
    if vehicle.kind != "grav" or vehicle.max_thrust is None:
        return Refusal("CEN-GV-1", f"the {vehicle.label} is a ground vehicle: it moves with movement points")
    if state.hex not in battlemap:
        return Refusal("HEX-4", f"the vehicle stands off the map at {state.hex!r}")
    if move.accelerate < 0 or move.decelerate < 0:
        return Refusal("CEN-GRAV-1", "acceleration and deceleration are whole thrust points, 0 or more")
    bad = [s for s in move.steps if s not in STEP_NAMES]
    if bad:
        return Refusal("CEN-GRAV-2", f"unknown step {bad[0]!r}; steps are F, B, L and R")
    moving = bool(move.steps) or move.accelerate > 0 or move.initial_facing is not None
    if state.grav_drive_lost and moving:
        return Refusal("CEN-CMB-1", "the Grav Drive is destroyed: no movement or facing change for the rest of "
                       "the game")
    if move.under_water and not state.submerged:
        return Refusal("CEN-GRD-2", "only a vehicle under water can move beneath the surface")
    lift = lift_cost(state.grounded, state.in_crater, state.submerged) if (
        state.grounded or state.submerged) and moving else 0
    if move.under_water and lift:
        lift = 1  # it leaves the bottom but not the water: no extra point to surface (CEN-GRAV-6, CEN-GRD-2)
    thrust_max = vehicle.max_thrust
    total = lift + move.accelerate + move.decelerate
    if total > thrust_max:
        lift_text = f" + {lift} to lift off (CEN-GRAV-6)" if lift else ""
        return Refusal("CEN-GRAV-1", f"acceleration {move.accelerate} + deceleration {move.decelerate}{lift_text} = "
                       f"{total} thrust points; the {vehicle.label} has {thrust_max}")
    if (state.grounded or state.submerged) and move.decelerate > 0 and move.accelerate == 0:
        return Refusal("CEN-GRAV-1", "a grounded vehicle has no velocity to decelerate")

    facing = state.facing
    if move.initial_facing is not None:
        if state.velocity != 0:
            return Refusal("CEN-GRAV-4", "only a vehicle that started the turn at velocity 0 may face a new direction "
                           f"before leaving its hex; it started at {state.velocity}")
        facing = move.initial_facing % 6

    v = state.velocity + move.accelerate
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
        if move.under_water and battlemap[dest].terrain != "lake":
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
        check = speed_limit_check(v, limit, tsr_lost=state.tsr_lost, odd_group_to=move.odd_group_to)
        vp_left = 0 if one_hex else vp_left - cost
        entries.append(HexEntry(i, dest, format_label(dest), key, cost, vp_left, check.speed_limit, check, one_hex))
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
        if battlemap[dig_hex].terrain == "lake":
            return Refusal("CEN-CRT-1", f"no crater can be dug in the lake hex {format_label(dig_hex)}")

    end_v = v - move.decelerate
    forced = None
    if vp_left > 0 and v != 0:
        forced = "CEN-GRAV-2"
    grounds = move.ground or forced is not None
    if (state.grounded or state.submerged) and not moving:
        grounds = True  # it simply stays down
    if move.under_water and moving:
        grounds = True  # it settles on the lake bottom again (CEN-GRD-2)
    in_water = grounds and battlemap[here].terrain == "lake"
    damage = grounding_damage(end_v, in_water=in_water) if grounds else 0
    notes = []
    if any(e.one_hex_rule for e in entries):
        notes.append("CEN-GRAV-3: the one-hex rule paid for the only hex entered")
    if submerged:
        notes.append("CEN-GRD-2: stays under water")
    return ResolvedMove(
        start=state, move=move, velocity=v, lift_tp=lift, entries=tuple(entries), turns=tuple(turns),
        vp_spent=abs(v) - vp_left, vp_unspent=vp_left, thrust_max=thrust_max, end_hex=here, end_facing=facing,
        end_velocity=end_v, grounds=grounds, forced_grounding=forced, grounding_damage=damage, in_water=in_water,
        dig_hex=dig_hex, notes=tuple(notes),
    )


@dataclass(frozen=True)
class DamageEvent:
    """Armor crossed by one event (speed limit or grounding), and what reached the internals."""

    cause: str
    rule: str
    section: str
    points: int
    boxes: tuple[int, ...]
    internal: int


@dataclass(frozen=True)
class MoveReport:
    """What happened when a resolved move was carried out with the dice."""

    resolved: ResolvedMove
    rolls: tuple[Roll, ...]
    damage: tuple[DamageEvent, ...]
    state: GravState
    stopped_at: Hex | None  # where a Grav Drive hit grounded it at once, if it did
    grav_drive_hit: bool


def _apply(armor: Armor, section: str, points: int, cause: str, rule: str) -> tuple[Armor, DamageEvent]:
    new, crossed, overflow = armor.damaged(section, points)
    return new, DamageEvent(cause, rule, section, points, crossed, overflow)


def execute_grav_move(resolved: ResolvedMove, dice: Dice) -> MoveReport:
    """Carry out a resolved move: piloting rolls, speed-limit damage, grounding (CEN-SPD-2, CEN-GRD-1).

    Damage past the last bottom box hits the Grav Drive: the vehicle grounds at once
    in that hex at its current velocity, without deceleration (CEN-SPD-2). Damage
    past the last front box is taken as a TS&R hit (speed limits halved, CEN-SPD-3).
    """
    start = resolved.start
    armor = start.armor or Armor.full({"front": 100, "bottom": 100})
    rolls: list[Roll] = []
    events: list[DamageEvent] = []
    tsr_lost = start.tsr_lost
    for e in resolved.entries:
        if not e.check.needs_roll:
            continue
        roll = dice.d10_test(e.check.target, purpose=f"Piloting Skill Roll entering {e.label} at velocity "
                             f"{resolved.velocity} (limit {e.speed_limit})", rule="CEN-SPD-1")
        rolls.append(roll)
        if roll.success:
            continue
        drive_hit = False
        for section, points in (("front", e.check.front), ("bottom", e.check.bottom)):
            if points:
                armor, ev = _apply(armor, section, points, f"speed limit at {e.label}", "CEN-SPD-2")
                events.append(ev)
                if ev.internal and section == "bottom":
                    drive_hit = True
                if ev.internal and section == "front":
                    tsr_lost = True
        if drive_hit:
            v = resolved.velocity
            damage = grounding_damage(v, in_water=e.terrain in ("lake", "under_water"))
            armor, ev = _apply(armor, "bottom", damage, f"grounding at once at {e.label}", "CEN-SPD-2")
            events.append(ev)
            state = replace(start, hex=e.hex, facing=_facing_at(resolved, e.step), velocity=0, grounded=True,
                            armor=armor, tsr_lost=tsr_lost, grav_drive_lost=True, in_crater=False, submerged=False)
            return MoveReport(resolved, tuple(rolls), tuple(events), state, e.hex, True)
    end = resolved.end_state()
    if resolved.grounding_damage:
        armor, ev = _apply(armor, "bottom", resolved.grounding_damage, f"grounding at {format_label(resolved.end_hex)}",
                           "CEN-GRD-1")
        events.append(ev)
    end = replace(end, armor=armor, tsr_lost=tsr_lost)
    return MoveReport(resolved, tuple(rolls), tuple(events), end, None, False)


def _facing_at(resolved: ResolvedMove, step: int) -> int:
    facing = resolved.move.initial_facing if resolved.move.initial_facing is not None else resolved.start.facing
    for i, _hex, new in resolved.turns:
        if i < step:
            facing = new
    return facing
