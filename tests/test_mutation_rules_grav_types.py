"""Tests that kill the surviving mutants of centurion/rules/grav_types.py (issue 22, docs/mutation.md). Expected
values from RULES.md (CEN-GRAV-1, CEN-GRAV-4, CEN-SPD-1, CEN-SPD-2: 10 points per point over, the odd group of 10
to the front by default) and book-b (a ground vehicle has no thrust); not from the code."""

from __future__ import annotations

import pytest

from centurion.data import vehicle_types
from centurion.hexgrid import parse_label
from centurion.rules import GravState
from centurion.rules.grav_types import facing_change_interval

V = vehicle_types()


@pytest.mark.parametrize("bad", [2.5, "3", None])
def test_GRAV4_facing_change_interval_of_a_velocity_that_is_not_whole(bad):
    with pytest.raises(ValueError, match="CEN-GRAV-4: velocity is a whole number"):
        facing_change_interval(bad)


def test_SPD2_the_odd_group_goes_to_the_front_by_default():
    """Velocity 4 at a limit of 3: 1 over, 10 points, one group: to the front unless the owner says otherwise."""
    s = GravState(parse_label("0202"), 0, velocity=4)
    c = s.check(4, 3)
    assert (c.over, c.damage, c.front, c.bottom) == (1, 10, 10, 0)
    c = s.check(4, 3, "bottom")
    assert (c.front, c.bottom) == (0, 10)


def test_GRAV1_a_ground_vehicle_has_no_thrust():
    s = GravState(parse_label("0202"), 0)
    assert s.max_thrust(V["heavy_tank"]) == 0
    assert s.max_thrust(V["horatius"]) == 6


def test_T1_a_resolved_move_is_true_a_refusal_has_no_truth_value():
    from centurion.data import map_from_rows
    from centurion.rules import GravMove, resolve_grav_move

    r = resolve_grav_move(GravState(parse_label("0203"), 0, velocity=1), GravMove(steps="F"),
                          map_from_rows(["..."] * 4), V["horatius"])
    assert bool(r) is True
