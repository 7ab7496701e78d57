"""Vehicle types from `data/vehicles.yaml` (CEN-REC-1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from .yamlfile import Entry, YamlFile

SECTIONS = ("front", "turret", "left", "right", "stern", "bottom")
SHIELD_FACINGS = ("front", "left", "right", "stern", "bottom")


@dataclass(frozen=True)
class Weapon:
    """One weapon system on a record sheet (CEN-REC-1)."""

    type: str
    location: str
    damage: str
    range: int


@dataclass(frozen=True)
class VehicleType:
    """A vehicle type: grav (thrust) or ground (MP), armor, shields, weapons, charges (CEN-REC-1)."""

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

    def shield_factor(self, facing: str) -> int:
        """Shield rating / 10 for a facing; the turret uses the front (CEN-REC-1)."""
        return self.shields.get("front" if facing == "turret" else facing, 0) // 10


def load_vehicle_types(path: Path) -> Mapping[str, VehicleType]:
    """Load and check `vehicles.yaml` (CEN-REC-1)."""
    f = YamlFile(path)
    out = {}
    for key, e in f.section("vehicles").items():
        kind = e.str("kind", choices=("grav", "ground"))
        armor_e = e.sub("armor")
        armor = {s: armor_e.int(s, lo=0, hi=100) for s in SECTIONS}
        shields_e = e.sub("shields")
        shields = {s: shields_e.int(s, lo=0, hi=200) for s in SHIELD_FACINGS if shields_e.has(s)}
        if kind == "grav" and len(shields) != len(SHIELD_FACINGS):
            missing = next(s for s in SHIELD_FACINGS if s not in shields)
            raise shields_e.fail(missing, "a shield rating for every facing of a grav vehicle")
        raw_weapons = e.raw("weapons")
        if not isinstance(raw_weapons, list) or len(raw_weapons) > 8:
            raise e.fail("weapons", "a list of at most 8 weapon systems", raw_weapons)
        weapons = []
        for i, item in enumerate(raw_weapons):
            we = Entry(f, (*e.path, "weapons", i), key, item, prefix=f"weapons[{i}].")
            damage = we.raw("damage")
            weapons.append(Weapon(we.str("type"), we.str("location", choices=("turret", "hull 1", "hull 2")),
                                  str(damage), we.int("range", lo=0)))
        missiles_e = e.sub("missiles")
        out[key] = VehicleType(
            key=key,
            label=e.str("label"),
            kind=kind,
            max_thrust=e.int("max_thrust", lo=0) if kind == "grav" else None,
            movement_points=e.int("movement_points", lo=0) if kind == "ground" else None,
            armor=MappingProxyType(armor),
            shields=MappingProxyType(shields),
            weapons=tuple(weapons),
            missiles=MappingProxyType({k: missiles_e.int(k, lo=0) for k in missiles_e.keys()}),
            smoke_charges=e.int("smoke_charges", lo=0),
            digging_charges=e.int("digging_charges", lo=0),
            infantry_capacity=e.int("infantry_capacity", lo=0),
            reconstructed=tuple(str(x) for x in e.raw("reconstructed", default=[])),
        )
    return MappingProxyType(out)
