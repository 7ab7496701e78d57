"""The painting phase of Centurion (CEN-SEQ-1, CEN-SEQ-3, book-a §7): the sides declare painting in the
declaration order (the loser of the initiative first), then every paint is rolled at once.

`PaintingPhase` holds the declarations' queue (used by the fire phase too: `_start_declarations`,
`_next_declarer`, `undeclared`), the painting queries and the `Paint` decision, as methods of the game state;
`RULES` registers them.
"""

from __future__ import annotations

from dataclasses import replace

from ...dice import Dice
from ...rules.grav import Refusal
from ...rules.resolution import resolve_painting
from ...rules.sequence import declaration_order
from ...rules.targets import PaintAttempt, infantry_paint, vehicle_paint
from ..actions import Action, Paint
from ..dispatch import PhaseRules
from ..enums import Phase
from ..fire_log import variant_term_lines
from ..state import GameState
from ..variants import occupy_map_for, positions_in_play


class PaintingPhase:
    """The declarations' queue and the painting phase's queries and decisions, as methods of the game state."""

    def undeclared(self) -> list[str]:
        """The units of the declaring side that have not declared yet (CEN-SEQ-3)."""
        if not self.queue:
            return []
        side = self.queue[0]
        eligible = self._painters(side) if self.phase == "painting" else self._firers(side)
        return [k for k in eligible if k not in self.declared]

    def _painters(self, side: str) -> list[str]:
        out = [v.key for v in self.live_vehicles(side) if v.sheet.may_paint and v.key not in self.opp_fired
               and not v.submerged]  # CEN-GRD-2
        out += [s.key for s in self.squads if s.side == side and s.hex is not None and s.men > 0
                and not self.concealed(s.key) and s.key not in self.opp_fired]  # CEN-OPP-1
        return self.game_rules.declarers(self, side, out)  # VAR-INIT: the platoon being activated

    def paint_attempt(self, unit: str, target: str) -> PaintAttempt | Refusal:
        """The checked painting attempt (to-hit and odds) of `unit` at `target`, or a Refusal (book-a §7)."""
        units = self.combat_units()
        u, t = units.get(unit), units.get(target)
        if u is None or t is None or t.kind != "vehicle" or t.side == u.side:
            return Refusal("CEN-CMB-1", f"{unit} cannot paint {target}")
        if u.submerged or t.submerged:
            return Refusal("CEN-GRD-2", f"{unit if u.submerged else target} is under water: no painting")
        view = replace(t.target_view(), painted=False)
        if u.sheet is not None:
            return vehicle_paint(self.battlemap, u.firer_view(), view, rules=self.rules)
        return infantry_paint(self.battlemap, u.hex, u.men, view, squad_key=unit, rules=self.rules)

    def paint_reasons(self, unit: str) -> list[Refusal]:
        """Why a unit has nothing to paint (its list holds only 'does not paint'): each enemy vehicle's refusal
        (book-a §7: range, sight, the turret weapons, comm and commander); [] when it may paint one."""
        v = next((x for x in self.vehicles if x.key == unit), None)
        if v is not None and not v.destroyed and not v.sheet.may_paint:
            return [Refusal("CEN-CMB-1", f"{unit} cannot paint: painting needs its turret weapons, its comm and an "
                                         "able commander (book-a 13.2)")]
        if any(a.target for a in self.paint_actions(unit)):
            return []
        me = self.combat_units()[unit]
        return [self.paint_attempt(unit, t) for t in self._enemy_keys(me.side, me.hex)
                if self.combat_units()[t].kind == "vehicle"]

    def paint_actions(self, unit: str) -> tuple[Action, ...]:
        """Paint each enemy vehicle the unit may paint, or none."""
        ck = ("paint", unit)
        if ck not in self._cache:
            out: list[Action] = []
            me = self.combat_units()[unit]
            for t in self._enemy_keys(me.side, me.hex):
                if self.combat_units()[t].kind == "vehicle" and not isinstance(self.paint_attempt(unit, t), Refusal):
                    out.append(Paint(unit, t))
            self._cache[ck] = (*out, Paint(unit, None))
        return self._cache[ck]

    def _start_declarations(self, phase: str, dice: Dice | None) -> GameState:
        """The painting (or fire) declarations begin: the rule set's `start_declarations` (VAR-INIT: the
        activated platoon's declarations only)."""
        return self.game_rules.start_declarations(self, phase, dice)

    def _basic_declarations(self, phase: str, dice: Dice | None) -> GameState:
        """The basic order: the sides alternate, the initiative's loser first (CEN-SEQ-3)."""
        winner = self.initiative_winner
        loser = self.other(winner)
        tmp = replace(self, phase=phase, declared=frozenset(), queue=(), pending_move=None)._fresh()
        pick = tmp._painters if phase == "painting" else tmp._firers
        # only units with something to declare take a turn (a unit with no target holds without a decision)
        eligible = {s: [k for k in pick(s) if (tmp.paint_actions(k) if phase == "painting" else
                                                tmp.fire_actions(k))[:-1]] for s in (loser, winner)}
        order = declaration_order(len(eligible[loser]), len(eligible[winner]))
        queue = tuple(loser if o == "loser" else winner for o in order)
        nxt = replace(tmp, queue=queue, declared=frozenset(k for s in (loser, winner) for k in pick(s)
                                                             if k not in eligible[s]))._fresh()
        why = ("no unit may paint an enemy vehicle (in sight, within 20 hexes); none paints" if phase == "painting"
               else "no unit has an enemy in sight, in range and in arc; none fires")
        nxt = nxt._log(*(f"T{self.turn} {phase} — {self.label(s)}: {why} [CEN-CMB-1]"  # walk of session 53: the
                         for s in (loser, winner) if pick(s) and not eligible[s]))  # phase passed unsaid
        return nxt._next_declarer(dice)

    def _next_declarer(self, dice: Dice | None) -> GameState:
        if self.queue:
            return replace(self, active=self.queue[0])._fresh()
        if dice is None:
            dice = self.dice_of(len(self.history))
        return self.close_phase(dice)  # painting: roll the paints; fire: resolve the fire

    def _resolve_painting(self, dice: Dice) -> GameState:
        units = self.combat_units()
        lines = []
        if self.paints:
            units, results = resolve_painting(self.battlemap, units, self.paints, dice, rules=self.rules,
                                              map_for=occupy_map_for(self) if positions_in_play(self) else None)
            for r in results:
                if isinstance(r, Refusal):
                    lines.append(f"  painting refused: {r}")
                elif r.stop is not None and r.stop.success:
                    lines.append(f"  {r.painter} paints {r.target}: hit, but the shield stops it (d100 "
                                 f"{r.stop.result} <= {r.stop.target}) [VAR-SHIELD]")
                else:
                    lines.append(f"  {r.painter} paints {r.target}: {'hit' if r.painted else 'miss'}"
                                 + (" [VAR-SHIELD: no shield modifier, the stop roll let it through]"
                                    if r.stop is not None else ""))
                if not isinstance(r, Refusal):  # a variant's term in the roll, named (VAR-SPEEDMOD; walk of S49)
                    lines += variant_term_lines(f"{r.painter} paint at {r.target}", r.terms)
        nxt = self._absorb(units, {}, {})._log(*lines)
        return nxt.enter(Phase.FIRE, dice)

    def _paint(self, action: Paint, dice: Dice) -> GameState:
        nxt = replace(self, declared=self.declared | {action.unit}, queue=self.queue[1:],
                      paints=self.paints + ((action.unit, action.target),) if action.target else self.paints)
        return nxt._fresh()._next_declarer(dice)


RULES = PhaseRules(
    Phase.PAINTING,
    legal=lambda s: [a for u in s.undeclared() for a in s.paint_actions(u)],
    apply={Paint: PaintingPhase._paint},
    check=lambda s, a: s._check_listed(a),
    rule="CEN-SEQ-3",
    enter=lambda s, dice: s._start_declarations("painting", dice),
    close=lambda s, dice: s._resolve_painting(dice),
    doc="each unit declares the enemy vehicle it paints, or none; then every paint is rolled",
)

__all__ = ["PaintingPhase", "RULES"]
