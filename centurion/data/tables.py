"""Typed, immutable views of the rule tables in `data/` (CEN-TER-1, CEN-GRAV-4, CTA-2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from .yamlfile import DataError, Entry, YamlFile

MOVERS = ("grav", "ground", "infantry")


@dataclass(frozen=True)
class TerrainType:
    """One row of the Terrain Effects Table (CEN-TER-1)."""

    key: str
    label: str
    speed_limit: int
    vp: Mapping[str, int | None]
    combat_modifier: int | None
    los_height: int
    movement_terrain: bool
    restriction: str
    color: str

    def cost(self, mover: str) -> int | None:
        """VP to enter for a mover (grav, ground, infantry); None = prohibited (CEN-TER-1)."""
        return self.vp[mover]


@dataclass(frozen=True)
class SlopeRow:
    """One slope row of the Terrain Effects Table: `levels` > 0 up, < 0 down (CEN-TER-1)."""

    levels: int
    vp: int
    speed_limit: int
    ground_prohibited: bool


@dataclass(frozen=True)
class TerrainTable:
    """The whole Terrain Effects Table (CEN-TER-1)."""

    terrain: Mapping[str, TerrainType]
    slopes: Mapping[int, SlopeRow]

    def slope(self, from_level: int, to_level: int) -> SlopeRow | None:
        """The slope row for moving between two levels; None on level ground; 6+ levels use the 5 row."""
        diff = to_level - from_level
        if diff == 0:
            return None
        capped = max(-5, min(5, diff))
        return self.slopes[capped]

    def __getitem__(self, key: str) -> TerrainType:
        try:
            return self.terrain[key]
        except KeyError:
            raise KeyError(
                f"CEN-TER-1: unknown terrain {key!r}; known: {', '.join(self.terrain)}"
            ) from None


def load_terrain_table(path: Path) -> TerrainTable:
    """Load and check `terrain.yaml` (CEN-TER-1)."""
    f = YamlFile(path)
    rows: dict[str, TerrainType] = {}
    for key, e in f.section("terrain").items():
        vp_e = e.sub("vp")
        vp = {m: vp_e.int(m, nullable=True, lo=0) for m in MOVERS}
        rows[key] = TerrainType(
            key=key,
            label=e.str("label"),
            speed_limit=e.int("speed_limit", lo=0),
            vp=MappingProxyType(vp),
            combat_modifier=e.int("combat_modifier", nullable=True),
            los_height=e.int("los_height", lo=0),
            movement_terrain=e.bool("movement_terrain", default=True),
            restriction=e.str("restriction", default=""),
            color=e.str("color", default="#cccccc"),
        )
    slopes: dict[int, SlopeRow] = {}
    section = f.section("slopes")
    for direction, sign in (("up", 1), ("down", -1)):
        d = section.sub(direction)
        for levels in range(1, 6):
            if levels not in d.value:
                raise d.fail(str(levels), f"a row for a slope of {levels} levels")
            row = Entry(f, d.path + (levels,), f"{direction} {levels}", d.value[levels])
            slopes[sign * levels] = SlopeRow(
                levels=sign * levels,
                vp=row.int("vp"),
                speed_limit=row.int("speed_limit", lo=0),
                ground_prohibited=row.bool("ground_prohibited"),
            )
    return TerrainTable(MappingProxyType(rows), MappingProxyType(slopes))


@dataclass(frozen=True)
class FacingChangeRow:
    """One row of the Facing Change Table (CEN-GRAV-4); max_velocity None = no upper bound."""

    min_velocity: int
    max_velocity: int | None
    straight_hexes: int


@dataclass(frozen=True)
class FacingChangeTable:
    """The Facing Change Table (CEN-GRAV-4)."""

    rows: tuple[FacingChangeRow, ...]

    def straight_hexes(self, velocity: int) -> int:
        """Straight hexes required between one-hexside turns at |velocity| (CEN-GRAV-4)."""
        v = abs(velocity)
        for row in self.rows:
            if v >= row.min_velocity and (row.max_velocity is None or v <= row.max_velocity):
                return row.straight_hexes
        raise ValueError(f"CEN-GRAV-4: no facing change row for velocity {velocity}")


def load_facing_change_table(path: Path) -> FacingChangeTable:
    """Load and check `facing_change.yaml`: rows must cover 0 upwards without gaps (CEN-GRAV-4)."""
    f = YamlFile(path)
    raw = f.data.get("facing_change") if isinstance(f.data, Mapping) else None
    if not isinstance(raw, list) or not raw:
        raise f.error(("facing_change",), None, "facing_change", "a list of rows", raw)
    rows = []
    expected_min = 0
    for i, item in enumerate(raw):
        e = Entry(f, ("facing_change", i), f"row {i + 1}", item)
        lo = e.int("min_velocity", lo=0)
        hi = e.int("max_velocity", nullable=True, lo=lo)
        if lo != expected_min:
            raise e.fail("min_velocity", f"{expected_min} (rows must follow on without gaps)", lo)
        rows.append(FacingChangeRow(lo, hi, e.int("straight_hexes", lo=0)))
        if hi is None:
            if i != len(raw) - 1:
                raise e.fail("max_velocity", "a number (only the last row may be open-ended)", None)
            break
        expected_min = hi + 1
    if rows[-1].max_velocity is not None:
        raise f.error(("facing_change",), None, "facing_change", "a last row with max_velocity null", raw[-1])
    return FacingChangeTable(tuple(rows))


# --- Centuria (CTA-2) --------------------------------------------------------


@dataclass(frozen=True)
class CenturiaUnitType:
    """A Centuria unit or leader (CTA-2)."""

    key: str
    label: str
    kind: str  # sub_unit, engine or leader
    arm: str  # infantry, cavalry or artillery
    movement: int
    movement_cavalry: int | None
    action_radius: int
    attack: int
    defence: int
    morale: int


@dataclass(frozen=True)
class LeaderModifier:
    """A leader's modifiers to attack, defence and morale of units in its range (CTA-2)."""

    key: str
    label: str
    attack: int
    defence: int
    morale: int
    engines_fire_twice: bool


@dataclass(frozen=True)
class TerrainModifier:
    """Modifiers of one unit type in one terrain (CTA-2)."""

    attack: int
    defence: int
    movement: int
    note: str


@dataclass(frozen=True)
class CenturiaTerrain:
    """One Centuria terrain with its per-unit modifiers (CTA-2)."""

    key: str
    label: str
    blocks_sight: bool
    color: str
    modifiers: Mapping[str, TerrainModifier]


@dataclass(frozen=True)
class CenturiaTables:
    """The three Centuria tables and the die (CTA-2, DIE-20)."""

    units: Mapping[str, CenturiaUnitType]
    leaders: Mapping[str, LeaderModifier]
    terrain: Mapping[str, CenturiaTerrain]
    die_sides: int


def load_centuria_tables(path: Path) -> CenturiaTables:
    """Load and check `centuria.yaml` (CTA-2)."""
    f = YamlFile(path)
    units = {}
    for key, e in f.section("units").items():
        units[key] = CenturiaUnitType(
            key=key,
            label=e.str("label"),
            kind=e.str("kind", choices=("sub_unit", "engine", "leader")),
            arm=e.str("arm", choices=("infantry", "cavalry", "artillery")),
            movement=e.int("movement", lo=0),
            movement_cavalry=e.int("movement_cavalry", default=None, nullable=True, lo=0),
            action_radius=e.int("action_radius", lo=0),
            attack=e.int("attack"),
            defence=e.int("defence"),
            morale=e.int("morale"),
        )
    leaders = {}
    for key, e in f.section("leaders").items():
        if key not in units or units[key].kind != "leader":
            raise e.fail(None, "the name of a leader in the units table", key)
        leaders[key] = LeaderModifier(
            key=key,
            label=e.str("label"),
            attack=e.int("attack"),
            defence=e.int("defence"),
            morale=e.int("morale"),
            engines_fire_twice=e.bool("engines_fire_twice", default=False),
        )
    fighting = [k for k, u in units.items() if u.kind != "leader"]
    terrain = {}
    for key, e in f.section("terrain").items():
        mods_e = e.sub("modifiers")
        mods = {}
        for unit in fighting:
            if not mods_e.has(unit):
                raise mods_e.fail(unit, f"modifiers for unit {unit!r}")
            m = mods_e.sub(unit)
            mods[unit] = TerrainModifier(
                m.int("attack"), m.int("defence"), m.int("movement"), m.str("note", default="")
            )
        terrain[key] = CenturiaTerrain(
            key=key,
            label=e.str("label"),
            blocks_sight=e.bool("blocks_sight"),
            color=e.str("color", default="#cccccc"),
            modifiers=MappingProxyType(mods),
        )
    die = f.section("die")
    return CenturiaTables(
        MappingProxyType(units),
        MappingProxyType(leaders),
        MappingProxyType(terrain),
        die.int("sides", lo=2),
    )


__all__ = [
    "CenturiaTables",
    "CenturiaTerrain",
    "CenturiaUnitType",
    "DataError",
    "FacingChangeRow",
    "FacingChangeTable",
    "LeaderModifier",
    "SlopeRow",
    "TerrainModifier",
    "TerrainTable",
    "TerrainType",
    "load_centuria_tables",
    "load_facing_change_table",
    "load_terrain_table",
]
