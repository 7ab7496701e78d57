"""Where a unit may be set down on the map before it moves (HEX-4, CEN-TER-1, CEN-GV-1, CEN-INF-1, CEN-GRD-2)."""

from __future__ import annotations

from ..data import BattleMap, TerrainTable
from ..hexgrid import Hex, format_label
from .grav import Refusal
from .terrain import vp_cost

# The rule that closes a terrain to each kind of mover.
CLOSED_BY = {"grav": "CEN-TER-1", "ground": "CEN-GV-1", "infantry": "CEN-INF-1"}
MOVER_NAMES = {"grav": "a grav vehicle", "ground": "a ground vehicle", "infantry": "an infantry squad"}


def placement_refusal(battlemap: BattleMap, hex_: Hex, mover: str, *,
                      table: TerrainTable | None = None) -> Refusal | None:
    """None if a unit of kind `mover` (grav, ground, infantry) may stand in `hex_`, else why not.

    Off the map is refused (HEX-4); so is terrain the Terrain Effects Table closes to that mover (a ground
    vehicle or a squad in a lake, CEN-GV-1, CEN-INF-1). A grav vehicle may stand anywhere on the map; whether it
    may be grounded or under water there is `state_refusal`'s question (CEN-GRD-2).
    """
    if mover not in CLOSED_BY:
        raise ValueError(f"CEN-TER-1: unknown mover {mover!r}; expected one of {', '.join(CLOSED_BY)}")
    if hex_ not in battlemap:
        return Refusal("HEX-4", "that point is off the map")
    cell = battlemap[hex_]
    if vp_cost(cell.terrain, cell.level, cell.level, mover=mover, table=table) is None:
        terrain = cell.terrain.replace("_", " ")
        return Refusal(CLOSED_BY[mover], f"{MOVER_NAMES[mover]} cannot stand in {format_label(hex_)}: "
                                         f"{terrain} is closed to it")
    return None
