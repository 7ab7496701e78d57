"""A live record sheet: one vehicle's damage state as an immutable value, and what that damage does
(CEN-REC-1, CEN-CMB-1, book-a 0.5 and 13).

Armor boxes lost are applied at once; internal boxes hit during the Combat Phase wait in `pending` until all
weapons fire has been resolved (CEN-SEQ-3, `internals.apply_internal_damage`). Every effect below reads only
the applied boxes, so a doomed vehicle still fires.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property

from ..data.vehicles import ARMOR_ROWS, COLUMNS, CREW_COMPONENTS, VehicleType, weapon_table
from .armor import Armor
from .inputs import choice

Box = tuple[str, int]  # (section, internal box index = row * 10 + column below the armor)
CREW_STATES = ("ok", "unconscious", "dead")
THRUST_QUARTERS = (("thrust_quarter", 1), ("thrust_half", 2), ("thrust_three_quarters", 3))
WEAPON_COMPONENT = {"turret": ("turret", "turret_weapons"), "hull 1": ("left", "hull_weapons_1"),
                    "hull 2": ("right", "hull_weapons_2")}


def reduced_thrust(thrust: int, quarters_lost: int) -> int:
    """Max thrust (or MP) after a Thrust 1/4, 1/2 or 3/4 hit: thrust x remaining quarters, halves up (book-a 13)."""
    if isinstance(thrust, bool) or not isinstance(thrust, int) or thrust < 0:
        raise ValueError(f"CEN-CMB-1: thrust is a whole number 0 or more, got {thrust!r}")
    if isinstance(quarters_lost, bool) or quarters_lost not in (0, 1, 2, 3, 4):
        raise ValueError(f"CEN-CMB-1: the Thrust locations are 1/4, 1/2 and 3/4 (0..4 quarters), got {quarters_lost!r}")
    return (2 * thrust * (4 - quarters_lost) + 4) // 8


@dataclass(frozen=True)
class CrewMember:
    """A crew member's state: ok, unconscious (since `turn`, with the roll target to wake) or dead (book-a 13.2)."""

    role: str
    state: str = "ok"
    since_turn: int | None = None

    def __post_init__(self) -> None:
        if self.state not in CREW_STATES:
            raise ValueError(f"CEN-CMB-1: a crew member is ok, unconscious or dead, not {self.state!r}")


@dataclass(frozen=True)
class RecordSheet:
    """One vehicle's record sheet in play (CEN-REC-1): armor, internal boxes lost and pending, crew, stores."""

    vehicle: VehicleType
    armor: Armor
    internal_lost: frozenset[Box] = frozenset()
    pending: frozenset[Box] = frozenset()
    crew: tuple[CrewMember, ...] = tuple(CrewMember(r) for r in ("commander", "gunner", "driver"))
    missiles_fired: tuple[tuple[str, int], ...] = ()
    smoke_used: int = 0
    digging_used: int = 0
    infantry_aboard: int = 0
    infantry_killed: int = 0
    riders_outside: int = 0  # men of a squad riding outside (no or a destroyed compartment, book-a 16.2)
    riders_pending_killed: int = 0  # riders killed this phase, applied after all fire (CEN-SEQ-3)
    exploded: bool = False
    grounded_by_damage: bool = False
    notes: tuple[str, ...] = field(default=(), compare=False)

    @classmethod
    def of(cls, vehicle: VehicleType, *, infantry_aboard: int = 0) -> RecordSheet:
        """A fresh sheet: full armor, no internal damage, crew fit, every charge and missile there."""
        if infantry_aboard and not vehicle.infantry_capacity:
            raise ValueError(f"CEN-MNT-1: the {vehicle.label} has no infantry compartment")
        if not 0 <= infantry_aboard <= 8:
            raise ValueError(f"CEN-INF-1: a squad has 0 to 8 men, got {infantry_aboard}")
        return cls(vehicle, Armor.full(vehicle.armor), infantry_aboard=infantry_aboard)

    # --- geometry ------------------------------------------------------------------------------------------
    def depth(self, section: str) -> int:
        """Rows of a section: 10 armor rows and its internal rows."""
        layout = self.vehicle.internals
        return ARMOR_ROWS + (layout.depth(section) if layout is not None else 0)

    def intact(self, section: str, row: int, col: int) -> bool:
        """Whether the box at (row, column) of a section is there and not lost (pending internal boxes are lost)."""
        if not 0 <= col < COLUMNS or row < 0 or row >= self.depth(section):
            return False
        if row < ARMOR_ROWS:
            return self.armor.is_intact(section, row * COLUMNS + col)
        box = (section, (row - ARMOR_ROWS) * COLUMNS + col)
        return box not in self.internal_lost and box not in self.pending

    def highest_remaining(self, section: str, col: int) -> int | None:
        """Row of the highest remaining box of a column (0-based, armor then internals), None if none (book-a 12.1)."""
        for row in range(self.depth(section)):
            if self.intact(section, row, col):
                return row
        return None

    def with_damage(self, armor: Mapping[str, Iterable[int]], internal: Iterable[Box], *,
                    immediate: bool = False) -> RecordSheet:
        """The sheet with armor boxes lost at once and internal boxes pending (or lost, if `immediate`)."""
        new_armor = self.armor
        for section, boxes in armor.items():
            boxes = frozenset(boxes)
            if boxes:
                new_armor = new_armor.with_destroyed(section, boxes)
        internal = frozenset(internal)
        if immediate:
            return replace(self, armor=new_armor, internal_lost=self.internal_lost | internal)
        return replace(self, armor=new_armor, pending=self.pending | internal)

    # --- components ----------------------------------------------------------------------------------------
    def boxes_of(self, section: str, component: str) -> tuple[int, ...]:
        """Internal boxes of a component in a section (none if the layout has none there)."""
        layout = self.vehicle.internals
        return layout.boxes.get((section, component), ()) if layout is not None else ()

    @cached_property
    def _lost_counts(self) -> Counter:
        layout = self.vehicle.internals
        if layout is None:
            return Counter()
        return Counter((s, layout.component_at(s, b)) for s, b in self.internal_lost)

    def lost(self, section: str, component: str) -> int:
        """Boxes of a component in a section lost (applied damage only)."""
        return self._lost_counts[(section, component)]

    def hit(self, section: str, component: str) -> bool:
        """A component with one box lost is out for the game (book-a 13.1)."""
        return self.lost(section, component) > 0

    def components_hit(self) -> frozenset[tuple[str, str]]:
        """Every (section, component) with a box lost: each is out for the game (book-a 13.1)."""
        return frozenset(k for k, n in self._lost_counts.items() if n and k[1] is not None)

    def hit_anywhere(self, component: str) -> bool:
        """Whether a component is hit in any section."""
        return any(c == component and n for (_s, c), n in self._lost_counts.items())

    def crew_member(self, role: str) -> CrewMember:
        """The state of the commander, gunner or driver."""
        for m in self.crew:
            if m.role == role:
                return m
        raise KeyError(f"CEN-CMB-1: no crew member {role!r}")

    def crew_section(self, role: str) -> str | None:
        """The section whose internals hold a crew member's boxes."""
        layout = self.vehicle.internals
        if layout is None:
            return None
        return next((s for s, c in layout.boxes if c == role), None)

    def able(self, role: str) -> bool:
        """Whether a crew member is conscious and alive."""
        return self.crew_member(role).state == "ok"

    # --- effects (book-a 13.2) -----------------------------------------------------------------------------
    def shield_factor(self, facing: str) -> int:
        """Shield factor of a facing now: 0 only when both of its shield locations are hit; turret uses front."""
        facing = "front" if facing == "turret" else facing
        if self.hit(facing, "shield_1") and self.hit(facing, "shield_2"):
            return 0
        return self.vehicle.shield_factor(facing)

    @property
    def targeting_lost(self) -> int:
        """Targ boxes lost: -1 each to the base to-hit number (Fire Mods, book-a 13.2)."""
        return self.lost("turret", "targeting")

    @property
    def comm_out(self) -> bool:
        """Comm hit: no indirect fire, painting, artillery calls or benefit from others' paint."""
        return self.hit_anywhere("comm")

    @property
    def commander_out(self) -> bool:
        """Commander unconscious or dead: no indirect fire, painting or artillery calls."""
        return not self.able("commander")

    @property
    def driver_out(self) -> bool:
        """Driver unconscious or dead, or the Helm lost: no thrust or turns, piloting fails on 2+."""
        return not self.able("driver") or self.hit_anywhere("helm")

    @property
    def may_fire(self) -> bool:
        """Some weapon can be fired: the vehicle stands, and the gunner or the commander is able."""
        return not self.destroyed and (self.able("gunner") or self.able("commander"))

    @property
    def may_paint(self) -> bool:
        """Painting needs the turret weapons, the comm and an able commander (book-a 13.2)."""
        return (self.may_fire and not self.hit("turret", "turret_weapons") and not self.comm_out
                and not self.commander_out)

    @property
    def may_fire_indirect(self) -> bool:
        """Indirect missile fire needs the comm and the commander (book-a 13.2)."""
        return self.may_fire and not self.comm_out and not self.commander_out

    def missiles_left(self, kind: str) -> int:
        """SMLM or TVLG rounds left."""
        spent = sum(n for k, n in self.missiles_fired if k == kind)
        return self.vehicle.missiles.get(kind, 0) - spent

    def launchers(self, kind: str) -> tuple[int, int]:
        """(working, all) launchers of SMLM or TVLG rounds on the sheet; a launcher is out when its location's
        weapons are hit. The rounds are the vehicle's, fired from any working launcher (book-a 8.3, 13.2)."""
        table = weapon_table()
        mounts = [WEAPON_COMPONENT[w.location] for w in self.vehicle.weapons
                  if w.type in table and table[w.type].missile == kind]
        return sum(1 for section, comp in mounts if not self.hit(section, comp)), len(mounts)

    def weapon_usable(self, index: int) -> bool:
        """Whether weapon `index` of the sheet still works: its location's component intact (book-a 13.2)."""
        w = self.vehicle.weapons[index]
        section, component = WEAPON_COMPONENT[w.location]
        return self.may_fire and not self.hit(section, component)

    def usable_weapons(self) -> tuple[int, ...]:
        """Indices of the weapons that can still fire."""
        return tuple(i for i in range(len(self.vehicle.weapons)) if self.weapon_usable(i))

    @property
    def thrust_quarters_lost(self) -> int:
        """The largest Thrust 1/4, 1/2 or 3/4 location lost (not cumulative, book-a 13.2)."""
        return max((q for name, q in THRUST_QUARTERS if self.hit_anywhere(name)), default=0)

    @property
    def max_thrust(self) -> int:
        """Max thrust (ground: MP) after thrust damage (book-a 13 table)."""
        return reduced_thrust(self.vehicle.thrust, self.thrust_quarters_lost)

    @property
    def tsr_lost(self) -> bool:
        """TS&R hit (either front location): every speed limit halved (CEN-SPD-3)."""
        return self.hit("front", "tsr_1") or self.hit("front", "tsr_2")

    def vane_lost(self, side: str) -> bool:
        """Left or right vane hit: no more turns that way."""
        return self.hit(side, "vane")

    @property
    def grav_drive_lost(self) -> bool:
        """Grav Drive hit: no move or facing change for the game; grounds if moving."""
        return self.hit_anywhere("grav_drive")

    @property
    def immobile(self) -> bool:
        """A ground vehicle's Engine or Mobility lost: it does not move (it may pivot with Mobility lost)."""
        return self.hit_anywhere("engine") or self.hit_anywhere("mobility")

    @property
    def digging_left(self) -> int:
        """Digging charges left; 0 once the digging cannon is hit."""
        return 0 if self.hit_anywhere("digging") else self.vehicle.digging_charges - self.digging_used

    @property
    def smoke_left(self) -> int:
        """Smoke charges left (book-a 0.5)."""
        return self.vehicle.smoke_charges - self.smoke_used

    def spend_digging_charge(self) -> RecordSheet:
        """The sheet with one digging charge marked off; refused without a working cannon or charges (CEN-CRT-1)."""
        if self.hit_anywhere("digging"):
            raise ValueError("CEN-CRT-1: the digging cannon is destroyed (book-a 13.2)")
        if self.digging_left < 1:
            raise ValueError(f"CEN-CRT-1: the {self.vehicle.label} has no digging charges left")
        return replace(self, digging_used=self.digging_used + 1)

    def spend_smoke_charge(self) -> RecordSheet:
        """The sheet with one smoke charge marked off; refused when none is left (CEN-SEQ-1, End Phase D)."""
        if self.smoke_left < 1:
            raise ValueError(f"CEN-SEQ-1: the {self.vehicle.label} has no smoke charges left")
        return replace(self, smoke_used=self.smoke_used + 1)

    @property
    def compartment_gone(self) -> bool:
        """Every box of the infantry compartment lost: it can carry no infantry."""
        boxes = self.boxes_of("stern", "infantry")
        return bool(boxes) and self.lost("stern", "infantry") == len(boxes)

    @property
    def vehicle_destroyed_box(self) -> bool:
        """A Vehicle Destroyed box is hit."""
        return self.hit_anywhere("vehicle_destroyed")

    @property
    def destroyed(self) -> bool:
        """Destroyed: Vehicle Destroyed box, ammunition explosion, or the whole crew dead (book-a 14.1)."""
        return (self.vehicle_destroyed_box or self.exploded
                or all(m.state == "dead" for m in self.crew))

    def destroyed_by(self) -> str | None:
        """Why it is destroyed, or None."""
        if self.exploded:
            return "ammunition explosion"
        if self.vehicle_destroyed_box:
            return "Vehicle Destroyed box"
        if all(m.state == "dead" for m in self.crew):
            return "all crew killed"
        return None


def sheet_rows(record: RecordSheet, section: str) -> tuple[str, ...]:
    """A section as text, top row first: '/' unused (crossed), 'o' armor, 'x' lost armor, '*' internal box hit
    and pending, '.' empty internal box, else the component's character from the layout (lost: '#')."""
    choice(section, tuple(record.vehicle.armor), "CEN-REC-1", "section")
    out = []
    layout = record.vehicle.internals
    sec = record.armor[section]
    for r in range(record.depth(section)):
        row = []
        for c in range(COLUMNS):
            if r < ARMOR_ROWS:
                box = r * COLUMNS + c
                row.append("/" if box < sec.first_box else "x" if box in sec.destroyed else "o")
                continue
            box = (section, (r - ARMOR_ROWS) * COLUMNS + c)
            name = layout.component_at(section, box[1]) if layout is not None else None
            if box in record.pending:
                row.append("*")
            elif box in record.internal_lost:
                row.append("#")
            else:
                row.append(layout.symbols.get(name, "?") if name else ".")
        out.append("".join(row))
    return tuple(out)


def movement_effects(record: RecordSheet) -> dict[str, object]:
    """The `GravState` damage fields this sheet gives movement (book-a 13.2, CEN-SPD-1..3, CEN-GRAV-1).

    Keys: tsr_lost, grav_drive_lost, driver_out, piloting_modifier, thrust_quarters_lost, left_vane_lost,
    right_vane_lost, destroyed, digging_charges, armor. `GravState(..., **movement_effects(sheet))`.
    """
    return {
        "armor": record.armor,
        "tsr_lost": record.tsr_lost,
        "grav_drive_lost": record.grav_drive_lost,
        "driver_out": record.driver_out,
        "piloting_modifier": 0,  # the sources name no damage modifier beyond driver out (docs/decisions.md)
        "thrust_quarters_lost": record.thrust_quarters_lost,
        "left_vane_lost": record.vane_lost("left"),
        "right_vane_lost": record.vane_lost("right"),
        "destroyed": record.destroyed,
        "digging_charges": record.digging_left,
    }


def ground_effects(record: RecordSheet) -> dict[str, object]:
    """What a ground vehicle's damage does to its move (book-a 13.2, CEN-GV-1): movement points after Thrust hits
    (0 with the Engine or Mobility lost), whether it may still pivot (not with the Engine lost), driver out."""
    mp = 0 if record.immobile or record.destroyed else record.max_thrust
    return {"movement_points": mp, "may_pivot": not record.hit_anywhere("engine") and not record.destroyed,
            "driver_out": record.driver_out}


__all__ = ["CREW_COMPONENTS", "Box", "CrewMember", "RecordSheet", "ground_effects", "movement_effects", "sheet_rows"]
