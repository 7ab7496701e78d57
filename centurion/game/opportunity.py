"""Opportunity fire inside the move (CEN-OPP-1 D): the shot is taken as the mover enters the hex it names.

The mover's whole move is carried out first, so the watchers see its path and pick the hex to fire at (the log
tells it). When a watcher fires at hex k, the move is flown again up to hex k with the same dice (the same rolls,
so the same damage), the shot is resolved there with every damage at once, and then:

- a mover destroyed, or grounded by the hit (Grav Drive or Vehicle Destroyed box), stays in hex k, grounded
  (its grounding damage at the velocity it was flying, book-a §13.2);
- a survivor undamaged by the shot goes on exactly as it moved;
- a damaged survivor flies the rest of its path again from hex k, hex by hex through the same rules, with its
  damaged record sheet: a TS&R lost halves the later speed limits, a driver out fails its later rolls on 2+ and
  cannot decelerate (book-a §13.2, CEN-SPD-1..3). Its rolls go on from the move's own dice stream where the move
  had got to, so where the damage changes nothing the rolls are those the watchers saw, and a replay gives them
  again.

Later shots at the same move are taken at hex k or beyond (the order the mover enters them). A move under a
move variant (lateral shifts, emergency turns, VAR-*) is flown again as the variant resolver resolved it in the
movement phase: its shifts, its surcharge burned or paid, its emergency turns' vane saves rolled after the move's
piloting rolls, its positions declared in partly covered hexes (docs/decisions.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ..dice import Dice
from ..hexgrid import Hex, distance, facing_between, format_label, neighbor
from ..rules import GravState, execute_grav_move, movement_effects, resolve_grav_move
from ..rules.grav import DamageEvent, MoveReport
from ..rules.internals import movement_damage
from ..variants.movement import VariantMove, execute_variant_move, resolve_variant_move
from .state import GameState as Skirmish
from .state import Vehicle
from .variants import as_variant_move, end_position, occupy_parts
from .wording import counted, facing_name


@dataclass(frozen=True)
class MoveInProgress:
    """The move the watchers may still fire at: how it started and the shots taken at it so far."""

    move_index: int  # the Move decision in the history: its dice fly the whole move, shots or not
    before: Vehicle  # the mover as it started the move
    shots: tuple[tuple[int, Vehicle], ...] = ()  # (hex fired at, 1 = the first entered; the mover just after)
    riders: tuple[str, ...] = ()  # squads that dismounted at the end of the move: they get out where it ends

    @property
    def step(self) -> int:
        """The hex of the last shot (0: none yet); later shots are taken there or beyond."""
        return self.shots[-1][0] if self.shots else 0


def damage_hook(v: Vehicle, marked: list, effects: list[str], dice: Dice, turn: int, velocity: int,
                end_velocity: int) -> Callable[[GravState, str, int, str, str], tuple[GravState, DamageEvent]]:
    """The movement damage rule that marks the vehicle's record sheet (`marked[0]`), internals at once; an
    explosion's survivors roll against the velocity being flown (`velocity`; `end_velocity` for the grounding at
    the end of the move) (CEN-SPD-2, CEN-GRD-1, book-a §13.2)."""

    def mark(state: GravState, section: str, points: int, cause: str, rule: str) -> tuple[GravState, DamageEvent]:
        """Movement damage straight onto the record sheet, internals at once; the rest of the move uses the
        sheet's effects (TS&R, driver, grav drive, thrust lost) (CEN-SPD-2, CEN-GRD-1, book-a §13)."""
        flying = end_velocity if rule == "CEN-GRD-1" else velocity
        sheet, crossed, rep = movement_damage(marked[0], section, points, dice, velocity=flying, turn=turn,
                                              unit=v.key)
        marked[0] = sheet
        if rep.effects:  # what the internals did, in the order it happened (book-a §13)
            effects.append(f"  {v.key} internal damage ({cause}): " + counted("; ".join(rep.effects)))
        eff = movement_effects(sheet)
        del eff["digging_charges"]  # charges are the move's own business until it ends
        for side in ("left", "right"):  # vanes lost to emergency turns stay lost (VAR-EMERGENCY)
            eff[f"{side}_vane_lost"] = eff[f"{side}_vane_lost"] or getattr(state, f"{side}_vane_lost")
        lost = tuple(dict.fromkeys(c for _s, c, n in rep.components if n))
        return replace(state, **eff), DamageEvent(cause, rule, section, points, crossed,
                                                  max(0, points - len(crossed)), lost)

    return mark


def _resolved(s: Skirmish, mp: MoveInProgress):
    """The move as resolved when it was made (the same start, the same map): with a move variant on, by the
    variant resolver, as the movement phase resolved it (VAR-LATERAL, VAR-EMERGENCY, VAR-MOVETYPE, VAR-OCCUPY)."""
    action = s.history[mp.move_index]
    b = mp.before
    move = as_variant_move(action.move, s.rules)
    if isinstance(move, VariantMove):
        return resolve_variant_move(b.grav(), move, s.battlemap, b.sheet.vehicle, s.rules,
                                    vane_boxes_lost=dict(b.vane_boxes), partial=occupy_parts(s),
                                    table=s.speed_table(b.key))
    return resolve_grav_move(b.grav(), action.move, s.battlemap, b.sheet.vehicle, table=s.speed_table(b.key))


def _position_at(resolved, h: Hex) -> str:
    """Where a mover stopped in hex h of a variant move stands: the position it declared there, else '' (the
    basic reading) (VAR-OCCUPY)."""
    return next((pos for x, pos, *_rest in getattr(resolved, "positions", ()) if x == h), "")


def _state_of(v: Vehicle, velocity: int) -> GravState:
    """The movement state of a vehicle in the middle of its move (flying at `velocity`) with its sheet's damage."""
    return replace(v.grav(), velocity=velocity, grounded=False, in_crater=False, submerged=False)


def _segment(s: Skirmish, resolved, dice: Dice, base: Vehicle, first: int, k: int) -> Vehicle:
    """`base` flown from hex `first` (0: the start) to hex k of the move, its damage on the way marked."""
    basic = getattr(resolved, "basic", resolved)  # a variant move's hexes, shifts included (VAR-LATERAL)
    marked = [base.sheet]
    hook = damage_hook(base, marked, [], dice, s.turn, basic.velocity, basic.velocity)
    resume = None if first == 0 else (first, _state_of(base, basic.velocity))
    st = execute_grav_move(basic, dice, damage=hook, resume=resume, stop_after=k).state
    return replace(base, hex=st.hex, facing=st.facing, velocity=basic.velocity, grounded=False, in_crater=False,
                   submerged=False, sheet=marked[0], flown=basic.velocity,
                   occupy=_position_at(resolved, st.hex) if basic is not resolved else base.occupy)


def at_step(s: Skirmish, mp: MoveInProgress, k: int) -> tuple[Vehicle, Dice]:
    """The mover as it enters hex k of its move, flown again with the move's own dice (the same rolls, so the same
    damage; from each earlier shot on with the damage it took), and those dice where the move has got to
    (CEN-OPP-1)."""
    resolved = _resolved(s, mp)
    dice = s.dice_of(mp.move_index)
    base, first = mp.before, 0
    if mp.riders:  # the squad is out already (CEN-MNT-1)
        base = replace(base, sheet=replace(base.sheet, infantry_aboard=0))
    for step, after in mp.shots:  # each stretch flown as it was, to the dice's place at the next shot
        _segment(s, resolved, dice, base, first, step)
        base, first = after, step
    return _segment(s, resolved, dice, base, first, k), dice


def fly_on(s: Skirmish, mp: MoveInProgress, k: int, mover: Vehicle, dice: Dice
           ) -> tuple[Vehicle, MoveReport, list[str]]:
    """The rest of the move from hex k with the mover's damage, on the move's own dice where they have got to: the
    vehicle at the end, the report and the log lines (its rolls, damage and internal effects) (CEN-OPP-1,
    CEN-SPD-1..3)."""
    resolved = _resolved(s, mp)
    basic = getattr(resolved, "basic", resolved)
    start = len(dice.log)
    marked = [mover.sheet]
    effects: list[str] = []
    end_v = max(0, basic.velocity - basic.move.decelerate)
    hook = damage_hook(mover, marked, effects, dice, s.turn, basic.velocity, end_v)
    resume = (k, _state_of(mover, basic.velocity))
    if basic is resolved:
        rep = execute_grav_move(resolved, dice, damage=hook, resume=resume)
        end = rep.state
    else:  # the variant move's burn and vane saves, as in the movement phase (VAR-MOVETYPE, VAR-EMERGENCY)
        vrep = execute_variant_move(resolved, dice, vane_boxes_lost=dict(mp.before.vane_boxes), damage=hook,
                                    resume=resume)
        rep, end = vrep.report, vrep.state
    nv = replace(mover, hex=end.hex, facing=end.facing, velocity=end.velocity, grounded=end.grounded,
                 in_crater=end.in_crater, submerged=end.submerged, sheet=marked[0])
    if basic is not resolved:  # vanes and position as the movement phase sets them (VAR-EMERGENCY, VAR-OCCUPY)
        nv = vanes_after(replace(nv, vane_boxes=mp.before.vane_boxes, vanes_lost=mp.before.vanes_lost,
                                 vanes_shorted=mp.before.vanes_shorted), vrep.vanes, end)
        nv = replace(nv, occupy=end_position(resolved, mp.before.occupy) if rep.stopped_at is None
                     else _position_at(resolved, rep.stopped_at))
    lines = [f"    {r.describe()}" for r in dice.log[start:]]
    how = (f"flies on from {format_label(mover.hex)} with its damage and ends in {format_label(end.hex)}"
           if end.hex != mover.hex else f"was hit in the last hex of its move and ends there, {format_label(end.hex)}")
    lines.append(f"  {mover.key} {how} facing {facing_name(end.facing)}, velocity {end.velocity}"  # walk of S50
                 f"{', grounded' if end.grounded else ''}{', in a crater' if end.in_crater else ''} [CEN-OPP-1]")
    lines += [f"  {mover.key}: {ev.points} damage to the {ev.section} ({ev.cause}) [{ev.rule}]" for ev in rep.damage]
    lines += effects + [f"  {note}" for note in rep.notes]
    return nv, rep, lines


def vanes_after(v: Vehicle, results, end: GravState) -> Vehicle:
    """Vane boxes crossed, burnt-out vanes (lost at once) and shorted vanes (out for the next turn) (VAR-EMERGENCY)."""
    boxes = dict(v.vane_boxes)
    lost, shorted = list(v.vanes_lost), list(v.vanes_shorted)
    for r in results:
        boxes[r.side] = boxes.get(r.side, 0) + r.boxes_lost
        if r.shorted and r.side not in shorted + lost:
            shorted.append(r.side)
    for side in ("left", "right"):
        if getattr(end, f"{side}_vane_lost") and side not in lost + list(v.vanes_out) and not v.sheet.vane_lost(side):
            lost.append(side)
    return replace(v, vane_boxes=tuple(sorted((k, n) for k, n in boxes.items() if n)), vanes_lost=tuple(lost),
                   vanes_shorted=tuple(s for s in shorted if s not in lost))


def stopped_in(path: tuple[tuple[Hex, int], ...], stopped_at: Hex | None) -> tuple[tuple[Hex, int], ...]:
    """The path cut at the hex where the move stopped (a Grav Drive or Vehicle Destroyed hit on the way)."""
    if stopped_at is None:
        return path
    for i, (h, _f) in enumerate(path):
        if h == stopped_at:
            return path[:i + 1]
    return path


def riders_follow(s: Skirmish, mp: MoveInProgress, mover_key: str) -> Skirmish:
    """The squads that dismounted with the move get out where it now ends (CEN-MNT-1)."""
    if not mp.riders:
        return s
    h = s.vehicle(mover_key).hex
    return replace(s, squads=tuple(replace(q, hex=h) if q.key in mp.riders else q for q in s.squads))


def path_of(resolved) -> tuple[tuple[Hex, int], ...]:
    """The hexes a move entered, each with the facing it had there (for opportunity fire, CEN-OPP-1)."""
    facing = resolved.move.initial_facing if resolved.move.initial_facing is not None else resolved.start.facing
    here = resolved.start.hex
    out = []
    for s in resolved.move.steps:
        if s == "L":
            facing = (facing - 1) % 6
        elif s == "R":
            facing = (facing + 1) % 6
        else:
            here = neighbor(here, facing if s == "F" else (facing + 3) % 6)
            out.append((here, facing))
    return tuple(out)


def entry_side(path: tuple[tuple[Hex, int], ...], i: int, start: Hex) -> int | None:
    """The hexside of hex `path[i]` of a move that the mover crossed to enter it, from the hex before it on the path
    (`start`, where the move began, for the first); None when it came from no other hex (book-a §14.2)."""
    here = path[i][0]
    came = path[i - 1][0] if i else start
    return facing_between(here, came) if came != here else None


def entered(game: Skirmish, mover: Vehicle, path: tuple[tuple[Hex, int], ...]) -> Skirmish:
    """The game with the mover's `entered` set: the hexside it crossed last into its end hex when an enemy
    stood there, else None; unchanged when it never left its hex (book-a §14.2)."""
    v = game.vehicle(mover.key)
    steps = [h for h, _f in path]
    if v.hex not in steps:
        return game
    i = len(steps) - 1 - steps[::-1].index(v.hex)
    enemy = any(x.hex == v.hex for x in game.live_vehicles(game.other(v.side))) or any(
        q.hex == v.hex and q.men > 0 and q.side != v.side for q in game.squads)
    side = entry_side(path, i, mover.hex) if enemy else None
    if side == v.entered:
        return game
    return replace(game, vehicles=game._with_vehicle(replace(v, entered=side)))


def no_shot_lines(s: Skirmish) -> list[str]:
    """Log lines for the units standing on opportunity fire that got no shot at the move just made (walk 33b:
    a watcher passed over without a word): the move came no nearer than its weapons reach, or no hex of it was in
    a working weapon's sight and arc (CEN-OPP-1, CEN-CMB-1, CEN-LOS-1). `s` holds the move pending."""
    mover, path = s.pending_move
    out = []
    for w in s.watchers():
        if w.key not in s.watching:  # only a declared watch is said (VAR-INIT's stationary vehicles are many)
            continue
        nearest = min(distance(w.hex, h) for h, _f in path)
        if not hasattr(w, "sheet"):  # a squad on watch (CEN-OPP-1, book-a §16)
            why = "no hex of the move was in sight and in range of its weapons"
        else:
            weapons = [wp for i, wp in enumerate(w.sheet.vehicle.weapons) if w.sheet.weapon_usable(i)]
            reach = max((wp.range for wp in weapons), default=0)
            why = (f"it came no nearer than {nearest} hexes, beyond its weapons' reach of {reach}" if nearest > reach
                   else "no hex of the move was in sight and in a working weapon's arc and range")
        out.append(f"  {w.key} on opportunity fire has no shot at {mover}: {why}; it may still fire in the "
                   "Combat Phase if it takes no shot this turn [CEN-OPP-1]")
    return out


__all__ = ["MoveInProgress", "entered", "path_of", "at_step", "damage_hook", "fly_on", "no_shot_lines", "riders_follow",
           "stopped_in", "vanes_after"]

