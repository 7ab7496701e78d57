"""The 1997 fan variant rules for Centurion (seed 001, RULES.md VAR-*), each a switch that is off by default.

`RuleSet` says which are on; every function takes it explicitly (no global switches). With every switch
off the functions give the basic rules' answers. `RuleSet` plugs the variants into the rules engine by
overriding the extension points of `centurion.rules.hooks.BasicRules` (docs/architecture.md).
Three sections of the seed have lost their text: the
Variant Terrain Table (its costs here are assumptions, `data/variants.yaml`), the Variant Damage Rules
(damaged-vane targets are assumptions) and the Variant Firing Arcs (the basic arcs stay).
"""

from __future__ import annotations

from .activation import activation_order, may_opportunity_fire, pop_up_attack, roll_variant_initiative
from .compare import (
    SideBySide,
    activation_side_by_side,
    fire_side_by_side,
    legal_moves_side_by_side,
    ram_side_by_side,
)
from .crew import (
    assign_crew,
    attempt_self_destruct,
    check_weapon_layout,
    crew_may_fire,
    driver_speed_limit,
    engine_class,
    self_destruct_check,
    weapons_per_location,
)
from .fire import (
    ShieldedShot,
    declare_salvo,
    roll_salvo,
    roll_shot,
    salvo_odds,
    shield_hit_chance,
    shield_shot,
    shield_stop_chance,
    speed_modifier,
    with_speed_modifier,
)
from .movement import (
    EmergencyTurn,
    LateralShift,
    VariantEndState,
    VariantMove,
    VariantResolvedMove,
    execute_variant_move,
    resolve_variant_move,
    variant_end_states,
)
from .movetype import extra_cost, hex_cost, movement_points, road_multiplier
from .occupy import declare_position, occupation_choices
from .ramming import (
    apply_ram_damage,
    declare_ram,
    ram_allowed,
    ram_bonus,
    ram_damage,
    ram_hit_chance,
    ram_tie_chance,
    resolve_ram,
)
from .ruleset import OPTIONS, VARIANTS, RuleSet
from .vanes import emergency_turn_cost, emergency_turn_targets, roll_vane_saves, vane_odds

__all__ = [
    "EmergencyTurn",
    "LateralShift",
    "VariantEndState",
    "VariantMove",
    "VariantResolvedMove",
    "declare_position",
    "execute_variant_move",
    "extra_cost",
    "hex_cost",
    "movement_points",
    "occupation_choices",
    "resolve_variant_move",
    "road_multiplier",
    "variant_end_states",
    "OPTIONS",
    "VARIANTS",
    "RuleSet",
    "ShieldedShot",
    "SideBySide",
    "activation_side_by_side",
    "fire_side_by_side",
    "legal_moves_side_by_side",
    "ram_side_by_side",
    "activation_order",
    "apply_ram_damage",
    "attempt_self_destruct",
    "check_weapon_layout",
    "assign_crew",
    "crew_may_fire",
    "declare_ram",
    "declare_salvo",
    "driver_speed_limit",
    "emergency_turn_cost",
    "emergency_turn_targets",
    "engine_class",
    "may_opportunity_fire",
    "pop_up_attack",
    "ram_allowed",
    "ram_bonus",
    "ram_damage",
    "ram_hit_chance",
    "ram_tie_chance",
    "resolve_ram",
    "roll_salvo",
    "roll_shot",
    "roll_vane_saves",
    "roll_variant_initiative",
    "salvo_odds",
    "self_destruct_check",
    "shield_hit_chance",
    "shield_shot",
    "shield_stop_chance",
    "speed_modifier",
    "vane_odds",
    "weapons_per_location",
    "with_speed_modifier",
]
