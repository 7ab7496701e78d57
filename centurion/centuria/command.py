"""Command: action radius, line of sight and the chain through adjacent sub-units (CTA-CMD)."""

from __future__ import annotations

from ..data import BattleMap, CenturiaTables
from ..hexgrid import Hex, distance, line
from ..rules.inputs import a_hex


def blocks_sight(battlemap: BattleMap, hex_: Hex, tables: CenturiaTables) -> bool:
    """Whether the terrain of a hex blocks sight (CTA-2: trees and buildings)."""
    return tables.terrain[battlemap[hex_].terrain].blocks_sight


def in_sight(a: Hex, b: Hex, battlemap: BattleMap, tables: CenturiaTables) -> bool:
    """Line of sight between two hexes: no intervening hex blocks it (CTA-CMD).

    The end hexes never block. Where the line runs along a spine between two hexes,
    sight passes if either of them is clear (decision, docs/decisions.md).
    """
    a_hex(a, "a")
    a_hex(b, "b")
    return battlemap.remembered("_centuria_sight_cache", SIGHT_CACHE_SIZE, (a, b, id(tables)), tables,
                                _in_sight, a, b, battlemap, tables)


SIGHT_CACHE_SIZE = 100_000  # lines kept a map (the farmstead's 16 x 12 hexes make 36,864 ordered pairs)


def _in_sight(a: Hex, b: Hex, battlemap: BattleMap, tables: CenturiaTables) -> bool:
    return not any(all(h in battlemap and blocks_sight(battlemap, h, tables) for h in step)
                   for step in line(a, b)[1:-1])


def sight_line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a sight line passes through (every crossed hex; the first of a spine pair), for drawing (CEN-LOS-1)."""
    a_hex(a, "a")
    a_hex(b, "b")
    return [step[0] for step in line(a, b)]


def spread_command(status: dict[str, str], where: dict[str, Hex]) -> dict[str, str]:
    """Extend command through adjacent sub-units, transitively: 'out' units next to one in command become
    'chain' (CTA-CMD, decision in docs/decisions.md). `status` maps id -> direct/out; returns a new mapping."""
    out = dict(status)
    frontier = [uid for uid, s in out.items() if s == "direct"]
    while frontier:
        nxt = []
        for uid in frontier:
            for other, s in out.items():
                if s == "out" and distance(where[other], where[uid]) <= 1:
                    out[other] = "chain"
                    nxt.append(other)
        frontier = nxt
    return out
