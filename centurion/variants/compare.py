"""The basic rule and the variant side by side on the same situation, for the chapter "Variant rules" (VAR-*).

Each function returns both answers as plain values (numbers, Fractions, lists), so a view can show
"basic | variant" without any rules logic of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..data import BattleMap, VehicleType
from ..rules.grav import GravState
from ..rules.legal import legal_grav_moves
from ..rules.rolls import TargetRoll
from ..rules.sequence import movement_order
from .activation import activation_order
from .fire import shield_shot, with_speed_modifier
from .movement import variant_end_states
from .ramming import ram_damage, ram_hit_chance
from .ruleset import RuleSet


@dataclass(frozen=True)
class SideBySide:
    """One question answered by the basic rules and by the variant."""

    question: str
    basic: object
    variant: object
    rule: str


def fire_side_by_side(roll: TargetRoll, *, weapon: str, target_velocity: int = 0) -> SideBySide:
    """Chance that a shot does damage: basic to-hit (shield as a modifier) | VAR-SHIELD + VAR-SPEEDMOD."""
    rules = RuleSet.from_names(["VAR-SHIELD", "VAR-SPEEDMOD"])
    shot = shield_shot(with_speed_modifier(roll, target_velocity, rules), weapon=weapon, rules=rules)
    return SideBySide("chance the shot does damage", roll.chance, shot.p_damage, "VAR-SHIELD")


def ram_side_by_side(attacker_bonus: int, defender_bonus: int, attacker_velocity: int) -> SideBySide:
    """The basic rules have no ramming; the variant's chance and damage (to the defender, to the attacker)."""
    chance: Fraction = ram_hit_chance(attacker_bonus, defender_bonus)
    return SideBySide("ram: chance and damage", None, (chance, ram_damage(attacker_velocity)), "VAR-RAM")


def activation_side_by_side(a: int, b: int) -> SideBySide:
    """Who moves when with `a` and `b` platoons: the basic movement order (CEN-SEQ-2) | the variant activation."""
    return SideBySide("activation order", movement_order(a, b), activation_order(a, b), "VAR-INIT")


def legal_moves_side_by_side(state: GravState, vehicle: VehicleType, battlemap: BattleMap, *, accelerate: int,
                             names: tuple[str, ...] = ("VAR-LATERAL", "VAR-EMERGENCY")) -> SideBySide:
    """The legal end states (hex, facing, grounded) of the basic rules | with lateral shifts and emergency turns."""
    basic = legal_grav_moves(state, vehicle, battlemap, accelerate=accelerate)
    variant = variant_end_states(state, vehicle, battlemap, RuleSet.from_names(names), accelerate=accelerate)
    return SideBySide("legal end states", basic, variant, "VAR-LATERAL")
