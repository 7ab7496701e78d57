"""A grav move under the variant rules checked hex by hex, and carried out with the dice: lateral shifts, emergency
turns, variant terrain costs, positions declared in partly covered hexes (VAR-LATERAL, VAR-EMERGENCY,
VAR-MOVETYPE, VAR-OCCUPY, with CEN-GRAV, CEN-TER, CEN-SPD, CEN-GRD and CEN-CRT-1).

`centurion.variants.movement` re-exports these names (its module text describes the steps).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..data import BattleMap, TerrainTable, VehicleType
from ..data.partial_hexes import PartialHex
from ..data.variant_tables import variant_tables
from ..dice import Dice
from ..hexgrid import Hex, format_label, neighbor, turn
from ..rules.grav import move_form_refusal, move_start
from ..rules.grav_execution import DamageRule, MoveReport, execute_grav_move
from ..rules.grav_types import GravMove, GravState, HexEntry, ResolvedMove, facing_change_interval
from ..rules.refusal import Refusal
from ..rules.speed import grounding_damage
from ..rules.terrain import craters_free, entry_cost, grav_speed_limit, hex_speed_limit, vp_cost
from .occupy import declare_position
from .ruleset import RuleSet
from .vanes import VaneResult, roll_vane_saves, vane_odds
from .variant_move import SIDE, STEPS, EmergencyTurn, LateralShift, VariantMove, VariantResolvedMove


def variant_entry_cost(battlemap: BattleMap, here: Hex, dest: Hex, table: TerrainTable | None, rules: RuleSet,
                       under_water: bool) -> tuple[int | None, int, str, int]:
    """(VP, speed limit, terrain key, surcharge): under VAR-MOVETYPE a grav hex costs 1 VP plus the slope; the
    Variant Terrain Table's extra cost (assumptions) is burned off or paid in thrust."""
    cost, limit, key = entry_cost(battlemap, here, dest, "grav", table=table, submerged=under_water)
    if cost is None or not rules.enabled("VAR-MOVETYPE"):
        return cost, limit, key, 0
    extra = variant_tables().terrain_extra.get(key)
    if extra is None or extra.get("grav") is None:
        return cost, limit, key, 0
    a, b = battlemap[here], battlemap[dest]
    base = vp_cost("clear", a.level, b.level, mover="grav", table=table)
    return (cost if base is None else base), limit, key, extra["grav"]


def _occupy_cost(battlemap: BattleMap, here: Hex, dest: Hex, parts: Mapping[Hex, PartialHex], pos: str | None,
                 levels: Mapping[Hex, int], table: TerrainTable | None,
                 rules: RuleSet) -> tuple[int | None, int, str, int]:
    """Entry cost with declared positions: the open part's terrain and level in `dest` when it stands 'out',
    the level of its declared position in `here` (VAR-OCCUPY)."""
    cell = battlemap[dest]
    part = parts.get(dest)
    key, to_level = cell.movement_terrain, cell.level
    if part is not None and pos is not None:
        key, to_level = (part.terrain, part.level) if pos == "in" else (part.open, part.open_level)
    from_level = levels.get(here, battlemap[here].level)
    cost = vp_cost(key, from_level, to_level, mover="grav", table=table)
    limit = grav_speed_limit(hex_speed_limit(key, from_level, to_level, table=table), cell)  # smoke (book-b §10.3)
    surcharge = 0
    if cost is not None and rules.enabled("VAR-MOVETYPE"):
        extra = variant_tables().terrain_extra.get(key)
        if extra is not None and extra.get("grav") is not None:
            cost = vp_cost("clear", from_level, to_level, mover="grav", table=table)
            surcharge = extra["grav"]
    return cost, limit, key, surcharge


def resolve_variant_move(state: GravState, move: VariantMove | GravMove, battlemap: BattleMap, vehicle: VehicleType,
                         rules: RuleSet, *, table: TerrainTable | None = None,
                         craters_taken: Mapping[Hex, int] | None = None,
                         vane_boxes_lost: Mapping[str, int] | None = None,
                         partial: Mapping[Hex, PartialHex] | None = None) -> VariantResolvedMove | Refusal:
    """Check a grav move under the rule set (CEN-GRAV, CEN-TER, CEN-SPD, CEN-GRD, CEN-CRT-1, VAR-LATERAL,
    VAR-EMERGENCY, VAR-MOVETYPE, VAR-OCCUPY); never changes `state`. `vane_boxes_lost`: per side, for the vane
    saves. `partial`: the map's partly covered hexes (`centurion.data.partial_hexes`): a hex entered with a
    declared position ('out') costs, limits and sets the level as its open part (VAR-OCCUPY)."""
    if isinstance(move, GravMove):
        move = VariantMove.of(move)
    boxes = dict(vane_boxes_lost or {})
    refused = move_form_refusal(state, move, battlemap, vehicle, STEPS, "F, B, L and R (SL and SR with VAR-LATERAL)")
    if refused is not None:
        return refused
    parts = partial or {}
    declared = dict(move.positions)
    levels: dict[Hex, int] = {}  # the level of the position declared in a hex entered (VAR-OCCUPY)
    if declared and not rules.enabled("VAR-OCCUPY"):
        return Refusal("VAR-OCCUPY", "declaring a position in a hex needs the variant rule VAR-OCCUPY, which is off "
                       "in this game")
    for i, s in enumerate(move.steps):
        if s in ("SL", "SR") and not rules.enabled("VAR-LATERAL"):
            return Refusal("VAR-LATERAL", "a lateral shift needs the variant rule VAR-LATERAL, which is off in this "
                           "game", i)
    start = move_start(state, move, vehicle)
    if isinstance(start, Refusal):
        return start
    moving, down, lift, thrust_max, total, v, facing = start

    interval = facing_change_interval(v)
    # VAR-MOVETYPE: a grav vehicle whose whole move runs along a road gets 200% movement (the seed); the extra
    # VP are held while every hex entered is along the road, lost at the first hex off it, and never forced
    bonus = abs(v) if (rules.enabled("VAR-MOVETYPE") and not move.under_water and v != 0 and
                       any(battlemap.along_road(state.hex, neighbor(state.hex, d)) for d in range(6)
                           if neighbor(state.hex, d) in battlemap)) else 0
    vp_left = abs(v) + bonus
    here = state.hex
    straight = 0
    entries: list[HexEntry] = []
    turns: list[tuple[int, Hex, int]] = []
    shifts: list[LateralShift] = []
    emergencies: list[EmergencyTurn] = []
    surcharge_total = 0
    hex_steps = 0
    submerged = state.submerged and move.accelerate == 0 and not move.steps
    one_hex_used = False
    dig_hex = state.hex if move.dig_at == 0 else None
    movetype = rules.option("VAR-MOVETYPE")
    if movetype == "thrust" and state.driver_out:
        movetype = "burn"  # nobody at the helm applies thrust: the surcharge is burned off (docs/decisions.md)

    def spent_so_far() -> int:
        thrust = total + len(shifts) + sum(e.thrust for e in emergencies)
        return thrust + (surcharge_total if movetype == "thrust" else 0)

    for i, step in enumerate(move.steps):
        shift = step in ("SL", "SR")
        if step in ("L", "R") or shift:
            side = SIDE[step]
            turn_step = "L" if side == "left" else "R"
            what = "shift" if shift else "turn"
            if not state.may_turn(turn_step):
                why = ("the driver is out (or the Helm lost): the vehicle goes straight on" if state.driver_out else
                       f"the {side} vane is lost: no more {what}s that way")
                return Refusal("CEN-CMB-1", why, i)
            if v == 0 and state.velocity != 0:
                return Refusal("CEN-GRAV-4", "only a vehicle that started the turn at velocity 0 may change facing in "
                               f"its hex; it started at {state.velocity}", i)
            if interval and straight < interval:
                if not rules.enabled("VAR-EMERGENCY") or straight == 0:
                    hexes = "hex" if interval == 1 else "hexes"
                    extra = "" if not rules.enabled("VAR-EMERGENCY") else (
                        "; an emergency turn (VAR-EMERGENCY) still needs one hex straight since the last turn")
                    return Refusal("CEN-GRAV-4", f"at velocity {v} the vehicle must travel {interval} {hexes} straight "
                                   f"before a {what}; it has travelled {straight}{extra}", i)
                tp = interval - straight
                lost = boxes.get(side, 0)
                try:
                    odds = vane_odds(tp, vane_boxes_lost=lost)
                except ValueError as exc:
                    return Refusal("VAR-EMERGENCY", str(exc).removeprefix("VAR-EMERGENCY: "), i)
                emergencies.append(EmergencyTurn(i, side, here, tp, straight, interval, odds))
                if spent_so_far() > thrust_max:
                    return Refusal("VAR-EMERGENCY", f"the emergency {what} needs {tp} TP pumped into the {side} vane; "
                                   f"with the rest of the move that is {spent_so_far()} thrust points, the "
                                   f"{vehicle.label} has {thrust_max}", i)
            if not shift:
                facing = turn(facing, -1 if step == "L" else 1)
                straight = 0
                turns.append((i, here, facing))
                continue
        # a hex is entered: ahead, behind, or (a lateral shift) ahead-left / ahead-right
        if v == 0:
            return Refusal("CEN-GRAV-2", "at velocity 0 the vehicle spends no VP and cannot leave its hex", i)
        if step == "F" and v < 0:
            return Refusal("CEN-GRAV-5", f"at velocity {v} the vehicle moves backwards (step B), not forwards", i)
        if step == "B" and v > 0:
            return Refusal("CEN-GRAV-5", f"at velocity {v} the vehicle moves forwards (step F); only a negative "
                           "velocity moves it backwards", i)
        if one_hex_used:
            return Refusal("CEN-GRAV-3", f"the one-hex rule let it enter {format_label(here)} as its only hex this "
                           "turn; it cannot move further", i)
        if vp_left == 0:
            return Refusal("CEN-GRAV-2", f"all {abs(v) + bonus} VP are spent; the vehicle cannot enter another hex"
                           + (" (200% along the road, VAR-MOVETYPE)" if bonus else ""), i)
        ahead = facing if v > 0 else (facing + 3) % 6
        if shift:
            # forward-left is the hexside left of the one faced; reversing, the side hexes behind (decision)
            direction = (ahead + (-1 if step == "SL" else 1) * (1 if v > 0 else -1)) % 6
        else:
            direction = ahead
        dest = neighbor(here, direction)
        where = (f"{SIDE[step]}-{'forward' if v > 0 else 'backward'}" if shift else
                 "ahead" if step == "F" else "behind")
        if dest not in battlemap:
            return Refusal("HEX-4", f"the hex {where} of {format_label(here)} is off the map", i)
        if move.under_water and not battlemap[dest].lake:
            return Refusal("CEN-GRD-2", f"under water the vehicle can only move into lake hexes; {format_label(dest)} "
                           f"is {battlemap[dest].terrain.replace('_', ' ')}", i)
        cost, limit, key, surcharge = variant_entry_cost(battlemap, here, dest, table, rules, move.under_water)
        if bonus and not battlemap.along_road(here, dest):  # off the road: the 200% is lost (VAR-MOVETYPE)
            vp_left -= bonus
            bonus = 0
            if vp_left <= 0:
                return Refusal("VAR-MOVETYPE", f"{format_label(dest)} is off the road: the 200% movement holds only "
                               f"for a move spent wholly on the road, and the {abs(v)} VP of velocity {v} are "
                               "spent", i)
        if declared and (i in declared or here in levels) and key != "road" and not move.under_water:
            cost, limit, key, surcharge = _occupy_cost(battlemap, here, dest, parts, declared.get(i), levels, table,
                                                       rules)
            if dest in parts and i in declared:
                pos = declared[i]
                part = parts[dest]
                levels[dest] = part.level if pos == "in" else part.open_level
        if cost is None:
            return Refusal("CEN-TER-1", f"{key.replace('_', ' ')} at {format_label(dest)} is prohibited to grav "
                           "vehicles", i)
        one_hex = False
        if cost > vp_left:
            if hex_steps == 0 and not shift:
                one_hex, one_hex_used = True, True
            else:
                rule = "VAR-LATERAL" if shift else "CEN-GRAV-2"
                return Refusal(rule, f"entering {format_label(dest)} costs {cost} VP; only {vp_left} VP "
                               f"{'is' if vp_left == 1 else 'are'} left", i)
        if shift:
            shifts.append(LateralShift(i, SIDE[step], here, dest, cost))
        surcharge_total += surcharge
        if spent_so_far() > thrust_max:
            what = ("the lateral shift's thrust point" if shift and not surcharge else
                    f"{surcharge} TP for the {key.replace('_', ' ')} (VAR-MOVETYPE)" if surcharge else "this hex")
            return Refusal("VAR-LATERAL" if shift and not surcharge else "VAR-MOVETYPE",
                           f"{what} brings the move to {spent_so_far()} thrust points; the {vehicle.label} has "
                           f"{thrust_max}", i)
        check = state.check(v, limit, move.odd_group_to)
        vp_left = 0 if one_hex else vp_left - cost
        entries.append(HexEntry(i, dest, format_label(dest), key, cost, vp_left, check.speed_limit, check, one_hex,
                                limit, battlemap[dest].lake))
        here = dest
        hex_steps += 1
        straight = 0 if shift else straight + 1
        if move.dig_at == hex_steps:
            dig_hex = here

    placed: list[tuple[Hex, str, str, int]] = []
    by_step = {e.step: n for n, e in enumerate(entries)}
    for i, pos in sorted(declared.items()):
        if i not in by_step:
            return Refusal("VAR-OCCUPY", f"step {i} enters no hex: a position is declared on entering a hex")
        n = by_step[i]
        src = entries[n - 1].hex if n else state.hex
        dst = entries[n].hex
        nxt = entries[n + 1].hex if n + 1 < len(entries) else None
        where = declare_position(rules, battlemap, parts, src, dst, pos, exit_to=nxt)
        if isinstance(where, Refusal):
            return replace(where, step=i)
        placed.append((dst, pos, *where))

    if move.dig_at is not None:
        if not 0 <= move.dig_at <= hex_steps:
            return Refusal("CEN-CRT-1", f"dig_at {move.dig_at} names no hex of this move (0..{hex_steps})")
        if state.digging_charges <= 0:
            return Refusal("CEN-CRT-1", "the digging cannon has no charges left")
        if battlemap[dig_hex].lake:
            return Refusal("CEN-CRT-1", f"no crater can be dug in the lake hex {format_label(dig_hex)}")

    if state.driver_out and vp_left > 0 and v != 0:
        ahead_hex = neighbor(here, facing if v > 0 else (facing + 3) % 6)
        cost = entry_cost(battlemap, here, ahead_hex, "grav", table=table)[0] if ahead_hex in battlemap else None
        if cost is not None and (cost <= vp_left or hex_steps == 0):
            return Refusal("CEN-CMB-1", f"the driver is out (or the Helm lost): the vehicle goes straight on; it can "
                           f"still enter {format_label(ahead_hex)}")
    end_v = v - move.decelerate
    burned = 0
    if movetype == "burn" and surcharge_total:
        burned = min(surcharge_total, abs(end_v))
        end_v = end_v - burned if end_v > 0 else end_v + burned
    road_hexes = max(0, abs(v) + bonus - vp_left - abs(v)) if bonus else 0
    vp_left = max(0, vp_left - bonus)  # the road's extra VP need not be spent (VAR-MOVETYPE)
    forced = None
    if vp_left > 0 and v != 0:
        forced = "CEN-GRAV-2"
    if state.driver_out and move.ground and forced is None:
        return Refusal("CEN-CMB-1", "the driver is out (or the Helm lost): the vehicle flies straight on and grounds "
                       "only when it cannot go further")
    grounds = move.ground or forced is not None
    if down and not moving:
        grounds = True
    if move.under_water and moving:
        grounds = True
    in_water = grounds and battlemap[here].lake
    damage = grounding_damage(end_v, in_water=in_water) if grounds else 0
    if down and not moving and state.in_crater:
        free = 1
    else:
        free = craters_free(battlemap, here, (craters_taken or {}).get(here, 0), dug=dig_hex == here) if (
            grounds and not in_water) else 0
    if move.take_crater and not free:
        why = ("only a vehicle that ends its move grounded can take a crater" if not grounds or in_water else
               f"no free crater in {format_label(here)} (one vehicle per crater)")
        return Refusal("CEN-CRT-1", why)
    in_crater = bool(free) and move.take_crater is not False
    notes = []
    if any(e.one_hex_rule for e in entries):
        notes.append("CEN-GRAV-3: the one-hex rule paid for the only hex entered")
    if submerged:
        notes.append("CEN-GRD-2: stays under water")
    vnotes = [f"VAR-LATERAL: shift {s.side} into {format_label(s.to_hex)} for 1 TP + {s.vp} VP" for s in shifts]
    vnotes += [f"VAR-EMERGENCY: {e.side} {'shift' if move.steps[e.step] in ('SL', 'SR') else 'turn'} after "
               f"{e.straight} of {e.required} straight hexes: {e.thrust} TP into the vane, saves "
               f"{'/'.join(map(str, e.odds.targets))}" for e in emergencies]
    if surcharge_total:
        vnotes.append(f"VAR-MOVETYPE: terrain surcharge {surcharge_total} " + (
            f"burned off the end velocity ({burned})" if movetype == "burn" else "paid in thrust"))
    basic = ResolvedMove(
        start=state, move=move.basic(), velocity=v, lift_tp=lift, entries=tuple(entries), turns=tuple(turns),
        vp_spent=abs(v) - vp_left + road_hexes, vp_unspent=vp_left, thrust_max=thrust_max, end_hex=here,
        end_facing=facing,
        end_velocity=end_v, grounds=grounds, forced_grounding=forced, grounding_damage=damage, in_water=in_water,
        dig_hex=dig_hex, notes=tuple(notes), in_crater=in_crater, vehicle_thrust=vehicle.max_thrust,
    )
    vnotes += [f"VAR-OCCUPY: stands {'out in' if pos == 'out' else 'in the cover of'} {format_label(h)} "
               f"({terrain.replace('_', ' ')}, level {level})" for h, pos, terrain, level in placed]
    if road_hexes:
        vnotes.append(f"VAR-MOVETYPE: the whole move along the road, 200% movement: {road_hexes} hex(es) beyond "
                      f"velocity {abs(v)}")
    return VariantResolvedMove(basic, move, rules, tuple(shifts), tuple(emergencies), surcharge_total,
                               surcharge_total if movetype == "thrust" else 0, burned, tuple(vnotes), tuple(placed),
                               road_hexes)


@dataclass(frozen=True)
class VariantMoveReport:
    """The engine's report of a variant move plus the vane saves rolled for its emergency turns (VAR-EMERGENCY)."""

    report: MoveReport
    vanes: tuple[VaneResult, ...]
    state: GravState


def execute_variant_move(resolved: VariantResolvedMove, dice: Dice,
                         vane_boxes_lost: Mapping[str, int] | None = None, *,
                         damage: DamageRule | None = None,
                         resume: tuple[int, GravState] | None = None) -> VariantMoveReport:
    """Carry out a resolved variant move: the engine's piloting rolls and grounding, then each emergency turn's
    vane saves in order (VAR-EMERGENCY). A vane that burns out is marked lost on the end state. `resume`: as in
    execute_grav_move (the rest of the move after opportunity fire, CEN-OPP-1).

    Terrain burned off (VAR-MOVETYPE 'burn') is handed to the engine as `burn`, which it takes off the end velocity
    after its own cuts of the deceleration for damage on the way (it costs no thrust), before a grounding.
    """
    burn = resolved.terrain_surcharge if not resolved.terrain_thrust else 0  # not paid in thrust: burned
    report = execute_grav_move(resolved.basic, dice, damage=damage, burn=burn,  # `damage`: as in execute_grav_move
                               resume=resume)
    boxes = dict(vane_boxes_lost or {})
    results: list[VaneResult] = []
    state = report.state
    for e in resolved.emergencies:
        r = roll_vane_saves(dice, e.thrust, side=e.side, vane_boxes_lost=boxes.get(e.side, 0))
        boxes[e.side] = boxes.get(e.side, 0) + r.boxes_lost
        if boxes[e.side] >= variant_tables().vane_boxes or r.burned_out:
            state = replace(state, **{f"{e.side}_vane_lost": True})
        results.append(r)
    return VariantMoveReport(report, tuple(results), state)
