"""The opportunity decisions of Centurion (CEN-OPP-1): after an enemy's move, each vehicle or dismounted squad
standing on opportunity fire may fire at one hex of the move, or the side lets it pass.

`OpportunityPhase` holds the phase's queries and decisions as methods of the game state; `RULES` registers
them. The shot is taken as the mover enters the hex it names (game/opportunity.py flies the move again to it).
"""

from __future__ import annotations

from dataclasses import replace

from ...dice import Dice
from ...hexgrid import format_label
from ...rules import Refusal, SquadOrder, combat_phase, declare_squad_fire, resolve_opportunity_fire
from .. import opportunity
from ..actions import IllegalAction, LetPass, OpportunityFire, squad_weapons
from ..dispatch import PhaseRules
from ..enums import Phase
from ..fire_log import fire_lines, variant_terms
from ..state import GameState, Squad, Vehicle


class OpportunityPhase:
    """The opportunity phase's queries and decisions, as methods of the game state (CEN-OPP-1)."""

    def watchers(self) -> list[Vehicle | Squad]:
        """Vehicles and squads of the side not moving that stand on opportunity fire and have not fired
        (CEN-OPP-1)."""
        if self.pending_move is None:
            return []
        return self.game_rules.watchers(self)  # VAR-INIT: stationary since last turn, or dropped to 0

    def _basic_watchers(self) -> list[Vehicle | Squad]:
        """The basic watchers: on opportunity fire (a Watch decision) and not fired yet (CEN-OPP-1); a squad on
        watch while it is dismounted, alive and not concealed (book-a §16.7)."""
        side = self.combat_units()[self.pending_move[0]].side  # a vehicle, or a squad on foot (rules edition 2)
        enemy = self.other(side)
        return [*(v for v in self.live_vehicles(enemy)
                  if v.key in self.watching and v.key not in self.opp_fired and v.sheet.may_fire),
                *(q for q in self.squads if q.side == enemy and q.key in self.watching and q.key not in self.opp_fired
                  and q.hex is not None and q.men > 0 and not self.concealed(q.key))]

    def _mover_at(self, at: tuple) -> dict:
        """The combat units with the unit moving now placed in a hex of its move (`at`: hex, facing): where a
        squad on watch sees and shoots it (CEN-OPP-1)."""
        units = dict(self.combat_units())
        key = self.pending_move[0]
        u = units[key]
        units[key] = replace(u, hex=at[0], **({"facing": at[1]} if u.kind == "vehicle" else {}))
        return units

    def squad_opportunity(self, squad: str, weapon: str, step: int) -> object:
        """The checked shot of a squad on watch with `weapon` at the unit moving now as it enters hex `step` of its
        move (its to-hit odds), or a Refusal naming the rule (CEN-OPP-1, book-a §16)."""
        ck = ("sq-opp", squad, weapon, step)
        if ck not in self._cache:
            mover, path = self.pending_move
            units = self._mover_at(path[step - 1])
            self._cache[ck] = declare_squad_fire(self.battlemap, units, SquadOrder(squad, weapon, mover),
                                                 rules=self.rules, smoke=self.squad_smoke)
        return self._cache[ck]

    def opportunity_actions(self) -> tuple[OpportunityFire, ...]:
        """Each (watcher, hex of the enemy's move) where the watcher may fire (CEN-OPP-1)."""
        if self.pending_move is None:
            return ()
        ck = "opp"
        if ck not in self._cache:
            mover_key, path = self.pending_move
            out = []
            floor = self.moving.step if self.moving is not None else 0  # in the order it enters them (CEN-OPP-1)
            if mover_key in self.combat_units():
                for w in self.watchers():
                    for step, at in enumerate(path, start=1):
                        if step < floor:
                            continue
                        if isinstance(w, Squad):  # each of its weapons that may fire there (book-a §16)
                            kind = self.combat_units()[w.key].squad_kind
                            out += [OpportunityFire(w.key, mover_key, step, wp)
                                    for wp in squad_weapons(kind)
                                    if not isinstance(self.squad_opportunity(w.key, wp, step), Refusal)]
                        elif self.attack_set(w, mover_key, at=at, opportunity=True) is not None:
                            out.append(OpportunityFire(w.key, mover_key, step))
            self._cache[ck] = tuple(out)
        return self._cache[ck]

    def _opportunity(self, action: OpportunityFire, dice: Dice) -> GameState:
        """The shot taken as the mover enters hex `step`, damage at once; the mover stops there if destroyed or
        grounded by it, else goes on with its damage (CEN-OPP-1 D, game/opportunity.py)."""
        mover_key, path = self.pending_move
        k, mp, here, flown = action.step, self.moving, self, None
        if mp is not None:  # the mover as it enters hex k (its move flown again with its own dice)
            at_k, flown = opportunity.at_step(self, mp, k)
            here = replace(self, vehicles=self._with_vehicle(at_k))._fresh()
        men = {k: u.men for k, u in here.combat_units().items() if u.kind == "infantry"}
        if action.weapon is not None:  # a squad on watch: its order resolved as in the Combat Phase (book-a §16)
            units = here._mover_at(path[k - 1])
            res = combat_phase(self.battlemap, units, [SquadOrder(action.unit, action.weapon, mover_key)], dice,
                               turn=self.turn, rules=self.rules, squad_smoke=self.squad_smoke)
            res = replace(res, units={key: replace(u, hex=here.combat_units()[key].hex) if key == mover_key else u
                                      for key, u in res.units.items()})  # back where `here` has it
            terms: tuple[str, ...] = ()
        else:
            w = here.vehicle(action.unit)
            plan = here.attack_set(w, mover_key, at=path[k - 1], opportunity=True)
            if plan is None:
                raise IllegalAction("CEN-OPP-1", f"no weapon of {w.key} bears on {mover_key} in hex {k} of its move")
            res = resolve_opportunity_fire(plan, here.combat_units(), dice, battlemap=self.battlemap, turn=self.turn,
                                           rules=self.rules)
            terms = tuple(variant_terms(w.key, plan))
        nxt = replace(here, opp_fired=self.opp_fired | {action.unit})._absorb(res.units, res.internals,
                                                                               res.casualties, *terms,
                                                                               *fire_lines(res, men))
        at_label = format_label(path[k - 1][0])
        squad = next((q for q in nxt.squads if q.key == mover_key), None)
        if squad is not None:  # a squad on foot (rules edition 2): its losses count at once; it walks on
            if squad.men <= 0:  # it lies where the fire hit it
                nxt = replace(nxt, squads=tuple(replace(q, hex=path[k - 1][0]) if q.key == mover_key else q
                                                for q in nxt.squads))
            nxt = nxt._log(f"  {mover_key} is destroyed in {at_label}, where the opportunity fire hit it "
                           "[CEN-OPP-1]" if squad.men <= 0 else
                           f"  {mover_key} walks on from {at_label} to the end of its move [CEN-OPP-1]")._fresh()
            return nxt if nxt.opportunity_actions() else replace(nxt, pending_move=None)._fresh()._next_mover()
        hit = nxt.vehicle(mover_key)
        irep = res.internals.get(mover_key)
        if hit.destroyed or (irep is not None and irep.grounded_at_velocity is not None):  # grounds there (13.2)
            made = self.vehicle(mover_key)  # its vanes as the move's emergency turns left them (VAR-EMERGENCY)
            hit = replace(hit, hex=path[k - 1][0], facing=path[k - 1][1], velocity=0, grounded=True,
                          in_crater=False, submerged=self.battlemap[path[k - 1][0]].lake,
                          vane_boxes=made.vane_boxes, vanes_lost=made.vanes_lost, vanes_shorted=made.vanes_shorted)
            nxt = replace(nxt, vehicles=nxt._with_vehicle(hit), pending_move=(mover_key, path[:k]))
            nxt = nxt._log(f"  {mover_key} {'is destroyed' if hit.destroyed else 'grounds'} in {at_label}, where "
                           "the opportunity fire hit it: its move ends there [CEN-OPP-1]")
        elif mp is not None:
            shots = mp.shots + ((k, hit),)
            if hit.sheet == here.vehicle(mover_key).sheet:  # undamaged: it goes on as it moved
                nv = replace(self.vehicle(mover_key), vulcan=hit.vulcan, painted_by=hit.painted_by)
                nxt = replace(nxt, vehicles=nxt._with_vehicle(nv), moving=replace(mp, shots=shots))
                nxt = nxt._log(f"  {mover_key} takes no damage in {at_label} and goes on as it moved [CEN-OPP-1]")
            else:  # the rest of the path flown again with the damage (CEN-OPP-1, CEN-SPD-1..3)
                nv, rep, lines = opportunity.fly_on(self, mp, k, hit, flown)
                rest = opportunity.stopped_in(path, rep.stopped_at)
                nxt = replace(nxt, vehicles=nxt._with_vehicle(nv), pending_move=(mover_key, rest),
                              moving=replace(mp, shots=shots))
                goes = "and goes on with its damage" if k < len(path) else "(the last hex of its move)"
                nxt = nxt._log(f"  {mover_key} survives the fire in {at_label} {goes} [CEN-OPP-1]",
                               *lines)._sync_riders()
        if mp is not None:
            nxt = opportunity.riders_follow(nxt, mp, mover_key)
            if nxt.pending_move is not None and nxt.pending_move[1] != path:  # stopped short: its entry (§14.2)
                nxt = opportunity.entered(nxt, mp.before, nxt.pending_move[1])
        nxt = nxt._fresh()
        if nxt.opportunity_actions():
            return nxt
        return replace(nxt, pending_move=None)._fresh()._next_mover()

    def _let_pass(self, action: LetPass, dice: Dice) -> GameState:
        return replace(self, pending_move=None)._fresh()._next_mover()


RULES = PhaseRules(
    Phase.OPPORTUNITY,
    legal=lambda s: [*s.opportunity_actions(), LetPass()],
    apply={OpportunityFire: OpportunityPhase._opportunity, LetPass: OpportunityPhase._let_pass},
    check=lambda s, a: s._check_listed(a),
    rule="CEN-OPP-1",
    doc="the side not moving fires at one hex of the enemy's move, or lets it pass",
)

__all__ = ["OpportunityPhase", "RULES"]
