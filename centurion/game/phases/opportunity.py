"""The opportunity decisions of Centurion (CEN-OPP-1): after an enemy's move, each vehicle standing on opportunity
fire may fire at one hex of the move, or the side lets it pass.

`OpportunityPhase` holds the phase's queries and decisions as methods of the game state; `RULES` registers
them. The shot is taken as the mover enters the hex it names (game/opportunity.py flies the move again to it).
"""

from __future__ import annotations

from dataclasses import replace

from ...dice import Dice
from ...hexgrid import format_label
from ...rules import resolve_opportunity_fire
from .. import opportunity
from ..actions import IllegalAction, LetPass, OpportunityFire
from ..dispatch import PhaseRules
from ..enums import Phase
from ..fire_log import fire_lines, variant_terms
from ..state import GameState, Vehicle


class OpportunityPhase:
    """The opportunity phase's queries and decisions, as methods of the game state (CEN-OPP-1)."""

    def watchers(self) -> list[Vehicle]:
        """Vehicles of the side not moving that stand on opportunity fire and have not fired (CEN-OPP-1)."""
        if self.pending_move is None:
            return []
        return self.game_rules.watchers(self)  # VAR-INIT: stationary since last turn, or dropped to 0

    def _basic_watchers(self) -> list[Vehicle]:
        """The basic watchers: on opportunity fire (a Watch decision) and not fired yet (CEN-OPP-1)."""
        side = self.combat_units()[self.pending_move[0]].side  # a vehicle, or a squad on foot (rules edition 2)
        return [v for v in self.live_vehicles(self.other(side))
                if v.key in self.watching and v.key not in self.opp_fired and v.sheet.may_fire]

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
                        if step >= floor and self.attack_set(w, mover_key, at=at, opportunity=True) is not None:
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
        w = here.vehicle(action.unit)
        plan = here.attack_set(w, mover_key, at=path[k - 1], opportunity=True)
        if plan is None:
            raise IllegalAction("CEN-OPP-1", f"no weapon of {w.key} bears on {mover_key} in hex {k} of its move")
        res = resolve_opportunity_fire(plan, here.combat_units(), dice, battlemap=self.battlemap, turn=self.turn,
                                       rules=self.rules)
        men = {k: u.men for k, u in here.combat_units().items() if u.kind == "infantry"}
        nxt = replace(here, opp_fired=self.opp_fired | {w.key})._absorb(res.units, res.internals, res.casualties,
                                                                         *variant_terms(w.key, plan),
                                                                         *fire_lines(res, men))
        at_label = format_label(path[k - 1][0])
        squad = next((q for q in nxt.squads if q.key == mover_key), None)
        if squad is not None:  # a squad on foot (rules edition 2): its losses count at once; it walks on
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
