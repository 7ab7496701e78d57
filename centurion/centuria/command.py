"""Command: action radius, line of sight and the chain through adjacent sub-units (CTA-CMD)."""

from __future__ import annotations

from collections.abc import Iterable

from ..data import BattleMap, CenturiaTables
from ..hexgrid import Hex, distance, line, neighbors


def blocks_sight(battlemap: BattleMap, hex_: Hex, tables: CenturiaTables) -> bool:
    """Whether the terrain of a hex blocks sight (CTA-2: trees and buildings)."""
    return tables.terrain[battlemap[hex_].terrain].blocks_sight


def in_sight(a: Hex, b: Hex, battlemap: BattleMap, tables: CenturiaTables) -> bool:
    """Line of sight between two hexes: no intervening hex blocks it (CTA-CMD).

    The end hexes never block. Where the line runs along a spine between two hexes,
    sight passes if either of them is clear (decision, docs/decisions.md).
    """
    for step in line(a, b)[1:-1]:
        if all(h in battlemap and blocks_sight(battlemap, h, tables) for h in step):
            return False
    return True


def sight_line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a sight line passes through, one per step (the first candidate on a spine), for drawing."""
    return [step[0] for step in line(a, b)]


def command_status(units: Iterable[tuple[str, Hex]], leader_hex: Hex, action_radius: int, battlemap: BattleMap,
                   tables: CenturiaTables) -> dict[str, str]:
    """For each sub-unit of one leader: 'direct' (in range and sight), 'chain' (adjacent to an in-command
    sub-unit, transitively) or 'out' (CTA-CMD)."""
    units = list(units)
    status = {}
    for uid, h in units:
        direct = distance(h, leader_hex) <= action_radius and in_sight(h, leader_hex, battlemap, tables)
        status[uid] = "direct" if direct else "out"
    by_hex: dict[Hex, list[str]] = {}
    for uid, h in units:
        by_hex.setdefault(h, []).append(uid)
    frontier = [uid for uid, s in status.items() if s == "direct"]
    where = dict(units)
    while frontier:
        nxt = []
        for uid in frontier:
            for n in [*neighbors(where[uid]), where[uid]]:
                for other in by_hex.get(n, []):
                    if status[other] == "out":
                        status[other] = "chain"
                        nxt.append(other)
        frontier = nxt
    return status
