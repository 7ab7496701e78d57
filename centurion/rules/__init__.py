"""The rules engine: pure functions and small immutable types, deterministic given a dice source.

No I/O, no widgets, no pandas. Rule IDs refer to RULES.md.
"""

from .armor import Armor, ArmorSection
from .buildings import Building, building_end_phase, building_hit_level, damage_building
from .damage import (
    drop_template,
    fire_laser,
    hit_location,
    hit_section,
    reduced_thrust,
    remove_widowed,
    remove_widowed_armor,
    template_shape,
    vulcan_kill_number,
)
from .fire import attack_side, attack_sides, base_to_hit, to_hit, to_hit_number
from .grav import (
    GravMove,
    GravState,
    HexEntry,
    MoveReport,
    Refusal,
    ResolvedMove,
    execute_grav_move,
    facing_change_interval,
    lift_cost,
    resolve_grav_move,
    state_refusal,
)
from .ground import (
    GroundMove,
    ResolvedGroundMove,
    dismount_refusal,
    ground_reach,
    may_opportunity_fire_at,
    mount_refusal,
    opportunity_fire_refusal,
    resolve_ground_move,
    stacking_allowed,
)
from .infantry_fire import SquadAction, SquadAttack, SquadView, apply_losses, infantry_casualties, squad_fire
from .internals import apply_internal_damage, end_phase, movement_damage
from .leadership import Centurion, century_advantage, pass_platoon, plan_leadership
from .legal import EndState, PathOption, legal_grav_moves
from .record import RecordSheet, movement_effects
from .resolution import (
    CombatUnit,
    combat_phase,
    declare_weapons_fire,
    engage_vulcan,
    resolve_fire,
    resolve_opportunity_fire,
)
from .sequence import (
    declaration_order,
    leadership_advantage,
    movement_order,
    passes_available,
    roll_initiative,
)
from .sight import Sight, SightMap, line_of_sight, sight_from
from .speed import SpeedCheck, effective_speed_limit, grounding_damage, speed_limit_check
from .terrain import entry_cost, hex_speed_limit, vp_cost
from .victory import battle_outcome, victory_level, victory_points

__all__ = [
    "attack_side",
    "attack_sides",
    "base_to_hit",
    "to_hit",
    "to_hit_number",
    "Centurion",
    "century_advantage",
    "pass_platoon",
    "plan_leadership",
    "battle_outcome",
    "victory_level",
    "victory_points",
    "SquadAction",
    "SquadAttack",
    "SquadView",
    "apply_losses",
    "infantry_casualties",
    "squad_fire",
    "Sight",
    "SightMap",
    "line_of_sight",
    "sight_from",
    "Armor",
    "ArmorSection",
    "EndState",
    "GravMove",
    "GroundMove",
    "ResolvedGroundMove",
    "dismount_refusal",
    "ground_reach",
    "may_opportunity_fire_at",
    "mount_refusal",
    "opportunity_fire_refusal",
    "resolve_ground_move",
    "stacking_allowed",
    "GravState",
    "HexEntry",
    "MoveReport",
    "PathOption",
    "Refusal",
    "ResolvedMove",
    "SpeedCheck",
    "declaration_order",
    "effective_speed_limit",
    "entry_cost",
    "execute_grav_move",
    "facing_change_interval",
    "grounding_damage",
    "hex_speed_limit",
    "leadership_advantage",
    "legal_grav_moves",
    "lift_cost",
    "movement_order",
    "passes_available",
    "resolve_grav_move",
    "roll_initiative",
    "speed_limit_check",
    "state_refusal",
    "vp_cost",
    # combat damage, record sheets and fire resolution (issue 12-A)
    "Building",
    "CombatUnit",
    "RecordSheet",
    "apply_internal_damage",
    "building_end_phase",
    "building_hit_level",
    "combat_phase",
    "damage_building",
    "declare_weapons_fire",
    "drop_template",
    "end_phase",
    "engage_vulcan",
    "fire_laser",
    "hit_location",
    "hit_section",
    "movement_damage",
    "movement_effects",
    "reduced_thrust",
    "remove_widowed",
    "remove_widowed_armor",
    "resolve_fire",
    "resolve_opportunity_fire",
    "template_shape",
    "vulcan_kill_number",
]
