"""The engine's `burn=` (VAR-MOVETYPE 'burn', issue 22): velocity burned off by terrain at the end of the move,
after the deceleration and the engine's cuts of it for damage taken on the way (CEN-CMB-1), costing no thrust,
never past 0, before any grounding (CEN-GRD-1).

Expected values from RULES.md: VAR-MOVETYPE (grav terrain cost beyond 1 VP burns velocity off at the end of the
move; docs/decisions.md: never past 0, before any grounding), CEN-GRD-1 (grounding damage 10 x |velocity after
deceleration|), CEN-CMB-1 (a driver out leaves no thrust to decelerate; thrust lost cuts the deceleration), the
Variant Terrain Table's assumed extra cost of heavy woods for grav (2, data/variants.yaml).
The file name puts it in the mutation runs of rules/grav_execution (tools/mutation.py's glob).
"""

from __future__ import annotations

import dataclasses

import pytest

from centurion.data import map_from_rows, vehicle_types
from centurion.dice import Dice
from centurion.hexgrid import parse_label
from centurion.rules import GravState
from centurion.rules.grav import GravMove, Refusal, resolve_grav_move
from centurion.rules.grav_execution import execute_grav_move, take_movement_damage
from centurion.variants import RuleSet, VariantMove, resolve_variant_move

VIPER = vehicle_types()["viper"]  # max thrust 8
LIB = vehicle_types()["liberator"]  # max thrust 6
BURN = RuleSet.from_names(["VAR-MOVETYPE:burn"])


def clear_run(velocity: int, decelerate: int, ground: bool = False):
    """A Viper at `velocity` straight up a column of clear hexes, every VP spent: no piloting roll."""
    m = map_from_rows(["."] * (velocity + 1))
    st = GravState.of(VIPER, parse_label(f"01{velocity + 1:02d}"), 0, velocity)
    r = resolve_grav_move(st, GravMove(0, ("F",) * velocity, decelerate, ground), m, VIPER)
    assert not isinstance(r, Refusal), r
    return r


@pytest.mark.parametrize(("decelerate", "burn", "end"), [(4, 0, 4), (4, 1, 3), (4, 2, 2), (4, 4, 0), (4, 5, 0),
                                                       (7, 1, 0), (7, 2, 0), (8, 2, 0)])
def test_VAR_MOVETYPE_burn_comes_off_the_end_velocity_never_past_zero(decelerate, burn, end):
    # at 8 decelerating 4 (or 7, 8): 4 (1, 0) after the deceleration, then the burn, at most down to 0
    rep = execute_grav_move(clear_run(8, decelerate), Dice.scripted([]), burn=burn)
    assert rep.state.velocity == end and not rep.state.grounded and rep.rolls == ()


@pytest.mark.parametrize(("burn", "end"), [(1, -2), (3, 0), (4, 0)])
def test_VAR_MOVETYPE_burn_of_a_reversing_vehicle_goes_towards_zero(burn, end):
    # a Liberator reversing at -1 'decelerating' 2 ends at -3 (the basic engine); the burn brings it towards 0
    m = map_from_rows([".", ".", "."])
    st = GravState.of(LIB, parse_label("0101"), 0, -1)
    r = resolve_grav_move(st, GravMove(0, ("B",), 2), m, LIB)
    assert not isinstance(r, Refusal), r
    assert r.end_velocity == -3
    assert execute_grav_move(r, Dice.scripted([]), burn=burn).state.velocity == end


def test_VAR_MOVETYPE_a_grounding_takes_the_burned_velocity():
    # at 8 decelerating 4, 2 burned, then grounding: 10 x 2 = 20 to the bottom (CEN-GRD-1)
    rep = execute_grav_move(clear_run(8, 4, ground=True), Dice.scripted([]), burn=2)
    assert rep.state.grounded and rep.state.velocity == 0
    assert [(ev.rule, ev.section, ev.points) for ev in rep.damage] == [("CEN-GRD-1", "bottom", 20)]


def woods_run(decelerate: int, ground: bool = False):
    """A Viper at 8 through one heavy wood (limit 6: a Piloting Skill Roll; VAR-MOVETYPE extra 2 for grav)."""
    m = map_from_rows(["."] * 4 + ["h"] + ["."] * 4)
    st = GravState.of(VIPER, parse_label("0109"), 0, 8)
    r = resolve_variant_move(st, VariantMove(0, "F " * 8, decelerate, ground), m, VIPER, BURN)
    assert not isinstance(r, Refusal), r
    assert r.terrain_surcharge == 2 and len(r.basic.entries) == 8
    return r.basic


def driver_out(state, section, points, cause, rule):
    """The roll's damage also puts the driver out (the Helm lost)."""
    s, ev = take_movement_damage(state, section, points, cause, rule)
    return dataclasses.replace(s, driver_out=True), ev


def half_thrust_lost(state, section, points, cause, rule):
    """The roll's damage also takes a Thrust 1/2 location: the Viper's 8 TP become 4."""
    s, ev = take_movement_damage(state, section, points, cause, rule)
    return dataclasses.replace(s, thrust_quarters_lost=2), ev


@pytest.mark.parametrize("decelerate", [4, 8])
def test_VAR_MOVETYPE_the_burn_stays_when_the_driver_is_put_out_on_the_way(decelerate):
    # the driver out on the way: no deceleration (CEN-CMB-1), but the 2 burned cost no thrust: 8 - 2 = 6, also when
    # the deceleration planned (8) would have brought it to 0 with nothing left to burn
    rep = execute_grav_move(woods_run(decelerate), Dice.scripted([10]), damage=driver_out, burn=2)
    assert rep.state.driver_out and rep.state.velocity == 6
    assert rep.notes == ("CEN-CMB-1: the driver is out: no thrust to decelerate",)


def test_VAR_MOVETYPE_a_driver_put_out_does_not_ground_and_still_burns():
    rep = execute_grav_move(woods_run(4, ground=True), Dice.scripted([10]), damage=driver_out, burn=2)
    assert not rep.state.grounded and rep.state.velocity == 6


@pytest.mark.parametrize(("decelerate", "end"), [(4, 2), (6, 2)])
def test_VAR_MOVETYPE_the_burn_costs_no_thrust_when_thrust_is_lost_on_the_way(decelerate, end):
    # half the thrust lost on the way: 4 TP left, so it decelerates at most 4 (CEN-CMB-1); then the 2 burned:
    # 8 - 4 - 2 = 2
    rep = execute_grav_move(woods_run(decelerate), Dice.scripted([10]), damage=half_thrust_lost, burn=2)
    assert rep.state.thrust_quarters_lost == 2 and rep.state.velocity == end
    assert rep.notes == (() if decelerate == 4 else ("CEN-CMB-1: thrust lost: it decelerates 4, not 6",))


def grav_drive_hit(state, section, points, cause, rule):
    """The roll's damage also destroys the Grav Drive: the vehicle grounds at once (CEN-SPD-2)."""
    s, ev = take_movement_damage(state, section, points, cause, rule)
    return dataclasses.replace(s, grav_drive_lost=True), ev


def test_VAR_MOVETYPE_a_vehicle_grounded_at_once_on_the_way_burns_nothing():
    # grounded at once in the heavy wood at its velocity of that moment, 8, without deceleration (CEN-SPD-2) and
    # without the burn, which comes at the end of the move (docs/decisions.md): 10 x 8 = 80 to the bottom
    rep = execute_grav_move(woods_run(4), Dice.scripted([10]), damage=grav_drive_hit, burn=2)
    assert rep.stopped_at == parse_label("0105") and rep.state.grounded and rep.state.velocity == 0
    assert rep.damage[-1].rule == "CEN-SPD-2" and rep.damage[-1].points == 80


@pytest.mark.parametrize("bad", [-1, True, 1.5, "2", None])
def test_VAR_MOVETYPE_a_burn_that_is_not_a_whole_number_is_refused(bad):
    with pytest.raises(ValueError) as exc:
        execute_grav_move(clear_run(8, 4), Dice.scripted([]), burn=bad)
    assert str(exc.value) == f"VAR-MOVETYPE: the velocity burned off is a whole number, 0 or more; got {bad!r}"
