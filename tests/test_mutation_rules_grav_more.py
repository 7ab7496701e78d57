"""Tests that kill the surviving mutants of resolve_grav_move in centurion/rules/grav.py (issue 22,
docs/mutation.md): the later refusals (VP left, digging, a driver out), forced grounding, craters, the one-hex
note, the owner's choice of the odd damage group. Expected values from RULES.md (CEN-GRAV-2, -3, CEN-SPD-2, -3,
CEN-CRT-1, CEN-GRD-2, CEN-TER-1) and book-a §13.2 (driver out: straight on while it can); not from the code.
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

from centurion.data import map_from_rows, terrain_table, vehicle_types
from centurion.hexgrid import parse_label
from centurion.rules import GravMove, GravState, resolve_grav_move
from centurion.rules.grav import Refusal

V = vehicle_types()
HORATIUS, VIPER = V["horatius"], V["viper"]  # Viper: digging cannon
STRIP = map_from_rows(["..."] * 30)  # 3 columns x 30 rows of clear hexes (1 VP, CEN-TER-1)
WOODS_AT_25 = map_from_rows(["..."] * 24 + ["hhh"] + ["..."] * 5)  # heavy woods (3 VP) in row 25
LAKE_AT_26 = map_from_rows(["..."] * 25 + ["www"] + ["..."] * 4)


def go(state, move, battlemap=STRIP, vehicle=HORATIUS, **kw):
    return resolve_grav_move(state, move, battlemap, vehicle, **kw)


def ok(state, move, battlemap=STRIP, vehicle=HORATIUS, **kw):
    r = go(state, move, battlemap, vehicle, **kw)
    assert not isinstance(r, Refusal), r
    return r


def refused(r, rule, reason=None, start=None):
    assert isinstance(r, Refusal), r
    assert r.rule == rule, r
    if reason is not None:
        assert r.reason == reason, r
    if start is not None:
        assert r.reason.startswith(start), r


def flying(label="0228", v=3, facing=0, **kw):
    return GravState(parse_label(label), facing, velocity=v, **kw)


# --- VP (CEN-GRAV-2, CEN-GRAV-3) ---------------------------------------------------------------------------------


def test_GRAV2_not_enough_VP_left_names_what_is_left():
    """Velocity 3: one clear hex (1 VP) leaves 2, heavy woods cost 3; velocity 2 leaves 1."""
    refused(go(flying("0227", 3), GravMove(steps="FF"), WOODS_AT_25), "CEN-GRAV-2",
            "entering 0225 costs 3 VP; only 2 VP are left")
    refused(go(flying("0227", 2), GravMove(steps="FF"), WOODS_AT_25), "CEN-GRAV-2",
            "entering 0225 costs 3 VP; only 1 VP is left")


def test_GRAV2_each_entry_records_the_VP_left():
    r = ok(flying("0228", 4), GravMove(steps="FFFF"))
    assert [e.vp_left for e in r.entries] == [3, 2, 1, 0]


def test_GRAV2_VP_unspent_at_velocity_1_forces_grounding():
    """Velocity 1 and no hex entered: the 1 VP is not spent, so it grounds at the end of the move."""
    r = ok(flying("0228", 1), GravMove())
    assert r.grounds and r.forced_grounding == "CEN-GRAV-2" and r.vp_unspent == 1


def test_GRAV3_one_hex_rule_note():
    """Velocity 1 into heavy woods (3 VP): the only hex entered, paid by the one-hex rule."""
    r = ok(flying("0226", 1), GravMove(steps="F"), WOODS_AT_25)
    assert r.entries[0].one_hex_rule
    assert r.notes == ("CEN-GRAV-3: the one-hex rule paid for the only hex entered",)


# --- the odd damage group (CEN-SPD-2) ----------------------------------------------------------------------------


def test_SPD2_the_odd_group_goes_where_the_owner_says():
    """TS&R lost: heavy woods' limit 6 halves to 3 (CEN-SPD-3); at velocity 4 that is 1 over: 10 points, one group,
    to the front by default or to the bottom when the owner says so."""
    state = flying("0226", 4, tsr_lost=True)
    front = ok(state, GravMove(steps="FF"), WOODS_AT_25)
    bottom = ok(state, GravMove(steps="FF", odd_group_to="bottom"), WOODS_AT_25)
    assert (front.entries[0].check.front, front.entries[0].check.bottom) == (10, 0)
    assert (bottom.entries[0].check.front, bottom.entries[0].check.bottom) == (0, 10)


# --- digging (CEN-CRT-1) -----------------------------------------------------------------------------------------


def test_CRT1_dig_at_names_a_hex_of_the_move():
    s = flying("0228", 2, digging_charges=2)
    refused(go(s, GravMove(steps="FF", dig_at=3), vehicle=VIPER), "CEN-CRT-1",
            "dig_at 3 names no hex of this move (0..2)")


def test_CRT1_one_charge_left_digs_none_left_refused():
    r = ok(flying("0228", 2, digging_charges=1), GravMove(steps="FF", dig_at=2), vehicle=VIPER)
    assert r.dig_hex == parse_label("0226") and r.end_state().digging_charges == 0
    refused(go(flying("0228", 2, digging_charges=0), GravMove(steps="FF", dig_at=2), vehicle=VIPER), "CEN-CRT-1",
            "the digging cannon has no charges left")


def test_CRT1_no_crater_in_a_lake_hex():
    s = flying("0227", 2, digging_charges=2)
    refused(go(s, GravMove(steps="F", dig_at=1, decelerate=0), LAKE_AT_26, VIPER), "CEN-CRT-1",
            "no crater can be dug in the lake hex 0226")


def test_CRT1_a_hovering_vehicle_grounding_on_a_crater_it_digs_takes_it():
    """At velocity 0 (flying, not moving) it digs in its own hex and grounds there: the crater is free, and a
    vehicle that grounds where a crater is free takes it unless it declines."""
    s = GravState(parse_label("0228"), 0, velocity=0, digging_charges=2)
    r = ok(s, GravMove(ground=True, dig_at=0), vehicle=VIPER)
    assert r.grounds and r.in_crater and r.end_state().in_crater


def test_CRT1_only_a_grounded_vehicle_takes_a_crater():
    """Flying on, or grounding in a lake (no crater there), it cannot take a crater."""
    why = "only a vehicle that ends its move grounded can take a crater"
    refused(go(flying("0228", 2), GravMove(steps="FF", take_crater=True)), "CEN-CRT-1", why)
    refused(go(flying("0228", 2), GravMove(steps="FF", decelerate=2, ground=True, take_crater=True), LAKE_AT_26),
            "CEN-CRT-1", why)


# --- a driver out (book-a §13.2: straight on while it can) --------------------------------------------------------


def test_CMB1_driver_out_cannot_stop_while_it_can_enter_the_hex_ahead():
    """Velocity 3, two clear hexes entered: 1 VP left and the clear hex ahead costs 1, so it must go on."""
    s = flying("0228", 3, driver_out=True)
    refused(go(s, GravMove(steps="FF")), "CEN-CMB-1",
            "the driver is out (or the Helm lost): the vehicle goes straight on; it can still enter 0225")
    assert not isinstance(go(s, GravMove(steps="FFF")), Refusal)


def test_CMB1_driver_out_at_velocity_1_goes_on_forwards():
    """Velocity 1, nothing entered: the hex ahead (0229) is clear; the hex behind is off the map."""
    refused(go(flying("0230", 1, driver_out=True), GravMove()), "CEN-CMB-1",
            start="the driver is out (or the Helm lost): the vehicle goes straight on; it can still enter 0229")


def test_CMB1_driver_out_in_reverse_goes_on_backwards():
    """Velocity -2 in column 01: one hex backwards (0121), 1 VP left, 0122 behind is clear, so it must go on."""
    refused(go(flying("0120", -2, driver_out=True), GravMove(steps="B")), "CEN-CMB-1",
            start="the driver is out (or the Helm lost): the vehicle goes straight on; it can still enter 0122")


def test_CMB1_driver_out_looks_ahead_with_the_terrain_table_given():
    """Heavy woods ahead cost 3 VP by the book's table (1 VP left: it grounds, CEN-GRAV-2), 1 VP by the table
    given (it must go on)."""
    base = terrain_table()
    cheap = dataclasses.replace(base, terrain=MappingProxyType({
        **base.terrain, "heavy_woods": dataclasses.replace(base["heavy_woods"], vp={**base["heavy_woods"].vp,
                                                                                      "grav": 1})}))
    s = flying("0228", 3, driver_out=True)
    r = ok(s, GravMove(steps="FF"), WOODS_AT_25)
    assert r.forced_grounding == "CEN-GRAV-2"
    refused(go(s, GravMove(steps="FF"), WOODS_AT_25, table=cheap), "CEN-CMB-1", start="the driver is out")


def test_CMB1_driver_out_cannot_choose_to_ground():
    refused(go(flying("0228", 2, driver_out=True), GravMove(steps="FF", ground=True)), "CEN-CMB-1",
            "the driver is out (or the Helm lost): the vehicle flies straight on and grounds only when it cannot go "
            "further")


def test_GRAV1_move_start_counts_the_thrust_used():
    """Thrust used = acceleration + deceleration (CEN-GRAV-1); a grounded vehicle lifts with its first TP
    (CEN-GRAV-6): accelerating 4 from the ground gives velocity 3."""
    from centurion.rules.grav import move_start

    s = move_start(flying("0228", 2), GravMove(accelerate=3, decelerate=1), HORATIUS)
    assert (s.moving, s.down, s.lift, s.thrust_max, s.total, s.velocity, s.facing) == (True, False, 0, 6, 4, 5, 0)
    s = move_start(GravState(parse_label("0228"), 2, grounded=True), GravMove(accelerate=4, decelerate=2), HORATIUS)
    assert (s.moving, s.down, s.lift, s.total, s.velocity, s.facing) == (True, True, 1, 6, 3, 2)
