"""The 1997 variant rules (seed 001, RULES.md VAR-*): the seed's worked examples, the tables, the switches."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from centurion.data import DataError, vehicle_types
from centurion.data.variant_tables import load_variant_tables, variant_tables
from centurion.dice import Dice, d10_chance
from centurion.rules import to_hit
from centurion.rules.grav import Refusal
from centurion.variants import (
    VARIANTS,
    RuleSet,
    activation_order,
    attempt_self_destruct,
    check_weapon_layout,
    crew_may_fire,
    declare_ram,
    declare_salvo,
    driver_speed_limit,
    emergency_turn_cost,
    emergency_turn_targets,
    may_opportunity_fire,
    movement_points,
    pop_up_attack,
    ram_allowed,
    ram_bonus,
    ram_damage,
    ram_hit_chance,
    ram_tie_chance,
    resolve_ram,
    roll_salvo,
    roll_shot,
    roll_vane_saves,
    roll_variant_initiative,
    salvo_odds,
    shield_hit_chance,
    shield_shot,
    shield_stop_chance,
    speed_modifier,
    vane_odds,
    weapons_per_location,
    with_speed_modifier,
)
from centurion.variants.crew import Mount
from centurion.variants.fire import SalvoWeapon
from centurion.variants.movetype import hex_cost, path_cost, road_multiplier

ALL = RuleSet.from_names(VARIANTS)
OFF = RuleSet()


# --- the rule set ---------------------------------------------------------------------------------------------

def test_rule_set_default_has_every_switch_off():
    assert not OFF and OFF.names == () and all(not OFF.enabled(r) for r in VARIANTS)
    assert OFF == RuleSet.basic() == RuleSet.from_names(())


def test_rule_set_round_trips_through_names_and_is_hashable():
    rs = RuleSet.from_names(["shield", "VAR-MOVETYPE:thrust", "var-lateral"])
    assert rs.names == ("VAR-MOVETYPE:thrust", "VAR-LATERAL", "VAR-SHIELD")
    assert RuleSet.from_names(rs.names) == rs and hash(RuleSet.from_names(rs.names)) == hash(rs)
    assert rs.option("VAR-MOVETYPE") == "thrust" and "VAR-SHIELD" in rs and "VAR-RAM" not in rs
    assert RuleSet.from_names(["VAR-MOVETYPE"]).names == ("VAR-MOVETYPE:burn",)  # the seed's first sub-option
    assert {rs: 1}[RuleSet.from_names(reversed(rs.names))] == 1
    assert RuleSet.from_names(ALL.names) == ALL and len(ALL.names) == 11


@pytest.mark.parametrize("bad, words", [
    (["VAR-FOO"], "VAR-INIT"), (["shields"], "VAR-SHIELD"), (["VAR-MOVETYPE:fly"], "VAR-MOVETYPE"),
    (["VAR-SHIELD:burn"], "VAR-SHIELD"), (["VAR-MOVETYPE:burn", "VAR-MOVETYPE:thrust"], "VAR-MOVETYPE"), ([3], "VAR-"),
])
def test_unknown_variant_names_are_refused_naming_the_rules(bad, words):
    with pytest.raises(ValueError, match=words):
        RuleSet.from_names(bad)


# --- VAR-SHIELD, VAR-SPEEDMOD ---------------------------------------------------------------------------------

def test_shield_stop_table_is_the_seeds():
    seed = [20, 28, 34, 40, 44, 48, 52, 57, 61, 65, 68, 71, 75, 79, 82, 84, 87, 89, 92, 94]
    assert [shield_stop_chance(r) for r in range(10, 201, 10)] == seed
    assert shield_stop_chance(0) == 0


def test_shield_70_stops_about_half_the_hits():
    # the seed's anchor: a shield rated 70 intercepts most attacks about 50 percent of the time
    assert shield_stop_chance(70) == 52


@pytest.mark.parametrize("rating", [5, 210, -10, 75])
def test_shield_ratings_off_the_table_are_refused(rating):
    with pytest.raises(ValueError, match="VAR-SHIELD"):
        shield_stop_chance(rating)


def test_shield_hit_chance_is_to_hit_times_getting_through():
    assert shield_hit_chance(7, 70) == Fraction(7, 10) * Fraction(48, 100)
    assert shield_hit_chance(12, 0) == Fraction(9, 10)  # a natural 10 still misses
    assert shield_hit_chance(-3, 10) == Fraction(1, 10) * Fraction(80, 100)  # a natural 1 still hits


@given(st.integers(-5, 15), st.sampled_from([0, *range(10, 201, 10)]))
def test_shield_hit_chance_is_monotone(t, rating):
    assert shield_hit_chance(t, rating) <= shield_hit_chance(t + 1, rating)
    if rating < 200:
        assert shield_hit_chance(t, rating + 10 if rating else 10) <= shield_hit_chance(t, rating)


def test_shield_shot_drops_the_shield_modifier_and_adds_the_stop_roll():
    basic = to_hit(5, weapon="mdc", shield_factor=7, shield_side="front")
    shot = shield_shot(basic, weapon="mdc", rules=RuleSet.from_names(["VAR-SHIELD"]))
    assert basic.value == 10 - 7 and shot.to_hit.value == 10
    assert any(t.rule == "VAR-SHIELD" for t in shot.to_hit.terms) and shot.stop_percent == 52
    assert shot.p_damage == Fraction(9, 10) * Fraction(48, 100) == shield_hit_chance(10, 70)
    dice = Dice.scripted([4, 53])
    res = roll_shot(shot, dice)
    assert res.hit and not res.stopped and res.damages
    assert [r.rule for r in dice.log] == ["VAR-SHIELD", "VAR-SHIELD"] and dice.log[1].target == 52
    res = roll_shot(shot, Dice.scripted([4, 52]))
    assert res.hit and res.stopped and not res.damages
    miss = roll_shot(shot, Dice.scripted([10]))
    assert not miss.hit and miss.stop_roll is None  # no stop roll after a miss


@pytest.mark.parametrize("weapon", ["gauss", "missile"])
def test_shield_rule_leaves_gauss_and_missiles_alone(weapon):
    basic = to_hit(5, weapon=weapon, shield_factor=4)
    shot = shield_shot(basic, weapon=weapon, rules=ALL)
    assert shot.to_hit == basic and shot.stop_percent == 0 and shot.p_damage == basic.chance


def test_painted_target_has_no_stop_roll():
    basic = to_hit(5, weapon="laser", shield_factor=4, painted=True)
    assert shield_shot(basic, weapon="laser", rules=ALL).stop_percent == 0


@given(st.integers(0, 21), st.sampled_from(["laser", "mdc", "painting", "gauss", "missile"]), st.integers(0, 20),
       st.sampled_from(["clear", "light_woods", "heavy_woods"]), st.booleans(), st.integers(-3, 25))
def test_with_the_switches_off_fire_is_the_basic_rule(rng, weapon, factor, terrain, crater, v):
    basic = to_hit(rng, weapon=weapon, shield_factor=factor, terrain=terrain, crater=crater)
    shot = shield_shot(basic, weapon=weapon, rules=OFF)
    assert shot.to_hit == basic and shot.p_damage == basic.chance
    assert with_speed_modifier(basic, v, OFF) == basic


def test_speed_modifier_bands():
    expected = {0: 0, 1: 0, 2: -1, 3: -1, 4: -2, 6: -2, 7: -3, 10: -3, 11: -4, 15: -4, 16: -5, 20: -5, 21: -6, 60: -6}
    assert {v: speed_modifier(v) for v in expected} == expected
    assert speed_modifier(-8) == speed_modifier(8) == -3  # reversing: its magnitude


def test_speed_modifier_term_is_named():
    roll = with_speed_modifier(to_hit(3, weapon="laser"), 12, RuleSet.from_names(["VAR-SPEEDMOD"]))
    assert roll.terms[-1].rule == "VAR-SPEEDMOD" and roll.terms[-1].value == -4 and roll.value == 11 - 4


# --- VAR-SALVO ----------------------------------------------------------------------------------------------

MDC10 = SalvoWeapon("MDC 10", "mdc", "T", "hull 1")


def test_salvo_of_three_mdc10s_is_all_or_nothing():
    # the seed's example of a legal salvo: 3 MDC10s (hull 1 and hull 2 count as the hull)
    salvo = declare_salvo([MDC10, MDC10, SalvoWeapon("MDC 10", "mdc", "T", "hull 2")], RuleSet.from_names(["salvo"]))
    assert not isinstance(salvo, Refusal) and salvo.location == "hull" and salvo.systems == 3  # counted one for one
    shot = shield_shot(to_hit(5, weapon="mdc", shield_factor=2), weapon="mdc", rules=RuleSet.from_names(["salvo"]))
    assert salvo_odds(salvo, shot) == {0: Fraction(2, 10), 3: Fraction(8, 10)}
    dice = Dice.scripted([8])
    res = roll_salvo(salvo, shot, dice)
    assert res.hits == 3 and len(dice.log) == 1 and dice.log[0].rule == "VAR-SALVO"
    assert roll_salvo(salvo, shot, Dice.scripted([9])).hits == 0


def test_salvo_with_shields_rolls_the_stop_per_round():
    rules = RuleSet.from_names(["salvo", "shield"])
    salvo = declare_salvo([MDC10, MDC10], rules)
    shot = shield_shot(to_hit(5, weapon="mdc", shield_factor=5), weapon="mdc", rules=rules)
    odds = salvo_odds(salvo, shot)
    assert sum(odds.values()) == 1 and odds[2] == Fraction(9, 10) * Fraction(56, 100) ** 2
    res = roll_salvo(salvo, shot, Dice.scripted([3, 10, 90]))
    assert res.hits == 1


@pytest.mark.parametrize("weapons, words", [
    ([MDC10], "at least two"),
    ([MDC10, SalvoWeapon("MDC 12", "mdc", "T", "hull 1")], "same weapon type"),
    ([SalvoWeapon("SMLM 1", "missile", "T", "turret")] * 2, "direct-fire"),
    ([MDC10, SalvoWeapon("MDC 10", "mdc", "T", "turret")], "one location"),
])
def test_salvo_refusals_name_the_rule(weapons, words):
    r = declare_salvo(weapons, RuleSet.from_names(["VAR-SALVO"]))
    assert isinstance(r, Refusal) and r.rule == "VAR-SALVO" and words in r.reason
    off = declare_salvo([MDC10, MDC10], OFF)
    assert isinstance(off, Refusal) and off.rule == "VAR-SALVO" and "off" in off.reason


# --- VAR-EMERGENCY ------------------------------------------------------------------------------------------

def test_emergency_turn_horatius_examples():
    # the seed, after the p 14 example: at v10 one TP turns after one hex; at v20 three TP
    assert emergency_turn_cost(10, 1) == 1 and emergency_turn_cost(10, 2) == 0
    assert emergency_turn_cost(20, 1) == 3


def test_emergency_turn_liberator_at_14_needs_2_tp_targets_7_6_7():
    assert emergency_turn_cost(14, 1) == 2
    assert emergency_turn_targets(2) == (7, 6, 7)
    # the rolls: 5 (no burnout), 9 (fails 6: one box crossed), 1 (no short, still against 9 - 2)
    dice = Dice.scripted([5, 9, 1])
    res = roll_vane_saves(dice, 2, side="left")
    assert [r.target for r in dice.log] == [7, 6, 7] and [r.result for r in dice.log] == [5, 9, 1]
    assert not res.burned_out and res.boxes_lost == 1 and not res.shorted
    assert all(r.rule == "VAR-EMERGENCY" for r in dice.log)


def test_emergency_turn_targets_drop_per_box_lost_and_burnout_ends_the_rolls():
    assert emergency_turn_targets(1, vane_boxes_lost=2) == (6, 5, 6)
    assert emergency_turn_cost(0, 0) == 0 and emergency_turn_cost(-14, 1) == 2 and emergency_turn_cost(3, 1) == 0
    res = roll_vane_saves(Dice.scripted([8]), 2)
    assert res.burned_out and len(res.rolls) == 1
    with pytest.raises(ValueError, match="VAR-EMERGENCY"):
        emergency_turn_cost(14, 0)
    with pytest.raises(ValueError, match="VAR-EMERGENCY"):
        emergency_turn_targets(-1)


def test_vane_odds_are_exact():
    o = vane_odds(2)
    assert o.p_burnout == Fraction(3, 10) and o.p_unharmed == Fraction(7 * 6 * 7, 1000)
    assert o.p_box_lost == Fraction(7, 10) * Fraction(4, 10)


# --- VAR-RAM ------------------------------------------------------------------------------------------------

def test_ramming_trajan_13_beats_liberator_11():
    lib, trajan = vehicle_types()["liberator"], vehicle_types()["trajan"]
    attacker = ram_bonus(5, thrust=lib.max_thrust, other_thrust=trajan.max_thrust)  # + 2 for the thrust difference
    defender = ram_bonus(5, familiarity=2, thrust=trajan.max_thrust, other_thrust=lib.max_thrust)
    assert (attacker, defender) == (7, 7)
    dice = Dice.scripted([4, 6])  # the Liberator rolls 4, the Trajan 6
    res = resolve_ram(dice, attacker, defender, 5)
    assert (res.attacker_total, res.defender_total) == (11, 13) and not res.success
    assert res.defender_damage == res.attacker_damage == 0 and all(r.rule == "VAR-RAM" for r in dice.log)


def test_ram_ties_go_to_the_defender_and_hits_do_12_and_8_times_velocity():
    res = resolve_ram(Dice.scripted([6, 6]), 7, 7, 5)
    assert not res.success
    res = resolve_ram(Dice.scripted([7, 6, 2]), 7, 7, 5)
    assert res.success and (res.defender_damage, res.attacker_damage) == (60, 40) and res.defender_section == "turret"
    assert ram_damage(5) == (60, 40)
    from centurion.rules import RecordSheet
    from centurion.variants import apply_ram_damage
    lib, trajan = RecordSheet.of(vehicle_types()["liberator"]), RecordSheet.of(vehicle_types()["trajan"])
    d, a = apply_ram_damage(res, trajan, lib)
    assert len(d.armor["turret"].destroyed) == 60 and len(a.armor["front"].destroyed) == 40
    assert apply_ram_damage(resolve_ram(Dice.scripted([6, 6]), 7, 7, 5), trajan, lib) == (trajan, lib)
    with pytest.raises(ValueError, match="VAR-RAM"):
        ram_damage(0)


def test_ram_immobile_defender_hit_unless_a_1():
    assert ram_hit_chance(0, 50, defender_immobile=True) == Fraction(9, 10)
    assert not resolve_ram(Dice.scripted([1]), 9, 0, 3, defender_immobile=True).success
    assert resolve_ram(Dice.scripted([2, 5]), 0, 9, 3, defender_immobile=True).success


@given(st.integers(-12, 12), st.integers(-12, 12))
def test_ram_hit_chance_consistency(a, b):
    assert ram_hit_chance(a, b) + ram_hit_chance(b, a) + ram_tie_chance(a, b) == 1
    assert ram_hit_chance(a, b) <= ram_hit_chance(a + 1, b)
    assert ram_hit_chance(a, b) == ram_hit_chance(a - b, 0)
    brute = sum(Fraction(1, 100) for x in range(1, 11) for y in range(1, 11) if x + a > y + b)
    assert ram_hit_chance(a, b) == brute


def test_ram_equal_bonuses_is_45_percent():
    assert ram_hit_chance(7, 7) == Fraction(45, 100) and ram_tie_chance(7, 7) == Fraction(1, 10)


def test_ram_declaration_refusals():
    on = RuleSet.from_names(["VAR-RAM"])
    assert not isinstance(declare_ram(on, "Liberator", "Trajan", attacker_has_moved=False), Refusal)
    for r in (declare_ram(OFF, "a", "b", attacker_has_moved=False),
              declare_ram(on, "a", "b", attacker_has_moved=True),
              declare_ram(on, "a", "b", attacker_has_moved=False, attacker_kind="infantry"),
              declare_ram(on, "a", "a", attacker_has_moved=False)):
        assert isinstance(r, Refusal) and r.rule == "VAR-RAM"
    from centurion.hexgrid import Hex
    decl = declare_ram(on, "a", "b", attacker_has_moved=False)
    assert ram_allowed(decl, Hex(0, 0), 4, Hex(0, 0)) is None
    assert ram_allowed(decl, Hex(0, 1), 4, Hex(0, 0)).rule == "VAR-RAM"
    assert "over 0" in ram_allowed(decl, Hex(0, 0), 0, Hex(0, 0)).reason


# --- VAR-WEAPONS, VAR-SELFDESTRUCT ---------------------------------------------------------------------------

def test_weapons_per_location_by_engine_class():
    assert [weapons_per_location(e) for e in (0, 1500, 1501, 2000, 2001, 2500, 2501)] == [3, 3, 4, 4, 5, 5, None]


def test_medium_tank_layout_from_the_seed():
    # four weapons and an AP laser on each hull location, four weapons plus a Vulcan in the turret
    hull = [Mount("MDC 10", "mdc", loc) for loc in ("hull 1", "hull 2") for _ in range(4)]
    aps = [Mount("AP laser", "ap_laser", "hull 1"), Mount("AP laser", "ap_laser", "hull 2")]
    turret = [Mount("3/6 laser", "laser", "turret")] * 4 + [Mount("Vulcan-2", "vulcan", "turret")]
    assert check_weapon_layout(1800, hull + aps + turret) == ()
    too_many = check_weapon_layout(1400, hull + aps + turret)
    assert len(too_many) == 3 and all(r.rule == "VAR-WEAPONS" for r in too_many)
    vulcan_in_hull = check_weapon_layout(1800, [Mount("Vulcan-1", "vulcan", "hull 1")])
    assert vulcan_in_hull and "turret" in vulcan_in_hull[0].reason


def test_crew_roles():
    on = RuleSet.from_names(["VAR-WEAPONS"])
    driver = crew_may_fire(on, "driver", "laser")
    assert driver.to_hit_modifier == -2 and driver.piloting_roll and driver.speed_limit_thirds_cut == 1
    assert driver_speed_limit(6, 1) == 4 and driver_speed_limit(6, 3) == 0
    assert not isinstance(crew_may_fire(on, "gunner", "mdc", fired=7), Refusal)
    assert crew_may_fire(on, "gunner", "mdc", fired=8).rule == "VAR-WEAPONS"
    assert crew_may_fire(on, "gunner", "painting").rule == "VAR-WEAPONS"
    assert not isinstance(crew_may_fire(on, "commander", "painting"), Refusal) and not isinstance(crew_may_fire(on, "commander", "missile"), Refusal)
    assert isinstance(crew_may_fire(on, "commander", "mdc"), Refusal)
    assert not isinstance(crew_may_fire(on, "commander", "mdc", gunner_alive=False), Refusal)
    assert isinstance(crew_may_fire(on, "commander", "mdc", gunner_alive=False, fired=8), Refusal)
    assert crew_may_fire(OFF, "gunner", "mdc").rule == "VAR-WEAPONS"


def test_self_destruct():
    on = RuleSet.from_names(["VAR-SELFDESTRUCT"])
    dice = Dice.scripted([4, 2])
    sd = attempt_self_destruct(on, dice, 5, -1)
    assert sd.armed and sd.turns == 2 and dice.log[0].target == 4 and dice.log[1].die == "d3"
    assert not attempt_self_destruct(on, Dice.scripted([5]), 5, -1).armed
    assert attempt_self_destruct(OFF, Dice.scripted([1]), 5).rule == "VAR-SELFDESTRUCT"


# --- VAR-INIT -----------------------------------------------------------------------------------------------

def test_variant_initiative_higher_total_wins_ties_rerolled():
    dice = Dice.scripted([5, 6, 4, 4, 3, 9])
    res = roll_variant_initiative(dice, rating_first=2, rating_second=1)
    # 5+2 = 6+1 tie, 4+2 = 6 beats 4+1 = 5: the first side wins
    assert res.winner == "first" and len(res.rolls) == 2 and res.totals == (6, 5)
    assert all(r.rule == "VAR-INIT" for r in dice.log[:4])


def test_variant_initiative_rating_points():
    assert roll_variant_initiative(Dice.scripted([5, 5]), rating_first=-2, spend_first=0).rule == "VAR-INIT"
    assert roll_variant_initiative(Dice.scripted([5, 5]), rating_first=2, spend_first=3).rule == "VAR-INIT"
    # a -2 rating is spent whole: 9 - 2 = 7 ties 7 and is rolled again; 8 - 2 = 6 beats 3
    res = roll_variant_initiative(Dice.scripted([9, 7, 8, 3]), rating_first=-2, rating_second=0)
    assert res.totals == (6, 3) and res.bonuses == (-2, 0)


@pytest.mark.parametrize("a, b, first, expected", [
    (4, 4, "first", [("first", 1), ("second", 1)] * 4),
    (5, 3, "first", [("first", 1), ("second", 1), ("first", 1), ("second", 1), ("first", 2), ("second", 1),
                     ("first", 1)]),
    (5, 3, "second", [("second", 1), ("first", 2), ("second", 1), ("first", 2), ("second", 1), ("first", 1)]),
    (7, 2, "first", [("first", 2), ("second", 1), ("first", 3), ("second", 1), ("first", 2)]),
    (2, 0, "first", [("first", 1), ("first", 1)]),
])
def test_activation_order_extra_platoons_in_the_middle(a, b, first, expected):
    assert activation_order(a, b, first_side=first) == expected


@given(st.integers(0, 12), st.integers(0, 12), st.sampled_from(["first", "second"]))
def test_activation_order_properties(a, b, first):
    order = activation_order(a, b, first_side=first)
    assert sum(n for s, n in order if s == "first") == a and sum(n for s, n in order if s == "second") == b
    if a and b:
        assert order[0][0] == first
        assert all(x[0] != y[0] for x, y in zip(order, order[1:], strict=False))  # sides alternate
        big, small = (a, b) if a >= b else (b, a)
        slots = small + 1 if (a >= b) == (first == "first") and a != b else small
        group = max(n for _s, n in order)
        # pairs, triples when outnumbered three to one, more only when alternation leaves no other way
        assert group <= max(2 if big < 3 * small else 3, -(-big // slots))
    if a != b and min(a, b) >= 2 and max(a, b) <= 2 * min(a, b):
        # the larger side's groups of two or more are never its first activation when it has middle slots
        big_side = "first" if a > b else "second"
        groups = [n for s, n in order if s == big_side]
        if len(groups) >= 3 and max(a, b) - len(groups) <= len(groups) - 2:
            assert groups[0] == 1 and groups[-1] == 1


def test_variant_opportunity_fire_and_pop_up():
    on = RuleSet.from_names(["VAR-INIT"])
    assert may_opportunity_fire(on, velocity_end_of_last_turn=0, fired_this_turn=False) is None
    assert may_opportunity_fire(on, velocity_end_of_last_turn=3, fired_this_turn=False).rule == "VAR-INIT"
    assert may_opportunity_fire(on, velocity_end_of_last_turn=0, fired_this_turn=True).rule == "VAR-INIT"
    assert may_opportunity_fire(on, velocity_end_of_last_turn=5, fired_this_turn=False,
                                dropped_to_zero_in_own_activation=True) is None
    assert may_opportunity_fire(OFF, velocity_end_of_last_turn=0, fired_this_turn=False).rule == "VAR-INIT"
    base = to_hit(4, weapon="laser")
    pop = pop_up_attack(on, base, grav=True, start_velocity=0, behind_cover=True, spotter=True)
    assert pop.value == base.value - 1 and pop.terms[-1].rule == "VAR-INIT"
    assert pop_up_attack(on, base, grav=True, start_velocity=0, behind_cover=True, spotter=False).rule == "VAR-INIT"
    assert pop_up_attack(on, base, grav=True, start_velocity=2, behind_cover=True, spotter=True).rule == "VAR-INIT"


# --- VAR-MOVETYPE (conventional vehicles) --------------------------------------------------------------------

def test_movement_types_bonuses_and_roads():
    assert movement_points("wheeled", 6) == 8  # +2 MP
    assert movement_points("wheeled", 6, road="gravel", whole_turn_on_road=True) == 12
    assert movement_points("wheeled", 6, road="paved", whole_turn_on_road=True) == 16
    assert movement_points("wheeled", 6, road="paved", whole_turn_on_road=False) == 8
    assert movement_points("tracked", 5, road="gravel", whole_turn_on_road=True) == 7
    assert movement_points("hover", 5, road="gravel", whole_turn_on_road=True) == 10
    assert road_multiplier("grav", "paved") == 2.0 and road_multiplier("tracked", None) == 1.0
    from centurion.variants.movetype import hover_lift_engine_mass
    assert hover_lift_engine_mass(66) == 33  # half a grav drive's weight
    with pytest.raises(ValueError, match="VAR-MOVETYPE"):
        movement_points("grav", 5)
    with pytest.raises(ValueError, match="VAR-MOVETYPE"):
        road_multiplier("legs", "paved")


def test_variant_terrain_costs_are_assumptions_with_na():
    assert variant_tables().terrain_is_assumption
    assert hex_cost("wheeled", "heavy_woods") is None and hex_cost("tracked", "clear") == 1
    r = path_cost("wheeled", ["clear", "lake"], 8)
    assert isinstance(r, Refusal) and r.rule == "VAR-MOVETYPE" and "NA" in r.reason
    assert path_cost("tracked", ["clear", "light_woods"], 8) == 3
    titles = [s.title for s in variant_tables().absent_sections]
    assert titles == ["Variant Terrain Table for Centurion", "Variant Damage Rules", "Variant Firing Arcs"]


# --- the data file ------------------------------------------------------------------------------------------

def test_variant_data_errors_name_file_entry_and_field():
    from centurion.data import data_dir
    good = (data_dir() / "variants.yaml").read_text(encoding="utf-8")
    bad = good.replace("  70: 52", "  70: 12")
    with pytest.raises(DataError, match=r"variants\.yaml.*shield_stop.*70"):
        load_variant_tables("variants.yaml", text=bad)
    bad = good.replace("{min_speed: 7, max_speed: 10, modifier: -3}", "{min_speed: 8, max_speed: 10, modifier: -3}")
    with pytest.raises(DataError, match=r"speed_modifiers\[3\].*min_speed"):
        load_variant_tables("variants.yaml", text=bad)
    bad = good.replace("heavy_woods: {wheeled: null, tracked: 2", "heavy_woods: {wheeled: lots, tracked: 2")
    with pytest.raises(DataError, match=r"heavy_woods.*wheeled"):
        load_variant_tables("variants.yaml", text=bad)
    assert load_variant_tables("variants.yaml", text=good) == variant_tables()


def test_d10_chance_is_what_the_variant_odds_use():
    assert shield_hit_chance(5, 0) == d10_chance(5)


def test_side_by_side_answers_for_the_chapter():
    from centurion.data import map_from_rows
    from centurion.hexgrid import from_offset
    from centurion.rules import GravState
    from centurion.variants import (
        activation_side_by_side,
        fire_side_by_side,
        legal_moves_side_by_side,
        ram_side_by_side,
    )
    roll = to_hit(5, weapon="laser", shield_factor=7)
    f = fire_side_by_side(roll, weapon="laser", target_velocity=8)
    assert f.basic == Fraction(3, 10) and f.variant == Fraction(7, 10) * Fraction(48, 100)
    r = ram_side_by_side(7, 7, 5)
    assert r.basic is None and r.variant == (Fraction(45, 100), (60, 40))
    a = activation_side_by_side(5, 3)
    assert a.basic == [("A", 1), ("B", 1), ("A", 2), ("B", 1), ("A", 2), ("B", 1)]  # the seed's basic example
    assert sum(n for s, n in a.variant if s == "first") == 5
    lib = vehicle_types()["liberator"]
    m = legal_moves_side_by_side(GravState.of(lib, from_offset(6, 13), 0, 6), lib, map_from_rows(["." * 11] * 14),
                                 accelerate=0)
    assert len(m.variant) > len(m.basic)
