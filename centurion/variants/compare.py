"""The basic rule and the variant side by side on the same situation, for the chapter "Variant rules" (VAR-*).

Each function returns both answers as plain values (numbers, Fractions, lists), so a view can show
"basic | variant" without any rules logic of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from ..data import BattleMap, VehicleType
from ..rules.grav import GravMove, GravState, Refusal, ResolvedMove, resolve_grav_move
from ..rules.legal import legal_grav_moves
from ..rules.rolls import TargetRoll
from ..rules.sequence import movement_order
from .activation import activation_order
from .crew import self_destruct_check
from .fire import SalvoWeapon, declare_salvo, salvo_odds, shield_shot, with_speed_modifier
from .movement import VariantMove, VariantResolvedMove, resolve_variant_move, variant_end_states
from .ramming import ram_damage, ram_hit_chance
from .ruleset import OPTIONS, RuleSet


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


def straight_runs_side_by_side(state: GravState, vehicle: VehicleType, battlemap: BattleMap, *,
                               most: int) -> SideBySide:
    """A grav tank flying 1..`most` hexes straight ahead: each run resolved by the basic rules | under VAR-MOVETYPE
    with the terrain surcharge burned off the velocity, and paid in thrust (a resolved move or a Refusal each)."""
    if most < 1:
        raise ValueError(f"VAR-MOVETYPE: a run is at least 1 hex, got {most}")
    ahead = "F" if state.velocity >= 0 else "B"
    runs = [(ahead,) * k for k in range(1, most + 1)]
    basic: list[ResolvedMove | Refusal] = [resolve_grav_move(state, GravMove(0, r), battlemap, vehicle) for r in runs]
    variant: dict[str, list[VariantResolvedMove | Refusal]] = {}
    for option in OPTIONS["VAR-MOVETYPE"]:
        rules = RuleSet.from_names([f"VAR-MOVETYPE:{option}"])
        variant[option] = [resolve_variant_move(state, VariantMove(0, r), battlemap, vehicle, rules) for r in runs]
    return SideBySide("straight runs through the terrain", basic, variant, "VAR-MOVETYPE")


def self_destruct_side_by_side(skill: int, damage_modifier: int = 0, *, check: str = "piloting") -> SideBySide:
    """The basic rules have no self-destruction | the check's chance and the turns until the blast (d3, each 1/3)
    (VAR-SELFDESTRUCT)."""
    roll = self_destruct_check(skill, damage_modifier, check=check)
    delay = {t: roll.chance / 3 for t in (1, 2, 3)}
    return SideBySide("self-destruct: chance the charge is set, and when it blows", None, (roll, delay),
                      "VAR-SELFDESTRUCT")


def salvo_side_by_side(roll: TargetRoll, mounts: int, *, weapon: str = "laser", names: tuple[str, ...] = ("VAR-SALVO",),
                       ) -> SideBySide:
    """Rounds that do damage from `mounts` identical direct-fire mounts: each rolls on its own (basic) | one roll
    for all (VAR-SALVO; with VAR-SHIELD a stop roll per round): exact distributions {rounds: chance}."""
    rules = RuleSet.from_names(names)
    if not rules.enabled("VAR-SALVO"):
        raise ValueError("VAR-SALVO: the comparison needs the VAR-SALVO switch among the names")
    mount = SalvoWeapon(weapon, weapon, "8", "turret")
    salvo = declare_salvo([mount] * mounts, rules)
    if isinstance(salvo, Refusal):
        raise ValueError(str(salvo))
    basic_shot = shield_shot(roll, weapon=weapon, rules=RuleSet())
    p = basic_shot.p_damage
    basic = {k: comb(mounts, k) * p**k * (1 - p) ** (mounts - k) for k in range(mounts + 1)}
    variant = salvo_odds(salvo, shield_shot(roll, weapon=weapon, rules=rules))
    return SideBySide("rounds that get through", {k: v for k, v in basic.items() if v}, variant, "VAR-SALVO")
