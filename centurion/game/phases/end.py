"""The End Phase of Centurion (CEN-SEQ-1, book-b §15): widowed armor falls, old smoke lifts, each side may lay
smoke (or, under VAR-SELFDESTRUCT, try to blow a charge) and ends its turn; then the victory check.

`EndPhase` holds the phase's steps and its `Smoke`, `SelfDestruct` and `EndTurn` decisions as methods of the game
state; `RULES` registers them.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from ...data import BattleMap
from ...dice import Dice
from ...hexgrid import Hex, format_label, neighbors, parse_label
from ...rules import end_phase
from ...rules.terrain import entry_cost
from ...rules.victory import battle_outcome
from .. import crew
from ..actions import Action, EndTurn, IllegalAction, SelfDestruct, Smoke
from ..base import taken_rolls
from ..dispatch import PhaseRules
from ..enums import Phase
from ..state import GameState, Result
from ..wording import VICTORY_SOURCE


class EndPhase:
    """The End Phase's steps and decisions, and the victory check, as methods of the game state (CEN-SEQ-1)."""

    def smoke_actions(self) -> list[Action]:
        """Each vehicle of the active side with a charge left that has laid none this End Phase (book-b §10.1: one
        grenade a vehicle): smoke in any 3 of the hexes adjacent to it (§10.2: the owner's pick; at the map's edge,
        every such hex when fewer than 3 are on the map). Rules editions 1-2: smoke in its own hex, unless smoke is
        there."""
        out: list[Action] = []
        for v in self.live_vehicles(self.active):
            if v.sheet.smoke_left <= 0 or v.key in self.smoked:  # one charge a vehicle an End Phase (book-b §10.1)
                continue
            if self.rules_edition < 3:
                if "smoke" not in self.battlemap[v.hex].counters:
                    out.append(Smoke(v.key))
                continue
            near = self._next_to(v.hex)
            out += [Smoke(v.key, c) for c in combinations(near, min(3, len(near)))]
        return out

    def _next_to(self, hex_: Hex) -> list[str]:
        """The labels of the hexes on the map next to `hex_`, in label order: where a charge laid from it may smoke
        (book-b §10.2)."""
        return sorted(format_label(h) for h in neighbors(hex_) if h in self.battlemap)

    def charge_map(self, hexes: tuple[str, ...]) -> BattleMap:
        """The map as it would be with a smoke charge laid in `hexes`, for a trial (the game's cache of maps,
        `state.map_with`, is left as it was)."""
        smoked = self.battlemap
        for h in hexes:
            smoked = smoked.with_counter(parse_label(h), "smoke")
        return smoked

    def smoke_in_its_way(self, action: Smoke) -> list[tuple[str, int]]:
        """The hexes of a charge that its own vehicle, at its velocity now, would enter above their speed limit as
        the smoke halves it (book-b §10.3, CEN-SPD-1: a piloting roll), entered from its hex, with that limit."""
        v = self.vehicle(action.unit)
        smoked = self.charge_map(action.hexes)
        out = []
        for label in action.hexes:
            cost, limit, _key = entry_cost(smoked, v.hex, parse_label(label))
            if cost is not None and abs(v.velocity) > limit:
                out.append((label, limit))
        return out

    def _end_phase(self, dice: Dice) -> GameState:
        if any(v.destruct_turn is not None and v.destruct_turn <= self.turn for v in self.vehicles):
            return crew.explode_due(self)._end_phase(dice)  # self-destruct charges set to blow now (VAR-SELFDESTRUCT)
        vs = []
        lines = []
        start = len(dice.log)  # the crews' wake-up rolls, logged under the phase's own line below
        for v in self.vehicles:
            if v.destroyed:
                vs.append(v)
                continue
            sheet, _rolls, removed = end_phase(v.sheet, dice, turn=self.turn, unit=v.key)
            if any(removed.values()):
                lines.append(f"  {v.key}: widowed armor removed [CEN-SEQ-1]")
            vs.append(replace(v, sheet=sheet))
        # old smoke lifts (smoke laid in an earlier End Phase) (CEN-SEQ-1)
        old = {(h, t) for h, t in self.smoke_turn if t < self.turn}
        counters = list(self.counters)
        for h, _t in old:
            counters.remove((h, "smoke"))
            lines.append(f"  the smoke in {format_label(h)} lifts")
        smoke_turn = tuple(x for x in self.smoke_turn if x not in old)
        # the phase's own steps under a line of their own, not among the last fire's results (walk of session 53):
        # its rolls are logged here, so the decision that led into the phase does not list them with its own
        rolls = taken_rolls(dice, start)
        if rolls or lines:
            lines = [f"T{self.turn} end — the End Phase begins [CEN-SEQ-1]", *rolls, *lines]
        nxt = replace(self, vehicles=tuple(vs), counters=tuple(counters), smoke_turn=smoke_turn, phase="end",
                      active=self.first, end_done=(), smoked=(), queue=())._log(*lines)._fresh()
        return nxt

    def _victory_check(self, dice: Dice) -> GameState:
        a, b = self.sides
        reason = None
        if not self.live_vehicles(a) or not self.live_vehicles(b):
            gone = a if not self.live_vehicles(a) else b
            reason = f"every vehicle of {self.label(gone)} is destroyed"
        elif self.turn >= self.scenario.turns:
            reason = f"the {self.scenario.turns} turns are played"
        if reason is None:
            return replace(self, turn=self.turn + 1).enter(Phase.INITIATIVE, dice)
        pa, pb = self.points(a), self.points(b)
        out = battle_outcome(pa, pb)
        winner = None if out.winner is None else (a if out.winner == "first" else b)
        result = Result(winner, out.level, {a: pa, b: pb}, reason)
        text = (f"Game over ({reason}): {self.label(a)} {pa} points, {self.label(b)} {pb} points; "
                + ("a draw" if winner is None else f"{out.level} victory for {self.label(winner)}")
                + f" [{VICTORY_SOURCE}]")
        return replace(self, result=result, phase="over", active=None)._log(text)._fresh()

    def _smoke(self, action: Smoke, dice: Dice) -> GameState:
        """One charge: a smoke counter in each hex it names (its own hex under editions 1-2); a hex with smoke in it
        already gets none (stacking has no effect, book-b §10.2)."""
        v = self.vehicle(action.unit)
        vs = self._with_vehicle(replace(v, sheet=v.sheet.spend_smoke_charge()))
        hexes = [parse_label(h) for h in action.hexes] if action.hexes else [v.hex]
        new = tuple(h for h in hexes if "smoke" not in self.battlemap[h].counters)
        return replace(self, vehicles=vs, counters=self.counters + tuple((h, "smoke") for h in new),
                       smoke_turn=self.smoke_turn + tuple((h, self.turn) for h in new),
                       smoked=self.smoked + (v.key,))._fresh()

    def _check_end(self, action: Action) -> None:
        """A decision of the End Phase from its list; a smoke charge of a vehicle that may lay one but naming the
        wrong hexes is told what a charge smokes (book-b §10.2) rather than 'not allowed now'."""
        if isinstance(action, Smoke) and action not in self.legal_actions() and any(
                isinstance(a, Smoke) and a.unit == action.unit for a in self.legal_actions()):
            near = self._next_to(self.vehicle(action.unit).hex)
            want = (f"3 of the hexes next to it ({', '.join(near)})" if self.rules_edition >= 3 else
                    "its own hex (rules editions 1-2: no hexes named)")
            raise IllegalAction("CEN-SEQ-1", f"{action.unit}'s smoke charge lays smoke in {want}, not in "
                                f"{', '.join(action.hexes) or 'its own hex'} [book-b 10.2]")
        self._check_listed(action)

    def _self_destruct(self, action: SelfDestruct, dice: Dice) -> GameState:
        return crew.attempt(self, action, dice)  # the check, then the charge set or nothing (VAR-SELFDESTRUCT)

    def _end_turn(self, action: EndTurn, dice: Dice) -> GameState:
        nxt = replace(self, end_done=self.end_done + (self.active,))._fresh()
        if len(nxt.end_done) < 2:
            return replace(nxt, active=self.other(self.active))._fresh()
        return nxt._victory_check(dice)


def _end_actions(s: GameState) -> list[Action]:
    """Smoke, a self-destruct attempt (the rule set's, VAR-SELFDESTRUCT), end the turn (CEN-SEQ-1)."""
    return [*s.smoke_actions(), *s.game_rules.self_destruct_actions(s), EndTurn()]


RULES = PhaseRules(
    Phase.END,
    legal=_end_actions,
    apply={Smoke: EndPhase._smoke, SelfDestruct: EndPhase._self_destruct, EndTurn: EndPhase._end_turn},
    check=lambda s, a: s._check_end(a),
    rule="CEN-SEQ-1",
    enter=lambda s, dice: s._end_phase(dice),
    doc="widowed armor falls, old smoke lifts; each side may lay smoke, then ends its turn; the victory check",
)

__all__ = ["EndPhase", "RULES"]
