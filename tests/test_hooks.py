"""Variants plug into the basic rules through named extension points (issue 23 item 2, centurion/rules/hooks.py).

A rule set is any `BasicRules`; the rules functions call its hooks and never import the variants. Situation:
E20 (Horatius fires at the Liberator's right side: to-hit 3, 3 and 8 in the basic rules).
"""

from __future__ import annotations

import pytest

from centurion.data import map_from_rows, vehicle_types
from centurion.dice import Dice
from centurion.hexgrid import parse_label
from centurion.rules.hooks import BasicRules, rules_of
from centurion.rules.record import RecordSheet
from centurion.rules.resolution import CombatUnit, declare_weapons_fire, resolve_fire
from centurion.rules.targets import Attack
from centurion.variants import RuleSet

V = vehicle_types()
ROWS = ["........"] * 12
ROWS[2] = ".l......"
MAP = map_from_rows(ROWS)
E20 = [Attack(2, "lib"), Attack(1, "lib"), Attack(0, "lib", shell="HEAP")]


def units():
    return {"hor": CombatUnit("hor", "TOG", parse_label("0210"), 0, RecordSheet.of(V["horatius"])),
            "lib": CombatUnit("lib", "RL", parse_label("0203"), 1, RecordSheet.of(V["liberator"]))}


class Fog(BasicRules):
    """A house rule written outside the rules package: -1 to hit every vehicle; shots are counted."""

    def __init__(self):
        self.shots = []

    def to_hit_terms(self, roll, target):
        return roll.plus("fog", -1, "HOUSE-FOG") if target.kind == "vehicle" else roll

    def shot(self, roll, *, weapon, dice, purpose):
        self.shots.append(weapon)
        return super().shot(roll, weapon=weapon, dice=dice, purpose=purpose)


def test_issue23_a_variant_written_outside_the_rules_plugs_in():
    fog = Fog()
    plan = declare_weapons_fire(MAP, units(), "hor", E20, rules=fog)
    assert [a.to_hit.value for a in plan.attacks] == [2, 2, 7]  # E20's 3, 3, 8, each -1
    assert all(a.to_hit.terms[-1].rule == "HOUSE-FOG" for a in plan.attacks)
    res = resolve_fire(plan, units(), Dice.scripted([9, 9, 9]), rules=fog)
    assert fog.shots == ["missile", "laser", "gauss"]  # SMLM 2, 3/6 laser, 150mm Gauss: every shot via the hook
    assert [(r.success, r.rule) for r in res.rolls] == [(False, "CEN-CMB-1")] * 3 and res.locations == ()  # 9s miss


def test_issue23_the_variant_rule_set_is_a_basic_rules():
    assert isinstance(RuleSet(), BasicRules) and isinstance(RuleSet.from_names(["VAR-SHIELD"]), BasicRules)
    assert isinstance(rules_of(None), BasicRules) and rules_of(RuleSet()) == RuleSet()


def test_issue23_a_rules_value_that_is_no_rule_set_is_refused_by_name():
    with pytest.raises(TypeError, match="rules= takes a rule set"):
        declare_weapons_fire(MAP, units(), "hor", E20, rules=("VAR-SHIELD",))
