"""The basic rule and the variant side by side on the same situation, for the chapter "Variant rules" (VAR-*).

Each function returns both answers as plain values (numbers, Fractions, lists), so a view can show
"basic | variant" without any rules logic of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from ..data import BattleMap, VehicleType
from ..data.partial_hexes import PartialHex
from ..hexgrid import Hex, distance
from ..rules.fire import to_hit
from ..rules.grav import GravMove, GravState, Refusal, ResolvedMove, resolve_grav_move
from ..rules.legal import legal_grav_moves
from ..rules.rolls import TargetRoll
from ..rules.sequence import movement_order
from ..rules.sight import Sight, line_of_sight
from .activation import activation_order
from .crew import assign_crew, driver_speed_limit, self_destruct_check
from .fire import SalvoWeapon, declare_salvo, salvo_odds, shield_shot, with_speed_modifier
from .movement import VariantMove, VariantResolvedMove, resolve_variant_move, variant_end_states
from .occupy import shot_map
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


@dataclass(frozen=True)
class ShotView:
    """A shot as one reading of the map gives it: the sight line and, when seen, the to-hit roll."""

    sight: Sight
    roll: TargetRoll | None
    terrain: str
    level: int


def occupy_side_by_side(battlemap: BattleMap, parts: Mapping[Hex, PartialHex], firer: Hex, target: Hex, *,
                        weapon: str = "laser") -> SideBySide:
    """A shot at a unit in a partly covered hex: the basic rules (the terrain fills the hex) | VAR-OCCUPY with the
    target declared 'in' the cover or 'out' in the open part (its terrain and level): sight and to-hit each."""

    def shot(bm: BattleMap) -> ShotView:
        sight = line_of_sight(bm, firer, target)
        cell = bm[target]
        roll = to_hit(distance(firer, target), weapon=weapon, terrain=cell.terrain) if sight.seen else None
        return ShotView(sight, roll, cell.terrain, cell.level)

    variant = {pos: shot(shot_map(battlemap, parts, (target, pos))) for pos in ("in", "out")}
    return SideBySide("a shot at a unit in a partly covered hex", shot(battlemap), variant, "VAR-OCCUPY")


def crew_side_by_side(vehicle: VehicleType, *, gunner: bool = True, commander: bool = True,
                      speed_limit: int = 8) -> SideBySide:
    """A vehicle's weapons in one turn: every weapon fires (basic) | who fires each under VAR-WEAPONS (gunner,
    commander, or only the driver: at -2 with a piloting roll, each cutting next turn's `speed_limit` by a third).
    Variant: ([(weapon type, family, role or None)], next turn's limit if the driver fires all that nobody else may)."""
    from ..rules.targets import weapon_family  # the rules' own reading of a weapon's family

    families = [weapon_family(w) for w in vehicle.weapons]
    roles = assign_crew(RuleSet.from_names(["VAR-WEAPONS"]), families, gunner=gunner, commander=commander)
    rows = [(w.type, f, r) for w, f, r in zip(vehicle.weapons, families, roles, strict=True)]
    driver = sum(1 for r in roles if r is None)
    basic = [(w.type, f) for w, f in zip(vehicle.weapons, families, strict=True)]
    return SideBySide("who fires which weapon", basic, (rows, driver_speed_limit(speed_limit, driver)),
                      "VAR-WEAPONS")
