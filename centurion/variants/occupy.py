"""Where a unit stands in a partly covered hex (VAR-OCCUPY).

A hex is 200 m across; terrain that covers only part of it need not be entered. On entering, the player
declares the unit's position: in the terrain ('in') or in the open part ('out'). The position sets the
terrain and the elevation used for line of sight (and, as the project reads it, for the hex's movement
cost). The unit must take the terrain when it fills the hex, when the hex holds a barricade or rubble,
when the hexside crossed to enter is covered along its whole length, or when a feature crosses the hex and
the unit will leave on its far side. Partial hexes come from the map's optional `partial_terrain` field
(`centurion.data.partial_hexes`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..data.battlemap import BattleMap, MapHex
from ..data.partial_hexes import PartialHex
from ..hexgrid import Hex, format_label, neighbor
from ..rules.grav import Refusal
from .ruleset import RuleSet

RULE = "VAR-OCCUPY"
POSITIONS = ("in", "out")


def entry_hexside(src: Hex, dst: Hex) -> int:
    """The hexside of `dst` crossed when moving in from the adjacent `src` (0 = north, clockwise)."""
    for d in range(6):
        if neighbor(src, d) == dst:
            return (d + 3) % 6
    raise ValueError(f"{RULE}: {format_label(src)} and {format_label(dst)} are not adjacent")


def _side_of(crossing: tuple[int, int], hexside: int) -> int | None:
    """0 or 1: which side of a feature running between two hexsides a hexside lies on; None on the feature."""
    a, b = crossing
    if hexside in (a, b):
        return None
    return 0 if 0 < (hexside - a) % 6 < (b - a) % 6 else 1


@dataclass(frozen=True)
class Occupation:
    """The positions a unit may take on entering a hex, and why it may not choose (VAR-OCCUPY)."""

    hex: Hex
    choices: tuple[str, ...]
    reason: str  # why it must take the terrain ('' when it may choose)


def occupation_choices(rules: RuleSet, battlemap: BattleMap, parts: Mapping[Hex, PartialHex], src: Hex, dst: Hex,
                       *, exit_to: Hex | None = None) -> Occupation:
    """Where a unit entering `dst` from `src` may stand ('in' the terrain, 'out' of it) (VAR-OCCUPY).

    With the switch off, or when the terrain fills the hex, only 'in'. `exit_to`: the hex it will move on to.
    """
    part = parts.get(dst)
    if not rules.enabled(RULE):
        return Occupation(dst, ("in",), "the variant rule VAR-OCCUPY is off: the terrain fills the hex")
    if part is None:
        return Occupation(dst, ("in",), "the terrain occupies the whole hex")
    if part.barricade or "rubble" in battlemap[dst].counters or battlemap[dst].terrain == "rubble":
        return Occupation(dst, ("in",), "the hex contains a barricade or rubble")
    side_in = entry_hexside(src, dst)
    if side_in in part.covered_hexsides:
        return Occupation(dst, ("in",), f"the hexside it crosses ({side_in}) is covered along its whole length")
    if exit_to is not None and part.crossing is not None:
        side_out = (entry_hexside(exit_to, dst))  # the hexside of dst it leaves by
        a, b = _side_of(part.crossing, side_in), _side_of(part.crossing, side_out)
        if a is not None and b is not None and a != b:
            return Occupation(dst, ("in",), "a feature crosses the hex and it leaves on the far side")
    return Occupation(dst, POSITIONS, "")


def declare_position(rules: RuleSet, battlemap: BattleMap, parts: Mapping[Hex, PartialHex], src: Hex, dst: Hex,
                     position: str, *, exit_to: Hex | None = None) -> tuple[str, int] | Refusal:
    """(terrain, level) where the unit stands after declaring `position`, or a Refusal naming VAR-OCCUPY."""
    if position not in POSITIONS:
        return Refusal(RULE, f"a position is 'in' (the terrain) or 'out' (the open part), not {position!r}")
    occ = occupation_choices(rules, battlemap, parts, src, dst, exit_to=exit_to)
    if position not in occ.choices:
        return Refusal(RULE, f"in {format_label(dst)} the unit must enter the terrain: {occ.reason}")
    part = parts.get(dst)
    cell = battlemap[dst]
    if part is None:
        return cell.movement_terrain, cell.level
    return (part.terrain, part.level) if position == "in" else (part.open, part.open_level)


def _stand_cell(cell: MapHex, part: PartialHex, position: str) -> MapHex:
    terrain, level = (part.terrain, part.level) if position == "in" else (part.open, part.open_level)
    return replace(cell, terrain=terrain, level=level,
                   building_levels=cell.building_levels if terrain == "building" else 0)


_VIEWS: dict[tuple, tuple[BattleMap, BattleMap]] = {}


def positions_map(battlemap: BattleMap, parts: Mapping[Hex, PartialHex],
                  stands: Mapping[Hex, str]) -> BattleMap:
    """The map with each hex of `stands` read as the part of it the unit there stands in: the covering terrain and
    its level ('in') or the open terrain and level ('out') (VAR-OCCUPY). No stand: the map itself (the basic
    reading: the letter fills the hex). Kept per map and stands, so sight caches are built once."""
    stands = {h: p for h, p in stands.items() if h in parts and p in ("in", "out")}
    if not stands:
        return battlemap
    key = (id(battlemap), tuple(sorted(((h.q, h.r), p) for h, p in stands.items())))
    if key in _VIEWS and _VIEWS[key][0] is battlemap:
        return _VIEWS[key][1]
    if len(_VIEWS) > 256:
        _VIEWS.clear()
    hexes = dict(battlemap.hexes)
    for h, p in stands.items():
        hexes[h] = _stand_cell(hexes[h], parts[h], p)
    out = replace(battlemap, hexes=hexes)
    _VIEWS[key] = (battlemap, out)
    return out


def out_map(battlemap: BattleMap, parts: Mapping[Hex, PartialHex]) -> BattleMap:
    """The map with every partly covered hex read as its open part: where the 'out' paths are searched."""
    return positions_map(battlemap, parts, {h: "out" for h in parts})


def shot_map(battlemap: BattleMap, parts: Mapping[Hex, PartialHex], *stands: tuple[Hex, str] | None) -> BattleMap:
    """The map one shot (or paint) sees: the firer's and the target's hexes read as the part each stands in, every
    other hex as the basic rules read it (VAR-OCCUPY, CEN-LOS-1, CEN-CMB-1). `stands`: (hex, position) or None."""
    return positions_map(battlemap, parts, dict(s for s in stands if s is not None))
