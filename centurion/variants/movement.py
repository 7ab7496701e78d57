"""A grav move under the variant rules: lateral shifts, emergency turns, variant terrain costs
(VAR-LATERAL, VAR-EMERGENCY, VAR-MOVETYPE for grav vehicles).

`resolve_variant_move` validates a `VariantMove` step by step with the engine's public pieces
(`entry_cost`, the vehicle's speed check, `facing_change_interval`, `lift_cost`) and returns a
`VariantResolvedMove` (the engine's `ResolvedMove` for the hexes, rolls and grounding, plus the variant
steps with their thrust and odds) or a `Refusal`. With every switch off and only F/B/L/R steps it gives
exactly what `centurion.rules.resolve_grav_move` gives (a property test checks this on random moves).

Steps: F, B (a hex ahead / behind), L, R (a one-hexside turn), SL, SR (VAR-LATERAL: one hex to the
forward-left or forward-right, backward-left or -right when reversing, facing unchanged). A turn or a shift
made before the Facing Change Table allows it is an emergency turn when VAR-EMERGENCY is on: the missing
straight hexes are paid in thrust and the vane rolls its three saves.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction

from ..data import BattleMap, TerrainTable, VehicleType
from ..data.partial_hexes import PartialHex
from ..data.variant_tables import variant_tables
from ..dice import Dice
from ..hexgrid import Hex, format_label, neighbor, turn
from ..rules.grav import (
    DamageRule,
    GravMove,
    GravState,
    HexEntry,
    MoveReport,
    Refusal,
    ResolvedMove,
    execute_grav_move,
    facing_change_interval,
    lift_cost,
    move_form_refusal,
    move_start,
)
from ..rules.speed import grounding_damage
from ..rules.terrain import craters_free, entry_cost, hex_speed_limit, vp_cost
from .occupy import declare_position
from .ruleset import RuleSet
from .vanes import VaneOdds, VaneResult, roll_vane_saves, vane_odds

STEPS = ("F", "B", "L", "R", "SL", "SR")
_STEP_SET = frozenset(STEPS)
SIDE = {"L": "left", "R": "right", "SL": "left", "SR": "right"}


def parse_steps(steps: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Steps from 'F F SL R' or a sequence; letters F, B, L, R may also run together ('FFR')."""
    if type(steps) is tuple and all(type(t) is str and t in _STEP_SET for t in steps):
        return steps  # already parsed (the legal-moves search builds thousands of moves)
    if isinstance(steps, str):
        steps = steps.replace(",", " ").split()
    out: list[str] = []
    for token in steps:
        t = str(token).strip().upper()
        if t in ("SL", "SR"):
            out.append(t)
        else:
            out.extend(t)
    return tuple(out)


@dataclass(frozen=True)
class VariantMove:
    """A grav move that may hold lateral shifts (SL, SR) and emergency turns (VAR-LATERAL, VAR-EMERGENCY).

    The fields mean what `GravMove`'s mean (CEN-GRAV-1..6, CEN-CRT-1).
    """

    accelerate: int = 0
    steps: tuple[str, ...] = ()
    decelerate: int = 0
    ground: bool = False
    initial_facing: int | None = None
    dig_at: int | None = None
    odd_group_to: str = "front"
    under_water: bool = False
    take_crater: bool | None = None
    positions: tuple[tuple[int, str], ...] = ()  # VAR-OCCUPY: (step index, 'in' or 'out') in partly covered hexes

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", parse_steps(self.steps))
        object.__setattr__(self, "positions", tuple((int(i), str(p)) for i, p in dict(self.positions).items()))

    @classmethod
    def of(cls, move: GravMove) -> VariantMove:
        """The same move as a basic `GravMove`."""
        return cls(move.accelerate, move.steps, move.decelerate, move.ground, move.initial_facing, move.dig_at,
                   move.odd_group_to, move.under_water, move.take_crater)

    def basic(self) -> GravMove:
        """The move as the basic engine sees it: lateral shifts left out (they are hexes it cannot express)."""
        return GravMove(self.accelerate, tuple(s for s in self.steps if s in ("F", "B", "L", "R")), self.decelerate,
                        self.ground, self.initial_facing, self.dig_at, self.odd_group_to, self.under_water,
                        self.take_crater)

    def describe(self) -> str:
        """'face 1, accelerate 2, F SL F R, decelerate 1': `GravMove.describe`'s words, plus shifts and positions."""
        parts = []
        if self.initial_facing is not None:
            parts.append(f"face {self.initial_facing}")
        if self.accelerate:
            parts.append(f"accelerate {self.accelerate}")
        parts.append(" ".join(self.steps) if self.steps else "no hexes")
        if self.decelerate:
            parts.append(f"decelerate {self.decelerate}")
        if self.ground:
            parts.append("ground")
        if self.positions:  # VAR-OCCUPY: the position declared on entering a partly covered hex
            parts.append(", ".join(f"{pos} at step {i + 1}" for i, pos in self.positions))
        return ", ".join(parts)


@dataclass(frozen=True)
class LateralShift:
    """A lateral shift: step index, from where to where, its thrust point and VP (VAR-LATERAL)."""

    step: int
    side: str
    from_hex: Hex
    to_hex: Hex
    vp: int
    thrust: int = 1


@dataclass(frozen=True)
class EmergencyTurn:
    """A turn (or shift) made early: thrust pumped into the vane and the odds of its three saves (VAR-EMERGENCY)."""

    step: int
    side: str
    hex: Hex
    thrust: int
    straight: int  # hexes travelled straight before it
    required: int  # what the Facing Change Table asks
    odds: VaneOdds


@dataclass(frozen=True)
class VariantResolvedMove:
    """A legal variant move: the engine's `ResolvedMove` plus the variant steps, their thrust and odds.

    `basic` carries the hexes entered (lateral shifts included), the turns, the piloting checks, the end state
    and the grounding. `thrust_used` counts acceleration, deceleration, lateral shifts, emergency thrust and
    thrust paid for terrain (VAR-MOVETYPE 'thrust'); `burned` is the velocity burned off by terrain
    (VAR-MOVETYPE 'burn'), already taken off `basic.end_velocity`.
    """

    basic: ResolvedMove
    move: VariantMove
    rules: RuleSet
    shifts: tuple[LateralShift, ...] = ()
    emergencies: tuple[EmergencyTurn, ...] = ()
    terrain_surcharge: int = 0  # VAR-MOVETYPE: the extra VP of the hexes entered
    terrain_thrust: int = 0  # ... paid in thrust
    burned: int = 0  # ... burned off the end velocity
    notes: tuple[str, ...] = field(default=())
    positions: tuple[tuple[Hex, str, str, int], ...] = ()  # VAR-OCCUPY: (hex, position, terrain, level) declared
    road_hexes: int = 0  # VAR-MOVETYPE: hexes entered beyond the velocity, the whole move on a road (200%)

    def __bool__(self) -> bool:
        return True

    @property
    def end_position(self) -> tuple[str, int] | None:
        """(terrain, level) where the unit stands in its end hex when it declared a position there (VAR-OCCUPY)."""
        for h, _pos, terrain, level in self.positions:
            if h == self.end_hex:
                return terrain, level
        return None

    @property
    def variant_thrust(self) -> int:
        """Thrust spent on variant steps: 1 a lateral shift, the emergency TP, terrain paid in thrust."""
        return len(self.shifts) + sum(e.thrust for e in self.emergencies) + self.terrain_thrust

    @property
    def thrust_used(self) -> int:
        """All thrust of the move: acceleration + deceleration + the variant steps (CEN-GRAV-1)."""
        return self.move.accelerate + self.move.decelerate + self.variant_thrust

    @property
    def p_vanes_unharmed(self) -> Fraction:
        """Exact chance that every emergency turn's three saves pass (VAR-EMERGENCY)."""
        p = Fraction(1)
        for e in self.emergencies:
            p *= e.odds.p_unharmed
        return p

    @property
    def p_no_damage(self) -> Fraction:
        """Exact chance of no damage at all: the piloting rolls, no grounding damage, every vane save."""
        return self.basic.p_no_damage * self.p_vanes_unharmed

    @property
    def end_hex(self) -> Hex:
        """Where the move ends."""
        return self.basic.end_hex

    @property
    def end_facing(self) -> int:
        """The facing at the end."""
        return self.basic.end_facing

    def end_state(self) -> GravState:
        """The vehicle after the move if every roll passes."""
        return self.basic.end_state()


def _variant_cost(battlemap: BattleMap, here: Hex, dest: Hex, table: TerrainTable | None, rules: RuleSet,
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
    limit = hex_speed_limit(key, from_level, to_level, table=table)
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
        if move.under_water and battlemap[dest].terrain != "lake":
            return Refusal("CEN-GRD-2", f"under water the vehicle can only move into lake hexes; {format_label(dest)} "
                           f"is {battlemap[dest].terrain.replace('_', ' ')}", i)
        cost, limit, key, surcharge = _variant_cost(battlemap, here, dest, table, rules, move.under_water)
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
                                limit, battlemap[dest].terrain == "lake"))
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
        if battlemap[dig_hex].terrain == "lake":
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
    in_water = grounds and battlemap[here].terrain == "lake"
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
    vnotes += [f"VAR-OCCUPY: stands {pos} in {format_label(h)} ({terrain.replace('_', ' ')}, level {level})"
               for h, pos, terrain, level in placed]
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
                         damage: DamageRule | None = None) -> VariantMoveReport:
    """Carry out a resolved variant move: the engine's piloting rolls and grounding, then each emergency turn's
    vane saves in order (VAR-EMERGENCY). A vane that burns out is marked lost on the end state.

    Terrain burned off (VAR-MOVETYPE 'burn') is handed to the engine as extra deceleration that costs no
    thrust, so a grounding uses the burned velocity.
    """
    basic = resolved.basic
    if resolved.burned:
        delta = resolved.burned if basic.velocity - basic.move.decelerate > 0 else -resolved.burned
        burn_move = replace(basic.move, decelerate=basic.move.decelerate + delta)
        basic = replace(basic, move=burn_move, vehicle_thrust=basic.vehicle_thrust + max(0, delta))
    report = execute_grav_move(basic, dice, damage=damage)  # `damage`: as in execute_grav_move
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


@dataclass(frozen=True)
class VariantEndState:
    """A legal end of the move under the rule set, with the safest path found to it (VAR-LATERAL, VAR-EMERGENCY).

    `variant_rules` names the variants the path uses (empty for a basic path); `thrust_used` counts every
    thrust point of the path; `p_no_damage` includes the vane saves of its emergency turns.
    """

    hex: Hex
    facing: int
    grounded: bool
    velocity_min: int
    velocity_max: int
    move: VariantMove
    thrust_used: int
    p_no_damage: Fraction
    lateral_shifts: int = 0
    emergency_thrust: int = 0
    p_vanes_unharmed: Fraction = Fraction(1)
    variant_rules: tuple[str, ...] = ()


def _from_resolved(r: VariantResolvedMove, vmin: int, vmax: int) -> VariantEndState:
    used = tuple(rule for rule, on in (("VAR-LATERAL", r.shifts), ("VAR-EMERGENCY", r.emergencies)) if on)
    return VariantEndState(r.end_hex, r.end_facing, r.basic.grounds, vmin, vmax, r.move, r.thrust_used,
                           r.p_no_damage, len(r.shifts), sum(e.thrust for e in r.emergencies), r.p_vanes_unharmed,
                           used)


def _better(a: VariantEndState, b: VariantEndState | None) -> bool:
    """Safest first: more likely to take no damage, then less thrust, then a basic path."""
    if b is None:
        return True
    return (a.p_no_damage, -a.thrust_used, -len(a.variant_rules)) > (b.p_no_damage, -b.thrust_used,
                                                                      -len(b.variant_rules))


def _searched_ends(end_hex: Hex, end_facing: int, spent: bool, init: int | None, steps: tuple[str, ...],
                   p: Fraction, thrust: int, v: int, interval: int, thrust_max: int, accelerate: int,
                   vane_p) -> list[VariantEndState]:
    """The end states of one searched path (no VAR-MOVETYPE), as `resolve_variant_move` would give them: flying
    when every VP is spent, grounded at velocity 0 when the thrust left can stop it, else at once (damage)."""
    shifts = sum(1 for s in steps if s in ("SL", "SR"))
    emergency, p_vanes, straight = 0, Fraction(1), 0
    for s in steps:
        if s in ("F", "B"):
            straight += 1
            continue
        if interval and straight < interval:  # an emergency turn or shift (VAR-EMERGENCY)
            emergency += interval - straight
            p_vanes *= vane_p(interval - straight)
        straight = 0  # a turn or a shift restarts the count (VAR-LATERAL)
    rules = tuple(r for r, on in (("VAR-LATERAL", shifts), ("VAR-EMERGENCY", emergency)) if on)
    out = []
    room = thrust_max - thrust
    if spent:
        move = VariantMove(accelerate, steps, 0, False, init)
        lo, hi = sorted((v, v - room))
        out.append(VariantEndState(end_hex, end_facing, False, lo, hi, move, thrust, p, shifts, emergency, p_vanes,
                                   rules))
    decel = v if 0 < v <= room else 0
    move = VariantMove(accelerate, steps, decel, True, init)
    out.append(VariantEndState(end_hex, end_facing, True, 0, 0, move, thrust + decel, p if v - decel == 0 else
                               Fraction(0), shifts, emergency, p_vanes, rules))
    return out


def variant_end_states(state: GravState, vehicle: VehicleType, battlemap: BattleMap, rules: RuleSet, *,
                       accelerate: int, table: TerrainTable | None = None,
                       node_limit: int = 200_000, resolve_each: bool = False,
                       max_emergencies: int | None = None) -> list[VariantEndState]:
    """Every legal end state at this acceleration under the rule set, each with its safest path (VAR-LATERAL,
    VAR-EMERGENCY, CEN-GRAV).

    The basic end states come from the engine's `legal_grav_moves`; with VAR-LATERAL or VAR-EMERGENCY on, a
    best-first search (safest, then cheapest) adds the paths that use a lateral shift or an emergency turn.
    Per (hex, facing,
    grounded) the safest path is kept. A driver out and velocity 0 after acceleration have no variant steps:
    the basic answer is returned. VAR-MOVETYPE changes hex costs, so with it on only the basic paths that
    enter no hex are kept (and moves under water, which use their own row) and the search finds the rest.

    Without VAR-MOVETYPE each end is built from the search's own account of its path (chance, thrust, vane
    saves), which is what the resolver gives (tests compare the two); `resolve_each=True` resolves every end
    with `resolve_variant_move` instead (the earlier, slower way: benchmarks/variant_moves.py prints both).
    `max_emergencies`: at most this many emergency turns or shifts per path (None: any), which keeps the search
    small at high velocity (the skirmish above `VARIANT_SEARCH_MAX_VELOCITY`).
    """
    from ..rules.inputs import whole
    from ..rules.legal import legal_grav_moves

    whole(accelerate, "CEN-GRAV-1", "accelerate", 0)  # required here: legal_grav_moves takes None as "any"
    best: dict[tuple[Hex, int, bool], VariantEndState] = {}
    movetype = rules.enabled("VAR-MOVETYPE")
    for e in legal_grav_moves(state, vehicle, battlemap, table=table, accelerate=accelerate):
        path = e.safest
        if movetype and any(step in ("F", "B") for step in path.move.steps) and not path.move.under_water:
            continue  # VAR-MOVETYPE changes what entering a hex costs: the search below finds these
        vm = VariantMove.of(path.move)
        best[(e.hex, e.facing, e.grounded)] = VariantEndState(
            e.hex, e.facing, e.grounded, e.velocity_min, e.velocity_max, vm, path.thrust_used, e.p_no_damage)
    lateral, emergency = rules.enabled("VAR-LATERAL"), rules.enabled("VAR-EMERGENCY")
    pay_thrust = rules.option("VAR-MOVETYPE") == "thrust"
    down = state.grounded or state.submerged
    lift = lift_cost(state.grounded, state.in_crater, state.submerged) if down else 0
    v = state.velocity + accelerate - lift
    if not (lateral or emergency or movetype) or v == 0 or state.driver_out or state.grav_drive_lost or (
            state.destroyed) or accelerate < lift:
        return sorted(best.values(), key=lambda s: (s.hex.q, s.hex.r, s.facing, s.grounded))
    thrust_max = state.max_thrust(vehicle)
    interval = facing_change_interval(v)
    seen: dict[tuple, list[tuple[Fraction, int]]] = {}
    nodes = 0
    facings = range(6) if state.velocity == 0 else (state.facing,)
    ends: dict[tuple, tuple] = {}  # per (hex, facing, all VP spent): the safest, then cheapest, path found

    heap: list[tuple] = []
    counter = 0
    step_memo: dict[tuple[Hex, Hex], tuple] = {}
    vane_memo: dict[int, Fraction] = {}

    def vane_p(tp: int) -> Fraction:
        if tp not in vane_memo:
            vane_memo[tp] = vane_odds(tp).p_unharmed if tp else Fraction(1)
        return vane_memo[tp]

    def step_cost(here: Hex, dest: Hex) -> tuple:
        if (here, dest) not in step_memo:
            cost, limit, _key, surcharge = _variant_cost(battlemap, here, dest, table, rules, False)
            step_memo[here, dest] = (cost, surcharge, None if cost is None else state.check(v, limit).p_pass)
        return step_memo[here, dest]

    def push(p: Fraction, tp: int, *label) -> None:
        # ordered by float(p) (correctly rounded from the exact chance, so equal chances tie exactly), the exact
        # chance rides along: Fraction comparisons were a third of the search's time
        nonlocal counter
        counter += 1
        heapq.heappush(heap, (-float(p), tp, counter, p, label))

    for f in facings:
        push(Fraction(1), 0, state.hex, f, 0, abs(v), 0, (), False, f if f != state.facing else None, 0)
    # best first (safest, then cheapest): each position keeps the paths no other path beats on both counts
    while heap:
        neg_f, tp, _n, p, (here, facing, straight, vp, entered, steps, variant, init, em) = heapq.heappop(heap)
        pf = -neg_f
        nodes += 1
        if nodes > node_limit:
            raise ValueError(f"VAR-LATERAL, VAR-EMERGENCY: the variant legal-moves search stops at {node_limit} "
                             f"positions; velocity {v} is too fast for it (resolve_variant_move checks any one move)")
        key = (here, facing, straight, vp, entered > 0, em if max_emergencies is not None else 0)
        front = seen.setdefault(key, [])
        if any(q >= pf and t <= tp for q, t in front):
            continue  # a path here at least as safe and no dearer is known
        front.append((pf, tp))
        if variant or movetype:
            end = (here, facing, vp == 0 and entered > 0)
            ends.setdefault(end, (init, steps, p, tp))  # the first path popped is the safest, then the cheapest
        ahead = facing if v > 0 else (facing + 3) % 6
        options: list[tuple[str, int]] = []
        if vp > 0:
            options.append(("F" if v > 0 else "B", ahead))
        for side in ("L", "R"):
            if not state.may_turn(side):
                continue
            early = interval and straight < interval
            if early and (not emergency or straight == 0 or (max_emergencies is not None and em >= max_emergencies)):
                continue
            extra_tp = interval - straight if early else 0
            if accelerate + tp + extra_tp <= thrust_max:
                push(p * vane_p(extra_tp), tp + extra_tp, here, turn(facing, -1 if side == "L" else 1), 0, vp, entered,
                     steps + (side,), variant or bool(extra_tp), init, em + bool(extra_tp))
            if lateral and vp > 0 and accelerate + tp + extra_tp + 1 <= thrust_max:
                direction = (ahead + (-1 if side == "L" else 1) * (1 if v > 0 else -1)) % 6
                options.append(("S" + side, direction))
        for step, direction in options:
            dest = neighbor(here, direction)
            if dest not in battlemap:
                continue
            cost, surcharge, p_pass = step_cost(here, dest)
            if cost is None:
                continue
            shift = step.startswith("S")
            early = shift and interval and straight < interval
            if early and max_emergencies is not None and em >= max_emergencies:
                continue
            extra_tp = (interval - straight if early else 0) + (1 if shift else 0)
            extra_tp += surcharge if pay_thrust else 0
            if accelerate + tp + extra_tp > thrust_max:
                continue
            one_hex = cost > vp
            if one_hex and (entered or shift):
                continue
            q = p * p_pass * (vane_p(interval - straight) if early else 1)
            push(q, tp + extra_tp, dest, facing, 0 if shift else straight + 1, 0 if one_hex else vp - cost,
                 entered + 1, steps + (step,), variant or shift, init, em + bool(early))

    for (end_hex, end_facing, spent), (init, steps, p, tp) in ends.items():
        # the search knows the path's chance and thrust: a path no better than the known end is not resolved
        # (a grounding costs at least that thrust and is at most that likely to take no damage)
        fly, down = best.get((end_hex, end_facing, False)), best.get((end_hex, end_facing, True))
        fly_new = spent and (fly is None or (p, -(accelerate + tp)) > (fly.p_no_damage, -fly.thrust_used))
        down_new = down is None or p > down.p_no_damage or accelerate + tp < down.thrust_used
        if not (fly_new or down_new):
            continue
        if not movetype and not resolve_each:  # the search's own account of the path is the resolver's
            for cand in _searched_ends(end_hex, end_facing, spent, init, steps, p, accelerate + tp, v, interval,
                                       thrust_max, accelerate, vane_p):
                k = (cand.hex, cand.facing, cand.grounded)
                if _better(cand, best.get(k)):
                    best[k] = cand
            continue
        probe = resolve_variant_move(state, VariantMove(accelerate, steps, 0, False, init), battlemap, vehicle, rules,
                                     table=table)
        if isinstance(probe, Refusal):
            continue
        room = thrust_max - probe.thrust_used
        for ground in (False, True):
            if ground is False and probe.basic.grounds:
                continue
            # grounding: at velocity 0 if the thrust left can stop it (no damage), else at once (least thrust),
            # as the engine's safest-then-cheapest order has it
            end_v = probe.basic.end_velocity
            decel = end_v if 0 < end_v <= room else 0
            r = probe if not ground else resolve_variant_move(
                state, VariantMove(accelerate, steps, decel, True, init), battlemap, vehicle, rules, table=table)
            if isinstance(r, Refusal):
                continue
            if ground:
                cand = _from_resolved(r, 0, 0)
            else:
                vmax = r.basic.end_velocity
                vmin = vmax - room if vmax > 0 or not r.burned else vmax
                cand = _from_resolved(r, min(vmin, vmax), max(vmin, vmax))
            k = (cand.hex, cand.facing, cand.grounded)
            if _better(cand, best.get(k)):
                best[k] = cand
    return sorted(best.values(), key=lambda s: (s.hex.q, s.hex.r, s.facing, s.grounded))
