"""The variant rules plugged into the game layer's extension points (VAR-INIT, VAR-WEAPONS, VAR-RAM,
VAR-SELFDESTRUCT, VAR-SALVO, VAR-OCCUPY): `VariantGame` overrides `BasicGame` (game/hooks.py) where a switch is on.

This module, not the phase modules, asks which switch is on: once, when `game_rules` builds the plug-in of a
rule set. To add a variant rule to the game layer: give `BasicGame` an extension point answering as the basic
rules do (if none fits), call it from the phase module (`state.game_rules.<point>(state, ...)`), and override it
here behind the switch (docs/architecture.md).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

from ..dice import Dice
from ..rules.grav import Refusal
from ..variants.ruleset import RuleSet
from . import activation as vinit
from . import crew, ramming
from .hooks import BASIC_GAME, BasicGame

if TYPE_CHECKING:
    from ..data import TerrainTable
    from ..rules.targets import FirePlan
    from .actions import Action
    from .state import GameState, Vehicle

#: the switches the game layer plays itself (the others change the engine through `RuleSet`, rules/hooks.py)
GAME_SWITCHES = ("VAR-INIT", "VAR-WEAPONS", "VAR-RAM", "VAR-SELFDESTRUCT", "VAR-SALVO", "VAR-OCCUPY")
STEPS = {"movement": "moves", "opportunity": "opportunity fire", "painting": "painting", "fire": "fire"}


class VariantGame(BasicGame):
    """The game layer under a variant rule set: each point overridden answers as its switch says (VAR-*)."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.init = rules.enabled("VAR-INIT")
        self.weapons = rules.enabled("VAR-WEAPONS")
        self.ram = rules.enabled("VAR-RAM")
        self.self_destruct = rules.enabled("VAR-SELFDESTRUCT")
        self.salvo = rules.enabled("VAR-SALVO")
        self.occupy = rules.enabled("VAR-OCCUPY")

    # --- VAR-INIT: Initiative, Action and End phases (game/activation.py) ---------------------------------------
    def start_initiative(self, s: GameState, dice: Dice) -> GameState:
        if not self.init:
            return super().start_initiative(s, dice)
        base = replace(s, fired=frozenset(), start_velocities=tuple((v.key, v.velocity) for v in s.vehicles))
        return vinit.start_initiative(base._log("  the variant turn: Initiative, Action and End phases "
                                                "[VAR-INIT]"), dice)

    def initiative_actions(self, s: GameState) -> list[Action]:
        return vinit.initiative_actions(s) if self.init else super().initiative_actions(s)

    def leadership(self, s: GameState, points: int, dice: Dice) -> GameState:
        return vinit.spend(s, points, dice) if self.init else super().leadership(s, points, dice)

    def order(self, s: GameState, first: str, dice: Dice) -> GameState:
        return vinit.start_activations(s, first) if self.init else super().order(s, first, dice)

    def next_mover(self, s: GameState) -> GameState:
        return vinit.next_mover(s) if self.init else super().next_mover(s)

    def pass_actions(self, s: GameState) -> list[Action]:
        return vinit.pass_actions(s) if self.init else []

    def pass_platoon(self, s: GameState, platoon: str, after: str | None = None) -> GameState:
        return vinit.pass_platoon(s, platoon) if self.init else super().pass_platoon(s, platoon, after)

    def watchers(self, s: GameState) -> list[Vehicle]:
        return vinit.watchers(s) if self.init else super().watchers(s)

    def squads_watch(self, s: GameState) -> bool:
        return not self.init  # VAR-INIT's watchers are the vehicles stationary since last turn; a squad fires in its
        # own activation (docs/decisions.md, "Squads on opportunity fire")

    def pop_up_plan(self, s: GameState, firer: Vehicle, target: str) -> FirePlan | None:
        return vinit.pop_up_plan(s, firer, target) if self.init else None

    def declarers(self, s: GameState, side: str, keys: list[str]) -> list[str]:
        if not self.init:
            return keys
        mine = vinit.in_activation(s, side)  # only the platoon being activated, units that have not fired
        return [k for k in keys if k in mine and k not in s.fired]

    def start_declarations(self, s: GameState, phase: str, dice: Dice | None) -> GameState:
        if self.init:
            return vinit.start_declarations(s, phase, dice)
        return super().start_declarations(s, phase, dice)

    def resolve_fire(self, s: GameState, dice: Dice) -> GameState:
        return vinit.resolve_activation_fire(s, dice) if self.init else super().resolve_fire(s, dice)

    def banner(self, s: GameState) -> str | None:
        return vinit.banner(s) if self.init else None

    def phase_name(self, s: GameState) -> str | None:
        if self.init and s.phase in STEPS:
            return f"Action Phase ({s._current_platoon()}: {STEPS[s.phase]})"
        if self.init and s.phase in ("initiative", "order"):
            return "Initiative Phase"
        return None

    def describe(self, s: GameState, action: Action) -> str | None:
        if self.init and (s.phase in ("initiative", "order", "opportunity") or vinit.describe(s, action)):
            return f"{vinit.describe(s, action) or action.describe()} [VAR-INIT]"
        return None

    def refusal_rule(self, s: GameState, rule: str, phase: str) -> str:
        return "VAR-INIT" if self.init and phase != "end" else rule

    # --- VAR-RAM, VAR-SELFDESTRUCT, VAR-WEAPONS, VAR-SALVO (game/crew.py, game/ramming.py) ----------------------
    def banner_hint(self, s: GameState) -> str:
        return crew.banner_hint(s) if self.ram or self.self_destruct or self.weapons else ""

    def speed_table(self, s: GameState, key: str) -> TerrainTable | None:
        return crew.speed_table(s, key) if self.weapons else None

    def driver_may_fire(self, s: GameState, v: Vehicle) -> bool:
        return self.weapons and crew.driver_may_fire(s, v)

    def driver_fire_actions(self, s: GameState, v: Vehicle) -> list[Action]:
        return crew.driver_fire_actions(s, v) if self.weapons else []

    def fire_plan(self, s: GameState, firer: Vehicle, plan: FirePlan | None) -> FirePlan | None:
        if plan is not None and self.weapons:  # what the able crew may fire (VAR-WEAPONS)
            plan = crew.crew_share(s, firer, plan)
        return crew.salvo_plan(self.rules, plan) if self.salvo else plan  # one salvo (VAR-SALVO)

    def ram_options(self, s: GameState, key: str, moves: list) -> list:
        return ramming.ram_options(s, key, moves) if self.ram else []

    def position_refusal(self, s: GameState) -> Refusal | None:
        return None if self.occupy else super().position_refusal(s)

    def self_destruct_actions(self, s: GameState) -> list[Action]:
        return crew.self_destruct_actions(s) if self.self_destruct else []

    # --- what the computer opponent weighs (game/bot.py) --------------------------------------------------------
    def bot_order(self, s: GameState) -> Action | None:
        return vinit.activation_first(s) if self.init else None

    def bot_ram(self, s: GameState, key: str) -> Action | None:
        return ramming.bot_ram(s, key) if self.ram else None

    def bot_end_decision(self, s: GameState) -> Action | None:
        return crew.bot_self_destruct(s, s.legal_actions()) if self.self_destruct else None


@lru_cache(maxsize=64)
def game_rules_of(variants: tuple[str, ...]) -> BasicGame:
    """The game-layer extension points of a game's variant names (cached: chosen once per rule set)."""
    return game_rules(RuleSet.from_names(variants))


def game_rules(rules: RuleSet) -> BasicGame:
    """The game-layer extension points of a rule set: the basic game, or the variant plug-in (VAR-*)."""
    if not any(rules.enabled(r) for r in GAME_SWITCHES):
        return BASIC_GAME
    return VariantGame(rules)


__all__ = ["GAME_SWITCHES", "VariantGame", "game_rules", "game_rules_of"]
