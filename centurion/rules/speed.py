"""Exceeding the speed limit: the Piloting Skill Roll and its damage (CEN-SPD-1..3)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..dice import d10_chance
from .inputs import choice, whole


def _half_up(n: int) -> int:
    return -(-n // 2)


def effective_speed_limit(speed_limit: int, *, reverse: bool = False, tsr_lost: bool = False) -> int:
    """The limit after halvings, each rounded up and compounding: reverse, lost TS&R (CEN-SPD-3)."""
    whole(speed_limit, "CEN-SPD-1", "speed_limit", 0)
    if speed_limit < 0:
        raise ValueError(f"CEN-SPD-1: a speed limit cannot be negative, got {speed_limit}")
    limit = speed_limit
    if reverse:
        limit = _half_up(limit)
    if tsr_lost:
        limit = _half_up(limit)
    return limit


@dataclass(frozen=True)
class SpeedCheck:
    """The result of comparing velocity with a hex's speed limit (CEN-SPD-1, -2)."""

    velocity: int
    speed_limit: int  # after halvings
    over: int  # points over the limit, 0 when not over
    target: int | None  # Piloting Skill Roll target (d10 <= target), None when no roll is needed
    damage: int  # on a failed roll
    front: int
    bottom: int
    p_pass: Fraction  # chance of taking no damage

    @property
    def needs_roll(self) -> bool:
        """Whether a Piloting Skill Roll is needed."""
        return self.over > 0


def speed_limit_check(velocity: int, speed_limit: int, *, tsr_lost: bool = False, damage_modifier: int = 0,
                      odd_group_to: str = "front", driver_out: bool = False) -> SpeedCheck:
    """Piloting Skill Roll for entering a hex: target 5 - ceil(over/2), 10 damage a point over (CEN-SPD-1..3).

    Negative velocity is reverse: the limit is halved, rounded up (CEN-GRAV-5, CEN-SPD-3).
    `damage_modifier` adds the vehicle's damage modifiers to the target; with the driver out (or the
    Helm lost) the roll fails on 2+, so the target is at most 1 (book-a §13). The odd
    group of 10 goes front by default, or bottom (CEN-SPD-2).
    """
    whole(velocity, "CEN-SPD-1", "velocity")
    whole(speed_limit, "CEN-SPD-1", "speed_limit", 0)
    choice(odd_group_to, ("front", "bottom"), "CEN-SPD-2", "odd_group_to")
    if odd_group_to not in ("front", "bottom"):
        raise ValueError(f"CEN-SPD-2: the odd group of 10 goes 'front' or 'bottom', got {odd_group_to!r}")
    if isinstance(damage_modifier, bool) or not isinstance(damage_modifier, int) or damage_modifier > 0:
        raise ValueError(f"CEN-SPD-1: damage modifiers only make the Piloting Skill Roll harder (a whole number, 0 "
                         f"or less), got {damage_modifier!r}")
    limit = effective_speed_limit(speed_limit, reverse=velocity < 0, tsr_lost=tsr_lost)
    over = max(0, abs(velocity) - limit)
    if over == 0:
        return SpeedCheck(velocity, limit, 0, None, 0, 0, 0, Fraction(1))
    target = 5 - _half_up(over) + damage_modifier
    if driver_out:
        target = min(target, 1)
    groups = over
    big, small = _half_up(groups) * 10, (groups // 2) * 10
    front, bottom = (big, small) if odd_group_to == "front" else (small, big)
    return SpeedCheck(velocity, limit, over, target, 10 * over, front, bottom, d10_chance(target))


def grounding_damage(velocity: int, *, in_water: bool = False) -> int:
    """Bottom-armor damage for grounding: 10 x |velocity after deceleration|, half in a lake (CEN-GRD-1, -2)."""
    whole(velocity, "CEN-GRD-1", "velocity")
    damage = 10 * abs(velocity)
    return damage // 2 if in_water else damage
