"""What each hex on a line of sight does, for the sight explorer (CEN-LOS-1): a thin reading of `line_of_sight`.

Each hex the line crosses gets one role: an end (the units), clear, blocking (above the taller unit's level),
the dead-zone hex next to the lower unit, or one of the two hexes of a spine (the counted one is the defender's
pick). The verdict and the deciding hex are `line_of_sight`'s own.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..data import BattleMap, TerrainTable
from ..hexgrid import Hex
from .sight import Sight, blocking_height, line_of_sight, unit_level

ROLES = ("end", "clear", "blocking", "dead zone", "spine, counted", "spine, not counted", "deciding")


@dataclass(frozen=True)
class SightCell:
    """One hex of a line of sight: its role, its height for sight (CEN-LOS-1)."""

    hex: Hex
    role: str
    height: int


def sight_cells(battlemap: BattleMap, a: Hex, b: Hex, table: TerrainTable | None = None
                ) -> tuple[Sight, tuple[SightCell, ...]]:
    """The line of sight from `a` to `b` and the role of every hex it crosses, spines' other hexes included."""
    sight = line_of_sight(battlemap, a, b, table=table)
    if sight.kind == "off map":
        return sight, ()
    top = max(unit_level(battlemap, a), unit_level(battlemap, b))
    others = {pair[0] if pick == pair[1] else pair[1] for pair, pick in sight.spines}
    counted = {pick for _pair, pick in sight.spines}
    cells: list[SightCell] = []
    for h in sight.path:
        height = blocking_height(battlemap, h, table)
        if h in (a, b):
            role = "end"
        elif h == sight.deciding:
            role = "deciding"
        elif height > top:
            role = "blocking"
        elif h in counted:
            role = "spine, counted"
        else:
            role = "clear"
        cells.append(SightCell(h, role, height))
    for h in others:
        if h in battlemap:
            cells.append(SightCell(h, "spine, not counted", blocking_height(battlemap, h, table)))
    return sight, tuple(cells)
