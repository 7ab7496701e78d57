"""The movement phase of Centurion (CEN-SEQ-2, CEN-GRAV, CEN-INF-1, CEN-MNT-1): platoon by platoon each vehicle
moves or stands on opportunity fire, squads march, conceal or mount, a side may pass a platoon (CEN-INI-2).

`MovementPhase` holds the phase's queries and decisions as methods of the game state (`Skirmish` inherits
them); `RULES` registers them with the game's `PhaseTable`. `legal_actions` lists one `Move` per end state of
each vehicle (its safest path); `check` accepts a move by any legal path.
"""

from __future__ import annotations

from dataclasses import replace

from ...data import TerrainTable
from ...dice import Dice
from ...hexgrid import Hex, facing_between, format_label, parse_label
from ...rules import (
    GravMove,
    dismount_refusal,
    execute_grav_move,
    ground_path,
    legal_grav_moves,
    lift_cost,
    resolve_grav_move,
)
from ...rules.grav import Refusal
from ...rules.grav_types import ResolvedMove
from ...rules.leadership import activation_sequence, century_advantage, lead_platoon, pass_platoon
from ...variants.movement import VariantMove, VariantResolvedMove, execute_variant_move, resolve_variant_move
from .. import opportunity, ramming
from ..actions import Action, Ahead, Conceal, IllegalAction, March, Mount, Move, Pass, Stay, Watch
from ..dispatch import PhaseRules
from ..enums import Phase
from ..state import GameState, Vehicle
from ..variants import (
    as_variant_move,
    end_position,
    game_end_states,
    moves_need_variants,
    movetype_lines,
    occupy_lines,
    occupy_options,
    occupy_parts,
    variant_path,
)
from ..wording import facing_name


class MovementPhase:
    """The movement phase's queries and decisions, as methods of the game state (CEN-SEQ-2)."""

    def movers(self) -> list[Vehicle]:
        """The vehicles of the platoon whose turn it is that have not moved yet (CEN-SEQ-2)."""
        if self.phase != "movement" or not self.sequence:
            return []
        side, platoon = self.sequence[0]
        return [v for v in self.live_vehicles(side) if v.platoon == platoon and v.key not in self.done]

    def end_states(self, key: str) -> tuple:
        """The legal end states of a vehicle's move (legal_grav_moves), cached per state; a tuple (issue 20, G4)."""
        ck = ("ends", key)
        if ck not in self._cache:
            v = self.vehicle(key)
            vt = v.sheet.vehicle
            if moves_need_variants(self.rules):  # variant costs, shifts, emergency turns, positions (VAR-*)
                ends = game_end_states(v.grav(), vt, self.battlemap, self.rules, **occupy_options(self, key),
                                       table=self.speed_table(key), vane_boxes_lost=dict(v.vane_boxes))
            else:
                ends = legal_grav_moves(v.grav(), vt, self.battlemap, table=self.speed_table(key))
            self._cache[ck] = tuple(ends)
        return self._cache[ck]

    def resolve_move(self, key: str, move: GravMove | VariantMove) -> ResolvedMove | VariantResolvedMove | Refusal:
        """A vehicle's move checked by the engine (the variant resolver for a VariantMove): the engine's
        `ResolvedMove` (hexes entered, odds) or a `Refusal` (CEN-GRAV, VAR-LATERAL, VAR-EMERGENCY)."""
        res = self.resolve_variant(key, move)
        if res is not None:
            return res if isinstance(res, Refusal) else res.basic
        v = self.vehicle(key)
        return resolve_grav_move(v.grav(), move, self.battlemap, v.sheet.vehicle, table=self.speed_table(key))

    def resolve_variant(self, key: str, move) -> VariantResolvedMove | Refusal | None:
        """With a move variant on, the move as the variant resolver sees it (its lateral shifts, emergency turns
        with their vane odds, terrain surcharge burned or paid, positions declared) or its `Refusal`; None when no
        move variant is on (VAR-LATERAL, VAR-EMERGENCY, VAR-MOVETYPE, VAR-OCCUPY)."""
        move = as_variant_move(move, self.rules)  # with a move variant on, the variant resolver checks every move
        if not isinstance(move, VariantMove):
            return None
        v = self.vehicle(key)
        return resolve_variant_move(v.grav(), move, self.battlemap, v.sheet.vehicle, self.rules,
                                    partial=occupy_parts(self), table=self.speed_table(key),
                                    vane_boxes_lost=dict(v.vane_boxes))

    def with_position(self, action: Move, position: str) -> Move | Refusal:
        """The same move with the position declared on entering its end hex set to 'in' (the covering terrain) or
        'out' (the open part), checked by the variant resolver; else a Refusal naming VAR-OCCUPY with the reason
        (a covered hexside, an open part or a cover its VP cannot pay for, a hex not partly covered)."""
        off = self.game_rules.position_refusal(self)  # VAR-OCCUPY off: no position to declare
        if off is not None:
            return off
        if position not in ("in", "out"):
            return Refusal("VAR-OCCUPY", f"a position is 'in' (the terrain) or 'out' (the open part), not {position!r}")
        move = as_variant_move(action.move, self.rules)
        probe = self.resolve_variant(action.unit, move)
        if not isinstance(probe, VariantResolvedMove):
            return Refusal("VAR-OCCUPY", f"the move itself is refused ({probe})")
        if not probe.basic.entries or probe.end_hex not in occupy_parts(self):
            return Refusal("VAR-OCCUPY", f"the move ends in {format_label(probe.end_hex)}, which is not a partly "
                           "covered hex entered on this move: there is no position to declare")
        step = probe.basic.entries[-1].step
        placed = replace(move, positions=tuple((i, p) for i, p in move.positions if i != step) + ((step, position),))
        res = self.resolve_variant(action.unit, placed)
        if not isinstance(res, VariantResolvedMove):
            where = "out in the open part" if position == "out" else "in the cover"
            why = res.reason if res.rule == "VAR-OCCUPY" else str(res)
            return Refusal("VAR-OCCUPY", f"{action.unit} cannot stand {where} of {format_label(probe.end_hex)}: "
                           f"{why}")
        return replace(action, move=placed)

    def move_options(self, key: str) -> tuple[tuple[Move, object], ...]:
        """Each legal move of the vehicle with its end state (hex, facing, grounded, odds): one per end state,
        the safest path, plus dismounting where it ends grounded with a squad aboard (CEN-GRAV, CEN-MNT-1).
        `legal_actions` and the page's highlights both come from here."""
        ck = ("moves", key)
        if ck not in self._cache:
            # a squad that climbed in this turn rides and does nothing else: it cannot get out again (CEN-MNT-1)
            carrying = any(s.aboard == key and s.men > 0 and s.key not in self.done for s in self.squads)
            out: list[tuple[Move, object]] = []
            for e in self.end_states(key):
                m = e.safest.move
                out.append((Move(key, m), e))
                if carrying and e.grounded and self.dismount_refusal_at(e.hex) is None:
                    out.append((Move(key, m, dismount=True), e))
            out += self.game_rules.ram_options(self, key, out)  # the ends in an enemy's hex as rams (VAR-RAM)
            self._cache[ck] = tuple(out)
        return self._cache[ck]

    def dismount_refusal_at(self, end_hex: Hex) -> Refusal | None:
        """Why no squad may get out of a carrier grounded in `end_hex`, or None: a carrier grounded in a lake is under
        water (CEN-GRD-2; rules edition 4, session 53's audit: a squad had got out into the lake)."""
        return dismount_refusal(0, submerged=self.rules_edition >= 4 and self.battlemap[end_hex].lake)

    def end_velocity(self, key: str, move: GravMove | VariantMove) -> int:
        """The velocity a flying move of the vehicle ends at: now + acceleration - the lift-off cost of a grounded
        or submerged vehicle that moves - deceleration (CEN-GRAV-1, CEN-GRAV-6)."""
        v = self.vehicle(key)
        lift = lift_cost(v.grounded, v.in_crater, v.submerged) if (v.grounded or v.submerged) and (
            move.accelerate or move.steps) else 0
        return v.velocity + move.accelerate - lift - move.decelerate

    def move_options_at(self, key: str, velocity: int) -> tuple[tuple[Move, object], ...]:
        """The legal flying moves of the vehicle that end at `velocity`: per end state whose end velocities include
        it, its safest path with the deceleration that ends there, checked by `is_legal`: a slower end is the same
        path, with the same piloting rolls, and more thrust spent braking after it (CEN-GRAV-1, CEN-GRAV-4, W8)."""
        ck = ("moves at", key, velocity)
        if ck not in self._cache:
            out: list[tuple[Move, object]] = []
            for e in self.end_states(key):
                if e.grounded or not e.velocity_min <= velocity <= e.velocity_max:
                    continue
                path = e.safest.move
                brake = path.decelerate + self.end_velocity(key, path) - velocity
                move = Move(key, replace(path, decelerate=brake))
                if brake >= 0 and self.is_legal(move):
                    out.append((move, e))
            self._cache[ck] = tuple(out)
        return self._cache[ck]

    def braked_options(self, key: str, hex_) -> tuple[tuple[Move, object], ...]:
        """The flying moves of the vehicle that end in `hex_` braked as far as each end allows (its slowest end
        velocity, 0 at the least: hovering), checked by `is_legal`: the same path and rolls, more thrust spent
        after it (CEN-GRAV-1; walk of session 50: 'any end velocity' listed only the ends as flown). Kept per hex:
        the page's list and its hint both ask (session 55)."""
        ck = ("braked", key, hex_)
        if ck not in self._cache:
            out: list[tuple[Move, object]] = []
            for e in self.end_states(key):
                if e.grounded or e.hex != hex_:
                    continue
                path = e.safest.move
                brake = path.decelerate + self.end_velocity(key, path) - max(0, e.velocity_min)
                move = Move(key, replace(path, decelerate=brake))
                if brake > path.decelerate and self.is_legal(move):
                    out.append((move, e))
            self._cache[ck] = tuple(out)
        return self._cache[ck]

    def move_actions(self, key: str) -> list[Action]:
        """One Move per legal end state of the vehicle (its safest path), plus dismounting at velocity 0."""
        return [m for m, _e in self.move_options(key)]

    def movement_others(self) -> list[Action]:
        """Stand on opportunity fire, pass the platoon, mount: the movement decisions other than moves."""
        out: list[Action] = []
        for v in self.movers():
            if v.velocity == 0 and not v.destroyed:
                out.append(Watch(v.key))
        if self.sequence:
            side, platoon = self.sequence[0]
            later = [p for s, p in self.sequence[1:] if s == side]
            if self.passes > 0 and later and side == self._pass_side() and not any(
                    u.key in self.done for u in (*self.live_vehicles(side), *self.squads)
                    if u.side == side and u.platoon == platoon):
                out.append(Pass(platoon))  # right after the side's next platoon, or after any later one
                out += [Pass(platoon, p) for p in dict.fromkeys(later[1:]) if p != later[0]]
                if not any(u.side == side for u in (*self.vehicles, *self.squads) if u.key in self.done):
                    out += [Ahead(p) for p in dict.fromkeys(later)]  # at the start of its portion (book-b §3.4)
            out += self.game_rules.pass_actions(self)  # another platoon in this slot (VAR-INIT)
            for s in self.squads:
                if s.side == side and s.platoon == platoon and s.hex is not None and s.men > 0 \
                        and s.key not in self.done and not self.concealed(s.key):
                    out += [March(s.key, format_label(h)) for h in sorted(self.march_targets(s.key))]
                    out.append(Conceal(s.key))
                    for v in self.live_vehicles(side):
                        if v.hex == s.hex and v.velocity == 0 and v.sheet.vehicle.infantry_capacity \
                                and not v.sheet.compartment_gone and v.key not in self.done \
                                and not any(q.aboard == v.key for q in self.squads):
                            out.append(Mount(s.key, v.key))
                    if self.squads_alone():  # a platoon of squads alone: each may decline (CEN-SEQ-2, §1.3)
                        out.append(Stay(s.key))
            if self.game_rules.squads_watch(self):  # last: a squad stands on opportunity fire (CEN-OPP-1, §16.7)
                out += [Watch(s.key) for s in self.squads if s.side == side and s.platoon == platoon
                        and s.hex is not None and s.men > 0 and s.key not in self.done and not self.concealed(s.key)]
        return out

    def waiting_squads(self) -> list[str]:
        """The squads of the platoon moving now that may still walk, conceal or mount: the platoon's movement ends
        with its last vehicle's move, and a squad that has not decided by then stays (CEN-SEQ-2, CEN-INF-1)."""
        return list(dict.fromkeys(a.squad for a in self.movement_others() if getattr(a, "squad", None)))

    def _pass_side(self) -> str | None:
        """The side that bought this turn's passes, while it still holds the Leadership Advantage: the other side
        never uses them, and a buyer whose Centurion is lost keeps none (CEN-INI-2, book-b §3.4-3.5)."""
        side, _pts = century_advantage(self.centurion(self.sides[0]), self.centurion(self.sides[1]))
        holder = None if side is None else self.sides[0 if side == "first" else 1]
        return holder if holder == self.pass_side or self.rules_edition < 2 else None


    def speed_table(self, key: str) -> TerrainTable | None:
        """The terrain table for a vehicle's move (basic or variant): None (the engine's), or one with speed limits
        cut by a third per weapon its driver fired last turn (VAR-WEAPONS, game/crew.py)."""
        return self.game_rules.speed_table(self, key)

    def _start_movement(self) -> GameState:
        a = self.first
        b = self.other(a)

        def platoons(side: str) -> list[str]:  # anything left, even one squad, is an activation (book-a §1.3)
            names = [p.name for p in self.scenario.side(side).platoons]
            return [n for n in names if any(v.platoon == n for v in self.live_vehicles(side))
                    or (self.rules_edition >= 2 and any(q.side == side and q.platoon == n and q.men > 0
                                                        for q in self.squads))]

        seq = activation_sequence(platoons(a), platoons(b))
        seq = [(a if s == "A" else b, p) for s, p in seq]
        nxt = replace(self, phase="movement", sequence=tuple(seq))._fresh()
        return nxt._log("  movement order (CEN-SEQ-2): " + ", ".join(p for _s, p in seq))._next_mover()

    def _next_mover(self) -> GameState:
        """The next vehicle or platoon to move, or the painting declarations once all have moved (the rule set's
        `next_mover`: VAR-INIT moves the platoon being activated, then it paints and fires)."""
        return self.game_rules.next_mover(self)

    def _next_basic_mover(self) -> GameState:
        """The basic sequence: the next platoon in CEN-SEQ-2 order with a vehicle still to move, or squads alone
        still to decide (audit of session 50: a platoon of squads alone kept its place but never acted)."""
        s = replace(self, phase="movement", pending_move=None, moving=None)  # back from an opportunity decision
        while s.sequence and not s.movers() and not (s.squads_alone() and s.waiting_squads()):
            s = replace(s, sequence=s.sequence[1:])._fresh()
        if s.sequence:
            return replace(s, phase="movement", active=s.sequence[0][0])._fresh()
        return s.enter(Phase.PAINTING, None)

    def _move(self, action: Move, dice: Dice) -> GameState:
        v = self.vehicle(action.unit)
        bm = self.battlemap
        marked = [v.sheet]  # the record sheet as the move damages it (the hook below keeps it)
        effects: list[str] = []  # the internal effects of that damage, for the log

        def mark_at(res):  # survivors of an explosion roll against the velocity flown (book-a §13.2), a grounding's
            landing = res.velocity - res.move.decelerate  # against its size, backwards too (rules edition 4)
            return opportunity.damage_hook(v, marked, effects, dice, self.turn, res.velocity,
                                           abs(landing) if self.rules_edition >= 4 else max(0, landing))

        vlines: list[str] = []
        move = as_variant_move(action.move, self.rules)  # VAR-LATERAL, -EMERGENCY, -MOVETYPE, -OCCUPY
        if isinstance(move, VariantMove):  # lateral shifts, emergency turns (VAR-LATERAL, VAR-EMERGENCY)
            boxes = dict(v.vane_boxes)
            vres = resolve_variant_move(v.grav(), move, bm, v.sheet.vehicle, self.rules,
                                        vane_boxes_lost=boxes, partial=occupy_parts(self),
                                        table=self.speed_table(v.key))
            vrep = execute_variant_move(vres, dice, vane_boxes_lost=boxes, damage=mark_at(vres.basic))
            report, resolved = replace(vrep.report, state=vrep.state), vres
            for sh in vres.shifts:
                vlines.append(f"  {v.key} shifts {sh.side} to {format_label(sh.to_hex)}: {sh.thrust} TP + {sh.vp} VP "
                              "[VAR-LATERAL]")
            for e, r in zip(vres.emergencies, vrep.vanes, strict=True):
                vlines.append(f"  {v.key} emergency turn at velocity {abs(vres.basic.velocity)}, {e.thrust} TP into "
                              f"the {e.side} vane (straight {e.straight} of {e.required}): "
                              + ", ".join(f"d10 {x.result} vs {x.target}" for x in r.rolls)
                              + f"{'; the vane burns out' if r.burned_out else ''}"
                              + f"{f'; {r.boxes_lost} vane box lost' if r.boxes_lost else ''}"
                              + f"{'; the vane shorts' if r.shorted else ''} [VAR-EMERGENCY]")
            vlines += movetype_lines(v.key, vres, vrep.report.stopped_at, vrep.report.burned)  # as carried out
            vlines += occupy_lines(v.key, vres)
        else:
            resolved = resolve_grav_move(v.grav(), action.move, bm, v.sheet.vehicle, table=self.speed_table(v.key))
            report = execute_grav_move(resolved, dice, damage=mark_at(resolved))
        sheet = marked[0]  # every damage event is already on it, in the order it happened
        end = report.state
        counters, smoke_turn = self.counters, self.smoke_turn
        if report.dig_hex is not None:
            sheet = sheet.spend_digging_charge() if sheet.digging_left > 0 else sheet
            counters = counters + ((report.dig_hex, "crater"),)
            if self.rules_edition >= 3 and (report.dig_hex, "smoke") in counters:  # the charge clears smoke laid
                counters = tuple(c for c in counters if c != (report.dig_hex, "smoke"))  # there (book-b §10.3)
                smoke_turn = tuple(x for x in smoke_turn if x[0] != report.dig_hex)
                vlines.append(f"  {v.key}'s cratering charge clears the smoke in {format_label(report.dig_hex)} "
                              "[book-b 10.3]")
        nv = replace(v, hex=end.hex, facing=end.facing, velocity=end.velocity, grounded=end.grounded,
                     in_crater=end.in_crater, submerged=end.submerged, sheet=sheet,
                     flown=getattr(resolved, "basic", resolved).velocity)  # its speed along the path (VAR-SPEEDMOD)
        if isinstance(move, VariantMove):  # the vanes after the emergency turns' saves (VAR-EMERGENCY)
            nv = replace(nv, occupy=end_position(vres, v.occupy))  # where it stands in its hex (VAR-OCCUPY)
            nv = opportunity.vanes_after(nv, vrep.vanes, end)
        squads = self.squads
        lines = vlines + [f"  {v.key} ends in {format_label(end.hex)} facing {facing_name(end.facing)}, "
                          f"velocity {end.velocity}"
                          f"{', grounded' if end.grounded else ''}{', in a crater' if end.in_crater else ''}"]
        for ev in report.damage:
            lines.append(f"  {v.key}: {ev.points} damage to the {ev.section} ({ev.cause}) [{ev.rule}]")
        lines += effects
        if nv.destroyed and not v.destroyed:  # the move's damage destroyed it (book-a 14.1)
            why = ("its ammunition exploded" if sheet.exploded else "its whole crew is dead"
                   if all(m.state == "dead" for m in sheet.crew) else "the Vehicle Destroyed box is crossed")
            lines.append(f"  {v.key} is DESTROYED during its move: {why} [CEN-CMB-1]")
        if action.dismount and end.grounded:  # the carrier ended its move grounded (CEN-MNT-1)
            squads = tuple(replace(s, hex=end.hex, aboard=None, men=sheet.infantry_aboard or s.men)
                           if s.aboard == v.key else s for s in squads)
            nv = replace(nv, sheet=replace(nv.sheet, infantry_aboard=0))
            lines.append(f"  the squad in {v.key} dismounts in {format_label(end.hex)} [CEN-MNT-1]")
        riders = {q.key for q in squads if q.aboard is None and q.key not in {x.key for x in self.squads
                                                                              if x.aboard is None}}
        # a squad that got out does not move this turn (CEN-MNT-1)
        nxt = replace(self, vehicles=self._with_vehicle(nv), squads=squads, counters=counters, smoke_turn=smoke_turn,
                      done=self.done | {v.key} | riders)._log(*lines)._sync_riders()
        path = variant_path(resolved) if isinstance(move, VariantMove) else opportunity.path_of(resolved)
        path = opportunity.stopped_in(path, report.stopped_at)  # it went no further (CEN-SPD-2)
        nxt = opportunity.entered(nxt, v, path)  # into an enemy's hex: its sides are fixed by the entry (book-a §14.2)
        nxt = replace(nxt, moving=opportunity.MoveInProgress(  # fired at inside the move (CEN-OPP-1)
            len(self.history) - 1, v, riders=tuple(sorted(riders))))
        if action.ram is not None:  # the ram waits for the end of the Combat Phase (VAR-RAM)
            nxt = ramming.register_ram(nxt, action, v.hex, path)
        if path and not nv.destroyed:
            pend = replace(nxt, pending_move=(v.key, path), phase="opportunity", active=self.other(v.side))._fresh()
            if pend.opportunity_actions():
                return pend
            nxt = nxt._log(*opportunity.no_shot_lines(pend))
        return nxt._next_mover()

    # --- the decisions other than moves ------------------------------------------------------------------------
    def _watch(self, action: Watch, dice: Dice) -> GameState:
        nxt = replace(self, done=self.done | {action.unit}, watching=self.watching | {action.unit})
        if any(q.key == action.unit for q in self.squads):  # a squad: its platoon's vehicles still move (CEN-OPP-1)
            return nxt._fresh()._squad_decided()
        return nxt._next_mover()

    def _ahead(self, action: Ahead, dice: Dice) -> GameState:
        """A pass spent to move a later platoon first, ahead of the side's first platoon (CEN-INI-2)."""
        seq = lead_platoon(list(self.sequence), action.platoon, passes=self.passes)
        return replace(self, sequence=tuple(seq), passes=self.passes - 1)._log(
            f"  {action.platoon} moves first (a pass, CEN-INI-2)")._next_mover()

    def _pass(self, action: Pass, dice: Dice) -> GameState:
        return self.game_rules.pass_platoon(self, action.platoon, action.after)

    def _pass_platoon(self, platoon: str, after: str | None = None) -> GameState:
        """The basic pass: the platoon moves right after `after`, a later platoon of its side (None: the side's
        next one), one pass spent (CEN-INI-2, book-b §3.4)."""
        side, platoon = self.sequence[0]
        after = after or next(p for s, p in self.sequence[1:] if s == side)
        seq = pass_platoon(list(self.sequence), platoon, after, passes=self.passes)
        return replace(self, sequence=tuple(seq), passes=self.passes - 1)._next_mover()

    def _mount(self, action: Mount, dice: Dice) -> GameState:
        squads = tuple(replace(s, hex=None, aboard=action.carrier) if s.key == action.squad else s
                       for s in self.squads)
        car = self.vehicle(action.carrier)
        sq = self.squad(action.squad)
        vs = self._with_vehicle(replace(car, sheet=replace(car.sheet, infantry_aboard=sq.men)))
        return replace(self, squads=squads, vehicles=vs, done=self.done | {action.squad})._fresh()._squad_decided()

    def _march(self, action: March, dice: Dice) -> GameState:
        h = parse_label(action.hex)
        start = self.squad(action.squad).hex
        squads = tuple(replace(q, hex=h) if q.key == action.squad else q for q in self.squads)
        nxt = replace(self, squads=squads, done=self.done | {action.squad},
                      marched=self.marched | {action.squad})._fresh()
        if self.rules_edition >= 2:  # a walking squad moves too: the enemy's watchers may fire at it (CEN-OPP-1)
            side = self.squad(action.squad).side  # the march names its end; it walks a cheapest way round the enemy
            enemy = {u.hex for u in self.combat_units().values() if u.side != side and u.hex is not None}
            hexes = ground_path(start, h, self.battlemap, mover="infantry", avoid=enemy)
            path = tuple((x, facing_between(p, x) or 0) for p, x in zip((start, *hexes), hexes, strict=False))
            pend = replace(nxt, pending_move=(action.squad, path), phase="opportunity",
                           active=self.other(side))._fresh()
            if pend.opportunity_actions():
                return pend
            nxt = nxt._log(*opportunity.no_shot_lines(pend))
        return nxt._squad_decided()

    def _conceal(self, action: Conceal, dice: Dice) -> GameState:
        squads = tuple(replace(q, concealed_turn=self.turn) if q.key == action.squad else q for q in self.squads)
        return replace(self, squads=squads, done=self.done | {action.squad})._fresh()._squad_decided()

    def _stay(self, action: Stay, dice: Dice) -> GameState:
        return replace(self, done=self.done | {action.squad})._fresh()._squad_decided()

    def _squad_decided(self) -> GameState:
        """After a squad's decision: a platoon of squads alone ends its activation once none is left to decide
        (a platoon with vehicles ends it with its last vehicle's move, as before)."""
        return self._next_mover() if self.squads_alone() and not self.waiting_squads() else self

    def squads_alone(self) -> bool:
        """Whether the platoon moving now has squads but no live vehicle (its activation is its squads'; rules
        edition 2: under the first, such a platoon's turn ended with its last vehicle)."""
        if self.phase != "movement" or not self.sequence or self.rules_edition < 2:
            return False
        side, platoon = self.sequence[0]
        return not any(v.platoon == platoon for v in self.live_vehicles(side))

    def _check_movement(self, action: Action) -> None:
        """A move by any legal path of a vehicle still to move in the platoon moving now; the other decisions
        from the phase's list, checked without listing every move (CEN-SEQ-2, CEN-GRAV, CEN-MNT-1)."""
        if isinstance(action, Move):
            if self.phase != "movement":
                raise IllegalAction("CEN-SEQ-1", f"no moves in the {self.phase} phase")
            if action.unit not in {v.key for v in self.movers()}:
                raise IllegalAction("CEN-SEQ-2", f"{action.unit} is not a vehicle of the platoon moving now "
                                    f"({self._current_platoon()}) that has still to move")
            v = self.vehicle(action.unit)
            res = self.resolve_move(v.key, action.move)
            if isinstance(res, Refusal):
                raise IllegalAction(res.rule, res.reason)
            if action.ram is not None:  # a declared ram must end in the target's hex at v > 0 (VAR-RAM)
                ramming.check_ram(self, action, res)
            if action.dismount:
                if not any(s.aboard == v.key and s.men > 0 for s in self.squads):
                    raise IllegalAction("CEN-MNT-1", f"no squad rides in {v.key}")
                if any(s.aboard == v.key and s.key in self.done for s in self.squads):
                    raise IllegalAction("CEN-MNT-1", f"the squad in {v.key} climbed in this turn: it rides and does "
                                        "nothing else, so it cannot get out again until next turn")
                end = res.end_state()
                if not end.grounded:
                    raise IllegalAction("CEN-MNT-1", "a squad dismounts only with its carrier grounded (velocity 0) "
                                        "at the end of its move")
                wet = self.dismount_refusal_at(end.hex)
                if wet is not None:
                    raise IllegalAction(wet.rule, f"{wet.reason}: {v.key} ends its move on the bottom of the lake at "
                                        f"{format_label(end.hex)}")
            return
        self._check_listed(action, self.movement_others())


RULES = PhaseRules(
    Phase.MOVEMENT,
    legal=lambda s: [m for v in s.movers() for m in s.move_actions(v.key)] + s.movement_others(),
    apply={Move: MovementPhase._move, Watch: MovementPhase._watch, Pass: MovementPhase._pass,
           Mount: MovementPhase._mount, March: MovementPhase._march, Conceal: MovementPhase._conceal,
           Stay: MovementPhase._stay, Ahead: MovementPhase._ahead},
    check=MovementPhase._check_movement,
    rule="CEN-SEQ-2",
    enter=lambda s, dice: s._start_movement(),
    doc="each platoon in CEN-SEQ-2 order moves its vehicles, marches or mounts its squads, or passes",
)

__all__ = ["MovementPhase", "RULES"]
