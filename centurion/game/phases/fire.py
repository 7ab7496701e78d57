"""The fire phase of Centurion (CEN-SEQ-3, CEN-CMB-1, book-a §8, §16): the sides declare fire in the
declaration order, then the fire is resolved one firing unit at a time, internals after all fire.

`FirePhase` holds the fire queries (which weapons bear, the plans, squads' attacks) and the `Fire` and
`SquadFire` decisions, as methods of the game state; `RULES` registers them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ...dice import Dice
from ...hexgrid import Hex, distance
from ...rules import combat_phase
from ...rules.grav import Refusal
from ...rules.infantry_fire import SquadAttack
from ...rules.resolution import SquadOrder, declare_squad_fire
from ...rules.targets import Attack, FirePlan, declare_fire, turret_toward, weapon_family
from .. import crew, opportunity
from ..actions import Action, Fire, IllegalAction, SquadFire, squad_weapons
from ..dispatch import PhaseRules
from ..enums import Phase
from ..fire_log import fire_lines, variant_terms
from ..state import GameState, Vehicle
from ..variants import fire_map, occupy_map_for, positions_in_play


@dataclass(frozen=True)
class Bearing:
    """One weapon against one target: its index on the sheet and why it cannot fire there (None: it bears)."""

    weapon: int
    refusal: Refusal | None
    beyond_range: bool = False


class FirePhase:
    """The fire phase's queries and decisions, as methods of the game state (CEN-SEQ-3, CEN-CMB-1)."""

    def attack_set(self, firer: Vehicle, target_key: str, *, at: tuple[Hex, int] | None = None,
                   opportunity: bool = False) -> FirePlan | None:
        """Every usable weapon of `firer` that legally bears at the target, as one checked plan (CEN-CMB-1).

        The turret turns toward the target; Gauss fires HEAP at vehicles and AP at infantry; each launcher
        fires one missile within the turn's limits. None when nothing bears.
        """
        ck = ("atk", firer.key, target_key, at, opportunity)
        if ck not in self._cache:
            choice = next((f for f in self.fire_choices if f.unit == firer.key and f.target == target_key), None)
            if choice is not None and at is None and not opportunity:  # the weapons and shells declared
                plan = self.chosen_plan(choice)
                plan = plan if isinstance(plan, FirePlan) else None
            else:
                plan = self._attack_set(firer, target_key, at, opportunity)
            if plan is None and at is None and not opportunity:  # a pop-up attack (VAR-INIT)
                plan = self.game_rules.pop_up_plan(self, firer, target_key)
            plan = self.game_rules.fire_plan(self, firer, plan)  # the crew's share, salvos (VAR-WEAPONS, -SALVO)
            self._cache[ck] = plan
        return self._cache[ck]

    def _attack_set(self, firer: Vehicle, target_key: str, at: tuple[Hex, int] | None,
                    opportunity: bool, *, level: int | None = None) -> FirePlan | None:
        units = self.combat_units()
        target = units.get(target_key)
        if target is None or firer.destroyed or not firer.sheet.may_fire or firer.key not in units \
                or firer.submerged or target.submerged:  # nothing fires out of or into a lake (CEN-GRD-2)
            return None
        tv = target.target_view(units[firer.key])
        if at is not None:  # its end hex's entry is not this hex's: this hex's, when it enters the firer's own
            tv = replace(tv, hex=at[0], facing=at[1], crater=False, entered=self._entry_into(firer.hex, at),
                         velocity=_flown(self, target_key, tv.velocity))
        rng = distance(firer.hex, tv.hex)
        fv = units[firer.key].firer_view()
        if level is not None:  # a pop-up attack fires from above its cover (VAR-INIT)
            fv = replace(fv, level=level)
        bm = fire_map(self, firer.key, target_key if at is None else None)  # positions taken (VAR-OCCUPY)
        tf = turret_toward(fv, tv)
        singles: list[Attack] = []
        for i, w in enumerate(firer.sheet.vehicle.weapons):
            atk = _direct_attack(w, i, target_key, tv.kind)
            if atk is None or not firer.sheet.weapon_usable(i) or w.range < rng:
                continue
            if isinstance(declare_fire(bm, fv, [atk], {target_key: tv}, turret_facing=tf,
                                       opportunity=opportunity, rules=self.rules), FirePlan):
                singles.append(atk)
        while singles:  # every weapon that bears; missiles beyond the turn's limits are dropped (book-a §8.3)
            plan = declare_fire(bm, fv, singles, {target_key: tv}, turret_facing=tf, opportunity=opportunity,
                                rules=self.rules)
            if isinstance(plan, FirePlan):
                return plan
            singles = singles[:-1] if plan.step is None else singles[:plan.step - 1] + singles[plan.step:]
        return None

    def _entry_into(self, watcher_hex: Hex, at: tuple[Hex, int]) -> int | None:
        """The hexside the unit moving now crossed into hex `at` of its move when that is the watcher's own hex
        (book-a §14.2: in one hex the arcs and the side shown are fixed by the entry; rules edition 4, session 53's
        audit: every arc bore and the defender picked any side), else None."""
        if (self.rules_edition < 4 or at[0] != watcher_hex or self.pending_move is None
                or at not in self.pending_move[1]):
            return None
        path, start = self.pending_move[1], self.moving.before.hex if self.moving is not None else at[0]
        return opportunity.entry_side(path, path.index(at), start)

    def hold_reasons(self, unit: str) -> list[Refusal]:
        """Why a vehicle has no enemy to fire at (its list holds only 'does not fire'): the vehicle itself (its
        crew, under water), its weapons out of action (book-a 13.2), then each enemy with the first reason each
        working weapon does not bear (range, sight, arc; CEN-CMB-1, CEN-LOS-1); [] when it has a target."""
        squad = next((q for q in self.squads if q.key == unit), None)
        if squad is not None:  # a squad: it painted, or each enemy's first refusal (pursuit walk of session 31)
            return self._squad_hold_reasons(unit)
        v = self.vehicle(unit)
        if v.destroyed or any(isinstance(a, Fire) and a.target for a in self.fire_actions(unit)):
            return []
        if v.submerged:
            return [Refusal("CEN-GRD-2", f"{unit} is under water: nothing fires out of a lake")]
        if not v.sheet.may_fire:
            return [Refusal("CEN-CMB-1", f"{unit} has no able gunner or commander to fire its weapons")]
        weapons = v.sheet.vehicle.weapons
        out = [Refusal("CEN-CMB-1", f"{weapons[i].type} ({weapons[i].location}) is out of action")
               for i in range(len(weapons)) if not v.sheet.weapon_usable(i)]
        for key in self._enemy_keys(v.side, v.hex):
            if self.combat_units()[key].submerged:
                out.append(Refusal("CEN-GRD-2", f"{key} is under water: nothing fires into a lake"))
                continue
            bearings = self.weapon_bearings(unit, key)
            near = next((b.refusal for b in bearings if b.refusal is not None and not b.beyond_range), None)
            far = next((b.refusal for b in bearings if b.beyond_range), None)  # range: said when nothing else is
            if near is not None:
                out.append(Refusal(near.rule, f"{key}: {near.reason}"))
            elif far is not None:
                out.append(Refusal(far.rule, f"{key} is {far.reason}"))
            elif not bearings:
                out.append(Refusal("CEN-CMB-1", f"no working weapon of {unit} bears on {key}"))
        return out

    def paint_lost_on(self, unit: str, target_key: str) -> Refusal | None:
        """Why the paint on a target does not help this firer: another's paint hit it, and the firer's comm is out
        (book-a 13.2: no benefit from others' paint); None when it helps or nothing painted it (walk 34)."""
        units = self.combat_units()
        me, tgt = units.get(unit), units.get(target_key)
        if me is None or tgt is None or not tgt.target_view().painted or tgt.target_view(me).painted:
            return None  # `target_view` holds the rule: painted for a viewer whose comm works, or by its own paint
        return Refusal("CEN-CMB-1", f"the paint on {target_key} does not help {unit}: its comm is out, and a vehicle "
                                    "without its comm gains nothing from another's paint (book-a 13.2)")

    def weapon_bearings(self, unit: str, target_key: str) -> list[Bearing]:
        """Each working weapon of a vehicle declared at a target (not the Vulcans), with why it cannot fire at it
        alone: beyond its range, or the declaration's refusal (arc, sight, rounds; CEN-CMB-1, CEN-LOS-1, HEX-4).
        The one source of `hold_reasons` and of the fire preview's idle weapons (book-a 8.2, 10.1)."""
        v = self.vehicle(unit)
        units = self.combat_units()
        tv = units[target_key].target_view(units[unit])
        fv = units[unit].firer_view()
        rng = distance(v.hex, tv.hex)
        tf = turret_toward(fv, tv)
        out: list[Bearing] = []
        for i, w in enumerate(v.sheet.vehicle.weapons):
            atk = _direct_attack(w, i, target_key, tv.kind)  # the shell `_attack_set` would load (AP at infantry)
            if atk is None or not v.sheet.weapon_usable(i):
                continue
            if w.range < rng:
                out.append(Bearing(i, Refusal("CEN-CMB-1", f"{rng} hexes away, beyond the {w.type}'s range of "
                                                          f"{w.range}"), beyond_range=True))
                continue
            r = declare_fire(fire_map(self, unit, target_key), fv, [atk], {target_key: tv}, turret_facing=tf,
                             rules=self.rules)
            out.append(Bearing(i, Refusal(r.rule, re.sub(r"^attack \d+ \(([^)]*)\): ", r"\1: ", r.reason))
                               if isinstance(r, Refusal) else None))
        return out

    def _squad_hold_reasons(self, unit: str) -> list[Refusal]:
        """Why a squad fires at nothing this turn: it painted (book-a 7.3), or each enemy's first refusal of its
        weapons (range, sight; book-a §16, CEN-CMB-1); [] when it has a target."""
        if any(p == unit for p, _t in self.paints):
            return [Refusal("CEN-CMB-1", f"{unit} painted this turn: a squad that paints does nothing else "
                                         "(book-a 7.3)")]
        acts = self.fire_actions(unit)
        if any(getattr(a, "target", None) for a in acts):
            return []
        me = self.combat_units()[unit]
        weapons = squad_weapons(me.squad_kind)[::-1]  # personal first
        out = []
        for t in self._enemy_keys(me.side, me.hex):
            why = next((r for w in weapons if isinstance(r := self.squad_attack(unit, w, t), Refusal)), None)
            if why is not None:
                out.append(Refusal(why.rule, f"{t}: {why.reason}"))
        return out

    def chosen_plan(self, action: Fire) -> FirePlan | Refusal:
        """The checked plan of a fire declaration with the player's choices: the weapons firing at the target (by
        default every weapon that bears), their Gauss shells (HEAP, APDS, Hammerhead; AP at infantry) and a second
        target with its weapons; the turret turned to a facing that serves them all (book-a §8.2-8.3, E17)."""
        units = self.combat_units()
        v = next((x for x in self.vehicles if x.key == action.unit), None)
        if v is None or action.unit not in units or action.target is None:
            return Refusal("CEN-SEQ-3", f"{action.unit} is not a vehicle that may fire now")
        for t in (action.target, action.second):
            if t is not None and t not in self._enemy_keys(v.side, v.hex):
                return Refusal("CEN-CMB-1", f"{action.unit} cannot engage {t}")
        if action.weapons is None:
            full = self._attack_set(v, action.target, None, False)
            weapons = tuple(ra.attack.weapon for ra in full.attacks) if full is not None else ()
        else:
            weapons = action.weapons
        shells = dict(action.shells)
        n_weapons = len(v.sheet.vehicle.weapons)
        attacks: list[Attack] = []
        for target, idxs in ((action.target, weapons), (action.second, action.second_weapons)):
            for i in idxs:
                if not 0 <= i < n_weapons:
                    return Refusal("CEN-CMB-1", f"{v.key} has no weapon {i + 1}")
                if not v.sheet.weapon_usable(i):
                    return Refusal("CEN-CMB-1", f"{v.key}'s {v.sheet.vehicle.weapons[i].type} is out")
                gauss = weapon_family(v.sheet.vehicle.weapons[i]) == "gauss"
                infantry = units[target].kind == "infantry"
                shell = shells.get(i, ("AP" if infantry else "HEAP") if gauss else None)
                attacks.append(Attack(i, target, shell))
        if not attacks:
            return Refusal("CEN-CMB-1", f"{v.key}: no weapon declared to fire")
        fv = units[v.key].firer_view()
        views = {t: units[t].target_view(units[v.key]) for t in {a.target for a in attacks}}
        bm = fire_map(self, v.key, action.target if action.second is None else None)  # VAR-OCCUPY
        first = turret_toward(fv, views[action.target])
        out: FirePlan | Refusal = Refusal("CEN-CMB-1", "no turret facing serves these attacks")
        for tf in (first, *[f for f in range(6) if f != first]):
            plan = declare_fire(bm, fv, attacks, views, turret_facing=tf, rules=self.rules)
            if isinstance(plan, FirePlan):
                return plan
            if tf == first:
                out = plan
        return out

    def _firers(self, side: str) -> list[str]:
        out = [v.key for v in self.live_vehicles(side) if (v.sheet.may_fire or self._driver_may_fire(v))
               and v.key not in self.opp_fired and not v.submerged]  # CEN-GRD-2
        painted = {p for p, _t in self.paints}  # a squad that paints does nothing else (book-a 7.3)
        out += [s.key for s in self.squads if s.side == side and s.hex is not None and s.men > 0
                and s.key not in painted and s.key not in self.opp_fired  # fired on opportunity (CEN-OPP-1)
                # a concealed one too: it may reactivate to fire (book-a §16.7)
                and (self.rules_edition >= 2 or not self.concealed(s.key))]
        return self.game_rules.declarers(self, side, out)  # VAR-INIT: the platoon being activated

    def squad_attack(self, unit: str, weapon: str, target: str) -> SquadAttack | Refusal:
        """The checked attack of a dismounted squad's `weapon` (personal, tvlg, mortar) at `target`, with its
        to-hit odds, or a Refusal naming the rule (book-a §16, CEN-CMB-1)."""
        ck = ("sq", unit, weapon, target)
        if ck not in self._cache:
            me = self.combat_units().get(unit)
            if me is None or me.kind != "infantry":
                out: SquadAttack | Refusal = Refusal("CEN-MNT-1", f"{unit} is not a dismounted squad")
            elif target not in self._enemy_keys(me.side, me.hex):
                out = Refusal("CEN-CMB-1", f"{unit} cannot engage {target}")
            else:
                out = declare_squad_fire(self.battlemap, self.combat_units(), SquadOrder(unit, weapon, target),
                                         rules=self.rules,  # the target's speed (VAR-SPEEDMOD)
                                         smoke=self.squad_smoke)  # smoke against squads' weapons too
            self._cache[ck] = out
        return self._cache[ck]

    def fire_actions(self, unit: str) -> tuple[Action, ...]:
        """Fire at each enemy the vehicle's weapons bear on, or hold (CEN-CMB-1); a squad: each weapon at each
        enemy in range and sight (CEN-CMB-1)."""
        ck = ("fire", unit)
        if ck in self._cache:
            return self._cache[ck]
        if any(q.key == unit for q in self.squads):
            me = self.combat_units()[unit]
            weapons = squad_weapons(me.squad_kind)[::-1]  # personal first
            acts: list[Action] = [SquadFire(unit, w, t) for t in self._enemy_keys(me.side, me.hex) for w in weapons
                                  if not isinstance(self.squad_attack(unit, w, t), Refusal)]
            self._cache[ck] = (*acts, Fire(unit, None))
        else:
            v = self.vehicle(unit)
            out: list[Action] = [Fire(unit, t) for t in self._enemy_keys(v.side, v.hex)
                                 if self.attack_set(v, t) is not None]
            out += self.game_rules.driver_fire_actions(self, v)  # the driver fires at -2 (VAR-WEAPONS)
            self._cache[ck] = (*out, Fire(unit, None))
        return self._cache[ck]

    def _check_fire_choices(self, action: Fire) -> None:
        """A fire declaration with choices: the same declaration without them must be open, and the plan legal."""
        plain = replace(action, weapons=None, shells=(), second=None, second_weapons=())
        if self.phase != "fire" or plain not in self.legal_actions():
            raise IllegalAction(self.game_rules.refusal_rule(self, "CEN-SEQ-3", "fire"),
                                f"not allowed now ({self.phase} phase): {action.describe()}")
        plan = self.chosen_plan(action)
        if isinstance(plan, Refusal):
            raise IllegalAction(plan.rule, plan.reason)

    def _driver_may_fire(self, v: Vehicle) -> bool:
        """Whether a vehicle declares fire for its driver alone (gunner and commander out) (VAR-WEAPONS)."""
        return self.game_rules.driver_may_fire(self, v)

    def _fire(self, action: Fire, dice: Dice) -> GameState:
        if action.driver:  # the driver's piloting roll now (VAR-WEAPONS)
            return crew.declare_driver_fire(self, action, dice)._do(replace(action, driver=False), dice)
        nxt = replace(self, declared=self.declared | {action.unit}, queue=self.queue[1:],
                      fires=self.fires + ((action.unit, action.target),) if action.target else self.fires,
                      fire_choices=self.fire_choices + ((action,) if action.chosen else ()))
        return nxt._fresh()._next_declarer(dice)

    def _squad_fire(self, action: SquadFire, dice: Dice) -> GameState:
        nxt = replace(self, declared=self.declared | {action.unit}, queue=self.queue[1:],
                      fires=self.fires + ((action.unit, action.target, action.weapon),))
        if self.concealed(action.unit):  # it reactivates to fire: the enemies still to declare may target it
            nxt = replace(nxt, squads=tuple(replace(q, concealed_turn=None) if q.key == action.unit else q
                                            for q in nxt.squads))._log(
                f"  {action.unit} reactivates from concealment to fire: enemies still to declare may target it "
                "[book-a 16.7]")
        return nxt._fresh()._next_declarer(dice)

    def _check_fire(self, action: Action) -> None:
        """A fire declaration naming weapons, shells or a second target: checked as a plan; the others from the
        phase's list (CEN-SEQ-3, book-a §8.2-8.3)."""
        if isinstance(action, Fire) and action.chosen and action.unit in {v.key for v in self.vehicles}:
            self._check_fire_choices(action)
            return
        self._check_listed(action)

    def _resolve_fire(self, dice: Dice) -> GameState:
        """Every declaration made: the fire resolved, the rule set's `resolve_fire` (VAR-INIT: the activated
        platoon's fire, all damage at once)."""
        return self.game_rules.resolve_fire(self, dice)

    def _basic_resolve_fire(self, dice: Dice) -> GameState:
        """The basic Combat Phase: every declared fire, then internals; rams after it; then the End Phase."""
        units = self.combat_units()
        decls = []
        terms: list[str] = []
        if any(v.driver_fire for v in self.vehicles):  # the drivers' shots first, -2 each (VAR-WEAPONS)
            units, terms = crew.resolve_driver_fire(self, units, dice)
        for firer, target, *weapon in self.fires:
            if weapon:  # a squad: its order goes to the engine as declared (book-a §16, CEN-SEQ-3)
                decls.append(SquadOrder(firer, weapon[0], target))
                continue
            plan = self.attack_set(self.vehicle(firer), target)
            if plan is None:
                continue
            decls.append((firer, [a.attack for a in plan.attacks], plan.turret_facing))
            terms += variant_terms(firer, plan)
        res = combat_phase(self.battlemap, units, decls, dice, turn=self.turn, rules=self.rules,
                           map_for=occupy_map_for(self) if positions_in_play(self) else None,  # VAR-OCCUPY
                           squad_smoke=self.squad_smoke)
        men = {k: u.men for k, u in units.items() if u.kind == "infantry"}
        nxt = self._absorb(res.units, res.internals, res.casualties, *terms, *fire_lines(res, men))
        nxt = nxt.resolve_rams(None, dice)  # rams after the Combat Phase (VAR-RAM)
        return nxt.enter(Phase.END, dice)


def _direct_attack(w, index: int, target_key: str, kind: str) -> Attack | None:
    """A weapon's single attack at a target, with the Gauss shell a plain declaration loads (AP at infantry, HEAP
    otherwise, book-a 8.3); None for the weapons that are not declared at a target (Vulcan, artillery, ...)."""
    fam = weapon_family(w)
    if fam in ("vulcan", "infantry", "artillery", "engineering"):
        return None
    return Attack(index, target_key, ("AP" if kind == "infantry" else "HEAP") if fam == "gauss" else None)


def _flown(game: GameState, key: str, default: int) -> int:
    """The velocity a vehicle flew its last move at (the target's speed at a hex of that move), VAR-SPEEDMOD."""
    v = next((x for x in game.vehicles if x.key == key), None)
    return default if v is None or v.flown is None else v.flown


RULES = PhaseRules(
    Phase.FIRE,
    legal=lambda s: [a for u in s.undeclared() for a in s.fire_actions(u)],
    apply={Fire: FirePhase._fire, SquadFire: FirePhase._squad_fire},
    check=FirePhase._check_fire,
    rule="CEN-SEQ-3",
    enter=lambda s, dice: s._start_declarations("fire", dice),
    close=lambda s, dice: s._resolve_fire(dice),
    doc="each unit declares its target (or holds); then the fire is resolved, internals after all fire",
)

__all__ = ["FirePhase", "RULES"]
