"""Mutation tests for centurion/rules/grav.py (issue 22, docs/mutation.md): the refusals of `resolve_grav_move`
word for word, for the survivors of the full run made without the slow validation tests (the hypothesis tests of
tests/test_audit_validation.py and tests/test_movement_properties.py are left out of the run for time).

Expected rule IDs and facts from RULES.md (CEN-GV-1: a ground vehicle has no grav move; CEN-GRAV-1: a move is an
acceleration, steps and a deceleration; HEX-4: a unit is on the map; CEN-CMB-1: damage that stops a move).
"""

from __future__ import annotations

import dataclasses

import pytest

from centurion.data import map_from_rows, vehicle_types
from centurion.hexgrid import Hex, from_offset
from centurion.rules import GravMove, GravState, resolve_grav_move
from centurion.rules.grav import Refusal

VIPER = vehicle_types()["viper"]


def refusal(state, move, vehicle=VIPER) -> Refusal:
    """The refusal of a move on a clear 5 x 5 map (fails if the move is accepted)."""
    r = resolve_grav_move(state, move, map_from_rows(["....."] * 5), vehicle)
    assert isinstance(r, Refusal), r
    return r


def test_GV1_a_vehicle_without_grav_thrust_is_refused() -> None:
    """A ground vehicle, or a vehicle marked grav with no thrust, has no grav move (CEN-GV-1)."""
    state = GravState.of(VIPER, from_offset(3, 3), 0, 2)
    for vehicle in (dataclasses.replace(VIPER, kind="ground"), dataclasses.replace(VIPER, max_thrust=None)):
        r = refusal(state, GravMove(0, ("F", "F")), vehicle)
        assert r.rule == "CEN-GV-1"
        assert r.reason == f"the {VIPER.label} is a ground vehicle: it moves with movement points"


def test_GRAV1_what_is_not_a_move_is_refused() -> None:
    """A move is a GravMove (CEN-GRAV-1); anything else is refused with its text."""
    state = GravState.of(VIPER, from_offset(3, 3), 0, 2)
    r = refusal(state, "FF")
    assert r.rule == "CEN-GRAV-1"
    assert r.reason == "a move is a GravMove (acceleration, steps, deceleration), got 'FF'"


def test_HEX4_a_vehicle_off_the_map_is_refused() -> None:
    """A vehicle standing off the map cannot move (HEX-4)."""
    state = dataclasses.replace(GravState.of(VIPER, from_offset(3, 3), 0, 2), hex=Hex(40, 40))
    r = refusal(state, GravMove(0, ("F", "F")))
    assert (r.rule, r.reason) == ("HEX-4", f"the vehicle stands off the map at {Hex(40, 40)!r}")


def test_CMB1_damage_refusals_word_for_word() -> None:
    """The refusals of a destroyed vehicle, of a lost Grav Drive and of a driver out, in the rules' words (CEN-CMB-1);
    under water only when submerged (CEN-GRD-2)."""
    hex_ = from_offset(3, 3)
    r = refusal(GravState.of(VIPER, hex_, 0, 2, destroyed=True), GravMove(0, ("F", "F")))
    assert (r.rule, r.reason) == ("CEN-CMB-1", "the vehicle is destroyed (Vehicle Destroyed): it no longer moves")
    r = refusal(GravState.of(VIPER, hex_, 0, 2, driver_out=True), GravMove(1, ("F", "F", "F")))
    assert r.rule == "CEN-CMB-1" and r.reason.startswith("the driver is out (or the Helm lost): no thrust, so no "
                                                         "acceleration, deceleration or lift-off")
    r = refusal(GravState.of(VIPER, hex_, 0, 2, grav_drive_lost=True), GravMove(0, ("F", "F")))
    assert r.rule == "CEN-CMB-1" and r.reason.startswith("the Grav Drive is destroyed: no movement or facing change "
                                                         "for the rest of ") and r.reason.endswith("the game")
    r = refusal(GravState.of(VIPER, hex_, 0, 2), GravMove(0, ("F", "F"), under_water=True))
    assert (r.rule, r.reason) == ("CEN-GRD-2", "only a vehicle under water can move beneath the surface")


def test_GRAV1_GRAV4_start_refusals_word_for_word() -> None:
    """Decelerating when only lifting off, and a new facing without starting at 0 (CEN-GRAV-1, CEN-GRAV-4)."""
    hex_ = from_offset(3, 3)
    r = refusal(GravState.of(VIPER, hex_, 0, 0, grounded=True), GravMove(1, (), 1))
    assert (r.rule, r.reason) == ("CEN-GRAV-1", "a grounded vehicle that only lifts off has no velocity to decelerate")
    r = refusal(GravState.of(VIPER, hex_, 0, 2), GravMove(0, ("F", "F"), initial_facing=3))
    assert r.rule == "CEN-GRAV-4" and r.reason.startswith("only a vehicle that started the turn at velocity 0 may "
                                                          "face a new direction")


@pytest.mark.parametrize("facing", range(6))
def test_GRAV4_a_new_facing_from_a_standstill_is_the_one_asked(facing) -> None:
    """From velocity 0 the vehicle may take any facing before it moves (CEN-GRAV-4): it ends facing that way."""
    state = GravState.of(VIPER, from_offset(3, 3), 0, 0)
    r = resolve_grav_move(state, GravMove(1, ("F",), 0, False, facing), map_from_rows(["....."] * 5), VIPER)
    assert not isinstance(r, Refusal) and r.end_facing == facing


def test_HEX3_GRAV1_GRAV2_bad_fields_are_refused_word_for_word() -> None:
    """A facing outside 0-5, a velocity not whole, negative or broken thrust, an unknown step, an initial facing
    outside 0-5: refused with the rule and the value found (HEX-3, CEN-GRAV-1, CEN-GRAV-2, CEN-GRD-1)."""
    hex_ = from_offset(3, 3)
    ok = GravState.of(VIPER, hex_, 0, 2)
    r = refusal(dataclasses.replace(ok, facing=6), GravMove(0, ("F", "F")))
    assert (r.rule, r.reason) == ("HEX-3", "a facing is a whole number from 0 to 5; the vehicle's is 6")
    r = refusal(dataclasses.replace(ok, velocity=1.5), GravMove(0, ("F",)))
    assert (r.rule, r.reason) == ("CEN-GRAV-2", "a velocity is a whole number of hexes; the vehicle's is 1.5")
    r = refusal(dataclasses.replace(GravState.of(VIPER, hex_, 0, 0, grounded=True), velocity=2), GravMove())
    assert (r.rule, r.reason) == ("CEN-GRD-1", "a grounded vehicle has velocity 0")
    for field, what in (("accelerate", "acceleration"), ("decelerate", "deceleration")):
        for bad in (-1, 1.5):
            r = refusal(ok, dataclasses.replace(GravMove(0, ("F", "F")), **{field: bad}))
            assert (r.rule, r.reason) == ("CEN-GRAV-1", "acceleration and deceleration are whole thrust points, 0 or "
                                                        f"more; the {what} is {bad!r}")
    r = refusal(ok, GravMove(0, ("F", "X")))
    assert (r.rule, r.reason) == ("CEN-GRAV-2", "unknown step 'X'; steps are F, B, L and R")
    still = GravState.of(VIPER, hex_, 0, 0)
    for bad in (6, -1, 2.5):
        r = refusal(still, GravMove(1, ("F",), 0, False, bad))
        assert (r.rule, r.reason) == ("HEX-3", f"a facing is a whole number from 0 to 5; the initial facing is {bad!r}")


def test_CMB1_turns_refused_by_damage_name_the_cause() -> None:
    """A turn the damage forbids names why: the driver out, or the left or right vane lost (book-a §13, CEN-CMB-1)."""
    hex_ = from_offset(3, 3)
    r = refusal(GravState.of(VIPER, hex_, 0, 2, left_vane_lost=True), GravMove(0, ("F", "L", "F")))
    assert r.reason.startswith("the left vane is lost: no more turns that way") and r.step == 1  # the step refused
    r = refusal(GravState.of(VIPER, hex_, 0, 2, right_vane_lost=True), GravMove(0, ("F", "R", "F")))
    assert r.reason.startswith("the right vane is lost: no more turns that way")
    r = refusal(GravState.of(VIPER, hex_, 0, 2, driver_out=True), GravMove(0, ("F", "R", "F")))
    assert r.reason.startswith("the driver is out (or the Helm lost): the vehicle goes straight on")


def test_GRD2_a_vehicle_that_stays_on_the_lake_bottom_stays_under_water() -> None:
    """Submerged and not moving, the vehicle is still under water at the end of its move (CEN-GRD-2)."""
    m = map_from_rows(["www", "www", "www"])
    state = GravState.of(VIPER, from_offset(2, 2), 0, 0, grounded=True, submerged=True)
    r = resolve_grav_move(state, GravMove(), m, VIPER)
    assert not isinstance(r, Refusal) and r.end_state().submerged and r.end_state().grounded
    assert "CEN-GRD-2: stays under water" in r.notes
    on_land = GravState.of(VIPER, from_offset(2, 2), 0, 0, grounded=True)
    r = resolve_grav_move(on_land, GravMove(), map_from_rows(["...", "...", "..."]), VIPER)
    assert not isinstance(r, Refusal) and not r.end_state().submerged and r.end_state().grounded
    assert "CEN-GRD-2: stays under water" not in r.notes


def _step_map():
    """5 x 5 clear, heavy woods in 0303, a lake in 0301, light woods in 0302."""
    return map_from_rows(["..w..", "..l..", "..h..", ".....", "....."])


@pytest.mark.parametrize("where, facing, velocity, move, rule, step, reason", [
    ((3, 4), 0, -1, GravMove(1, ("R",)), "CEN-GRAV-4", 0,
     "only a vehicle that started the turn at velocity 0 may change facing in its hex; it started at -1"),
    ((3, 5), 0, 6, GravMove(0, ("F", "R")), "CEN-GRAV-4", 1,
     "at velocity 6 the vehicle must travel 2 hexes straight before turning; it has travelled 1"),
    ((3, 5), 0, 3, GravMove(0, ("R",)), "CEN-GRAV-4", 0,
     "at velocity 3 the vehicle must travel 1 hex straight before turning; it has travelled 0"),
    ((3, 5), 0, 3, GravMove(0, ("F", "R", "R")), "CEN-GRAV-4", 2,
     "at velocity 3 the vehicle must travel 1 hex straight before turning; it has travelled 0"),
    ((3, 5), 0, 1, GravMove(0, ("B",)), "CEN-GRAV-5", 0,
     "at velocity 1 the vehicle moves forwards (step F); only a negative velocity moves it backwards"),
    ((3, 5), 0, 0, GravMove(0, ("F",)), "CEN-GRAV-2", 0,
     "at velocity 0 the vehicle spends no VP and cannot leave its hex"),
    ((3, 5), 0, -2, GravMove(0, ("F",)), "CEN-GRAV-5", 0,
     "at velocity -2 the vehicle moves backwards (step B), not forwards"),
    ((3, 5), 0, 2, GravMove(0, ("B",)), "CEN-GRAV-5", 0,
     "at velocity 2 the vehicle moves forwards (step F); only a negative velocity moves it backwards"),
    ((3, 4), 0, 1, GravMove(0, ("F", "F")), "CEN-GRAV-3", 1,
     "the one-hex rule let it enter 0303 as its only hex this turn; it cannot move further"),
    ((3, 5), 0, 1, GravMove(0, ("F", "F")), "CEN-GRAV-2", 1,
     "all 1 VP are spent; the vehicle cannot enter another hex"),
    ((3, 5), 0, 2, GravMove(0, ("F", "F")), "CEN-GRAV-2", 1, "entering 0303 costs 3 VP; only 1 VP is left"),
    ((2, 1), 0, 1, GravMove(0, ("F",)), "HEX-4", 0, "the hex ahead of 0201 is off the map"),
    ((2, 1), 3, -1, GravMove(0, ("B",)), "HEX-4", 0, "the hex behind of 0201 is off the map"),
])
def test_GRAV_step_refusals_word_for_word(where, facing, velocity, move, rule, step, reason) -> None:
    """Each step a rule forbids is refused with its rule, its index in the move and the facts (CEN-GRAV-2..5,
    HEX-4)."""
    state = GravState.of(VIPER, from_offset(*where), facing, velocity)
    r = resolve_grav_move(state, move, _step_map(), VIPER)
    assert isinstance(r, Refusal) and (r.rule, r.step, r.reason) == (rule, step, reason)


def test_GRD2_under_water_only_into_lake_hexes() -> None:
    """Under water the vehicle moves only into lake hexes (CEN-GRD-2)."""
    state = GravState.of(VIPER, from_offset(3, 1), 3, 0, grounded=True, submerged=True)
    r = resolve_grav_move(state, GravMove(2, ("F",), under_water=True), _step_map(), VIPER)
    assert isinstance(r, Refusal) and (r.rule, r.step) == ("CEN-GRD-2", 0)
    assert r.reason == "under water the vehicle can only move into lake hexes; 0302 is light woods"


def test_TER1_terrain_prohibited_by_the_table_is_refused() -> None:
    """A terrain the table prohibits to grav vehicles (no VP cost) is refused where it is entered (CEN-TER-1)."""
    from types import MappingProxyType

    from centurion.data import terrain_table

    base = terrain_table()
    hw = base["heavy_woods"]
    table = dataclasses.replace(base, terrain=MappingProxyType({**base.terrain, "heavy_woods": dataclasses.replace(
        hw, vp={**hw.vp, "grav": None})}))
    state = GravState.of(VIPER, from_offset(3, 5), 0, 3)
    r = resolve_grav_move(state, GravMove(0, ("F", "F", "F")), _step_map(), VIPER, table=table)
    assert isinstance(r, Refusal) and (r.rule, r.step) == ("CEN-TER-1", 1)
    assert r.reason == "heavy woods at 0303 is prohibited to grav vehicles"


def test_CRT1_digging_in_the_start_hex_and_a_long_bad_move_is_cut() -> None:
    """A crater dug before moving is dug in the start hex (CEN-CRT-1); the text of a bad move is cut to 200
    characters in the refusal (CEN-GRAV-1)."""
    m = map_from_rows(["..."] * 3)
    hex_ = from_offset(2, 2)
    for grounded in (True, False):
        state = dataclasses.replace(GravState.of(VIPER, hex_, 0, 0, grounded=grounded), digging_charges=2)
        r = resolve_grav_move(state, GravMove(0, (), 0, True, dig_at=0), m, VIPER)
        assert not isinstance(r, Refusal) and r.dig_hex == hex_
    r = resolve_grav_move(GravState.of(VIPER, hex_, 0, 0), "F" * 300, m, VIPER)
    assert isinstance(r, Refusal) and r.rule == "CEN-GRAV-1" and len(r.reason) == 200


def test_GRD1_GRD2_start_states_refused_word_for_word() -> None:
    """`state_refusal`: a start off the map, a facing outside 0-5, a velocity not whole, grounded with velocity, under
    water outside a lake; None for a sound state (HEX-4, HEX-3, CEN-GRAV-2, CEN-GRD-1, CEN-GRD-2)."""
    from centurion.rules.grav import state_refusal

    m = map_from_rows(["..w", ".l.", "..."])
    ok = GravState.of(VIPER, from_offset(2, 2), 0, 2)
    assert state_refusal(ok, m) is None
    assert state_refusal(GravState.of(VIPER, from_offset(3, 1), 0, 0, grounded=True, submerged=True), m) is None
    cases = [
        (dataclasses.replace(ok, hex=Hex(40, 40)), "HEX-4", f"{Hex(40, 40)!r} is off the map"),
        (dataclasses.replace(ok, hex=(1, 1)), "HEX-4", "(1, 1) is off the map"),
        (dataclasses.replace(ok, facing=6), "HEX-3", "a facing is 0..5, got 6"),
        (dataclasses.replace(ok, facing=-1), "HEX-3", "a facing is 0..5, got -1"),
        (dataclasses.replace(ok, facing=1.0), "HEX-3", "a facing is 0..5, got 1.0"),
        (dataclasses.replace(ok, velocity=1.5), "CEN-GRAV-2", "velocity is a whole number, got 1.5"),
        (dataclasses.replace(ok, grounded=True), "CEN-GRD-1", "a grounded vehicle has velocity 0"),
        (dataclasses.replace(ok, submerged=True), "CEN-GRD-1", "a grounded vehicle has velocity 0"),
        (GravState.of(VIPER, from_offset(2, 2), 0, 0, grounded=True, submerged=True), "CEN-GRD-2",
         "only a vehicle grounded in a lake hex is under water; 0202 is light woods"),
    ]
    for state, rule, reason in cases:
        r = state_refusal(state, m)
        assert isinstance(r, Refusal) and (r.rule, r.reason) == (rule, reason), (state, r)
