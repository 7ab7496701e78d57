"""The fire engine with the variant switches (VAR-SPEEDMOD, VAR-SHIELD, VAR-SALVO): off changes nothing, on gives
exactly the answers of the `centurion.variants` API. Situation: E20 (Horatius fires at the Liberator's right side)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from centurion.data import map_from_rows, vehicle_types
from centurion.data.vehicles import Weapon
from centurion.dice import Dice
from centurion.hexgrid import parse_label
from centurion.rules.grav import Refusal
from centurion.rules.record import RecordSheet
from centurion.rules.resolution import CombatUnit, combat_phase, declare_weapons_fire, resolve_fire
from centurion.rules.targets import Attack
from centurion.variants import (
    RuleSet,
    shield_hit_chance,
    shield_shot,
    shield_stop_chance,
    speed_modifier,
    with_speed_modifier,
)

V = vehicle_types()
ROWS = ["........"] * 12
ROWS[2] = ".l......"
MAP = map_from_rows(ROWS)
E20 = [Attack(2, "lib"), Attack(1, "lib"), Attack(0, "lib", shell="HEAP")]
OTHERS = RuleSet.from_names(["VAR-INIT", "VAR-LATERAL", "VAR-EMERGENCY", "VAR-RAM", "VAR-WEAPONS"])


def units(velocity=0, hor=None):
    return {"hor": CombatUnit("hor", "TOG", parse_label("0210"), 0, RecordSheet.of(hor or V["horatius"])),
            "lib": CombatUnit("lib", "RL", parse_label("0203"), 1, RecordSheet.of(V["liberator"]),
                              velocity=velocity)}


@pytest.mark.parametrize("rules", [None, RuleSet(), OTHERS])
def test_switches_off_leave_to_hit_and_rolls_unchanged(rules):
    u = units(velocity=9)
    basic = declare_weapons_fire(MAP, u, "hor", E20)
    plan = declare_weapons_fire(MAP, u, "hor", E20, rules=rules)
    assert [a.to_hit for a in plan.attacks] == [a.to_hit for a in basic.attacks]
    assert [a.to_hit.value for a in plan.attacks] == [3, 3, 8]  # E20, whatever the target's speed
    script = [4, 1, 6, 7, 3, 5]
    a = resolve_fire(basic, u, Dice.scripted(script))
    b = resolve_fire(plan, u, Dice.scripted(script), rules=rules)
    assert a.rolls == b.rolls
    assert b.units["lib"].sheet == a.units["lib"].sheet


@pytest.mark.parametrize("velocity", [0, 1, 3, 8, -12, 25])
def test_speedmod_adds_the_target_speed_term(velocity):
    rules = RuleSet.from_names(["VAR-SPEEDMOD"])
    u = units(velocity=velocity)
    basic = declare_weapons_fire(MAP, u, "hor", E20)
    plan = declare_weapons_fire(MAP, u, "hor", E20, rules=rules)
    for b, v in zip(basic.attacks, plan.attacks, strict=True):
        assert v.to_hit == with_speed_modifier(b.to_hit, velocity, rules)
        assert v.to_hit.value == b.to_hit.value + speed_modifier(velocity)
        assert any(t.rule == "VAR-SPEEDMOD" for t in v.to_hit.terms)


def test_shield_laser_rolls_without_shield_then_stop_roll():
    rules = RuleSet.from_names(["VAR-SHIELD"])
    u = units()
    plan = declare_weapons_fire(MAP, u, "hor", [Attack(1, "lib")], rules=rules)
    shot = shield_shot(plan.attacks[0].to_hit, weapon="laser", rules=rules)
    assert shot.to_hit.value == 8 and shot.stop_percent == shield_stop_chance(50) == 44  # 9 - 1 range, right 50
    assert shot.p_damage == shield_hit_chance(8, 50)
    # to-hit 7 (a hit without the shield; a miss under the basic 3), stop roll 44: stopped, no location roll
    res = resolve_fire(plan, u, Dice.scripted([7, 44]), rules=rules)
    (hit,) = res.hits
    assert hit.to_hit.success and hit.stopped and hit.stop.rule == "VAR-SHIELD" and hit.stop.target == 44
    assert res.locations == () and res.units["lib"].sheet == u["lib"].sheet
    # stop roll 45: through, then location and damage column as in the basic rules
    res = resolve_fire(plan, u, Dice.scripted([7, 45, 7, 3]), rules=rules)
    (hit,) = res.hits
    assert not hit.stopped and hit.mark is not None and res.locations[0][2] == "right"
    assert res.units["lib"].sheet.armor["right"].intact == 70 - len(hit.mark.armor)


def test_shield_leaves_gauss_and_missiles_alone():
    rules = RuleSet.from_names(["VAR-SHIELD"])
    u = units()
    plan = declare_weapons_fire(MAP, u, "hor", E20, rules=rules)
    # SMLM 4 misses its 3; laser 1 hits, then d100 1: stopped; HEAP 6 hits; location 7; column 5
    res = resolve_fire(plan, u, Dice.scripted([4, 1, 1, 6, 7, 5]), rules=rules)
    smlm, laser, heap = res.hits
    assert smlm.stop is None and heap.stop is None and laser.stopped
    assert [h.weapon for h in res.hits if h.mark is not None] == ["150mm Gauss"]


def test_shield_in_a_whole_combat_phase_and_painting():
    rules = RuleSet.from_names(["VAR-SHIELD"])
    u = units()
    # painting laser of the Horatius: 9 - 1 (range 7) without the shield, then the stop roll 44 (VAR-SHIELD)
    res = combat_phase(MAP, u, [], Dice.scripted([8, 44]), paints=[("hor", "lib")], rules=rules)
    (paint,) = res.paints
    assert paint.roll.success and paint.stop.success and not paint.painted
    assert not res.units["lib"].painted_by
    res = combat_phase(MAP, u, [], Dice.scripted([8, 45]), paints=[("hor", "lib")], rules=rules)
    assert res.paints[0].painted and res.units["lib"].painted_by == ("hor",)


def twin_laser_horatius():
    h = V["horatius"]
    return replace(h, weapons=h.weapons + (Weapon("3/6 laser", "hull 2", "8", 20),))


def test_salvo_one_roll_for_both_lasers_all_hit_or_all_miss():
    rules = RuleSet.from_names(["VAR-SALVO"])
    u = units(hor=twin_laser_horatius())
    atks = [Attack(1, "lib", salvo=1), Attack(3, "lib", salvo=1)]
    plan = declare_weapons_fire(MAP, u, "hor", atks, rules=rules)
    assert plan.salvos == ((0, 1),)
    miss = resolve_fire(plan, u, Dice.scripted([5]), rules=rules)  # one roll: 5 > 3, both miss
    assert len(miss.rolls) == 1 and miss.rolls[0].rule == "VAR-SALVO" and not any(h.mark for h in miss.hits)
    hit = resolve_fire(plan, u, Dice.scripted([2, 7, 3, 4]), rules=rules)  # one roll, one location, two columns
    assert [r.die for r in hit.rolls] == ["d10"] * 4 and sum(1 for h in hit.hits if h.mark) == 2


def test_salvo_refused_when_off_or_mixed():
    u = units(hor=twin_laser_horatius())
    atks = [Attack(1, "lib", salvo=1), Attack(3, "lib", salvo=1)]
    off = declare_weapons_fire(MAP, u, "hor", atks)
    assert isinstance(off, Refusal) and off.rule == "VAR-SALVO" and "off" in off.reason
    mixed = declare_weapons_fire(MAP, u, "hor", [Attack(1, "lib", salvo=1), Attack(0, "lib", "HEAP", salvo=1)],
                                 rules=RuleSet.from_names(["VAR-SALVO"]))
    assert isinstance(mixed, Refusal) and mixed.rule == "VAR-SALVO"


def test_salvo_with_shield_one_stop_roll_per_round():
    rules = RuleSet.from_names(["VAR-SALVO", "VAR-SHIELD"])
    u = units(hor=twin_laser_horatius())
    plan = declare_weapons_fire(MAP, u, "hor", [Attack(1, "lib", salvo=1), Attack(3, "lib", salvo=1)], rules=rules)
    res = resolve_fire(plan, u, Dice.scripted([7, 10, 90, 7, 3]), rules=rules)  # hit on 8; first stopped
    stopped = [h for h in res.hits if h.stopped]
    landed = [h for h in res.hits if h.mark is not None]
    assert len(stopped) == 1 and len(landed) == 1
