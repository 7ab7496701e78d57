"""The game layer's extension points: where a variant rule changes how a game of Centurion is sequenced or what a
unit may decide (RULES.md VAR-*), as `centurion/rules/hooks.py` is for the engine's rolls.

`BasicGame` answers every extension point as the basic rules do. The game's phase modules
(`centurion.game.phases`) ask the extension points of the game they play (`state.game_rules`, chosen once from
the game's rule set by `game/variant_hooks.py`'s `game_rules`) and never ask which switch is on. The variant
plug-in (`VariantGame`, game/variant_hooks.py) subclasses `BasicGame` and overrides the points its switches
change. A basic answer that is a sequencing step calls the state's basic method (`_basic_...`).

    start_initiative, initiative_actions, leadership, order   the turn's start and initiative  (VAR-INIT)
    next_mover, pass_actions, pass_platoon                   who moves next  (VAR-INIT)
    watchers, squads_watch, pop_up_plan                      who may fire on opportunity, pop-up attacks  (VAR-INIT)
    declarers, start_declarations, resolve_fire              who declares, and when fire is resolved  (VAR-INIT)
    banner, phase_name, describe, refusal_rule               the words of the rules in play  (VAR-INIT)
    speed_table                                              the terrain table of a move  (VAR-WEAPONS)
    driver_may_fire, driver_fire_actions, fire_plan          the crew's fire and salvos  (VAR-WEAPONS, VAR-SALVO)
    ram_options, position_refusal                            moves as rams, positions declared  (VAR-RAM, -OCCUPY)
    self_destruct_actions, banner_hint                       End Phase decisions, hints  (VAR-SELFDESTRUCT, ...)
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..dice import Dice
from ..rules.grav import Refusal
from .enums import Phase

if TYPE_CHECKING:
    from ..data import TerrainTable
    from ..rules.targets import FirePlan
    from .actions import Action
    from .state import GameState, Vehicle


class BasicGame:
    """The basic rules at every game-layer extension point; subclass and override to plug a variant in (VAR-*)."""

    # --- the turn sequence (CEN-SEQ-1..3, CEN-INI) ---------------------------------------------------------------
    def start_initiative(self, s: GameState, dice: Dice) -> GameState:
        """The Initiative Phase begins (after the turn's reset): the Leadership Advantage (CEN-INI-1)."""
        return s._basic_initiative(dice)

    def initiative_actions(self, s: GameState) -> list[Action]:
        """The initiative decisions: points of the Leadership Advantage to spend (CEN-INI-1)."""
        return s._basic_leadership()

    def leadership(self, s: GameState, points: int, dice: Dice) -> GameState:
        """Points spent on the initiative: the roll (CEN-INI-1)."""
        return s._roll_initiative(points, dice)

    def order(self, s: GameState, first: str, dice: Dice) -> GameState:
        """The initiative's winner chose: `first` moves first; the movement phase begins (CEN-SEQ-2)."""
        return replace(s, first=first).enter(Phase.MOVEMENT, dice)

    def next_mover(self, s: GameState) -> GameState:
        """The next platoon with a vehicle to move, or the painting declarations (CEN-SEQ-2)."""
        return s._next_basic_mover()

    def pass_actions(self, s: GameState) -> list[Action]:
        """Further ways to pass a platoon besides the basic pass (CEN-INI-2): none."""
        return []

    def pass_platoon(self, s: GameState, platoon: str, after: str | None = None) -> GameState:
        """A platoon passed: it moves right after `after` (None: the side's next one), a pass spent (CEN-INI-2)."""
        return s._pass_platoon(platoon, after)

    def watchers(self, s: GameState) -> list[Vehicle]:
        """The units that may fire on opportunity at the move now (CEN-OPP-1): vehicles and squads on watch."""
        return s._basic_watchers()

    def squads_watch(self, s: GameState) -> bool:
        """Whether a dismounted squad may stand on opportunity fire instead of moving (CEN-OPP-1): yes."""
        return True

    def pop_up_plan(self, s: GameState, firer: Vehicle, target: str) -> FirePlan | None:
        """A fire plan at a target no weapon bears on from the firer's hex: none in the basic rules."""
        return None

    def declarers(self, s: GameState, side: str, keys: list[str]) -> list[str]:
        """The units of `side` that declare painting or fire now: all of `keys` (CEN-SEQ-3)."""
        return keys

    def start_declarations(self, s: GameState, phase: str, dice: Dice | None) -> GameState:
        """The painting or fire declarations begin: both sides, the initiative's loser first (CEN-SEQ-3)."""
        return s._basic_declarations(phase, dice)

    def resolve_fire(self, s: GameState, dice: Dice) -> GameState:
        """Every fire declared: the Combat Phase resolved, then the End Phase (CEN-SEQ-1, CEN-SEQ-3)."""
        return s._basic_resolve_fire(dice)

    # --- words -------------------------------------------------------------------------------------------------
    def banner(self, s: GameState) -> str | None:
        """The banner's sentence for the phase, when the rules in play word it their own way (None: basic)."""
        return None

    def phase_name(self, s: GameState) -> str | None:
        """The phase's name, when the rules in play name it their own way (None: '<phase> phase')."""
        return None

    def describe(self, s: GameState, action: Action) -> str | None:
        """An action's words, when the rules in play word it their own way (None: `action.describe()`)."""
        return None

    def refusal_rule(self, s: GameState, rule: str, phase: str) -> str:
        """The rule a decision out of turn is refused under in `phase` (CEN-SEQ-1)."""
        return rule

    def banner_hint(self, s: GameState) -> str:
        """More to say in the banner (a variant's extra decisions): nothing."""
        return ""

    # --- what a unit may do ------------------------------------------------------------------------------------
    def speed_table(self, s: GameState, key: str) -> TerrainTable | None:
        """The terrain table of a vehicle's move: None, the engine's (CEN-GRAV)."""
        return None

    def driver_may_fire(self, s: GameState, v: Vehicle) -> bool:
        """Whether a vehicle declares fire for its driver alone: never in the basic rules."""
        return False

    def driver_fire_actions(self, s: GameState, v: Vehicle) -> list[Action]:
        """Fire declarations of the driver: none in the basic rules."""
        return []

    def fire_plan(self, s: GameState, firer: Vehicle, plan: FirePlan | None) -> FirePlan | None:
        """A vehicle's fire plan as its crew may fire it: every weapon that bears (CEN-CMB-1)."""
        return plan

    def ram_options(self, s: GameState, key: str, moves: list) -> list:
        """More moves of a vehicle (rams): none in the basic rules."""
        return []

    def position_refusal(self, s: GameState) -> Refusal | None:
        """Why no position may be declared in a partly covered hex (None: positions are declared)."""
        return Refusal("VAR-OCCUPY", "the variant rule VAR-OCCUPY is off in this game: no position is declared")

    def self_destruct_actions(self, s: GameState) -> list[Action]:
        """End Phase decisions besides smoke and ending the turn: none in the basic rules."""
        return []

    # --- what the computer opponent weighs (game/bot.py): the variant decisions it may take ----------------------
    def bot_order(self, s: GameState) -> Action | None:
        """The computer's order decision where a variant changes its meaning; None: the basic choice."""
        return None

    def bot_ram(self, s: GameState, key: str) -> Action | None:
        """A ram the computer declares with this vehicle's move; none in the basic rules."""
        return None

    def bot_end_decision(self, s: GameState) -> Action | None:
        """An End Phase decision the computer takes besides smoke and ending its turn; none in the basic rules."""
        return None


BASIC_GAME = BasicGame()

__all__ = ["BASIC_GAME", "BasicGame"]
