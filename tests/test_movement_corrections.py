"""Movement corrections found in review (issue 12, item 8), one named test each, with the damage effects on movement.

Sources: RULES.md CEN-GRAV-4, -6, CEN-SPD-1..3, CEN-GRD-2, CEN-CRT-1, CEN-MNT-1, CEN-GV-1; book-a §13 for the
internal components (driver, helm, thrust, vanes, TS&R, grav drive, vehicle destroyed).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from centurion.data import map_from_rows, vehicle_types
from centurion.dice import Dice
from centurion.hexgrid import distance, format_label, from_offset, neighbor, parse_label
from centurion.rules import (
    Armor,
    GravMove,
    GravState,
    GroundMove,
    execute_grav_move,
    ground_reach,
    legal_grav_moves,
    mount_refusal,
    resolve_grav_move,
    resolve_ground_move,
    speed_limit_check,
)
from centurion.rules.grav import Refusal, reduced_max_thrust

V = vehicle_types()
HORATIUS, VIPER, HEAVY = V["horatius"], V["viper"], V["heavy_tank"]
STRIP = map_from_rows(["..."] * 30)
START = parse_label("0228")


def strip_with(**rows: str) -> object:
    """A 3 x 30 strip of clear hexes, with the middle column's hex of the given rows changed."""
    out = ["..."] * 30
    for row, char in rows.items():
        out[int(row[1:]) - 1] = f".{char}."
    return map_from_rows(out)


# --- facing change in the hex: only from a start at velocity 0 (CEN-GRAV-4) ---------------------------------


def test_slowing_to_zero_from_reverse_allows_no_facing_change_in_the_hex():
    backing = GravState.of(HORATIUS, START, 0, velocity=-2)
    refused = resolve_grav_move(backing, GravMove(accelerate=2, steps="RRR"), STRIP, HORATIUS)
    assert refused.rule == "CEN-GRAV-4" and "started at -2" in str(refused) and refused.step == 0
    assert resolve_grav_move(backing, GravMove(accelerate=2, initial_facing=3), STRIP, HORATIUS).rule == "CEN-GRAV-4"
    stop = resolve_grav_move(backing, GravMove(accelerate=2), STRIP, HORATIUS)
    assert not isinstance(stop, Refusal) and stop.velocity == 0 and stop.end_hex == START and stop.end_facing == 0
    here = {e.facing for e in legal_grav_moves(backing, HORATIUS, STRIP) if e.hex == START}
    assert here == {0}  # not all six facings
    still = GravState.of(HORATIUS, START, 0, velocity=0)  # a vehicle that did start at 0 spins freely
    assert resolve_grav_move(still, GravMove(steps="RRR"), STRIP, HORATIUS).end_facing == 3
    assert {e.facing for e in legal_grav_moves(still, HORATIUS, STRIP) if e.hex == START} == set(range(6))


# --- lift-off comes out of the acceleration (CEN-GRAV-6) -------------------------------------------------------


def test_lift_off_three_tp_of_acceleration_give_velocity_two():
    # seed: the grounded Horatius "accelerates to 3 ... it costs 1 thrust point to lift up. The Horatius now has
    # 2 thrust points that it must spend in moving"
    down = GravState.of(HORATIUS, START, 0, grounded=True)
    r = resolve_grav_move(down, GravMove(accelerate=3, steps="FF"), STRIP, HORATIUS)
    assert (r.lift_tp, r.velocity, r.vp_spent, r.thrust_used, r.thrust_max - r.thrust_used) == (1, 2, 2, 3, 3)
    assert not r.grounds and r.end_state().velocity == 2 and not r.end_state().grounded
    ends = legal_grav_moves(down, HORATIUS, STRIP, accelerate=3)
    flying = [e for e in ends if not e.grounded]
    assert flying and all(e.velocity_max == 2 for e in flying)
    assert max(distance(START, e.hex) for e in flying) == 2 and parse_label("0226") in {e.hex for e in flying}
    assert all(e.cheapest.move.accelerate == 3 for e in ends if e.cheapest.move.steps)
    with pytest.raises(ValueError, match="CEN-GRAV-6"):
        legal_grav_moves(dataclasses.replace(down, in_crater=True), HORATIUS, STRIP, accelerate=1)
    assert resolve_grav_move(down, GravMove(steps="R"), STRIP, HORATIUS).rule == "CEN-GRAV-6"


# --- damage during the move takes effect at once (CEN-SPD-2, -3) ----------------------------------------------


def test_tsr_lost_during_the_move_halves_the_later_speed_limits():
    # v8: heavy woods (limit 6: over 2, target 4, 10 front + 10 bottom), then light woods (limit 8: no roll)
    woods = strip_with(r27="h", r24="l")
    worn = dataclasses.replace(GravState.of(HORATIUS, START, 0, velocity=8),
                               armor=Armor.full({"front": 5, "bottom": 40}))
    r = resolve_grav_move(worn, GravMove(steps="FFFFF"), woods, HORATIUS)
    assert not isinstance(r, Refusal) and [e.label for e in r.checks] == ["0227"]  # planned: one roll
    report = execute_grav_move(r, Dice.scripted([7, 2]))
    first, second = report.rolls
    assert (first.target, first.success) == (4, False)
    assert report.damage[0].components == ("TS&R",) and report.damage[0].internal == 5
    # light woods' limit 8 is now 4: over 4, target 3, a 30% chance, taken in the same move
    assert (second.target, second.probability, second.success) == (3, Fraction(3, 10), True)
    assert "0224" in second.purpose and "limit 4" in second.purpose
    assert report.state.tsr_lost and report.state.hex == parse_label("0223")
    failed = execute_grav_move(r, Dice.scripted([7, 9]))  # and a failure there costs 40 (20 front, 20 bottom)
    assert [(d.section, d.points) for d in failed.damage[2:]] == [("front", 20), ("bottom", 20)]


def test_driver_out_makes_piloting_fail_on_two_or_more():
    check = speed_limit_check(10, 6, driver_out=True)  # target 3 otherwise
    assert check.target == 1 and check.p_pass == Fraction(1, 10)
    hurt = speed_limit_check(10, 6, damage_modifier=-2)
    assert hurt.target == 1 and speed_limit_check(8, 6, damage_modifier=-1).target == 3
    woods = strip_with(r27="h")
    dazed = GravState.of(HORATIUS, START, 0, velocity=10, driver_out=True)
    r = resolve_grav_move(dazed, GravMove(steps="F" * 8), woods, HORATIUS)
    assert not isinstance(r, Refusal) and r.checks[0].check.target == 1 and r.p_no_damage == Fraction(1, 10)
    assert execute_grav_move(r, Dice.scripted([2])).rolls[0].success is False
    shaky = GravState.of(HORATIUS, START, 0, velocity=10, piloting_modifier=-1)
    assert resolve_grav_move(shaky, GravMove(steps="F" * 8), woods, HORATIUS).checks[0].check.target == 2
    ends = {(e.hex, e.facing, e.grounded): e for e in legal_grav_moves(shaky, HORATIUS, woods)}
    assert ends[(parse_label("0220"), 0, False)].p_no_damage == Fraction(2, 10)
    with pytest.raises(ValueError, match="CEN-SPD-1"):
        GravState.of(HORATIUS, START, 0, piloting_modifier=1)


def test_driver_out_no_thrust_no_turns_straight_on_until_it_strikes_something():
    dazed = GravState.of(HORATIUS, START, 0, velocity=4, driver_out=True)
    assert resolve_grav_move(dazed, GravMove(accelerate=1, steps="FFFFF"), STRIP, HORATIUS).rule == "CEN-CMB-1"
    assert resolve_grav_move(dazed, GravMove(steps="FFFF", decelerate=1), STRIP, HORATIUS).rule == "CEN-CMB-1"
    assert resolve_grav_move(dazed, GravMove(steps="FRFF"), STRIP, HORATIUS).rule == "CEN-CMB-1"
    assert "still enter 0226" in str(resolve_grav_move(dazed, GravMove(steps="F"), STRIP, HORATIUS))
    assert resolve_grav_move(dazed, GravMove(steps="FFFF", ground=True), STRIP, HORATIUS).rule == "CEN-CMB-1"
    ok = resolve_grav_move(dazed, GravMove(steps="FFFF"), STRIP, HORATIUS)
    assert not isinstance(ok, Refusal) and not ok.grounds and ok.end_velocity == 4
    # heavy woods 4 hexes ahead cost 3 VP: with 1 VP left it strikes them and grounds at velocity 4 (no thrust)
    wall = map_from_rows(["..."] * 23 + [".h."] + ["..."] * 6)
    hit = resolve_grav_move(dazed, GravMove(steps="FFF"), wall, HORATIUS)
    assert hit.grounds and hit.forced_grounding == "CEN-GRAV-2" and hit.grounding_damage == 40
    ends = legal_grav_moves(dazed, HORATIUS, wall)
    assert [(format_label(e.hex), e.facing, e.grounded) for e in ends] == [("0225", 0, True)]
    down = GravState.of(HORATIUS, START, 0, grounded=True, driver_out=True)
    assert [(e.hex, e.grounded) for e in legal_grav_moves(down, HORATIUS, STRIP)] == [(START, True)]


def test_grav_drive_grounding_in_a_lake_leaves_it_under_water_and_spent_charges_stay_spent():
    # a Viper with TS&R lost (limits halved) and 5 bottom boxes left, at v12: clear hexes (limit 10) and a lake
    # (20 -> 10) each need a roll (over 2: target 4, 10 front + 10 bottom); it digs in the first hex
    lake = map_from_rows(["..."] * 24 + [".w."] + ["..."] * 5)
    state = dataclasses.replace(GravState.of(VIPER, START, 0, velocity=12, tsr_lost=True),
                                armor=Armor.full({"front": 50, "bottom": 5}))
    r = resolve_grav_move(state, GravMove(steps="F" * 12, dig_at=1), lake, VIPER)
    assert not isinstance(r, Refusal) and len(r.checks) == 12
    report = execute_grav_move(r, Dice.scripted([1, 1, 10]))  # fails entering the lake 0225
    assert report.grav_drive_hit and report.stopped_at == parse_label("0225")
    assert [c for d in report.damage for c in d.components] == ["Grav Drive"]
    assert report.damage[-1].points == 60  # grounds at once at v12, half damage in a lake (CEN-GRD-2)
    end = report.state
    assert end.grounded and end.submerged and end.velocity == 0 and end.hex == parse_label("0225")
    assert end.digging_charges == VIPER.digging_charges - 1 and report.dig_hex == parse_label("0227")
    later = resolve_grav_move(state, GravMove(steps="F" * 12, dig_at=4), lake, VIPER)
    stopped = execute_grav_move(later, Dice.scripted([1, 1, 10]))  # stopped before the hex it meant to dig in
    assert stopped.state.digging_charges == VIPER.digging_charges and stopped.dig_hex is None


# --- craters (CEN-CRT-1) ----------------------------------------------------------------------------------------


def test_a_grav_vehicle_grounding_in_a_cratered_hex_may_take_the_crater():
    cratered = STRIP.with_counter(parse_label("0225"), "crater")
    state = GravState.of(VIPER, START, 0, velocity=3)
    land = GravMove(steps="FFF", decelerate=3, ground=True)
    r = resolve_grav_move(state, land, cratered, VIPER)
    assert r.in_crater and r.end_state().in_crater and r.end_state().digging_charges == VIPER.digging_charges
    declined = resolve_grav_move(state, dataclasses.replace(land, take_crater=False), cratered, VIPER)
    assert not isinstance(declined, Refusal) and not declined.end_state().in_crater and declined.end_state().grounded
    # one vehicle per crater: another vehicle already holds it
    full = resolve_grav_move(state, land, cratered, VIPER, craters_taken={parse_label("0225"): 1})
    assert not isinstance(full, Refusal) and not full.in_crater
    insist = resolve_grav_move(state, dataclasses.replace(land, take_crater=True), cratered, VIPER,
                               craters_taken={parse_label("0225"): 1})
    assert insist.rule == "CEN-CRT-1" and "one vehicle per crater" in str(insist)
    # two craters in the hex hold two vehicles
    two = cratered.with_counter(parse_label("0225"), "crater")
    assert resolve_grav_move(state, land, two, VIPER, craters_taken={parse_label("0225"): 1}).in_crater
    # flying through, or flying on, takes nothing
    assert not resolve_grav_move(state, GravMove(steps="FFF"), cratered, VIPER).end_state().in_crater
    assert resolve_grav_move(state, GravMove(steps="FFF", take_crater=True), cratered, VIPER).rule == "CEN-CRT-1"


def test_a_grav_vehicle_that_digs_and_grounds_may_decline_its_crater():
    state = GravState.of(VIPER, START, 0, velocity=3)
    dig = GravMove(steps="FFF", decelerate=3, ground=True, dig_at=3)
    assert resolve_grav_move(state, dig, STRIP, VIPER).end_state().in_crater
    declined = resolve_grav_move(state, dataclasses.replace(dig, take_crater=False), STRIP, VIPER)
    end = declined.end_state()
    assert declined.dig_hex == end.hex and not end.in_crater and end.digging_charges == VIPER.digging_charges - 1
    # next turn it lifts off for 1 TP, not the crater's 2 (CEN-GRAV-6)
    assert resolve_grav_move(end, GravMove(accelerate=2, steps="F"), STRIP, VIPER).lift_tp == 1
    # a grounded vehicle staying in its crater keeps it
    held = resolve_grav_move(state, dig, STRIP, VIPER).end_state()
    assert resolve_grav_move(held, GravMove(), STRIP, VIPER).end_state().in_crater


def test_one_vehicle_and_one_squad_per_crater():
    field = map_from_rows(["....."] * 5).with_counter(parse_label("0302"), "crater")
    crater = parse_label("0302")
    tank = resolve_ground_move(parse_label("0304"), 0, GroundMove("FF"), field, movement_points=4)
    squad = resolve_ground_move(parse_label("0304"), 0, GroundMove("FF"), field, mover="infantry")
    assert tank.in_crater and squad.in_crater  # one of each kind fits
    # a vehicle already there: the tank gets no crater, the squad still does (its count is of squads)
    assert not resolve_ground_move(parse_label("0304"), 0, GroundMove("FF"), field, movement_points=4,
                                   craters_taken={crater: 1}).in_crater
    assert not resolve_ground_move(parse_label("0304"), 0, GroundMove("FF"), field, mover="infantry",
                                   craters_taken={crater: 1}).in_crater
    declined = resolve_ground_move(parse_label("0304"), 0, GroundMove("FF", take_crater=False), field,
                                   movement_points=4)
    assert not isinstance(declined, Refusal) and not declined.in_crater


# --- mounting (CEN-MNT-1) ---------------------------------------------------------------------------------------


def test_viper_that_stops_in_the_squads_hex_takes_it_aboard_next_turn():
    squad_hex = parse_label("0225")
    viper = GravState.of(VIPER, START, 0, velocity=3)
    r = resolve_grav_move(viper, GravMove(steps="FFF", decelerate=3), STRIP, VIPER)
    after = r.end_state()
    assert after.hex == squad_hex and after.velocity == 0
    # this turn: the carrier started the phase elsewhere, at velocity 3
    refused = mount_refusal(squad_hex, viper.hex, viper.velocity)
    assert refused.rule == "CEN-MNT-1"
    moved_in = mount_refusal(squad_hex, after.hex, after.velocity, carrier_moved=True)
    assert moved_in.rule == "CEN-MNT-1" and "next turn" in str(moved_in)
    # next turn it starts the phase in the squad's hex at velocity 0: the squad mounts, and the Viper may move
    assert mount_refusal(squad_hex, after.hex, after.velocity) is None


# --- ground units (CEN-GV-1) ------------------------------------------------------------------------------------


def test_a_ground_unit_with_no_movement_points_does_not_move():
    road = map_from_rows(["..."] * 6, roads=["0206 0205 0204 0203"])
    here = parse_label("0205")
    stuck = resolve_ground_move(here, 0, GroundMove("F"), road, movement_points=0)
    assert stuck.rule == "CEN-GV-1" and "0 MP" in str(stuck)  # neither the one-hex rule nor the road bonus
    pivot = resolve_ground_move(here, 0, GroundMove("RR"), road, movement_points=0)
    assert not isinstance(pivot, Refusal) and pivot.end_hex == here and pivot.end_facing == 2  # it may pivot (book-a §13, Mobility)
    assert resolve_ground_move(here, 0, GroundMove("B"), road, movement_points=0).rule == "CEN-GV-1"
    assert ground_reach(here, 0, road, movement_points=0) == {here: 0}
    engine_lost = resolve_ground_move(here, 0, GroundMove("R"), road, movement_points=0, may_pivot=False)
    assert engine_lost.rule == "CEN-CMB-1" and "Engine" in str(engine_lost)


def test_ground_reach_keeps_slope_costs_and_the_steep_slope_ban_on_roads():
    # a road up a hill: 0305 -> 0304 climbs 1 level (road 1 + slope 1 = 2 MP), 0304 -> 0303 climbs 4 (closed to
    # ground units, road or not); the old shading counted 1 MP a road hex and offered 0303
    hill = map_from_rows(["....."] * 6, ["00000", "00000", "00500", "00100", "00000", "00000"],
                         roads=["0306 0305 0304 0303 0302"])
    reach = ground_reach(parse_label("0306"), 0, hill, movement_points=2)
    assert parse_label("0303") not in reach and reach[parse_label("0304")] == 3  # with the road bonus
    ok = resolve_ground_move(parse_label("0306"), 0, GroundMove("FF"), hill, movement_points=2)
    assert not isinstance(ok, Refusal) and ok.road_bonus and ok.mp_spent == 3
    steep = resolve_ground_move(parse_label("0306"), 0, GroundMove("FFF"), hill, movement_points=2)
    assert steep.rule == "CEN-GV-1" and "slope of 4 levels" in str(steep)
    assert reach == oracle_reach(parse_label("0306"), 0, hill, "ground", 2)


def oracle_reach(hex_, facing, m, mover, mp) -> dict:
    """Every end hex of every ground move `resolve_ground_move` accepts, with the least MP it uses (one-hex = all)."""
    best: dict = {}

    def note(r):
        used = r.mp if any(e.one_hex_rule for e in r.entries) else r.mp_spent
        best[r.end_hex] = min(best.get(r.end_hex, 1 << 30), used)

    stack = [()]
    seen = set()
    while stack:
        steps = stack.pop()
        r = resolve_ground_move(hex_, facing, GroundMove("".join(steps)), m, mover=mover, movement_points=mp)
        if isinstance(r, Refusal):
            continue
        note(r)
        key = (r.end_hex, r.end_facing, r.mp_spent, r.entries[-1].one_hex_rule if r.entries else False,
               r.road_bonus or not steps)
        if key in seen:
            continue
        seen.add(key)
        for turns in ("", "R", "RR", "RRR", "L", "LL"):
            stack.append(steps + tuple(turns) + ("F",))
    for turns in ("", "R", "RR", "RRR", "L", "LL"):
        r = resolve_ground_move(hex_, facing, GroundMove(turns + "B"), m, mover=mover, movement_points=mp)
        if not isinstance(r, Refusal):
            note(r)
    return best


@st.composite
def ground_situations(draw):
    cols, rows = 5, 6
    terrain = ["".join(draw(st.sampled_from("....lhwbx~")) for _ in range(cols)) for _ in range(rows)]
    elevation = ["".join(draw(st.sampled_from("00011245")) for _ in range(cols)) for _ in range(rows)]
    inside = {from_offset(c, r) for c in range(1, cols + 1) for r in range(1, rows + 1)}
    chain = [from_offset(draw(st.integers(1, cols)), draw(st.integers(1, rows)))]  # a road: a walk of new hexes
    for _ in range(draw(st.integers(0, 6))):
        nxt = neighbor(chain[-1], draw(st.integers(0, 5)))
        if nxt in chain or nxt not in inside:
            break
        chain.append(nxt)
    m = map_from_rows(terrain, elevation, roads=[" ".join(format_label(h) for h in chain)] if len(chain) > 1 else [])
    start = draw(st.sampled_from([*chain, from_offset(draw(st.integers(1, cols)), draw(st.integers(1, rows)))]))
    mover = draw(st.sampled_from(["ground", "ground", "infantry"]))
    return m, start, draw(st.integers(0, 5)), mover, draw(st.integers(0, 5))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ground_situations())
def test_ground_reach_agrees_with_resolve_ground_move(situation):
    # the map shading and the move validation must agree: same end hexes, same least MP (CEN-GV-1, CEN-INF-1)
    m, start, facing, mover, mp = situation
    assert ground_reach(start, facing, m, mover=mover, movement_points=mp) == oracle_reach(start, facing, m, mover, mp)


# --- damage fields of GravState (book-a §13) ----------------------------------------------------------------------


def test_thrust_lost_reduces_max_thrust_by_the_table():
    # book-a §13 table and E23 (Liberator thrust 6: -1/4 -> 5, -3/4 -> 2)
    assert [reduced_max_thrust(6, q) for q in (0, 1, 2, 3)] == [6, 5, 3, 2]
    assert [reduced_max_thrust(t, 1) for t in range(1, 16)] == [1, 2, 2, 3, 4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 11]
    assert [reduced_max_thrust(t, 2) for t in range(1, 16)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8]
    assert [reduced_max_thrust(t, 3) for t in range(1, 16)] == [0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4]
    half = GravState.of(HORATIUS, START, 0, velocity=5, thrust_quarters_lost=2)  # thrust 6 -> 3
    refused = resolve_grav_move(half, GravMove(accelerate=2, steps="F" * 7, decelerate=2), STRIP, HORATIUS)
    assert refused.rule == "CEN-GRAV-1" and "has 3 after losing 2/4 of its thrust" in str(refused)
    assert max(e.cheapest.thrust_used for e in legal_grav_moves(half, HORATIUS, STRIP)) <= 3
    assert max(e.velocity_max for e in legal_grav_moves(half, HORATIUS, STRIP)) == 8


def test_lost_vanes_forbid_turns_that_way():
    field = map_from_rows(["." * 12] * 12)
    left_gone = GravState.of(HORATIUS, parse_label("0610"), 0, velocity=4, left_vane_lost=True)
    refused = resolve_grav_move(left_gone, GravMove(steps="FLFFF"), field, HORATIUS)
    assert refused.rule == "CEN-CMB-1" and "left vane" in str(refused)
    assert not isinstance(resolve_grav_move(left_gone, GravMove(steps="FRFFF"), field, HORATIUS), Refusal)
    # at v4 (a turn after each hex) facing 5 needs one turn left, or five right in four hexes: out of reach
    facings = {e.facing for e in legal_grav_moves(left_gone, HORATIUS, field, accelerate=0) if not e.grounded}
    assert facings == {0, 1, 2, 3, 4}
    intact = dataclasses.replace(left_gone, left_vane_lost=False)
    assert {e.facing for e in legal_grav_moves(intact, HORATIUS, field, accelerate=0) if not e.grounded} == set(range(6))
    # at velocity 0 it still reaches every facing by turning the other way
    still = GravState.of(HORATIUS, parse_label("0610"), 0, left_vane_lost=True)
    assert resolve_grav_move(still, GravMove(steps="L"), field, HORATIUS).rule == "CEN-CMB-1"
    assert resolve_grav_move(still, GravMove(steps="RRRRR"), field, HORATIUS).end_facing == 5
    both = dataclasses.replace(still, right_vane_lost=True)
    assert resolve_grav_move(both, GravMove(accelerate=2, steps="FF", initial_facing=2), field, HORATIUS).rule == \
        "CEN-CMB-1"
    assert {e.facing for e in legal_grav_moves(both, HORATIUS, field)} == {0}


def test_destroyed_or_drive_lost_vehicles_do_not_move():
    wreck = GravState.of(HORATIUS, START, 0, grounded=True, destroyed=True)
    assert resolve_grav_move(wreck, GravMove(accelerate=2, steps="F"), STRIP, HORATIUS).rule == "CEN-CMB-1"
    assert [(e.hex, e.grounded) for e in legal_grav_moves(wreck, HORATIUS, STRIP)] == [(START, True)]
    assert resolve_grav_move(wreck, GravMove(), STRIP, HORATIUS).end_state().grounded


def knock_out(**effects):
    """A stand-in for the record sheet's internals: any damage of the move knocks out these components."""
    from centurion.rules.grav import take_movement_damage as real

    def fake(state, section, points, cause, rule):
        new, event = real(state, section, points, cause, rule)
        return dataclasses.replace(new, **effects), dataclasses.replace(event, components=tuple(effects))

    return fake


def test_driver_knocked_out_during_the_move_fails_later_rolls_on_two_and_cannot_decelerate():
    hit = knock_out(driver_out=True)
    woods = strip_with(r27="h", r24="h")  # v10: heavy woods twice (limit 6: target 3 each)
    state = GravState.of(HORATIUS, START, 0, velocity=10)
    r = resolve_grav_move(state, GravMove(steps="F" * 6, decelerate=4), woods, HORATIUS)
    assert not isinstance(r, Refusal) and [e.check.target for e in r.checks] == [3, 3]
    report = execute_grav_move(r, Dice.scripted([9, 2]), damage=hit)
    assert [roll.target for roll in report.rolls] == [3, 1]  # the second roll now fails on 2+
    assert report.rolls[1].success is False and report.state.driver_out
    assert report.state.velocity == 10 and "no thrust to decelerate" in report.notes[0]


def test_thrust_lost_during_the_move_cuts_the_deceleration():
    hit = knock_out(thrust_quarters_lost=3)  # thrust 6 -> 2
    woods = strip_with(r27="h")
    state = GravState.of(HORATIUS, START, 0, velocity=10)
    r = resolve_grav_move(state, GravMove(steps="F" * 8, decelerate=5, ground=True), woods, HORATIUS)
    report = execute_grav_move(r, Dice.scripted([9]), damage=hit)
    assert report.state.velocity == 0 and report.state.grounded
    assert report.damage[-1].points == 80  # it decelerates 2, not 5: grounds at 8, not 5 (CEN-GRD-1)


def test_vehicle_destroyed_during_the_move_grounds_it_at_once():
    hit = knock_out(destroyed=True)
    woods = strip_with(r27="h")
    r = resolve_grav_move(GravState.of(HORATIUS, START, 0, velocity=10), GravMove(steps="F" * 8), woods, HORATIUS)
    report = execute_grav_move(r, Dice.scripted([9]), damage=hit)
    assert not execute_grav_move(r, Dice.scripted([9])).state.destroyed  # the row-by-row armor has no such box
    assert report.stopped_at == parse_label("0227") and report.damage[-1].cause == "grounding at once at 0227"
    assert report.state.destroyed and report.state.grounded and report.damage[-1].points == 100  # at v10


def test_a_grounded_vehicle_staying_put_keeps_its_crater_state():
    cratered = STRIP.with_counter(START, "crater")
    down = GravState.of(VIPER, START, 0, grounded=True)
    assert not resolve_grav_move(down, GravMove(), cratered, VIPER).in_crater  # it takes it only when told to
    assert resolve_grav_move(down, GravMove(take_crater=True), cratered, VIPER).in_crater
    held = dataclasses.replace(down, in_crater=True)
    assert resolve_grav_move(held, GravMove(), cratered, VIPER).end_state().in_crater
    assert not resolve_grav_move(held, GravMove(take_crater=False), cratered, VIPER).in_crater
    assert resolve_grav_move(down, GravMove(take_crater=True), cratered, VIPER, craters_taken={START: 1}).rule == \
        "CEN-CRT-1"
