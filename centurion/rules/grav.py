"""Grav vehicle movement: thrust, velocity points, facing changes, speed limits, grounding (CEN-GRAV, CEN-SPD, CEN-GRD).

A move is data (`GravMove`). `resolve_grav_move` checks it against the rules and
returns either a `ResolvedMove` (every hex entered with its cost, limit and
piloting check, the thrust budget, the forced grounding if any, the end state)
or a `Refusal` naming the rule broken. `execute_grav_move` then rolls the dice.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import NamedTuple

from ..data import BattleMap, TerrainTable, VehicleType, facing_change_table
from ..dice import Dice, Roll
from ..hexgrid import Hex, format_label, neighbor, turn
from .armor import Armor
from .record import reduced_thrust
from .speed import SpeedCheck, grounding_damage, speed_limit_check
from .terrain import craters_free, entry_cost

STEP_NAMES = {"F": "forward", "B": "backward", "L": "turn left", "R": "turn right"}


def facing_change_interval(velocity: int) -> int:
    """Straight hexes required between one-hexside turns at this velocity; 0 = free spin (CEN-GRAV-4)."""
    if not _whole(velocity):
        raise ValueError(f"CEN-GRAV-4: velocity is a whole number, got {velocity!r}")
    return facing_change_table().straight_hexes(velocity)


def lift_cost(grounded: bool, in_crater: bool = False, submerged: bool = False) -> int:
    """TP of the acceleration that lift a vehicle off: 1 grounded, 2 from a crater or under water (CEN-GRAV-6).

    They come out of the acceleration: a grounded vehicle that accelerates 3 lifts with 1 and flies at 2.
    """
    if submerged or in_crater:
        return 2
    return 1 if grounded else 0


def reduced_max_thrust(thrust: int, quarters_lost: int) -> int:
    """Max thrust after a Thrust 1/4, 1/2 or 3/4 hit (book-a §13); the one table is `record.reduced_thrust`."""
    return reduced_thrust(thrust, quarters_lost)


@dataclass(frozen=True)
class GravState:
    """A grav vehicle on the map at the start of its move (CEN-REC-1, CEN-GRAV).

    The damage fields are what the record sheet's internals do to movement (book-a §13, CEN-CMB-1):
    `tsr_lost` halves speed limits (CEN-SPD-3); `grav_drive_lost`: no move or facing change; `driver_out`
    (Driver unconscious or dead, or the Helm lost): no thrust, no turns, every Piloting Skill Roll fails on 2+;
    `piloting_modifier`: damage modifiers added to the Piloting Skill Roll target (0 or less, CEN-SPD-1);
    `thrust_quarters_lost`: the worst Thrust 1/4 (1), 1/2 (2) or 3/4 (3) location lost (not cumulative);
    `left_vane_lost` / `right_vane_lost`: no more turns that way; `destroyed`: Vehicle Destroyed, it never moves.
    """

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
    driver_out: bool = False
    piloting_modifier: int = 0
    thrust_quarters_lost: int = 0
    left_vane_lost: bool = False
    right_vane_lost: bool = False
    destroyed: bool = False

    def __post_init__(self) -> None:
        if self.piloting_modifier > 0:
            raise ValueError(f"CEN-SPD-1: damage modifiers only make the Piloting Skill Roll harder (0 or less), got "
                             f"{self.piloting_modifier}")
        if not 0 <= self.thrust_quarters_lost <= 3:
            raise ValueError(f"CEN-CMB-1: the thrust locations are 1/4, 1/2 and 3/4 (1..3 quarters lost), got "
                             f"{self.thrust_quarters_lost}")

    @classmethod
    def of(cls, vehicle: VehicleType, hex_: Hex, facing: int, velocity: int = 0, **kw) -> GravState:
        """A fresh vehicle of a type, with full armor and charges."""
        return cls(hex_, facing % 6, velocity, Armor.full(vehicle.armor), digging_charges=vehicle.digging_charges, **kw)

    def max_thrust(self, vehicle: VehicleType) -> int:
        """The vehicle's max thrust now, after any Thrust 1/4, 1/2 or 3/4 hit (book-a §13, CEN-GRAV-1)."""
        return reduced_max_thrust(vehicle.max_thrust or 0, self.thrust_quarters_lost)

    def may_turn(self, step: str) -> bool:
        """Whether its vanes and driver still allow a one-hexside turn this way ('L' or 'R', book-a §13)."""
        if self.driver_out:
            return False
        return not (self.left_vane_lost if step == "L" else self.right_vane_lost)

    def check(self, velocity: int, speed_limit: int, odd_group_to: str = "front") -> SpeedCheck:
        """The Piloting Skill Roll for entering a hex of this limit, with this vehicle's damage (CEN-SPD-1..3)."""
        return speed_limit_check(velocity, speed_limit, tsr_lost=self.tsr_lost, damage_modifier=self.piloting_modifier,
                                 driver_out=self.driver_out, odd_group_to=odd_group_to)


def state_refusal(state: GravState, battlemap: BattleMap) -> Refusal | None:
    """None if a starting state makes sense on this map, else why not (CEN-GRD-1, CEN-GRD-2)."""
    if not isinstance(state.hex, Hex) or state.hex not in battlemap:
        return Refusal("HEX-4", f"{state.hex!r} is off the map")
    if not _whole(state.facing) or not 0 <= state.facing <= 5:
        return Refusal("HEX-3", f"a facing is 0..5, got {state.facing!r}")
    if not _whole(state.velocity):
        return Refusal("CEN-GRAV-2", f"velocity is a whole number, got {state.velocity!r}")
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
    accelerate: thrust points spent before moving. A grounded vehicle lifts off with the first of them
    (CEN-GRAV-6): from the ground `accelerate=3` gives velocity 2, from a crater or under water velocity 1.
    take_crater: when it ends grounded in a hex with a free crater (one dug this move or one already there):
    None takes it, False declines it, True insists (refused when there is none) (CEN-CRT-1).
    """

    accelerate: int = 0
    steps: tuple[str, ...] = ()
    decelerate: int = 0
    ground: bool = False
    initial_facing: int | None = None
    dig_at: int | None = None
    odd_group_to: str = "front"
    under_water: bool = False  # a submerged vehicle moving beneath the surface (CEN-GRD-2)
    take_crater: bool | None = None

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
        raise TypeError("a Refusal has no truth value; use isinstance(x, Refusal)")


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
    terrain_limit: int | None = None  # the hex's limit before any halving (None: read check.speed_limit)
    lake: bool = False  # a lake hex: grounding here is half damage and leaves the vehicle under water (CEN-GRD-2)


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
    in_crater: bool = False  # it ends grounded in a crater it takes (CEN-CRT-1)
    vehicle_thrust: int = 0  # the type's max thrust before damage (for thrust lost during the move)

    def __bool__(self) -> bool:
        return True

    @property
    def thrust_used(self) -> int:
        """Acceleration (its first points lift a grounded vehicle off) + deceleration (CEN-GRAV-1, -6)."""
        return self.move.accelerate + self.move.decelerate

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
            in_crater=self.in_crater,
            submerged=grounded and self.in_water,
            digging_charges=self.start.digging_charges - (1 if self.dig_hex is not None else 0),
        )


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
        lift = 1  # it leaves the bottom but not the water: no extra point to surface (CEN-GRAV-6, CEN-GRD-2)
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


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


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
    if not _whole(state.facing) or not 0 <= state.facing <= 5:
        return Refusal("HEX-3", f"a facing is a whole number from 0 to 5; the vehicle's is {state.facing!r}")
    if not _whole(state.velocity):
        return Refusal("CEN-GRAV-2", f"a velocity is a whole number of hexes; the vehicle's is {state.velocity!r}")
    bad_state = state_refusal(state, battlemap)
    if bad_state is not None:
        return bad_state
    for name in ("accelerate", "decelerate"):
        v = getattr(move, name)
        if not _whole(v) or v < 0:
            what = "acceleration" if name == "accelerate" else "deceleration"
            return Refusal("CEN-GRAV-1", f"acceleration and deceleration are whole thrust points, 0 or more; the "
                           f"{what} is {v!r}")
    bad = [s for s in move.steps if s not in steps]
    if bad:
        return Refusal("CEN-GRAV-2", f"unknown step {bad[0]!r}; steps are {named}")
    if move.initial_facing is not None and (not _whole(move.initial_facing) or not 0 <= move.initial_facing <= 5):
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
        check = state.check(v, limit, move.odd_group_to)
        vp_left = 0 if one_hex else vp_left - cost
        entries.append(HexEntry(i, dest, format_label(dest), key, cost, vp_left, check.speed_limit, check, one_hex,
                                limit, battlemap[dest].terrain == "lake"))
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
    in_water = grounds and battlemap[here].terrain == "lake"
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
                      resume: tuple[int, GravState] | None = None, stop_after: int | None = None) -> MoveReport:
    """Carry out a resolved move: piloting rolls, speed-limit damage, grounding (CEN-SPD-1..3, CEN-GRD-1, -2).

    Damage takes effect at once (CEN-SPD-2): a TS&R lost halves the limits of the later hexes, a driver
    out makes the later rolls fail on 2+ and leaves no thrust to decelerate, lost thrust cuts the
    deceleration. A Grav Drive or Vehicle Destroyed hit grounds the vehicle at once in that hex at its
    current velocity, without deceleration (under water in a lake hex); charges fired before stay spent.
    `damage` replaces `take_movement_damage` (same signature), e.g. by one that marks a record sheet.
    Opportunity fire inside the move (CEN-OPP-1): `stop_after=k` carries the move out up to its k-th hex entered
    and reports the vehicle there, still flying at the move's velocity; `resume=(k, state)` goes on from the k-th
    hex with `state` (the damage taken meanwhile), the later hexes checked against it.
    """
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
    return MoveReport(resolved, tuple(rolls), tuple(events), end, None, False, resolved.dig_hex, tuple(notes))


def _facing_at(resolved: ResolvedMove, step: int) -> int:
    facing = resolved.move.initial_facing if resolved.move.initial_facing is not None else resolved.start.facing
    for i, _hex, new in resolved.turns:
        if i < step:
            facing = new
    return facing
