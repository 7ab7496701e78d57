"""Fast tests for centurion/variants/ramming.py written against its surviving mutants (issue 22, docs/mutation.md).

Expected values: the seed's ramming text and its Liberator/Trajan example (VAR-RAM: d10 + piloting + familiarity +
modifiers, the higher thrust adds the difference, ties to the defender, an immobile defender is hit unless the
attacker rolls a 1, 12 x and 8 x the attacker's velocity, applied like grounding damage, the defender's location
rolled, the attacker on its front), the hit-location table of book-a 11 (1-3 turret, 4-10 the attacked side), and
the odds by enumerating both d10s.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from centurion.data import vehicle_types
from centurion.dice import Dice
from centurion.hexgrid import Hex
from centurion.rules import RecordSheet
from centurion.rules.grav import Refusal
from centurion.variants import RuleSet
from centurion.variants.ramming import (
    RamDeclaration,
    apply_ram_damage,
    declare_ram,
    ram_allowed,
    ram_bonus,
    ram_damage,
    ram_hit_chance,
    ram_tie_chance,
    resolve_ram,
)

RULE = "VAR-RAM"
ON = RuleSet.from_names([RULE])
OFF = RuleSet.from_names([])


def test_VAR_RAM_bonus_adds_piloting_familiarity_modifiers_and_the_thrust_lead_only():
    # the seed: Liberator (thrust 6) against a Trajan (thrust 4): +2 for the Liberator, nothing for the Trajan
    assert ram_bonus(5, thrust=6, other_thrust=4) == 7
    assert ram_bonus(5, familiarity=2, thrust=4, other_thrust=6) == 7
    assert ram_bonus(3, familiarity=1, modifiers=-2, thrust=9, other_thrust=4) == 3 + 1 - 2 + 5
    assert ram_bonus(4, thrust=5, other_thrust=5) == 4
    assert ram_bonus(4) == 4
    assert ram_bonus(4, thrust=3) == 7  # no other thrust given: the whole thrust is the lead
    assert ram_bonus(4, other_thrust=3) == 4
    assert ram_bonus(0, familiarity=0, modifiers=3) == 3
    assert ram_bonus(-1, thrust=0, other_thrust=0) == -1


@pytest.mark.parametrize("kwargs", [
    {"piloting": 1.5}, {"piloting": True}, {"piloting": "5"}, {"piloting": 5, "familiarity": None},
    {"piloting": 5, "modifiers": 0.5}, {"piloting": 5, "thrust": -1}, {"piloting": 5, "other_thrust": -1},
    {"piloting": 5, "thrust": False}, {"piloting": 5, "other_thrust": "4"}])
def test_VAR_RAM_bonus_refuses_values_that_are_not_whole(kwargs):
    kwargs = dict(kwargs)  # the parameter is shared between runs in one session (mutmut runs the tests twice)
    piloting = kwargs.pop("piloting")
    with pytest.raises(ValueError, match=RULE):
        ram_bonus(piloting, **kwargs)


def test_VAR_RAM_bonus_error_names_the_value():
    for kwargs, what in (({"familiarity": 0.5}, "familiarity"), ({"modifiers": None}, "modifiers"),
                         ({"thrust": -2}, "thrust"), ({"other_thrust": -2}, "other_thrust")):
        with pytest.raises(ValueError) as e:
            ram_bonus(5, **kwargs)
        assert str(e.value).startswith(f"{RULE}: {what} is a whole number")
    with pytest.raises(ValueError) as e:
        ram_bonus("x")
    assert str(e.value).startswith(f"{RULE}: piloting is a whole number")
    with pytest.raises(ValueError) as e:
        ram_bonus(5, thrust=-1)
    assert ">= 0" in str(e.value)
    with pytest.raises(ValueError) as e:
        ram_bonus(5, other_thrust=-1)
    assert ">= 0" in str(e.value)


def brute(a: int, d: int) -> tuple[Fraction, Fraction]:
    wins = sum(1 for x in range(1, 11) for y in range(1, 11) if x + a > y + d)
    ties = sum(1 for x in range(1, 11) for y in range(1, 11) if x + a == y + d)
    return Fraction(wins, 100), Fraction(ties, 100)


def test_VAR_RAM_chances_match_an_enumeration_of_both_d10s():
    for a in range(-11, 12):
        for d in range(-11, 12):
            win, tie = brute(a, d)
            assert ram_hit_chance(a, d) == win and ram_tie_chance(a, d) == tie, (a, d)
            assert ram_hit_chance(a, d, defender_immobile=True) == Fraction(9, 10)
            assert ram_hit_chance(a, d, defender_immobile=False) == win
    assert ram_hit_chance(7, 7) == Fraction(45, 100)  # the seed's two bonuses of 7
    assert ram_hit_chance(0, 9) == Fraction(0) and ram_hit_chance(10, 0) == Fraction(1)


@pytest.mark.parametrize("bad", [1.0, True, "3", None])
def test_VAR_RAM_chances_refuse_bonuses_that_are_not_whole(bad):
    for f in (ram_hit_chance, ram_tie_chance):
        with pytest.raises(ValueError, match="VAR-RAM: attacker_bonus is a whole number"):
            f(bad, 0)
        with pytest.raises(ValueError, match="VAR-RAM: defender_bonus is a whole number"):
            f(0, bad)
    with pytest.raises(ValueError, match="VAR-RAM: attacker_bonus is a whole number"):
        ram_hit_chance(bad, 0, defender_immobile=True)
    with pytest.raises(ValueError, match="VAR-RAM: defender_bonus is a whole number"):
        ram_hit_chance(0, bad, defender_immobile=True)


def test_VAR_RAM_damage_is_12_and_8_times_velocity():
    for v in range(1, 31):
        assert ram_damage(v) == (12 * v, 8 * v)


@pytest.mark.parametrize("v", [0, -1, -5])
def test_VAR_RAM_damage_needs_a_velocity_over_0(v):
    with pytest.raises(ValueError, match="VAR-RAM: a ram needs a velocity over 0"):
        ram_damage(v)


@pytest.mark.parametrize("v", [True, 2.0, "3", None])
def test_VAR_RAM_damage_velocity_is_whole(v):
    with pytest.raises(ValueError, match="VAR-RAM: a velocity is a whole number"):
        ram_damage(v)


def test_VAR_RAM_declaration():
    d = declare_ram(ON, "lib", "trajan", attacker_has_moved=False)
    assert isinstance(d, RamDeclaration) and (d.attacker, d.defender) == ("lib", "trajan")
    assert bool(d) is True
    ground = declare_ram(ON, "lib", "trajan", attacker_has_moved=False, attacker_kind="ground")
    assert isinstance(ground, RamDeclaration)
    assert isinstance(declare_ram(ON, "lib", "trajan", attacker_has_moved=False, same_side=False), RamDeclaration)


def test_VAR_RAM_declaration_refusals_say_why():
    off = declare_ram(OFF, "lib", "trajan", attacker_has_moved=False)
    assert isinstance(off, Refusal) and off.rule == RULE and "VAR-RAM is off" in off.reason
    moved = declare_ram(ON, "lib", "trajan", attacker_has_moved=True)
    assert isinstance(moved, Refusal) and moved.rule == RULE and "lib has already moved" in moved.reason
    inf = declare_ram(ON, "lib", "trajan", attacker_has_moved=False, attacker_kind="infantry")
    assert isinstance(inf, Refusal) and inf.rule == RULE and "not infantry" in inf.reason
    own = declare_ram(ON, "lib", "lib", attacker_has_moved=False)
    assert isinstance(own, Refusal) and own.rule == RULE and own.reason == "a unit cannot ram itself"
    side = declare_ram(ON, "lib", "trajan", attacker_has_moved=False, same_side=True)
    assert isinstance(side, Refusal) and side.rule == RULE and "trajan is on lib's own side" in side.reason


@pytest.mark.parametrize("a, d", [("", "x"), ("x", ""), (None, "x"), ("x", 3)])
def test_VAR_RAM_declaration_needs_unit_keys(a, d):
    with pytest.raises(ValueError) as e:
        declare_ram(ON, a, d, attacker_has_moved=False)
    what = "attacker" if a in ("", None) else "defender"
    assert str(e.value).startswith(f"{RULE}: {what} is a unit's key")


def test_VAR_RAM_a_long_bad_key_is_cut_to_200_characters():
    with pytest.raises(ValueError) as e:
        declare_ram(ON, list(range(200)), "x", attacker_has_moved=False)
    assert len(str(e.value)) == 200 and str(e.value).startswith("VAR-RAM: attacker is a unit's key, got [0, 1, 2")


def test_VAR_RAM_allowed_only_in_the_hex_at_a_velocity_over_0():
    decl = RamDeclaration("lib", "trajan")
    assert ram_allowed(decl, Hex(2, 3), 1, Hex(2, 3)) is None
    away = ram_allowed(decl, Hex(2, 4), 5, Hex(2, 3))
    assert isinstance(away, Refusal) and away.rule == RULE and "lib ended in" in away.reason
    assert "trajan's hex" in away.reason
    for v in (0, -3):
        slow = ram_allowed(decl, Hex(2, 3), v, Hex(2, 3))
        assert isinstance(slow, Refusal) and slow.rule == RULE and f"velocity {v}" in slow.reason


def test_VAR_RAM_seed_example_misses_with_both_rolls_logged():
    dice = Dice.scripted([4, 6])
    res = resolve_ram(dice, 7, 7, 5)
    assert (res.attacker_roll.result, res.defender_roll.result) == (4, 6)
    assert (res.attacker_total, res.defender_total, res.success) == (11, 13, False)
    assert (res.defender_damage, res.attacker_damage, res.defender_section, res.location_roll) == (0, 0, None, None)
    assert [(r.die, r.rule) for r in dice.log] == [("d10", RULE), ("d10", RULE)]
    assert "attacker's roll (+7)" in dice.log[0].purpose and "defender's roll (+7)" in dice.log[1].purpose
    assert res.describe() == "attacker 4 -> 11, defender 6 -> 13: the ram misses [VAR-RAM]"


def test_VAR_RAM_a_hit_rolls_the_location_on_the_attacked_side():
    # attacker 9 + 0 beats defender 2 + 6 by one; location 1-3 turret, 4-10 the attacked side (book-a 11)
    for loc, side, section in ((3, "left", "turret"), (4, "left", "left"), (10, "stern", "stern"),
                               (7, "front", "front")):
        dice = Dice.scripted([9, 2, loc])
        res = resolve_ram(dice, 0, 6, 4, attacked_side=side)
        assert res.success and (res.attacker_total, res.defender_total) == (9, 8)
        assert (res.defender_damage, res.attacker_damage) == (48, 32)
        assert res.defender_section == section and res.location_roll.result == loc
        assert res.location_roll is dice.log[2] and dice.log[2].rule == RULE and dice.log[2].die == "d10"
        assert dice.log[2].purpose == "ram: hit location on the defender"
        assert [r.purpose for r in dice.log[:2]] == ["ram: attacker's roll (+0)", "ram: defender's roll (+6)"]
    res = resolve_ram(Dice.scripted([7, 2, 5]), 0, 4, 3)
    assert res.defender_section == "front"  # the default attacked side
    assert res.describe() == ("attacker 7 -> 7, defender 2 -> 6: the ram hits: 36 to the defender's front, "
                              "24 to the attacker's front [VAR-RAM]")


def test_VAR_RAM_immobile_defender_rolls_nothing():
    dice = Dice.scripted([2, 8])
    res = resolve_ram(dice, -5, 20, 2, defender_immobile=True, attacked_side="right")
    assert res.success and res.defender_roll is None and res.defender_total is None
    assert res.attacker_total == 2 - 5 and len(dice.log) == 2 and dice.log[1] is res.location_roll
    assert (res.defender_section, res.defender_damage, res.attacker_damage) == ("right", 24, 16)
    assert res.describe() == ("attacker rolls 2 against an immobile target: the ram hits: 24 to the defender's "
                              "right, 16 to the attacker's front [VAR-RAM]")
    miss = resolve_ram(Dice.scripted([1]), 30, 0, 2, defender_immobile=True)
    assert not miss.success and miss.attacker_total == 31 and miss.defender_total is None
    assert miss.describe() == "attacker rolls 1 against an immobile target: the ram misses [VAR-RAM]"


@pytest.mark.parametrize("bad", [1.0, True, "3", None])
def test_VAR_RAM_resolve_refuses_bonuses_that_are_not_whole(bad):
    with pytest.raises(ValueError, match="VAR-RAM: attacker_bonus"):
        resolve_ram(Dice.scripted([5, 5, 5]), bad, 0, 3)
    with pytest.raises(ValueError, match="VAR-RAM: defender_bonus"):
        resolve_ram(Dice.scripted([5, 5, 5]), 0, bad, 3)


def test_VAR_RAM_damage_crosses_boxes_like_grounding_and_reaches_internals_at_once():
    lib = RecordSheet.of(vehicle_types()["liberator"])
    trajan = RecordSheet.of(vehicle_types()["trajan"])
    front = lib.armor["front"].armor
    v = front // 8 + 2  # enough for the attacker's front to overflow into its internal boxes
    res = resolve_ram(Dice.scripted([10, 1, 1]), 0, 0, v)
    assert res.success and res.defender_section == "turret"
    d, a = apply_ram_damage(res, trajan, lib)
    assert len(a.armor["front"].destroyed) == front and len(d.armor["turret"].destroyed) == min(
        trajan.armor["turret"].armor, 12 * v)
    assert len(a.internal_lost) == 8 * v - front and not a.pending  # at once, as grounding damage
    d2, a2 = apply_ram_damage(res, trajan, lib, immediate=False)
    assert len(a2.pending) == 8 * v - front and not a2.internal_lost
    # the defender's turret overflows too: its internal boxes are lost at once, or pending with immediate=False
    assert 12 * v > trajan.armor["turret"].armor
    assert d.internal_lost and not d.pending and all(s == "turret" for s, _ in d.internal_lost)
    assert d2.pending == d.internal_lost and not d2.internal_lost
    assert all(s == "front" for s, _ in a.internal_lost)
