"""The tables of the 1997 variant rules (seed 001, RULES.md VAR-*) from `data/variants.yaml`, as frozen objects.

A malformed file raises `DataError` naming file, entry and field. Entries the seed does not print (the
Variant Terrain Table, damaged-vane targets) are loaded with `assumption` set so views can label them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType

from .paths import data_dir
from .yamlfile import DataError, Entry, YamlFile

MOVEMENT_TYPES = ("wheeled", "tracked", "hover", "grav")
ROAD_KINDS = ("gravel", "paved", "prepared", "any")


@dataclass(frozen=True)
class Band:
    """One row of a banded table: `lo`..`hi` (None = and up) gives `value`."""

    lo: int
    hi: int | None
    value: int


@dataclass(frozen=True)
class WeaponClass:
    """A grav tank class by engine rating and the weapons it may carry per location (VAR-WEAPONS)."""

    name: str
    min_engine: int
    max_engine: int
    weapons_per_location: int


@dataclass(frozen=True)
class MovementType:
    """A movement system of VAR-MOVETYPE: MP bonus and road multipliers by road kind."""

    name: str
    mp_bonus: int
    road: Mapping[str, float]


@dataclass(frozen=True)
class AbsentSection:
    """A section of seed 001 whose text is missing (RULES.md 2)."""

    title: str
    rule: str
    note: str


@dataclass(frozen=True)
class VariantTables:
    """Every table of the variant rules (VAR-SHIELD, -SPEEDMOD, -EMERGENCY, -RAM, -WEAPONS, -MOVETYPE...)."""

    shield_stop: Mapping[int, int]
    speed_modifiers: tuple[Band, ...]
    vane_burnout_target: int
    vane_short_target: int
    vane_damage_penalty: int
    vane_boxes: int  # assumption (Variant Damage Rules absent)
    ram_defender_per_velocity: int
    ram_attacker_per_velocity: int
    weapon_classes: tuple[WeaponClass, ...]
    gunner_max_systems: int
    commander_max_systems: int
    driver_to_hit_penalty: int
    self_destruct_die: str
    movement_types: Mapping[str, MovementType]
    terrain_extra: Mapping[str, Mapping[str, int | None]]  # assumption (Variant Terrain Table absent)
    terrain_is_assumption: bool
    absent_sections: tuple[AbsentSection, ...]


def _bands(f: YamlFile, name: str, lo_key: str, hi_key: str, value_key: str) -> tuple[Band, ...]:
    raw = f.data.get(name) if isinstance(f.data, Mapping) else None
    if not isinstance(raw, list) or not raw:
        raise f.error((name,), None, name, "a non-empty list of rows", raw)
    out: list[Band] = []
    for i, item in enumerate(raw):
        e = Entry(f, (name, i), f"{name}[{i}]", item)
        lo = e.int(lo_key, lo=0)
        hi = e.int(hi_key, lo=lo, nullable=True)
        expected_lo = out[-1].hi + 1 if out and out[-1].hi is not None else 0
        if out and out[-1].hi is None:
            raise e.fail(lo_key, "no row after an open-ended one", lo)
        if lo != expected_lo:
            raise e.fail(lo_key, f"{expected_lo} (rows follow each other without gaps)", lo)
        out.append(Band(lo, hi, e.int(value_key)))
    if out[-1].hi is not None:
        raise f.error((name,), name, hi_key, "null on the last row (and up)", out[-1].hi)
    return tuple(out)


def load_variant_tables(path: Path | str, *, text: str | None = None) -> VariantTables:
    """Load and check `variants.yaml` (RULES.md VAR-*); errors name file, entry and field."""
    f = YamlFile(path, text)
    if not isinstance(f.data, Mapping):
        raise f.error((), None, None, "a mapping at the top level", f.data)
    stop_e = f.section("shield_stop")
    stop: dict[int, int] = {}
    last = 0
    for key in stop_e.value:
        rating = key
        if isinstance(rating, bool) or not isinstance(rating, int) or rating <= 0 or rating % 10:
            raise stop_e.fail(str(key), "a shield rating: a positive multiple of 10", key)
        pct = stop_e.value[key]
        if isinstance(pct, bool) or not isinstance(pct, int) or not 0 <= pct <= 100:
            raise stop_e.fail(str(key), "a percentage 0..100", pct)
        if pct < last:
            raise stop_e.fail(str(key), f"a percentage >= {last} (stronger shields stop more)", pct)
        last = pct
        stop[rating] = pct
    vane = f.section("vane")
    ram = f.section("ram")
    crew = f.section("crew")
    sd = f.section("self_destruct")
    classes_raw = f.data.get("weapon_classes")
    if not isinstance(classes_raw, list) or not classes_raw:
        raise f.error(("weapon_classes",), None, "weapon_classes", "a non-empty list", classes_raw)
    classes = []
    for i, item in enumerate(classes_raw):
        e = Entry(f, ("weapon_classes", i), f"weapon_classes[{i}]", item)
        lo = e.int("min_engine", lo=0)
        classes.append(WeaponClass(e.str("class"), lo, e.int("max_engine", lo=lo), e.int("weapons_per_location", lo=1)))
    mt_e = f.section("movement_types")
    mtypes: dict[str, MovementType] = {}
    for name, e in mt_e.items():
        if name not in MOVEMENT_TYPES:
            raise mt_e.fail(name, "one of " + ", ".join(MOVEMENT_TYPES), name)
        road_e = e.sub("road")
        road: dict[str, float] = {}
        for kind in road_e.keys():
            if kind not in ROAD_KINDS:
                raise road_e.fail(kind, "a road kind: " + ", ".join(ROAD_KINDS), kind)
            v = road_e.value[kind]
            if isinstance(v, bool) or not isinstance(v, (int, float)) or v < 1:
                raise road_e.fail(kind, "a multiplier >= 1", v)
            road[kind] = float(v)
        mtypes[name] = MovementType(name, e.int("mp_bonus", lo=0), MappingProxyType(road))
    vt = f.section("variant_terrain")
    extra_e = vt.sub("extra_cost")
    extra: dict[str, Mapping[str, int | None]] = {}
    for terrain, e in extra_e.items():
        row: dict[str, int | None] = {}
        for mt in MOVEMENT_TYPES:
            row[mt] = e.int(mt, lo=0, nullable=True)
        extra[terrain] = MappingProxyType(row)
    absent_raw = f.data.get("absent_sections", [])
    if not isinstance(absent_raw, list):
        raise f.error(("absent_sections",), None, "absent_sections", "a list", absent_raw)
    absent = tuple(AbsentSection(e.str("title"), e.str("rule"), e.str("note")) for e in (
        Entry(f, ("absent_sections", i), f"absent_sections[{i}]", item) for i, item in enumerate(absent_raw)))
    die = sd.str("die", choices=("d3", "d6", "d10"))
    return VariantTables(
        shield_stop=MappingProxyType(stop),
        speed_modifiers=_bands(f, "speed_modifiers", "min_speed", "max_speed", "modifier"),
        vane_burnout_target=vane.int("burnout_target", lo=0, hi=10),
        vane_short_target=vane.int("short_target", lo=0, hi=10),
        vane_damage_penalty=vane.int("damage_roll_penalty", lo=0),
        vane_boxes=vane.int("assumption_boxes_per_vane", lo=1),
        ram_defender_per_velocity=ram.int("defender_per_velocity", lo=0),
        ram_attacker_per_velocity=ram.int("attacker_per_velocity", lo=0),
        weapon_classes=tuple(classes),
        gunner_max_systems=crew.int("gunner_max_systems", lo=1),
        commander_max_systems=crew.int("commander_max_systems_if_gunner_dead", lo=1),
        driver_to_hit_penalty=crew.int("driver_to_hit_penalty", hi=0),
        self_destruct_die=die,
        movement_types=MappingProxyType(mtypes),
        terrain_extra=MappingProxyType(extra),
        terrain_is_assumption=vt.bool("assumption"),
        absent_sections=absent,
    )


@cache
def variant_tables() -> VariantTables:
    """The variant tables shipped with the package (RULES.md VAR-*)."""

    return load_variant_tables(data_dir() / "variants.yaml")


__all__ = ["AbsentSection", "Band", "DataError", "MovementType", "VariantTables", "WeaponClass",
           "load_variant_tables", "variant_tables"]
