"""A grav move's data: the vehicle's state, the move as data, each hex entered and the resolved move, with the
thrust, lift and facing-change numbers they use (CEN-GRAV-1..6, CEN-GRD-1, CEN-GRD-2, CEN-CRT-1).

`centurion.rules.grav` checks a `GravMove` against the rules (`resolve_grav_move`) and re-exports these names;
`centurion.rules.grav_execution` carries the `ResolvedMove` out with the dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from ..data import BattleMap, VehicleType, facing_change_table
from ..hexgrid import FACING_NAMES, Hex, format_label
from .armor import Armor
from .record import reduced_thrust
from .refusal import Refusal
from .speed import SpeedCheck, speed_limit_check

STEP_NAMES = {"F": "forward", "B": "backward", "L": "turn left", "R": "turn right"}


def is_whole_int(value: object) -> bool:
    """An int, not a bool (a numpy integer is not one here, unlike `inputs.is_whole`) (CEN-GRAV-2, HEX-3)."""
    return isinstance(value, int) and not isinstance(value, bool)


def facing_change_interval(velocity: int) -> int:
    """Straight hexes required between one-hexside turns at this velocity; 0 = free spin (CEN-GRAV-4)."""
    if not is_whole_int(velocity):
        raise ValueError(f"CEN-GRAV-4: velocity is a whole number, got {velocity!r}")
    return facing_change_table().straight_hexes(velocity)


#: TP that take a vehicle off a lake's bottom to move beneath the surface: it leaves the bottom but not the water, so
#: no second point to surface (CEN-GRD-2, CEN-GRAV-6; a decision, docs/decisions.md)
BOTTOM_LIFT = 1


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
    if not is_whole_int(state.facing) or not 0 <= state.facing <= 5:
        return Refusal("HEX-3", f"a facing is 0..5, got {state.facing!r}")
    if not is_whole_int(state.velocity):
        return Refusal("CEN-GRAV-2", f"velocity is a whole number, got {state.velocity!r}")
    if (state.grounded or state.submerged) and state.velocity != 0:
        return Refusal("CEN-GRD-1", "a grounded vehicle has velocity 0")
    if state.submerged and not battlemap[state.hex].lake:
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
        joined = "".join(self.steps)
        object.__setattr__(self, "steps", tuple(joined.upper()) if joined.isascii() else
                           tuple(s.upper() for s in joined))  # one letter a step, even where upper() makes two

    def describe(self) -> str:
        """A short text such as 'accelerate 2, F F R F, decelerate 3, ground'."""
        parts = []
        if self.initial_facing is not None:
            parts.append(f"face {FACING_NAMES[self.initial_facing]}")  # HEX-3 (walk 32: "face 5")
        if self.accelerate:
            parts.append(f"accelerate {self.accelerate}")
        parts.append(" ".join(self.steps) if self.steps else "no hexes")
        if self.decelerate:
            parts.append(f"decelerate {self.decelerate}")
        if self.ground:
            parts.append("ground")
        return ", ".join(parts)


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
    def p_rolls_pass(self) -> Fraction:
        """Exact chance that every Piloting Skill Roll on the path passes (CEN-SPD-1, -2)."""
        p = Fraction(1)
        for e in self.checks:
            p *= e.check.p_pass
        return p

    @property
    def p_no_damage(self) -> Fraction:
        """Exact chance of ending the move without any damage (all rolls pass, no grounding damage)."""
        return self.p_rolls_pass if self.grounding_damage == 0 else Fraction(0)

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
