"""Centurion skirmish scenarios: map, sides, Centurions, platoons, set-up, turn limit, objectives (book-b §15).

One YAML file per scenario in `data/scenarios/`; a bad file raises `DataError` naming file, entry and field
(the same checks as the other data, `yamlfile.py`). The victory points are book-b §15: each objective held
75, each enemy vehicle destroyed its scenario-point cost (`cost`), each point left unspent 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from ..hexgrid import Hex, parse_label
from .battlemap import BattleMap
from .editions import edition_path, split_edition
from .paths import data_dir
from .yamlfile import Entry, YamlFile

SQUAD_MEN = 8


@dataclass(frozen=True)
class VehicleSetup:
    """One vehicle as the scenario sets it up: type, hex, facing, velocity, cost in scenario points."""

    id: str
    type: str
    hex: Hex
    facing: int
    velocity: int = 0
    grounded: bool = False
    cost: int = 0


@dataclass(frozen=True)
class SquadSetup:
    """One infantry squad: dismounted in a hex, or riding in a vehicle's compartment (`aboard`)."""

    id: str
    men: int = SQUAD_MEN
    hex: Hex | None = None
    aboard: str | None = None


@dataclass(frozen=True)
class PlatoonSetup:
    """A platoon: its vehicles (three in the book) and the squads that belong to it (CEN-SEQ-2)."""

    name: str
    vehicles: tuple[VehicleSetup, ...]
    squads: tuple[SquadSetup, ...] = ()


@dataclass(frozen=True)
class SideSetup:
    """One side: name, Centurion's rating and vehicle (book-b §3), platoons, unspent scenario points (§15.2)."""

    key: str
    label: str
    rating: int
    centurion: str
    platoons: tuple[PlatoonSetup, ...]
    unspent: int = 0
    goal: str = ""


@dataclass(frozen=True)
class Objective:
    """A hex worth 75 victory points to the side that holds it at the end (book-b §15.2; docs/decisions.md)."""

    name: str
    hex: Hex


@dataclass(frozen=True)
class Scenario:
    """A Centurion skirmish scenario: everything needed to set up and score a game (book-b §15)."""

    key: str
    title: str
    description: str
    map: BattleMap
    turns: int
    sides: tuple[SideSetup, SideSetup]
    objectives: tuple[Objective, ...] = ()
    minutes: int = 20

    def side(self, key: str) -> SideSetup:
        """The side called `key`."""
        return next(s for s in self.sides if s.key == key)


def _hex(e: Entry, field: str, bm: BattleMap) -> Hex:
    label = e.raw(field)
    if not isinstance(label, str):
        raise e.fail(field, "a CCRR hex label in quotes", label)
    try:
        h = parse_label(label)
    except ValueError:
        raise e.fail(field, "a CCRR hex label", label) from None
    if h not in bm:
        raise e.fail(field, f"a hex on the {bm.columns}x{bm.rows} map", label)
    return h


def _list(e: Entry, field: str, default=None) -> list:
    raw = e.raw(field, default) if default is not None else e.raw(field)
    if not isinstance(raw, list):
        raise e.fail(field, "a list", raw)
    return raw


def load_scenario(path: Path | str, *, text: str | None = None, maps: Mapping[str, BattleMap] | None = None,
                  vehicle_types: Mapping | None = None) -> Scenario:
    """Load and check a scenario file (or its `text`, named `path`) against the maps and vehicle types."""
    from . import sample_map
    from . import vehicle_types as shipped_types

    types = vehicle_types if vehicle_types is not None else shipped_types()
    maps = maps if maps is not None else {"battlefield": sample_map()}
    f = YamlFile(path, text)
    if not isinstance(f.data, Mapping):
        raise f.error((), None, None, "a mapping at the top level", f.data)
    top = Entry(f, (), "scenario", f.data)
    title = top.str("title")
    description = top.str("description", default="")
    map_name = top.str("map", choices=tuple(maps))
    bm = maps[map_name]
    turns = top.int("turns", lo=1, hi=30)
    minutes = top.int("minutes", default=20, lo=1, hi=600)
    # extra counters (craters, rubble, smoke) laid on the map for this scenario
    extra: dict[Hex, list[str]] = {}
    for i, item in enumerate(_list(top, "counters", [])):
        e = Entry(f, ("counters", i), f"counters[{i}]", item)
        h = _hex(e, "hex", bm)
        extra.setdefault(h, []).append(e.str("kind", choices=("crater", "rubble", "smoke")))
    if extra:
        hexes = dict(bm.hexes)
        for h, kinds in extra.items():
            hexes[h] = replace(hexes[h], counters=hexes[h].counters + tuple(kinds))
        bm = replace(bm, hexes=hexes, name=f"{bm.name} ({title})")
    objectives = []
    for i, item in enumerate(_list(top, "objectives", [])):
        e = Entry(f, ("objectives", i), f"objectives[{i}]", item)
        objectives.append(Objective(e.str("name"), _hex(e, "hex", bm)))
    sides_e = top.sub("sides")
    keys = sides_e.keys()
    if len(keys) != 2:
        raise top.fail("sides", "exactly two sides", keys)
    ids: dict[str, str] = {}
    sides = []
    for skey, se in sides_e.items():
        platoons = []
        for pi, pitem in enumerate(_list(se, "platoons")):
            pe = Entry(f, ("sides", skey, "platoons", pi), f"{skey}.platoons[{pi}]", pitem)
            pname = pe.str("name")
            pe = Entry(f, pe.path, pname, pitem)
            vehicles = []
            for vi, vitem in enumerate(_list(pe, "vehicles")):
                ve = Entry(f, pe.path + ("vehicles", vi), f"{pname}.vehicles[{vi}]", vitem)
                vid = ve.str("id")
                ve = Entry(f, ve.path, vid, vitem)
                if vid in ids:
                    raise ve.fail("id", "an id used once in the scenario", vid)
                ids[vid] = "vehicle"
                vtype = ve.str("type", choices=tuple(k for k, t in types.items() if t.kind == "grav"))
                h = _hex(ve, "hex", bm)
                if bm[h].terrain in ("building",):
                    raise ve.fail("hex", "a hex a grav vehicle may stand in (not a building)", ve.raw("hex"))
                velocity = ve.int("velocity", default=0, lo=-10, hi=30)
                grounded = ve.bool("grounded", default=False)
                if grounded and velocity:
                    raise ve.fail("velocity", "0 for a grounded vehicle (CEN-GRD-1)", velocity)
                vehicles.append(VehicleSetup(vid, vtype, h, ve.int("facing", lo=0, hi=5), velocity, grounded,
                                             ve.int("cost", lo=0, hi=1000)))
            if not vehicles:
                raise pe.fail("vehicles", "at least one vehicle", [])
            squads = []
            for qi, qitem in enumerate(_list(pe, "squads", [])):
                qe = Entry(f, pe.path + ("squads", qi), f"{pname}.squads[{qi}]", qitem)
                qid = qe.str("id")
                qe = Entry(f, qe.path, qid, qitem)
                if qid in ids:
                    raise qe.fail("id", "an id used once in the scenario", qid)
                ids[qid] = "squad"
                men = qe.int("men", default=SQUAD_MEN, lo=1, hi=SQUAD_MEN)
                if qe.has("aboard") == qe.has("hex"):
                    raise qe.fail("hex", "either a hex (dismounted) or aboard: a vehicle id of the platoon",
                                  qe.raw("hex", None))
                if qe.has("aboard"):
                    carrier = qe.str("aboard", choices=tuple(v.id for v in vehicles))
                    vt = types[next(v.type for v in vehicles if v.id == carrier)]
                    if not vt.infantry_capacity:
                        raise qe.fail("aboard", "a vehicle with an infantry compartment (CEN-MNT-1)", carrier)
                    if any(s.aboard == carrier for s in squads):
                        raise qe.fail("aboard", "a carrier with room (one squad a compartment)", carrier)
                    squads.append(SquadSetup(qid, men, None, carrier))
                else:
                    squads.append(SquadSetup(qid, men, _hex(qe, "hex", bm)))
            platoons.append(PlatoonSetup(pname, tuple(vehicles), tuple(squads)))
        if not platoons:
            raise se.fail("platoons", "at least one platoon", [])
        cent = se.str("centurion", choices=tuple(v.id for p in platoons for v in p.vehicles))
        sides.append(SideSetup(skey, se.str("label"), se.int("rating", default=2, lo=0, hi=9), cent,
                               tuple(platoons), se.int("unspent", default=0, lo=0, hi=1000),
                               se.str("goal", default="")))
    return Scenario(Path(path).stem, title, description, bm, turns, (sides[0], sides[1]), tuple(objectives),
                    minutes)


def scenario_dir() -> Path:
    """The folder of the shipped scenarios."""

    return data_dir() / "scenarios"


def scenario_names() -> list[str]:
    """The shipped scenarios' keys (file names without .yaml), sorted."""
    return sorted(p.stem for p in scenario_dir().glob("*.yaml"))


def shipped_scenario_path(key: str) -> Path:
    """The file of a shipped scenario by key, "pursuit" or an earlier edition "pursuit@1" (issue 25); unknown keys
    raise ValueError naming the choices."""
    base, edition = split_edition(key)
    if base not in scenario_names():
        raise ValueError(f"no scenario {key!r}; the scenarios are {', '.join(scenario_names())}")
    return edition_path(scenario_dir(), base, edition)


@cache
def shipped_scenario(key: str) -> Scenario:
    """A shipped scenario by key, "pursuit" or an earlier edition "pursuit@1" (issue 25); unknown keys raise
    ValueError naming the choices."""
    return load_scenario(shipped_scenario_path(key))
