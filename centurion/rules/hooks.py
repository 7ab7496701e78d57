"""The extension points of the basic rules: where a variant rule changes the engine's answer (RULES.md VAR-*).

`BasicRules` answers every extension point as the basic rules do. The rules functions take it through the
`rules=` value they are already given (None means the basic rules) and call its methods at the points a
variant may change; they never ask which switch is on and never import the variants. A variant rule set
(`centurion.variants.RuleSet`) subclasses `BasicRules` and overrides the methods its switches change, as
python-chess's variant boards subclass `chess.Board`. docs/architecture.md lists the hooks and their users.

    to_hit_terms  a to-hit breakdown against a target, before it is rolled  (VAR-SPEEDMOD)
    shot          one shot rolled: the d10, then any roll that can still stop the round  (VAR-SHIELD)
    damage_chance the exact chance that one shot does damage, for whoever weighs a shot  (VAR-SHIELD)
    declare_salvo may these mounts fire as one salvo  (VAR-SALVO)
    roll_salvo    a checked salvo rolled: one d10 for all mounts, then any stop rolls  (VAR-SALVO, VAR-SHIELD)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from ..dice import Dice, Roll
from .grav import Refusal
from .rolls import TargetRoll

RULE = "CEN-CMB-1"


class Aimed(Protocol):
    """What a to-hit hook may read of the target: its kind ('vehicle', 'infantry', 'building') and velocity."""

    @property
    def kind(self) -> str:
        """'vehicle', 'infantry' or 'building' (book-a 10.3: infantry takes no terrain or shield modifier)."""
        ...

    @property
    def velocity(self) -> int:
        """The target's velocity (0 for infantry and buildings)."""
        ...


@dataclass(frozen=True)
class SalvoWeapon:
    """A weapon offered to a salvo: its type (e.g. 'MDC 10'), family, damage and location (VAR-SALVO)."""

    type: str
    family: str
    damage: str
    location: str  # 'hull 1', 'hull 2' or 'turret'


class BasicRules:
    """The basic rules at every extension point; subclass and override a method to plug a variant in (VAR-*)."""

    def to_hit_terms(self, roll: TargetRoll, target: Aimed) -> TargetRoll:
        """Extra to-hit terms for this target; the basic rules add none (CEN-CMB-1; VAR-SPEEDMOD overrides)."""
        return roll

    def shot(self, roll: TargetRoll, *, weapon: str, dice: Dice, purpose: str) -> tuple[Roll, Roll | None]:
        """Roll one shot of a weapon kind ('laser', 'mdc', 'painting'...): the d10 and the stop roll, if any.

        The basic rules roll the d10 only; the second item is a roll that stopped (success) or let through the
        round after a hit, None when there is none (CEN-CMB-1; VAR-SHIELD overrides).
        """
        return roll.roll(dice, purpose=purpose, rule=RULE), None

    def damage_chance(self, roll: TargetRoll, *, weapon: str) -> Fraction:
        """The exact chance that one shot of a weapon kind does damage: its to-hit chance (CEN-CMB-1; VAR-SHIELD
        overrides with the chance that the round also gets through the shield)."""
        return roll.chance

    def shot_words(self, roll: TargetRoll, *, weapon: str) -> str:
        """A shot's rolls in words with their exact odds, as `shot` rolls them: the basic rules' d10 (CEN-CMB-1;
        VAR-SHIELD overrides with the d10 without the shield and the stop roll)."""
        return roll.describe()

    def declare_salvo(self, weapons: Sequence[SalvoWeapon]) -> Refusal | None:
        """None when these mounts may fire as one salvo, else a Refusal; the basic rules have none (VAR-SALVO)."""
        return Refusal("VAR-SALVO", "the variant rule VAR-SALVO is off (identical direct-fire "
                                    "weapons of one location fire with one roll, all hit or all miss)")

    def roll_salvo(self, roll: TargetRoll, weapons: Sequence[SalvoWeapon], *, weapon: str, dice: Dice,
                   at: str = "") -> tuple[Roll, tuple[Roll, ...]]:
        """Roll a declared salvo: one d10 for every mount, then a stop roll per round if any (VAR-SALVO).

        The basic rules only meet a salvo in a plan declared under VAR-SALVO: one roll, no stop rolls.
        """
        first = roll.roll(dice, purpose=f"salvo of {len(weapons)} {weapons[0].type}: one roll for all{at}",
                          rule="VAR-SALVO")
        return first, ()


#: the basic rules, the value used when a rules function is given `rules=None`
BASIC = BasicRules()


def rules_of(rules: BasicRules | None) -> BasicRules:
    """The extension points to use: `rules` itself, or the basic rules for None (VAR-*)."""
    if rules is None:
        return BASIC
    if not isinstance(rules, BasicRules):
        raise TypeError(f"rules= takes a rule set (a centurion.rules.hooks.BasicRules, such as "
                        f"centurion.variants.RuleSet) or None, got {type(rules).__name__}")
    return rules
