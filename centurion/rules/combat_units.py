"""Units in the Combat Phase and what their fire did: a unit's live record sheet, building or squad, where it
stands, its Vulcan's engagement, and the results of one firing unit's attacks (CEN-CMB-1, book-a 15.2).

`centurion.rules.resolution` re-exports these names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from ..data import BattleMap
from ..data.vehicles import weapon_table
from ..dice import Roll
from ..hexgrid import Hex
from .buildings import Building, BuildingHit
from .damage import HitMark, vulcan_kill_number
from .inputs import whole
from .record import RecordSheet
from .targets import FirerView, TargetView

RULE = "CEN-CMB-1"
#: the map a firer (or painter) and its target see: (firer key, target key or None) -> map (VAR-OCCUPY)
MapFor = Callable[[str, "str | None"], BattleMap]


@dataclass(frozen=True)
class VulcanEngagement:
    """A Vulcan's missiles engaged this turn (declared at the first attack on its vehicle) and kill rolls left."""

    rating: int
    engaged: int
    rolls_left: int

    @property
    def kill_number(self) -> int | None:
        """Kill on a d10 <= this number (book-a 15.2); None when it engages none this turn."""
        return vulcan_kill_number(self.rating, self.engaged) if self.engaged else None


def engage_vulcan(unit: CombatUnit, engaged: int) -> CombatUnit:
    """Declare the missiles the unit's Vulcan engages this turn, at the first enemy attack (book-a 15.2, E25).

    The kill number follows from `engaged`; that many kill rolls may be spread over every attacker this turn.
    """
    whole(engaged, RULE, "engaged", 1)
    sheet = unit.sheet
    if sheet is None:
        raise ValueError(f"{RULE}: only a vehicle carries a Vulcan")
    if unit.vulcan is not None:
        raise ValueError(f"{RULE}: the Vulcan's engagement is declared once a turn (book-a 15.2)")
    idx = next((i for i, w in enumerate(sheet.vehicle.weapons) if w.type.startswith("Vulcan")), None)
    if idx is None:
        raise ValueError(f"{RULE}: the {sheet.vehicle.label} has no Vulcan")
    if not sheet.weapon_usable(idx):
        raise ValueError(f"{RULE}: the {sheet.vehicle.label}'s Vulcan is out (turret weapons or crew, book-a 13.2)")
    rating = weapon_table()[sheet.vehicle.weapons[idx].type].rating
    if engaged < 1 or vulcan_kill_number(rating, engaged) is None:
        raise ValueError(f"{RULE}: a Vulcan-{rating} cannot engage {engaged} missiles in a turn (book-a 15.2)")
    return replace(unit, vulcan=VulcanEngagement(rating, engaged, engaged))


@dataclass(frozen=True)
class CombatUnit:
    """A unit in the Combat Phase: its sheet (vehicle), building or squad, where it is, and its situation."""

    key: str
    side: str
    hex: Hex
    facing: int = 0
    sheet: RecordSheet | None = None
    velocity: int = 0
    crater: bool = False
    painted: bool = False  # painted this turn by a friendly unit of the attackers (set from outside)
    painted_by: tuple[str, ...] = ()  # painters whose paint hit it this turn (combat_phase's painting segment)
    building: Building | None = None
    men: int = 0  # dismounted squad strength
    level: int | None = None  # a squad inside a building: its floor (book-b 2.3); it sees from hex level + floor
    submerged: bool = False  # grounded under a lake's surface: neither fires nor is fired on (CEN-GRD-2)
    over_water: bool = False  # flying over a lake: forced down, it grounds under water at half damage (CEN-GRD-2)
    vulcan: VulcanEngagement | None = None
    pending_casualties: int = 0
    squad_kind: str = "tvlg"  # a dismounted squad: tvlg or mortar (book-a 0.6)
    moved: bool = False  # a squad that moved this turn makes 1 personal attack (book-a 16.3)
    tvlgs_left: int | None = None
    entered: int | None = None  # the hexside it came in by, into a hex an enemy held (book-a §14.2)
    started: int | None = None  # a squad's men at the start of the battle (None: `men`), for losses (book-a 14.1)

    @property
    def kind(self) -> str:
        """vehicle, building or infantry."""
        return "vehicle" if self.sheet is not None else "building" if self.building is not None else "infantry"

    def target_view(self, viewer: CombatUnit | None = None) -> TargetView:
        """How the fire rules see it as a target (shield factors from the live sheet).

        Painted for `viewer` when its own paint hit it, or another's and the viewer's comm works (book-a 13.2).
        """
        shields = {}
        if self.sheet is not None and self.sheet.vehicle.kind == "grav":
            shields = {f: self.sheet.shield_factor(f) for f in ("front", "left", "right", "stern", "bottom")}
        comm = viewer is None or viewer.sheet is None or not viewer.sheet.comm_out
        own = viewer is not None and viewer.key in self.painted_by
        painted = own or (comm and (self.painted or bool(self.painted_by)))
        inside = self.kind == "infantry" and self.level is not None
        return TargetView(self.key, self.hex, self.facing, self.kind, shields, self.crater, painted,
                          in_building=inside, submerged=self.submerged, velocity=self.velocity, entered=self.entered)

    def firer_view(self) -> FirerView:
        """How the fire rules see it as a firer: usable weapons only keep their place on the sheet."""
        s = self.sheet
        assert s is not None
        left = {k: s.missiles_left(k) for k in ("SMLM", "TVLG")}
        return FirerView(self.key, self.hex, self.facing, s.vehicle.weapons, s.targeting_lost, left,
                         entered=self.entered)


@dataclass(frozen=True)
class HitResolution:
    """One weapon's attack rolled: to-hit, Vulcan rolls, damage column, what it did."""

    weapon: str
    target: str
    to_hit: Roll
    vulcan: tuple[Roll, ...] = ()
    shot_down: bool = False
    column: Roll | None = None
    mark: HitMark | BuildingHit | None = None
    casualties: int = 0
    stop: Roll | None = None  # VAR-SHIELD: the percentile roll of the shield (stopped when it succeeded)

    @property
    def stopped(self) -> bool:
        """The round hit but the shield stopped it (VAR-SHIELD): no hit location, no damage."""
        return self.stop is not None and bool(self.stop.success)


@dataclass(frozen=True)
class FireResult:
    """A firing unit's attacks resolved: every roll in order, each hit, the location roll per target."""

    firer: str
    hits: tuple[HitResolution, ...]
    locations: tuple[tuple[str, Roll, str], ...]  # (target, roll, section or level)
    rolls: tuple[Roll, ...]
    units: Mapping[str, CombatUnit]


def sight_level(battlemap: BattleMap, unit: CombatUnit) -> int | None:
    """The level a unit sees from: a squad on a building floor at its hex's level + the floor (book-b §2.7),
    else None (its hex's ground level, CEN-LOS-1)."""
    if unit.level is None or unit.hex not in battlemap:
        return None
    return battlemap[unit.hex].level + unit.level
