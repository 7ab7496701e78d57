"""Weapons per location, crew roles and self-destruction (VAR-WEAPONS, VAR-SELFDESTRUCT).

The seed's classes (the same as fighters'): light 0-1500 rated engines, medium 1501-2000, heavy
2001-2500; 3, 4 or 5 weapons per location plus one AP laser or Vulcan (a Vulcan only in the turret).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..data.variant_tables import variant_tables
from ..dice import Dice, Roll
from ..rules.grav import Refusal
from ..rules.inputs import whole
from ..rules.rolls import TargetRoll
from .ruleset import RuleSet, refuse_off

ROLES = ("driver", "gunner", "commander")
EXTRA_FAMILIES = ("ap_laser", "vulcan")  # the one extra system a location may carry on top of its quota


def engine_class(engine_rating: int) -> str | None:
    """'light', 'medium' or 'heavy' by engine rating; None above the table (VAR-WEAPONS)."""
    if isinstance(engine_rating, bool) or not isinstance(engine_rating, int) or engine_rating < 0:
        raise ValueError(f"VAR-WEAPONS: an engine rating is a whole number >= 0, got {engine_rating!r}")
    for c in variant_tables().weapon_classes:
        if c.min_engine <= engine_rating <= c.max_engine:
            return c.name
    return None


def weapons_per_location(engine_rating: int) -> int | None:
    """Weapons a location may carry (besides one AP laser or Vulcan): 3, 4 or 5; None above 2500 (VAR-WEAPONS)."""
    name = engine_class(engine_rating)
    if name is None:
        return None
    return next(c.weapons_per_location for c in variant_tables().weapon_classes if c.name == name)


@dataclass(frozen=True)
class Mount:
    """A weapon on the record sheet as VAR-WEAPONS counts it: its family and location."""

    type: str
    family: str
    location: str  # 'hull 1', 'hull 2', 'turret'


def check_weapon_layout(engine_rating: int, mounts: Sequence[Mount]) -> tuple[Refusal, ...]:
    """Every way a design breaks the per-location quota (empty when it fits) (VAR-WEAPONS).

    Each location counts on its own; one AP laser or Vulcan per location is free; a Vulcan only in the turret.
    """
    quota = weapons_per_location(engine_rating)
    out: list[Refusal] = []
    if quota is None:
        return (Refusal("VAR-WEAPONS", f"engine rating {engine_rating} is above the heavy class (2500)"),)
    by_loc: dict[str, list[Mount]] = {}
    for m in mounts:
        by_loc.setdefault(m.location.strip().lower(), []).append(m)
    for loc, ms in sorted(by_loc.items()):
        extras = [m for m in ms if m.family in EXTRA_FAMILIES]
        for m in extras:
            if m.family == "vulcan" and loc != "turret":
                out.append(Refusal("VAR-WEAPONS", f"a Vulcan can only be placed on a turret, not in {loc}"))
        free = 1 if extras else 0
        count = len(ms) - free
        if count > quota:
            out.append(Refusal("VAR-WEAPONS", f"{loc} carries {count} weapons besides its AP laser or Vulcan; a "
                               f"{engine_class(engine_rating)} grav tank (engine {engine_rating}) may carry {quota}"))
    return tuple(out)


@dataclass(frozen=True)
class CrewFire:
    """What firing one more system costs a crew member (VAR-WEAPONS)."""

    role: str
    to_hit_modifier: int  # added to the to-hit target (the driver: -2)
    piloting_roll: bool  # the driver must make an immediate Piloting Skill Roll
    speed_limit_thirds_cut: int  # the driver: next turn's speed limits cut by a third per weapon fired

    def __bool__(self) -> bool:
        return True


def crew_may_fire(rules: RuleSet, role: str, family: str, *, fired: int = 0, gunner_alive: bool = True,
                  ) -> CrewFire | Refusal:
    """Whether `role` may fire one more system of `family`, having fired `fired` this turn (VAR-WEAPONS).

    Driver: anything, at -2, with a Piloting Skill Roll, each weapon cutting next turn's limits by a third.
    Gunner: direct fire (AP lasers included) and missiles, at most 8 systems. Commander: painting laser, missiles,
    AP lasers (and sets the Vulcan's interceptions); if the gunner is dead, every system, at most 8 in all.
    """
    whole(fired, "VAR-WEAPONS", "fired", 0)
    off = refuse_off(rules, "VAR-WEAPONS")
    if off:
        return Refusal("VAR-WEAPONS", off)
    t = variant_tables()
    if role == "driver":
        return CrewFire(role, t.driver_to_hit_penalty, True, fired + 1)
    if role == "gunner":
        if not gunner_alive:
            return Refusal("VAR-WEAPONS", "the gunner is dead")
        if family in ("painting", "vulcan"):  # an AP laser is direct fire: the gunner's too (seed)
            return Refusal("VAR-WEAPONS", f"the gunner handles direct fire and missiles; the {family.replace('_', ' ')}"
                           " is the commander's")
        if fired >= t.gunner_max_systems:
            return Refusal("VAR-WEAPONS", f"the gunner fires at most {t.gunner_max_systems} systems a turn")
        return CrewFire(role, 0, False, 0)
    if role == "commander":
        if gunner_alive and family not in ("painting", "missile", "ap_laser", "vulcan"):
            return Refusal("VAR-WEAPONS", f"the commander fires the painting laser, missiles and AP lasers; the "
                           f"{family} is the gunner's while the gunner lives")
        if not gunner_alive and fired >= t.commander_max_systems:
            return Refusal("VAR-WEAPONS", f"with the gunner dead the commander fires at most "
                           f"{t.commander_max_systems} systems, the painting laser included")
        return CrewFire(role, 0, False, 0)
    raise ValueError(f"VAR-WEAPONS: a crew role is one of {', '.join(ROLES)}, got {role!r}")


def assign_crew(rules: RuleSet, families: Sequence[str], *, gunner: bool = True, commander: bool = True,
                painted: bool = False) -> list[str | None]:
    """Who fires each of these weapons (by family, in order): 'gunner', 'commander', or None (nobody able: only the
    driver could). The gunner takes direct fire and missiles up to 8 systems, the commander the painting laser,
    missiles and AP lasers, or every system up to 8 with the painting laser (`painted`) if the gunner is out
    (VAR-WEAPONS, `crew_may_fire`)."""
    g, c = 0, (1 if painted and not gunner else 0)
    out: list[str | None] = []
    for fam in families:
        if gunner and isinstance(crew_may_fire(rules, "gunner", fam, fired=g), CrewFire):
            g += 1
            out.append("gunner")
        elif commander and isinstance(crew_may_fire(rules, "commander", fam, fired=c, gunner_alive=gunner),
                                      CrewFire):
            c += 1
            out.append("commander")
        else:
            out.append(None)
    return out


def driver_speed_limit(limit: int, weapons_fired: int) -> int:
    """A speed limit next turn after the driver fired `weapons_fired` weapons: each cuts it by a third.

    The seed says the safe velocity "is reduced by a third" for each weapon; the project reads it as a third of
    the original limit per weapon, rounded down, never below 0 (docs/decisions.md).
    """
    whole(limit, "VAR-WEAPONS", "limit", 0)
    whole(weapons_fired, "VAR-WEAPONS", "weapons_fired", 0)
    if weapons_fired < 0:
        raise ValueError(f"VAR-WEAPONS: weapons fired is 0 or more, got {weapons_fired}")
    return max(0, limit - (limit * weapons_fired) // 3)


def self_destruct_check(skill: int, damage_modifier: int = 0, *, check: str = "piloting") -> TargetRoll:
    """The Piloting or Gunnery check to self-destruct: d10 <= skill + damage modifiers (VAR-SELFDESTRUCT)."""
    whole(skill, "VAR-SELFDESTRUCT", "skill")
    whole(damage_modifier, "VAR-SELFDESTRUCT", "damage_modifier")
    if check not in ("piloting", "gunnery"):
        raise ValueError(f"VAR-SELFDESTRUCT: the check is 'piloting' or 'gunnery', got {check!r}")
    roll = TargetRoll.of(f"{check} skill", skill, "VAR-SELFDESTRUCT")
    if damage_modifier:
        roll = roll.plus("damage modifiers", damage_modifier, "VAR-SELFDESTRUCT")
    return roll


@dataclass(frozen=True)
class SelfDestruct:
    """A self-destruct attempt: the check, and if it passed the turns until the explosion (VAR-SELFDESTRUCT)."""

    check_roll: Roll
    delay_roll: Roll | None

    @property
    def armed(self) -> bool:
        """The charge is set: the vehicle will explode."""
        return bool(self.check_roll.success)

    @property
    def turns(self) -> int | None:
        """Turns until it explodes, destroying it and killing any crew still inside; None if the check failed."""
        return self.delay_roll.result if self.delay_roll else None


def attempt_self_destruct(rules: RuleSet, dice: Dice, skill: int, damage_modifier: int = 0, *,
                          check: str = "piloting") -> SelfDestruct | Refusal:
    """Roll the check; on success roll the delay, 1-3 turns (the seed's 1-3 minutes) (VAR-SELFDESTRUCT)."""
    off = refuse_off(rules, "VAR-SELFDESTRUCT")
    if off:
        return Refusal("VAR-SELFDESTRUCT", off)
    roll = self_destruct_check(skill, damage_modifier, check=check).roll(
        dice, purpose=f"self-destruct: {check} check", rule="VAR-SELFDESTRUCT")
    if not roll.success:
        return SelfDestruct(roll, None)
    delay = dice.roll(variant_tables().self_destruct_die, purpose="self-destruct: turns until it explodes",
                      rule="VAR-SELFDESTRUCT")
    return SelfDestruct(roll, delay)



def vehicle_weapon_layout(vehicle: object) -> tuple[Refusal, ...]:
    """Check a record sheet's weapons against the per-location quota of its engine class (VAR-WEAPONS).

    Reads `vehicle.engine` and `vehicle.weapons` (type, location); a vehicle without an engine rating (ground
    vehicles) is outside the grav-tank quota and passes.
    """
    from ..rules.targets import weapon_family  # the rules' own reading of a weapon's family

    engine = getattr(vehicle, "engine", None)
    if not isinstance(engine, int) or isinstance(engine, bool):
        return ()
    mounts = [Mount(w.type, weapon_family(w), w.location) for w in vehicle.weapons]
    return check_weapon_layout(engine, mounts)
