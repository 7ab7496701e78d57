"""Fast tests for centurion/variants/fire.py written against its surviving mutants (issue 22, docs/mutation.md).

Expected values: the seed's shield table (VAR-SHIELD: 10 -> 20 % ... 200 -> 94 %), its target-speed table
(VAR-SPEEDMOD: 0-1 +0, 2-3 -1, 4-6 -2, 7-10 -3, 11-15 -4, 16-20 -5, 21+ -6) and its salvo text (VAR-SALVO: same
type and damage, direct fire, one location with Hull 1 and Hull 2 as the hull, one roll for all, counted one for
one), DIE-10 and DIE-100 by enumerating the faces, and the binomial distribution counted by brute force.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from centurion.dice import Dice
from centurion.rules.grav import Refusal
from centurion.rules.hooks import SalvoWeapon
from centurion.rules.rolls import TargetRoll, Term
from centurion.variants import RuleSet
from centurion.variants.fire import (
    Salvo,
    SalvoResult,
    ShieldedShot,
    ShotResult,
    declare_salvo,
    roll_salvo,
    roll_shot,
    salvo_location,
    salvo_odds,
    shield_hit_chance,
    shield_shot,
    shield_stop_chance,
    speed_modifier,
    with_speed_modifier,
)

SEED_SHIELD = {10: 20, 20: 28, 30: 34, 40: 40, 50: 44, 60: 48, 70: 52, 80: 57, 90: 61, 100: 65, 110: 68, 120: 71,
               130: 75, 140: 79, 150: 82, 160: 84, 170: 87, 180: 89, 190: 92, 200: 94}
SEED_SPEED = [(0, 1, 0), (2, 3, -1), (4, 6, -2), (7, 10, -3), (11, 15, -4), (16, 20, -5), (21, 99, -6)]
SHIELD = RuleSet.from_names(["VAR-SHIELD"])
SPEED = RuleSet.from_names(["VAR-SPEEDMOD"])
SALVO = RuleSet.from_names(["VAR-SALVO"])
OFF = RuleSet.from_names([])


def d10_pass(target: int) -> Fraction:
    return Fraction(sum(1 for f in range(1, 11) if f == 1 or (f != 10 and f <= target)), 10)


def roll_with_shield(factor: int, side: str = "front ", base: int = 9) -> TargetRoll:
    """A to-hit breakdown as the engine writes it: base, the shield factor term, a terrain term."""
    return TargetRoll((Term("base, range 3", base, "CEN-CMB-1"), Term(f"{side}shield factor {factor}", -factor,
                                                                      "CEN-CMB-1"), Term("target in clear", 0,
                                                                                         "CEN-TER-1")))


def test_VAR_SHIELD_stop_chance_is_the_seed_table():
    for rating, pct in SEED_SHIELD.items():
        assert shield_stop_chance(rating) == pct
    assert shield_stop_chance(0) == 0


@pytest.mark.parametrize("rating", [5, 15, 210, -10, 1, 199])
def test_VAR_SHIELD_stop_chance_refuses_ratings_off_the_table(rating):
    with pytest.raises(ValueError) as e:
        shield_stop_chance(rating)
    assert str(e.value) == (f"VAR-SHIELD: the stop table has shield ratings 0 and 10..200 in steps of 10, "
                            f"got {rating}")


@pytest.mark.parametrize("rating", [True, False, 10.0, "10", None])
def test_VAR_SHIELD_stop_chance_refuses_ratings_that_are_not_whole(rating):
    with pytest.raises(ValueError, match="VAR-SHIELD: a shield rating is a whole number"):
        shield_stop_chance(rating)


def test_VAR_SHIELD_hit_chance_is_the_d10_times_the_d100_through():
    for t in range(-3, 14):
        for rating in [0, *SEED_SHIELD]:
            through = Fraction(sum(1 for p in range(1, 101) if p > SEED_SHIELD.get(rating, 0)), 100)
            assert shield_hit_chance(t, rating) == d10_pass(t) * through, (t, rating)
    with pytest.raises(ValueError, match="VAR-SHIELD: to_hit is a whole number"):
        shield_hit_chance(5.0, 10)
    with pytest.raises(ValueError, match="VAR-SHIELD"):
        shield_hit_chance(5, 15)


def test_VAR_SPEEDMOD_is_the_seed_table_by_magnitude():
    for lo, hi, mod in SEED_SPEED:
        for v in range(lo, hi + 1):
            assert speed_modifier(v) == mod and speed_modifier(-v) == mod, v


@pytest.mark.parametrize("v", [True, 2.0, "3", None])
def test_VAR_SPEEDMOD_velocity_is_whole(v):
    with pytest.raises(ValueError, match="VAR-SPEEDMOD: a velocity is a whole number"):
        speed_modifier(v)
    with pytest.raises(ValueError, match="VAR-SPEEDMOD: target_velocity is a whole number"):
        with_speed_modifier(roll_with_shield(2), v, SPEED)
    with pytest.raises(ValueError, match="VAR-SPEEDMOD: target_velocity is a whole number"):
        with_speed_modifier(roll_with_shield(2), v, OFF)


def test_VAR_SPEEDMOD_adds_a_named_term_only_when_on():
    base = roll_with_shield(2)
    assert with_speed_modifier(base, 12, OFF) is base
    for v, mod in ((12, -4), (-12, -4), (0, 0), (-1, 0), (25, -6)):
        r = with_speed_modifier(base, v, SPEED)
        assert r.terms[:-1] == base.terms
        assert r.terms[-1] == Term(f"target speed {abs(v)}", mod, "VAR-SPEEDMOD")
        assert r.value == base.value + mod


def test_VAR_SHIELD_shot_replaces_the_shield_term_by_a_stop_roll():
    for factor in range(1, 21):
        base = roll_with_shield(factor, "left ")
        shot = shield_shot(base, weapon="mdc", rules=SHIELD)
        assert isinstance(shot, ShieldedShot)
        assert (shot.weapon, shot.shield_rating, shot.stop_percent, shot.rule) == (
            "mdc", factor * 10, SEED_SHIELD[factor * 10], "VAR-SHIELD")
        assert shot.to_hit.terms[0] == base.terms[0] and shot.to_hit.terms[2] == base.terms[2]
        assert shot.to_hit.terms[1] == Term(
            f"left shield rating {factor * 10}: no to-hit modifier, a stop roll follows", 0, "VAR-SHIELD")
        assert shot.to_hit.value == 9 and len(shot.to_hit.terms) == 3
        assert shot.p_hit == Fraction(9, 10)
        assert shot.p_through == Fraction(100 - SEED_SHIELD[factor * 10], 100)
        assert shot.p_damage == Fraction(9, 10) * shot.p_through
    # a factor over 20 is capped at the table's top rating for the stop chance, the rating keeps its value
    big = shield_shot(roll_with_shield(25, ""), weapon="laser", rules=SHIELD)
    assert (big.shield_rating, big.stop_percent) == (250, 94)
    assert big.to_hit.terms[1].label == "shield rating 250: no to-hit modifier, a stop roll follows"
    for weapon in ("laser", "painting"):
        assert shield_shot(roll_with_shield(3), weapon=weapon, rules=SHIELD).stop_percent == 34


def test_VAR_SHIELD_shot_leaves_the_basic_roll_alone_otherwise():
    base = roll_with_shield(4)
    for shot in (shield_shot(base, weapon="mdc", rules=OFF), shield_shot(base, weapon="gauss", rules=SHIELD),
                 shield_shot(base, weapon="missile", rules=SHIELD),
                 shield_shot(TargetRoll((Term("base", 9, "CEN-CMB-1"), Term("shield ignored: target painted", 0,
                                                                             "CEN-CMB-1"))), weapon="mdc",
                             rules=SHIELD),
                 # a term that says "shield factor" under another rule is not the engine's shield term
                 shield_shot(TargetRoll((Term("base", 9, "CEN-CMB-1"), Term("shield factor 4", -4, "X"))),
                             weapon="mdc", rules=SHIELD)):
        assert (shot.shield_rating, shot.stop_percent, shot.rule) == (0, 0, "CEN-CMB-1")
        assert shot.p_through == 1 and shot.p_damage == shot.p_hit == shot.to_hit.chance
    assert shield_shot(base, weapon="mdc", rules=OFF).to_hit is base
    impossible = TargetRoll.refused("CEN-CMB-1", "out of range")
    shot = shield_shot(impossible, weapon="mdc", rules=SHIELD)
    assert shot.stop_percent == 0 and shot.to_hit is impossible and shot.p_damage == 0
    # the shield term found among several, wherever it is
    later = TargetRoll((Term("base", 8, "CEN-CMB-1"), Term("target in clear", 0, "CEN-TER-1"),
                        Term("shield factor 6", -6, "CEN-CMB-1")))
    s = shield_shot(later, weapon="mdc", rules=SHIELD)
    assert s.stop_percent == 48 and s.to_hit.value == 8 and s.to_hit.terms[2].rule == "VAR-SHIELD"


def test_VAR_SHIELD_describe():
    shot = shield_shot(roll_with_shield(7), weapon="mdc", rules=SHIELD)
    assert shot.describe() == (f"to hit {shot.to_hit.describe()}; then the shield (rating 70) stops it on "
                               f"d100 <= 52 [VAR-SHIELD]: P(damage) = {Fraction(9, 10) * Fraction(48, 100)}")
    plain = shield_shot(roll_with_shield(7), weapon="gauss", rules=SHIELD)
    assert plain.describe() == f"to hit {plain.to_hit.describe()}"


def test_VAR_SHIELD_roll_shot_rolls_the_stop_only_after_a_hit():
    shot = shield_shot(roll_with_shield(7), weapon="mdc", rules=SHIELD)
    dice = Dice.scripted([9, 52])
    res = roll_shot(shot, dice, purpose="MDC at Trajan")
    assert isinstance(res, ShotResult) and res.to_hit_roll is dice.log[0] and res.stop_roll is dice.log[1]
    assert (dice.log[0].purpose, dice.log[0].rule, dice.log[0].target) == (
        "MDC at Trajan, shield not counted", "VAR-SHIELD", 9)
    assert (dice.log[1].die, dice.log[1].target, dice.log[1].rule) == ("d100", 52, "VAR-SHIELD")
    assert dice.log[1].purpose == "shield rating 70 stops the round"
    assert (res.hit, res.stopped, res.damages) == (True, True, False)
    res = roll_shot(shot, Dice.scripted([9, 53]))
    assert (res.hit, res.stopped, res.damages) == (True, False, True)
    dice = Dice.scripted([10, 1])
    res = roll_shot(shot, dice)
    assert (res.hit, res.stopped, res.damages, res.stop_roll, len(dice.log)) == (False, False, False, None, 1)
    plain = shield_shot(roll_with_shield(7), weapon="gauss", rules=SHIELD)
    dice = Dice.scripted([2, 1])
    res = roll_shot(plain, dice)
    assert (res.hit, res.stopped, res.damages, res.stop_roll, len(dice.log)) == (True, False, True, None, 1)
    assert (dice.log[0].purpose, dice.log[0].rule) == ("to hit", "CEN-CMB-1")


def mdc(location: str, type_: str = "MDC 10", damage: str = "T", family: str = "mdc") -> SalvoWeapon:
    return SalvoWeapon(type_, family, damage, location)


def test_VAR_SALVO_location_hull_1_and_2_are_the_hull():
    for loc, expected in (("hull 1", "hull"), ("Hull 2", "hull"), (" Turret ", "turret"), ("TURRET", "turret"),
                          ("hull", "hull")):
        assert salvo_location(loc) == expected


def test_VAR_SALVO_declarations():
    s = declare_salvo([mdc("hull 1"), mdc("Hull 2"), mdc("hull 1")], SALVO)
    assert isinstance(s, Salvo) and s.location == "hull" and s.systems == 3 and bool(s) is True
    assert s.weapons == (mdc("hull 1"), mdc("Hull 2"), mdc("hull 1"))
    t = declare_salvo([mdc("turret"), mdc("Turret")], SALVO)
    assert isinstance(t, Salvo) and t.location == "turret" and t.systems == 2
    for fam in ("laser", "gauss", "ap_laser"):
        assert isinstance(declare_salvo([mdc("turret", family=fam)] * 2, SALVO), Salvo)


def test_VAR_SALVO_refusals_say_why():
    off = declare_salvo([mdc("hull 1")] * 2, OFF)
    assert isinstance(off, Refusal) and off.rule == "VAR-SALVO" and "VAR-SALVO is off" in off.reason
    for weapons, reason in (
            ([mdc("hull 1")], "a salvo needs at least two mounts, got 1"),
            ([], "a salvo needs at least two mounts, got 0"),
            ([mdc("hull 1"), mdc("hull 1"), mdc("hull 1", damage="X")],
             "all mounts must be the same weapon type and damage: MDC 10 (T) and MDC 10 (X)"),
            ([mdc("hull 1"), mdc("hull 1", type_="MDC 8")],
             "all mounts must be the same weapon type and damage: MDC 10 (T) and MDC 8 (T)"),
            ([mdc("turret", "SMLM 1", "M", "missile")] * 2, "only direct-fire weapons fire in salvo, not SMLM 1 "
                                                            "(missile)"),
            ([mdc("hull 1"), mdc("turret")],
             "all mounts must be in one location: the hull (Hull 1 and Hull 2) or the turret")):
        r = declare_salvo(weapons, SALVO)
        assert isinstance(r, Refusal) and r.rule == "VAR-SALVO" and r.reason == reason, weapons


def brute_odds(n: int, p_hit: Fraction, stop: int) -> dict[int, Fraction]:
    """Rounds through: enumerate the d10 and every round's d100."""
    out: dict[int, Fraction] = {}
    out[0] = 1 - p_hit
    if stop == 0:
        out[n] = out.get(n, 0) + p_hit
    else:
        q = Fraction(100 - stop, 100)
        for through in product((True, False), repeat=n):
            k = sum(through)
            p = p_hit
            for t in through:
                p *= q if t else 1 - q
            out[k] = out.get(k, 0) + p
    return {k: v for k, v in out.items() if v}


def test_VAR_SALVO_odds_match_a_brute_force():
    for n in (2, 3, 4):
        salvo = declare_salvo([mdc("hull 1")] * n, SALVO)
        for factor in (0, 3, 7, 20):
            for base in (1, 4, 9, 12):
                rolls = roll_with_shield(factor, base=base + factor)
                for rules in (SHIELD, OFF):
                    shot = shield_shot(rolls, weapon="mdc", rules=rules)
                    expected = brute_odds(n, shot.p_hit, shot.stop_percent)
                    assert salvo_odds(salvo, shot) == expected, (n, factor, base, rules)


def test_VAR_SALVO_one_roll_for_all_then_a_stop_roll_per_round():
    salvo = declare_salvo([mdc("hull 1")] * 3, SALVO)
    shot = shield_shot(roll_with_shield(5), weapon="mdc", rules=SHIELD)  # stop 44, to hit 9
    dice = Dice.scripted([9, 44, 45, 100])
    res = roll_salvo(salvo, shot, dice)
    assert isinstance(res, SalvoResult) and res.salvo is salvo and res.to_hit_roll is dice.log[0]
    assert (dice.log[0].purpose, dice.log[0].rule, dice.log[0].target) == (
        "salvo of 3 MDC 10: one roll for all", "VAR-SALVO", 9)
    assert [(r.die, r.target, r.rule, r.purpose) for r in res.stop_rolls] == [
        ("d100", 44, "VAR-SHIELD", f"shield stops salvo round {k} of 3") for k in (1, 2, 3)]
    assert res.hits == 2
    miss = roll_salvo(salvo, shot, Dice.scripted([10, 1, 1, 1]))
    assert miss.hits == 0 and miss.stop_rolls == ()
    plain = shield_shot(roll_with_shield(5), weapon="mdc", rules=OFF)  # to hit 4, no stop roll
    dice = Dice.scripted([4, 1])
    res = roll_salvo(salvo, plain, dice)
    assert res.hits == 3 and res.stop_rolls == () and len(dice.log) == 1
    assert roll_salvo(salvo, plain, Dice.scripted([5])).hits == 0
    all_stopped = roll_salvo(salvo, shot, Dice.scripted([1, 1, 2, 44]))
    assert all_stopped.hits == 0


class Exact:
    """A `Switches` that knows the rules by their exact IDs only (the protocol's contract: 'VAR-SHIELD')."""

    def __init__(self, *on: str) -> None:
        self.on = set(on)

    def enabled(self, rule: str) -> bool:
        return rule in self.on


def test_VAR_SHIELD_and_VAR_SPEEDMOD_ask_the_switches_by_rule_id():
    shot = shield_shot(roll_with_shield(7), weapon="mdc", rules=Exact("VAR-SHIELD"))
    assert shot.stop_percent == 52 and shot.rule == "VAR-SHIELD"
    assert shield_shot(roll_with_shield(7), weapon="mdc", rules=Exact("VAR-SPEEDMOD")).stop_percent == 0
    r = with_speed_modifier(roll_with_shield(2), 12, Exact("VAR-SPEEDMOD"))
    assert r.terms[-1] == Term("target speed 12", -4, "VAR-SPEEDMOD")
    assert with_speed_modifier(roll_with_shield(2), 12, Exact("VAR-SHIELD")) == roll_with_shield(2)


def test_VAR_SHIELD_results_keep_the_shot_and_the_weapon():
    shot = shield_shot(roll_with_shield(7), weapon="mdc", rules=SHIELD)
    assert roll_shot(shot, Dice.scripted([9, 60])).shot is shot
    for weapon, rules in (("gauss", SHIELD), ("laser", OFF), ("painting", OFF)):
        assert shield_shot(roll_with_shield(7), weapon=weapon, rules=rules).weapon == weapon
