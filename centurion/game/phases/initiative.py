"""The initiative of Centurion (CEN-INI-1, CEN-INI-2): the side with the Leadership Advantage spends points on the
initiative roll (the rest buys passes), then the winner chooses to move first or last.

`InitiativePhase` holds the turn's start, the roll and the `Leadership` and `Order` decisions as methods of the
game state; `RULES` registers the initiative and order phases. The rule set's extension points decide who
spends what and what the order starts (game/hooks.py; VAR-INIT: rating points, platoon activations).
"""

from __future__ import annotations

from dataclasses import replace

from ...dice import Dice
from ...hexgrid import format_label
from ...rules.grav import Refusal
from ...rules.leadership import century_advantage, plan_leadership, roll_century_initiative
from ..actions import Action, IllegalAction, Leadership, Order
from ..dispatch import PhaseRules
from ..enums import Phase
from ..state import GameState
from ..wording import plural


class InitiativePhase:
    """The turn's start and the initiative's decisions, as methods of the game state (CEN-INI-1)."""

    def _start_turn(self, dice: Dice) -> GameState:
        base = replace(self, phase="initiative", done=frozenset(), watching=frozenset(), opp_fired=frozenset(),
                       marched=frozenset(),
                       paints=(), fires=(), fire_choices=(), declared=frozenset(), end_done=(), queue=(), sequence=(),
                       pending_move=None, vehicles=tuple(replace(v, painted_by=(), vanes_shorted=(), vulcan=None,
                                                                 vanes_out=v.vanes_shorted)
                                                         for v in self.vehicles))
        base = base._log(f"— Turn {self.turn} —")._out_of_wrecks()
        return self.game_rules.start_initiative(base, dice)  # VAR-INIT: the variant turn

    def _out_of_wrecks(self) -> GameState:
        """Squads aboard a destroyed carrier (its ammunition exploded and they survived the roll, or not) get out
        into its hex at the turn's start and do not move this turn (book-a 13.2: the occupants bail out at their
        next movement; CEN-MNT-1: a squad that gets out does not move that turn; walk 34; audit of session 50)."""
        squads, wrecks, done, lines = [], {}, set(), []
        for q in self.squads:
            car = self.vehicle(q.aboard) if q.aboard is not None else None
            if car is not None and q.men and car.destroyed and (self.rules_edition >= 2 or not car.sheet.exploded):
                wrecks[car.key] = replace(car, sheet=replace(car.sheet, infantry_aboard=0))
                done.add(q.key)
                if self.rules_edition >= 4 and self.battlemap[car.hex].lake:  # no way out under water (edition 4)
                    lines.append(f"  {q.key} cannot get out of the wreck of {car.key}: it lies in the lake at "
                                 f"{format_label(car.hex)}, closed to infantry; the squad is lost with it "
                                 "[CEN-GRD-2, book-a §4.2]")
                    q = replace(q, men=0)
                else:
                    q = replace(q, hex=car.hex, aboard=None)
                    lines.append(f"  {q.key} gets out of the wreck of {car.key} in {format_label(car.hex)}; it does "
                                 "not move this turn [book-a 13.2, CEN-MNT-1]")
            squads.append(q)
        if not done:
            return self
        vehicles = tuple(wrecks.get(v.key, v) for v in self.vehicles)
        return replace(self, squads=tuple(squads), vehicles=vehicles, done=self.done | done)._log(*lines)._fresh()

    def _basic_initiative(self, dice: Dice) -> GameState:
        """The side with the Leadership Advantage decides how many points to spend, or the roll is made at once."""
        a, b = self.sides
        side, points = century_advantage(self.centurion(a), self.centurion(b))
        if points > 0:
            return replace(self, active=a if side == "first" else b)._fresh()
        return self._roll_initiative(0, dice)

    def _roll_initiative(self, points: int, dice: Dice) -> GameState:
        a, b = self.sides
        ca, cb = self.centurion(a), self.centurion(b)
        plan = plan_leadership(ca, cb, points)
        if isinstance(plan, Refusal):
            raise IllegalAction(plan.rule, plan.reason)
        start = len(dice.log)
        res = roll_century_initiative(dice, ca, cb, plan, names=(self.label(a), self.label(b)))
        winner = a if res.winner == "first" else b
        lines = [f"    {r.describe()}" for r in dice.log[start:]]
        if len(res.rolls) > 1:  # walk 34: three pairs of rolls and one result read as a mistake
            lines.append(f"  initiative: the first {plural(len(res.rolls) - 1, 'pair')} of rolls tied and "
                         f"{'was' if len(res.rolls) == 2 else 'were'} rolled again [CEN-INI-1]")
        lines.append(f"  initiative: {self.label(winner)} wins (totals {res.totals[0]} and {res.totals[1]}); "
                     f"passes this turn: {plan.passes}")
        del dice.log[start:]
        holder, _pts = century_advantage(ca, cb)  # the passes are the buyer's (CEN-INI-2; audit of session 50)
        buyer = None if holder is None or not plan.passes else (a if holder == "first" else b)
        buyer = buyer if self.rules_edition >= 2 else None  # edition 1: whoever holds the advantage now
        return replace(self, phase="order", active=winner, initiative_winner=winner, leadership_used=points,
                       passes=plan.passes, pass_side=buyer)._log(*lines)

    def _basic_leadership(self) -> list[Action]:
        """Spend 0..the Leadership Advantage on the initiative roll (CEN-INI-1)."""
        _side, points = century_advantage(self.centurion(self.sides[0]), self.centurion(self.sides[1]))
        return [Leadership(k) for k in range(points + 1)]

    def _leadership(self, action: Leadership, dice: Dice) -> GameState:
        return self.game_rules.leadership(self, action.points, dice)

    def _order(self, action: Order, dice: Dice) -> GameState:
        first = self.initiative_winner if action.move_first else self.other(self.initiative_winner)
        return self.game_rules.order(self, first, dice)


RULES = PhaseRules(
    Phase.INITIATIVE,
    legal=lambda s: s.game_rules.initiative_actions(s),
    apply={Leadership: InitiativePhase._leadership},
    check=lambda s, a: s._check_listed(a),
    rule="CEN-INI-1",
    enter=lambda s, dice: s._start_turn(dice),
    doc="the side with the Leadership Advantage spends points on the initiative roll",
)

ORDER = PhaseRules(
    Phase.ORDER,
    legal=lambda s: [Order(False), Order(True)],
    apply={Order: InitiativePhase._order},
    check=lambda s, a: s._check_listed(a),
    rule="CEN-INI-1",
    doc="the winner of the initiative moves first (side A) or last (side B)",
)

__all__ = ["InitiativePhase", "ORDER", "RULES"]
