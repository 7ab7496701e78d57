"""A grav move under the variant rules, as data: its steps (lateral shifts SL, SR among F, B, L, R), the lateral
shifts and emergency turns it makes, and the move resolved (VAR-LATERAL, VAR-EMERGENCY, VAR-MOVETYPE, VAR-OCCUPY).

`centurion.variants.move_resolution` checks a `VariantMove` hex by hex; `centurion.variants.movement` re-exports
these names.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..hexgrid import Hex
from ..rules.grav_types import GravMove, GravState, ResolvedMove
from .ruleset import RuleSet
from .vanes import VaneOdds

STEPS = ("F", "B", "L", "R", "SL", "SR")
_STEP_SET = frozenset(STEPS)
SIDE = {"L": "left", "R": "right", "SL": "left", "SR": "right"}


def parse_steps(steps: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Steps from 'F F SL R' or a sequence; letters F, B, L, R may also run together ('FFR')."""
    if type(steps) is tuple and all(type(t) is str and t in _STEP_SET for t in steps):
        return steps  # already parsed (the legal-moves search builds thousands of moves)
    if isinstance(steps, str):
        steps = steps.replace(",", " ").split()
    out: list[str] = []
    for token in steps:
        t = str(token).strip().upper()
        if t in ("SL", "SR"):
            out.append(t)
        else:
            out.extend(t)
    return tuple(out)


@dataclass(frozen=True)
class VariantMove:
    """A grav move that may hold lateral shifts (SL, SR) and emergency turns (VAR-LATERAL, VAR-EMERGENCY).

    The fields mean what `GravMove`'s mean (CEN-GRAV-1..6, CEN-CRT-1).
    """

    accelerate: int = 0
    steps: tuple[str, ...] = ()
    decelerate: int = 0
    ground: bool = False
    initial_facing: int | None = None
    dig_at: int | None = None
    odd_group_to: str = "front"
    under_water: bool = False
    take_crater: bool | None = None
    positions: tuple[tuple[int, str], ...] = ()  # VAR-OCCUPY: (step index, 'in' or 'out') in partly covered hexes

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", parse_steps(self.steps))
        object.__setattr__(self, "positions", tuple((int(i), str(p)) for i, p in dict(self.positions).items()))

    @classmethod
    def of(cls, move: GravMove) -> VariantMove:
        """The same move as a basic `GravMove`."""
        return cls(move.accelerate, move.steps, move.decelerate, move.ground, move.initial_facing, move.dig_at,
                   move.odd_group_to, move.under_water, move.take_crater)

    def basic(self) -> GravMove:
        """The move as the basic engine sees it: lateral shifts left out (they are hexes it cannot express)."""
        return GravMove(self.accelerate, tuple(s for s in self.steps if s in ("F", "B", "L", "R")), self.decelerate,
                        self.ground, self.initial_facing, self.dig_at, self.odd_group_to, self.under_water,
                        self.take_crater)

    def describe(self) -> str:
        """'face NE, accelerate 2, F SL F R, decelerate 1': `GravMove.describe`'s words, plus shifts and positions."""
        # GravMove.describe reads only the fields the two moves share; the steps are shown as they are (SL, SR too)
        text = GravMove.describe(self)  # type: ignore[arg-type]
        if self.positions:  # VAR-OCCUPY: the position declared on entering a partly covered hex
            text += ", " + ", ".join(f"{pos} at step {i + 1}" for i, pos in self.positions)
        return text


@dataclass(frozen=True)
class LateralShift:
    """A lateral shift: step index, from where to where, its thrust point and VP (VAR-LATERAL)."""

    step: int
    side: str
    from_hex: Hex
    to_hex: Hex
    vp: int
    thrust: int = 1


@dataclass(frozen=True)
class EmergencyTurn:
    """A turn (or shift) made early: thrust pumped into the vane and the odds of its three saves (VAR-EMERGENCY)."""

    step: int
    side: str
    hex: Hex
    thrust: int
    straight: int  # hexes travelled straight before it
    required: int  # what the Facing Change Table asks
    odds: VaneOdds


@dataclass(frozen=True)
class VariantResolvedMove:
    """A legal variant move: the engine's `ResolvedMove` plus the variant steps, their thrust and odds.

    `basic` carries the hexes entered (lateral shifts included), the turns, the piloting checks, the end state
    and the grounding. `thrust_used` counts acceleration, deceleration, lateral shifts, emergency thrust and
    thrust paid for terrain (VAR-MOVETYPE 'thrust'); `burned` is the velocity burned off by terrain
    (VAR-MOVETYPE 'burn'), already taken off `basic.end_velocity`.
    """

    basic: ResolvedMove
    move: VariantMove
    rules: RuleSet
    shifts: tuple[LateralShift, ...] = ()
    emergencies: tuple[EmergencyTurn, ...] = ()
    terrain_surcharge: int = 0  # VAR-MOVETYPE: the extra VP of the hexes entered
    terrain_thrust: int = 0  # ... paid in thrust
    burned: int = 0  # ... burned off the end velocity
    notes: tuple[str, ...] = field(default=())
    positions: tuple[tuple[Hex, str, str, int], ...] = ()  # VAR-OCCUPY: (hex, position, terrain, level) declared
    road_hexes: int = 0  # VAR-MOVETYPE: hexes entered beyond the velocity, the whole move on a road (200%)

    def __bool__(self) -> bool:
        return True

    @property
    def end_position(self) -> tuple[str, int] | None:
        """(terrain, level) where the unit stands in its end hex when it declared a position there (VAR-OCCUPY)."""
        for h, _pos, terrain, level in self.positions:
            if h == self.end_hex:
                return terrain, level
        return None

    @property
    def variant_thrust(self) -> int:
        """Thrust spent on variant steps: 1 a lateral shift, the emergency TP, terrain paid in thrust."""
        return len(self.shifts) + sum(e.thrust for e in self.emergencies) + self.terrain_thrust

    @property
    def thrust_used(self) -> int:
        """All thrust of the move: acceleration + deceleration + the variant steps (CEN-GRAV-1)."""
        return self.move.accelerate + self.move.decelerate + self.variant_thrust

    @property
    def p_vanes_unharmed(self) -> Fraction:
        """Exact chance that every emergency turn's three saves pass (VAR-EMERGENCY)."""
        p = Fraction(1)
        for e in self.emergencies:
            p *= e.odds.p_unharmed
        return p

    @property
    def p_no_damage(self) -> Fraction:
        """Exact chance of no damage at all: the piloting rolls, no grounding damage, every vane save."""
        return self.basic.p_no_damage * self.p_vanes_unharmed

    @property
    def end_hex(self) -> Hex:
        """Where the move ends."""
        return self.basic.end_hex

    @property
    def end_facing(self) -> int:
        """The facing at the end."""
        return self.basic.end_facing

    def end_state(self) -> GravState:
        """The vehicle after the move if every roll passes."""
        return self.basic.end_state()
