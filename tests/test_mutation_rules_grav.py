"""Tests that kill the mutants of centurion/rules/grav.py that survived (issue 22, docs/mutation.md).

Expected values come from RULES.md CEN-GRAV-1..6, CEN-SPD-1..3, CEN-GRD-1..2, CEN-CRT-1, HEX-3/4 and book-a
§2-3, §13 (worked by hand on small sketch maps), not from the code.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from centurion.data import map_from_rows, vehicle_types
from centurion.dice import Dice
from centurion.hexgrid import parse_label
from centurion.rules import Armor, GravMove, GravState, execute_grav_move, resolve_grav_move
from centurion.rules.grav import Refusal, lift_cost, state_refusal, take_movement_damage

V = vehicle_types()
HORATIUS, VIPER = V["horatius"], V["viper"]
STRIP = map_from_rows(["..."] * 30)  # 3 columns x 30 rows of clear hexes
START = parse_label("0228")  # middle column, near the bottom; facing 0 runs up the column
LAKE = map_from_rows(["www"] * 10)


def resolved(state: GravState, move: GravMove, battlemap=STRIP, vehicle=HORATIUS):
    r = resolve_grav_move(state, move, battlemap, vehicle)
    assert not isinstance(r, Refusal), r
    return r


def refused(state: GravState, move: GravMove, battlemap=STRIP, vehicle=HORATIUS) -> Refusal:
    r = resolve_grav_move(state, move, battlemap, vehicle)
    assert isinstance(r, Refusal), r
    assert isinstance(r.reason, str) and r.reason and "XX" not in r.reason
    return r


# --- small pieces -------------------------------------------------------------------------------------------


def test_GRAV6_lift_costs():
    """CEN-GRAV-6: 1 TP from the ground, 2 from a crater or under water, none in the air."""
    assert lift_cost(False) == 0
    assert lift_cost(True) == 1
    assert lift_cost(True, in_crater=True) == 2
    assert lift_cost(True, submerged=True) == 2
    assert lift_cost(False, submerged=True) == 2


def test_SPD1_CMB1_state_fields_are_checked():
    """CEN-SPD-1: damage modifiers are 0 or less; book-a §13: 0..3 thrust quarters lost."""
    with pytest.raises(ValueError, match="CEN-SPD-1"):
        GravState(START, 0, piloting_modifier=1)
    for bad in (-1, 4):
        with pytest.raises(ValueError, match="CEN-CMB-1"):
            GravState(START, 0, thrust_quarters_lost=bad)
    assert GravState(START, 0, thrust_quarters_lost=3, piloting_modifier=0).thrust_quarters_lost == 3
    assert GravState(START, 0, thrust_quarters_lost=0).thrust_quarters_lost == 0


def test_HEX3_a_fresh_state_takes_its_facing_mod_6():
    """HEX-3: facing 7 is facing 1; a fresh vehicle has its full armor and charges."""
    s = GravState.of(VIPER, START, 7, velocity=3)
    assert (s.facing, s.velocity, s.digging_charges) == (1, 3, VIPER.digging_charges)
    assert s.armor == Armor.full(VIPER.armor)


def test_CMB1_vanes_and_driver_limit_turns():
    """book-a §13: a lost vane stops turns that way; a driver out stops every turn."""
    s = GravState(START, 0)
    assert s.may_turn("L") and s.may_turn("R")
    left = replace(s, left_vane_lost=True)
    assert not left.may_turn("L") and left.may_turn("R")
    right = replace(s, right_vane_lost=True)
    assert right.may_turn("L") and not right.may_turn("R")
    driver = replace(s, driver_out=True)
    assert not driver.may_turn("L") and not driver.may_turn("R")


def test_GRD1_GRD2_impossible_starting_states():
    """CEN-GRD-1: grounded means velocity 0; CEN-GRD-2: only a lake hex has a vehicle under water; HEX-4: on map."""
    assert state_refusal(GravState(START, 0), STRIP) is None
    assert state_refusal(GravState(parse_label("0905"), 0), STRIP).rule == "HEX-4"
    assert state_refusal(GravState(START, 0, 3, grounded=True), STRIP).rule == "CEN-GRD-1"
    assert state_refusal(GravState(START, 0, 3, submerged=True), STRIP).rule == "CEN-GRD-1"
    wet = state_refusal(GravState(START, 0, 0, submerged=True), STRIP)
    assert wet.rule == "CEN-GRD-2" and "clear" in wet.reason
    assert state_refusal(GravState(parse_label("0205"), 0, 0, submerged=True), LAKE) is None


def test_GRAV2_moves_read_their_steps_and_describe_themselves():
    """A move is data: steps upper-cased and split into single steps; its description lists the parts in order."""
    m = GravMove(accelerate=2, steps=["ff", "R"], decelerate=3, ground=True, initial_facing=4)
    assert m.steps == ("F", "F", "R")
    assert m.describe() == "face SW, accelerate 2, F F R, decelerate 3, ground"
    assert GravMove().describe() == "no hexes"
    assert GravMove(steps="F").describe() == "F"


def test_refusals_read_rule_then_reason_and_have_no_truth_value():
    """A Refusal reads 'RULE: reason' and cannot be tested for truth (isinstance only)."""
    r = Refusal("CEN-GRAV-2", "all 3 VP are spent", 4)
    assert str(r) == "CEN-GRAV-2: all 3 VP are spent" and r.step == 4
    with pytest.raises(TypeError, match="isinstance.*Refusal"):
        bool(r)


# --- a move's start (CEN-GRAV-1, -4, -6, book-a §13) ---------------------------------------------------------


def test_CMB1_a_destroyed_vehicle_does_not_move_or_decelerate():
    """book-a §13.2: Vehicle Destroyed: it never moves; not even deceleration."""
    s = GravState.of(HORATIUS, START, 0, velocity=3, destroyed=True)
    assert refused(s, GravMove(steps="FFF")).rule == "CEN-CMB-1"
    assert refused(s, GravMove(decelerate=1)).rule == "CEN-CMB-1"
    assert "destroyed" in refused(s, GravMove(decelerate=1)).reason


def test_CMB1_grav_drive_lost_allows_no_move_or_turn():
    """book-a §13.2: with the Grav Drive lost: no movement or facing change."""
    s = GravState.of(HORATIUS, START, 0, grav_drive_lost=True)
    for move in (GravMove(accelerate=1, steps="F"), GravMove(initial_facing=2)):
        r = refused(s, move)
        assert r.rule == "CEN-CMB-1" and "Grav Drive" in r.reason
    assert isinstance(resolve_grav_move(s, GravMove(), STRIP, HORATIUS), Refusal) is False


def test_CMB1_driver_out_no_thrust():
    """book-a §13.2: the driver out: no acceleration or deceleration."""
    s = GravState.of(HORATIUS, START, 0, velocity=2, driver_out=True)
    for move in (GravMove(accelerate=1, steps="FFF"), GravMove(steps="FF", decelerate=1)):
        r = refused(s, move)
        assert r.rule == "CEN-CMB-1" and "driver" in r.reason


def test_GRD2_only_a_submerged_vehicle_moves_under_water():
    """CEN-GRD-2: moving beneath the surface needs a vehicle under water."""
    s = GravState.of(HORATIUS, parse_label("0205"), 0)
    assert refused(s, GravMove(under_water=True), LAKE).rule == "CEN-GRD-2"


@pytest.mark.parametrize("kw, where", [({"grounded": True}, "the ground"), ({"grounded": True, "in_crater": True},
                                                                          "a crater")])
def test_GRAV6_lift_off_needs_its_thrust_first(kw, where):
    """CEN-GRAV-6: the first TP of the acceleration lift the vehicle off; too few is refused, naming where from."""
    s = GravState.of(HORATIUS, START, 0, **kw)
    need = lift_cost(True, kw.get("in_crater", False))
    r = refused(s, GravMove(accelerate=need - 1, steps="F"))
    assert r.rule == "CEN-GRAV-6" and where in r.reason and f"first {need} TP" in r.reason
    ok = resolved(s, GravMove(accelerate=need + 1, steps="F"))
    assert (ok.lift_tp, ok.velocity) == (need, 1)


def test_GRAV6_from_under_water_lift_is_2_or_1_beneath_the_surface():
    """CEN-GRAV-6/CEN-GRD-2: 2 TP to leave the water; 1 to leave the lake bottom and stay under water."""
    s = GravState.of(HORATIUS, parse_label("0205"), 0, submerged=True, grounded=True)
    r = refused(s, GravMove(accelerate=1, steps="F"), LAKE)
    assert r.rule == "CEN-GRAV-6" and "under water" in r.reason
    assert resolved(s, GravMove(accelerate=3, steps="F"), LAKE).lift_tp == 2
    below = resolved(s, GravMove(accelerate=2, steps="F", under_water=True), LAKE)
    assert below.lift_tp == 1 and below.velocity == 1
    r = refused(s, GravMove(accelerate=0, steps="F", under_water=True), LAKE)
    assert "lake bottom" in r.reason


def test_GRAV1_thrust_budget_names_the_lift_and_the_loss():
    """CEN-GRAV-1: acceleration + deceleration <= max thrust (after thrust hits); the lift counts."""
    s = GravState.of(HORATIUS, START, 0, velocity=5)  # Horatius thrust 6
    assert resolved(s, GravMove(accelerate=3, steps="F" * 8, decelerate=3)).thrust_used == 6
    r = refused(s, GravMove(accelerate=4, steps="F" * 9, decelerate=3))
    assert r.rule == "CEN-GRAV-1" and "= 7" in r.reason and "has 6" in r.reason and "lift" not in r.reason
    hurt = replace(s, thrust_quarters_lost=2)  # thrust 6 halved: 3
    r = refused(hurt, GravMove(accelerate=2, steps="F" * 7, decelerate=2))
    assert "has 3" in r.reason and "2/4" in r.reason
    down = GravState.of(HORATIUS, START, 0, grounded=True)
    r = refused(down, GravMove(accelerate=5, steps="F" * 4, decelerate=2))
    assert "of which 1 lift" in r.reason


def test_GRAV1_a_vehicle_that_only_lifts_off_cannot_decelerate():
    """CEN-GRAV-1: with velocity 0 after lifting off there is nothing to decelerate."""
    s = GravState.of(HORATIUS, START, 0, grounded=True)
    assert refused(s, GravMove(accelerate=1, decelerate=1)).rule == "CEN-GRAV-1"


def test_GRAV4_initial_facing_only_from_rest_and_with_something_to_turn_with():
    """CEN-GRAV-4: only from a start at 0 may it face anew in its hex; book-a §13: not with both vanes or the
    driver lost, though keeping its facing is always allowed."""
    moving = GravState.of(HORATIUS, START, 0, velocity=2)
    r = refused(moving, GravMove(initial_facing=3, steps="FF"))
    assert r.rule == "CEN-GRAV-4" and "started at 2" in r.reason
    still = GravState.of(HORATIUS, START, 0)
    assert refused(still, GravMove(initial_facing=9)).rule == "HEX-3"
    both = replace(still, left_vane_lost=True, right_vane_lost=True)
    r = refused(both, GravMove(initial_facing=2))
    assert r.rule == "CEN-CMB-1" and "both vanes" in r.reason
    one = replace(still, left_vane_lost=True)
    assert resolved(one, GravMove(initial_facing=2)).end_facing == 2
    assert resolved(both, GravMove(initial_facing=0)).end_facing == 0
    driver = replace(still, driver_out=True)
    r = refused(driver, GravMove(initial_facing=2))
    assert "driver" in r.reason


# --- movement damage (CEN-SPD-2, CEN-GRD-1) ------------------------------------------------------------------


def test_SPD2_damage_past_the_armor_takes_tsr_or_the_grav_drive_once():
    """docs/decisions.md: past the front armor the TS&R, past the bottom armor the Grav Drive; once each."""
    s = GravState(START, 0, armor=Armor.full({"front": 20, "bottom": 20}))
    s1, ev = take_movement_damage(s, "front", 30, "speed limit", "CEN-SPD-2")
    assert s1.tsr_lost and not s1.grav_drive_lost
    assert (ev.cause, ev.rule, ev.section, ev.points, len(ev.boxes), ev.internal, ev.components) == \
        ("speed limit", "CEN-SPD-2", "front", 30, 20, 10, ("TS&R",))
    _, ev = take_movement_damage(s1, "front", 10, "again", "CEN-SPD-2")
    assert ev.components == ()
    s3, ev = take_movement_damage(s, "bottom", 25, "grounding", "CEN-GRD-1")
    assert s3.grav_drive_lost and not s3.tsr_lost and ev.components == ("Grav Drive",)
    _, ev = take_movement_damage(s3, "bottom", 5, "grounding", "CEN-GRD-1")
    assert ev.components == ()
    s5, ev = take_movement_damage(s, "front", 20, "exact", "CEN-SPD-2")
    assert not s5.tsr_lost and ev.internal == 0 and ev.components == ()
    bare = GravState(START, 0)  # no armor given: 100 front and bottom
    _, ev = take_movement_damage(bare, "front", 30, "x", "CEN-SPD-2")
    assert ev.boxes == tuple(range(30)) and ev.internal == 0
    _, ev = take_movement_damage(bare, "bottom", 100, "x", "CEN-GRD-1")
    assert ev.boxes == tuple(range(100)) and ev.internal == 0 and ev.components == ()


def test_SPD1_p_no_damage_multiplies_the_rolls_and_grounding_is_certain_damage():
    """CEN-SPD-1/CEN-GRD-1: the chance of no damage is the product of the piloting chances; 0 if it grounds moving."""
    woods = map_from_rows(["..."] * 24 + [".h."] * 2 + ["..."] * 4)  # rows 25-26 heavy woods (limit 6, 3 VP)
    s = GravState.of(HORATIUS, START, 0, velocity=8)
    r = resolved(s, GravMove(steps="FFFF"), woods)  # 0227 clear 1 VP, 0226/0225 woods 3+3 (over 2: target 4), 0224
    assert [e.check.target for e in r.checks] == [4, 4]
    assert r.p_no_damage == Fraction(4, 10) ** 2
    grounds = resolved(s, GravMove(steps="FFFF", decelerate=6, ground=True), woods)
    assert grounds.grounding_damage == 20 and grounds.p_no_damage == 0


# --- carrying a move out (CEN-SPD-2, CEN-GRD-1, CEN-OPP-1) -----------------------------------------------------

WIDE = map_from_rows(["......."] * 30)  # 7 x 30 clear
MID = parse_label("0428")
WOODS = map_from_rows(["..."] * 24 + [".h."] * 2 + ["..."] * 4)  # 0226 and 0225 heavy woods (limit 6)


def test_OPP1_stopping_inside_the_move_leaves_it_flying_in_that_hex_with_its_facing():
    """CEN-OPP-1 (decision): shot at inside the move, the vehicle is in the hex it entered, flying at the move's
    velocity, facing as it was after the turns made before that hex."""
    s = GravState.of(HORATIUS, MID, 0, velocity=4)
    r = resolved(s, GravMove(steps="FRFLFF"), WIDE)
    for k, facing in ((1, 0), (2, 1), (3, 0), (4, 0)):
        rep = execute_grav_move(r, Dice.scripted([]), stop_after=k)
        e = r.entries[k - 1]
        assert (rep.state.hex, rep.state.facing, rep.state.velocity) == (e.hex, facing, 4)
        assert (rep.state.grounded, rep.state.in_crater, rep.state.submerged) == (False, False, False)
        assert rep.resolved is r and rep.stopped_at is None and rep.grav_drive_hit is False
        assert rep.rolls == () and rep.damage == ()
    # a new facing chosen before leaving the hex counts too
    rest = GravState.of(HORATIUS, MID, 0)
    r = resolved(rest, GravMove(accelerate=2, steps="FF", initial_facing=3), WIDE)
    rep = execute_grav_move(r, Dice.scripted([]), stop_after=1)
    assert rep.state.facing == 3 and rep.state.hex == r.entries[0].hex
    # stop_after 0: nothing entered yet, the move goes on to its end
    whole = execute_grav_move(r, Dice.scripted([]), stop_after=0)
    assert whole.state.hex == r.end_hex


def test_SPD2_without_armor_on_the_state_100_front_and_bottom_are_assumed():
    """docs/decisions.md: a state without armor counts 100 boxes front and bottom; damage crosses from box 0."""
    s = GravState(parse_label("0228"), 0, velocity=10)  # no armor
    r = resolved(s, GravMove(steps="F" * 6), WOODS)  # 0227 clear, two woods, 3 clear: 1+3+3+1+1+1 VP
    rep = execute_grav_move(r, Dice.scripted([10, 1]))  # first woods hex: over 4, target 3, fails
    front, bottom = rep.damage
    assert (front.section, front.points, front.boxes, front.rule) == ("front", 20, tuple(range(20)), "CEN-SPD-2")
    assert (bottom.section, bottom.points, bottom.boxes) == ("bottom", 20, tuple(range(20)))
    assert rep.rolls[0].rule == "CEN-SPD-1" and rep.rolls[0].target == 3


def test_SPD2_a_grav_drive_hit_grounds_it_at_once_in_that_hex():
    """CEN-SPD-2: damage reaching the Grav Drive grounds it at once, at its velocity, no deceleration, no crater."""
    s = GravState(parse_label("0228"), 0, velocity=10, armor=Armor.full({"front": 20, "bottom": 10}),
                  digging_charges=2)
    r = resolved(s, GravMove(steps="F" * 6, decelerate=3), WOODS)
    rep = execute_grav_move(r, Dice.scripted([10]))
    woods = r.entries[1]
    assert rep.stopped_at == woods.hex and rep.grav_drive_hit is True and rep.resolved is r
    assert (rep.state.hex, rep.state.facing, rep.state.velocity) == (woods.hex, 0, 0)
    assert (rep.state.grounded, rep.state.in_crater, rep.state.submerged) == (True, False, False)
    assert rep.state.digging_charges == 2 and len(rep.rolls) == 1
    grounding = rep.damage[-1]
    assert (grounding.section, grounding.points, grounding.rule) == ("bottom", 100, "CEN-SPD-2")


def test_CMB1_destroyed_in_the_move_grounds_but_is_no_grav_drive_hit():
    """book-a §13.2: Vehicle Destroyed while moving grounds it at once; the Grav Drive is not what was hit."""
    def destroy(state, section, points, cause, rule):
        ev = take_movement_damage(state, section, points, cause, rule)[1]
        return replace(state, destroyed=True), ev

    s = GravState.of(HORATIUS, parse_label("0228"), 0, velocity=10)
    r = resolved(s, GravMove(steps="F" * 6), WOODS)
    rep = execute_grav_move(r, Dice.scripted([10]), damage=destroy)
    assert rep.stopped_at == r.entries[1].hex and rep.grav_drive_hit is False and rep.state.grounded


def hurt(**changes):
    """A movement-damage rule that also applies `changes` (an internal hit) to the state."""
    def rule(state, section, points, cause, rule_id):
        state, ev = take_movement_damage(state, section, points, cause, rule_id)
        return replace(state, **changes), ev
    return rule


def test_OPP1_resuming_checks_the_later_hexes_against_the_damaged_state():
    """CEN-OPP-1/CEN-SPD-3: after a hit inside the move (here the TS&R lost), the later hexes' limits are halved:
    heavy woods 6 -> 3 at velocity 10: over 7, target 5 - 4 = 1."""
    s = GravState.of(HORATIUS, parse_label("0228"), 0, velocity=10)
    r = resolved(s, GravMove(steps="F" * 6), WOODS)
    first = execute_grav_move(r, Dice.scripted([]), stop_after=1)
    assert first.rolls == ()
    rest = execute_grav_move(r, Dice.scripted([1, 1]), resume=(1, replace(first.state, tsr_lost=True)))
    assert [x.target for x in rest.rolls] == [1, 1]
    plain = execute_grav_move(r, Dice.scripted([1, 1]), resume=(1, first.state))
    assert [x.target for x in plain.rolls] == [3, 3]
    later = execute_grav_move(r, Dice.scripted([1]), resume=(2, first.state))  # the first woods hex is behind it
    assert len(later.rolls) == 1


def test_CMB1_driver_knocked_out_in_the_move_neither_decelerates_nor_grounds():
    """book-a §13.2: a driver out during the move leaves no thrust to decelerate and nobody to set it down."""
    s = GravState.of(HORATIUS, parse_label("0228"), 0, velocity=10)
    r = resolved(s, GravMove(steps="F" * 6, decelerate=3, ground=True), WOODS)
    rep = execute_grav_move(r, Dice.scripted([10, 1]), damage=hurt(driver_out=True))
    assert [x.target for x in rep.rolls] == [3, 1]  # after the first hit every roll fails on 2+
    assert (rep.state.velocity, rep.state.grounded) == (10, False)
    assert len(rep.notes) == 2 and all(n.startswith("CEN-CMB-1: ") for n in rep.notes)
    assert "decelerate" in rep.notes[0] and "does not ground" in rep.notes[1]
    # forced to ground (VP left over) it still grounds, at its full velocity
    r = resolved(s, GravMove(steps="F" * 5, decelerate=3), WOODS)  # 9 of 10 VP: forced grounding
    rep = execute_grav_move(r, Dice.scripted([10, 1]), damage=hurt(driver_out=True))
    assert rep.state.grounded and rep.damage[-1].points == 100
    # a driver out from the start changes nothing at the end (the move was checked against it)
    out = replace(s, driver_out=True)
    r = resolved(out, GravMove(steps="F" * 6), WOODS)
    rep = execute_grav_move(r, Dice.scripted([1, 1]))
    assert rep.notes == () and rep.state.velocity == 10


@pytest.mark.parametrize("start_v, acc, decel, room", [(10, 0, 3, 2), (10, 0, 2, 2), (8, 2, 3, 0)])
def test_CMB1_thrust_lost_in_the_move_cuts_the_deceleration(start_v, acc, decel, room):
    """book-a §13: thrust after a Thrust 3/4 hit is 6 x 1/4 = 2 (half up) for a Horatius (thrust 6), counted from
    its undamaged thrust; what the acceleration used is gone, the rest may decelerate."""
    s = GravState.of(HORATIUS, parse_label("0228"), 0, velocity=start_v, thrust_quarters_lost=1)  # thrust 5
    r = resolved(s, GravMove(accelerate=acc, steps="F" * 6, decelerate=decel), WOODS)
    rep = execute_grav_move(r, Dice.scripted([10, 1]), damage=hurt(thrust_quarters_lost=3))
    done = min(decel, room)
    assert rep.state.velocity == 10 - done
    if decel > room:
        (note,) = rep.notes
        assert note.startswith("CEN-CMB-1: ") and f"decelerates {room}, not {decel}" in note
    else:
        assert rep.notes == ()


def test_GRD2_grounding_in_a_lake_at_the_end_is_half_damage_and_under_water():
    """CEN-GRD-1/-2: grounding after the move: 10 a point of velocity to the bottom, half in a lake, under water."""
    lake_end = map_from_rows(["..."] * 25 + [".w."] + ["..."] * 4)  # 0226 is a lake
    s = GravState.of(HORATIUS, parse_label("0228"), 0, velocity=3)
    r = resolved(s, GravMove(steps="FF", decelerate=0, ground=True), lake_end)  # 2 of 3 VP: forced anyway
    rep = execute_grav_move(r, Dice.scripted([]))
    (ev,) = rep.damage
    assert (ev.section, ev.points, ev.rule) == ("bottom", 15, "CEN-GRD-1") and "0226" in ev.cause
    assert (rep.state.hex, rep.state.facing, rep.state.velocity) == (parse_label("0226"), 0, 0)
    assert (rep.state.grounded, rep.state.submerged, rep.state.in_crater) == (True, True, False)


def test_GRAV4_flying_on_the_state_after_the_move_keeps_turns_and_spent_charges():
    """CEN-GRAV-4/CEN-CRT-1: after a move it faces as its last turn left it; a charge fired is gone; flying it holds
    no crater and is not under water."""
    s = GravState.of(HORATIUS, MID, 0, velocity=3)
    r = resolved(s, GravMove(steps="FRFF", dig_at=1), WIDE)
    rep = execute_grav_move(r, Dice.scripted([]))
    assert (rep.state.facing, rep.state.velocity, rep.state.grounded) == (1, 3, False)
    assert rep.state.in_crater is False and rep.state.submerged is False
    assert rep.state.digging_charges == HORATIUS.digging_charges - 1
    assert rep.dig_hex == r.entries[0].hex and rep.damage == ()
    assert rep.resolved is r and rep.stopped_at is None and rep.grav_drive_hit is False
    # grounding where it dug: it takes its own crater; grounding elsewhere: no crater
    r = resolved(s, GravMove(steps="FFF", dig_at=3, decelerate=3, ground=True), WIDE)
    rep = execute_grav_move(r, Dice.scripted([]))
    assert rep.state.grounded and rep.state.in_crater is True and rep.damage == ()
    r = resolved(s, GravMove(steps="FFF", decelerate=2, ground=True), WIDE)
    rep = execute_grav_move(r, Dice.scripted([]))
    assert rep.state.grounded and rep.state.in_crater is False and rep.damage[0].points == 10
    assert rep.state.submerged is False


def test_CRT1_a_charge_counts_only_if_fired_before_the_hex_where_it_grounds_at_once():
    """CEN-CRT-1/CEN-SPD-2: grounding at once on entering a hex: a crater planned for that hex was never dug."""
    s = GravState(parse_label("0228"), 0, velocity=10, armor=Armor.full({"front": 20, "bottom": 10}),
                  digging_charges=2)
    for dig_at, charges, dug in ((2, 2, None), (1, 1, parse_label("0227"))):
        r = resolved(s, GravMove(steps="F" * 6, dig_at=dig_at), WOODS)
        rep = execute_grav_move(r, Dice.scripted([10]))
        assert rep.stopped_at == parse_label("0226")
        assert (rep.state.digging_charges, rep.dig_hex) == (charges, dug)
        assert all(isinstance(ev.cause, str) and "0226" in ev.cause for ev in rep.damage)


def test_SPD2_odd_group_and_stopping_on_a_hex_that_needs_a_roll():
    """CEN-SPD-2: the owner may put the odd group of 10 on the bottom; CEN-OPP-1: stopping after a hex that needs
    a roll rolls for it first."""
    s = GravState.of(HORATIUS, parse_label("0228"), 0, velocity=9)  # over 3 in heavy woods: 30, target 3
    r = resolved(s, GravMove(steps="F" * 5, odd_group_to="bottom", decelerate=0), WOODS)  # 1+3+3+1+1 = 9
    rep = execute_grav_move(r, Dice.scripted([10, 1]))
    assert [(ev.section, ev.points) for ev in rep.damage] == [("front", 10), ("bottom", 20)]
    rep = execute_grav_move(r, Dice.scripted([1]), stop_after=2)
    assert len(rep.rolls) == 1 and rep.state.hex == parse_label("0226")


def test_SPD2_the_state_after_a_move_carries_the_assumed_armor():
    """docs/decisions.md: a vehicle given without armor is read as 100 boxes front and bottom, before and after."""
    s = GravState(MID, 0, velocity=2)
    rep = execute_grav_move(resolved(s, GravMove(steps="FF"), WIDE), Dice.scripted([]))
    assert rep.state.armor == Armor.full({"front": 100, "bottom": 100})


def test_OPP1_stopping_at_the_last_hex_is_before_the_deceleration_and_0_is_not_a_stop():
    """CEN-OPP-1: stopped at its last hex the vehicle still flies at the move's velocity (the deceleration comes at
    the end of the move); stop_after=0 stops nowhere, and the whole move is carried out."""
    s = GravState.of(HORATIUS, MID, 0, velocity=3)
    r = resolved(s, GravMove(steps="FFF", decelerate=2), WIDE)
    last = execute_grav_move(r, Dice.scripted([]), stop_after=3)
    assert (last.state.hex, last.state.velocity) == (r.end_hex, 3)
    whole = execute_grav_move(r, Dice.scripted([]), stop_after=0)
    assert (whole.state.hex, whole.state.velocity) == (r.end_hex, 1)


def test_GRAV6_lifting_off_then_stopped_inside_the_move_it_is_flying():
    """CEN-GRAV-6/CEN-OPP-1: a grounded vehicle that lifted off and is shot at inside its move flies there."""
    s = GravState.of(HORATIUS, MID, 0, grounded=True, in_crater=True)
    r = resolved(s, GravMove(accelerate=4, steps="FF"), WIDE)  # 2 TP lift it out of the crater: velocity 2
    rep = execute_grav_move(r, Dice.scripted([]), stop_after=1)
    assert (rep.state.grounded, rep.state.in_crater, rep.state.submerged, rep.state.velocity) == (False, False,
                                                                                                  False, 2)


def test_SPD2_grounding_at_once_keeps_the_facing_of_the_turns_made():
    """CEN-SPD-2/CEN-GRAV-4: grounded at once in a hex entered after a turn, the vehicle faces as it turned."""
    from centurion.hexgrid import format_label, neighbor

    start = parse_label("0328")
    h1 = neighbor(start, 0)
    h2 = neighbor(h1, 0)
    h3 = neighbor(h2, 1)
    h4 = neighbor(h3, 1)  # heavy woods, entered at velocity 8 facing 1
    rows = [["."] * 9 for _ in range(30)]
    col, row = int(format_label(h4)[:2]), int(format_label(h4)[2:])
    rows[row - 1][col - 1] = "h"
    m = map_from_rows(["".join(r) for r in rows])
    s = GravState(start, 0, velocity=8, armor=Armor.full({"front": 20, "bottom": 5}))  # 10 bottom: past it
    r = resolved(s, GravMove(steps="FFRFFFF"), m)  # 1 + 1 + 1 + 3 + 1 + 1 = 8 VP
    rep = execute_grav_move(r, Dice.scripted([10]))
    assert rep.stopped_at == h4 and rep.state.facing == 1 and rep.state.grounded and rep.state.in_crater is False
