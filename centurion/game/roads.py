"""VAR-MOVETYPE on the roads: the 200% movement of a grav move spent wholly along a road, searched for the skirmish.

The seed: grav vehicles, "like hover vehicles, ... gain 200% on any road" ("so long as they spend their full turn
travelling on it"). `resolve_variant_move` checks such a move (`VariantResolvedMove.road_hexes`); `road_ends` finds
the ones the skirmish offers (docs/decisions.md, "Variant rules", VAR-MOVETYPE).
"""

from __future__ import annotations

from ..data import BattleMap, TerrainTable, VehicleType
from ..hexgrid import neighbor
from ..rules.grav import GravState, Refusal, facing_change_interval
from ..variants.movement import VariantMove, resolve_variant_move
from ..variants.ruleset import RuleSet
from .variant_ends import VariantEnd, end_of

#: the most road paths the skirmish resolves per vehicle when it looks for 200% road moves (VAR-MOVETYPE)
ROAD_PATHS_MAX = 400


def road_ends(state: GravState, vehicle: VehicleType, battlemap: BattleMap, rules: RuleSet, *,
              table: TerrainTable | None = None) -> list[VariantEnd]:
    """The end states only the 200% road movement reaches (VAR-MOVETYPE: a grav vehicle that spends its whole
    move along a road moves up to twice its velocity): at every acceleration the vehicle can make, paths from a road hex
    that follow the road hex by hex (turns where the Facing Change Table allows them), longer than the velocity,
    each checked by the variant resolver."""
    if not rules.enabled("VAR-MOVETYPE") or state.driver_out or state.grounded or state.submerged:
        return []
    thrust_max = state.max_thrust(vehicle)
    out: dict[tuple, VariantEnd] = {}
    for accelerate in range(thrust_max + 1):
        velocity = state.velocity + (accelerate if state.velocity >= 0 else -accelerate)
        v, back = abs(velocity), velocity < 0
        if v == 0:
            continue
        step, interval = ("B" if back else "F"), facing_change_interval(v)
        paths: list[tuple[str, ...]] = []
        todo = [(state.hex, state.facing, 0, 0, ())]
        while todo and len(paths) < ROAD_PATHS_MAX:
            here, facing, hexes, straight, steps = todo.pop()
            if hexes > v:
                paths.append(steps)
            if hexes == 2 * v:
                continue
            for turn, new_facing in (("", facing), ("L", (facing - 1) % 6), ("R", (facing + 1) % 6)):
                if turn and (hexes == 0 or (interval and straight < interval)):
                    continue
                dest = neighbor(here, (new_facing + 3) % 6 if back else new_facing)
                if dest in battlemap and battlemap.along_road(here, dest):
                    todo.append((dest, new_facing, hexes + 1, 1 if turn else straight + 1,
                                 steps + ((turn,) if turn else ()) + (step,)))
        for steps in paths:
            r = resolve_variant_move(state, VariantMove(accelerate=accelerate, steps=steps), battlemap, vehicle,
                                     rules, table=table)
            if isinstance(r, Refusal) or not r.road_hexes:
                continue
            e = end_of(r, thrust_max)
            key = (e.hex, e.facing, e.grounded)
            if key not in out or e.p_no_damage > out[key].p_no_damage:
                out[key] = e
    return list(out.values())
