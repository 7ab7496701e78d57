"""Terrain costs and speed limits for entering a hex (CEN-TER-1..4)."""

from __future__ import annotations

from ..data import BattleMap, MapHex, TerrainTable, terrain_table
from ..hexgrid import Hex
from .inputs import on_map, whole

MOVERS = ("grav", "ground", "infantry")


def vp_cost(terrain: str, from_level: int, to_level: int, *, mover: str = "grav",
            table: TerrainTable | None = None) -> int | None:
    """VP to enter `terrain` from `from_level` to `to_level`, never below 0; None when prohibited (CEN-TER-1, -2)."""
    _check_terrain(terrain, from_level, to_level, table)
    if mover not in MOVERS:
        raise ValueError(f"CEN-TER-1: unknown mover {mover!r}; expected one of {', '.join(MOVERS)}")
    t = (table or terrain_table())[terrain]
    base = t.vp[mover]
    if base is None:
        return None
    slope = (table or terrain_table()).slope(from_level, to_level)
    if slope is None:
        return base
    if slope.ground_prohibited and mover != "grav":
        return None
    return max(0, base + slope.vp)


def _check_terrain(terrain: object, from_level: object, to_level: object, table: TerrainTable | None) -> None:
    """The terrain is a key of the Terrain Effects Table and the levels whole numbers (CEN-TER-1, CEN-TER-2)."""
    if not isinstance(terrain, str) or terrain not in (table or terrain_table()).terrain:
        raise ValueError(f"CEN-TER-1: unknown terrain {terrain!r}"[:200])
    whole(from_level, "CEN-TER-2", "from_level")
    whole(to_level, "CEN-TER-2", "to_level")


def hex_speed_limit(terrain: str, from_level: int, to_level: int, *, table: TerrainTable | None = None) -> int:
    """The lower of the terrain's and the slope's speed limit (CEN-TER-3)."""
    _check_terrain(terrain, from_level, to_level, table)
    tt = table or terrain_table()
    limit = tt[terrain].speed_limit
    slope = tt.slope(from_level, to_level)
    return limit if slope is None else min(limit, slope.speed_limit)


def grav_speed_limit(limit: int, cell: MapHex) -> int:
    """A grav vehicle's speed limit in `cell` from its row's `limit`: halved, rounded up, where a smoke counter
    stands (grav vehicles at NF, book-b §10.3; CEN-TER-3)."""
    return -(-limit // 2) if "smoke" in cell.counters else limit


def entry_terrain(battlemap: BattleMap, src: Hex, dst: Hex, mover: str) -> str:
    """The TET row for entering `dst` from `src`: the road row along a road, for grav also a river (CEN-TER-4)."""
    if battlemap.along_road(src, dst):
        return "road"
    if mover == "grav" and battlemap.along_river(src, dst):
        return "road"
    cell = battlemap[dst]
    return cell.movement_terrain


def entry_cost(battlemap: BattleMap, src: Hex, dst: Hex, mover: str = "grav", *,
               submerged: bool = False, table: TerrainTable | None = None) -> tuple[int | None, int, str]:
    """(VP cost or None if prohibited, speed limit, terrain key) of moving from `src` into `dst` (CEN-TER-1..4).

    Along a road (or a river, for grav) the road row's cost and limit replace the
    terrain's (CEN-TER-4); slopes still apply. A submerged grav vehicle moving into
    a lake hex pays the under-water row (CEN-GRD-2). Smoke in `dst` halves a grav
    vehicle's speed limit, rounded up (book-b §10.3).
    """
    on_map(src, battlemap, "src")
    on_map(dst, battlemap, "dst")
    a, b = battlemap[src], battlemap[dst]
    key = entry_terrain(battlemap, src, dst, mover)
    if submerged and b.lake:
        key = "under_water"
    limit = hex_speed_limit(key, a.level, b.level, table=table)
    if mover == "grav":  # smoke halves it for grav vehicles only (book-b §10.3)
        limit = grav_speed_limit(limit, b)
    return vp_cost(key, a.level, b.level, mover=mover, table=table), limit, key


def craters_free(battlemap: BattleMap, hex_: Hex, taken: int = 0, *, dug: bool = False) -> int:
    """Craters in a hex not yet held by a unit of the mover's kind (one vehicle + one squad each, CEN-CRT-1).

    `taken`: other units of that kind already in this hex's craters; `dug`: a crater dug there in this move.
    """
    craters = battlemap[hex_].counters.count("crater") + (1 if dug else 0)
    return max(0, craters - taken)
