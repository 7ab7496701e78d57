"""Emergency turns (VAR-EMERGENCY): thrust pumped into a turning vane, and the vane's three saving rolls.

Each thrust point pumped into the vane removes one hex of straight travel that the Facing Change Table
(CEN-GRAV-4) requires before a turn. Then three d10 rolls on that vane: burnout (fail: the vane is burned out
for good), damage (one target lower; fail: one vane box crossed), short (fail: the vane is out for a turn).
Each point pumped lowers every target by 1. The Variant Damage Rules that give damaged vanes' targets are
absent from the seed: an undamaged vane has 9 and 9, and each box lost lowers both by 1 (RULES.md decision).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..data.variant_tables import variant_tables
from ..dice import Dice, Roll, d10_chance
from ..rules.grav import facing_change_interval
from ..rules.inputs import choice

RULE = "VAR-EMERGENCY"


def emergency_turn_cost(velocity: int, straight_hexes: int) -> int:
    """Thrust points needed to turn after `straight_hexes` (>= 1) straight hexes this turn; 0 if none is needed.

    The Facing Change Table's requirement at |velocity| less the hexes already travelled straight. The
    seed: "Deciding to turn in just one hex, the Horatius must spend three thrust points" at velocity 20.
    At velocity 0 the vehicle spins freely (0). At least one straight hex is needed (the seed only ever turns
    "in just one hex"; two turns in one hex stay forbidden, docs/decisions.md).
    """
    if isinstance(velocity, bool) or not isinstance(velocity, int):
        raise ValueError(f"{RULE}: a velocity is a whole number, got {velocity!r}")
    need = facing_change_interval(abs(velocity))
    if need == 0:
        return 0
    if isinstance(straight_hexes, bool) or not isinstance(straight_hexes, int) or straight_hexes < 1:
        raise ValueError(f"{RULE}: an emergency turn still needs at least one hex travelled straight since the last "
                         f"turn, got {straight_hexes!r}")
    return max(0, need - straight_hexes)


def emergency_turn_targets(thrust_points: int, *, vane_boxes_lost: int = 0) -> tuple[int, int, int]:
    """(burnout, damage, short) targets: 9 - TP, 9 - TP - 1, 9 - TP, each box lost lowering all three by 1."""
    if isinstance(thrust_points, bool) or not isinstance(thrust_points, int) or thrust_points < 0:
        raise ValueError(f"{RULE}: thrust pumped into the vane is a whole number >= 0, got {thrust_points!r}")
    t = variant_tables()
    if isinstance(vane_boxes_lost, bool) or not isinstance(vane_boxes_lost, int) or not (
            0 <= vane_boxes_lost <= t.vane_boxes):
        raise ValueError(f"{RULE}: a vane has {t.vane_boxes} boxes (an assumption: the Variant Damage Rules are "
                         f"absent from the seed); boxes lost must be 0..{t.vane_boxes}, got {vane_boxes_lost!r}")
    burn = t.vane_burnout_target - thrust_points - vane_boxes_lost
    short = t.vane_short_target - thrust_points - vane_boxes_lost
    return burn, burn - t.vane_damage_penalty, short


@dataclass(frozen=True)
class VaneOdds:
    """Exact odds of an emergency turn's saving rolls (VAR-EMERGENCY)."""

    thrust_points: int
    targets: tuple[int, int, int]

    @property
    def p_burnout(self) -> Fraction:
        """The vane burns out (the first roll fails)."""
        return 1 - d10_chance(self.targets[0])

    @property
    def p_box_lost(self) -> Fraction:
        """It survives the burnout roll and fails the damage roll (one box crossed)."""
        return d10_chance(self.targets[0]) * (1 - d10_chance(self.targets[1]))

    @property
    def p_short(self) -> Fraction:
        """It survives the burnout roll and fails the short roll (out for a turn)."""
        return d10_chance(self.targets[0]) * (1 - d10_chance(self.targets[2]))

    @property
    def p_box_and_short(self) -> Fraction:
        """It survives the burnout roll and fails both the damage and the short roll (a box lost and out a turn)."""
        return d10_chance(self.targets[0]) * (1 - d10_chance(self.targets[1])) * (1 - d10_chance(self.targets[2]))

    @property
    def p_unharmed(self) -> Fraction:
        """All three rolls pass: no effect at all."""
        return d10_chance(self.targets[0]) * d10_chance(self.targets[1]) * d10_chance(self.targets[2])


def vane_odds(thrust_points: int, *, vane_boxes_lost: int = 0) -> VaneOdds:
    """The odds of an emergency turn pumping `thrust_points` into a vane with `vane_boxes_lost` boxes lost."""
    return VaneOdds(thrust_points, emergency_turn_targets(thrust_points, vane_boxes_lost=vane_boxes_lost))


@dataclass(frozen=True)
class VaneResult:
    """What the three saving rolls did to the vane (VAR-EMERGENCY)."""

    side: str  # 'left' or 'right'
    rolls: tuple[Roll, ...]
    burned_out: bool
    boxes_lost: int  # crossed by this turn (0 or 1)
    shorted: bool

    def describe(self) -> str:
        """One line for the log."""
        if self.burned_out:
            return f"the {self.side} vane burns out [{RULE}]"
        parts = []
        if self.boxes_lost:
            parts.append("one box crossed")
        if self.shorted:
            parts.append("shorted out for a turn")
        return f"the {self.side} vane: " + (", ".join(parts) if parts else "no harm") + f" [{RULE}]"


def roll_vane_saves(dice: Dice, thrust_points: int, *, side: str = "left", vane_boxes_lost: int = 0) -> VaneResult:
    """Roll the three saves in order; a burnout ends the sequence (VAR-EMERGENCY).

    The box crossed by a failed damage roll does not lower the third roll's target; the seed's example
    rolls it at "9 - 2" after crossing a box.
    """
    choice(side, ("left", "right"), RULE, "side")
    burn, dmg, short = emergency_turn_targets(thrust_points, vane_boxes_lost=vane_boxes_lost)
    first = dice.d10_test(burn, purpose=f"{side} vane: burnout save ({thrust_points} TP pumped)", rule=RULE)
    if not first.success:
        return VaneResult(side, (first,), True, 0, False)
    second = dice.d10_test(dmg, purpose=f"{side} vane: damage save", rule=RULE)
    third = dice.d10_test(short, purpose=f"{side} vane: short save", rule=RULE)
    return VaneResult(side, (first, second, third), False, 0 if second.success else 1, not third.success)
