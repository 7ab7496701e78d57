"""Rule tables and maps loaded from the YAML files of `data/` into typed, immutable objects.

`DataError` is the one exception a malformed file raises. The pandas views live
in `centurion.data.frames`, which the rules layer never imports.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from .battlemap import COUNTER_KINDS, BattleMap, MapHex, Mapsheet, load_battlemap
from .paths import data_dir
from .scenario import CenturiaScenario, Placement, load_centuria_scenario
from .tables import (
    CenturiaTables,
    FacingChangeTable,
    TerrainTable,
    load_centuria_tables,
    load_facing_change_table,
    load_terrain_table,
)
from .vehicles import VehicleType, Weapon, damage_templates, infantry_tables, load_vehicle_types, weapon_table
from .yamlfile import DataError

if TYPE_CHECKING:  # annotations only: the reference module is loaded when first asked for
    from .reference import RulesReference


@cache
def terrain_table() -> TerrainTable:
    """The Terrain Effects Table shipped with the package (CEN-TER-1)."""
    return load_terrain_table(data_dir() / "terrain.yaml")


@cache
def facing_change_table() -> FacingChangeTable:
    """The Facing Change Table shipped with the package (CEN-GRAV-4)."""
    return load_facing_change_table(data_dir() / "facing_change.yaml")


@cache
def centuria_tables() -> CenturiaTables:
    """The Centuria tables shipped with the package (CTA-2)."""
    return load_centuria_tables(data_dir() / "centuria.yaml")


@cache
def vehicle_types() -> Mapping[str, VehicleType]:
    """The vehicle types shipped with the package (CEN-REC-1)."""
    return load_vehicle_types(data_dir() / "vehicles.yaml")


@cache
def centuria_scenario() -> CenturiaScenario:
    """The shipped sample Centuria scenario (CTA-1)."""
    return load_centuria_scenario(data_dir() / "centuria_scenario.yaml", centuria_tables())


def load_map(path: Path | str, *, text: str | None = None) -> BattleMap:
    """Load a Centurion map file (or YAML `text`, named `path`), checking terrain against the TET (CEN-TER-1)."""
    movement = frozenset(k for k, t in terrain_table().terrain.items() if t.movement_terrain)
    return load_battlemap(path, known_terrain=movement, text=text)


LEGEND = {".": "clear", "l": "light_woods", "h": "heavy_woods", "~": "river", "w": "lake", "b": "building",
          "x": "rubble", "r": "road"}


def map_from_rows(terrain: list[str], elevation: list[str] | None = None, *, roads: list[str] = (),
                  rivers: list[str] = (), name: str = "sketch") -> BattleMap:
    """A small map from rows of characters (legend: . l h ~ w b x r) and digits, for examples and tests."""
    elevation = elevation or ["0" * len(terrain[0])] * len(terrain)
    lines = [f"name: {name}", f"columns: {len(terrain[0])}", f"rows: {len(terrain)}",
             "legend: {" + ", ".join(f'"{k}": {v}' for k, v in LEGEND.items()) + "}",
             "terrain:", *[f'  - "{r}"' for r in terrain], "elevation:", *[f'  - "{r}"' for r in elevation],
             "roads:", *[f"  - {{hexes: '{c}'}}" for c in roads], "rivers:", *[f"  - {{hexes: '{c}'}}" for c in rivers]]
    if not roads:
        lines[lines.index("roads:")] = "roads: []"
    if not rivers:
        lines[lines.index("rivers:")] = "rivers: []"
    return load_map(f"{name}.yaml", text="\n".join(lines) + "\n")


def rules_reference() -> RulesReference:
    """The rules reference: every rule ID in the project's own words (data/rules_reference.yaml)."""
    from .reference import rules_reference as load

    return load()


@cache
def sample_map() -> BattleMap:
    """The shipped two-mapsheet sample battlefield (HEX-4)."""
    return load_map(data_dir() / "maps" / "battlefield.yaml")


__all__ = [
    "COUNTER_KINDS",
    "BattleMap",
    "CenturiaTables",
    "DataError",
    "FacingChangeTable",
    "MapHex",
    "Mapsheet",
    "TerrainTable",
    "centuria_scenario",
    "centuria_tables",
    "CenturiaScenario",
    "Placement",
    "data_dir",
    "facing_change_table",
    "load_map",
    "map_from_rows",
    "sample_map",
    "terrain_table",
    "vehicle_types",
    "VehicleType",
    "Weapon",
    "damage_templates",
    "infantry_tables",
    "rules_reference",
    "weapon_table",
]
