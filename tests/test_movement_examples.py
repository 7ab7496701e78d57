"""Worked examples of the movement chapter (book-a E2-E14, the seed's examples, RULES.md) as named tests."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from centurion.data import map_from_rows, vehicle_types
from centurion.dice import Dice
from centurion.hexgrid import format_label, neighbor, parse_label
from centurion.rules import (
    GravMove,
    GravState,
    GroundMove,
    Refusal,
    declaration_order,
    dismount_refusal,
    effective_speed_limit,
    execute_grav_move,
    facing_change_interval,
    ground_reach,
    grounding_damage,
    hex_speed_limit,
    leadership_advantage,
    may_opportunity_fire_at,
    mount_refusal,
    movement_order,
    opportunity_fire_refusal,
    passes_available,
    resolve_grav_move,
    resolve_ground_move,
    roll_initiative,
    speed_limit_check,
    stacking_allowed,
    vp_cost,
)

V = vehicle_types()
HORATIUS, LIBERATOR, VIPER, HEAVY = V["horatius"], V["liberator"], V["viper"], V["heavy_tank"]

# A long strip of clear ground, 3 columns x 30 rows; the vehicles run north up column 02.
STRIP = map_from_rows(["..."] * 30)
START = parse_label("0228")


def north(n: int) -> str:
    return "F" * n


def test_e2_movement_order_five_against_three():
    assert movement_order(5, 3) == [("A", 1), ("B", 1), ("A", 2), ("B", 1), ("A", 2), ("B", 1)]


@pytest.mark.parametrize("a,b,expected", [
    (3, 3, [("A", 1), ("B", 1)] * 3),
    (1, 3, [("A", 1), ("B", 3)]),
    (6, 2, [("A", 3), ("B", 1), ("A", 3), ("B", 1)]),
    (2, 0, [("A", 2)]),
    (0, 2, [("B", 2)]),
    (0, 0, []),
])
def test_movement_order_cases(a, b, expected):
    order = movement_order(a, b)
    assert order == expected
    assert sum(n for s, n in order if s == "A") == a and sum(n for s, n in order if s == "B") == b
    if a and b:
        assert order[-1][0] == "B"  # side B always moves a platoon last


def test_e3_thrust_budget_accelerate_then_decelerate():
    state = GravState.of(HORATIUS, START, 0, velocity=5)
    r = resolve_grav_move(state, GravMove(accelerate=3, steps=north(8), decelerate=3), STRIP, HORATIUS)
    assert not isinstance(r, Refusal) and r.velocity == 8 and r.thrust_used == 6 and r.end_velocity == 5 and not r.grounds
    over = resolve_grav_move(state, GravMove(accelerate=3, steps=north(8), decelerate=4), STRIP, HORATIUS)
    assert isinstance(over, Refusal) and over.rule == "CEN-GRAV-1"
    assert str(over) == ("CEN-GRAV-1: acceleration 3 + deceleration 4 = 7 thrust points; "
                         "the Horatius medium tank (TOG) has 6")


def test_e4_cannot_afford_the_next_hex_so_it_grounds_after_deceleration():
    # seven clear hexes, then heavy woods (3 VP) with 1 VP left
    sketch = map_from_rows(["..."] * 19 + [".h."] + ["..."] * 10)
    state = GravState.of(HORATIUS, START, 0, velocity=8)
    refused = resolve_grav_move(state, GravMove(steps=north(8)), sketch, HORATIUS)
    assert isinstance(refused, Refusal)
    assert str(refused) == "CEN-GRAV-2: entering 0220 costs 3 VP; only 1 VP is left"
    stop = resolve_grav_move(state, GravMove(steps=north(7), decelerate=1), sketch, HORATIUS)
    assert not isinstance(stop, Refusal) and stop.forced_grounding == "CEN-GRAV-2" and stop.grounds
    assert (stop.vp_spent, stop.vp_unspent, stop.end_velocity, stop.grounding_damage) == (7, 1, 7, 70)
    assert format_label(stop.end_hex) == "0221"


def test_e5_slope_costs_floor_at_zero():
    assert vp_cost("light_woods", 5, 0) == 0  # 2 - 3 -> 0
    assert vp_cost("heavy_woods", 0, 5) == 8  # 3 + 5
    assert vp_cost("clear", 7, 0) == 0  # six or more levels use the 5 row
    assert hex_speed_limit("clear", 0, 4) == 16 and hex_speed_limit("heavy_woods", 0, 1) == 6
    assert vp_cost("lake", 0, 0, mover="ground") is None
    assert vp_cost("clear", 0, 4, mover="ground") is None and vp_cost("clear", 0, 4) == 5
    assert vp_cost("river", 0, 0, mover="ground") == 2 and vp_cost("rubble", 0, 0, mover="infantry") == 4
    with pytest.raises(ValueError, match="CEN-TER-1: unknown mover"):
        vp_cost("clear", 0, 0, mover="boat")


def test_e6_facing_change_table():
    assert facing_change_interval(10) == 2 and facing_change_interval(20) == 4
    assert [facing_change_interval(v) for v in (0, 3, 6, 11, 29, 30, -7)] == [0, 1, 2, 3, 4, 5, 2]
    state = GravState.of(HORATIUS, START, 0, velocity=12)
    r = resolve_grav_move(state, GravMove(steps="FRFF"), STRIP, HORATIUS)
    assert str(r) == "CEN-GRAV-4: at velocity 12 the vehicle must travel 3 hexes straight before turning; it has travelled 1"
    ok = resolve_grav_move(GravState.of(HORATIUS, START, 0, velocity=10), GravMove(steps="FFRFF" + "LFFFFFF"),
                           map_from_rows(["....."] * 30), HORATIUS)
    assert not isinstance(ok, Refusal), ok


def test_e7_deceleration_only_after_all_vp_are_spent():
    slow = dataclasses.replace(HORATIUS, max_thrust=4)  # E7 gives this Horatius thrust 4
    state = GravState.of(slow, START, 0, velocity=8)
    r = resolve_grav_move(state, GravMove(steps=north(8), decelerate=4), STRIP, slow)
    assert not isinstance(r, Refusal) and r.end_velocity == 4 and r.vp_spent == 8 and not r.grounds
    assert isinstance(resolve_grav_move(state, GravMove(steps=north(8), decelerate=5), STRIP, slow), Refusal)


def test_e8_reverse_next_turn():
    state = GravState.of(LIBERATOR, START, 0, velocity=4)
    r = resolve_grav_move(state, GravMove(steps=north(4), decelerate=6), STRIP, LIBERATOR)
    assert not isinstance(r, Refusal) and r.end_velocity == -2
    nxt = r.end_state()
    assert nxt.velocity == -2
    back = resolve_grav_move(nxt, GravMove(steps="BB"), STRIP, LIBERATOR)
    assert not isinstance(back, Refusal) and back.end_hex == neighbor(neighbor(nxt.hex, 3), 3) and back.end_facing == 0
    fwd = resolve_grav_move(nxt, GravMove(steps="FF"), STRIP, LIBERATOR)
    assert isinstance(fwd, Refusal) and fwd.rule == "CEN-GRAV-5"
    # reverse halves the speed limit: heavy woods 6 -> 3
    assert speed_limit_check(-10, 6).speed_limit == 3 and speed_limit_check(-10, 6).target == 1


def test_e9_velocity_ten_into_heavy_woods():
    check = speed_limit_check(10, 6)
    assert (check.over, check.target, check.damage, check.front, check.bottom) == (4, 3, 40, 20, 20)
    assert check.p_pass == Fraction(3, 10)
    woods = map_from_rows(["..."] * 25 + [".h."] + ["..."] * 4)
    state = GravState.of(HORATIUS, START, 0, velocity=10)
    r = resolve_grav_move(state, GravMove(steps="F" * 8), woods, HORATIUS)  # 1 clear + woods (3) + 6 clear = 10
    assert not isinstance(r, Refusal) and [e.label for e in r.checks] == ["0226"] and r.checks[0].check.target == 3
    report = execute_grav_move(r, Dice.scripted([7]))  # the roll fails
    roll = report.rolls[0]
    assert (roll.target, roll.result, roll.success, roll.probability) == (3, 7, False, Fraction(3, 10))
    assert [(d.section, d.points) for d in report.damage] == [("front", 20), ("bottom", 20)]
    assert report.state.hex == r.end_hex and report.state.velocity == 10  # it keeps moving, velocity unchanged
    front = report.state.armor["front"]
    assert front.intact == 60 and report.damage[0].boxes == tuple(range(20, 40))  # row by row from the top-left
    ok = execute_grav_move(r, Dice.scripted([3]))
    assert ok.damage == () and ok.state.armor == state.armor


def test_speed_limit_over_nine_passes_only_on_a_natural_one():
    c = speed_limit_check(30, 20)
    assert c.target == 0 and c.p_pass == Fraction(1, 10) and c.front == 50 and c.bottom == 50
    assert speed_limit_check(9, 6, odd_group_to="bottom").bottom == 20 and speed_limit_check(9, 6).front == 20
    no = speed_limit_check(6, 6)
    assert not no.needs_roll and no.target is None and no.p_pass == 1
    assert effective_speed_limit(6, reverse=True, tsr_lost=True) == 2  # 6 -> 3 -> 2, compounding, rounded up


def test_e10_must_ground_after_one_hex_decelerating_to_two():
    state = GravState.of(HORATIUS, START, 0, velocity=8)
    r = resolve_grav_move(state, GravMove(steps="F", decelerate=6), STRIP, HORATIUS)
    assert not isinstance(r, Refusal) and r.forced_grounding == "CEN-GRAV-2" and r.end_velocity == 2 and r.grounding_damage == 20
    report = execute_grav_move(r, Dice(1))
    bottom = report.damage[-1]
    assert (bottom.section, bottom.points, bottom.rule) == ("bottom", 20, "CEN-GRD-1")
    assert bottom.boxes == tuple(range(60, 80))  # bottom armor 40: rows 7 and 8 of the diagram
    assert report.state.grounded and report.state.velocity == 0
    assert grounding_damage(8) == 80 and grounding_damage(-3) == 30 and grounding_damage(6, in_water=True) == 30


def test_e11_lift_off_comes_out_of_the_acceleration():
    # seed: a grounded Horatius "accelerates to 3 this turn, but it costs 1 thrust point to lift up. The Horatius
    # now has 2 thrust points that it must spend in moving": 3 TP of acceleration give velocity 2 (CEN-GRAV-6)
    state = GravState.of(HORATIUS, START, 0, velocity=0, grounded=True)
    r = resolve_grav_move(state, GravMove(accelerate=3, steps="FF", decelerate=3), STRIP, HORATIUS)
    assert not isinstance(r, Refusal) and r.lift_tp == 1 and r.velocity == 2 and r.thrust_used == 6 and r.end_velocity == -1
    assert resolve_grav_move(state, GravMove(accelerate=3, steps="FFF"), STRIP, HORATIUS).rule == "CEN-GRAV-2"
    too_much = resolve_grav_move(state, GravMove(accelerate=3, steps="FF", decelerate=4), STRIP, HORATIUS)
    assert str(too_much) == ("CEN-GRAV-1: acceleration 3 (of which 1 lift it off, CEN-GRAV-6) + deceleration 4 = 7 "
                             "thrust points; the Horatius medium tank (TOG) has 6")
    crater = dataclasses.replace(state, in_crater=True)
    from_crater = resolve_grav_move(crater, GravMove(accelerate=3, steps="F"), STRIP, HORATIUS)
    assert from_crater.lift_tp == 2 and from_crater.velocity == 1
    short = resolve_grav_move(crater, GravMove(accelerate=1, steps="R"), STRIP, HORATIUS)
    assert short.rule == "CEN-GRAV-6" and "first 2 TP" in str(short)


def test_e11_only_a_vehicle_that_started_at_zero_may_face_anew():
    still = GravState.of(HORATIUS, START, 0, velocity=0)
    r = resolve_grav_move(still, GravMove(accelerate=2, steps="FF", initial_facing=2), map_from_rows(["....."] * 30),
                          HORATIUS)
    assert not isinstance(r, Refusal) and r.end_facing == 2
    moving = GravState.of(HORATIUS, START, 0, velocity=2)
    refused = resolve_grav_move(moving, GravMove(steps="FF", initial_facing=2), STRIP, HORATIUS)
    assert refused.rule == "CEN-GRAV-4"


def test_one_hex_rule_and_no_further():
    hill = map_from_rows(["..."] * 26 + [".h."] + ["..."] * 3, ["000"] * 26 + ["050"] + ["000"] * 3)
    state = GravState.of(HORATIUS, START, 0, velocity=2)
    r = resolve_grav_move(state, GravMove(steps="F"), hill, HORATIUS)  # 3 + 5 = 8 VP at velocity 2
    assert not isinstance(r, Refusal) and r.entries[0].one_hex_rule and not r.grounds and r.vp_spent == 2
    beyond = resolve_grav_move(state, GravMove(steps="FF"), hill, HORATIUS)
    assert beyond.rule == "CEN-GRAV-3"


def test_roads_and_rivers_negate_terrain():
    road = map_from_rows(["." "h" "."] * 1 + [".h."] * 29, roads=["0230 0229 0228 0227 0226"])
    state = GravState.of(HORATIUS, START, 0, velocity=2)
    r = resolve_grav_move(state, GravMove(steps="FF"), road, HORATIUS)
    assert not isinstance(r, Refusal) and [e.vp for e in r.entries] == [1, 1] and not r.checks
    river = map_from_rows([".~."] * 30, rivers=["0230 0229 0228 0227 0226"])
    rv = resolve_grav_move(state, GravMove(steps="FF"), river, HORATIUS)
    assert not isinstance(rv, Refusal) and [e.terrain for e in rv.entries] == ["road", "road"]
    gv = resolve_ground_move(START, 0, GroundMove("FF"), river, movement_points=4)
    assert not isinstance(gv, Refusal) and [e.mp for e in gv.entries] == [2, 2]


def test_grounding_in_a_lake_is_half_damage_and_submerges():
    lake = map_from_rows([".w."] * 30)
    state = GravState.of(HORATIUS, START, 0, velocity=4)
    r = resolve_grav_move(state, GravMove(steps="FFFF", ground=True), lake, HORATIUS)
    assert r.in_water and r.grounding_damage == 20
    end = r.end_state()
    assert end.submerged and end.grounded
    up = resolve_grav_move(end, GravMove(accelerate=4, steps="FF"), lake, HORATIUS)
    assert up.lift_tp == 2 and up.velocity == 2
    assert dismount_refusal(0, submerged=True).rule == "CEN-GRD-2"


def test_digging_a_crater():
    state = GravState.of(VIPER, START, 0, velocity=3)
    r = resolve_grav_move(state, GravMove(steps="FFF", decelerate=3, ground=True, dig_at=3), STRIP, VIPER)
    assert not isinstance(r, Refusal) and r.dig_hex == r.end_hex and r.end_state().in_crater and r.end_state().digging_charges == 3
    empty = dataclasses.replace(state, digging_charges=0)
    assert resolve_grav_move(empty, GravMove(steps="FFF", dig_at=1), STRIP, VIPER).rule == "CEN-CRT-1"
    lake = map_from_rows([".w."] * 30)
    assert "lake" in str(resolve_grav_move(state, GravMove(steps="FFF", dig_at=2), lake, VIPER))


def test_grav_drive_hit_grounds_at_once_without_deceleration():
    # a Viper has 20 bottom armor; v20 into heavy woods: over 14 -> 70 front / 70 bottom on a failed roll
    woods = map_from_rows(["..."] * 26 + [".h."] + ["..."] * 3)
    state = GravState.of(VIPER, START, 0, velocity=20)
    r = resolve_grav_move(state, GravMove(steps="F" * 14), map_from_rows(["..."] * 30), VIPER)
    assert r.end_hex == parse_label("0214")
    r = resolve_grav_move(state, GravMove(steps="F" * 18), woods, VIPER)  # woods (3) + 17 clear = 20
    assert not isinstance(r, Refusal), r
    report = execute_grav_move(r, Dice.scripted([10] + [1] * 20))
    assert report.grav_drive_hit and report.stopped_at == parse_label("0227") == report.state.hex
    assert [(d.section, d.points, d.internal) for d in report.damage[:2]] == [("front", 70, 20), ("bottom", 70, 50)]
    assert report.state.grounded and report.state.grav_drive_lost and report.state.velocity == 0
    assert resolve_grav_move(report.state, GravMove(accelerate=1, steps="F"), woods, VIPER).rule == "CEN-CMB-1"


def test_e12_heavy_tank_four_mp():
    sketch = map_from_rows([".....", ".l...", ".....", "...w.", "....."])
    reach = ground_reach(parse_label("0303"), 0, sketch, movement_points=HEAVY.movement_points)
    assert parse_label("0404") not in reach  # the lake: prohibited to ground vehicles
    assert reach[parse_label("0202")] == 2  # light woods cost 2
    assert all(v <= 4 for v in reach.values())
    back = resolve_ground_move(parse_label("0303"), 0, GroundMove("B"), sketch, movement_points=4)
    assert not isinstance(back, Refusal) and back.backwards and format_label(back.end_hex) == "0304"
    assert resolve_ground_move(parse_label("0303"), 0, GroundMove("BB"), sketch, movement_points=4).rule == "CEN-GV-1"
    lake = resolve_ground_move(parse_label("0403"), 3, GroundMove("F"), sketch, movement_points=4)
    assert lake.rule == "CEN-GV-1" and "prohibited to ground vehicles" in str(lake)


def test_ground_vehicles_may_not_take_steep_slopes_and_get_a_road_bonus():
    steep = map_from_rows(["..."] * 5, ["000", "040", "000", "000", "000"])
    r = resolve_ground_move(parse_label("0203"), 0, GroundMove("F"), steep, movement_points=4)
    assert r.rule == "CEN-GV-1" and "slope of 4 levels" in str(r)
    road = map_from_rows(["..."] * 8, roads=["0208 0207 0206 0205 0204 0203"])
    on = resolve_ground_move(parse_label("0208"), 0, GroundMove("FFFFF"), road, movement_points=4)
    assert not isinstance(on, Refusal) and on.road_bonus and format_label(on.end_hex) == "0203"
    off = resolve_ground_move(parse_label("0208"), 0, GroundMove("FFFFRF"), road, movement_points=4)
    assert isinstance(off, Refusal)


def test_infantry_three_mp_and_no_lake():
    sketch = map_from_rows([".....", ".....", "..w..", ".....", "....."])
    ok = resolve_ground_move(parse_label("0305"), 0, GroundMove("F"), sketch, mover="infantry")
    assert not isinstance(ok, Refusal) and ok.mp == 3 and not ok.road_bonus
    wet = resolve_ground_move(parse_label("0304"), 0, GroundMove("F"), sketch, mover="infantry")
    assert wet.rule == "CEN-INF-1"
    assert max(ground_reach(parse_label("0101"), 0, sketch, mover="infantry").values()) <= 3


def test_e13_mounting_and_dismounting():
    here, there = parse_label("0505"), parse_label("0506")
    assert mount_refusal(here, here, 0) is None  # Viper at v0 with the squad in its hex
    assert mount_refusal(here, here, 3).rule == "CEN-MNT-1"  # the Viper must be at v0
    assert "started in 0506" in str(mount_refusal(there, here, 0))  # move to the Viper first, mount next turn
    assert mount_refusal(here, here, 0, squad_moved=True).rule == "CEN-MNT-1"
    assert dismount_refusal(0) is None and dismount_refusal(2).rule == "CEN-MNT-1"
    assert dismount_refusal(0, carrier_finished=False).rule == "CEN-MNT-1"


def test_e14_opportunity_fire():
    assert opportunity_fire_refusal(0) is None
    assert opportunity_fire_refusal(4).rule == "CEN-OPP-1"
    # the Horatius' platoon is third to move (position 2): the two enemy platoons that moved before are safe
    assert not may_opportunity_fire_at(2, 0) and not may_opportunity_fire_at(2, 1)
    assert may_opportunity_fire_at(2, 3)


def test_stacking_is_unlimited():
    assert stacking_allowed(0) and stacking_allowed(12)


def test_initiative_lowest_wins_ties_rerolled_advantage_subtracted():
    r = roll_initiative(Dice.scripted([4, 4, 6, 3]))
    assert r.winner == "second" and len(r.rolls) == 2  # the tie 4-4 is rolled again
    side, points = leadership_advantage(5, 2)
    assert (side, points) == ("first", 3)
    adv = roll_initiative(Dice.scripted([7, 5]), rating_first=5, rating_second=2, use_advantage=3)
    assert adv.winner == "first" and adv.totals == (4, 5)
    with pytest.raises(ValueError, match="CEN-INI-1"):
        roll_initiative(Dice(1), use_advantage=1)
    assert passes_available(7) == 2 and passes_available(2) == 0


def test_declaration_order_loser_first_winner_last():
    assert declaration_order(2, 2) == ["loser", "winner", "loser", "winner"]
    assert declaration_order(3, 1) == ["loser", "loser", "loser", "winner"]
    assert declaration_order(1, 3) == ["loser", "winner", "winner", "winner"]


def test_ground_vehicles_dig_and_take_cover_by_entering_a_crater():
    field = map_from_rows(["....."] * 5).with_counter(parse_label("0302"), "crater")
    into = resolve_ground_move(parse_label("0304"), 0, GroundMove("FF"), field, movement_points=4)
    assert into.in_crater  # entering is enough for a ground vehicle (CEN-CRT-1)
    dug = resolve_ground_move(parse_label("0304"), 0, GroundMove("F", dig_at=1), field, movement_points=4,
                              digging_charges=2)
    assert dug.dig_hex == parse_label("0303") and dug.in_crater
    assert resolve_ground_move(parse_label("0304"), 0, GroundMove("F", dig_at=1), field,
                               movement_points=4).rule == "CEN-CRT-1"  # no charges
    assert resolve_ground_move(parse_label("0304"), 0, GroundMove("F", dig_at=1), field, mover="infantry",
                               digging_charges=2).rule == "CEN-CRT-1"


def test_moving_under_water():
    lake = map_from_rows([".www."] * 8)
    down = GravState.of(HORATIUS, parse_label("0306"), 0, 0, grounded=True, submerged=True)
    r = resolve_grav_move(down, GravMove(accelerate=5, steps="F", under_water=True, decelerate=1), lake, HORATIUS)
    assert not isinstance(r, Refusal) and r.lift_tp == 1 and r.velocity == 4  # 5 TP of acceleration: 1 leaves the bottom (CEN-GRAV-6)
    assert [e.vp for e in r.entries] == [4] and r.entries[0].speed_limit == 1
    assert r.checks[0].check.target == 5 - 2  # 3 over the limit of 1
    assert r.grounds and r.in_water and r.grounding_damage == 15  # settles again: half of 10 x 3
    end = r.end_state()
    assert end.submerged and end.hex == parse_label("0305")
    edge = GravState.of(HORATIUS, parse_label("0406"), 0, 0, grounded=True, submerged=True)
    shore = resolve_grav_move(edge, GravMove(accelerate=2, steps="F", initial_facing=2, under_water=True), lake,
                              HORATIUS)  # 0507, south-east of 0406, is dry land
    assert shore.rule == "CEN-GRD-2" and "only move into lake hexes" in str(shore)
    dry = GravState.of(HORATIUS, parse_label("0306"), 0, 0, grounded=True)
    assert resolve_grav_move(dry, GravMove(accelerate=1, steps="F", under_water=True), lake, HORATIUS).rule == "CEN-GRD-2"
    surfacing = resolve_grav_move(down, GravMove(accelerate=4, steps="FF"), lake, HORATIUS)
    assert surfacing.lift_tp == 2 and surfacing.velocity == 2 and surfacing.entries[0].speed_limit == 20
