"""The battlefield: terrain, elevation, buildings, roads, rivers and counters per hex (CEN-TER, HEX-4).

Loaded from a map YAML file (see `data/maps/`): the terrain and elevation as
one string a row (one character a column), buildings by label, roads and
rivers as chains of CCRR labels, counters by label.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, replace
from itertools import pairwise
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from ..hexgrid import Hex, distance, format_label, from_offset, parse_label
from .yamlfile import Entry, YamlFile

COUNTER_KINDS = ("crater", "rubble", "smoke", "minefield")
T = TypeVar("T")


@dataclass(frozen=True)
class Mapsheet:
    """One mapsheet of the battlefield: its name and column span (HEX-4)."""

    name: str
    first_column: int
    last_column: int


@dataclass(frozen=True)
class MapHex:
    """Everything the map says about one hex (CEN-TER-1)."""

    hex: Hex
    label: str
    terrain: str
    level: int
    building_levels: int = 0
    counters: tuple[str, ...] = ()

    @property
    def movement_terrain(self) -> str:
        """The terrain used for movement: a rubble counter turns the hex to rubble (CEN-TER-1)."""
        return "rubble" if "rubble" in self.counters else self.terrain

    @property
    def lake(self) -> bool:
        """Whether the hex is a lake: grav vehicles fly over it, grounding sinks them (CEN-GRD-2)."""
        return self.terrain == "lake"


@dataclass(frozen=True)
class BattleMap:
    """An immutable battlefield of hexes, with road and river chains (CEN-TER-4)."""

    name: str
    columns: int
    rows: int
    mapsheets: tuple[Mapsheet, ...]
    hexes: Mapping[Hex, MapHex]
    roads: tuple[tuple[Hex, ...], ...]
    rivers: tuple[tuple[Hex, ...], ...]
    legacy_smoke: bool = False  # sight reads smoke as the game's rules editions 1-2 did (rules.sight.blocking_height)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_road_links", _links(self.roads))
        object.__setattr__(self, "_river_links", _links(self.rivers))

    def __contains__(self, hex_: object) -> bool:
        return hex_ in self.hexes

    def __getitem__(self, hex_: Hex) -> MapHex:
        try:
            return self.hexes[hex_]
        except KeyError:
            raise KeyError(f"HEX-2: hex {hex_!r} is off the map") from None

    def __iter__(self) -> Iterator[MapHex]:
        return iter(self.hexes.values())

    def __len__(self) -> int:
        return len(self.hexes)

    def along_road(self, a: Hex, b: Hex) -> bool:
        """Whether a and b are consecutive hexes of one road (CEN-TER-4)."""
        return frozenset((a, b)) in self._road_links  # type: ignore[attr-defined]

    def along_river(self, a: Hex, b: Hex) -> bool:
        """Whether a and b are consecutive hexes of one river (CEN-TER-4)."""
        return frozenset((a, b)) in self._river_links  # type: ignore[attr-defined]

    def remembered(self, cache: str, limit: int, key: Hashable, keep: Any, compute: Callable[..., T], *args: Any
                   ) -> T:
        """`compute(*args)`, kept on this map (a map never changes; a new counter makes a new map) once a key: `keep`
        (a table whose id the key holds) is kept with it, so that id is not reused meanwhile; past `limit` answers
        the cache starts again (CEN-LOS-1, CTA-CMD sight)."""
        store = self.__dict__.setdefault(cache, {})
        hit = store.get(key)
        if hit is None or hit[0] is not keep:
            if len(store) > limit:
                store.clear()
            hit = store[key] = (keep, compute(*args))
        return hit[1]

    def road_hexes(self) -> frozenset[Hex]:
        """Every hex on a road."""
        return frozenset(h for chain in self.roads for h in chain)

    def with_counter(self, hex_: Hex, kind: str) -> BattleMap:
        """A copy of the map with one more counter in a hex (e.g. a crater dug, CEN-CRT-1)."""
        if kind not in COUNTER_KINDS:
            raise ValueError(f"unknown counter {kind!r}; expected one of {', '.join(COUNTER_KINDS)}")
        cell = self[hex_]
        hexes = dict(self.hexes)
        hexes[hex_] = replace(cell, counters=cell.counters + (kind,))
        return replace(self, hexes=MappingProxyType(hexes))


def _links(chains: tuple[tuple[Hex, ...], ...]) -> frozenset[frozenset[Hex]]:
    return frozenset(frozenset((a, b)) for chain in chains for a, b in pairwise(chain))


def _chains(f: YamlFile, top: Entry, field: str, cells: Mapping[Hex, MapHex], base: tuple = ()
            ) -> list[tuple[Hex, ...]]:
    raw = top.raw(field, default=[])
    if not isinstance(raw, list):
        raise top.fail(field, "a list of chains", raw)
    chains = []
    for i, item in enumerate(raw):
        e = Entry(f, (*base, field, i), f"{field}[{i}]", item)
        name = e.str("name", default=f"{field} {i + 1}")
        text = e.str("hexes")
        hexes: list[Hex] = []
        for label in text.split():
            try:
                h = parse_label(label)
            except ValueError:
                raise e.fail("hexes", "CCRR hex labels separated by spaces", label) from None
            if h not in cells:
                raise e.fail("hexes", "hexes on the map", label)
            if hexes and distance(hexes[-1], h) != 1:
                raise e.fail("hexes", f"adjacent hexes in order (after {format_label(hexes[-1])})", label)
            hexes.append(h)
        if len(hexes) < 2:
            raise e.fail("hexes", f"at least two hexes in {name!r}", text)
        chains.append(tuple(hexes))
    return chains


def load_battlemap(path: Path | str, known_terrain: frozenset[str] | None = None, *,
                   text: str | None = None, section: str | None = None, name: str | None = None) -> BattleMap:
    """Load and check a map file (or its `text`, or its top-level `section`); `known_terrain` limits the legend.

    Elevation is optional (all level 0 when missing).
    """
    f = YamlFile(path, text)
    data = f.data
    base: tuple = ()
    if section is not None:
        if not isinstance(data, Mapping) or section not in data:
            raise f.error((), None, section, f"a section {section!r} holding the map", None)
        data, base = data[section], (section,)
    if not isinstance(data, Mapping):
        raise f.error(base, None, None, "a mapping at the top level", data)

    def P(*parts: object) -> tuple:
        return (*base, *parts)

    top = Entry(f, base, "map", data)
    name = name if name is not None else top.str("name")
    columns = top.int("columns", lo=1, hi=99)
    rows = top.int("rows", lo=1, hi=99)

    sheets_raw = top.raw("mapsheets", default=[{"name": "A", "first_column": 1, "last_column": columns}])
    if not isinstance(sheets_raw, list):
        raise top.fail("mapsheets", "a list of mapsheets", sheets_raw)
    sheets = []
    for i, item in enumerate(sheets_raw):
        e = Entry(f, P("mapsheets", i), f"mapsheets[{i}]", item)
        first = e.int("first_column", lo=1, hi=columns)
        sheets.append(Mapsheet(e.str("name"), first, e.int("last_column", lo=first, hi=columns)))

    legend_e = top.sub("legend")
    legend: dict[str, str] = {}
    for char in legend_e.keys():
        key = legend_e.str(char)
        if len(char) != 1:
            raise legend_e.fail(char, "a single character as the legend key", char)
        if known_terrain is not None and key not in known_terrain:
            known = ", ".join(sorted(known_terrain))
            raise legend_e.fail(char, f"a terrain of the Terrain Effects Table: {known}", key)
        legend[char] = key

    def grid(field: str) -> list[str]:
        if field == "elevation" and not top.has(field):
            return ["0" * columns] * rows
        value = top.raw(field)
        if not isinstance(value, list) or len(value) != rows:
            got = value if not isinstance(value, list) else f"{len(value)} rows"
            raise top.fail(field, f"a list of {rows} strings, one a row", got)
        for i, line in enumerate(value):
            if not isinstance(line, str) or len(line) != columns:
                got = line if not isinstance(line, str) else f"{len(line)} characters"
                raise f.error(P(field, i), f"{field} row {i + 1}", None, f"a string of {columns} characters", got)
        return value

    terrain_rows = grid("terrain")
    level_rows = grid("elevation")
    cells: dict[Hex, MapHex] = {}
    for r in range(rows):
        for c in range(columns):
            ch, lv = terrain_rows[r][c], level_rows[r][c]
            if ch not in legend:
                raise f.error(P("terrain", r), f"terrain row {r + 1}", f"column {c + 1}",
                              "a character of the legend: " + " ".join(repr(k) for k in legend), ch)
            if not lv.isdigit():
                raise f.error(P("elevation", r), f"elevation row {r + 1}", f"column {c + 1}", "a digit 0-9", lv)
            h = from_offset(c + 1, r + 1)
            cells[h] = MapHex(h, format_label(h), legend[ch], int(lv))

    def cell_of(field: str, label: object) -> MapHex:
        try:
            h = parse_label(str(label))
        except ValueError:
            raise f.error(P(field, label), str(label), field, "a CCRR hex label", label) from None
        if h not in cells:
            raise f.error(P(field, label), str(label), field, "a hex on the map", label)
        return cells[h]

    buildings = top.raw("buildings", default={}) or {}
    if not isinstance(buildings, Mapping):
        raise top.fail("buildings", "a mapping of hex label to building levels", buildings)
    for label, levels in buildings.items():
        cell = cell_of("buildings", label)
        if cell.terrain != "building":
            raise f.error(P("buildings", label), str(label), "buildings", "a hex whose terrain is building",
                          cell.terrain)
        if isinstance(levels, bool) or not isinstance(levels, int) or not 1 <= levels <= 9:
            raise f.error(P("buildings", label), str(label), "buildings", "building levels from 1 to 9", levels)
        cells[cell.hex] = replace(cell, building_levels=levels)
    for h, cell in cells.items():
        if cell.terrain == "building" and cell.building_levels == 0:
            cells[h] = replace(cell, building_levels=1)

    counters = top.raw("counters", default=[]) or []
    if not isinstance(counters, list):
        raise top.fail("counters", "a list of counters", counters)
    for i, item in enumerate(counters):
        e = Entry(f, P("counters", i), f"counters[{i}]", item)
        kind = e.str("kind", choices=COUNTER_KINDS)
        label = e.str("hex")
        try:
            h = parse_label(label)
        except ValueError:
            raise e.fail("hex", "a CCRR hex label", label) from None
        if h not in cells:
            raise e.fail("hex", "a hex on the map", label)
        cells[h] = replace(cells[h], counters=cells[h].counters + (kind,))

    roads = _chains(f, top, "roads", cells, base)
    rivers = _chains(f, top, "rivers", cells, base)
    for i, chain in enumerate(rivers):
        for h in chain:
            if cells[h].terrain != "river":
                raise f.error(P("rivers", i), f"rivers[{i}]", "hexes", "hexes whose terrain is river",
                              f"{format_label(h)} is {cells[h].terrain}")
    return BattleMap(name, columns, rows, tuple(sheets), MappingProxyType(cells), tuple(roads), tuple(rivers))
