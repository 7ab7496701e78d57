"""The optional-rule variants a skirmish is played with: checked by `centurion.variants.RuleSet` (VAR-*).

The game stores the canonical names (`RuleSet.names`) in its state and its save file; `Skirmish.rules`
rebuilds the value and passes it to the rules. Moves: with VAR-LATERAL, VAR-EMERGENCY, VAR-MOVETYPE or
VAR-OCCUPY on, every move goes through the variant resolver (`as_variant_move`) and `game_end_states` lists the
legal ends: VAR-MOVETYPE by the engine's vectorised search on the variant in-move costs (`movetype_table`), each
end re-resolved; lateral shifts and emergency turns at the present velocity up to `variant_search_cap`; VAR-OCCUPY
positions in the scenario's partly covered hexes ('in' paths and 'out' paths searched on the open parts, one
picked by `position_chooser`), stored on the vehicle and used by each shot's own map (`fire_map`). See
docs/decisions.md ("Movement types, positions and the variant search in the skirmish").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from operator import itemgetter
from typing import TYPE_CHECKING

from ..data import BattleMap, TerrainTable, VehicleType, terrain_table
from ..data.partial_hexes import PartialHex, load_partial_terrain
from ..data.variant_tables import variant_tables
from ..hexgrid import Hex, format_label, neighbor
from ..rules.grav import GravMove, GravState, Refusal, lift_cost, move_start
from ..rules.legal import legal_grav_moves
from ..rules.terrain import entry_terrain
from ..variants.movement import VariantMove, VariantResolvedMove, resolve_variant_move, variant_end_states
from ..variants.occupy import out_map, shot_map
from ..variants.ruleset import VARIANTS, RuleSet
from .roads import road_ends
from .variant_ends import VariantEnd, VariantPath, end_of

if TYPE_CHECKING:  # annotations only: the state module imports this one
    import numpy as np

    from .state import GameState, Vehicle

#: the variant names a game accepts, in one place (the variant module's own list)
KNOWN_VARIANTS: tuple[str, ...] = tuple(VARIANTS)


def check_variants(variants) -> tuple[str, ...]:
    """The canonical names of the variants (a tuple or list of names); a bare string, a name that is not a string
    or an unknown name raises ValueError naming the variant rules (VAR-*)."""
    if not isinstance(variants, str):
        try:
            variants = tuple(variants)
        except TypeError:
            raise ValueError(f"VAR-*: variants are a tuple of names such as {KNOWN_VARIANTS[0]!r}, "
                             f"got {variants!r}") from None
    if isinstance(variants, str) or not all(isinstance(v, str) for v in variants):
        raise ValueError(f"VAR-*: variants are a tuple of names such as {KNOWN_VARIANTS[0]!r}, got {variants!r}")
    try:
        return RuleSet.from_names(variants).names
    except ValueError as exc:
        raise ValueError(f"VAR-*: {exc}") from None


# --- variant moves in the skirmish (VAR-LATERAL, VAR-EMERGENCY) ----------------------------------------------

#: the fastest velocity at which the skirmish searches for lateral shifts and emergency turns (at acceleration 0).
#: Per vehicle with both switches (`variant_ends`; benchmarks/variant_moves.py, 2-core machine, quiet, Liberator /
#: Horatius): 0.03-0.06 s at 8, 0.12-0.31 s at 12, 0.20-0.33 s at 13, 0.27-0.52 s at 14. Faster vehicles are
#: offered the basic moves; any variant move typed in is still checked by the variant resolver
VARIANT_SEARCH_MAX_VELOCITY = 12
#: with VAR-LATERAL alone (no emergency turns: far fewer paths) the search stays cheap further up (~0.15 s at 16)
LATERAL_SEARCH_MAX_VELOCITY = 16
#: with VAR-EMERGENCY on, from VARIANT_SEARCH_MAX_VELOCITY + 1 up to this velocity the search still runs (at
#: acceleration 0) but each path holds at most one emergency turn or shift (lateral shifts still any): 0.2-0.4 s
#: a vehicle at 14, 0.7-1.4 s at 20 (2-core machine, loaded), so the seed's examples (a Liberator at 14, a
#: Horatius at 20) are offered; faster vehicles get the basic moves (a typed move is still checked)
EMERGENCY_ONE_TURN_MAX_VELOCITY = 20
#: up to this speed the variant moves are searched at every acceleration the vehicle can make, both switches:
#: 0.08-0.16 s a vehicle at 4, 0.18-0.32 s at 6 (0.36-0.46 s on a loaded machine); faster, at acceleration 0 only
ALL_ACCELERATIONS_MAX_VELOCITY = 6
#: the same for VAR-LATERAL alone: 0.09-0.15 s at 6, 0.16-0.25 s at 8, 0.32-0.34 s at 10
LATERAL_ALL_ACCELERATIONS_MAX_VELOCITY = 8


def variant_search_cap(rules: RuleSet) -> int:
    """The fastest velocity at which the skirmish searches variant moves under this rule set (VAR-LATERAL,
    VAR-EMERGENCY): with emergency turns, one a path above `VARIANT_SEARCH_MAX_VELOCITY` up to
    `EMERGENCY_ONE_TURN_MAX_VELOCITY`; for lateral shifts alone, whose search stays under ~0.3 s a vehicle there,
    `LATERAL_SEARCH_MAX_VELOCITY`."""
    return EMERGENCY_ONE_TURN_MAX_VELOCITY if rules.enabled("VAR-EMERGENCY") else LATERAL_SEARCH_MAX_VELOCITY


def emergencies_per_path(state: GravState, rules: RuleSet) -> int | None:
    """How many emergency turns (or shifts) the skirmish's search puts in one path at this velocity: any up to
    `VARIANT_SEARCH_MAX_VELOCITY`, one above it (VAR-EMERGENCY; the search's cost)."""
    fast = abs(state.velocity) > VARIANT_SEARCH_MAX_VELOCITY and rules.enabled("VAR-EMERGENCY")
    return 1 if fast else None


def variant_accelerations(state: GravState, vehicle: VehicleType, rules: RuleSet) -> tuple[int, ...]:
    """The accelerations at which the skirmish searches lateral shifts and emergency turns: every one the vehicle
    can make up to `ALL_ACCELERATIONS_MAX_VELOCITY` (`LATERAL_ALL_ACCELERATIONS_MAX_VELOCITY` for VAR-LATERAL
    alone), acceleration 0 up to `variant_search_cap`, none above. With VAR-MOVETYPE on too, acceleration 0 only:
    there every path the search finds is resolved again for its terrain cost, ~1 s per acceleration at velocity 6
    (`python benchmarks/skirmish.py --variants all`)."""
    speed = abs(state.velocity)
    if speed > variant_search_cap(rules) or state.driver_out:
        return ()
    if rules.enabled("VAR-MOVETYPE") or speed > (
            ALL_ACCELERATIONS_MAX_VELOCITY if rules.enabled("VAR-EMERGENCY") else
            LATERAL_ALL_ACCELERATIONS_MAX_VELOCITY):
        return (0,)
    down = state.grounded or state.submerged
    lift = lift_cost(state.grounded, state.in_crater, state.submerged) if down else 0
    return tuple(range(lift, state.max_thrust(vehicle) + 1))


MOVE_VARIANTS = ("VAR-LATERAL", "VAR-EMERGENCY")
#: every variant that changes a grav move: with one of these on, every move goes through the variant resolver
RESOLVER_VARIANTS = ("VAR-LATERAL", "VAR-EMERGENCY", "VAR-MOVETYPE", "VAR-OCCUPY")


def moves_need_variants(rules: RuleSet) -> bool:
    """Whether the rule set changes grav moves, so that every move goes through the variant resolver
    (VAR-LATERAL, VAR-EMERGENCY, VAR-MOVETYPE, VAR-OCCUPY)."""
    return any(rules.enabled(r) for r in RESOLVER_VARIANTS)


def as_variant_move(move: GravMove | VariantMove, rules: RuleSet) -> GravMove | VariantMove:
    """The move as the variant resolver takes it when a move variant is on (a `VariantMove`), else unchanged."""
    if isinstance(move, GravMove) and moves_need_variants(rules):
        return VariantMove.of(move)
    return move


# --- VAR-MOVETYPE: the variant in-move costs, searched by the engine's vectorised search ---------------------

_MOVETYPE_TABLES: dict[int, tuple[TerrainTable, TerrainTable]] = {}


def movetype_table(table: TerrainTable | None = None) -> TerrainTable:
    """The Terrain Effects Table with the grav VP of every terrain the Variant Terrain Table lists set to the base
    cost (clear's, 1 VP; slopes still added); speed limits unchanged. Under VAR-MOVETYPE this is what a hex costs
    *during* the move; the surcharge is burned off the end velocity or paid in thrust (resolve_variant_move).
    Kept per table, so the engine's per-map step tables are built once."""
    base = table or terrain_table()
    if id(base) in _MOVETYPE_TABLES and _MOVETYPE_TABLES[id(base)][0] is base:
        return _MOVETYPE_TABLES[id(base)][1]
    extra = variant_tables().terrain_extra
    clear = base["clear"].vp["grav"]
    rows = {}
    for key, row in base.terrain.items():
        if (extra.get(key) or {}).get("grav") is not None and row.vp.get("grav") is not None:
            row = replace(row, vp={**row.vp, "grav": clear})
        rows[key] = row
    out = replace(base, terrain=rows)
    _MOVETYPE_TABLES[id(base)] = (base, out)
    return out


def _surcharge(state: GravState, move: GravMove, battlemap: BattleMap, extra) -> int:
    """The Variant Terrain Table's extra VP of the hexes a basic move enters (VAR-MOVETYPE)."""
    facing = move.initial_facing if move.initial_facing is not None else state.facing
    here, total = state.hex, 0
    for s in move.steps:
        if s in ("L", "R"):
            facing = (facing + (1 if s == "R" else -1)) % 6
            continue
        dest = neighbor(here, facing if s == "F" else (facing + 3) % 6)
        if dest not in battlemap:
            return -1
        total += (extra.get(entry_terrain(battlemap, here, dest, "grav")) or {}).get("grav") or 0
        here = dest
    return total


def _plain_end(e, path, v: int, thrust_max: int) -> VariantEnd:
    """An engine end state whose path pays no surcharge, with the velocities of that path (as `end_of`)."""
    move = VariantMove.of(path.move)
    if e.grounded:
        vmin = vmax = 0
    else:
        room = thrust_max - (path.thrust_used - move.decelerate)
        vmin, vmax = sorted((v - move.decelerate, v - room))
    return VariantEnd((e.hex, e.facing, e.grounded, vmin, vmax,
                       VariantPath(move, path.p_no_damage, path.thrust_used, (), path.rolls)))


def movetype_ends(state: GravState, vehicle: VehicleType, battlemap: BattleMap, rules: RuleSet, *,
                  accelerate: int | None = None, table: TerrainTable | None = None, partial=None) -> list[VariantEnd]:
    """Every legal end state under VAR-MOVETYPE (grav), each with a path the variant resolver accepts.

    The engine's vectorised search runs on `movetype_table` (the in-move costs); each end state's safest path
    (then its cheapest) is resolved again by `resolve_variant_move`, which gives the real end velocity, thrust and
    odds; an end neither path of which the resolver accepts (terrain paid in thrust over the budget) is dropped.
    Under 'burn' a grounding that decelerates to 0 first needs only the velocity the terrain does not burn off.
    """
    thrust_max = state.max_thrust(vehicle)
    out: list[VariantEnd] = []
    extra = variant_tables().terrain_extra
    shortcut = partial is None and not state.driver_out
    for e in legal_grav_moves(state, vehicle, battlemap, table=movetype_table(table), accelerate=accelerate):
        for path in (e.safest, e.cheapest):
            if shortcut and not path.move.under_water:
                # a path entering no terrain with a surcharge costs what it costs in the basic rules: the engine's
                # account of it is the resolver's (the property tests check this)
                start = move_start(state, path.move, vehicle)
                if not isinstance(start, Refusal) and _surcharge(state, path.move, battlemap, extra) == 0:
                    out.append(_plain_end(e, path, start.velocity, thrust_max))
                    break
            move = VariantMove.of(path.move)
            r = resolve_variant_move(state, move, battlemap, vehicle, rules, table=table, partial=partial)
            if isinstance(r, Refusal) or (r.end_hex, r.end_facing, r.basic.grounds) != (e.hex, e.facing, e.grounded):
                continue
            if r.burned == 0 and r.terrain_surcharge and move.ground and move.decelerate and not r.terrain_thrust:
                less = replace(move, decelerate=max(0, move.decelerate - r.terrain_surcharge))
                r2 = resolve_variant_move(state, less, battlemap, vehicle, rules, table=table, partial=partial)
                if not isinstance(r2, Refusal) and r2.basic.grounding_damage == 0 and r2.end_hex == r.end_hex:
                    r = r2
            out.append(end_of(r, thrust_max))
            break
    return out


def variant_ends(state: GravState, vehicle: VehicleType, battlemap: BattleMap, rules: RuleSet,
                 basic: list, *, table: TerrainTable | None = None,
                 vane_boxes_lost: Mapping[str, int] | None = None) -> list[VariantEnd]:
    """The end states lateral shifts or emergency turns reach (new ones, or known ones more safely), searched at
    `variant_accelerations`, each with its safest path; none when the vehicle is faster than
    `variant_search_cap(rules)` or the search gives up (VAR-LATERAL, VAR-EMERGENCY; docs/decisions.md); the vane
    saves' odds count the vane boxes already lost (`vane_boxes_lost`, per side)."""
    if not any(rules.enabled(r) for r in MOVE_VARIANTS):
        return []
    found: dict[tuple, object] = {}
    for a in variant_accelerations(state, vehicle, rules):
        try:
            ends = variant_end_states(state, vehicle, battlemap, rules, accelerate=a, table=table,
                                      max_emergencies=emergencies_per_path(state, rules),
                                      vane_boxes_lost=vane_boxes_lost)
        except ValueError:
            continue
        for e in ends:  # per end, the safest (then cheapest) variant path over the accelerations searched
            key = (e.hex, e.facing, e.grounded)
            if e.variant_rules and (key not in found or (e.p_no_damage, -e.thrust_used) > (
                    found[key].p_no_damage, -found[key].thrust_used)):
                found[key] = e
    have = {(e.hex, e.facing, e.grounded): e.p_no_damage for e in basic}
    out = []
    for e in found.values():  # kept when it reaches a new end, or an end more safely than every basic path
        key = (e.hex, e.facing, e.grounded)
        if key in have and e.p_no_damage <= have[key]:
            continue
        path = VariantPath(e.move, e.p_no_damage, e.thrust_used, e.variant_rules)
        out.append(VariantEnd((e.hex, e.facing, e.grounded, e.velocity_min, e.velocity_max, path)))
    return out


def variant_path(resolved: VariantResolvedMove) -> tuple[tuple[Hex, int], ...]:
    """The hexes a variant move entered with the facing there; a lateral shift keeps the facing (VAR-LATERAL)."""
    move = resolved.move
    start = resolved.basic.start
    facing = move.initial_facing if move.initial_facing is not None else start.facing
    here = start.hex
    out = []
    for s in move.steps:
        if s == "L":
            facing = (facing - 1) % 6
        elif s == "R":
            facing = (facing + 1) % 6
        else:
            side = {"F": facing, "B": (facing + 3) % 6, "SL": (facing - 1) % 6, "SR": (facing + 1) % 6}[s]
            here = neighbor(here, side)
            out.append((here, facing))
    return tuple(out)


def game_end_states(state: GravState, vehicle: VehicleType, battlemap: BattleMap, rules: RuleSet, *,
                    partial: Mapping[Hex, PartialHex] | None = None, choose=None,
                    table: TerrainTable | None = None, vane_boxes_lost: Mapping[str, int] | None = None) -> list:
    """The legal end states the skirmish offers under its rule set: the engine's (on the variant in-move costs
    under VAR-MOVETYPE, each re-resolved by the variant resolver), plus the ends lateral shifts and emergency
    turns reach (VAR-LATERAL, VAR-EMERGENCY), with positions declared in partly covered end hexes (VAR-OCCUPY,
    `partial`: the map's partly covered hexes; `choose` picks 'in' or 'out' where both reach an end; `table`: the
    terrain table of this move, e.g. speed limits cut after the driver fired, VAR-WEAPONS; `vane_boxes_lost`: per
    side, the vane boxes lost, which lower the emergency turns' odds, VAR-EMERGENCY)."""
    if rules.enabled("VAR-MOVETYPE"):
        ends: list = movetype_ends(state, vehicle, battlemap, rules, table=table)
        # and the 200% road moves (VAR-MOVETYPE): an end they reach at a velocity no other path leaves is a choice
        have: dict[tuple, list] = {}
        for e in ends:
            have.setdefault((e.hex, e.facing, e.grounded), []).append((e.velocity_min, e.velocity_max))
        ends += [e for e in road_ends(state, vehicle, battlemap, rules, table=table)
                 if not any(lo <= e.velocity_min and e.velocity_max <= hi
                            for lo, hi in have.get((e.hex, e.facing, e.grounded), ()))]
    else:
        ends = list(legal_grav_moves(state, vehicle, battlemap, table=table))
    if any(rules.enabled(r) for r in MOVE_VARIANTS):
        ends += variant_ends(state, vehicle, battlemap, rules, ends, table=table, vane_boxes_lost=vane_boxes_lost)
    if partial and rules.enabled("VAR-OCCUPY"):
        ends = occupy_ends(state, vehicle, battlemap, rules, partial, ends, choose, table=table,
                           vane_boxes_lost=vane_boxes_lost)
    return ends


def movetype_lines(unit: str, resolved: VariantResolvedMove, stopped_at: Hex | None = None,
                   burned: int | None = None) -> list[str]:
    """Log lines of a move whose terrain surcharge was burned off or paid in thrust (VAR-MOVETYPE): the hexes
    entered with a surcharge and what they cost; a move stopped at `stopped_at` (grounded or destroyed there)
    counts only the hexes up to it; `burned`: the velocity the move burned off as carried out (damage on the way
    may cut the deceleration and leave more to burn; None: the resolver's). A move wholly along a road that went
    past its velocity says so (200%)."""
    road = [f"  {unit} spends its whole move along the road: 200% movement, {len(resolved.basic.entries)} hexes at "
            f"velocity {abs(resolved.basic.velocity)} ({resolved.road_hexes} beyond it) [VAR-MOVETYPE]"
            ] if resolved.road_hexes else []
    if not resolved.terrain_surcharge:
        return road
    extra = variant_tables().terrain_extra
    entries = list(resolved.basic.entries)
    if stopped_at is not None and any(e.hex == stopped_at for e in entries):
        entries = entries[:next(i for i, e in enumerate(entries) if e.hex == stopped_at) + 1]
    paid = [(e.hex, (extra.get(e.terrain) or {}).get("grav") or 0) for e in entries]
    paid = [(h, n) for h, n in paid if n]
    total = sum(n for _h, n in paid)
    if not paid:
        return road
    if len(entries) < len(resolved.basic.entries):
        how = f"the move stopped in {format_label(stopped_at)}; the hexes after it were never entered"
    elif resolved.terrain_thrust:
        how = f"{resolved.terrain_thrust} TP paid in thrust"
    else:
        burned = resolved.burned if burned is None else burned
        how = f"{burned} burned off the end velocity" + (
            " (it reached velocity 0; the rest is not burned)" if burned < resolved.terrain_surcharge else "")
    hexes = ", ".join(format_label(h) for h, _n in paid)
    return road + [f"  {unit} terrain surcharge {total} VP ({hexes}): {how} [VAR-MOVETYPE]"]


# --- VAR-OCCUPY: partly covered hexes, positions, and the map a shot sees -------------------------------------

_PARTIALS: dict[str, Mapping[Hex, PartialHex]] = {}


def scenario_partial_terrain(scenario) -> Mapping[Hex, PartialHex]:
    """The partly covered hexes of a shipped scenario: its file's optional `partial_terrain` list (the map format's
    field, `centurion.data.partial_hexes`); empty for a scenario without one (VAR-OCCUPY)."""
    from ..data.scenarios import shipped_scenario_path

    key = scenario.key
    if key not in _PARTIALS:  # an earlier edition ("village@2") reads its own file (data/scenarios/editions/)
        try:
            path = shipped_scenario_path(key)
        except ValueError:  # not a shipped scenario: no partial hexes
            path = None
        _PARTIALS[key] = load_partial_terrain(path, scenario.map, known_terrain=frozenset(
            k for k, t in terrain_table().terrain.items() if t.movement_terrain)) if path and path.is_file() else {}
    return _PARTIALS[key]


#: how many ends in the open the skirmish tries to reach more safely through open parts of wood edges, per move
OUT_THROUGH_MAX = 16


def occupy_ends(state: GravState, vehicle: VehicleType, battlemap: BattleMap, rules: RuleSet,
                parts: Mapping[Hex, PartialHex], ends: list,
                choose: Callable[[VariantEnd, VariantEnd], VariantEnd] | None = None, *,
                table: TerrainTable | None = None, vane_boxes_lost: Mapping[str, int] | None = None) -> list:
    """The end states with positions declared in partly covered end hexes (VAR-OCCUPY).

    'in' paths are the ones already found (the basic reading), now declaring 'in' on entering their end hex; 'out'
    paths are searched by the engine on the map with every partly covered hex read as its open part, each
    declaring 'out' in every such hex it enters, and kept when the variant resolver accepts them on the real map
    (a covered hexside or a feature crossed forces 'in'). Where both reach an end in a partly covered hex,
    `choose` picks (default: the safer, 'in' on a tie). An end in the open takes a path through open parts when
    that is safer than every other path to it, or reaches it at all: the `OUT_THROUGH_MAX` most improved such ends
    are resolved (a bound on the work, by the improvement in the chance of no damage, so it replays exactly).
    """
    thrust_max = state.max_thrust(vehicle)
    key = itemgetter(0, 1, 2)
    out: dict[tuple, VariantEnd] = {}
    om = out_map(battlemap, parts)
    search = movetype_table(table) if rules.enabled("VAR-MOVETYPE") else table
    known = {key(e): e.p_no_damage for e in ends}
    candidates, through = [], []
    for e in legal_grav_moves(state, vehicle, om, table=search):
        if e.hex in parts:
            candidates.append(e)
            continue
        gain = e.p_no_damage - known.get(key(e), 0)
        if gain > 0:  # through the open part of a wood's edge, more safely (or only so)
            through.append((-gain, e.hex.q, e.hex.r, e.facing, e.grounded, e))
    candidates += [t[-1] for t in sorted(through, key=lambda t: t[:5])[:OUT_THROUGH_MAX]]
    for e in candidates:
        for path in (e.safest, e.cheapest):
            probe = resolve_variant_move(state, VariantMove.of(path.move), om, vehicle, rules, table=table,
                                         vane_boxes_lost=vane_boxes_lost)
            if isinstance(probe, Refusal) or not probe.basic.entries:
                continue
            move = replace(VariantMove.of(path.move), positions=tuple(
                (en.step, "out") for en in probe.basic.entries if en.hex in parts))
            r = resolve_variant_move(state, move, battlemap, vehicle, rules, partial=parts, table=table,
                                     vane_boxes_lost=vane_boxes_lost)
            if not isinstance(r, Refusal) and (r.end_hex, r.end_facing, r.basic.grounds) == key(e):
                out[key(e)] = end_of(r, thrust_max)
                break
    result = []
    for e in ends:
        if e.hex not in parts:
            other = out.pop(key(e), None)
            result.append(other if other is not None and other.p_no_damage > e.p_no_damage else e)
            continue
        move = e.safest.move if isinstance(e.safest.move, VariantMove) else VariantMove.of(e.safest.move)
        probe = resolve_variant_move(state, move, battlemap, vehicle, rules, partial=parts, table=table,
                                     vane_boxes_lost=vane_boxes_lost)
        inside = e
        if not isinstance(probe, Refusal) and probe.basic.entries and probe.basic.entries[-1].hex == e.hex:
            last = probe.basic.entries[-1].step
            declared = replace(move, positions=move.positions + ((last, "in"),))
            r = resolve_variant_move(state, declared, battlemap, vehicle, rules, partial=parts, table=table,
                                     vane_boxes_lost=vane_boxes_lost)
            if not isinstance(r, Refusal) and (r.end_hex, r.end_facing, r.basic.grounds) == key(e):
                inside = end_of(r, thrust_max)
        other = out.pop(key(e), None)
        if other is None:
            result.append(inside)
        elif choose is not None:
            result.append(choose(inside, other))
        else:
            result.append(other if other.p_no_damage > inside.p_no_damage else inside)
    result += out.values()  # ends only the open parts reach
    return result


def end_position(resolved: VariantResolvedMove, before: str) -> str:
    """Where the unit stands after the move: the position declared on entering its end hex, '' (the basic reading)
    when it entered its end hex without one, the position it had when it entered no hex (VAR-OCCUPY)."""
    if not resolved.basic.entries:
        return before
    for h, pos, _terrain, _level in resolved.positions:
        if h == resolved.end_hex:
            return pos
    return ""


def occupy_lines(unit: str, resolved: VariantResolvedMove) -> list[str]:
    """Log lines of the positions a move declared in partly covered hexes (VAR-OCCUPY)."""
    return [f"  {unit} stands {'out in the open part' if pos == 'out' else 'in the cover'} of {format_label(h)} "
            f"({pos!r}: {terrain.replace('_', ' ')}, level {level}) [VAR-OCCUPY]"
            for h, pos, terrain, level in resolved.positions]


# --- VAR-OCCUPY in the game: what the skirmish hands the rules ------------------------------------------------

def occupy_parts(game) -> Mapping[Hex, PartialHex]:
    """The game's partly covered hexes when VAR-OCCUPY is on (its scenario's `partial_terrain`), else none."""
    return scenario_partial_terrain(game.scenario) if game.rules.enabled("VAR-OCCUPY") else {}


def _stand(game, key: str | None) -> tuple[Hex, str] | None:
    if key is None or not occupy_parts(game):
        return None
    v = next((x for x in game.vehicles if x.key == key), None)
    return (v.hex, v.occupy) if v is not None and v.occupy else None


def fire_map(game, firer: str, target: str | None) -> BattleMap:
    """The map a shot or paint from `firer` at `target` sees: each of the two vehicles' hexes read as the part it
    stands in (VAR-OCCUPY); the game's map when neither declared a position (the basic reading)."""
    return shot_map(game.battlemap, occupy_parts(game), _stand(game, firer), _stand(game, target))


def positions_in_play(game) -> bool:
    """Whether any vehicle stands in a declared position, so that shots need their own map (VAR-OCCUPY)."""
    return bool(occupy_parts(game)) and any(v.occupy for v in game.vehicles)


def _max_range(vehicle) -> int:
    return max((w.range for w in vehicle.sheet.vehicle.weapons), default=0)


def position_chooser(game, key: str) -> Callable[[VariantEnd, VariantEnd], VariantEnd]:
    """How the skirmish (and so the computer) picks a position where both reach an end (VAR-OCCUPY): 'out' when
    only the open part gives it a line of sight to an enemy in its weapons' range; else 'in' when an enemy in
    range sees the hex (the cover counts); else the safer move ('in' on a tie)."""
    from ..hexgrid import distance
    from ..rules.sight import line_of_sight

    v = game.vehicle(key)
    enemies = [x for x in game.live_vehicles(game.other(v.side))]
    bm, parts, reach = game.battlemap, occupy_parts(game), _max_range(v)

    def sees(h: Hex, level: int) -> bool:
        return any(distance(h, x.hex) <= reach and line_of_sight(bm, h, x.hex, level_a=level) for x in enemies)

    def seen(h: Hex, level: int) -> bool:
        return any(distance(h, x.hex) <= _max_range(x) and line_of_sight(bm, x.hex, h, level_b=level)
                   for x in enemies)

    def choose(inside: VariantEnd, outside: VariantEnd) -> VariantEnd:
        part = parts[inside.hex]
        if sees(inside.hex, part.open_level) and not sees(inside.hex, part.level):
            return outside
        if seen(inside.hex, part.level) or seen(inside.hex, part.open_level):
            return inside
        return outside if outside.p_no_damage > inside.p_no_damage else inside

    return choose


def occupy_options(game, key: str) -> dict:
    """The keyword arguments `game_end_states` takes for VAR-OCCUPY in this game (none when it is off)."""
    parts = occupy_parts(game)
    return {"partial": parts, "choose": position_chooser(game, key)} if parts else {}


def occupy_map_for(game: GameState) -> Callable[[object, object], BattleMap]:
    """The map each firer and target see (VAR-OCCUPY), for the rules' `resolve_painting` and `combat_phase`."""
    return lambda firer, target: fire_map(game, firer, target)


# --- the computer and the variant moves -----------------------------------------------------------------------

#: what the computer adds to an end state's quick score for facing the nearest enemy within its weapons' reach
#: (front armour and hull weapons toward it) when lateral shifts or emergency turns are on: they are the ways to
#: keep or gain that facing while moving
FACING_ENEMY_BONUS = 1.0
#: and for an end reached by a lateral shift: a tie-break (the quick score cannot see what keeping the facing
#: while sliding sideways is worth; among otherwise equal ends the computer takes the shift)
LATERAL_TIE_BREAK = 0.05
#: and for an end the 200% road movement reaches (VAR-MOVETYPE): there at a lower velocity than the other paths
#: to it, so freer to turn, stop or speed up next turn; a tie-break too
ROAD_TIE_BREAK = 0.05


def variant_move_bonus(game: GameState, vehicle: Vehicle, ends: list, enemies: list) -> np.ndarray | float:
    """Per end state, the computer's extra quick score under VAR-LATERAL / VAR-EMERGENCY: FACING_ENEMY_BONUS when
    the end faces the nearest enemy within reach (its hull front arc holds it), LATERAL_TIE_BREAK for an end a
    lateral shift reaches, ROAD_TIE_BREAK for one the 200% road movement reaches (VAR-MOVETYPE). 0 with the
    switches off, so the basic computer plays exactly as before."""
    import numpy as np

    from ..hexgrid import distance
    from ..rules.targets import in_arc

    if game.rules.enabled("VAR-MOVETYPE") and not any(game.rules.enabled(r) for r in MOVE_VARIANTS):
        return np.array([ROAD_TIE_BREAK if isinstance(e, VariantEnd) and e.safest.road else 0.0 for e in ends])
    if not enemies or not any(game.rules.enabled(r) for r in MOVE_VARIANTS):
        return 0.0
    reach = _max_range(vehicle)
    out = np.zeros(len(ends))
    for i, e in enumerate(ends):
        if isinstance(e, VariantEnd) and e.safest.road:
            out[i] += ROAD_TIE_BREAK
        near = min(enemies, key=lambda x: distance(e.hex, x.hex))
        if distance(e.hex, near.hex) <= reach and in_arc("hull", e.facing, e.facing, e.hex, near.hex):
            out[i] = FACING_ENEMY_BONUS
        if isinstance(e, VariantEnd) and "VAR-LATERAL" in e.safest.variant_rules:
            out[i] += LATERAL_TIE_BREAK
    return out


#: how many of the best variant end states (by quick score) the computer always weighs exactly
VARIANT_CANDIDATES = 2


def with_variant_candidates(ends: list, quick: np.ndarray, order: np.ndarray) -> np.ndarray:
    """The computer's candidate order with the best `VARIANT_CANDIDATES` ends reached by lateral shifts, emergency
    turns or the 200% road movement (VAR-MOVETYPE) placed second (weighed exactly even when the quick score, blind
    to facing and arcs, ranks them lower); unchanged when there are none (the basic game)."""
    import numpy as np

    variant = [i for i, e in enumerate(ends) if isinstance(e, VariantEnd) and (
        "VAR-LATERAL" in e.safest.variant_rules or "VAR-EMERGENCY" in e.safest.variant_rules or e.safest.road)]
    if not variant:
        return order
    have = set(order.tolist())
    best = [i for i in sorted(variant, key=lambda i: -quick[i]) if i not in have][:VARIANT_CANDIDATES]
    if not best:
        return order
    return np.concatenate([order[:1], np.array(best, dtype=order.dtype), order[1:]])
