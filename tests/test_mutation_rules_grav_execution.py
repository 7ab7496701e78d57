"""Tests that kill the surviving mutants of centurion/rules/grav_execution.py (issue 22, docs/mutation.md).

A vehicle that starts in a crater or under water and leaves it: grounded at once on the way (CEN-SPD-2) or
stopped inside its move by opportunity fire (CEN-OPP-1), it is no longer in the crater (CEN-CRT-1: a grav
vehicle has a crater's benefit only when it ends grounded in the crater's hex and elects to) nor under water
(CEN-GRD-2: under water only when grounded in a lake hex). Expected values from RULES.md, not from the code.
"""

from __future__ import annotations

from dataclasses import replace

from centurion.data import map_from_rows, vehicle_types
from centurion.dice import Dice
from centurion.hexgrid import parse_label
from centurion.rules import GravMove, GravState, execute_grav_move, resolve_grav_move
from centurion.rules.grav import Refusal, take_movement_damage

HORATIUS = vehicle_types()["horatius"]  # 6 thrust points (book-b vehicle data)


def resolved(state, move, battlemap):
    r = resolve_grav_move(state, move, battlemap, HORATIUS)
    assert not isinstance(r, Refusal), r
    return r


def drive_hit(state, section, points, cause, rule):
    """Movement damage that also knocks out the Grav Drive (as a hit on its internal boxes would)."""
    s, ev = take_movement_damage(state, section, points, cause, rule)
    return replace(s, grav_drive_lost=True), ev


def test_CRT1_SPD2_leaving_a_crater_and_grounded_at_once_elsewhere_is_not_in_a_crater():
    """Grounded in a crater at 0208, it lifts off (2 TP, CEN-GRAV-6: velocity 4 of 6 TP) into heavy woods at 0207;
    with its TS&R lost the limit there is halved (CEN-SPD-3), it fails the roll, loses the Grav Drive and grounds
    at once in 0207 (CEN-SPD-2): grounded, velocity 0, out of the crater it left."""
    woods = map_from_rows(["..."] * 6 + ["hhh"] + ["..."] * 3)
    start = GravState(parse_label("0208"), 0, velocity=0, grounded=True, in_crater=True, tsr_lost=True)
    r = resolved(start, GravMove(accelerate=6, steps="FF"), woods)
    rep = execute_grav_move(r, Dice.scripted([10]), damage=drive_hit)
    assert rep.stopped_at == parse_label("0207") and rep.grav_drive_hit
    s = rep.state
    assert (s.hex, s.grounded, s.velocity, s.in_crater, s.submerged) == (parse_label("0207"), True, 0, False, False)


def test_GRD2_OPP1_leaving_a_lake_and_stopped_inside_the_move_is_flying_not_under_water():
    """Under water in the lake hex 0108, it lifts off (2 TP) at velocity 4; stopped after its first hex (0107, clear)
    for opportunity fire, it flies there at velocity 4, not under water."""
    lake = map_from_rows(["..."] * 7 + ["w.."] + ["..."] * 2)
    start = GravState(parse_label("0108"), 0, velocity=0, grounded=True, submerged=True)
    r = resolved(start, GravMove(accelerate=6, steps="FFFF"), lake)
    rep = execute_grav_move(r, Dice.scripted([]), stop_after=1)
    s = rep.state
    assert (s.hex, s.grounded, s.velocity, s.submerged, s.in_crater) == (parse_label("0107"), False, 4, False, False)
    assert rep.stopped_at is None
