"""Record sheets as data: vehicle types, internal layouts, the weapons table, damage templates and infantry
squads, from `data/vehicles.yaml`, `weapons.yaml`, `templates.yaml` and `infantry.yaml` (CEN-REC-1, CEN-CMB-1).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType

from .paths import data_dir
from .yamlfile import DataError, Entry, YamlFile

SECTIONS = ("front", "turret", "left", "right", "stern", "bottom")
SHIELD_FACINGS = ("front", "left", "right", "stern", "bottom")
LOCATIONS = ("turret", "hull 1", "hull 2")
COLUMNS = 10
ARMOR_ROWS = 10
WEAPON_FAMILIES = ("laser", "mdc", "gauss", "missile", "vulcan", "ap_laser", "infantry", "engineering", "artillery")
# Every internal component of book-a 13.2 a layout may name.
COMPONENTS = (
    "comm", "targeting", "gunner", "commander", "driver", "turret_weapons", "vehicle_destroyed",
    "shield_1", "shield_2", "thrust_quarter", "thrust_half", "thrust_three_quarters", "infantry", "vane",
    "mobility", "ammo", "tsr_1", "tsr_2", "hull_weapons_1", "hull_weapons_2", "digging", "helm", "grav_drive",
    "engine",
)
CREW_COMPONENTS = ("gunner", "commander", "driver")


@dataclass(frozen=True)
class WeaponSpec:
    """One row of the weapons table (book-b 16.6): damage (boxes, 'T' template, 'S' special), range, parts."""

    key: str
    family: str
    damage: int | str
    range: int
    template: str | None = None
    calibre: int | None = None
    shells: tuple[str, ...] = ()
    missile: str | None = None
    missiles: int | None = None
    rating: int | None = None
    power: int = 0
    mass: int = 0
    cost: float = 0

    @property
    def laser_boxes(self) -> int | None:
        """Boxes a laser destroys straight down one column; None for template and special weapons."""
        return self.damage if isinstance(self.damage, int) else None

    def template_key(self, shell: str | None = None) -> str | None:
        """The key of its template in templates.yaml; a Gauss cannon's depends on the shell (HEAP default)."""
        if self.family == "gauss":
            shell = shell or "HEAP"
            if shell not in self.shells:
                raise ValueError(f"CEN-CMB-1: the {self.key} fires {', '.join(self.shells)}, not {shell}")
            return f"{shell} {self.calibre}"
        return self.template


@dataclass(frozen=True)
class WeaponTable:
    """The weapons table and the Vulcan kill numbers (book-b 16.6, book-a 15.2)."""

    weapons: Mapping[str, WeaponSpec]
    vulcan: Mapping[int, tuple[int | None, ...]]

    def __getitem__(self, key: str) -> WeaponSpec:
        try:
            return self.weapons[key]
        except KeyError:
            raise KeyError(f"CEN-REC-1: no weapon {key!r} in the weapons table") from None

    def __contains__(self, key: object) -> bool:
        return key in self.weapons


@dataclass(frozen=True)
class Weapon:
    """One weapon system on a record sheet (CEN-REC-1): ammunition = missiles held (None: unlimited)."""

    type: str
    location: str
    damage: str
    range: int
    ammunition: int | None = None


@dataclass(frozen=True)
class InternalLayout:
    """Which component each internal box belongs to, section by section (book-a 13.1; docs/decisions.md).

    `rows[section]` holds the internal rows below the 10 armor rows, each a tuple of 10 component names
    (None = ballistic protection). `neighbours[section]` = (left, right): where damage running off an internal
    row continues (None: lost).
    """

    key: str
    rows: Mapping[str, tuple[tuple[str | None, ...], ...]]
    neighbours: Mapping[str, tuple[str | None, str | None]]
    boxes: Mapping[tuple[str, str], tuple[int, ...]] = field(default_factory=dict)
    symbols: Mapping[str, str] = field(default_factory=dict)  # component -> its character in the data file

    def component_at(self, section: str, box: int) -> str | None:
        """The component of internal box `box` (row * 10 + column) of a section, or None."""
        r, c = divmod(box, COLUMNS)
        rows = self.rows[section]
        return rows[r][c] if r < len(rows) else None

    def depth(self, section: str) -> int:
        """Internal rows below the armor of a section."""
        return len(self.rows[section])

    def components(self) -> tuple[tuple[str, str], ...]:
        """Every (section, component) of the layout."""
        return tuple(self.boxes)


@dataclass(frozen=True)
class VehicleType:
    """A record sheet: grav (thrust) or ground (MP), armor, shields, weapons, charges, internals (CEN-REC-1)."""

    key: str
    label: str
    kind: str
    max_thrust: int | None
    movement_points: int | None
    armor: Mapping[str, int]
    shields: Mapping[str, int]
    weapons: tuple[Weapon, ...]
    missiles: Mapping[str, int]
    smoke_charges: int
    digging_charges: int
    infantry_capacity: int
    reconstructed: tuple[str, ...]
    internals: InternalLayout | None = None
    engine: int | None = None
    sources: str = ""

    def shield_factor(self, facing: str) -> int:
        """Shield rating / 10 for a facing; the turret uses the front (CEN-REC-1)."""
        return self.shields.get("front" if facing == "turret" else facing, 0) // 10

    @property
    def thrust(self) -> int:
        """Max thrust (grav) or movement points (ground), the number the Thrust boxes reduce (book-a 13.2)."""
        return (self.max_thrust if self.kind == "grav" else self.movement_points) or 0


def _layout(f: YamlFile, key: str, e: Entry, capacity_names: tuple[str, ...] = ()) -> InternalLayout:
    legend_e = e.sub("legend")
    legend = {}
    for ch in legend_e.keys():
        name = legend_e.str(ch, choices=COMPONENTS)
        if len(ch) != 1 or ch == ".":
            raise legend_e.fail(ch, "a single character other than '.'", ch)
        legend[ch] = name
    sections_e = e.sub("sections")
    rows: dict[str, tuple[tuple[str | None, ...], ...]] = {}
    boxes: dict[tuple[str, str], list[int]] = {}
    for s in SECTIONS:
        raw = sections_e.raw(s)
        if not isinstance(raw, list) or not all(isinstance(r, str) and len(r) == COLUMNS for r in raw):
            raise sections_e.fail(s, f"a list of internal rows, each a string of {COLUMNS} characters", raw)
        out = []
        for r, text in enumerate(raw):
            row = []
            for c, ch in enumerate(text):
                if ch != "." and ch not in legend:
                    raise sections_e.fail(s, f"characters of the legend or '.' (row {r + 1})", ch)
                name = legend.get(ch)
                row.append(name)
                if name is not None:
                    boxes.setdefault((s, name), []).append(r * COLUMNS + c)
            out.append(tuple(row))
        rows[s] = tuple(out)
    sheet = e.raw("sheet")
    neighbours: dict[str, tuple[str | None, str | None]] = {s: (None, None) for s in SECTIONS}
    seen: list[str] = []
    if not isinstance(sheet, list):
        raise e.fail("sheet", "a list of strips, each a list of sections", sheet)
    for strip in sheet:
        if not isinstance(strip, list) or any(s not in SECTIONS for s in strip):
            raise e.fail("sheet", "strips of section names", strip)
        for i, s in enumerate(strip):
            neighbours[s] = (strip[i - 1] if i else None, strip[i + 1] if i + 1 < len(strip) else None)
        seen += strip
    if sorted(seen) != sorted(SECTIONS):
        raise e.fail("sheet", "every section exactly once", seen)
    for a, b in (("turret", "stern"), ("right", "bottom")):
        if b in neighbours[a] or a in neighbours[b]:
            raise e.fail("sheet", f"no crossing between {a} and {b} (book-a 13.1)", sheet)
    return InternalLayout(key, MappingProxyType(rows), MappingProxyType(neighbours),
                          MappingProxyType({k: tuple(v) for k, v in boxes.items()}),
                          MappingProxyType({name: ch for ch, name in legend.items()}))


def _without(layout: InternalLayout, names: tuple[str, ...]) -> InternalLayout:
    """The layout with some components read as empty boxes (e.g. a tank has no infantry compartment)."""
    if not any(k[1] in names for k in layout.boxes):
        return layout
    rows = {s: tuple(tuple(None if n in names else n for n in row) for row in rs) for s, rs in layout.rows.items()}
    boxes = {k: v for k, v in layout.boxes.items() if k[1] not in names}
    return InternalLayout(layout.key, MappingProxyType(rows), layout.neighbours, MappingProxyType(boxes),
                          layout.symbols)


def load_weapon_table(path: Path) -> WeaponTable:
    """Load and check `weapons.yaml` (book-b 16.6, book-a 15.2)."""
    f = YamlFile(path)
    out = {}
    for key, e in f.section("weapons").items():
        raw_damage = e.raw("damage")
        if isinstance(raw_damage, bool) or not ((isinstance(raw_damage, int) and raw_damage > 0)
                                                or raw_damage in ("T", "S")):
            raise e.fail("damage", "a positive number of boxes, T or S", raw_damage)
        family = e.str("family", choices=WEAPON_FAMILIES)
        shells = e.raw("shells", default=[])
        if family == "gauss" and not shells:
            raise e.fail("shells", "the shells a Gauss cannon fires")
        cost = e.raw("cost", default=0)
        if isinstance(cost, bool) or not isinstance(cost, (int, float)) or cost < 0:
            raise e.fail("cost", "a number of thousands of talents", cost)
        if raw_damage == "T" and family not in ("gauss",) and not e.has("template"):
            raise e.fail("template", "a template key for a template weapon")
        out[key] = WeaponSpec(
            key=key, family=family, damage=raw_damage, range=e.int("range", lo=0),
            template=e.str("template") if e.has("template") else None,
            calibre=e.int("calibre", lo=1) if family == "gauss" else None,
            shells=tuple(str(s) for s in shells),
            missile=e.str("missile", choices=("SMLM", "TVLG")) if family == "missile" else None,
            missiles=e.int("missiles", lo=1) if family == "missile" else None,
            rating=e.int("rating", lo=1, hi=4) if family == "vulcan" else None,
            power=e.int("power", default=0, lo=0), mass=e.int("mass", default=0, lo=0), cost=cost,
        )
    vulcan_e = f.section("vulcan")
    vulcan = {}
    for k, raw in vulcan_e.value.items():
        if not isinstance(raw, list) or len(raw) != 5 or not all(v is None or isinstance(v, int) for v in raw):
            raise vulcan_e.fail(k, "five kill numbers (or null) for 1..5 missiles engaged", raw)
        vulcan[int(k)] = tuple(raw)
    return WeaponTable(MappingProxyType(out), MappingProxyType(vulcan))


@dataclass(frozen=True)
class Templates:
    """Damage templates: row widths from the impact row down (book-b 17.3, UNVERIFIED transcription)."""

    shapes: Mapping[str, tuple[int, ...]]
    unverified: bool
    source: str

    def __getitem__(self, key: str) -> tuple[int, ...]:
        try:
            return self.shapes[key]
        except KeyError:
            raise KeyError(f"CEN-CMB-1: no damage template {key!r}") from None


def load_templates(path: Path) -> Templates:
    """Load and check `templates.yaml` (CEN-CMB-1: shapes kept as data, labelled unverified)."""
    f = YamlFile(path)
    top = Entry(f, (), path.name, f.data)
    shapes = {}
    for key in f.section("templates").keys():
        e = f.section("templates")
        raw = e.raw(key)
        if not isinstance(raw, list) or not raw or not all(
                isinstance(w, int) and not isinstance(w, bool) and w > 0 and w % 2 == 1 for w in raw):
            raise e.fail(key, "a list of odd row widths (each row centred on the struck column)", raw)
        shapes[key] = tuple(raw)
    return Templates(MappingProxyType(shapes), top.bool("unverified"), top.str("source"))


@dataclass(frozen=True)
class SquadStrength:
    """What a squad of so many men still has (book-a 16.3): IWF template, TVLGs, mortars."""

    men: int
    template: str
    tvlgs: int
    mortars: int


@dataclass(frozen=True)
class InfantryTables:
    """Infantry squads as data (book-a 0.6, 16.3-16.5)."""

    men: int
    movement_points: int
    destroyed_at_killed: int
    kinds: Mapping[str, Mapping[str, object]]
    strength: Mapping[int, SquadStrength]


def load_infantry(path: Path) -> InfantryTables:
    """Load and check `infantry.yaml` (CEN-INF-1)."""
    f = YamlFile(path)
    sq = f.section("squad")
    kinds = {}
    for k, e in sq.sub("kinds").items():
        kinds[k] = MappingProxyType({"label": e.str("label"), "tvlgs": e.int("tvlgs", lo=0, hi=4),
                                     "mortars": e.int("mortars", lo=0, hi=2)})
    strength = {}
    for k, e in f.section("strength").items():
        try:
            men = int(k)
        except (TypeError, ValueError):
            raise DataError(f.name, k, None, "a number of men 1-8", k, f.line(("strength", k))) from None
        strength[men] = SquadStrength(men, e.str("template"), e.int("tvlgs", lo=0, hi=4), e.int("mortars", lo=0, hi=2))
    if sorted(strength) != list(range(1, 9)):
        raise f.error(("strength",), "strength", None, "one entry for each of 1 to 8 men", sorted(strength))
    return InfantryTables(sq.int("men", lo=1), sq.int("movement_points", lo=0), sq.int("destroyed_at_killed", lo=1),
                          MappingProxyType(kinds), MappingProxyType(strength))


def load_vehicle_types(path: Path, weapons_path: Path | None = None) -> Mapping[str, VehicleType]:
    """Load and check `vehicles.yaml` (CEN-REC-1); weapon types are checked against the weapons table."""
    f = YamlFile(path)
    if weapons_path is None:
        sibling = Path(path).parent / "weapons.yaml"
        weapons_path = sibling if sibling.exists() else data_dir() / "weapons.yaml"
    table = load_weapon_table(weapons_path)
    layouts = {k: _layout(f, k, e) for k, e in f.section("internal_layouts").items()} \
        if isinstance(f.data, Mapping) and "internal_layouts" in f.data else {}
    out = {}
    for key, e in f.section("vehicles").items():
        kind = e.str("kind", choices=("grav", "ground"))
        armor_e = e.sub("armor")
        armor = {s: armor_e.int(s, lo=0, hi=100) for s in SECTIONS}
        for s, points in armor.items():
            if points % COLUMNS:
                raise armor_e.fail(s, "whole rows of 10 boxes (book-a 0.5)", points)
        shields_e = e.sub("shields")
        shields = {s: shields_e.int(s, lo=0, hi=200) for s in SHIELD_FACINGS if shields_e.has(s)}
        if kind == "grav" and len(shields) != len(SHIELD_FACINGS):
            missing = next(s for s in SHIELD_FACINGS if s not in shields)
            raise shields_e.fail(missing, "a shield rating for every facing of a grav vehicle")
        if kind == "ground" and shields:
            raise e.fail("shields", "no shields on a ground vehicle (book-a 0.5)", dict(shields))
        raw_weapons = e.raw("weapons")
        if not isinstance(raw_weapons, list) or len(raw_weapons) > 8:
            raise e.fail("weapons", "a list of at most 8 weapon systems", raw_weapons)
        weapons = []
        for i, item in enumerate(raw_weapons):
            we = Entry(f, (*e.path, "weapons", i), key, item, prefix=f"weapons[{i}].")
            wtype = we.str("type")
            if wtype not in table:
                raise we.fail("type", "a weapon of the weapons table (data/weapons.yaml)", wtype)
            spec = table[wtype]
            damage = str(we.raw("damage"))
            if damage != str(spec.damage):
                raise we.fail("damage", f"{spec.damage} as in the weapons table", damage)
            rng = we.int("range", lo=0)
            if rng != spec.range:
                raise we.fail("range", f"{spec.range} as in the weapons table", rng)
            ammo = we.int("ammunition", default=None, lo=0, nullable=True)
            if spec.family == "missile" and ammo is None:
                raise we.fail("ammunition", "the missiles a launcher holds")
            weapons.append(Weapon(wtype, we.str("location", choices=LOCATIONS), damage, rng, ammo))
        missiles_e = e.sub("missiles")
        capacity = e.int("infantry_capacity", lo=0, hi=1)
        layout = None
        if e.has("internals"):
            name = e.str("internals", choices=tuple(layouts))
            layout = layouts[name] if capacity else _without(layouts[name], ("infantry",))
        out[key] = VehicleType(
            key=key,
            label=e.str("label"),
            kind=kind,
            max_thrust=e.int("max_thrust", lo=0) if kind == "grav" else None,
            movement_points=e.int("movement_points", lo=0, hi=8) if kind == "ground" else None,
            armor=MappingProxyType(armor),
            shields=MappingProxyType(shields),
            weapons=tuple(weapons),
            missiles=MappingProxyType({k: missiles_e.int(k, lo=0) for k in missiles_e.keys()}),
            smoke_charges=e.int("smoke_charges", lo=0),
            digging_charges=e.int("digging_charges", lo=0),
            infantry_capacity=capacity,
            reconstructed=tuple(str(x) for x in e.raw("reconstructed", default=[])),
            internals=layout,
            engine=e.int("engine", lo=50, hi=2500) if e.has("engine") else None,
            sources=e.str("sources", default=""),
        )
    return MappingProxyType(out)


@cache
def weapon_table() -> WeaponTable:
    """The weapons table shipped with the package (book-b 16.6)."""
    return load_weapon_table(data_dir() / "weapons.yaml")


@cache
def damage_templates() -> Templates:
    """The damage templates shipped with the package (book-b 17.3, UNVERIFIED transcription)."""
    return load_templates(data_dir() / "templates.yaml")


@cache
def infantry_tables() -> InfantryTables:
    """The infantry squad tables shipped with the package (book-a 16.3)."""
    return load_infantry(data_dir() / "infantry.yaml")
