"""Centuria scenarios: the map, the sides, leaders and units with their places (CTA-1, CTA-2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..hexgrid import Hex, parse_label
from .battlemap import BattleMap, load_battlemap
from .tables import CenturiaTables
from .yamlfile import Entry, YamlFile


@dataclass(frozen=True)
class Placement:
    """A unit or leader as the scenario places it."""

    id: str
    type: str
    side: str
    hex: Hex
    facing: int
    commander: str | None  # the leader of a unit, or the leader above a leader
    arm: str | None = None  # a subpraefectus leads infantry or cavalry (CTA-2)


@dataclass(frozen=True)
class CenturiaScenario:
    """A Centuria scenario (CTA-1): map, sides, leaders, units, optional per-round time limit."""

    name: str
    map: BattleMap
    sides: Mapping[str, str]
    leaders: tuple[Placement, ...]
    units: tuple[Placement, ...]
    time_limit_seconds: int | None
    die_sides: int


def load_centuria_scenario(path: Path | str, tables: CenturiaTables, *, text: str | None = None) -> CenturiaScenario:
    """Load and check a Centuria scenario file (or its `text`, named `path`) against the Centuria tables (CTA-2)."""
    f = YamlFile(path, text)
    if not isinstance(f.data, Mapping):
        raise f.error((), None, None, "a mapping at the top level", f.data)
    top = Entry(f, (), "scenario", f.data)
    name = top.str("name")
    top.sub("map")
    bm = load_battlemap(f.path, known_terrain=frozenset(tables.terrain), text=f.text, section="map", name=name)
    sides_e = top.sub("sides")
    sides = {k: e.str("label") for k, e in sides_e.items()}

    def placements(field: str, want_kind: set[str]) -> list[Placement]:
        raw = top.raw(field)
        if not isinstance(raw, list):
            raise top.fail(field, "a list", raw)
        out = []
        for i, item in enumerate(raw):
            e = Entry(f, (field, i), f"{field}[{i}]", item)
            ident = e.str("id")
            e = Entry(f, (field, i), ident, item)
            kind = e.str("type", choices=tuple(k for k, u in tables.units.items() if u.kind in want_kind))
            side = e.str("side", choices=tuple(sides))
            label = e.str("hex")
            try:
                h = parse_label(label)
            except ValueError:
                raise e.fail("hex", "a CCRR hex label", label) from None
            if h not in bm:
                raise e.fail("hex", f"a hex on the {bm.columns}x{bm.rows} map", label)
            commander = e.str("leader" if field == "units" else "above", default=None) if (
                e.has("leader") or e.has("above")) else None
            arm = e.str("arm", default=None, choices=("infantry", "cavalry")) if e.has("arm") else None
            out.append(Placement(ident, kind, side, h, e.int("facing", lo=0, hi=5), commander, arm))
        return out

    leaders = placements("leaders", {"leader"})
    units = placements("units", {"sub_unit", "engine"})
    ids = [p.id for p in leaders + units]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise top.fail("units", "unique ids", dupes[0])
    leader_side = {p.id: p.side for p in leaders}
    for i, p in enumerate(units):
        if p.commander is None or p.commander not in leader_side:
            raise f.error(("units", i), p.id, "leader", "the id of a leader of the scenario", p.commander)
        if leader_side[p.commander] != p.side:
            raise f.error(("units", i), p.id, "leader", f"a leader of side {p.side!r}", p.commander)
    for i, p in enumerate(leaders):
        if p.commander is not None and p.commander not in leader_side:
            raise f.error(("leaders", i), p.id, "above", "the id of a leader of the scenario", p.commander)
    limit = top.int("time_limit_seconds", default=None, nullable=True, lo=1)
    die = top.int("die_sides", default=tables.die_sides, lo=2)
    return CenturiaScenario(name, bm, sides, tuple(leaders), tuple(units), limit, die)
