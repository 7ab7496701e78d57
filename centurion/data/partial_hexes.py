"""Partly covered hexes for the variant occupation rule (VAR-OCCUPY): an optional map field and its loader.

A map file may carry a top-level list `partial_terrain` (the basic loader ignores it; the basic rules read
the hex's terrain letter as covering the whole hex):

    partial_terrain:
      - hex: "0304"              # CCRR label of a hex of the map
        terrain: light_woods     # the terrain that covers part of the hex (defaults to the map's letter)
        open: clear              # the terrain of the rest of the hex
        level: 1                 # optional: elevation of the covered part (default: the hex's level)
        open_level: 0            # optional: elevation of the open part (default: the hex's level)
        covered_hexsides: [0, 1] # optional: hexsides (0 = north, clockwise) covered along their whole length
        crossing: [1, 4]         # optional: a feature (a river, a ridge...) running from one hexside to another
        barricade: false         # optional: a barricade in the hex

Errors name file, entry and field (`DataError`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from ..hexgrid import Hex, format_label, parse_label
from .battlemap import BattleMap
from .yamlfile import Entry, YamlFile

FIELD = "partial_terrain"


@dataclass(frozen=True)
class PartialHex:
    """A hex the terrain covers only in part (VAR-OCCUPY)."""

    hex: Hex
    terrain: str
    open: str
    level: int
    open_level: int
    covered_hexsides: frozenset[int] = frozenset()
    crossing: tuple[int, int] | None = None
    barricade: bool = False


def _hexsides(e: Entry, field: str) -> list[int]:
    raw = e.raw(field, default=[])
    if not isinstance(raw, list) or any(isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= 5
                                        for x in raw):
        raise e.fail(field, "a list of hexsides 0..5 (0 = north, clockwise)", raw)
    return raw


def load_partial_terrain(path: Path | str, battlemap: BattleMap, *, text: str | None = None,
                         known_terrain: frozenset[str] | None = None) -> Mapping[Hex, PartialHex]:
    """The optional `partial_terrain` field of a map file, checked against the map (VAR-OCCUPY).

    A file without the field gives an empty mapping.
    """
    f = YamlFile(path, text)
    if not isinstance(f.data, Mapping) or FIELD not in f.data:
        return MappingProxyType({})
    raw = f.data[FIELD]
    if not isinstance(raw, list):
        raise f.error((FIELD,), None, FIELD, "a list of partly covered hexes", raw)
    out: dict[Hex, PartialHex] = {}
    for i, item in enumerate(raw):
        e = Entry(f, (FIELD, i), f"{FIELD}[{i}]", item)
        label = e.str("hex")
        try:
            h = parse_label(label)
        except ValueError:
            raise e.fail("hex", "a CCRR hex label", label) from None
        if h not in battlemap:
            raise e.fail("hex", "a hex of the map", label)
        if h in out:
            raise e.fail("hex", "each hex listed once", label)
        cell = battlemap[h]
        terrain = e.str("terrain", default=cell.terrain)
        open_ = e.str("open")
        for field, value in (("terrain", terrain), ("open", open_)):
            if known_terrain is not None and value not in known_terrain:
                raise e.fail(field, "a terrain of the Terrain Effects Table: " + ", ".join(sorted(known_terrain)),
                             value)
        if terrain == open_:
            raise e.fail("open", f"a terrain other than the covering one ({terrain})", open_)
        crossing = _hexsides(e, "crossing") if e.has("crossing") else None
        if crossing is not None and (len(crossing) != 2 or crossing[0] == crossing[1]):
            raise e.fail("crossing", "two different hexsides the feature runs between", crossing)
        out[h] = PartialHex(h, terrain, open_, e.int("level", default=cell.level, lo=0, hi=9),
                            e.int("open_level", default=cell.level, lo=0, hi=9),
                            frozenset(_hexsides(e, "covered_hexsides")),
                            tuple(crossing) if crossing else None, e.bool("barricade", default=False))
    return MappingProxyType(out)


def partial_terrain_yaml(parts: Mapping[Hex, PartialHex]) -> str:
    """The field as YAML text (for saving a map with its partial hexes)."""
    lines = [f"{FIELD}:"]
    for p in parts.values():
        lines.append(f'  - {{hex: "{format_label(p.hex)}", terrain: {p.terrain}, open: {p.open}, level: {p.level}, '
                     f"open_level: {p.open_level}, covered_hexsides: {sorted(p.covered_hexsides)}"
                     + (f", crossing: {list(p.crossing)}" if p.crossing else "")
                     + (", barricade: true" if p.barricade else "") + "}")
    return "\n".join(lines) + "\n"
