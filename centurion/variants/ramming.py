"""Ramming (VAR-RAM): the declaration, the opposed rolls with their exact odds, and the damage to both units.

Each side rolls d10 + piloting skill + familiarity + modifiers; the unit with the higher max thrust adds
the difference. The higher total decides; ties go to the defender (the rammee). Against an immobile
defender (grounded, a building...) only the attacker rolls, and the ram succeeds unless that d10 is a 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..data.variant_tables import variant_tables
from ..dice import Dice, Roll
from ..hexgrid import Hex, format_label
from ..rules.damage import cross_rowwise, hit_section
from ..rules.grav import Refusal
from ..rules.inputs import whole
from ..rules.record import RecordSheet
from .ruleset import RuleSet, refuse_off

RULE = "VAR-RAM"


def ram_bonus(piloting: int, *, familiarity: int = 0, thrust: int = 0, other_thrust: int = 0,
              modifiers: int = 0) -> int:
    """One side's addition to its d10: piloting + familiarity + modifiers + any thrust lead (VAR-RAM)."""
    for value, what in ((piloting, "piloting"), (familiarity, "familiarity"), (modifiers, "modifiers")):
        whole(value, RULE, what)
    whole(thrust, RULE, "thrust", 0)
    whole(other_thrust, RULE, "other_thrust", 0)
    return piloting + familiarity + modifiers + max(0, thrust - other_thrust)


def ram_hit_chance(attacker_bonus: int, defender_bonus: int, *, defender_immobile: bool = False) -> Fraction:
    """Exact chance that the ram succeeds: the attacker's total beats the defender's, ties to the defender (VAR-RAM).

    Found by enumerating both d10s (100 equally likely pairs). Against an immobile defender the ram
    succeeds unless the attacker rolls a 1: 9/10 whatever the bonuses.
    """
    whole(attacker_bonus, RULE, "attacker_bonus")
    whole(defender_bonus, RULE, "defender_bonus")
    if defender_immobile:
        return Fraction(9, 10)
    wins = sum(1 for a in range(1, 11) for d in range(1, 11) if a + attacker_bonus > d + defender_bonus)
    return Fraction(wins, 100)


def ram_tie_chance(attacker_bonus: int, defender_bonus: int) -> Fraction:
    """Exact chance that both totals are equal (the defender then decides: a miss) (VAR-RAM)."""
    whole(attacker_bonus, RULE, "attacker_bonus")
    whole(defender_bonus, RULE, "defender_bonus")
    ties = sum(1 for a in range(1, 11) for d in range(1, 11) if a + attacker_bonus == d + defender_bonus)
    return Fraction(ties, 100)


def ram_damage(attacker_velocity: int) -> tuple[int, int]:
    """(damage to the defender, damage to the attacker): 12 and 8 times the attacker's velocity (VAR-RAM)."""
    if isinstance(attacker_velocity, bool) or not isinstance(attacker_velocity, int):
        raise ValueError(f"{RULE}: a velocity is a whole number, got {attacker_velocity!r}")
    if attacker_velocity <= 0:
        raise ValueError(f"{RULE}: a ram needs a velocity over 0, got {attacker_velocity}")
    t = variant_tables()
    return t.ram_defender_per_velocity * attacker_velocity, t.ram_attacker_per_velocity * attacker_velocity


@dataclass(frozen=True)
class RamDeclaration:
    """A ram declared in the Movement Phase before the attacker moved (VAR-RAM)."""

    attacker: str
    defender: str

    def __bool__(self) -> bool:
        return True


def declare_ram(rules: RuleSet, attacker: str, defender: str, *, attacker_has_moved: bool,
                attacker_kind: str = "grav", same_side: bool = False) -> RamDeclaration | Refusal:
    """Declare a ram: only with the switch on, in the Movement Phase before the rammer has moved (VAR-RAM).

    The seed: "a declaration must be made during the Movement Phase, before the unit has moved". Infantry do
    not ram (the seed names vehicles and grav tanks); a unit does not ram its own side (decision).
    """
    for value, what in ((attacker, "attacker"), (defender, "defender")):
        if not isinstance(value, str) or not value:
            raise ValueError(f"{RULE}: {what} is a unit's key, got {value!r}"[:200])
    off = refuse_off(rules, RULE)
    if off:
        return Refusal(RULE, off)
    if attacker_has_moved:
        return Refusal(RULE, f"{attacker} has already moved: a ram is declared before the unit moves")
    if attacker_kind not in ("grav", "ground"):
        return Refusal(RULE, f"only vehicles and grav tanks ram, not {attacker_kind}")
    if attacker == defender:
        return Refusal(RULE, "a unit cannot ram itself")
    if same_side:
        return Refusal(RULE, f"{defender} is on {attacker}'s own side")
    return RamDeclaration(attacker, defender)


def ram_allowed(declaration: RamDeclaration, attacker_hex: Hex, attacker_velocity: int,
                defender_hex: Hex) -> Refusal | None:
    """None if the rammer ended its move in the target's hex at a velocity over 0, else why not (VAR-RAM)."""
    if attacker_hex != defender_hex:
        return Refusal(RULE, f"{declaration.attacker} ended in {format_label(attacker_hex)}, not in "
                       f"{declaration.defender}'s hex {format_label(defender_hex)}: no ram")
    if attacker_velocity <= 0:
        return Refusal(RULE, f"{declaration.attacker} ended at velocity {attacker_velocity}: a ram needs a velocity "
                       "over 0 (reversing does not ram: the rammer takes its damage on the front)")
    return None


@dataclass(frozen=True)
class RamResult:
    """The rolls, the totals, the outcome and the damage of a ram (VAR-RAM)."""

    attacker_roll: Roll
    defender_roll: Roll | None  # None against an immobile defender
    attacker_total: int
    defender_total: int | None
    success: bool
    defender_damage: int
    attacker_damage: int
    defender_section: str | None  # the section the defender takes it on (rolled), None on a miss
    location_roll: Roll | None

    def describe(self) -> str:
        """The ram in one sentence."""
        if self.defender_total is None:
            head = f"attacker rolls {self.attacker_roll.result} against an immobile target"
        else:
            head = (f"attacker {self.attacker_roll.result} -> {self.attacker_total}, defender "
                    f"{self.defender_roll.result} -> {self.defender_total}")
        if not self.success:
            return f"{head}: the ram misses [{RULE}]"
        return (f"{head}: the ram hits: {self.defender_damage} to the defender's {self.defender_section}, "
                f"{self.attacker_damage} to the attacker's front [{RULE}]")


def resolve_ram(dice: Dice, attacker_bonus: int, defender_bonus: int, attacker_velocity: int, *,
                defender_immobile: bool = False, attacked_side: str = "front") -> RamResult:
    """Roll a ram after the Combat Phase: the opposed d10s, then the defender's location if it hits (VAR-RAM).

    The defender's section comes from the basic hit-location table (turret, the attacked side or bottom);
    the attacker takes its damage on its front. Both are applied like grounding damage: boxes crossed row by
    row from the top-left (`centurion.rules.damage.cross_rowwise`).
    """
    whole(attacker_bonus, RULE, "attacker_bonus")
    whole(defender_bonus, RULE, "defender_bonus")
    a = dice.roll("d10", purpose=f"ram: attacker's roll (+{attacker_bonus})", rule=RULE)
    if defender_immobile:
        d, d_total = None, None
        success = a.result != 1
    else:
        d = dice.roll("d10", purpose=f"ram: defender's roll (+{defender_bonus})", rule=RULE)
        d_total = d.result + defender_bonus
        success = a.result + attacker_bonus > d_total
    if not success:
        return RamResult(a, d, a.result + attacker_bonus, d_total, False, 0, 0, None, None)
    loc = dice.roll("d10", purpose="ram: hit location on the defender", rule=RULE)
    to_def, to_att = ram_damage(attacker_velocity)
    return RamResult(a, d, a.result + attacker_bonus, d_total, True, to_def, to_att,
                     hit_section(loc.result, attacked_side), loc)


def apply_ram_damage(result: RamResult, defender: RecordSheet, attacker: RecordSheet, *,
                     immediate: bool = True) -> tuple[RecordSheet, RecordSheet]:
    """Both record sheets after a ram: boxes crossed row by row from the top-left, like grounding damage, on the
    defender's rolled section and the attacker's front (VAR-RAM, CEN-GRD-1). A miss changes nothing."""
    if not result.success:
        return defender, attacker
    defender = cross_rowwise(defender, result.defender_section, result.defender_damage, immediate=immediate)[0]
    attacker = cross_rowwise(attacker, "front", result.attacker_damage, immediate=immediate)[0]
    return defender, attacker
