"""Damage (CEN-CMB-1, book-a 11-15): hit location, templates, lasers, internals with their effects and rolls,
widowed armor, reduced thrust (E23), Vulcan (E25 numbers), buildings (book-b 2); properties."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from centurion.data import vehicle_types
from centurion.dice import Dice
from centurion.hexgrid import parse_label
from centurion.rules.buildings import Building, building_end_phase, building_hit_level, damage_building
from centurion.rules.damage import (
    cross_rowwise,
    drop_template,
    fire_laser,
    hit_location,
    hit_section,
    reduced_thrust,
    remove_widowed,
    remove_widowed_armor,
    template_shape,
    vulcan_kill_number,
)
from centurion.rules.grav import GravState
from centurion.rules.internals import apply_internal_damage, end_phase
from centurion.rules.record import RecordSheet, movement_effects

V = vehicle_types()


def boxes(sheet: RecordSheet) -> int:
    """Every box still there: armor and internal."""
    n = sum(sheet.armor[s].intact for s, _ in sheet.armor.sections)
    return n + sum(sheet.intact(s, r, c) for s, _ in sheet.armor.sections
                   for r in range(10, sheet.depth(s)) for c in range(10))


# --- tables ------------------------------------------------------------------------------------------------------


def test_hit_location_table():
    assert [hit_location(r) for r in range(1, 11)] == ["turret"] * 3 + ["side"] * 7
    assert [hit_location(r, "hull_down") for r in range(1, 11)] == ["turret"] * 7 + ["side"] * 3
    assert [hit_location(r, "ttf") for r in range(1, 11)] == ["bottom"] * 7 + ["side"] * 3
    assert [hit_location(r, "laf") for r in range(1, 11)] == ["bottom"] * 10
    with pytest.raises(ValueError, match="CEN-CMB-1"):
        hit_location(3, "orbit")
    with pytest.raises(ValueError, match="DIE-10"):
        hit_location(11)


def test_e21_location_roll_7_puts_both_hits_on_the_right_side():
    assert hit_section(7, "right") == "right"
    assert [hit_section(r, "right") for r in (1, 2, 3)] == ["turret"] * 3  # 1-3 would be the turret


# the printed table of book-a 13 (thrust after reduction), starts 1..15
PRINTED = {1: [1, 2, 2, 3, 4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 11],
           2: [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8],
           3: [0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4]}


@pytest.mark.parametrize("quarters", [1, 2, 3])
def test_reduced_thrust_matches_the_printed_table(quarters):
    assert [reduced_thrust(t, quarters) for t in range(1, 16)] == PRINTED[quarters]


def test_e23_liberator_thrust_6():
    assert reduced_thrust(6, 1) == 5 and reduced_thrust(6, 3) == 2 and reduced_thrust(6, 0) == 6
    with pytest.raises(ValueError, match="CEN-CMB-1"):
        reduced_thrust(6, 5)


def test_vulcan_kill_numbers_and_e25():
    assert [vulcan_kill_number(1, n) for n in range(1, 6)] == [5, 2, 1, None, None]
    assert [vulcan_kill_number(2, n) for n in range(1, 6)] == [8, 4, 2, 1, None]  # OCR "4" read as no entry
    assert [vulcan_kill_number(3, n) for n in range(1, 6)] == [9, 5, 3, 2, 1]
    assert [vulcan_kill_number(4, n) for n in range(1, 6)] == [9, 6, 4, 3, 2]
    assert vulcan_kill_number(2, 3) == 2  # E25: Vulcan-2, three engaged -> each roll kills on <= 2
    assert vulcan_kill_number(4, 6) is None
    with pytest.raises(ValueError, match="CEN-CMB-1"):
        vulcan_kill_number(5, 1)


# --- widowed armor ----------------------------------------------------------------------------------------------


def test_remove_widowed_keeps_only_boxes_connected_to_the_bottom_row():
    rows = [[True, True, False],
            [False, True, False],
            [True, False, True],
            [True, True, True]]
    assert remove_widowed(rows) == [[False, False, False],
                                    [False, False, False],
                                    [True, False, True],
                                    [True, True, True]]
    diagonal = [[True, False], [False, True]]
    assert remove_widowed(diagonal) == [[False, False], [False, True]]  # diagonal contact is not enough
    assert remove_widowed([[True], [False]]) == [[False], [False]]


grids = st.integers(1, 10).flatmap(lambda w: st.lists(st.lists(st.booleans(), min_size=w, max_size=w),
                                                      min_size=1, max_size=10))


@given(grids)
def test_removing_widowed_armor_twice_changes_nothing(rows):
    once = remove_widowed(rows)
    assert remove_widowed(once) == once
    assert all(not k or r for kr, rr in zip(once, rows) for k, r in zip(kr, rr))  # never adds a box
    assert once[-1] == rows[-1]  # the bottom row is never widowed


# --- templates and lasers ---------------------------------------------------------------------------------------


def test_e22_two_lasers_and_an_mdc_on_the_horatius_front():
    s = RecordSheet.of(V["horatius"])
    assert s.armor["front"].armor == 80
    s, a = fire_laser(s, "front", 3, 5)
    s, b = fire_laser(s, "front", 5, 5)
    s, m = drop_template(s, "front", 6, template_shape("MDC 8"))
    assert (len(a.armor), len(b.armor)) == (5, 5)
    assert m.shape == (5, 3) and m.lost == 2  # the two MDC points on column 5 fall on boxes already lost
    assert len(m.armor) == 6 and s.armor["front"].intact == 80 - 16
    # the laser removed the top of column 5: a hit there now starts lower (the text's "Row 7")
    assert s.highest_remaining("front", 4) == 7
    assert not s.pending  # all of it was armor


def test_template_lands_on_the_highest_remaining_box_and_loses_what_falls_off():
    s = RecordSheet.of(V["viper"])
    s, m = drop_template(s, "front", 1, (5, 3))  # column 1: two boxes of each row fall off the section
    assert m.lost == 2 + 1 and sorted(m.armor) == [50, 51, 52, 60, 61]
    s, m2 = drop_template(s, "front", 1, (1,))
    assert m2.armor == (70,)  # the next box down the column


def test_damage_reaches_the_internals_and_waits_until_all_fire_is_resolved():
    s = RecordSheet.of(V["viper"])  # bottom armor 20: two rows
    s, m = fire_laser(s, "bottom", 5, 4)
    assert len(m.armor) == 2 and m.internal == (("bottom", 4), ("bottom", 14))  # U (digging), M (grav drive)
    assert s.pending == {("bottom", 4), ("bottom", 14)} and not s.grav_drive_lost  # not yet (CEN-SEQ-3)
    assert s.digging_left == 4
    s2, rep = apply_internal_damage(s, Dice.scripted([]), velocity=0)
    assert s2.grav_drive_lost and s2.digging_left == 0 and not s2.pending
    assert rep.grounded_at_velocity is None and not rep.rolls
    assert movement_effects(s2)["grav_drive_lost"] is True


def test_internal_damage_crosses_into_the_neighbouring_section_but_not_at_a_separation():
    s = RecordSheet.of(V["viper"])
    for col in (9, 10):
        s, _ = fire_laser(s, "front", col, 5)  # strip front columns 9-10 of their armor
    s, m = drop_template(s, "front", 10, (5,))
    # row 10 of the front (first internal row): columns 8..12 -> front 8, 9 (lost? no: intact), 10 and two of right
    crossed = [b for b in m.internal if b[0] == "right"]
    assert crossed == [("right", 0), ("right", 1)]
    s = RecordSheet.of(V["viper"])
    for col in (9, 10):
        s, _ = fire_laser(s, "right", col, 4)
    s, m = drop_template(s, "right", 10, (5,))
    assert all(b[0] == "right" for b in m.internal) and m.lost == 2  # right/bottom: no crossing


def test_armor_damage_never_crosses_sections():
    s = RecordSheet.of(V["viper"])
    s, m = drop_template(s, "left", 10, (9,))
    assert m.lost == 4 and all(b in range(60, 70) for b in m.armor) and s.armor["front"].intact == 50


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["front", "turret", "left", "right", "stern", "bottom"]),
                          st.integers(1, 10), st.sampled_from(["MDC 8", "SMLM 2", "3/6 laser", "TVLG 2",
                                                               "150mm Gauss", "7.5/6 laser"])),
                max_size=25), st.sampled_from(["viper", "horatius", "heavy_tank"]))
def test_damage_never_adds_boxes_and_internal_boxes_are_never_widowed(hits, key):
    s = RecordSheet.of(V[key])
    before = boxes(s)
    for section, col, weapon in hits:
        s, m = drop_template(s, section, col, template_shape(weapon))
        after = boxes(s)
        assert after == before - len(m.armor) - len(m.internal)
        assert after <= before
        assert len(m.armor) + len(m.internal) + m.lost <= sum(m.shape)
        before = after
    pending, lost = s.pending, s.internal_lost
    w, _removed = remove_widowed_armor(s)
    assert (w.pending, w.internal_lost) == (pending, lost)  # internals never widowed
    assert boxes(w) <= boxes(s)
    assert remove_widowed_armor(w)[1] == {}  # twice changes nothing


def test_movement_damage_runs_row_by_row_into_the_internals_at_once():
    s = RecordSheet.of(V["viper"])
    s, armor, internal = cross_rowwise(s, "front", 53)
    assert len(armor) == 50 and internal == (("front", 0), ("front", 1), ("front", 2))  # T T and a blank box
    assert s.tsr_lost and not s.pending  # at once (CEN-SPD-2)
    st_ = GravState(parse_label("0101"), 0, 0, **movement_effects(s))  # the fields the movement rules read
    assert st_.tsr_lost and st_.armor is s.armor


# --- components --------------------------------------------------------------------------------------------------


def hit_component(sheet: RecordSheet, section: str, component: str, n: int | None = None) -> RecordSheet:
    boxes_ = sheet.boxes_of(section, component)
    return sheet.with_damage({}, [(section, b) for b in boxes_[: n or len(boxes_)]])


def test_shields_drop_only_when_both_locations_are_hit():
    s = RecordSheet.of(V["viper"])
    one, _ = apply_internal_damage(hit_component(s, "left", "shield_1"), Dice.scripted([]))
    assert one.shield_factor("left") == 4
    both, rep = apply_internal_damage(hit_component(one, "left", "shield_2"), Dice.scripted([]))
    assert both.shield_factor("left") == 0 and both.shield_factor("right") == 4
    assert "factor 0" in rep.describe()
    front, _ = apply_internal_damage(hit_component(hit_component(s, "front", "shield_1"), "front", "shield_2"),
                                     Dice.scripted([]))
    assert front.shield_factor("turret") == 0  # the turret uses the front shield


def test_consciousness_roll_at_8_minus_boxes_lost_with_exact_odds():
    s = hit_component(RecordSheet.of(V["horatius"]), "front", "driver", 1)
    dice = Dice.scripted([8])
    s2, rep = apply_internal_damage(s, dice, turn=3)
    roll = rep.rolls[0]
    assert (roll.target, roll.probability, roll.rule, roll.success) == (7, Fraction(7, 10), "CEN-CMB-1", False)
    assert s2.crew_member("driver").state == "unconscious" and s2.driver_out
    assert movement_effects(s2)["driver_out"] is True
    # retries at the End Phase of the next turn, same target
    same, rolls, _ = end_phase(s2, Dice.scripted([]), turn=3)
    assert not rolls and same.driver_out
    woke, rolls, _ = end_phase(s2, Dice.scripted([7]), turn=4)
    assert rolls[0].target == 7 and not woke.driver_out
    dead, rep = apply_internal_damage(hit_component(s, "front", "driver"), Dice.scripted([]))
    assert dead.crew_member("driver").state == "dead" and not rep.rolls


def test_gunner_and_commander_out_means_no_fire_and_commander_out_no_paint():
    s = RecordSheet.of(V["horatius"])
    s = hit_component(hit_component(s, "turret", "gunner"), "turret", "commander")
    s, _ = apply_internal_damage(s, Dice.scripted([]))
    assert not s.may_fire and not s.usable_weapons() and not s.may_paint and not s.destroyed
    s = hit_component(s, "front", "driver")
    s, _ = apply_internal_damage(s, Dice.scripted([]))
    assert s.destroyed and s.destroyed_by() == "all crew killed"


def test_weapons_targeting_comm_thrust_vanes():
    s = RecordSheet.of(V["viper"])
    s = hit_component(s, "turret", "targeting", 2)
    s = hit_component(s, "left", "hull_weapons_1", 1)
    s = hit_component(s, "stern", "thrust_half", 1)
    s = hit_component(s, "stern", "thrust_quarter", 1)
    s = hit_component(s, "right", "vane", 1)
    s = hit_component(s, "front", "comm", 1)
    s, _ = apply_internal_damage(s, Dice.scripted([]))
    assert s.targeting_lost == 2
    assert s.usable_weapons() == (0, 1, 3)  # Hull 1 TVLG gone
    assert s.thrust_quarters_lost == 2 and s.max_thrust == 4  # 1/2 and 1/4: the larger, not both
    assert s.vane_lost("right") and not s.vane_lost("left")
    assert s.comm_out and not s.may_paint and not s.may_fire_indirect
    eff = movement_effects(s)
    assert (eff["thrust_quarters_lost"], eff["right_vane_lost"], eff["left_vane_lost"]) == (2, True, False)
    s = hit_component(s, "turret", "turret_weapons", 1)
    s, _ = apply_internal_damage(s, Dice.scripted([]))
    assert s.usable_weapons() == (3,)


def test_ammunition_explosion_and_survival_rolls():
    s = hit_component(RecordSheet.of(V["viper"], infantry_aboard=8), "left", "ammo", 2)
    dice = Dice.scripted([6, 2, 9, 4, 5])  # ammo 6 > 5 explodes; commander 2, gunner 9, driver 4, squad 5 at v3
    s2, rep = apply_internal_damage(s, dice, velocity=3)
    ammo, *survival = rep.rolls
    assert (ammo.target, ammo.probability, ammo.success) == (5, Fraction(1, 2), False)
    assert [r.target for r in survival] == [5, 5, 5, 5] and survival[0].probability == Fraction(1, 2)
    assert s2.exploded and s2.destroyed and s2.destroyed_by() == "ammunition explosion"
    assert rep.crew_killed_in_explosion == ("gunner",) and not rep.squad_killed_in_explosion
    safe, rep = apply_internal_damage(s, Dice.scripted([5]))
    assert not safe.exploded and rep.rolls[0].success


def test_infantry_compartment_one_man_per_4_points():
    s = RecordSheet.of(V["viper"], infantry_aboard=8)
    s, rep = apply_internal_damage(hit_component(s, "stern", "infantry", 5), Dice.scripted([]))
    assert rep.infantry_killed == 1 and s.infantry_aboard == 7
    s, rep = apply_internal_damage(s.with_damage({}, [("stern", b) for b in s.boxes_of("stern", "infantry")[5:8]]),
                                   Dice.scripted([]))
    assert rep.infantry_killed == 1 and s.infantry_aboard == 6  # 8 boxes in all: 2 men
    s, rep = apply_internal_damage(hit_component(s, "stern", "infantry"), Dice.scripted([]))
    assert s.compartment_gone and s.infantry_aboard == 0 and rep.infantry_killed == 6


def test_vehicle_destroyed_or_grav_drive_while_moving_grounds_it_with_damage():
    s = hit_component(RecordSheet.of(V["horatius"]), "bottom", "grav_drive", 1)
    s2, rep = apply_internal_damage(s, Dice.scripted([]), velocity=5)
    assert rep.grounded_at_velocity == 5 and len(rep.grounding_armor) == 40 and s2.grav_drive_lost
    assert s2.grounded_by_damage
    s = hit_component(RecordSheet.of(V["horatius"]), "front", "vehicle_destroyed", 1)
    s2, rep = apply_internal_damage(s, Dice.scripted([]), velocity=0)
    assert s2.destroyed and s2.destroyed_by() == "Vehicle Destroyed box" and rep.grounded_at_velocity is None


def test_ground_vehicle_engine_mobility_helm():
    s = RecordSheet.of(V["heavy_tank"])
    assert s.max_thrust == 4
    s, _ = apply_internal_damage(hit_component(s, "front", "helm", 1), Dice.scripted([]))
    assert s.driver_out
    from centurion.rules.record import ground_effects

    assert ground_effects(s) == {"movement_points": 4, "may_pivot": True, "driver_out": True}
    s, _ = apply_internal_damage(hit_component(s, "left", "mobility", 1), Dice.scripted([]))
    assert s.immobile and ground_effects(s)["movement_points"] == 0 and ground_effects(s)["may_pivot"]
    s2, _ = apply_internal_damage(hit_component(s, "stern", "engine", 1), Dice.scripted([]))
    assert not ground_effects(s2)["may_pivot"]
    s, _ = apply_internal_damage(hit_component(s, "stern", "thrust_three_quarters", 1), Dice.scripted([]))
    assert s.max_thrust == 1  # 4 MP x 1/4


def test_refusals_name_a_rule():
    s = RecordSheet.of(V["viper"])
    with pytest.raises(ValueError, match="CEN-CMB-1"):
        drop_template(s, "front", 11, (1,))
    with pytest.raises(ValueError, match="CEN-REC-1"):
        drop_template(s, "roof", 1, (1,))
    with pytest.raises(ValueError, match="CEN-MNT-1"):
        RecordSheet.of(V["horatius"], infantry_aboard=8)


# --- buildings (book-b 2) ----------------------------------------------------------------------------------------


def test_building_hit_level_and_sideways_template():
    b = Building(height=3, armor_factor=12)
    assert building_hit_level(2, b) == 2 and building_hit_level(7, b) == 3  # above the height: the top level
    b, hit = damage_building(b, 2, (3, 1))  # MDC-like: 3 levels wide at the first box, then 1
    assert hit.boxes == ((1, 0), (2, 0), (3, 0), (2, 1)) and hit.lost == 0 and hit.squads_hit_on == ()
    b, hit = damage_building(b, 2, (1,) * 10)  # a laser runs along level 2 from its first intact box
    assert [x[1] for x in hit.boxes] == list(range(2, 12)) and hit.squads_hit_on == (2,)  # reached the last 5
    b, fell = building_end_phase(b)
    assert fell == (2, 3) and b.top_level == 1 and not b.rubble  # level 2 gone: it and above collapse
    assert building_hit_level(5, b) == 1
    b, _ = damage_building(b, 1, (1,) * 12)
    b, fell = building_end_phase(b)
    assert b.rubble and fell == (1,) and building_hit_level(1, b) is None
    with pytest.raises(ValueError, match="CEN-CMB-1"):
        Building(height=11, armor_factor=10)


def test_gauss_shell_template_and_immutable_sheets():
    s = RecordSheet.of(V["liberator"])
    s2, m = drop_template(s, "turret", 5, template_shape("150mm Gauss", "APDS"))
    assert m.shape == (1, 3, 3, 5, 3) and s.armor["turret"].intact == 90 and s2.armor["turret"].intact < 90
    assert replace(s2) == s2


def test_movement_damage_takes_internal_effects_at_once():
    from centurion.rules.internals import movement_damage

    s = RecordSheet.of(V["viper"])
    s, crossed, rep = movement_damage(s, "bottom", 30, Dice.scripted([]), velocity=8)
    # the first internal row of the bottom: F F . U U U U . f f
    assert len(crossed) == 20 and [c for _s, c, _n in rep.components] == ["shield_1", "digging", "shield_2"]
    assert s.shield_factor("bottom") == 0 and s.digging_left == 0 and not rep.rolls
    s, _, rep = movement_damage(s, "bottom", 10, Dice.scripted([2]), velocity=8)  # A A . M M M M . A A
    assert s.grav_drive_lost and rep.rolls[0].target == 3 and not s.exploded  # 4 ammo boxes: 7 - 4
    assert rep.grounded_at_velocity is None  # the movement rules ground it themselves


def test_consciousness_boxes_counted_option():
    s = RecordSheet.of(V["horatius"])
    s = s.with_damage({}, [("front", 14), ("front", 0), ("front", 1)])  # a driver box and two TS&R boxes
    _, rep = apply_internal_damage(s, Dice.scripted([5]), boxes_counted="component")
    assert rep.rolls[0].target == 7
    _, rep = apply_internal_damage(s, Dice.scripted([5]))  # the default: the whole section (book-a 13.2, C15)
    assert rep.rolls[0].target == 5
    with pytest.raises(ValueError, match="CEN-CMB-1"):
        apply_internal_damage(s, Dice.scripted([5]), boxes_counted="vehicle")


def test_charges_are_spent_and_refused_when_gone():
    s = RecordSheet.of(V["viper"])
    for _ in range(4):
        s = s.spend_digging_charge().spend_smoke_charge()
    assert (s.digging_left, s.smoke_left) == (0, 0)
    with pytest.raises(ValueError, match="CEN-CRT-1"):
        s.spend_digging_charge()
    with pytest.raises(ValueError, match="CEN-SEQ-1"):
        s.spend_smoke_charge()
    broken, _ = apply_internal_damage(hit_component(RecordSheet.of(V["viper"]), "bottom", "digging", 1),
                                      Dice.scripted([]))
    with pytest.raises(ValueError, match="destroyed"):
        broken.spend_digging_charge()
    assert movement_effects(broken)["digging_charges"] == 0


def test_a_section_as_text():
    from centurion.rules.record import sheet_rows

    s = RecordSheet.of(V["viper"])
    s, _ = fire_laser(s, "bottom", 5, 4)
    rows = sheet_rows(s, "bottom")
    assert rows[:8] == ("/" * 10,) * 8  # 20 armor: the top 8 rows crossed out
    assert rows[8:] == ("ooooxooooo", "ooooxooooo", "FF.U*UU.ff", "AA.M*MM.AA", "....YY....")
    s, _ = apply_internal_damage(s, Dice.scripted([]))
    assert sheet_rows(s, "bottom")[10:12] == ("FF.U#UU.ff", "AA.M#MM.AA")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["front", "turret", "left", "right", "stern", "bottom"]),
                          st.integers(1, 10), st.sampled_from(["MDC 12", "SMLM 2", "7.5/6 laser", "200mm Gauss"])),
                min_size=1, max_size=30))
def test_pending_internal_damage_changes_no_effect_until_applied(hits):
    fresh = RecordSheet.of(V["viper"], infantry_aboard=8)
    s = fresh
    for section, col, weapon in hits:
        s, _ = drop_template(s, section, col, template_shape(weapon))
    def effects(x):
        e = dict(movement_effects(x))
        e.pop("armor")
        return (e, [x.shield_factor(f) for f in ("front", "left", "right", "stern", "bottom")], x.usable_weapons(),
                x.targeting_lost, x.infantry_aboard, x.destroyed, x.may_paint)
    assert effects(s) == effects(fresh)  # CEN-SEQ-3: internal damage waits until all fire is resolved
    applied, _ = apply_internal_damage(s, Dice(7), velocity=0)
    assert not applied.pending and applied.internal_lost == s.pending
