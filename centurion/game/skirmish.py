"""A whole game of Centurion as an immutable state and its decisions (CEN-SEQ-1..3, CEN-INI, CEN-OPP, End Phase).

`Skirmish` is a frozen value: `apply(action)` returns the next state or raises `IllegalAction` (rule named,
state unchanged). Every die comes from a `Dice` seeded by the game's seed and the number of the decision, so
a game replays exactly from its seed and its actions; undo is the previous state. The rules are the engine's
(`centurion.rules`): this module only sequences them and keeps the units.

How the turn is cut into decisions (docs/decisions.md, "Skirmish"):
initiative (the side with the Leadership Advantage spends points, CEN-INI-1) -> order (the winner moves
first or last) -> movement (per platoon in CEN-SEQ-2 order: each vehicle moves or stands on opportunity fire;
passes with 3 unused leadership points, CEN-INI-2) with opportunity decisions after each enemy move
(CEN-OPP-1) -> painting declarations (CEN-SEQ-3 order) -> painting resolved -> fire declarations (loser
first, alternating) -> fire resolved one firing unit at a time, internals after all fire -> End Phase
(widowed armor, waking crews, old smoke lifts; each side may lay smoke) -> victory check.
With VAR-INIT on, `game/activation.py` runs the variant turn instead (rating points -> who activates first ->
platoon activations, each moving, painting and firing with damage at once -> the same End Phase).

The code (issue 23): the state's data and pure queries are `GameState` (game/state.py); each phase is a module of
`centurion.game.phases` holding its queries and decisions and registering a `PhaseRules`; `Skirmish` puts them
together behind one `PhaseTable` (game/dispatch.py): `legal_actions`, `is_legal` and `apply` look the phase and
the action's type up in it. Variant rules answer at the game layer's extension points (`game_rules`,
game/hooks.py, game/variant_hooks.py).
"""

from __future__ import annotations

import json
from dataclasses import replace

from ..data import vehicle_types
from ..data.editions import split_edition
from ..data.scenarios import scenario_names, shipped_scenario
from ..dice import Dice
from ..rules import RecordSheet
from ..variants.ruleset import RuleSet
from . import crew, ramming
from .actions import Action, Fire, IllegalAction, LetPass, Move, Paint, check_action, seed_refusal
from .centuria import CENTURIA_RULES_EDITION, centuria_scenarios, new_centuria_skirmish
from .codec import dump
from .dispatch import PhaseTable
from .enums import Phase
from .hooks import BasicGame
from .phases import end, fire, initiative, movement, opportunity, painting
from .state import RULES_EDITION, SQUAD_DESTROYED_AT, SYSTEM, GameState, Result, Squad, Vehicle, decision_dice
from .variant_hooks import game_rules_of
from .variants import check_variants

#: the phases of Centurion's turn, each registered by its module (CEN-SEQ-1; docs/architecture.md)
TABLE: PhaseTable = PhaseTable.of([initiative.RULES, initiative.ORDER, movement.RULES, opportunity.RULES,
                                   painting.RULES, fire.RULES, end.RULES])


class Skirmish(GameState, initiative.InitiativePhase, movement.MovementPhase, opportunity.OpportunityPhase,
               painting.PaintingPhase, fire.FirePhase, end.EndPhase):
    """One game of Centurion (see the module docstring); create it with `new_skirmish`."""

    table = TABLE

    def dice_of(self, n: int) -> Dice:
        """The dice of decision n of this game: this module's `decision_dice` (every die of the game comes from it)."""
        return decision_dice(self.seed, n)

    @property
    def game_rules(self) -> BasicGame:
        """The game-layer extension points of the rule set in play (game/hooks.py), chosen once per rule set."""
        return game_rules_of(self.variants)

    def banner(self) -> str:
        """What is happening now and what may be done, in a sentence for the page."""
        if self.over:
            r = self.result
            if r.winner is None:
                return f"The game is over: a draw ({r.reason})."
            return f"The game is over: {r.level} victory for {self.label(r.winner)} ({r.reason})."
        who = self.label(self.active)
        what = self.game_rules.banner(self) or {
            "initiative": "decide how many Leadership Advantage points to spend on the initiative roll "
                          "(the rest buys passes, 3 points each) [CEN-INI-1, CEN-INI-2]",
            "order": "won the initiative: choose to move first (side A) or last (side B) [CEN-INI-1]",
            "movement": f"move {self._current_platoon()}: pick a vehicle, then a shaded end hex; a vehicle at "
                        "velocity 0 or a squad on foot may stand on opportunity fire instead [CEN-SEQ-2, CEN-OPP-1]",
            "opportunity": "an enemy moved in sight of a unit on opportunity fire: fire now at one hex of its "
                           "move, or let it pass [CEN-OPP-1]",
            "painting": "declare painting: pick a vehicle (or squad) and the enemy it paints, or none "
                        "[CEN-SEQ-1, CEN-SEQ-3]",
            "fire": "declare fire: pick a vehicle and its target (every weapon that bears fires unless you pick the "
                    "weapons and the Gauss shell), or a squad, its weapon and its target, or hold "
                    "[CEN-SEQ-3, CEN-CMB-1]",
            "end": "End Phase: a vehicle may lay a smoke charge on 3 hexes next to it, then end the turn [CEN-SEQ-1]",
        }[self.phase]
        what += self.game_rules.banner_hint(self)  # rams, self-destruct, the driver's fire (VAR-RAM, ...)
        return f"Turn {self.turn} of {self.scenario.turns}, {self.phase_name()}. {who}: {what}."

    def phase_name(self) -> str:
        """The phase as the rules in play name it: under VAR-INIT moving, painting and fire are steps of the
        Action Phase (one platoon's activation)."""
        return self.game_rules.phase_name(self) or f"{self.phase} phase"

    def describe(self, action: Action) -> str:
        """An action in the words of the rules in play (the log, the page): under VAR-INIT the initiative spends
        rating points, the winner picks who activates first, a vehicle standing still may fire later (VAR-INIT)."""
        said = self.game_rules.describe(self, action)
        if said:
            return said
        if isinstance(action, LetPass) and self.pending_move is not None:  # whose move (walk of session 52)
            return f"lets {self.pending_move[0]}'s move pass (holds its opportunity fire)"
        return action.describe()

    # --- legal actions ---------------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every decision open to the active side now, the list a player (or the bot) chooses from (CEN-SEQ-1).

        Moves are grouped by where they end: one `Move` per legal end state of each vehicle (hex, facing,
        velocity, grounded), by its safest path (`end_states(key)[i].safest`), plus the same move with the squad
        dismounting and, under VAR-RAM, as a ram. Other paths to the same end are legal too but not listed: test
        any action with `is_legal(action)`."""
        if self.over:
            return []
        if "legal" not in self._cache:
            self._cache["legal"] = self._legal()
        return list(self._cache["legal"])


    def _legal(self) -> list[Action]:
        return TABLE.legal(self, self.phase)

    # --- applying a decision ---------------------------------------------------------------------------------
    def apply(self, action: Action) -> Skirmish:
        """The state after `action`; an action the rules refuse raises IllegalAction and changes nothing."""
        if self.over:
            raise IllegalAction("CEN-SEQ-1", "the game is over")
        self._check(action)
        dice = decision_dice(self.seed, len(self.history))
        nxt = replace(self, history=self.history + (action,))
        entry = f"T{self.turn} {self.phase} — {self.label(self.active)}: {self.describe(action)}"
        start = len(dice.log)
        nxt = nxt._do(action, dice)
        rolls = tuple(f"    {r.describe()}" for r in dice.log[start:])
        # the log: the decision, then its rolls (each with target and exact odds), then what came of it
        return replace(nxt, log=self.log + (entry,) + rolls + nxt.log[len(self.log):])


    def is_legal(self, action: Action) -> bool:
        """Whether `apply(action)` would accept it now: the very check `apply` makes, no dice rolled, the state
        unchanged; a Move by any legal path, not only the one `legal_actions` lists (issue 23)."""
        try:
            self._check(action)
        except IllegalAction:
            return False
        return True


    def _check(self, action: Action) -> None:
        if self.over:
            raise IllegalAction("CEN-SEQ-1", "the game is over")
        check_action(action)  # its shape and types, as the save loader checks them (issue 20, G3)
        rules = TABLE.rules_of(self.phase)
        if rules.handler(action) is None:  # not a decision of this phase
            if isinstance(action, Move):
                raise IllegalAction("CEN-SEQ-1", f"no moves in the {self.phase} phase")
            if isinstance(action, Fire) and action.chosen and action.unit in {v.key for v in self.vehicles}:
                self._check_fire_choices(action)  # refused: not the fire phase (book-a §8.2-8.3)
            raise self._not_allowed(action)
        rules.check(self, action)

    def _check_listed(self, action: Action, listed: list[Action] | None = None) -> None:
        """The check of a decision chosen from a list: it must be one of `listed` (the legal actions)."""
        try:
            ok = action in (self.legal_actions() if listed is None else listed)
        except TypeError:
            ok = False
        if not ok:
            raise self._not_allowed(action)

    def _not_allowed(self, action: Action) -> IllegalAction:
        rule = TABLE.rules_of(self.phase).rule
        if self.phase == "movement" and isinstance(action, (Fire, Paint)):
            rule = "CEN-SEQ-1"  # fire and painting come in the Combat Phase, after movement
        rule = self.game_rules.refusal_rule(self, rule, self.phase)
        what = getattr(action, "describe", lambda: repr(action))()
        return IllegalAction(rule, f"not allowed now ({self.phase} phase, {self.label(self.active)} to "
                             f"decide): {what}")

    def _do(self, action: Action, dice: Dice) -> Skirmish:
        """The state after a checked decision: the phase's handler for its type (game/dispatch.py)."""
        return TABLE.apply(self, self.phase, action, dice)

    def resolve_rams(self, attackers=None, dice: Dice | None = None) -> Skirmish:
        """The state after the pending rams of `attackers` (every pending ram when None) are resolved, in the
        order declared (VAR-RAM; VAR-INIT calls it at the end of the rammer's activation). See game/ramming.py."""
        if not self.rams:
            return self
        dice = dice if dice is not None else decision_dice(self.seed, len(self.history))
        return ramming.resolve_rams(self, attackers, dice)

    # --- saving --------------------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The save file: format, version, scenario, seed, variants and every action (a game replays from them)."""
        return dump(self)


def new_skirmish(name: str, *, seed: int = 0, variants: tuple[str, ...] = (),
                 rules_edition: int | None = None) -> Skirmish:
    """A new game of a shipped scenario, set up and at its first decision (initiative, CEN-SEQ-1); `variants`: the
    variant rules switched on, a tuple of names such as ("VAR-INIT", "VAR-MOVETYPE:thrust") (VAR-*);
    `rules_edition`: the rules it is played under (None: the newest, `RULES_EDITION`; 1 for a save made before
    session 50; a Centuria battle has editions of its own, `CENTURIA_RULES_EDITION`)."""
    if not isinstance(name, str) or split_edition(name)[0] not in scenarios("all"):  # "pursuit@1": an edition
        raise ValueError(f"name: no scenario {name!r}; the scenarios are {', '.join(scenarios('all'))}"[:300])
    if split_edition(name)[0] in centuria_scenarios():
        return new_centuria_skirmish(name, seed=seed, variants=variants, rules_edition=CENTURIA_RULES_EDITION
                                     if rules_edition is None else rules_edition)
    rules_edition = RULES_EDITION if rules_edition is None else rules_edition
    if type(rules_edition) is not int or not 1 <= rules_edition <= RULES_EDITION:
        raise ValueError(f"rules_edition: a whole number from 1 to {RULES_EDITION}, got {str(rules_edition)[:20]!r}")
    if seed_refusal(seed) is not None:
        raise ValueError(seed_refusal(seed))
    variants = check_variants(variants)
    sc = shipped_scenario(name)
    types = vehicle_types()
    vehicles, squads = [], []
    for side in sc.sides:
        for p in side.platoons:
            riders = {q.aboard: q for q in p.squads if q.aboard}
            for vs in p.vehicles:
                vt = types[vs.type]
                aboard = riders[vs.id].men if vs.id in riders else 0
                sheet = RecordSheet.of(vt, infantry_aboard=aboard)
                crater = vs.grounded and "crater" in sc.map[vs.hex].counters
                vehicles.append(Vehicle(vs.id, side.key, p.name, vs.type, vs.hex, vs.facing, vs.velocity, sheet,
                                        vs.cost, vs.grounded, crater))
            for q in p.squads:
                squads.append(Squad(q.id, side.key, p.name, q.men, q.hex, q.aboard, q.men))
    # the designs against the weapons-per-location quota (VAR-WEAPONS)
    layout = crew.check_layouts(RuleSet.from_names(variants), [v.sheet.vehicle for v in vehicles])
    s = Skirmish(sc, seed, variants, (), 1, "initiative", None, tuple(vehicles), tuple(squads),
                 rules_edition=rules_edition)
    s = s._log(f"{sc.title}: {sc.sides[0].label} against {sc.sides[1].label}, seed {seed}, {sc.turns} turns")
    if variants:  # the log says the rules it was played under (walk of session 49: only the page's line did)
        s = s._log(f"Fan variant rules in play (chapter 21): {', '.join(variants)}")
    s = s._log(*layout)
    dice = decision_dice(seed, -1)
    start = len(dice.log)
    s = s.enter(Phase.INITIATIVE, dice)
    return replace(s, log=s.log + tuple(f"    {r.describe()}" for r in dice.log[start:]))


def scenarios(system: str = "centurion") -> list[str]:
    """The shipped scenarios, by key: Centurion's (the default), "centuria" (issue 15) or "all"."""
    if system not in ("centurion", "centuria", "all"):
        raise ValueError(f"system is 'centurion', 'centuria' or 'all', got {system!r}")
    return (scenario_names() if system != "centuria" else []) + (centuria_scenarios() if system != "centurion" else [])


__all__ = ["Skirmish", "Vehicle", "Squad", "Result", "new_skirmish", "scenarios", "decision_dice", "TABLE", "json",
           "SYSTEM", "SQUAD_DESTROYED_AT"]
