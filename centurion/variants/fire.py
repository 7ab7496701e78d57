"""Variant fire: the shield stop roll, the speed modifier and salvo fire (VAR-SHIELD, VAR-SPEEDMOD, VAR-SALVO).

These wrap the engine's to-hit breakdown (`centurion.rules.fire.to_hit`, a `TargetRoll`): with the switch
off every function hands back the basic rules' answer unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..data.variant_tables import variant_tables
from ..dice import Dice, Roll, d10_chance
from ..rules.grav import Refusal
from ..rules.hooks import SalvoWeapon
from ..rules.inputs import whole
from ..rules.rolls import TargetRoll, Term
from .switches import Switches, refuse_off

#: weapon families whose to-hit the shield rule changes: direct fire affected by shields, the painting
#: (targeting) laser included; missiles, Gauss and everything else keep the basic rules (VAR-SHIELD)
SHIELD_ROLL_WEAPONS = frozenset({"laser", "mdc", "painting"})
SALVO_FAMILIES = frozenset({"laser", "mdc", "gauss", "ap_laser"})  # direct-fire weapons (no missiles) (VAR-SALVO)


def shield_stop_chance(rating: int) -> int:
    """Percent chance that a shield of this rating stops a round that hit; 0 stops nothing (VAR-SHIELD)."""
    if isinstance(rating, bool) or not isinstance(rating, int):
        raise ValueError(f"VAR-SHIELD: a shield rating is a whole number, got {rating!r}")
    if rating == 0:
        return 0
    table = variant_tables().shield_stop
    if rating not in table:
        raise ValueError(f"VAR-SHIELD: the stop table has shield ratings 0 and {min(table)}..{max(table)} in steps "
                         f"of 10, got {rating}")
    return table[rating]


def shield_hit_chance(to_hit: int, rating: int) -> Fraction:
    """Chance that a shot with this target number (shield not included) hits and gets through (VAR-SHIELD)."""
    whole(to_hit, "VAR-SHIELD", "to_hit")
    return d10_chance(to_hit) * Fraction(100 - shield_stop_chance(rating), 100)


def speed_modifier(velocity: int) -> int:
    """The to-hit modifier for the target's speed (its magnitude when reversing): 0 down to -6 (VAR-SPEEDMOD)."""
    if isinstance(velocity, bool) or not isinstance(velocity, int):
        raise ValueError(f"VAR-SPEEDMOD: a velocity is a whole number, got {velocity!r}")
    speed = abs(velocity)
    for band in variant_tables().speed_modifiers:
        if band.lo <= speed and (band.hi is None or speed <= band.hi):
            return band.value
    raise AssertionError("the speed bands cover every speed")  # pragma: no cover - the loader checks this


def with_speed_modifier(roll: TargetRoll, target_velocity: int, rules: Switches) -> TargetRoll:
    """The to-hit roll with the target-speed term added when VAR-SPEEDMOD is on; unchanged when it is off."""
    whole(target_velocity, "VAR-SPEEDMOD", "target_velocity")
    if not rules.enabled("VAR-SPEEDMOD"):
        return roll
    return roll.plus(f"target speed {abs(target_velocity)}", speed_modifier(target_velocity), "VAR-SPEEDMOD")


def _shield_term(roll: TargetRoll) -> int | None:
    """Index of the engine's shield-factor term in a to-hit breakdown, if it has one (CEN-CMB-1)."""
    for i, t in enumerate(roll.terms):
        if "shield factor" in t.label and t.rule == "CEN-CMB-1":
            return i
    return None


@dataclass(frozen=True)
class ShieldedShot:
    """A shot's roll sequence under the rule set: the d10 to hit, then (VAR-SHIELD) the percentile stop roll.

    `stop_percent` is 0 when there is no stop roll (switch off, a weapon the rule does not touch, no
    shield, a painted target). `p_hit` is the d10's chance, `p_through` the chance the shield lets the
    round through; `p_damage` = both.
    """

    to_hit: TargetRoll
    weapon: str
    shield_rating: int
    stop_percent: int
    rule: str  # the rule behind the roll sequence: VAR-SHIELD or CEN-CMB-1

    @property
    def p_hit(self) -> Fraction:
        """Exact chance of the to-hit d10 (DIE-10)."""
        return self.to_hit.chance

    @property
    def p_through(self) -> Fraction:
        """Exact chance the shield does not stop the round (DIE-100)."""
        return Fraction(100 - self.stop_percent, 100)

    @property
    def p_damage(self) -> Fraction:
        """Exact chance the shot hits and gets through."""
        return self.p_hit * self.p_through

    def describe(self) -> str:
        """The sequence in words, with its odds."""
        text = f"to hit {self.to_hit.describe()}"
        if self.stop_percent:
            text += (f"; then the shield (rating {self.shield_rating}) stops it on d100 <= {self.stop_percent} "
                     f"[VAR-SHIELD]: P({'painted' if self.weapon == 'painting' else 'damage'}) = {self.p_damage}")
        return text


def shield_shot(roll: TargetRoll, *, weapon: str, rules: Switches) -> ShieldedShot:
    """The variant's roll sequence for an engine to-hit breakdown (`rules.fire.to_hit`) (VAR-SHIELD).

    With VAR-SHIELD on, for a laser, MDC or the painting laser, the shield-factor term is replaced by
    a zero term and the shield's rating (factor x 10) sets the percentile stop chance. A painted target's
    shields are already ignored by the basic rules (the breakdown carries no shield factor), so no stop
    roll follows (docs/decisions.md). Otherwise the breakdown is returned as it is.
    """
    i = _shield_term(roll)
    if roll.impossible or not rules.enabled("VAR-SHIELD") or weapon not in SHIELD_ROLL_WEAPONS or i is None:
        return ShieldedShot(roll, weapon, 0, 0, "CEN-CMB-1")
    factor = -roll.terms[i].value
    rating = min(factor * 10, max(variant_tables().shield_stop))
    side = roll.terms[i].label.split("shield factor")[0]
    terms = list(roll.terms)
    terms[i] = Term(f"{side}shield rating {factor * 10}: no to-hit modifier, a stop roll follows", 0, "VAR-SHIELD")
    return ShieldedShot(TargetRoll(tuple(terms)), weapon, factor * 10, shield_stop_chance(rating), "VAR-SHIELD")


@dataclass(frozen=True)
class ShotResult:
    """What the dice said: the to-hit roll, the stop roll if any, and whether damage is done."""

    shot: ShieldedShot
    to_hit_roll: Roll
    stop_roll: Roll | None

    @property
    def hit(self) -> bool:
        """The round connected (the to-hit roll passed)."""
        return bool(self.to_hit_roll.success)

    @property
    def stopped(self) -> bool:
        """The shield stopped the round (VAR-SHIELD)."""
        return bool(self.stop_roll is not None and self.stop_roll.success)

    @property
    def damages(self) -> bool:
        """The round hits the hull: damage and hit location follow as in the basic rules."""
        return self.hit and not self.stopped


def roll_shot(shot: ShieldedShot, dice: Dice, *, purpose: str = "to hit") -> ShotResult:
    """Roll a shot: the d10 to hit, then, if it hit and the rule asks for it, the d100 stop roll (VAR-SHIELD)."""
    first = shot.to_hit.roll(dice, purpose=purpose + (", shield not counted" if shot.stop_percent else ""),
                             rule=shot.rule)
    stop = None
    if first.success and shot.stop_percent:
        stop = dice.d100_test(shot.stop_percent, purpose=f"shield rating {shot.shield_rating} stops the round",
                              rule="VAR-SHIELD")
    return ShotResult(shot, first, stop)


def salvo_location(location: str) -> str:
    """Hull 1 and Hull 2 count as one location, the hull; the turret is the other (VAR-SALVO)."""
    loc = location.strip().lower()
    return "turret" if loc == "turret" else "hull"


@dataclass(frozen=True)
class Salvo:
    """A legal salvo: the weapons, their location; one roll decides for all (VAR-SALVO)."""

    weapons: tuple[SalvoWeapon, ...]
    location: str

    def __bool__(self) -> bool:
        return True

    @property
    def systems(self) -> int:
        """Weapons it counts against the per-turn firing limits: one for one, no bonus (VAR-SALVO, VAR-WEAPONS)."""
        return len(self.weapons)


def declare_salvo(weapons: Sequence[SalvoWeapon], rules: Switches) -> Salvo | Refusal:
    """Check a salvo declaration: switch on, two or more mounts, one type and damage, direct fire, one location.

    The seed counts Hull 1 and Hull 2 as one location, "the Hull"; the turret is the other (VAR-SALVO).
    """
    off = refuse_off(rules, "VAR-SALVO")
    if off:
        return Refusal("VAR-SALVO", off)
    if len(weapons) < 2:
        return Refusal("VAR-SALVO", f"a salvo needs at least two mounts, got {len(weapons)}")
    first = weapons[0]
    for w in weapons[1:]:
        if (w.type, w.damage) != (first.type, first.damage):
            return Refusal("VAR-SALVO", f"all mounts must be the same weapon type and damage: {first.type} "
                           f"({first.damage}) and {w.type} ({w.damage})")
    bad = [w for w in weapons if w.family not in SALVO_FAMILIES]
    if bad:
        return Refusal("VAR-SALVO", f"only direct-fire weapons fire in salvo, not {bad[0].type} ({bad[0].family})")
    locs = {salvo_location(w.location) for w in weapons}
    if len(locs) > 1:
        return Refusal("VAR-SALVO", "all mounts must be in one location: the hull (Hull 1 and Hull 2) or the turret")
    return Salvo(tuple(weapons), locs.pop())


@dataclass(frozen=True)
class SalvoResult:
    """One to-hit roll for the whole salvo; under VAR-SHIELD one stop roll per round that hit (decision)."""

    salvo: Salvo
    to_hit_roll: Roll
    stop_rolls: tuple[Roll, ...]

    @property
    def hits(self) -> int:
        """Rounds that hit the hull (all or none, less those the shield stopped)."""
        if not self.to_hit_roll.success:
            return 0
        if not self.stop_rolls:
            return len(self.salvo.weapons)
        return sum(1 for r in self.stop_rolls if not r.success)


def salvo_odds(salvo: Salvo, shot: ShieldedShot) -> dict[int, Fraction]:
    """Exact distribution of rounds through for a salvo: 0 or all without stop rolls (VAR-SALVO, VAR-SHIELD)."""
    n = len(salvo.weapons)
    out: dict[int, Fraction] = {0: 1 - shot.p_hit}
    q = shot.p_through
    from math import comb

    for k in range(n + 1):
        pk = comb(n, k) * q**k * (1 - q) ** (n - k)
        out[k] = out.get(k, Fraction(0)) + shot.p_hit * pk
    return {k: v for k, v in out.items() if v}


def roll_salvo(salvo: Salvo, shot: ShieldedShot, dice: Dice, *, at: str = "") -> SalvoResult:
    """One attack roll for every mount: all hit or all miss; then a stop roll for each round (VAR-SALVO); `at`
    ends the roll's purpose with who fires at whom (" (T51 at R41, range 7)")."""
    n = len(salvo.weapons)
    first = shot.to_hit.roll(dice, purpose=f"salvo of {n} {salvo.weapons[0].type}: one roll for all{at}",
                             rule="VAR-SALVO")
    stops: list[Roll] = []
    if first.success and shot.stop_percent:
        for k in range(n):
            stops.append(dice.d100_test(shot.stop_percent, purpose=f"shield stops salvo round {k + 1} of {n}",
                                        rule="VAR-SHIELD"))
    return SalvoResult(salvo, first, tuple(stops))
